#!/usr/bin/env bash
# Ingest benchmark: `gesturetune ingest` (release) against the sqlite3 CLI's
# `.import` of the same rows into a table shaped like touch_samples, in one run.
# Usage: benchmarks/ingest/run.sh [SAMPLES]   (default 2000000)
set -euo pipefail
cd "$(dirname "$0")/../.."
SAMPLES=${1:-2000000}
OUT=.build/bench
BIN=.build/release/gesturetune
scripts/ensure-system-packages.sh sqlite3 time

swift build -c release --product gesturetune >&2
python3 benchmarks/ingest/generate.py --samples "$SAMPLES" --out "$OUT" >&2
rm -f "$OUT"/*.sqlite "$OUT"/*.sqlite-wal "$OUT"/*.sqlite-shm

measure() {   # measure NAME command...  -> "seconds rss_kib"
    local name=$1; shift
    /usr/bin/time -v "$@" >"$OUT/$name.out" 2>"$OUT/$name.time"
    local wall rss
    wall=$(grep 'Elapsed (wall clock)' "$OUT/$name.time" | awk '{print $NF}')
    rss=$(grep 'Maximum resident set size' "$OUT/$name.time" | awk '{print $NF}')
    python3 -c "import sys; p=sys.argv[1].split(':'); s=float(p[-1])+60*float(p[-2])+(3600*float(p[-3]) if len(p)>2 else 0); print(f'{s:.3f} {sys.argv[2]}')" "$wall" "$rss"
}

# The reference: same columns, types and (no) secondary indexes as touch_samples,
# same journal settings as the store (WAL, synchronous=NORMAL), one transaction.
cat >"$OUT/ref-schema.sql" <<'SQL'
PRAGMA journal_mode=WAL;
PRAGMA synchronous=NORMAL;
CREATE TABLE touch_samples (id INTEGER PRIMARY KEY, session INTEGER NOT NULL, stroke INTEGER NOT NULL,
  t INTEGER NOT NULL, phase INTEGER NOT NULL, x REAL NOT NULL, y REAL NOT NULL, force REAL, radius REAL);
SQL
sqlite3 "$OUT/ref.sqlite" <"$OUT/ref-schema.sql" >/dev/null
# The alternative layout considered: the same table WITHOUT ROWID.
sed 's/radius REAL);/radius REAL) WITHOUT ROWID;/' "$OUT/ref-schema.sql" | sqlite3 "$OUT/ref-norowid.sqlite" >/dev/null

read -r ref_s ref_rss < <(measure sqlite3 sqlite3 "$OUT/ref.sqlite" -cmd "PRAGMA synchronous=NORMAL" \
    ".import --csv --skip 1 $OUT/bench-rows.csv touch_samples")
read -r nr_s nr_rss < <(measure norowid sqlite3 "$OUT/ref-norowid.sqlite" -cmd "PRAGMA synchronous=NORMAL" \
    ".import --csv --skip 1 $OUT/bench-rows.csv touch_samples")
read -r gt_s gt_rss < <(measure jsonl "$BIN" ingest --db "$OUT/gt-jsonl.sqlite" "$OUT/bench.jsonl")
read -r csv_s csv_rss < <(measure csv "$BIN" ingest --db "$OUT/gt-csv.sqlite" "$OUT/bench.csv")

ref_rows=$(sqlite3 "$OUT/ref.sqlite" "SELECT COUNT(*) FROM touch_samples")
gt_rows=$(sqlite3 "$OUT/gt-jsonl.sqlite" "SELECT COUNT(*) FROM touch_samples")
csv_rows=$(sqlite3 "$OUT/gt-csv.sqlite" "SELECT COUNT(*) FROM touch_samples")
[ "$ref_rows" = "$SAMPLES" ] && [ "$gt_rows" = "$SAMPLES" ] && [ "$csv_rows" = "$SAMPLES" ] || {
    echo "row counts differ: sqlite3 $ref_rows, jsonl $gt_rows, csv $csv_rows (expected $SAMPLES)" >&2; exit 1; }

python3 - "$SAMPLES" "$ref_s" "$ref_rss" "$gt_s" "$gt_rss" "$csv_s" "$csv_rss" "$nr_s" "$nr_rss" \
    "$(stat -c %s "$OUT/bench.jsonl")" "$(stat -c %s "$OUT/bench-rows.csv")" <<'PY'
import sys
n, ref_s, ref_rss, gt_s, gt_rss, csv_s, csv_rss, nr_s, nr_rss, jsonl_bytes, rows_bytes = sys.argv[1:]
n = int(n)
ref_s, gt_s, csv_s, nr_s = float(ref_s), float(gt_s), float(csv_s), float(nr_s)
def rate(s): return n / s if s > 0 else 0
print(f"samples: {n:,} (JSONL {int(jsonl_bytes)/1e6:.0f} MB, reference CSV {int(rows_bytes)/1e6:.0f} MB)")
print("| run | seconds | samples/s | ratio vs sqlite3 | peak RSS |")
print("|---|---:|---:|---:|---:|")
print(f"| sqlite3 `.import` (reference) | {ref_s:.2f} | {rate(ref_s):,.0f} | 1.00 | {int(ref_rss)/1024:.1f} MiB |")
print(f"| sqlite3 `.import`, table WITHOUT ROWID | {nr_s:.2f} | {rate(nr_s):,.0f} | {rate(nr_s)/rate(ref_s):.2f} | {int(nr_rss)/1024:.1f} MiB |")
print(f"| `gesturetune ingest` JSONL | {gt_s:.2f} | {rate(gt_s):,.0f} | {rate(gt_s)/rate(ref_s):.2f} | {int(gt_rss)/1024:.1f} MiB |")
print(f"| `gesturetune ingest` CSV | {csv_s:.2f} | {rate(csv_s):,.0f} | {rate(csv_s)/rate(ref_s):.2f} | {int(csv_rss)/1024:.1f} MiB |")
PY
