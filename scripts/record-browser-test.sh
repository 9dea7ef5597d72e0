#!/usr/bin/env bash
# make record-browser-test [SCREENSHOT=reports/record-page.png]
#
# Runs a whole short study against `gesturetune record` on loopback in
# headless Chromium with emulated touches (scripts/record-browser-test.py):
# taps, a double tap, a long press, swipes and scrolls, a network drop and a
# reload mid-study; then checks the store with stats and simulate.
#
# Chromium comes from Debian's packages and Playwright from PyPI, driving
# that system browser (no browser download): both are installed when
# missing and run as root, otherwise this says what to install.
set -euo pipefail
cd "$(dirname "$0")/.."

screenshot="${1:-${SCREENSHOT:-reports/record-page.png}}"

# MARK: - Chromium
. scripts/chromium.sh
ensure_chromium record-browser-test

# MARK: - Playwright (the Python package only; it drives the system Chromium)
if ! python3 -c 'import playwright.sync_api' >/dev/null 2>&1; then
    echo "record-browser-test: installing playwright from PyPI" >&2
    # A Debian system Python refuses user installs (PEP 668) unless told.
    python3 -m pip install --quiet --disable-pip-version-check playwright 2>/dev/null \
        || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages playwright
fi

# MARK: - The binary under test
swift build --product gesturetune >&2
exec python3 scripts/record-browser-test.py --chromium "$chromium" --gesturetune .build/debug/gesturetune \
    --screenshot "$screenshot"
