#!/bin/sh
# The ctest bench_signature: runs `heterochess bench` at the pinned depth and node budget and compares the
# bench signature by value with tests/data/bench_signature.txt. Usage: bench_signature.sh HETEROCHESS PINNED
set -eu
hc=$1 pinned=$2
depth=$(sed -n 's/^depth \([0-9][0-9]*\)$/\1/p' "$pinned")
nodes=$(sed -n 's/^nodes \([0-9][0-9]*\)$/\1/p' "$pinned")
expected=$(sed -n 's/^signature \([0-9][0-9]*\)$/\1/p' "$pinned")
if [ -z "$depth" ] || [ -z "$nodes" ] || [ -z "$expected" ]; then
  echo "bench_signature: $pinned needs the lines 'depth N', 'nodes N' and 'signature N'" >&2
  exit 1
fi
got=$("$hc" bench --depth "$depth" --nodes "$nodes" --json | sed -n 's/.*"signature":\([0-9][0-9]*\).*/\1/p')
if [ "$got" = "$expected" ]; then
  echo "bench signature (depth $depth, $nodes nodes per case): $got, as pinned"
  exit 0
fi
echo "bench signature (depth $depth, $nodes nodes per case) changed: pinned $expected, now ${got:-nothing}." >&2
echo "The search (or the rules it searches) now visits a different tree. If you changed it on purpose, set" >&2
echo "'signature $got' in $pinned in the same commit and say why in its message; if not, find the change." >&2
exit 1
