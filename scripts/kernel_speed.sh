#!/usr/bin/env bash
# The kernels' speed (a benchmark, not a test; perft from each id's start position):
#   1. every id and showcase composition timed on its own kernel and on the generic kernel, interleaved run by
#      run (bench/perft_bench --generic at its own depths: best of 3, Mnps and the ratio generic / fast; an id
#      that only the generic kernel plays shows both columns on it, ratio about 1);
#   2. with HC_BENCH_BASE=DIR (the build directory of an earlier version, e.g. main before issue 12), chess and
#      EVERY id of that version's catalogue (read from DIR/src/heterochess variants --json) timed by that
#      version's perft_bench and by ours, interleaved (before first in even rounds, now first in odd ones),
#      best of HC_BENCH_REPEATS (3), and the ratio now / before (target: within 3%, i.e. >= 0.97; a node count
#      that differs is flagged). Build that version with the same compiler flags as ours: HC_NATIVE leaves
#      AVX-512 out since issue 11 (CMakeLists.txt), so for a checkout older than that configure it with
#      -DHC_NATIVE=OFF -DCMAKE_CXX_FLAGS='-march=native -mno-avx512f'; main before issue 12 (eb0f1d3) has the
#      same flags by default;
#   3. every id of our catalogue timed beside chess, interleaved (chess, id, chess, id, ...), best of
#      HC_BENCH_REPEATS (3): the id's Mnps, chess's Mnps in the same run and the ratio id / chess;
#   4. (only when named in HC_BENCH_PARTS, with HC_BENCH_BASE) the load-independent check for a shared
#      machine: perft_bench's instructions before and now under callgrind, perft to depth HC_BENCH_CG_DEPTH (4)
#      minus perft to depth 1 (the start-up, which reads a larger catalogue now), and the ratio before / now
#      (target >= 0.97); IDS or, without them, chess and every id of the earlier catalogue.
# Parts 2 and 3 time each id to perft_bench's own depth (6 for most) when that takes at most
# HC_BENCH_MAX_SECONDS (5 s), otherwise (reform-tabi takes over 4 minutes at 6) to the first depth that takes
# at least HC_BENCH_SECONDS (0.5 s), the same depth before and now. Mnps depends on the depth (a leaf in the
# middle of a turn costs more: progressive-italian 15 Mnps at depth 5, 125 at 6), so compare at equal depths.
# Mnps is nodes / seconds of perft_bench --json.
# Usage: [HC_BENCH_BASE=DIR] [HC_BENCH_PARTS="1 2 3 4"] [HC_BENCH_REPEATS=N] scripts/kernel_speed.sh [IDS...]
#   IDS limit parts 1, 3 and 4 (default every id); HC_BENCH_PARTS picks the parts (default 1 2 3; parts 2
#   and 4 only with HC_BENCH_BASE). Builds only perft_bench and heterochess (ninja -j${HC_JOBS:-1}).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/build.ninja ] || cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C build -j"${HC_JOBS:-1}" perft_bench heterochess >&2
BENCH=build/bench/perft_bench
parts=${HC_BENCH_PARTS:-1 2 3}  # part 4 only when named
reps=${HC_BENCH_REPEATS:-3}
part() { [[ " $parts " == *" $1 "* ]]; }

# "NODES MNPS DEPTH" of one perft_bench run (one repeat) of id $2 with binary $1 (to depth $3 if given).
run() {
  "$1" --repeats 1 --json ${3:+--depth "$3"} "$2" |
    sed -n 's/.*"depth": \([0-9]*\), "nodes": \([0-9]*\), "seconds": \([0-9.]*\).*/\1 \2 \3/p' |
    awk '{ printf "%s %.4f %s\n", $2, $2 / $3 / 1e6, $1 }'
}
# The ids of a heterochess binary's catalogue, one a line.
ids_of() { "$1" variants --json | grep -o '"id":"[^"]*"' | sed 's/"id":"\(.*\)"/\1/'; }
# The depth id $1 is timed to: perft_bench's own depth when our perft_bench finishes it within
# HC_BENCH_MAX_SECONDS (5), otherwise the first depth (at most 10) that takes at least HC_BENCH_SECONDS (0.5).
depth_for() {
  local d s out
  if out=$(timeout "${HC_BENCH_MAX_SECONDS:-5}" "$BENCH" --repeats 1 --json "$1"); then
    sed -n 's/.*"depth": \([0-9]*\).*/\1/p' <<<"$out"
    return
  fi
  for ((d = 1; d < 10; ++d)); do
    s=$("$BENCH" --repeats 1 --json --depth "$d" "$1" | sed -n 's/.*"seconds": \([0-9.]*\).*/\1/p')
    awk -v s="$s" -v m="${HC_BENCH_SECONDS:-0.5}" 'BEGIN { exit !(s < m) }' || break
  done
  echo "$d"
}
max() { awk -v a="$1" -v b="$2" 'BEGIN { print (b > a ? b : a) }'; }

if part 1; then
  echo "== fast and generic kernel, perft from the start position (best of 3, interleaved)"
  "$BENCH" --generic --repeats 3 "$@"
fi

if part 2 && [ -n "${HC_BENCH_BASE:-}" ]; then
  echo
  echo "== before ($HC_BENCH_BASE) and now, every id of the earlier catalogue (best of $reps, interleaved)"
  printf '%-34s %5s %12s %10s %10s %8s\n' variant depth nodes before now ratio
  low=0
  for id in $(ids_of "$HC_BENCH_BASE/src/heterochess"); do
    best_b=0 best_n=0 note=""
    d=$(depth_for "$id")
    for ((r = 0; r < reps; ++r)); do  # before first in even rounds, now first in odd ones
      if ((r % 2)); then
        read -r nn n _ < <(run "$BENCH" "$id" "$d")
        read -r nb b _ < <(run "$HC_BENCH_BASE/bench/perft_bench" "$id" "$d")
      else
        read -r nb b _ < <(run "$HC_BENCH_BASE/bench/perft_bench" "$id" "$d")
        read -r nn n _ < <(run "$BENCH" "$id" "$d")
      fi
      [ "$nb" = "$nn" ] || note="  (nodes differ: $nb before, $nn now)"
      best_b=$(max "$best_b" "$b")
      best_n=$(max "$best_n" "$n")
    done
    ratio=$(awk -v n="$best_n" -v b="$best_b" 'BEGIN { printf "%.3f", n / b }')
    awk -v r="$ratio" 'BEGIN { exit !(r < 0.97) }' && low=$((low + 1)) && note="$note  < 0.97"
    printf '%-34s %5s %12s %10.2f %10.2f %8s%s\n' "$id" "$d" "$nn" "$best_b" "$best_n" "$ratio" "$note"
  done
  echo "(target: every ratio >= 0.97; $low below)"
fi

if part 3; then
  echo
  echo "== every id beside chess in the same run (chess, id, chess, id, ...; best of $reps)"
  dc=$(depth_for chess)
  echo "(chess to depth $dc)"
  printf '%-34s %6s %12s %10s %10s %8s\n' variant depth nodes Mnps chess ratio
  ids=("$@")
  [ ${#ids[@]} -gt 0 ] || mapfile -t ids < <(ids_of build/src/heterochess)
  for id in "${ids[@]}"; do
    best_c=0 best_i=0
    d=$(depth_for "$id")
    for ((r = 0; r < reps; ++r)); do
      read -r _ c _ < <(run "$BENCH" chess "$dc")
      read -r nodes i depth < <(run "$BENCH" "$id" "$d")
      best_c=$(max "$best_c" "$c")
      best_i=$(max "$best_i" "$i")
    done
    printf '%-34s %6s %12s %10.2f %10.2f %8.3f\n' "$id" "$depth" "$nodes" "$best_i" "$best_c" \
      "$(awk -v i="$best_i" -v c="$best_c" 'BEGIN { print i / c }')"
  done
fi

if part 4 && [ -n "${HC_BENCH_BASE:-}" ]; then
  echo
  cg_depth=${HC_BENCH_CG_DEPTH:-4}
  echo "== instructions before and now (callgrind, perft depth $cg_depth minus depth 1)"
  printf '%-34s %14s %14s %8s\n' variant before now ratio
  # Instructions of one perft_bench run of id $2 to depth $3 with binary $1.
  instr() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" --repeats 1 --depth "$3" "$2" 2>&1 \
      >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
  }
  ids=("$@")
  [ ${#ids[@]} -gt 0 ] || mapfile -t ids < <(ids_of "$HC_BENCH_BASE/src/heterochess")
  for id in "${ids[@]}"; do
    base=$HC_BENCH_BASE/bench/perft_bench
    b=$(($(instr "$base" "$id" "$cg_depth") - $(instr "$base" "$id" 1)))
    n=$(($(instr "$BENCH" "$id" "$cg_depth") - $(instr "$BENCH" "$id" 1)))
    printf '%-34s %14s %14s %8s\n' "$id" "$b" "$n" "$(awk -v b="$b" -v n="$n" 'BEGIN { printf "%.3f", b / n }')"
  done
fi
