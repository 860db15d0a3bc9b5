#!/usr/bin/env bash
# Builds Popeye, the chess problem solver, from its public source (github.com/thomas-maeder/popeye), to run it
# side by side with our solver on fairy problems. Not part of CI. Prints the path of the binary.
#
#   tests/peers/build_popeye.sh [SOURCE]
#
# SOURCE: a git directory or a clone of the repository (default $HC_POPEYE_SRC, else a shallow clone of its
# default branch from GitHub). The newest commit (HEAD) is built into build-peers/popeye/<commit>/ (once), the
# way Popeye's own CI does it: `make -f makefile.unx` with the gcc toolchain (TOOLCHAIN=gcc, PLATFORM=unix, -O3
# -flto), under nice, -j$HC_JOBS (default 2). The binary is `py` at the top of the tree; it reads a problem file
# named as its argument (or stdin), e.g. `py -maxmem 1G problem.inp`. Files whose objects are absent from SOURCE
# (a mirror may lack some blobs, e.g. the top-level `spinach` file) are left out of the extraction, with a
# note on stderr; the build needs none of them.
set -euo pipefail
cd "$(dirname "$0")/../.."
src=${1:-${HC_POPEYE_SRC:-}}
root=$PWD/build-peers/popeye
mkdir -p "$root"
if [ -z "$src" ]; then
  src=$root/clone
  [ -d "$src/.git" ] || git clone --depth 1 https://github.com/thomas-maeder/popeye.git "$src" >&2
fi
gitdir=$(git -C "$src" rev-parse --absolute-git-dir 2>/dev/null || echo "$src")
commit=$(git --git-dir="$gitdir" rev-parse HEAD)
dir=$root/$commit
if [ ! -x "$dir/py" ]; then
  rm -rf "$dir"
  mkdir -p "$dir"
  absent=$(git --git-dir="$gitdir" ls-tree -r "$commit" | awk '$2 == "blob" { print $3 }' |
    git --git-dir="$gitdir" cat-file --batch-check | awk '$2 == "missing" { printf "%s ", $1 }')
  excludes=()
  if [ -n "$absent" ]; then
    mapfile -t paths < <(git --git-dir="$gitdir" ls-tree -r "$commit" |
      awk -v absent="$absent" 'BEGIN { n = split(absent, h, " "); for (i = 1; i <= n; i++) m[h[i]] = 1 }
        $2 == "blob" && ($3 in m) { sub(/^[^\t]*\t/, ""); print }')
    echo "build_popeye.sh: objects absent from $src, not extracted (git archive may still call them invalid objects): ${paths[*]}" >&2
    for p in "${paths[@]}"; do excludes+=(":(exclude)$p"); done
  fi
  git --git-dir="$gitdir" archive "$commit" -- . "${excludes[@]}" | tar -x -C "$dir"
  nice make -C "$dir" -f makefile.unx -j"${HC_JOBS:-2}" TOOLCHAIN=gcc >&2
fi
echo "$dir/py"
