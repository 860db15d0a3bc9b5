// tactic_check: verifies the mate-in-one-turn rows of tests/data/tactics.tsv with the reference generator
// only (no engine code). It enumerates every complete turn of the side to move by depth-first search over
// reference::legal_moves / reference::play (a turn is complete when the side to move changes, or when no
// legal move remains mid-turn), and lists the turns after which reference::outcome says "checkmate" or
// "king-captured" for the opponent, or names the mover as the winner (a goal, a stalemate result).
//
//   tactic_check VARIANT FEN          every complete turn counted, the mating turns listed
//   tactic_check --tsv FILE [ID...]   every "mate 1" row (or the rows named): exactly one mating turn, the
//                                     row's best turn; prints one line per row, exit status 1 on a mismatch
//   tactic_check --batch              stdin lines "VARIANT<TAB>FEN": prints "turns<TAB>mates<TAB>first mate"
//
// A position with more than kMaxTurns complete turns is reported as too large rather than enumerated.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "reference.hpp"

namespace ref = hc::reference;

namespace {

constexpr long kMaxTurns = 5000000;

struct Census {
  long turns = 0;
  std::vector<std::string> mates;  // comma-joined UCI turns
  bool too_large = false;
};

char side_of(const std::string& fen) {
  const auto sp = fen.find(' ');
  return sp == std::string::npos ? '?' : fen[sp + 1];
}

std::string join(const std::vector<std::string>& turn) {
  std::string s;
  for (const auto& m : turn) s += (s.empty() ? "" : ",") + m;
  return s;
}

void finish(const std::string& variant, const std::string& fen, char side,
            const std::vector<std::string>& path, Census& c) {
  ++c.turns;
  // A win for the mover: mate, a king captured, or a goal or stalemate result naming the mover as the winner.
  const std::string o = ref::outcome(variant, fen), mover = side == 'w' ? "-white" : "-black";
  const bool named = o.size() > mover.size() && o.compare(o.size() - mover.size(), mover.size(), mover) == 0;
  if (o == "checkmate" || o == "king-captured" || named) c.mates.push_back(join(path));
}

void walk(const std::string& variant, const std::string& fen, char side, std::vector<std::string>& path,
          Census& c) {
  if (c.turns > kMaxTurns) {
    c.too_large = true;
    return;
  }
  const auto moves = ref::legal_moves(variant, fen);
  if (moves.empty()) {  // no move left mid-turn (progressive stalemate, game over): the turn so far is
                        // complete
    if (!path.empty()) finish(variant, fen, side, path, c);
    return;
  }
  for (const auto& m : moves) {
    const std::string next = ref::play(variant, fen, m);
    path.push_back(m);
    if (side_of(next) != side)
      finish(variant, next, side, path, c);
    else
      walk(variant, next, side, path, c);
    path.pop_back();
  }
}

Census census(const std::string& variant, const std::string& fen) {
  Census c;
  std::vector<std::string> path;
  walk(variant, fen, side_of(fen), path, c);
  return c;
}

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> f;
  std::stringstream ss(line);
  for (std::string x; std::getline(ss, x, '\t');) f.push_back(x);
  return f;
}

int check_tsv(const std::string& file, const std::vector<std::string>& only) {
  std::ifstream in(file);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", file.c_str());
    return 2;
  }
  int bad = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#' || line.rfind("id\t", 0) == 0) continue;
    const auto f = split_tabs(line);
    if (f.size() != 6) continue;
    const std::string &id = f[0], &variant = f[1], &fen = f[2], &best = f[3], &verified = f[4];
    if (!only.empty()) {
      bool named = false;
      for (const auto& o : only) named = named || o == id;
      if (!named) continue;
    } else if (verified.rfind("mate 1;", 0) != 0) {
      continue;
    }
    const Census c = census(variant, fen);
    const bool ok = !c.too_large && c.mates.size() == 1 && c.mates[0] == best;
    bad += !ok;
    std::printf("%s\t%s\t%ld complete turns\t%zu mating%s\n", ok ? "ok" : "FAIL", id.c_str(), c.turns,
                c.mates.size(), c.too_large ? " (too large)" : "");
    if (!ok)
      for (const auto& m : c.mates) std::printf("\tmate: %s\n", m.c_str());
  }
  return bad ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (!args.empty() && args[0] == "--tsv" && args.size() >= 2)
      return check_tsv(args[1], std::vector<std::string>(args.begin() + 2, args.end()));
    if (args.size() == 1 && args[0] == "--batch") {
      for (std::string line; std::getline(std::cin, line);) {
        const auto f = split_tabs(line);
        if (f.size() < 2) continue;
        try {
          const Census c = census(f[0], f[1]);
          std::printf("%ld\t%zu\t%s%s\n", c.turns, c.mates.size(), c.mates.empty() ? "-" : c.mates[0].c_str(),
                      c.too_large ? "\ttoo-large" : "");
        } catch (const std::exception& e) {
          std::printf("error\t%s\n", e.what());
        }
        std::fflush(stdout);
      }
      return 0;
    }
    if (args.size() == 2) {
      const Census c = census(args[0], args[1]);
      std::printf("reference: %zu mating turn%s of %ld complete turns%s\n", c.mates.size(),
                  c.mates.size() == 1 ? "" : "s", c.turns,
                  c.too_large ? " (enumeration stopped: too large)" : "");
      for (const auto& m : c.mates) std::printf("mate: %s\n", m.c_str());
      return 0;
    }
    std::fprintf(
        stderr, "usage: tactic_check VARIANT FEN | tactic_check --tsv FILE [ID...] | tactic_check --batch\n");
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tactic_check: %s\n", e.what());
    return 2;
  }
}
