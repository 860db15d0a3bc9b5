#!/usr/bin/env bash
# Engine strength benchmarks (not tests; they take minutes):
#   scripts/strength.sh scaling [GAMES]   self-play, T vs 2T per turn, in marseillais, progressive and alice:
#                                         the Elo gained per doubling of time (evidence that the search scales)
#   scripts/strength.sh bench             the bench signature and search speed per id (heterochess bench)
# Time per turn: HC_MOVETIME (ms, default 50). Random openings of 4 turns, each played with both colours.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
B=$PWD/build/src/heterochess
what=${1:-scaling}
games=${2:-40}
t=${HC_MOVETIME:-50}
case "$what" in
  scaling)
    for v in marseillais progressive alice; do
      echo "== $v: ${t} ms vs $((2 * t)) ms per turn, $games games"
      "$B" match --variant "$v" --engine "t=$B uci" --engine "2t=$B uci" --engine-movetime "t=$t" \
        --engine-movetime "2t=$((2 * t))" --games "$games" --random-openings 4 --max-turns 150 | tail -n 1
    done
    ;;
  bench) "$B" bench ;;
  *) echo "usage: scripts/strength.sh scaling [GAMES] | bench" >&2; exit 2 ;;
esac
