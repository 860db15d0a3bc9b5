#!/usr/bin/env bash
# Load benchmark of the play server (not a test; the figures depend on the machine). Starts `heterochess serve`
# on a free loopback port with a scratch data directory, creates GAMES Marseillais games, then
#   1. reads: Debian's wrk, 2 threads, CONNS connections, SECONDS seconds of GET /api/games/{id} across the games;
#   2. writes: 8 client threads submit 6 whole turns in each game (every turn committed before it is answered).
# Prints requests per second, latency percentiles and errors. Traffic goes to 127.0.0.1 only, bounded in time.
# (The per-address creation limit is off for this run: every game comes from 127.0.0.1.)
#   scripts/server_load.sh [GAMES] [CONNS] [SECONDS]      (defaults 100, 50, 10)
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-100} conns=${2:-50} secs=${3:-10}
scripts/setup.sh
for tool in wrk python3; do
  command -v "$tool" >/dev/null || { apt-get install -y -qq "$tool" >/dev/null || exit 2; }
done
scripts/build.sh
work=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null; rm -rf "$work"' EXIT
build/src/heterochess serve --port 0 --data "$work/data" --games-per-minute 0 >"$work/serve.log" 2>&1 &
pid=$!
for _ in $(seq 50); do grep -q listening "$work/serve.log" && break; sleep 0.1; done
url=$(sed -n 's/^listening on \(http:[^ ]*\).*/\1/p' "$work/serve.log")
[ -n "$url" ] || { cat "$work/serve.log" >&2; exit 2; }
echo "server: $url, $games games, reads: $conns connections for $secs s"
python3 - "$url" "$games" "$work" <<'EOF'
import json, sys, urllib.request
url, games, work = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rows = []
for _ in range(games):
    req = urllib.request.Request(url + "/api/games", method="POST",
                                 data=json.dumps({"variant": "marseillais", "opponent": "human"}).encode())
    g = json.load(urllib.request.urlopen(req))
    rows.append((g["game"]["id"], g["token"], g["invite_token"]))
with open(work + "/games.json", "w") as f:
    json.dump(rows, f)
with open(work + "/get.lua", "w") as f:
    f.write("ids={" + ",".join('"%s"' % r[0] for r in rows) + "}\nn=0\n"
            "request=function() n=n+1 return wrk.format('GET','/api/games/'..ids[(n%#ids)+1]) end\n")
EOF
echo "== reads (wrk)"
wrk -t2 -c"$conns" -d"${secs}s" --latency -s "$work/get.lua" "$url" |
  grep -E 'Requests/sec|Latency|50%|99%|requests in|Non-2xx|Socket errors'
echo "== writes (8 clients, 6 turns a game)"
python3 - "$url" "$work" <<'EOF'
import json, sys, threading, time, urllib.error, urllib.request
url, work = sys.argv[1], sys.argv[2]
rows = json.load(open(work + "/games.json"))
turns = ["e2e4,d2d4", "e7e5,d7d5", "g1f3,b1c3", "g8f6,b8c6", "f1b5,e1g1", "f8b4,e8g8"]
lat, errors = [], [0]
def client(chunk):
    for gid, white, black in chunk:
        for k, t in enumerate(turns):
            body = json.dumps({"token": white if k % 2 == 0 else black, "turn": t}).encode()
            t0 = time.time()
            try:
                urllib.request.urlopen(urllib.request.Request(url + "/api/games/%s/turn" % gid, data=body, method="POST"))
            except urllib.error.URLError:
                errors[0] += 1
            lat.append(time.time() - t0)
start = time.time()
threads = [threading.Thread(target=client, args=(rows[i::8],)) for i in range(8)]
for t in threads: t.start()
for t in threads: t.join()
took = time.time() - start
lat.sort()
print("%d turns in %.2f s: %.0f turns/s, p50 %.1f ms, p99 %.1f ms, errors %d" %
      (len(lat), took, len(lat) / took, 1000 * lat[len(lat) // 2], 1000 * lat[int(len(lat) * 0.99)], errors[0]))
EOF
