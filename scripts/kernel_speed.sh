#!/usr/bin/env bash
# The two kernel tiers' speed (issue 11 item 8; a benchmark, not a test):
#   1. every id and showcase composition timed on its own kernel and on the generic kernel, interleaved run by
#      run (bench/perft_bench --generic: perft from the start position, best of 3, Mnps and the ratio generic /
#      fast; an id that only the generic kernel plays shows both columns on it, ratio about 1);
#   2. with HC_BENCH_BASE=DIR (the build directory of an earlier version, e.g. main before issue 11), chess and
#      the 11 ids older than the turn layer timed by that version's perft_bench and by ours, interleaved, best of
#      5, and the ratio now / before (issue 11: within 3%, i.e. >= 0.97). Build that version with the same
#      compiler flags as ours: HC_NATIVE leaves AVX-512 out since issue 11 (CMakeLists.txt), so for a checkout
#      older than that configure it with -DHC_NATIVE=OFF -DCMAKE_CXX_FLAGS='-march=native -mno-avx512f'.
# Usage: [HC_BENCH_BASE=DIR] scripts/kernel_speed.sh [IDS...]   (IDS limit part 1; default every id)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh >/dev/null
BENCH=build/bench/perft_bench

echo "== fast and generic kernel, perft from the start position (best of 3, interleaved)"
"$BENCH" --generic --repeats 3 "$@"

if [ -n "${HC_BENCH_BASE:-}" ]; then
  echo
  echo "== before ($HC_BENCH_BASE) and now, the fast kernels (best of 5, interleaved)"
  mnps() { "$1" --repeats 1 --json "$2" | grep -o '"mnps": [0-9.]*' | awk '{print $2}'; }
  printf '%-24s %10s %10s %8s\n' variant before now ratio
  for id in chess marseillais balanced-marseillais double-move-galvin progressive progressive-italian atomic rifle \
    kamikaze madras alice progressive-kamikaze; do
    best_b=0
    best_n=0
    for r in 1 2 3 4 5; do
      b=$(mnps "$HC_BENCH_BASE/bench/perft_bench" "$id")
      n=$(mnps "$BENCH" "$id")
      (($(echo "$b > $best_b" | bc -l))) && best_b=$b
      (($(echo "$n > $best_n" | bc -l))) && best_n=$n
    done
    printf '%-24s %10.1f %10.1f %8.3f\n' "$id" "$best_b" "$best_n" "$(echo "$best_n / $best_b" | bc -l)"
  done
  echo "(target: every ratio >= 0.97)"
fi
