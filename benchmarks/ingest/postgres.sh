#!/usr/bin/env bash
# Ingest throughput, SQLite file against the PostgreSQL store (libpq; each
# file's sessions inserted, their rows COPYed straight into the tables), the
# same files in the same run:
# the shipped corpus (datasets/, less the playground's), and SYNTH_MB of
# `synth` output. Release build; a PostgreSQL server of its own on 127.0.0.1
# (scripts/with-postgres.sh, fsync on).
# Usage: benchmarks/ingest/postgres.sh [SYNTH_MB]   (default 100)
set -euo pipefail
cd "$(dirname "$0")/../.."
source benchmarks/lib/release-beside-postgres.sh "$@"
MB=${1:-100}
BIN=${BIN:-.build/release/gesturetune}
OUT=.build/bench-pg
rm -rf "$OUT" && mkdir -p "$OUT/synth"

# About 0.66 MB of synth JSON Lines per user at these settings; the size is measured below.
users=$(( MB * 3 / 2 ))
$BIN synth --seed 7 --users "$users" --devices 6 --sessions 8 --users-per-file 10 --out "$OUT/synth" >/dev/null
synth_mb=$(du -sm "$OUT/synth" | cut -f1)
mapfile -t shipped < <(find datasets -name '*.jsonl' -not -path 'datasets/playground/*' | sort)

run() {   # run LABEL DB FILES... -> "seconds samples"
    local label=$1 db=$2; shift 2
    local start end
    start=$(date +%s.%N)
    $BIN ingest --db "$db" --json "$@" >"$OUT/$label.json"
    end=$(date +%s.%N)
    python3 -c "import json,sys; s=json.load(open(sys.argv[1])); print(f'{float(sys.argv[3])-float(sys.argv[2]):.2f} {s[\"touches\"]+s[\"motion\"]}')" \
        "$OUT/$label.json" "$start" "$end"
}
fresh() { local name=$1; psql -X -q -d "$GESTURETUNE_TEST_POSTGRES" -c "CREATE DATABASE $name" >/dev/null
    echo "${GESTURETUNE_TEST_POSTGRES%/*}/$name"; }

# PostgreSQL twice: over plain loopback (as measured before TLS was offered)
# and with sslmode=require (what a team server across a network costs).
for corpus in shipped synth; do
    if [ $corpus = shipped ]; then files=("${shipped[@]}"); else files=("$OUT"/synth/*.jsonl); fi
    size=$(du -cm "${files[@]}" | tail -1 | cut -f1)
    read -r s_sec s_n < <(run "$corpus-sqlite" "$OUT/$corpus.sqlite" "${files[@]}")
    read -r p_sec p_n < <(PGSSLMODE=disable run "$corpus-postgres" "$(fresh "bench_$corpus")" "${files[@]}")
    read -r t_sec t_n < <(PGSSLMODE=require run "$corpus-postgres-tls" "$(fresh "bench_${corpus}_tls")" "${files[@]}")
    python3 -c "
import sys
name, size, files = sys.argv[1], sys.argv[2], sys.argv[3]
s, n, p, m, t, k = float(sys.argv[4]), int(sys.argv[5]), float(sys.argv[6]), int(sys.argv[7]), float(sys.argv[8]), int(sys.argv[9])
assert n == m == k, f'{n} samples into SQLite, {m} and {k} into PostgreSQL'
print(f'{name}: {files} files, {size} MB, {n:,} samples: SQLite {s:.2f} s ({n/s:,.0f}/s), '
      f'PostgreSQL {p:.2f} s ({m/p:,.0f}/s, {s/p:.2f}x SQLite samples/s), '
      f'PostgreSQL sslmode=require {t:.2f} s ({k/t:,.0f}/s, {s/t:.2f}x)')
" "$corpus" "$size" "${#files[@]}" "$s_sec" "$s_n" "$p_sec" "$p_n" "$t_sec" "$t_n"
done
