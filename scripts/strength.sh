#!/usr/bin/env bash
# Engine strength benchmarks (not tests; they take minutes):
#   scripts/strength.sh scaling [GAMES [IDS...]]   self-play, T vs 2T per turn, in each id (default marseillais,
#                                                  progressive and alice; GAMES default 40): the Elo gained per
#                                                  doubling of time (evidence that the search scales)
#   scripts/strength.sh speed [IDS...]             search speed: depth, seldepth, nodes and nps of one UCI
#                                                  'go movetime' (HC_SPEED_MS, default 1000; the last info
#                                                  line, i.e. the last depth completed) from the start position
#                                                  and after 1/4, 1/2 and 3/4 of a game of the engine's own
#                                                  play at 'go nodes HC_SPEED_LINE_NODES' (default 20000; the
#                                                  same line on every run; at most 40 turns), hash cleared
#                                                  (ucinewgame) before each (default ids monster, triplets, swarm)
#   scripts/strength.sh bench                      the bench signature and search speed per id (heterochess bench)
#   scripts/strength.sh depth [MS]                 depth reached in MS ms (default 5000) from the chess and
#                                                  atomic start positions: heterochess, Fairy-Stockfish master
#                                                  (classical evaluation) and, in chess, Debian's stockfish;
#                                                  hash cleared, one thread each, one engine at a time
#   scripts/strength.sh atomic [GAMES]             atomic against Fairy-Stockfish master (built from source by
#                                                  tests/peers/build_fairy_stockfish.sh) and npm stockfish.js,
#                                                  HC_MOVETIME ms per move (default 200 here), GAMES default 100
# Time per turn: HC_MOVETIME (ms, default 50). Random openings of 4 turns, each played with both colours.
# Builds only heterochess (ninja -j${HC_JOBS:-1}).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
[ -f build/build.ninja ] || cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C build -j"${HC_JOBS:-1}" heterochess >&2
B=$PWD/build/src/heterochess
what=${1:-scaling}
t=${HC_MOVETIME:-50}

# speed: the engine runs as a coprocess; say sends a line, upto reads lines until one starts with $1 and
# leaves it in $REPLY (the last info line with nps before it in $last).
say() { printf '%s\n' "$*" >&"${E[1]}"; }
upto() {
  while IFS= read -r -u "${E[0]}" REPLY; do
    [[ $REPLY == "$1"* ]] && return 0
    [[ $REPLY != *" nps "* ]] || last=$REPLY
  done
  return 1
}
field() { awk -v k="$1" '{ for (i = 1; i < NF; ++i) if ($i == k) { print $(i + 1); exit } }' <<<"$2"; }

case "$what" in
  scaling)
    games=${2:-40}
    ids=("${@:3}")
    [ ${#ids[@]} -gt 0 ] || ids=(marseillais progressive alice)
    for v in "${ids[@]}"; do
      echo "== $v: ${t} ms vs $((2 * t)) ms per turn, $games games"
      "$B" match --variant "$v" --engine "t=$B uci" --engine "2t=$B uci" --engine-movetime "t=$t" \
        --engine-movetime "2t=$((2 * t))" --games "$games" --random-openings 4 --max-turns 150 | tail -n 1
    done
    ;;
  speed)
    ids=("${@:2}")
    [ ${#ids[@]} -gt 0 ] || ids=(monster triplets swarm)
    ms=${HC_SPEED_MS:-1000}
    line_nodes=${HC_SPEED_LINE_NODES:-20000}
    printf '%-18s %-10s %5s %8s %10s %9s %6s\n' variant position depth seldepth nodes nps ms
    for v in "${ids[@]}"; do
      coproc E { "$B" uci; }
      say uci
      upto uciok
      say "setoption name UCI_Variant value $v"
      say isready
      upto readyok
      # The line: the engine's own turns at a fixed node count, to the game's end or 40 turns; positions kept
      # after a quarter, a half and three quarters of it (swarm's games end after a few turns).
      turns=()
      for ((n = 1; n <= 40; ++n)); do
        say "position startpos${turns[*]:+ moves ${turns[*]}}"
        say "go nodes $line_nodes"
        upto bestmove
        best=$(field bestmove "$REPLY")
        [ "$best" != "(none)" ] || break
        turns+=("$best")
      done
      labels=(start)
      lines=("")
      for q in 1 2 3; do
        n=$((${#turns[@]} * q / 4))
        ((n > 0)) || continue
        labels+=("turn-$n")
        lines+=("${turns[*]:0:n}")
      done
      for k in "${!labels[@]}"; do
        say ucinewgame
        say isready
        upto readyok
        say "position startpos${lines[k]:+ moves ${lines[k]}}"
        say "go movetime $ms"
        last=""
        upto bestmove
        printf '%-18s %-10s %5s %8s %10s %9s %6s\n' "$v" "${labels[k]}" "$(field depth "$last")" \
          "$(field seldepth "$last")" "$(field nodes "$last")" "$(field nps "$last")" "$(field time "$last")"
      done
      say quit
      wait "$E_PID" || true
    done
    ;;
  bench) "$B" bench ;;
  depth)
    ms=${2:-5000}
    fsf=$(tests/peers/build_fairy_stockfish.sh)
    printf '%-10s %-16s %5s %8s %12s %10s\n' variant engine depth seldepth nodes nps
    run_depth() {  # VARIANT NAME COMMAND [setoption lines...]
      local v=$1 name=$2 cmd=$3
      coproc E { $cmd; }
      say uci
      upto uciok
      for o in "${@:4}"; do say "setoption name $o"; done
      [ "$v" = chess ] || say "setoption name UCI_Variant value $v"
      say "setoption name Hash value 64"
      say ucinewgame
      say isready
      upto readyok
      say "position startpos"
      say "go movetime $ms"
      last=""
      upto bestmove
      printf '%-10s %-16s %5s %8s %12s %10s\n' "$v" "$name" "$(field depth "$last")" "$(field seldepth "$last")" \
        "$(field nodes "$last")" "$(field nps "$last")"
      say quit
      wait "$E_PID" || true
    }
    for v in chess atomic; do
      run_depth "$v" heterochess "$B uci"
      run_depth "$v" fairy-stockfish "$fsf" "Use NNUE value false"
      sf=$(command -v stockfish || ls /usr/games/stockfish 2>/dev/null || true)
      if [ "$v" = chess ] && [ -n "$sf" ]; then run_depth chess stockfish "$sf"; fi
    done
    ;;
  atomic)
    # Against Fairy-Stockfish master (built by tests/peers/build_fairy_stockfish.sh, classical evaluation) and
    # npm's stockfish.js (tests/peers/sfjs_uci.mjs), HC_MOVETIME per move (default 200 here).
    games=${2:-100}
    t=${HC_MOVETIME:-200}
    fsf=$(tests/peers/build_fairy_stockfish.sh)
    echo "== atomic vs Fairy-Stockfish master (classical), ${t} ms per move, $games games"
    "$B" match --variant atomic --engine "heterochess=$B uci" --engine "fairy-stockfish=$fsf" \
      --engine-option "fairy-stockfish:Use NNUE=false" --movetime "$t" --games "$games" \
      --random-openings 4 --concurrency "${HC_CONCURRENCY:-2}" --max-turns 200 | tail -n 1
    if [ -d tests/peers/node_modules/stockfish.js ]; then
      echo "== atomic vs npm stockfish.js, ${t} ms per move, $games games"
      "$B" match --variant atomic --engine "heterochess=$B uci" \
        --engine "stockfish.js=node $PWD/tests/peers/sfjs_uci.mjs" --movetime "$t" --games "$games" \
        --random-openings 4 --concurrency "${HC_CONCURRENCY:-2}" --max-turns 200 | tail -n 1
    fi
    ;;
  *)
    echo "usage: scripts/strength.sh scaling [GAMES [IDS...]] | speed [IDS...] | bench | depth [MS] | atomic [GAMES]" >&2
    exit 2
    ;;
esac
