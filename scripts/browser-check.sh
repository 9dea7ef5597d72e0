#!/usr/bin/env bash
# make browser-check [REPORT=reports/report.html] [SCREENSHOT=reports/report.png]
#
# Opens a report in headless Chromium with networking disabled, saves
# full-page screenshots at a desktop's width (SCREENSHOT) and a 390 px
# phone's (SCREENSHOT with -phone before .png), and fails if the page logged a
# console error, threw, tried to load anything but itself, or, at 390 or
# 1280 px in light or dark, has anything wider than the screen outside a
# scroller, a before/after/verdict table cell off screen, or chart text under
# 9 px (scripts/browser-check.py does the checking over the DevTools protocol).
#
# Chromium comes from Debian's packages: installed when missing and run as
# root, otherwise this says what to install. Until the demo writes
# reports/report.html, the page checked is the sample report the Reports
# tests render (into .build/report-preview/).
set -euo pipefail
cd "$(dirname "$0")/.."

report="${1:-${REPORT:-reports/report.html}}"
screenshot="${2:-${SCREENSHOT:-reports/report.png}}"
phone_screenshot="${screenshot%.png}-phone.png"

# MARK: - Chromium
. scripts/chromium.sh
ensure_chromium browser-check

# MARK: - A page to open
if [ ! -f "$report" ]; then
    if [ "$report" != "reports/report.html" ]; then
        echo "browser-check: $report: no such file" >&2
        exit 1
    fi
    echo "browser-check: no reports/report.html yet; rendering the sample report" >&2
    preview=".build/report-preview"
    swift build --build-tests >&2
    GESTURETUNE_REPORT_PREVIEW_DIR="$PWD/$preview" swift test --skip-build --filter ReportWriterTests >&2
    report="$preview/report.html"
fi

# MARK: - Check
exec python3 scripts/browser-check.py --self-test --chromium "$chromium" --screenshot "$screenshot" --phone-screenshot "$phone_screenshot" "$report"
