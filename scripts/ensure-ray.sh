#!/usr/bin/env bash
# Makes sure Python has the pinned Ray of cluster/requirements.txt, which
# `--ray` (the bridge embedded in Sources/Cluster) and the Ray end-to-end
# tests need. Installs it from PyPI when missing (core only, ≈ 200 MB);
# a Debian system Python refuses installs (PEP 668) unless told.
set -euo pipefail
cd "$(dirname "$0")/.."

want=$(sed -n 's/^ray==//p' cluster/requirements.txt)
have=$(python3 -c 'import ray; print(ray.__version__)' 2>/dev/null || true)
[ "$have" = "$want" ] && exit 0

echo "gesturetune: installing ray==$want from PyPI (for --ray and its tests)" >&2
python3 -m pip install --quiet --disable-pip-version-check -r cluster/requirements.txt 2>/dev/null \
    || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages -r cluster/requirements.txt
python3 -c 'import ray' || { echo "gesturetune: ray did not install" >&2; exit 1; }
