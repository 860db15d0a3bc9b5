#!/usr/bin/env bash
# The UI's unit tests (web/test: FEN placement and move effects, under Node), then end-to-end tests of the browser
# UI in a real browser: Debian's chromium driven by playwright-core (tests/e2e),
# against a scratch server on a free port serving the freshly built web/dist. Screenshots go to artifacts/e2e/.
set -euo pipefail
cd "$(dirname "$0")/.."
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo
if [ ! -x /usr/bin/chromium ]; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
[ -x build/src/heterochess ] || { scripts/setup.sh && scripts/build.sh; }
scripts/build_web.sh
echo "e2e: unit tests of the UI modules (web/test)"
(cd web && npm test --silent)
(cd tests/e2e && { cmp -s package-lock.json node_modules/.installed-lock.json 2>/dev/null ||
  { npm ci --no-audit --no-fund --loglevel=error && cp package-lock.json node_modules/.installed-lock.json; }; })

data=$(mktemp -d)
log="$data/server.log"
# Every browser of the suite is 127.0.0.1, creating far more games than one visitor would: the per-address creation
# limit (tested in server_api_test) is off here, or the suite's pace decides whether a game can be created.
# The test variants file adds medieval-men (fers and alfil: tests/e2e/medieval.test.mjs; every_variant plays it too).
build/src/heterochess serve --port 0 --data "$data/db" --web web/dist --games-per-minute 0 \
  --variants tests/data/variants/medieval.toml >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 100); do
  grep -q '^listening on ' "$log" && break
  sleep 0.1
done
url=$(sed -n 's/^listening on \(http:[^ ]*\).*/\1/p' "$log")
[ -n "$url" ] || { cat "$log" >&2; echo "e2e: the server did not start" >&2; exit 1; }
mkdir -p artifacts/e2e
echo "e2e: server at $url, screenshots in artifacts/e2e/"
HC_E2E_URL=$url HC_E2E_ARTIFACTS="$PWD/artifacts/e2e" node --test --test-concurrency=1 tests/e2e/
