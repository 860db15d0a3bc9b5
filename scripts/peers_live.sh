#!/usr/bin/env bash
# Live peer check: heterochess perft against chessops + ffish-es6 (chess, atomic) and ffish-alice-es6 (alice) on
# fresh random positions, a new seed per run (tests/peers/live_check.mjs; see tests/peers/README.md).
#   scripts/peers_live.sh [SEED]      SEED defaults to `date +%s`; it is printed first, rerun with it to repeat a run.
# Installs Node.js + npm (Debian's, via scripts/setup.sh) if missing, the peers from tests/peers/package-lock.json,
# builds heterochess (scripts/build.sh) and checks HC_LIVE_COUNT positions per variant (default 500), perft 2,
# perft 3 for the first HC_LIVE_DEEPER of them (default 250). About 20 s on a 2-core machine.
# Exit status: 0 all agree; 1 a count differs from the peers or the peers disagree; 2 setup/usage failure.
set -euo pipefail
cd "$(dirname "$0")/.."
seed=${1:-$(date +%s)}
[[ "$seed" =~ ^[0-9]+$ ]] && ((seed < 4294967296)) || { echo "usage: scripts/peers_live.sh [SEED] (0 <= SEED < 2^32)" >&2; exit 2; }
echo "peers_live: seed $seed (repeat: scripts/peers_live.sh $seed)"

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "peers_live: node/npm missing, installing them (HC_WITH_NODE=1 scripts/setup.sh)" >&2
  HC_WITH_NODE=1 scripts/setup.sh || exit 2
fi
if ! log=$(cd tests/peers && npm ci --no-audit --no-fund --loglevel=error 2>&1); then
  echo "$log" >&2
  echo "peers_live: npm ci failed in tests/peers" >&2
  exit 2
fi
if ! log=$(scripts/build.sh 2>&1); then
  echo "$log" | tail -n 40 >&2
  echo "peers_live: scripts/build.sh failed" >&2
  exit 2
fi

export HC_BIN=${HC_BIN:-$PWD/${HC_BUILD_DIR:-build}/src/heterochess}
echo "peers_live: node $(node --version), $(cd tests/peers && node -p "['chessops', 'ffish-es6', 'ffish-alice-es6'].map(p => p + ' ' + require('./node_modules/' + p + '/package.json').version).join(', ')")"
exec node tests/peers/live_check.mjs --seed "$seed" --count "${HC_LIVE_COUNT:-500}" --depth 2 --deeper "${HC_LIVE_DEEPER:-250}"
