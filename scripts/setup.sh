#!/usr/bin/env bash
# Installs what heterochess needs on a fresh Debian 12 machine (idempotent; apt only when something is missing).
set -euo pipefail
PKGS=(build-essential cmake ninja-build libfmt-dev nlohmann-json3-dev libcli11-dev libgtest-dev libgmock-dev
      libbenchmark-dev clang libclang-rt-14-dev stockfish bc
      libsqlite3-dev libcpp-httplib-dev libboost1.81-dev pkg-config libtomlplusplus-dev)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# Node.js + npm are only for the peer harness (tests/peers): install Debian's when the machine has none.
if [ "${HC_WITH_NODE:-0}" = 1 ] && ! command -v npm >/dev/null; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
fi
