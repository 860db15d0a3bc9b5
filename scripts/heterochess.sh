#!/usr/bin/env bash
# The main job: set up, build, and run the heterochess tool with the given arguments (default: list variants);
# for `serve`, the browser UI (web/dist) is built first.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
if [ $# -eq 0 ]; then set -- variants; fi
if [ "$1" = serve ]; then scripts/build_web.sh; fi
exec build/src/heterochess "$@"
