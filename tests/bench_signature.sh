#!/bin/sh
# The ctest bench_signature: runs `heterochess bench` at the pinned depth and compares the node total (the bench
# signature) by value with tests/data/bench_signature.txt. Usage: bench_signature.sh HETEROCHESS PINNED_FILE
set -eu
hc=$1 pinned=$2
depth=$(sed -n 's/^depth \([0-9][0-9]*\)$/\1/p' "$pinned")
expected=$(sed -n 's/^signature \([0-9][0-9]*\)$/\1/p' "$pinned")
if [ -z "$depth" ] || [ -z "$expected" ]; then
  echo "bench_signature: $pinned needs a line 'depth N' and a line 'signature N'" >&2
  exit 1
fi
got=$("$hc" bench --depth "$depth" --json | sed -n 's/.*"signature":\([0-9][0-9]*\).*/\1/p')
if [ "$got" = "$expected" ]; then
  echo "bench signature (depth $depth): $got nodes, as pinned"
  exit 0
fi
echo "bench signature (depth $depth) changed: pinned $expected, now ${got:-nothing}." >&2
echo "The search (or the rules it searches) now visits a different tree. If you changed it on purpose, set" >&2
echo "'signature $got' in $pinned in the same commit and say why in its message; if not, find the change." >&2
exit 1
