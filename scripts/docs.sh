#!/usr/bin/env bash
# make docs: every module's DocC catalog built with the package's symbols
# (most of gesturetune says `package`, which the DocC plugin would leave out),
# into .build/docs/MODULE.doccarchive. Any warning fails: a broken link, a
# link to a symbol that no longer exists, an undocumented parameter.
#
# The symbol graphs come from SwiftPM's own extractor over the debug build
# (`make test` has built it already in CI); each catalog is converted with
# its module's graphs only, so a link into another module is written in code
# voice, not as a symbol link DocC could not resolve.
set -euo pipefail
cd "$(dirname "$0")/.."

dump_log=$(mktemp)
if ! swift package dump-symbol-graph --minimum-access-level package >"$dump_log" 2>&1; then
    cat "$dump_log" >&2
    exit 1
fi
rm -f "$dump_log"
graphs=$(find .build -maxdepth 2 -type d -name symbolgraph | head -n 1)
[ -n "$graphs" ] || { echo "docs: no symbol graphs under .build" >&2; exit 1; }

out=.build/docs
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$out"
failed=0
for catalog in Sources/*/*.docc; do
    module=$(basename "$(dirname "$catalog")")
    mkdir -p "$scratch/$module"
    cp "$graphs/$module.symbols.json" "$graphs/$module"@*.symbols.json "$scratch/$module/" 2>/dev/null || true
    log="$scratch/$module.log"
    if docc convert "$catalog" --additional-symbol-graph-dir "$scratch/$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.gesturetune.$module" \
        --output-path "$out/$module.doccarchive" --warnings-as-errors >"$log" 2>&1; then
        echo "docs: $module"
    else
        failed=1
        echo "docs: $module failed:" >&2
        grep -E "^(warning|error)" "$log" | sed "s|^|  $module: |" >&2 || cat "$log" >&2
    fi
done
exit $failed
