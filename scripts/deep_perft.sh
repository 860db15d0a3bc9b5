#!/usr/bin/env bash
# The deeper rows of the public perft suites (benchmark-style, not part of the test suite): standard chess and
# Chess960 rows up to depth MAX (default 5: ~1.4e11 nodes, about ten minutes here; 6 takes hours).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
HC_PERFT_MAX_DEPTH=${1:-5} HC_PERFT_BUDGET=${HC_PERFT_BUDGET:-999999999999} build/tests/perft_chess_test
