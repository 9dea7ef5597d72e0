#!/usr/bin/env bash
# Page times of `gesturetune serve` over a store: the run list, a run's
# report, a comparison, the misfire explorer (and a filtered page) and a
# session's timeline, each fetched three times (the first visit of a
# comparison works it out; later ones read it back). The store needs two
# optimize runs; with --make it synthesizes the 10× corpus
# (`synth --seed 7 --users 400`), ingests it and runs optimize twice.
# Usage: benchmarks/serve/pages.sh STORE [--make]   (release build)
set -euo pipefail
cd "$(dirname "$0")/../.."
STORE=$1
BIN=${BIN:-.build/release/gesturetune}
if [ "${2:-}" = --make ]; then
    dir=$(mktemp -d)
    $BIN synth --seed 7 --users 400 --users-per-file 40 --out "$dir/corpus" >/dev/null
    $BIN ingest --db "$STORE" "$dir"/corpus/*.jsonl >/dev/null
    for seed in 1 2; do
        $BIN optimize --db "$STORE" --seed $seed --max-evals 20 --no-pareto --sensitivity-points 0 --out "$dir/r$seed" >/dev/null
    done
    rm -rf "$dir"
fi
out=$(mktemp)
start=$(date +%s.%N)
$BIN serve --db "$STORE" --port 0 >"$out" 2>/dev/null &
server=$!
trap 'kill $server 2>/dev/null; rm -f "$out"' EXIT
until [ -s "$out" ]; do sleep 0.05; done
base=$(head -1 "$out")
base=${base%/}
until curl -sf "$base/" >/dev/null; do sleep 0.05; done
echo "serve: listening after $(python3 -c "print(f'{$(date +%s.%N)-$start:.2f}')") s ($base)"
runs=$(curl -sf "$base/api/runs" | python3 -c 'import json,sys; print(" ".join(str(r["id"]) for r in json.load(sys.stdin)))')
set -- $runs
a=$1; b=${2:-$1}
echo "| page | visit 1 | visit 2 | visit 3 |"
echo "|---|---:|---:|---:|"
visit() {   # visit PATH: three fetches, as a table row
    local times=()
    for n in 1 2 3; do times+=("$(curl -s -o /dev/null -w '%{time_total}' "$base$1")"); done
    echo "| \`$1\` | ${times[0]} s | ${times[1]} s | ${times[2]} s |"
}
# In the order a person clicks: each page's first visit is its first.
for path in "/" "/api/runs" "/runs/$a" "/compare/$b/$a" "/runs/$a/misfires" "/runs/$a/misfires?intent=scroll"; do
    visit "$path"
done
session=$(curl -sf "$base/runs/$a/misfires" | grep -o 'href="/sessions/[^"?]*' | head -1 | sed 's|href="/sessions/||')
visit "/sessions/$session?run=$a"
