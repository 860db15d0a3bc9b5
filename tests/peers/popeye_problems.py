#!/usr/bin/env python3
"""Problems solved by Popeye, stored for the comparison with our solver (issue 13).

    tests/peers/popeye_problems.py generate --count N [--seed S] > FILE.tsv
    tests/peers/popeye_problems.py answer FILE.tsv [--popeye PY] [--max-time S]    (rewrites FILE.tsv)
    tests/peers/popeye_problems.py select FILE.tsv --solved K --unsolved J [--seed S] > OUT.tsv
    tests/peers/popeye_problems.py compare FILE.tsv [--heterochess BIN]    (agreement counts per stipulation)
    tests/peers/popeye_problems.py bench FILE.tsv... [--popeye PY] [--heterochess BIN]    (speed beside Popeye)

`generate` composes random problems of orthodox chess (or, with --variant alice, of Alice chess, some men on
board B: Popeye's AliceChess condition): a few men on the board (kings not in contact, no man
attacking the king of the side not to move, pawns off the first and last ranks, castling rights where a king
and a rook stand on their squares), each with a stipulation drawn from every play and goal the solver knows,
and the side to move that Popeye gives the stipulation (White in #n, s#n, r#n, ser-#n, ser-s#n, h#n.5 and the
direct goals; Black in h#n and ser-h#n, which Popeye starts with Black). Rows: id, variant, FEN, stipulation,
and the solutions column (empty until `answer`).

`select` keeps, per stipulation, K answered rows with solutions and J without (random problems are mostly
without: the selection makes a set where most rows have something to agree on).

`bench` solves every row with both solvers, one after the other, and prints per stipulation family the total
of each solver's own solving time (Popeye's "Time = …", our JSON time_ms: process start and input reading left
out) and their ratio, then the totals; not a test (the machine's load moves it).

`answer` runs Popeye (tests/peers/build_popeye.sh) on every row and writes its solutions, in play order and in
UCI coordinates, each solution's moves separated by spaces, the solutions sorted and joined by ';' ('-' for
none). A row Popeye rejects or does not finish within --max-time is dropped, with a note on stderr.

The comparison itself is the ctest `problems_test` (tests/problems_test.cpp), which solves every row with our
solver and requires the same set; Popeye need not run for it.
"""
import argparse
import random
import re
import subprocess
import sys

FILES = "abcdefgh"
# Stipulations and the side Popeye starts them with.
STIPULATIONS = [
    ("#1", "w"), ("#2", "w"), ("#3", "w"), ("=1", "w"), ("=2", "w"), ("+1", "w"), ("x1", "w"), ("~1", "w"),
    ("h#1", "b"), ("h#1.5", "w"), ("h#2", "b"), ("h#2.5", "w"), ("h#3", "b"), ("h=1", "b"), ("h=2", "b"),
    ("h+1", "b"), ("hx2", "b"), ("h~1", "b"),
    ("s#1", "w"), ("s#2", "w"), ("s=1", "w"), ("r#1", "w"), ("r#2", "w"), ("semi-r#1", "w"), ("semi-r#2", "w"),
    ("ser-#2", "w"), ("ser-#3", "w"), ("ser-=3", "w"), ("ser-h#2", "b"), ("ser-h#3", "b"), ("ser-s#2", "w"),
    ("ser-+2", "w"), ("ser-h=2", "b"),
]
PIECE_LETTERS = {"k": "K", "q": "Q", "r": "R", "b": "B", "n": "S", "p": "P"}


def square(i):
    return FILES[i % 8] + str(i // 8 + 1)


def attacks(board, frm, to):
    """Does the man on frm attack square to (orthodox, on one board: `board` holds that board's men)?"""
    piece = board[frm]
    kind = piece.lower()
    fx, fy, tx, ty = frm % 8, frm // 8, to % 8, to // 8
    dx, dy = tx - fx, ty - fy
    if kind == "k":
        return max(abs(dx), abs(dy)) == 1
    if kind == "n":
        return sorted((abs(dx), abs(dy))) == [1, 2]
    if kind == "p":
        up = 1 if piece.isupper() else -1
        return dy == up and abs(dx) == 1
    lines = []
    if kind in "rq":
        lines.append(dx == 0 or dy == 0)
    if kind in "bq":
        lines.append(abs(dx) == abs(dy))
    if not any(lines) or (dx == 0 and dy == 0):
        return False
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    x, y = fx + sx, fy + sy
    while (x, y) != (tx, ty):
        if board.get(y * 8 + x):
            return False
        x, y = x + sx, y + sy
    return True


def random_problem(rng, variant, only=None):
    stip, side = rng.choice([x for x in STIPULATIONS if not only or x[0] in only])
    while True:
        board, on_b = {}, set()  # on_b: Alice's board B
        men = ["K", "k"]
        men += [rng.choice("QRRBBNNPPP") for _ in range(rng.randint(1, 3) + (side == "w"))]
        # Self and reflex play need the other side armed (it is to deliver the mate).
        forced = re.sub(r"^ser-", "", stip).startswith(("s", "r", "semi"))
        men += [rng.choice("qrrbbnnppp").lower() for _ in range(rng.randint(2, 4) if forced else rng.randint(0, 3))]
        ok = True
        for man in men:
            for _ in range(100):
                s = rng.randrange(64)
                if s in board or (man in "Pp" and s // 8 in (0, 7)):
                    continue
                board[s] = man
                if variant == "alice" and rng.random() < 0.4:
                    on_b.add(s)
                break
            else:
                ok = False
        if not ok:
            continue
        kings = {c: next(s for s, m in board.items() if m == ("K" if c == "w" else "k")) for c in "wb"}
        wk, bk = kings["w"], kings["b"]
        if max(abs(wk % 8 - bk % 8), abs(wk // 8 - bk // 8)) <= 1:
            continue
        other = "b" if side == "w" else "w"
        enemy_of_other = [s for s, m in board.items() if (m.isupper() if other == "b" else m.islower())]
        same = {q: m for q, m in board.items() if (q in on_b) == (kings[other] in on_b)}
        if any(attacks(same, s, kings[other]) for s in enemy_of_other if s in same):
            continue
        break
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            m = board.get(r * 8 + f)
            if m:
                row += (str(empty) if empty else "") + ("|" if r * 8 + f in on_b else "") + m
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    castling = ""
    if board.get(4) == "K":
        castling += ("K" if board.get(7) == "R" else "") + ("Q" if board.get(0) == "R" else "")
    if board.get(60) == "k":
        castling += ("k" if board.get(63) == "r" else "") + ("q" if board.get(56) == "r" else "")
    fen = f"{'/'.join(rows)} {side} {castling or '-'} - 0 1"
    return fen, stip


def popeye_input(variant, fen, stip):
    placement = fen.split()[0]
    groups = {}  # (colour, board) -> men
    for r, row in enumerate(placement.split("/")):
        f, board_b = 0, False
        for ch in row:
            if ch == "|":
                board_b = True
                continue
            if ch.isdigit():
                f += int(ch)
                continue
            key = ("White" if ch.isupper() else "Black", board_b)
            groups.setdefault(key, []).append(PIECE_LETTERS[ch.lower()] + FILES[f] + str(8 - r))
            f, board_b = f + 1, False
    pieces = " ".join(f"{colour}{' AliceB' if b else ''} {' '.join(men)}" for (colour, b), men in sorted(groups.items()))
    condition = "Condition AliceChess\n" if variant == "alice" else ""
    return f"BeginProblem\n{condition}Stipulation {stip}\nOption NoBoard\nPieces {pieces}\nEndProblem\n"


MOVE = re.compile(r"(0-0-0|0-0|[KQRBSP]?([a-h][1-8])[-*]([a-h][1-8])(?:=([QRBS]))?)")


def to_uci(token, mover):
    if token.startswith("0-0"):
        rank = "1" if mover == "w" else "8"
        return "e" + rank + ("c" if token == "0-0-0" else "g") + rank
    m = MOVE.fullmatch(token)
    promo = m.group(4)
    return m.group(2) + m.group(3) + ({"S": "n"}.get(promo, promo.lower()) if promo else "")


def parse_solutions(out, fen, stip):
    """Popeye's solutions as UCI move lists; movers follow from the stipulation."""
    side = fen.split()[1]
    other = "b" if side == "w" else "w"
    series = stip.startswith("ser-")
    battle = not series and not stip.startswith("h")
    sols = set()
    for line in out.splitlines():
        if not re.match(r"^\s+1\.", line):
            continue
        if battle:
            if not line.rstrip().endswith("!"):
                continue  # a try or a refutation
        moves = [m.group(1) for m in MOVE.finditer(line)]
        if battle:
            moves = moves[:1]
        uci = []
        for i, tok in enumerate(moves):
            if series:
                final_other = not stip[4:].startswith(("#", "=", "+")) and i == len(moves) - 1 and i > 0
                mover = other if final_other else side
            else:
                mover = side if i % 2 == 0 else other
            uci.append(to_uci(tok, mover))
        sols.add(" ".join(uci))
    return sorted(sols)


def compare(args):
    import json
    import time
    from collections import defaultdict
    agree, differ = defaultdict(int), defaultdict(int)
    ours_time = 0.0
    for line in open(args.file).read().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        pid, variant, fen, stip, sols = line.split("\t")[:5]
        t0 = time.time()
        p = subprocess.run([args.heterochess, "solve", "--json", "--variant", variant, "--fen", fen, "-s", stip,
                            "--max-solutions", "100000"], capture_output=True, text=True)
        ours_time += time.time() - t0
        out = json.loads(p.stdout)
        if "error" in out:
            print(f"{pid} {stip}: error {out['error']}")
            differ[stip] += 1
            continue
        ours = sorted(" ".join(s) for s in out["problems"][0]["solutions"])
        theirs = [] if sols == "-" else sols.split(";")
        family = re.sub(r"\d+(\.5)?$", "", stip)
        if ours == sorted(theirs):
            agree[family] += 1
        else:
            differ[family] += 1
            only_ours = sorted(set(ours) - set(theirs))
            only_theirs = sorted(set(theirs) - set(ours))
            print(f"{pid} {stip} {fen}: ours {len(ours)} popeye {len(theirs)}; only ours {only_ours[:3]}; "
                  f"only popeye {only_theirs[:3]}")
    for fam in sorted(set(agree) | set(differ)):
        print(f"{fam:10} agree {agree[fam]:4}  differ {differ[fam]:4}")
    print(f"total agree {sum(agree.values())} differ {sum(differ.values())}; our solver {ours_time:.1f} s "
          f"(process starts included)")


def bench(args):
    import json
    from collections import defaultdict
    popeye = args.popeye or subprocess.run(["tests/peers/build_popeye.sh"], check=True, capture_output=True,
                                           text=True).stdout.strip()
    ours_t, theirs_t, count = defaultdict(float), defaultdict(float), defaultdict(int)
    for path in args.files:
        for line in open(path).read().splitlines():
            if line.startswith("#") or not line.strip():
                continue
            pid, variant, fen, stip = line.split("\t")[:4]
            family = re.sub(r"\d+(\.5)?$", "", stip)
            p = subprocess.run([popeye, "-maxmem", "256M"], input=popeye_input(variant, fen, stip),
                               capture_output=True, text=True)
            m = re.search(r"Time = ([0-9.]+) s", p.stdout)
            q = subprocess.run([args.heterochess, "solve", "--json", "--variant", variant, "--fen", fen, "-s", stip,
                                "--max-solutions", "1000000"], capture_output=True, text=True)
            if not m or q.returncode != 0:
                print(f"{pid}: skipped (no time from one of them)", file=sys.stderr)
                continue
            theirs_t[family] += float(m.group(1))
            ours_t[family] += json.loads(q.stdout)["problems"][0]["time_ms"] / 1000
            count[family] += 1
    print(f"{'stipulation':12} {'problems':>8} {'ours s':>9} {'Popeye s':>9} {'Popeye/ours':>11}")
    for fam in sorted(count):
        ratio = theirs_t[fam] / ours_t[fam] if ours_t[fam] > 0 else float("inf")
        print(f"{fam:12} {count[fam]:8} {ours_t[fam]:9.3f} {theirs_t[fam]:9.3f} {ratio:11.1f}")
    o, t = sum(ours_t.values()), sum(theirs_t.values())
    print(f"{'total':12} {sum(count.values()):8} {o:9.3f} {t:9.3f} {t / o if o else float('inf'):11.1f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--count", type=int, required=True)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--prefix", default="r")
    g.add_argument("--variant", default="chess", choices=["chess", "alice"])
    g.add_argument("--only", default="", help="comma-separated stipulations to draw from (default: all)")
    g.add_argument("--heterochess", default="build/src/heterochess")
    a = sub.add_parser("answer")
    a.add_argument("file")
    a.add_argument("--popeye", default=None)
    a.add_argument("--max-time", type=int, default=20)
    sl = sub.add_parser("select")
    sl.add_argument("file")
    sl.add_argument("--solved", type=int, required=True)
    sl.add_argument("--unsolved", type=int, required=True)
    sl.add_argument("--seed", type=int, default=1)
    b = sub.add_parser("bench")
    b.add_argument("files", nargs="+")
    b.add_argument("--popeye", default=None)
    b.add_argument("--heterochess", default="build/src/heterochess")
    c = sub.add_parser("compare")
    c.add_argument("file")
    c.add_argument("--heterochess", default="build/src/heterochess")
    args = ap.parse_args()
    if args.cmd == "compare":
        return compare(args)
    if args.cmd == "bench":
        return bench(args)
    if args.cmd == "select":
        rng = random.Random(args.seed)
        rows = [l for l in open(args.file).read().splitlines() if l.strip() and not l.startswith("#")]
        rng.shuffle(rows)
        kept, count = [], {}
        for row in rows:
            cols = row.split("\t")
            if cols[4].count(";") >= 500:
                continue  # a row of hundreds of solutions says little more and weighs a lot
            key = (cols[3], cols[4] != "-")
            if count.get(key, 0) < (args.solved if key[1] else args.unsolved):
                count[key] = count.get(key, 0) + 1
                kept.append(row)
        order = {s: i for i, (s, _) in enumerate(STIPULATIONS)}
        kept.sort(key=lambda r: (order.get(r.split("\t")[3], 99), int(re.sub(r"\D", "", r.split("\t")[0]))))
        print("# id\tvariant\tfen\tstipulation\tsolutions (Popeye's, UCI; tests/peers/popeye_problems.py)")
        for row in kept:
            print(row)
        return
    if args.cmd == "generate":
        rng = random.Random(args.seed)
        import json
        print("# id\tvariant\tfen\tstipulation\tsolutions (Popeye's, UCI; tests/peers/popeye_problems.py)")
        i = 0
        while i < args.count:
            fen, stip = random_problem(rng, args.variant, args.only.split(",") if args.only else None)
            # A side to move without a legal move (already mate or stalemate) is no problem: drawn again.
            p = subprocess.run([args.heterochess, "moves", "--json", "--variant", args.variant, "--fen", fen],
                               capture_output=True, text=True)
            if p.returncode != 0 or json.loads(p.stdout)["count"] == 0:
                continue
            i += 1
            print(f"{args.prefix}{i}\t{args.variant}\t{fen}\t{stip}\t")
        return
    popeye = args.popeye or subprocess.run(["tests/peers/build_popeye.sh"], check=True, capture_output=True,
                                           text=True).stdout.strip()
    lines = open(args.file).read().splitlines()
    out_lines, dropped = [], 0
    for line in lines:
        if line.startswith("#") or not line.strip():
            out_lines.append(line)
            continue
        cols = line.split("\t")
        pid, variant, fen, stip = cols[:4]
        if variant not in ("chess", "alice"):
            out_lines.append(line)
            continue
        try:
            p = subprocess.run([popeye, "-maxtime", str(args.max_time), "-regression"],
                               input=popeye_input(variant, fen, stip), capture_output=True, text=True,
                               timeout=args.max_time + 10)
        except subprocess.TimeoutExpired:
            p = None
        if p is None or p.stderr.strip() or "solution finished" not in p.stdout or \
                "can capture the king" in p.stdout or "maximum time" in p.stdout.lower():
            why = "timeout" if p is None else (p.stderr.strip() or p.stdout.strip().splitlines()[-1:])
            print(f"{pid}: dropped ({why})", file=sys.stderr)
            dropped += 1
            continue
        sols = parse_solutions(p.stdout, fen, stip)
        out_lines.append("\t".join([pid, variant, fen, stip, ";".join(sols) if sols else "-"]))
    open(args.file, "w").write("\n".join(out_lines) + "\n")
    print(f"answered {sum(1 for l in out_lines if l and not l.startswith('#'))} rows, dropped {dropped}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
