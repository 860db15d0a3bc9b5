#!/usr/bin/env bash
# Fits a family of the evaluation's weights (engine/eval.hpp, Weight) to the engine's own games, by Texel's
# method (issue 15 §2): self-play through the match referee at a fixed node count from seeded random openings,
# the games kept in a PGN file, then `heterochess tune` on them.
#
#   scripts/tune.sh VARIANT FAMILY [GAMES [NODES]]
#
# GAMES default 1000, NODES per turn default 3000; two games at a time (HC_CONCURRENCY). The games go to
# tune/<variant>-<seed>.pgn (HC_SEED, default 1) and are reused when that file already holds GAMES games. The
# fitted values are printed; they enter the engine by hand, in default_weights() (eval.cpp), and are kept only
# if an SPRT against the build before accepts them (scripts/sprt.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2; exit 2; }
variant=$1 family=$2 games=${3:-1000} nodes=${4:-3000} seed=${HC_SEED:-1}
scripts/setup.sh >&2
[ -f build/build.ninja ] || cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C build -j"${HC_JOBS:-2}" heterochess >&2
hc=$PWD/build/src/heterochess
mkdir -p tune
pgn=tune/$variant-$seed.pgn
have=$( { grep -c '^\[Event ' "$pgn" 2>/dev/null || true; } )
if [ "${have:-0}" -lt "$games" ]; then
  echo "== $games games of $variant at $nodes nodes per turn into $pgn" >&2
  "$hc" match --variant "$variant" --engine "a=$hc uci" --engine "b=$hc uci" --nodes "$nodes" \
    --games "$games" --concurrency "${HC_CONCURRENCY:-2}" --random-openings 6 --seed "$seed" \
    --max-turns 200 --pgn "$pgn" >&2
fi
"$hc" tune --variant "$variant" --family "$family" "$pgn"
