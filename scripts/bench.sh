#!/usr/bin/env bash
# Perft throughput benchmark (not a test): heterochess per variant id from its start position, side by side with
# Debian's Stockfish ("go perft 6", timed from "isready" to its node count) in the same run, interleaved, best of 3.
# Prints the table and the issues' targets: chess >= 0.8x Stockfish; atomic >= 4 x 38 Mnps (Fairy-Stockfish master,
# BMI2, on this machine kind); marseillais, progressive, alice >= 0.5x our chess figure; the turn-layer ids of issue 10
# >= 0.3x our chess figure. With HC_BENCH_BASE=DIR (the build directory of an earlier version, e.g. of main before a
# change), that version's chess perft is timed interleaved with ours, best of 5, and the ratio printed (issue 10:
# chess within 3% of before).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
SF=$(command -v stockfish || echo /usr/games/stockfish)
BENCH=build/bench/perft_bench

sf_perft() {  # prints "nodes seconds" for one 'go perft 6' in a warm Stockfish
  coproc SFP { "$SF"; }
  echo "uci" >&"${SFP[1]}"
  echo "isready" >&"${SFP[1]}"
  while read -r line <&"${SFP[0]}"; do [[ $line == readyok* ]] && break; done
  local t0 t1 nodes
  t0=$(date +%s.%N)
  echo "go perft 6" >&"${SFP[1]}"
  while read -r line <&"${SFP[0]}"; do
    if [[ $line == "Nodes searched"* ]]; then nodes=${line##*: }; break; fi
  done
  t1=$(date +%s.%N)
  echo "quit" >&"${SFP[1]}"
  wait "$SFP_PID" 2>/dev/null || true
  echo "$nodes $(echo "$t1 - $t0" | bc -l)"
}

best_sf=0
best_chess=0
for r in 1 2 3; do
  read -r n s < <(sf_perft)
  sf=$(echo "$n / $s / 1000000" | bc -l)
  (( $(echo "$sf > $best_sf" | bc -l) )) && best_sf=$sf
  ours=$("$BENCH" --repeats 1 --json chess | grep -o '"mnps": [0-9.]*' | awk '{print $2}')
  (( $(echo "$ours > $best_chess" | bc -l) )) && best_chess=$ours
done
printf 'stockfish (Debian %s) go perft 6: %.1f Mnps; heterochess chess perft 6: %.1f Mnps; ratio %.2f (target 0.80)\n\n' \
  "$(dpkg-query -W -f='${Version}' stockfish 2>/dev/null || echo '?')" "$best_sf" "$best_chess" \
  "$(echo "$best_chess / $best_sf" | bc -l)"

if [ -n "${HC_BENCH_BASE:-}" ]; then
  best_base=0
  best_new=0
  for r in 1 2 3 4 5; do
    b=$("$HC_BENCH_BASE/bench/perft_bench" --repeats 1 --json chess | grep -o '"mnps": [0-9.]*' | awk '{print $2}')
    n=$("$BENCH" --repeats 1 --json chess | grep -o '"mnps": [0-9.]*' | awk '{print $2}')
    (( $(echo "$b > $best_base" | bc -l) )) && best_base=$b
    (( $(echo "$n > $best_new" | bc -l) )) && best_new=$n
  done
  printf 'chess perft 6: before (%s) %.1f Mnps, now %.1f Mnps; ratio %.3f (target >= 0.97)\n\n' "$HC_BENCH_BASE" \
    "$best_base" "$best_new" "$(echo "$best_new / $best_base" | bc -l)"
fi

"$BENCH" --repeats 3 --json "$@" > /tmp/hc_bench.json
python3 - "$best_chess" "$best_sf" <<'PY'
import json, sys
chess, sf = float(sys.argv[1]), float(sys.argv[2])
rows = json.load(open('/tmp/hc_bench.json'))['results']
targets = {'atomic': ('>= 152 Mnps (4 x 38)', 152.0), 'marseillais': ('>= 0.5 x chess', 0.5 * chess),
           'progressive': ('>= 0.5 x chess', 0.5 * chess), 'alice': ('>= 0.5 x chess', 0.5 * chess),
           'chess': ('>= 0.8 x stockfish', 0.8 * sf)}
turn_layer = ['marseillais-alternative', 'alternating-marseillais', 'progressive-symmetric', 'fibonacci',
              'slow-progressive', 'progressive-cyclical', 'different-men-marseillais', 'piece-and-pawn-marseillais',
              'bilateral-marseillais', 'central-marseillais', 'black-and-white-marseillais', 'maximummer-marseillais',
              'equivalent-marseillais', 'equidistant-marseillais', 'balanced-equidistant-marseillais', 'citizen',
              'threesum', 'hurricane', 'sputnik', 'scottish-modern', 'bank-of-scotland', 'bank-of-scotland-modern',
              'very-scottish', 'capturing-progressive', 'switchback', 'logical-progressive', 'progressive-pribylinec',
              'progressive-english']
for v in turn_layer:
    targets[v] = ('>= 0.3 x chess', 0.3 * chess)
print(f"{'variant':<28}{'depth':>6}{'nodes':>14}{'Mnps':>9}{'x chess':>9}  target")
for r in rows:
    v = r['variant']
    mnps = chess if v == 'chess' else r['mnps']
    t = targets.get(v)
    verdict = '' if not t else f"{t[0]}: {'ok' if mnps >= t[1] else 'MISSED'}"
    print(f"{v:<28}{r['depth']:>6}{r['nodes']:>14}{mnps:>9.1f}{mnps / chess:>9.2f}  {verdict}")
PY
