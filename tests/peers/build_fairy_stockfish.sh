#!/usr/bin/env bash
# Builds Fairy-Stockfish from its public source (github.com/fairy-stockfish/Fairy-Stockfish), for the strength
# benchmarks that play it (scripts/strength.sh atomic). Not part of CI. Prints the path of the binary.
#
#   tests/peers/build_fairy_stockfish.sh [SOURCE]
#
# SOURCE: a git directory or a clone of the repository (default $HC_FAIRY_SRC, else a shallow clone of master
# from GitHub). The newest commit of its default branch is built into build-peers/fairy-stockfish/<commit>/
# (once; ARCH=x86-64-modern, or $HC_FAIRY_ARCH), with `make build` and the default board size. No network file
# is downloaded: the benchmarks play it with its classical evaluation ("Use NNUE" false).
set -euo pipefail
cd "$(dirname "$0")/../.."
src=${1:-${HC_FAIRY_SRC:-}}
root=$PWD/build-peers/fairy-stockfish
mkdir -p "$root"
if [ -z "$src" ]; then
  src=$root/clone
  [ -d "$src/.git" ] || git clone --depth 1 https://github.com/fairy-stockfish/Fairy-Stockfish.git "$src" >&2
fi
commit=$(git --git-dir="$(git -C "$src" rev-parse --absolute-git-dir 2>/dev/null || echo "$src")" rev-parse HEAD)
dir=$root/$commit
if [ ! -x "$dir/src/stockfish" ]; then
  rm -rf "$dir"
  mkdir -p "$dir"
  git --git-dir="$(git -C "$src" rev-parse --absolute-git-dir 2>/dev/null || echo "$src")" archive "$commit" |
    tar -x -C "$dir"
  make -C "$dir/src" -j"${HC_JOBS:-2}" build ARCH="${HC_FAIRY_ARCH:-x86-64-modern}" >&2
fi
echo "$dir/src/stockfish"
