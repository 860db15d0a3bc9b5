#!/bin/sh
# `heterochess popeye` prints, problem by problem, exactly the solution lines Popeye 4.104 printed for the same
# input (compared as sets per problem): every FILE.inp of DATA_DIR beside its FILE.popeye.txt (`py -regression`).
#   examples.inp: 52 problems of the Popeye comparison set, orthodox and AliceChess, every play and goal;
#   tries.inp: 80 direct and self problems with Option Try (keys, tries, "but" and the refutations).
#   tests/popeye_output_test.sh HETEROCHESS DATA_DIR
set -eu
hc=$1
dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
lines() { awk '/solution finished/ { n++ } /^ +1\.|^ +but$/ { sub(/^ +/, ""); print n ": " $0 }' "$1" | LC_ALL=C sort; }
for input in "$dir"/*.inp; do
  name=$(basename "$input" .inp)
  "$hc" popeye "$input" > "$tmp/ours.txt"
  lines "$dir/$name.popeye.txt" > "$tmp/popeye"
  lines "$tmp/ours.txt" > "$tmp/ours"
  problems=$(grep -c "solution finished" "$dir/$name.popeye.txt")
  [ "$(grep -c "solution finished" "$tmp/ours.txt")" = "$problems" ] || { echo "$name: not $problems problems"; exit 1; }
  diff "$tmp/popeye" "$tmp/ours"
  echo "$name: the same $(wc -l < "$tmp/popeye") lines as Popeye in $problems problems"
done
