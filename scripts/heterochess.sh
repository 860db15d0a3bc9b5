#!/usr/bin/env bash
# The main job: set up, build, and run the heterochess tool with the given arguments (default: list variants).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
if [ $# -eq 0 ]; then set -- variants; fi
exec build/src/heterochess "$@"
