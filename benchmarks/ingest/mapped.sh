#!/usr/bin/env bash
# Mapped-importer benchmark: `gesturetune ingest --mapping` of a study-layout
# log against `gesturetune ingest` of the same rows as canonical CSV, in one
# run, alternating, best of REPEATS.
# Usage: benchmarks/ingest/mapped.sh [SAMPLES] [REPEATS]   (default 2000000 3)
set -euo pipefail
cd "$(dirname "$0")/../.."
SAMPLES=${1:-2000000}
REPEATS=${2:-3}
OUT=.build/bench
BIN=.build/release/gesturetune

swift build -c release --product gesturetune >&2
python3 benchmarks/ingest/generate.py --samples "$SAMPLES" --out "$OUT" >&2
python3 benchmarks/ingest/mapped.py --out "$OUT" >&2

seconds() {   # seconds NAME command...
    rm -f "$OUT/$1.sqlite" "$OUT/$1.sqlite-wal" "$OUT/$1.sqlite-shm"
    local start end
    start=$(date +%s.%N)
    "${@:2}" >/dev/null
    end=$(date +%s.%N)
    python3 -c "print(f'{$end - $start:.3f}')"
}
csv=() mapped=()
for _ in $(seq "$REPEATS"); do
    csv+=("$(seconds csv "$BIN" ingest --db "$OUT/csv.sqlite" "$OUT/bench.csv")")
    mapped+=("$(seconds mapped "$BIN" ingest --db "$OUT/mapped.sqlite" --mapping "$OUT/bench-mapping.yaml" "$OUT/bench-mapped.txt")")
done
csv_rows=$(sqlite3 "$OUT/csv.sqlite" "SELECT COUNT(*) FROM touch_samples")
mapped_rows=$(sqlite3 "$OUT/mapped.sqlite" "SELECT COUNT(*) FROM touch_samples")
[ "$csv_rows" = "$SAMPLES" ] && [ "$mapped_rows" = "$SAMPLES" ] || {
    echo "row counts differ: csv $csv_rows, mapped $mapped_rows (expected $SAMPLES)" >&2; exit 1; }
labels=$(sqlite3 "$OUT/mapped.sqlite" "SELECT COUNT(*) FROM labels")
python3 - "$SAMPLES" "$labels" "${csv[*]}" "${mapped[*]}" <<'PY'
import sys
n, labels = int(sys.argv[1]), int(sys.argv[2])
csv = sorted(map(float, sys.argv[3].split())); mapped = sorted(map(float, sys.argv[4].split()))
print(f"samples: {n:,}; the mapped log stores one label per stroke ({labels:,}), the CSV one per session")
print("| run | best s | all runs s | samples/s (best) | ratio vs CSV |")
print("|---|---:|---:|---:|---:|")
print(f"| `gesturetune ingest` canonical CSV (reference) | {csv[0]:.2f} | {' '.join(f'{s:.2f}' for s in csv)} | {n/csv[0]:,.0f} | 1.00 |")
print(f"| `gesturetune ingest --mapping` study layout | {mapped[0]:.2f} | {' '.join(f'{s:.2f}' for s in mapped)} | {n/mapped[0]:,.0f} | **{mapped[0]/csv[0]:.2f}** |")
PY
