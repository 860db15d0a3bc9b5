// The series-mover pruning (src/engine/mate_bound.hpp, issue 3 §2) must never cut a mate: on random sparse
// positions the solver finds the same keys with and without it, and many of those positions have mates, so
// the comparison is not vacuous. Then the Progressive mates of RULES.md §9 that need it.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "engine/mate_bound.hpp"
#include "engine/solver.hpp"
#include "support.hpp"

using namespace hc;

namespace {

std::vector<std::string> key_texts(const SolveResult& r) {
  std::vector<std::string> keys;
  for (const auto& k : r.keys) {
    std::vector<std::string> t;
    for (Move m : k) t.push_back(to_uci(m));
    keys.push_back(join_turn(t));
  }
  std::sort(keys.begin(), keys.end());
  return keys;
}

// A random legal position: the side to move has its king and 2-4 men, the other side its king (mostly near
// its own back ranks, where mates happen) and 0-5 men. `fullmove` sets the Progressive quota.
std::string random_sparse_fen(std::mt19937_64& rng, const std::string& side, int fullmove) {
  char board[64];
  std::fill(std::begin(board), std::end(board), '.');
  const bool white = side == "w";
  auto place = [&](char man, int rank_lo, int rank_hi) {
    for (;;) {
      const int file = int(rng() % 8);  // two statements: the draws in a fixed order in every build
      const int s = file + 8 * (rank_lo + int(rng() % (rank_hi - rank_lo + 1)));
      if (board[s] == '.') return board[s] = man, s;
    }
  };
  auto cased = [](char c, bool up) { return up ? char(std::toupper(c)) : c; };
  // The defender's king within two ranks of its back rank; the attacker's anywhere.
  place(cased('k', !white), white ? 5 : 0, white ? 7 : 2);
  place(cased('k', white), 0, 7);
  const char kinds[] = "qrbnpp";
  const int attackers = 2 + int(rng() % 3), defenders = int(rng() % 6);
  for (int i = 0; i < attackers; ++i) {
    const char c = kinds[rng() % 6];
    place(cased(c, white), c == 'p' ? 1 : 0, c == 'p' ? 6 : 7);
  }
  for (int i = 0; i < defenders; ++i) {
    const char c = kinds[2 + rng() % 4];
    place(cased(c, !white), c == 'p' ? 1 : 0, c == 'p' ? 6 : 7);
  }
  std::string fen;
  for (int r = 7; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < 8; ++f) {
      const char c = board[8 * r + f];
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) fen += char('0' + empty), empty = 0;
      fen += c;
    }
    if (empty) fen += char('0' + empty);
    if (r) fen += '/';
  }
  return fen + " " + side + " - - 0 " + std::to_string(fullmove);
}

struct Case {
  std::string variant, side;
  int fullmove;
  int mate_in = 1;
};

}  // namespace

TEST(MateBound, NeverCutsAMate) {
  // Quotas 1-4: chess (mate in 2: the bound works in the last turn); Marseillais (2); Progressive White 3,
  // Black 2 and 4; Italian the same.
  const std::vector<Case> cases = {{"chess", "w", 10, 2},          {"marseillais", "w", 10},
                                   {"progressive", "w", 2},        {"progressive", "b", 1},
                                   {"progressive", "b", 2},        {"progressive-italian", "w", 2},
                                   {"progressive-italian", "b", 2}};
  const long per_case = test::env_long("HC_MATE_BOUND_POSITIONS", 120);
  std::mt19937_64 rng(20261122);
  for (const Case& c : cases) {
    Variant v = make_variant(c.variant);
    ASSERT_TRUE(mate_bound_applies(v.rules));
    int compared = 0, mates = 0, pruned = 0;
    for (int tries = 0; compared < per_case && tries < 50 * per_case; ++tries) {
      const std::string fen = random_sparse_fen(rng, c.side, c.fullmove);
      Position pos;
      try {
        set_fen(pos, v, fen);
      } catch (const std::exception&) {
        continue;
      }
      if (pos.ops().checkers(pos, ~pos.side())) continue;  // the side not to move may not stand in check
      if (evaluate(pos).outcome != Outcome::kOngoing) continue;
      SolveOptions opt;
      opt.mate_in = c.mate_in;
      opt.node_limit = 400000;
      opt.mate_bound = false;
      MateSolver plain_solver, bound_solver;
      const SolveResult plain = plain_solver.solve(pos, opt);
      if (!plain.complete) continue;
      opt.mate_bound = true;
      const SolveResult bounded = bound_solver.solve(pos, opt);
      ASSERT_TRUE(bounded.complete) << c.variant << " " << fen;
      ASSERT_EQ(key_texts(bounded), key_texts(plain)) << c.variant << " " << fen;
      const int left = pos.state().quota - pos.state().made;
      mates += plain.mate;
      if (plain.mate && plain.mate_length == 1) {
        EXPECT_LE(mate_lower_bound(pos, pos.side(), left), left) << c.variant << " " << fen;
      }
      pruned += bounded.pruned > 0;
      ++compared;
    }
    EXPECT_EQ(compared, per_case) << c.variant;
    // The comparison means something only if mates occur and the bound actually cuts.
    EXPECT_GE(mates, per_case / 20) << c.variant << ": too few mates among the random positions";
    EXPECT_GE(pruned, per_case / 4) << c.variant << ": the bound never pruned";
    std::printf("%-22s side %s quota %d: %d positions, %d with a mate, %d pruned\n", c.variant.c_str(),
                c.side.c_str(),
                int(make_variant(c.variant).rules.schedule.static_quota(2 * (c.fullmove - 1) +
                                                                        (c.side == "w" ? 1 : 2))),
                compared, mates, pruned);
  }
}

// More men than the covering problem used to number (16): White's 17th man from a1 up, the rook on a4, mates
// in one (Ra8#); the bound must count him, not stop at the king and the 15 pawns below him.
TEST(MateBound, CountsEveryManOfAManySidedArmy) {
  Variant v = make_variant("chess");
  ASSERT_TRUE(mate_bound_applies(v.rules));
  Position pos;
  set_fen(pos, v, "7k/6pp/8/8/R7/PPPPPPPP/1PPPPPPP/K7 w - - 0 1");
  EXPECT_LE(mate_lower_bound(pos, kWhite, 1), 1);
  SolveOptions opt;
  opt.mate_in = 1;
  MateSolver solver;
  const SolveResult r = solver.solve(pos, opt);
  EXPECT_TRUE(r.mate);
  EXPECT_EQ(key_texts(r), std::vector<std::string>{"a4a8"});
}

// §9.10 Boniface's Italian mate: White's 7th series (c4, Kd2, Kc3, Kb4, Nf3, Rd1, Rxd7+) mates; it is among
// the keys (the position has many more: knights reaching f6, other move orders).
TEST(MateBound, ItalianSevenMoveSeries) {
  Variant v = make_variant("progressive-italian");
  Position pos;
  set_fen(pos, v, "2r2bnr/pp1pkppp/4p3/4P3/8/n7/PPP2PPP/4K1NR w K - 0 4");
  MateSolver solver;
  SolveOptions opt;
  opt.mate_in = 1;
  opt.max_solutions = 100000;
  const SolveResult r = solver.solve(pos, opt);
  ASSERT_TRUE(r.mate);
  ASSERT_TRUE(r.complete);
  EXPECT_FALSE(r.truncated);
  const auto keys = key_texts(r);
  EXPECT_TRUE(std::binary_search(keys.begin(), keys.end(), "c2c4,e1d2,d2c3,c3b4,g1f3,h1d1,d1d7"));
  for (const auto& k : keys) EXPECT_EQ(std::count(k.begin(), k.end(), ','), 6) << k;  // full series only
  EXPECT_GT(r.pruned, 0u);
}

// §9.7: after 5 Kd2, Kd3, Kxd4, Kxd5, e6+ every Black reply gives check, "White then mates within seven
// moves": each reply leaves a mate in one series.
TEST(MateBound, Progressive1996EveryReplyIsMated) {
  Variant v = make_variant("progressive");
  for (const char* reply : {"f7e6", "d7e8", "d7c8", "d7c7"}) {
    GameRecord g(v);
    g.set_fen("rn1q1bnr/pp1kpppp/4P3/3K4/8/N7/PPP2PPP/R1Bb1BNR b - - 0 3");
    g.play(parse_uci(g.position(), reply));
    ASSERT_EQ(g.position().side(), kWhite) << reply << " ends Black's series with check";
    MateSolver solver;
    SolveOptions opt;
    opt.mate_in = 1;
    opt.all_solutions = false;
    const SolveResult r = solver.solve(g.position(), opt);
    EXPECT_TRUE(r.mate) << reply;
    EXPECT_TRUE(r.complete) << reply;
  }
}
