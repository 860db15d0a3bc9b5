#!/usr/bin/env bash
# The whole test suite: set up, build, run every test (ctest). HC_SANITIZE=1 builds with ASan+UBSan into
# build-asan/ and runs the same tests with smaller perft budgets. HC_DEBUG=1 builds a Debug build (assertions on,
# -O1) into build-debug/, where Position::is_consistent() is asserted after every make and undo, and runs the
# same tests with the sanitizer run's smaller perft and reference budgets. The reference comparisons run on
# samples sized so the whole of .ci/run fits its time; scripts/reference_full.sh runs the full counts.
set -euo pipefail
cd "$(dirname "$0")/.."
skip=()
scripts/setup.sh
if [ "${HC_SANITIZE:-0}" = 1 ]; then
  export HC_BUILD_DIR=build-asan HC_BUILD_TYPE=RelWithDebInfo
  scripts/build.sh -DHC_SANITIZE=ON -DHC_NATIVE=ON
  export HC_PERFT_MAX_DEPTH=${HC_PERFT_MAX_DEPTH:-3} HC_PERFT_BUDGET=${HC_PERFT_BUDGET:-2000000}
  export HC_RANDOM_POSITIONS=${HC_RANDOM_POSITIONS:-300} HC_REFERENCE_POSITIONS=${HC_REFERENCE_POSITIONS:-80}
  export HC_TURN_POSITIONS=${HC_TURN_POSITIONS:-2} HC_TURN_CAP=${HC_TURN_CAP:-300}
  export HC_TURN_PROBE_POSITIONS=${HC_TURN_PROBE_POSITIONS:-12}
  skip=(-E '^(bench_signature|tactics_reference)$')
elif [ "${HC_DEBUG:-0}" = 1 ]; then
  export HC_BUILD_DIR=build-debug HC_BUILD_TYPE=Debug
  scripts/build.sh -DCMAKE_CXX_FLAGS_DEBUG=-O1 -DHC_NATIVE=ON
  # The sanitizer run's perft and reference budgets; all 2000 random positions of the invariant test (they are
  # cheap).
  export HC_PERFT_MAX_DEPTH=${HC_PERFT_MAX_DEPTH:-3} HC_PERFT_BUDGET=${HC_PERFT_BUDGET:-2000000}
  export HC_REFERENCE_POSITIONS=${HC_REFERENCE_POSITIONS:-80}
  export HC_TURN_POSITIONS=${HC_TURN_POSITIONS:-2} HC_TURN_CAP=${HC_TURN_CAP:-300}
  export HC_TURN_PROBE_POSITIONS=${HC_TURN_PROBE_POSITIONS:-12}
  skip=(-E '^(bench_signature|tactics_reference)$')
else
  export HC_BUILD_DIR=build
  scripts/build.sh
  # CI's sample of the reference comparisons (800 positions per id); scripts/reference_full.sh runs the
  # full counts (10,000 random positions per id, 25 for the turn-level comparison).
  export HC_REFERENCE_POSITIONS=${HC_REFERENCE_POSITIONS:-800}
  export HC_TURN_POSITIONS=${HC_TURN_POSITIONS:-6} HC_TURN_CAP=${HC_TURN_CAP:-1000}
fi
# The sanitizer and Debug runs leave out the pinned bench signature (compared by value in the release run) and
# the reference tool's check of the tactics file (data, checked by the release run; 250 s under ASan): their
# search still runs over every bench case at depth 2 (cli_bench_signature), and the reference generator under
# the sanitizers in the reference comparisons.
ctest --test-dir "$HC_BUILD_DIR" --output-on-failure -j2 "${skip[@]}" "$@"
