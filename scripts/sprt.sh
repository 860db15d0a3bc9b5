#!/usr/bin/env bash
# SPRT between two builds of the engine, through the match referee (issue 15 §3): the way every strength change
# is accepted. Plays NEW against BASE from seeded random openings (each opening with both colours) until the
# sequential probability ratio test decides between H0 "NEW is ELO0 stronger" and H1 "NEW is ELO1 stronger"
# (alpha = beta = 0.05), or until the game bound.
#
#   scripts/sprt.sh [options] BASE [NEW]
#
# BASE and NEW: a git revision (built once into build-sprt/<commit>/, Release, heterochess only) or the path
# of a heterochess binary. NEW defaults to the working tree's build (build/src/heterochess, built first).
# Options (defaults in brackets):
#   --variant ID        variant id or composition [chess]
#   --elo0 E --elo1 E   the hypotheses in Elo [0, 20]
#   --games N           at most this many games [800]
#   --movetime MS       time per turn [40]; or --nodes N (per turn, deterministic apart from concurrency)
#   --concurrency N     games at once [2]
#   --openings N        random turns before each opening [4]; --seed S [1]
#   --max-turns N       adjudicated a draw after this many turns [200]
#   --pgn FILE          keep the games
# The last lines printed are the referee's result: wins, draws and losses of NEW, the Elo with its 95%
# interval, the LLR with its bounds and the verdict. Exit status 0 whatever the verdict (2 on bad usage).
set -euo pipefail
cd "$(dirname "$0")/.."
usage() {
  sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
  exit 2
}
variant=chess elo0=0 elo1=20 games=800 movetime=40 nodes='' concurrency=2 openings=4 seed=1 max_turns=200
pgn=''
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --variant) variant=$2; shift 2 ;;
    --elo0) elo0=$2; shift 2 ;;
    --elo1) elo1=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --movetime) movetime=$2; shift 2 ;;
    --nodes) nodes=$2; shift 2 ;;
    --concurrency) concurrency=$2; shift 2 ;;
    --openings) openings=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --max-turns) max_turns=$2; shift 2 ;;
    --pgn) pgn=$2; shift 2 ;;
    -h | --help) usage ;;
    -*) echo "sprt.sh: unknown option '$1'" >&2; usage ;;
    *) args+=("$1"); shift ;;
  esac
done
[ ${#args[@]} -ge 1 ] && [ ${#args[@]} -le 2 ] || usage

# The binary of a revision or a path; builds a revision once.
engine() {
  local what=$1
  if [ -x "$what" ] && [ -f "$what" ]; then
    realpath "$what"
    return
  fi
  local sha
  sha=$(git rev-parse --verify --quiet "$what^{commit}") || {
    echo "sprt.sh: '$what' is neither a binary nor a git revision" >&2
    exit 2
  }
  local dir=$PWD/build-sprt/$sha
  if [ ! -x "$dir/build/src/heterochess" ]; then
    [ -d "$dir/src" ] || git worktree add --detach "$dir" "$sha" >&2
    cmake -S "$dir" -B "$dir/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
    ninja -C "$dir/build" -j"${HC_JOBS:-2}" heterochess >&2
  fi
  echo "$dir/build/src/heterochess"
}

scripts/setup.sh >&2
base=$(engine "${args[0]}")
if [ ${#args[@]} -eq 2 ]; then
  new=$(engine "${args[1]}")
else
  [ -f build/build.ninja ] || cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  ninja -C build -j"${HC_JOBS:-2}" heterochess >&2
  new=$PWD/build/src/heterochess
fi
limit=(--movetime "$movetime")
[ -z "$nodes" ] || limit=(--nodes "$nodes")
extra=()
[ -z "$pgn" ] || extra=(--pgn "$pgn")
echo "== SPRT [$elo0, $elo1] in $variant: new=$new vs base=$base, ${limit[*]}, at most $games games" >&2
"$new" match --variant "$variant" --engine "new=$new uci" --engine "base=$base uci" "${limit[@]}" \
  --games "$games" --concurrency "$concurrency" --random-openings "$openings" --seed "$seed" \
  --max-turns "$max_turns" --sprt "$elo0,$elo1" "${extra[@]}"
