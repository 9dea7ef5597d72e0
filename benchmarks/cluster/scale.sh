#!/usr/bin/env bash
# The inputs of the million-gesture projection (issue 36, item 6): corpora
# MULTIPLES times the shipped one (`synth --seed 7 --users 40×M`), each
# ingested into a SQLite file and into PostgreSQL (seconds, samples, peak
# memory), then evaluated locally (one core, two threads) and on Ray with
# one and two shards (benchmarks/cluster/fanout.py: seconds per evaluation,
# same answers, peak memory of the coordinator and of each worker), and
# once on Ray with the workers reading PostgreSQL straight (the team path).
# Release build; a PostgreSQL server of its own on 127.0.0.1.
# Usage: benchmarks/cluster/scale.sh [MULTIPLES] [REQUESTS]   (default "10 30", 8)
set -euo pipefail
cd "$(dirname "$0")/../.."
source benchmarks/lib/release-beside-postgres.sh "$@"
MULTIPLES=${1:-10 30}
REQUESTS=${2:-8}
BIN=${BIN:-.build/release/gesturetune}
OUT=${SCALE_DIR:-.build/bench-scale}
export RAY_USAGE_STATS_ENABLED=0
mkdir -p "$OUT"

measure() {   # measure LABEL COMMAND... -> "seconds peak_MB" (the command's --json in $OUT/LABEL.json)
    local label=$1; shift
    /usr/bin/time -f "%e %M" -o "$OUT/$label.time" "$@" >"$OUT/$label.json"
    awk '{printf "%s %.0f\n", $1, $2 / 1024}' "$OUT/$label.time"
}

for m in $MULTIPLES; do
    users=$((40 * m))
    corpus="$OUT/synth$m"
    [ -d "$corpus" ] || $BIN synth --seed 7 --users "$users" --users-per-file 40 --out "$corpus" >/dev/null
    size=$(du -sm "$corpus" | cut -f1)
    rm -f "$OUT/x$m.sqlite"*
    read -r s_sec s_mb < <(measure "ingest-sqlite-$m" $BIN ingest --db "$OUT/x$m.sqlite" --json "$corpus"/*.jsonl)
    psql -X -q -d "$GESTURETUNE_TEST_POSTGRES" -c "DROP DATABASE IF EXISTS scale$m" -c "CREATE DATABASE scale$m"
    pg="${GESTURETUNE_TEST_POSTGRES%/*}/scale$m"
    read -r p_sec p_mb < <(measure "ingest-postgres-$m" $BIN ingest --db "$pg" --json "$corpus"/*.jsonl)
    python3 - "$m" "$size" "$OUT/ingest-sqlite-$m.json" "$s_sec" "$s_mb" "$p_sec" "$p_mb" <<'EOF'
import json, sys
m, size, summary = sys.argv[1], sys.argv[2], json.load(open(sys.argv[3]))
s, s_mb, p, p_mb = float(sys.argv[4]), sys.argv[5], float(sys.argv[6]), sys.argv[7]
n = summary["touches"] + summary["motion"]
print(f"## {m}× the shipped corpus: {size} MB of JSON Lines, {summary.get('labels', '?')} labels, {n:,} samples")
print(f"ingest: SQLite {s:.1f} s ({n / s:,.0f} samples/s, peak {s_mb} MB); "
      f"PostgreSQL {p:.1f} s ({n / p:,.0f} samples/s, peak {p_mb} MB); PostgreSQL/SQLite throughput {s / p:.2f}")
EOF
    python3 benchmarks/cluster/fanout.py --gesturetune "$BIN" --db "$OUT/x$m.sqlite" --requests "$REQUESTS" --shards 1,2
    # The team path: two shards whose workers read their sessions from PostgreSQL.
    python3 benchmarks/cluster/fanout.py --gesturetune "$BIN" --db "$pg" --requests "$REQUESTS" --shards 2 |
        sed -n '/Ray, 2 shards/s/^| Ray, 2 shards/| Ray, 2 shards reading PostgreSQL/p'
done
