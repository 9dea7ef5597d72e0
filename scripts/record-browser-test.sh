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
find_chromium() {
    for name in chromium chromium-browser google-chrome google-chrome-stable; do
        if command -v "$name" >/dev/null 2>&1; then command -v "$name"; return 0; fi
    done
    return 1
}
if ! chromium="$(find_chromium)"; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "record-browser-test: installing chromium" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq chromium >/dev/null
        chromium="$(find_chromium)"
    else
        echo "record-browser-test: Chromium is missing; install it with: sudo apt-get install -y chromium" >&2
        exit 1
    fi
fi
command -v python3 >/dev/null 2>&1 || { echo "record-browser-test: python3 is missing (sudo apt-get install -y python3)" >&2; exit 1; }

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
