#!/usr/bin/env bash
# Configures and builds into build/ (or $HC_BUILD_DIR) with extra CMake arguments passed through.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${HC_BUILD_DIR:-build}
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=${HC_BUILD_TYPE:-Release} "$@" >/dev/null
ninja -C "$dir" >&2
