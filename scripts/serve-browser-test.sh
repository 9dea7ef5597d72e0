#!/usr/bin/env bash
# make serve-browser-test
#
# Opens `gesturetune serve` on loopback in headless Chromium
# (scripts/serve-browser-test.py) over a fresh store with two runs: the run
# list, a comparison, the misfire explorer with a filter, and a session's
# timeline scrubbed with the slider and the keyboard, at 390 px (light and
# dark, and with reduced motion) and at 1280 px; fails on a console error,
# a request outside the server, anything wider than the screen outside a
# scroller, or a store that changed. Screenshots in reports/serve-*.png.
#
# Chromium comes from Debian's packages and Playwright from PyPI, driving
# that system browser (no browser download), as for record-browser-test.
set -euo pipefail
cd "$(dirname "$0")/.."

# MARK: - Chromium
. scripts/chromium.sh
ensure_chromium serve-browser-test

# MARK: - Playwright (the Python package only; it drives the system Chromium)
if ! python3 -c 'import playwright.sync_api' >/dev/null 2>&1; then
    echo "serve-browser-test: installing playwright from PyPI" >&2
    python3 -m pip install --quiet --disable-pip-version-check playwright 2>/dev/null \
        || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages playwright
fi

# MARK: - The binary under test
swift build --product gesturetune >&2
exec python3 scripts/serve-browser-test.py --chromium "$chromium" --gesturetune .build/debug/gesturetune \
    --screenshots reports
