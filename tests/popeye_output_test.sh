#!/bin/sh
# `heterochess popeye` on tests/data/popeye/examples.inp (52 problems of the Popeye comparison set, orthodox and
# AliceChess, every play and goal) prints, problem by problem, exactly the solution lines Popeye 4.104 printed
# for the same file (examples.popeye.txt, `py -regression`), in Popeye's notation; compared as sets per problem.
#   tests/popeye_output_test.sh HETEROCHESS DATA_DIR
set -eu
hc=$1
dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
lines() { awk '/solution finished/ { n++ } /^ +1\./ { sub(/^ +/, ""); print n ": " $0 }' "$1" | LC_ALL=C sort; }
"$hc" popeye "$dir/examples.inp" > "$tmp/ours.txt"
lines "$dir/examples.popeye.txt" > "$tmp/popeye"
lines "$tmp/ours.txt" > "$tmp/ours"
problems=$(grep -c "solution finished" "$dir/examples.popeye.txt")
[ "$(grep -c "solution finished" "$tmp/ours.txt")" = "$problems" ] || { echo "not $problems problems"; exit 1; }
diff "$tmp/popeye" "$tmp/ours"
echo "the same $(wc -l < "$tmp/popeye") solution lines as Popeye in $problems problems"
