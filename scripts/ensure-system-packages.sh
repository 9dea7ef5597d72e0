#!/usr/bin/env bash
# Makes sure the C libraries gesturetune links against are installed:
# GSL (libgsl-dev), SQLite (libsqlite3-dev), PostgreSQL's client library,
# libpq (libpq-dev), and OpenSSL's libcrypto for SHA-256 (libssl-dev, which
# libpq-dev brings anyway). As root on Debian/Ubuntu it
# installs what is missing; otherwise it says what to install and fails.
set -euo pipefail

missing=()
pkg-config --exists gsl 2>/dev/null || missing+=(libgsl-dev)
pkg-config --exists sqlite3 2>/dev/null || missing+=(libsqlite3-dev)
pkg-config --exists libpq 2>/dev/null || missing+=(libpq-dev)
pkg-config --exists libcrypto 2>/dev/null || missing+=(libssl-dev)
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
for extra in "$@"; do   # optional extras, e.g. sqlite3 for the benchmark
    dpkg -s "$extra" >/dev/null 2>&1 || missing+=("$extra")
done

[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "gesturetune: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
else
    echo "gesturetune: missing system packages: ${missing[*]}" >&2
    echo "  install them with: sudo apt-get install -y ${missing[*]}" >&2
    exit 1
fi
