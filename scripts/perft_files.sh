#!/usr/bin/env bash
# The per-id perft files (tests/data/perft/<id>.tsv; checked by perft_files_test against the fast generator):
#   scripts/perft_files.sh --write ID [--budget NODES] [--seed N] [--positions N] [--line MOVES]... [--fen FEN]...
#       counts a file with the fast generator (the start position and middlegames; tests/perft_files_tool.cpp)
#   scripts/perft_files.sh --confirm [--budget NODES] [ID...]
#       recounts every row of every file (or of the given ids) with the reference generator, with per-file
#       timing; exits 1 on a mismatch. The whole confirmation takes minutes, so it is not part of ctest: run it
#       after adding an id or changing the rules.
# Builds the tool into build/ (or $HC_BUILD_DIR) first; a configured build directory keeps its settings.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${HC_BUILD_DIR:-build}
if [ ! -f "$dir/build.ninja" ]; then
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=${HC_BUILD_TYPE:-Release} >/dev/null
fi
ninja -C "$dir" perft_files_tool >&2
exec "$dir/tests/perft_files_tool" "$@"
