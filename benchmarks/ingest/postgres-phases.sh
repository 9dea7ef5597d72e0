#!/usr/bin/env bash
# Where PostgreSQL ingest time goes: the shipped corpus (datasets/, less the
# playground's) ingested into a fresh PostgreSQL store with every statement's
# server time logged (log_min_duration_statement = 0), summed by phase by
# benchmarks/ingest/postgres_phases.py; beside it, in the same run, the same
# ingest with logging off and into a SQLite file (the reference). Release
# build; a PostgreSQL server of its own on 127.0.0.1 (scripts/with-postgres.sh,
# fsync on).
# Usage: benchmarks/ingest/postgres-phases.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
source benchmarks/lib/release-beside-postgres.sh "$@"
BIN=${BIN:-.build/release/gesturetune}
OUT=.build/bench-pg-phases
rm -rf "$OUT" && mkdir -p "$OUT"
mapfile -t shipped < <(find datasets -name '*.jsonl' -not -path 'datasets/playground/*' | sort)

fresh() { psql -X -q -d "$GESTURETUNE_TEST_POSTGRES" -c "CREATE DATABASE $1" >/dev/null
    echo "${GESTURETUNE_TEST_POSTGRES%/*}/$1"; }
timed() {   # timed LABEL DB -> seconds of `ingest --json` of the shipped corpus
    local start end
    start=$(date +%s.%N)
    $BIN ingest --db "$2" --json "${shipped[@]}" >"$OUT/$1.json"
    end=$(date +%s.%N)
    python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.3f}')" "$start" "$end"
}
setting() { psql -X -q -d "$GESTURETUNE_TEST_POSTGRES" -c "ALTER SYSTEM SET log_min_duration_statement = $1" \
    -c "SELECT pg_reload_conf()" >/dev/null; }

sqlite=$(timed sqlite "$OUT/shipped.sqlite")
quiet=$(timed quiet "$(fresh bench_quiet)")
logged_db=$(fresh bench_logged)
setting 0
from=$(wc -l <"$GESTURETUNE_TEST_POSTGRES_LOG")
logged=$(timed logged "$logged_db")
setting -1
tail -n +"$((from + 1))" "$GESTURETUNE_TEST_POSTGRES_LOG" >"$OUT/statements.log"
python3 benchmarks/ingest/postgres_phases.py --log "$OUT/statements.log" --summary "$OUT/logged.json" \
    --sqlite "$sqlite" --quiet "$quiet" --logged "$logged"
