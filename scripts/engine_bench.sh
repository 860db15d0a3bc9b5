#!/usr/bin/env bash
# Engine benchmark (not a test; numbers depend on the machine): three tables.
#   1. search speed per variant id: `heterochess bench --nodes N` (depth reached, nodes, effective branching
#      factor, nodes per second, best turn);
#   2. time to solve each RULES.md §9 mate with `heterochess solve`, each under a time limit T;
#   3. the tactical suite (tests/data/tactics.tsv) at a fixed time per position through `heterochess uci`,
#      scored per variant id.
# Usage: scripts/engine_bench.sh [--nodes N] [--solve-time T] [--movetime MS]   (defaults 250000, 30 s, 200 ms)
set -euo pipefail
cd "$(dirname "$0")/.."
nodes=250000 solve_time=30 movetime=200
while [ $# -gt 0 ]; do
  case "$1" in
    --nodes) nodes=$2; shift 2 ;;
    --solve-time) solve_time=$2; shift 2 ;;
    --movetime) movetime=$2; shift 2 ;;
    *) echo "usage: $0 [--nodes N] [--solve-time T] [--movetime MS]" >&2; exit 2 ;;
  esac
done
scripts/build.sh
HC=${HC_BIN:-build/src/heterochess}

echo "== 1. search speed per id (heterochess bench --nodes $nodes)"
"$HC" bench --nodes "$nodes"

echo
echo "== 2. RULES.md §9 mates (heterochess solve, limit ${solve_time} s each)"
printf '%-8s %-22s %-7s %-40s %s\n' "§" "variant" "mate" "result" "time"
solve_row() {  # section variant mate fen [extra solve options]
  local sec=$1 var=$2 n=$3 fen=$4
  shift 4
  local out
  # A hard limit as well: before the series-mover pruning the solver overran its own --time on §9.10.
  out=$(timeout --signal=KILL "$((solve_time + 5))" "$HC" solve --variant "$var" --fen "$fen" --mate "$n" \
    --time "$solve_time" --json "$@" || true)
  [ -n "$out" ] || out='{"killed": true}'
  python3 - "$sec" "$var" "$n" "$solve_time" "$out" "$*" <<'EOF'
import json, sys
sec, var, n, limit, out, extra = sys.argv[1:]
j = json.loads(out)
if j.get("killed"):
    print(f"{sec:<8} {var:<22} {n:<7} {'not solved within ' + limit + ' s (killed: --time not honoured)':<40}")
    sys.exit(0)
t = j["time_ms"] / 1000
if j["mate"]:
    res = f"mate in {j['length']}, {len(j['solutions'])} key(s): {j['solutions'][0][0]}"
elif j["complete"]:
    res = f"no mate in {n}"
else:
    res = f"not solved within {limit} s"
label = f"{n}" + (" " + extra if extra else "")
print(f"{sec:<8} {var:<22} {label:<7} {res:<40} {t:.3f} s, {j['nodes']} nodes")
EOF
}
solve_row 9.10 progressive-italian 1 "2r2bnr/pp1pkppp/4p3/4P3/8/n7/PPP2PPP/4K1NR w K - 0 4"
solve_row 9.11 progressive 1 "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
solve_row 9.13 progressive+kamikaze 1 "rnbqkbnr/ppppp2p/5pp1/8/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
solve_row 9.25 alice 2 "8/8/8/8/7r/8/5Kpk/Q7 w - - 0 1"
solve_row 9.26 alice 8 "rnb3R1/2pp1ppp/1|p1k1|p2/|p1b5/2|B|P4/2|N|K4/PPP1rP1P/4|R3 w - - 4 16" --checks

echo
echo "== 2b. mate in one series: proving there is none from the positions of the §9.8/§9.9 Progressive games"
echo "   (series of 6-12 moves; the hardest case for a series-mover: nothing to find, everything to refute)"
while IFS='|' read -r sec fen; do
  solve_row "$sec" progressive 1 "$fen" --first
done <<'ROWS'
9.8 t6|rnbQkbnr/pp1p1ppp/8/4P3/8/8/PP4PP/RNBK1BNR b kq - 0 3
9.8 t7|rn3bnr/p1k2ppp/8/1p2p3/6b1/8/PP4PP/RNBK1BNR w - - 0 4
9.8 t8|Bn3bnr/p1k2ppp/8/1p1Np3/8/8/PP2K1PP/R1B3NR b - - 0 4
9.8 t9|Bn6/p2k1ppp/8/1p2p3/1b3n2/8/PP2K1PP/r5NR w - - 0 5
9.8 t10|Bn6/R2k1ppp/8/1p2p3/1P6/1P3K1N/6PP/8 b - - 0 5
9.8 t11|8/5pp1/1n5p/1p3k2/1P2p3/1P3K1N/6PP/8 w - - 0 6
9.9 t6|r1b1k1nr/ppp2p1p/2n5/3pP3/7Q/8/PPPKPPPP/RN3BNR b kq - 0 3
9.9 t7|r3k2r/ppp2p1p/2n5/3pP3/7n/8/PPPKPP1P/RN3BNb w kq - 0 4
9.9 t8|4k2r/p1p2p1p/8/4P3/7n/N7/PPPK1P1P/R4BNB b k - 0 4
9.9 t10|4k3/5p1p/8/4P3/7n/5N2/2PK1P1P/8 b - - 0 5
ROWS
echo "   and finding one: §9.7 after 6...fxe6+ (White's 7-move series; every Black reply allows one)"
solve_row 9.7 progressive 1 "rn1q1bnr/pp1kp1pp/4p3/3K4/8/N7/PPP2PPP/R1Bb1BNR w - - 0 4" --first

echo
echo "== 3. tactical suite (tests/data/tactics.tsv), heterochess uci, go movetime $movetime per position"
python3 - "$HC" "$movetime" <<'EOF'
import collections, subprocess, sys
hc, movetime = sys.argv[1], sys.argv[2]
rows = [l.rstrip("\n").split("\t") for l in open("tests/data/tactics.tsv")
        if l.strip() and not l.startswith("#") and not l.startswith("id\t")]
score = collections.OrderedDict()
failed = []
for rid, variant, fen, best, _, _ in rows:
    cmds = f"uci\nsetoption name Variant value {variant}\nucinewgame\nposition fen {fen}\ngo movetime {movetime}\n"
    p = subprocess.run([hc, "uci"], input=cmds, capture_output=True, text=True, timeout=60)
    got = [l.split()[1] for l in p.stdout.splitlines() if l.startswith("bestmove")]
    ok = bool(got) and got[-1] == best
    s = score.setdefault(variant, [0, 0])
    s[0] += ok
    s[1] += 1
    if not ok:
        failed.append(f"{rid}: expected {best}, got {got[-1] if got else 'nothing'}")
for v, (a, n) in score.items():
    print(f"{v:<24} {a}/{n}")
print(f"{'total':<24} {sum(a for a, _ in score.values())}/{len(rows)}")
for f in failed:
    print("  missed", f)
EOF
