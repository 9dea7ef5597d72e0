#!/usr/bin/env bash
# Runs every importer's libFuzzer target (Fuzz/) for SECONDS each and prints
# executions and findings per target; exits 1 if any target found a crash,
# a hang or an error outside the FILE:LINE form.
#
#   scripts/fuzz.sh [SECONDS]          # make fuzz (60 s each), make fuzz-smoke (5 s each)
#   FUZZ_TARGETS="FuzzEvemu FuzzCSV"   # a subset
#   FUZZ_CONFIG=debug                  # faster to build, ~5× slower to run
#
# Each target starts from its regression corpus (Fuzz/Corpus/TARGET: inputs
# that once crashed, kept so they never do again) and the fixtures of its
# format; what it finds new is kept in .build-fuzz/work/TARGET/corpus between
# runs, findings in .build-fuzz/work/TARGET/findings (copy a crash into
# Fuzz/Corpus/TARGET once fixed).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
config=${FUZZ_CONFIG:-release}
# Every target: the folders of the regression corpus (Fuzz/Package.swift reads the same list).
targets=${FUZZ_TARGETS:-$(ls Fuzz/Corpus)}

# `shared/` sits beside the repository (CI); from a worktree, further up.
shared=$(cd .. && pwd)
while [ "$shared" != / ] && [ ! -d "$shared/shared/fixtures" ]; do shared=$(dirname "$shared"); done
shared="$shared/shared/fixtures"

swift build -c "$config" --package-path Fuzz --scratch-path .build-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library >&2

seeds() {   # the fixtures of a target's format
    local f=Tests/TraceImportTests/Fixtures
    case $1 in
        FuzzJSONL) ls "$shared"/velocity/*.jsonl 2>/dev/null || true ;;
        FuzzCSV) ;;
        FuzzEvemu) ls $f/*.events "$shared"/evemu/*.events "$shared"/evemu/*.desc 2>/dev/null || true ;;
        FuzzLibinput) ls $f/*.yml ;;
        FuzzGetevent) ls $f/getevent-*.txt ;;
        FuzzPointerEvents) ls $f/pointer-events-*.json ;;
        FuzzIOSStudy) ls $f/ios-study-*.json ;;
        FuzzMapped) ;;   # its corpus holds each shipped mapping with its fixture
    esac
}

# Each seed as it is, with Windows line ends, and with classic Mac ones
# (every line number is computed over bytes: issue 37).
variants() {   # SEED DIR
    local name
    name=$(basename "$1")
    cp "$1" "$2/$name"
    sed 's/$/\r/' "$1" > "$2/crlf-$name"
    tr '\n' '\r' < "$1" > "$2/cr-$name"
}

export ASAN_OPTIONS=${ASAN_OPTIONS:-symbolize=0:detect_leaks=0}   # Swift's caches live until exit
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export TMPDIR=$scratch   # where FuzzSupport writes each input

failed=0
total_execs=0
printf '%-18s %10s %8s %8s\n' target executions exec/s findings
for target in $targets; do
    work=.build-fuzz/work/$target
    mkdir -p "$work/corpus" "$work/findings"
    seeds "$target" | while read -r seed; do variants "$seed" "$work/corpus"; done
    log=$work/last-run.log
    touch "$work/findings/.started"
    status=0
    # A per-input -timeout of 10 s turns a hang into a finding; the outer
    # timeout only guards against libFuzzer itself not stopping.
    timeout $((seconds + 120)) ".build-fuzz/$config/$target" -max_total_time="$seconds" -max_len=65536 \
        -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$work/findings/" \
        "$work/corpus" "Fuzz/Corpus/$target" > "$log" 2>&1 || status=$?
    execs=$(awk '/stat::number_of_executed_units/ {print $2}' "$log")
    rate=$(awk '/stat::average_exec_per_sec/ {print $2}' "$log")
    findings=$(find "$work/findings" -type f -newer "$work/findings/.started" 2>/dev/null | wc -l)
    if [ "$status" -ne 0 ] || [ "$findings" -ne 0 ]; then
        failed=1
        findings=$((findings > 0 ? findings : 1))
        echo "$target: exit $status; see $log" >&2
        grep -m 5 -E "ERROR|Fatal error|fatalError|==ABORTING" "$log" >&2 || true
    fi
    printf '%-18s %10s %8s %8s\n' "$target" "${execs:-0}" "${rate:-0}" "$findings"
    total_execs=$((total_execs + ${execs:-0}))
done
echo "total executions: $total_execs (${seconds} s per target, $config build)"
exit $failed
