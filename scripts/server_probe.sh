#!/usr/bin/env bash
# Denial-of-service probe of the play server (issue 9), on loopback only and bounded in count and time. Starts
# `heterochess serve` (default limits) on a free port with a scratch data directory, then runs two attacks from
# 127.0.0.1 while a "victim" at 127.0.0.2 sends GET /api/health every 20 ms (a new connection each time):
#   1. slow headers: SLOW connections, each sending one header line every 4 s and never finishing;
#   2. hint flood: HINTS concurrent POST /api/games/{id}/hint with one valid token for an engine game.
# Prints, per attack, what happened to the attacker's connections and requests, and the victim's latency
# (p50/p99/max) and failures. Exits 1 if a victim request failed or its p99 reached 100 ms, 2 on a setup error.
#   scripts/server_probe.sh [--short] [--slow N] [--hints N] [--bin PATH]
#   (full: 1,100 slow connections and 1,100 hints; --short: 150 and 150, for CI)
set -euo pipefail
cd "$(dirname "$0")/.."
slow=1100 hints=1100 phase_s=16 bin=build/src/heterochess
while (($#)); do
  case $1 in
    --short) slow=150 hints=150 phase_s=12 ;;
    --slow) slow=$2; shift ;;
    --hints) hints=$2; shift ;;
    --bin) bin=$2; shift ;;
    *) echo "usage: scripts/server_probe.sh [--short] [--slow N] [--hints N] [--bin PATH]" >&2; exit 2 ;;
  esac
  shift
done
[[ "$slow" =~ ^[0-9]+$ && "$hints" =~ ^[0-9]+$ && $slow -le 5000 && $hints -le 5000 ]] ||
  { echo "probe: --slow and --hints take 0..5000" >&2; exit 2; }
[ -x "$bin" ] || { scripts/setup.sh && scripts/build.sh; }
work=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT
"$bin" serve --port 0 --data "$work/data" --web "$work/no-ui" >"$work/serve.log" 2>&1 &
server=$!
for _ in $(seq 100); do grep -q '^listening on ' "$work/serve.log" && break; sleep 0.1; done
port=$(sed -n 's/^listening on http:[^ ]*:\([0-9]*\) .*/\1/p' "$work/serve.log")
[ -n "$port" ] || { cat "$work/serve.log" >&2; echo "probe: the server did not start" >&2; exit 2; }
echo "probe: server on 127.0.0.1:$port (pid $server), $slow slow-header connections, $hints hint requests"
python3 - "$port" "$slow" "$hints" "$phase_s" <<'EOF'
import asyncio, json, resource, socket, statistics, sys, threading, time

port, n_slow, n_hints, phase_s = (int(a) for a in sys.argv[1:])
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

def request(method, path, body=None, timeout=30):
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    data = json.dumps(body).encode() if body is not None else b""
    s.sendall(("%s %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: %d\r\n\r\n" %
               (method, path, len(data))).encode() + data)
    out = b""
    while chunk := s.recv(65536):
        out += chunk
    s.close()
    head, _, payload = out.partition(b"\r\n\r\n")
    return int(head.split()[1]), payload

class Victim(threading.Thread):
    """GET /api/health from 127.0.0.2 every 20 ms, a fresh connection each time; 2 s is a failure."""
    def __init__(self):
        super().__init__(daemon=True)
        self.lat, self.failures, self.stop = [], [], threading.Event()
    def run(self):
        while not self.stop.is_set():
            t0 = time.perf_counter()
            try:
                s = socket.socket()
                s.settimeout(2)
                s.bind(("127.0.0.2", 0))
                s.connect(("127.0.0.1", port))
                s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                out = b""
                while chunk := s.recv(4096):
                    out += chunk
                s.close()
                if not out.startswith(b"HTTP/1.1 200") or not out.endswith(b'{"ok":true}'):
                    raise RuntimeError("answer %r" % out[:60])
                self.lat.append(time.perf_counter() - t0)
            except Exception as e:
                self.failures.append(str(e))
            time.sleep(0.02)

def report(name, victim):
    lat = sorted(victim.lat)
    if not lat:
        print("  victim: no answer at all")
        return False
    p = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] * 1000
    print("  victim /api/health from 127.0.0.2: %d requests, p50 %.2f ms, p99 %.2f ms, max %.2f ms, %d failed"
          % (len(lat) + len(victim.failures), p(0.5), p(0.99), lat[-1] * 1000, len(victim.failures)))
    for f in victim.failures[:5]:
        print("    failure:", f)
    return not victim.failures and p(0.99) < 100

async def slow_client(stats, until):
    """Sends a request line, then one header line every 4 s, never the blank line."""
    try:
        r, w = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.1", 0)), 5)
    except Exception:
        stats["connect failed"] += 1
        return
    opened = time.monotonic()
    w.write(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
    i = 0
    while time.monotonic() < until:
        try:
            data = await asyncio.wait_for(r.read(4096), 4)
            if data.startswith(b"HTTP/1.1 503"):
                stats["refused (503, per-address cap)"] += 1
            elif data:
                stats["answered (unexpected)"] += 1
            else:
                stats["cut by the header deadline after %d s" % round(time.monotonic() - opened)] += 1
            w.close()
            return
        except asyncio.TimeoutError:
            pass
        except Exception:
            stats["reset"] += 1
            return
        try:
            w.write(b"X-Slow-%d: %s\r\n" % (i, b"a" * 20))
            await w.drain()
        except Exception:
            stats["reset"] += 1
            return
        i += 1
    stats["still open at the end"] += 1
    w.close()

async def hint_client(stats, path, body):
    try:
        r, w = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.1", 0)), 5)
        w.write(b"POST %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s" %
                (path, len(body), body))
        await w.drain()
        data = await asyncio.wait_for(r.read(), 60)
        w.close()
        if not data:
            stats["closed without an answer"] += 1
        elif b"too many open connections" in data:
            stats["connection refused (503, per-address cap)"] += 1
        elif b"the server is busy" in data:
            stats["503 at once (handler threads and queue full)"] += 1
        elif b"the engine is busy" in data:
            stats["503 after waiting (engine busy)"] += 1
        else:
            stats["answered %s" % data.split()[1].decode()] += 1
    except Exception as e:
        stats["failed: %s" % type(e).__name__] += 1

class Counter(dict):
    def __missing__(self, k):
        return 0

def attack(name, coro_factory):
    victim = Victim()
    victim.start()
    time.sleep(0.5)  # a baseline before the attack
    stats = Counter()
    t0 = time.monotonic()
    asyncio.run(coro_factory(stats))
    took = time.monotonic() - t0
    victim.stop.set()
    victim.join()
    print("== %s (%.1f s)" % (name, took))
    print("  attacker 127.0.0.1: " + ", ".join("%s: %d" % kv for kv in sorted(stats.items())))
    return report(name, victim)

ok = True
if n_slow:
    async def slow_attack(stats):
        until = time.monotonic() + phase_s
        await asyncio.gather(*(slow_client(stats, until) for _ in range(n_slow)))
    ok &= attack("slow headers: %d connections, one header line every 4 s" % n_slow, slow_attack)
if n_hints:
    status, payload = request("POST", "/api/games", {"opponent": "engine", "variant": "chess"})
    game = json.loads(payload)
    path = ("/api/games/%s/hint" % game["id"]).encode()
    body = json.dumps({"token": game["token"]}).encode()
    async def hint_attack(stats):
        await asyncio.gather(*(hint_client(stats, path, body) for _ in range(n_hints)))
    ok &= attack("hint flood: %d concurrent hint requests, one valid token" % n_hints, hint_attack)
print("probe: %s (victim p99 must stay under 100 ms, with no failure)" % ("PASS" if ok else "FAIL"))
sys.exit(0 if ok else 1)
EOF
