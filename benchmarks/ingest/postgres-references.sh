#!/usr/bin/env bash
# The PostgreSQL store's session references, checked per row (schema v1's
# declared foreign keys) against per statement (v2's triggers), the same
# files into fresh databases of one server in one run, alternating, with
# SQLite as the reference. Release build; a PostgreSQL server of its own on
# 127.0.0.1 (scripts/with-postgres.sh, fsync on).
# Usage: benchmarks/ingest/postgres-references.sh [ROUNDS]   (default 2)
set -euo pipefail
cd "$(dirname "$0")/../.."
source benchmarks/lib/release-beside-postgres.sh "$@"
ROUNDS=${1:-2}
BIN=${BIN:-.build/release/gesturetune}
OUT=.build/bench-pg-references
rm -rf "$OUT" && mkdir -p "$OUT"
mapfile -t shipped < <(find datasets -name '*.jsonl' -not -path 'datasets/playground/*' | sort)
first=${shipped[0]}; rest=("${shipped[@]:1}")
server=${GESTURETUNE_TEST_POSTGRES%/*}
seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null; end=$(date +%s.%N); python3 -c "print(f'{$end-$start:.2f}')"; }
for round in $(seq "$ROUNDS"); do
    for kind in sqlite per-row per-statement; do
        if [ $kind = sqlite ]; then
            db="$OUT/r$round.sqlite"; $BIN ingest --db "$db" "$first" >/dev/null
        else
            name="refs_${kind//-/_}_$round"
            psql -X -q -d "$GESTURETUNE_TEST_POSTGRES" -c "CREATE DATABASE $name" >/dev/null
            db="$server/$name"; $BIN ingest --db "$db" "$first" >/dev/null   # the schema, made by the store
            if [ $kind = per-row ]; then   # back to v1's declared foreign keys
                psql -X -q -d "$db" -v ON_ERROR_STOP=1 -c "
                    DROP TRIGGER sessions_keep_their_rows ON sessions;
                    DROP FUNCTION gesturetune_sessions_keep_their_rows() CASCADE;
                    DROP FUNCTION gesturetune_rows_name_stored_sessions() CASCADE;
                    ALTER TABLE strokes ADD FOREIGN KEY (session) REFERENCES sessions(id);
                    ALTER TABLE touch_samples ADD FOREIGN KEY (session) REFERENCES sessions(id);
                    ALTER TABLE motion_samples ADD FOREIGN KEY (session) REFERENCES sessions(id);
                    ALTER TABLE labels ADD FOREIGN KEY (session) REFERENCES sessions(id);" >/dev/null
            fi
        fi
        echo "round $round, $kind: $(seconds $BIN ingest --db "$db" "${rest[@]}") s for ${#rest[@]} files"
    done
done
