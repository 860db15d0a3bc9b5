#!/usr/bin/env bash
# The checked build, into build-checked/ (or $HC_CHECKED_DIR): clang, -O2 with debug information and assertions
# on (Position::is_consistent() after every make and undo), AddressSanitizer + UndefinedBehaviorSanitizer, and
# the edge counters libFuzzer needs for coverage, so that one build serves both the checked test run
# (HC_CHECKED=1 scripts/test.sh) and the fuzz targets (scripts/fuzz.sh). The counters only (not libFuzzer's
# comparison tracing, -fsanitize=fuzzer-no-link): with it the search tests ran about three times slower; the fuzz
# targets' dictionaries (tests/fuzz/*.dict) give the tokens comparison tracing would find.
#   scripts/build_checked.sh [NINJA TARGETS...]     (default: everything)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${HC_CHECKED_DIR:-build-checked}
flags="-fsanitize=address,undefined -fsanitize-coverage=inline-8bit-counters,pc-table -fno-sanitize-recover=all"
flags+=" -fno-omit-frame-pointer"
mkdir -p "$dir"
if ! cmake -S . -B "$dir" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
      -DCMAKE_CXX_FLAGS_DEBUG="-O2 -g" -DCMAKE_CXX_FLAGS="$flags" \
      -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" -DHC_FUZZ=ON -DHC_NATIVE=ON \
      >"$dir/configure.log" 2>&1; then
  tail -n 30 "$dir/configure.log" >&2
  exit 1
fi
ninja -C "$dir" "$@" >&2
