#!/usr/bin/env bash
# The full reference comparisons (issue 10's acceptance counts), too long for CI's sample in scripts/test.sh:
#   * every id and showcase composition against the reference generator on 10,000 random reachable positions
#     (legal moves, outcomes, and the FEN after every move of every fifth position);
#   * the turn-level comparison (complete turns of up to four moves) on 25 positions per id;
#   * with --perft, every row of every perft file recounted by the reference (scripts/perft_files.sh --confirm).
# Prints one line per id; takes about an hour on a 2-core machine. Extra arguments go to the test binary
# (e.g. --gtest_filter='*fibonacci*').
set -euo pipefail
cd "$(dirname "$0")/.."
perft=0
if [ "${1:-}" = --perft ]; then perft=1; shift; fi
dir=${HC_BUILD_DIR:-build}
HC_BUILD_DIR=$dir scripts/build.sh >/dev/null
HC_REFERENCE_POSITIONS=${HC_REFERENCE_POSITIONS:-10000} HC_TURN_POSITIONS=${HC_TURN_POSITIONS:-25} \
  HC_TURN_CAP=${HC_TURN_CAP:-3000} "$dir/tests/reference_compare_test" "$@" | grep -E 'agree|FAILED|Failure|Which is|^  '
if [ "$perft" = 1 ]; then HC_BUILD_DIR=$dir scripts/perft_files.sh --confirm; fi
