#!/usr/bin/env bash
# Sourced by the browser scripts: `ensure_chromium NAME` sets $chromium to
# Debian's Chromium (or another Chromium/Chrome on PATH), installing the
# `chromium` package when it is missing and we are root with apt-get;
# otherwise it says what to install (prefixed with NAME) and exits 1. Also
# checks for python3, which drives the browser.

find_chromium() {
    for name in chromium chromium-browser google-chrome google-chrome-stable; do
        if command -v "$name" >/dev/null 2>&1; then command -v "$name"; return 0; fi
    done
    return 1
}

ensure_chromium() {
    local who="$1"
    if ! chromium="$(find_chromium)"; then
        if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
            echo "$who: installing chromium" >&2
            export DEBIAN_FRONTEND=noninteractive
            apt-get update -qq
            apt-get install -y -qq chromium >/dev/null
            chromium="$(find_chromium)"
        else
            echo "$who: Chromium is missing; install it with: sudo apt-get install -y chromium" >&2
            exit 1
        fi
    fi
    command -v python3 >/dev/null 2>&1 || { echo "$who: python3 is missing (sudo apt-get install -y python3)" >&2; exit 1; }
}
