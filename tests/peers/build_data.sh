#!/usr/bin/env bash
# Regenerates the peer-derived data files in tests/data and re-checks the published atomic suite.
# Deterministic: same package versions + same seeds => byte-identical files. Run from anywhere after `npm ci`.
set -euo pipefail
cd "$(dirname "$0")"
data=../data
version() { node -p "require('./node_modules/$1/package.json').version"; }
atomic_peers="chessops@$(version chessops)+ffish-es6@$(version ffish-es6)"
alice_peer="ffish-alice-es6@$(version ffish-alice-es6)"

# Published atomic suite: both peers must reproduce every count.
node perft.mjs --check < "$data/atomic.perft.tsv" > /dev/null

# 2000 random reachable atomic positions, depth 1..2 (1..3 for the first 300), rows where both peers agree.
node random_positions.mjs --variant atomic --count 2000 --seed 1 --depth 2 --deeper 300 |
  awk -v src="$atomic_peers" '{ print $0 "\t" src }' > "$data/atomic_random.tsv"

# Alice from ffish-alice-es6: rule probes (depth 1..N of alice_probes.tsv), then 200 random positions at depth 1..3.
{
  awk -F'\t' '{ for (d = 1; d <= $3; d++) print $1 "\t" $2 "\t" d }' alice_probes.tsv |
    node perft.mjs --peer ffish-alice-es6 | cut -f1-3,5
  node random_positions.mjs --variant alice --count 200 --seed 1 --depth 3
} | awk -F'\t' -v src="$alice_peer" '!seen[$2 "\t" $3]++ { print $0 "\t" src }' > "$data/alice_ffish.tsv"

# The independent Alice rule model (alice_model.mjs) must reproduce every ffish-alice count.
node alice_model.mjs --expect < "$data/alice_ffish.tsv"
wc -l "$data"/atomic.perft.tsv "$data"/atomic_random.tsv "$data"/alice_ffish.tsv
