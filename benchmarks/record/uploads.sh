#!/usr/bin/env bash
# Uploads through `record` servers: three on one PostgreSQL store against
# one on a SQLite file, the same uploads in the same run
# (benchmarks/record/uploads.py says what is sent and checked). Release
# build; a PostgreSQL server of its own on 127.0.0.1 (scripts/with-postgres.sh,
# fsync on).
# Usage: benchmarks/record/uploads.sh [UPLOADS.PY OPTIONS…]   (default: 300 uploads, 20 sent twice)
set -euo pipefail
cd "$(dirname "$0")/../.."
source benchmarks/lib/release-beside-postgres.sh "$@"
BIN=${BIN:-.build/release/gesturetune}
OUT=.build/bench-record
rm -rf "$OUT" && mkdir -p "$OUT"
psql -X -q -d "$GESTURETUNE_TEST_POSTGRES" -c "CREATE DATABASE bench_uploads" >/dev/null
exec python3 benchmarks/record/uploads.py --gesturetune "$BIN" \
    --postgres "${GESTURETUNE_TEST_POSTGRES%/*}/bench_uploads" --sqlite "$OUT/uploads.sqlite" "$@"
