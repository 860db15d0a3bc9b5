#!/usr/bin/env bash
# Builds the browser UI into web/dist: installs Debian's nodejs + npm when npm is missing, installs the locked npm
# packages (npm ci), typechecks (tsc --noEmit), bundles with esbuild and renders docs/rules/*.md into rules pages.
set -euo pipefail
cd "$(dirname "$0")/../web"
if ! command -v npm >/dev/null; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
fi
# npm ci only when the lockfile changed since the last install (a copy of it is kept in node_modules).
if ! cmp -s package-lock.json node_modules/.installed-lock.json 2>/dev/null; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json node_modules/.installed-lock.json
fi
npx --no-install tsc --noEmit -p .
node build.mjs
