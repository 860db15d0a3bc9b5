// Sides that differ (RULES.md §3.3, two moves against one): a schedule per colour. Expected values are counted
// by hand from the rules text, not by the code under test.
#include <gtest/gtest.h>

#include "support.hpp"

namespace hc {
namespace {

using test::legal;

// Fixed schedule with Black's own quota: W 2, B 1, W 2 … (double-trouble); W 1, B 2 (black_quota above quota).
TEST(Sides, BlackQuotaPerTurnIndex) {
  Schedule s;
  s.quota = 2;
  s.black_quota = 1;
  EXPECT_EQ(s.static_quota(1), 2u);
  EXPECT_EQ(s.static_quota(2), 1u);
  EXPECT_EQ(s.static_quota(3), 2u);
  EXPECT_EQ(s.static_quota(10), 1u);
  s.quota = 1;
  s.black_quota = 2;
  EXPECT_EQ(s.static_quota(1), 1u);
  EXPECT_EQ(s.static_quota(2), 2u);
  s.white_first_quota = 3;  // White's first turn still has its own quota
  EXPECT_EQ(s.static_quota(1), 3u);
  EXPECT_EQ(s.static_quota(3), 1u);
  EXPECT_EQ(s.static_quota(4), 2u);
}

TEST(Sides, DoubleTroubleQuotas) {
  const Variant v = make_variant("double-trouble");
  Position pos;
  set_fen(pos, v, v.start_fen);
  EXPECT_EQ(pos.state().quota, 2u);
  set_fen(pos, v, "rnbqkbnr/pppp1ppp/8/4p3/4P3/3P4/PPP2PPP/4KB2 b kq - 0 1");
  EXPECT_EQ(pos.state().quota, 1u);
  // Black's one move ends his turn: White is to move with a fresh quota of two.
  Undo u;
  pos.ops().make(pos, parse_uci(pos, "b8c6"), u);
  EXPECT_EQ(pos.state().side, kWhite);
  EXPECT_EQ(pos.state().made, 0u);
  EXPECT_EQ(pos.state().quota, 2u);
}

// White may not give check with his first move; his second may.
TEST(Sides, DoubleTroubleFirstMoveMayNotCheck) {
  const Variant v = make_variant("double-trouble");
  // King e1: d1, e2, f2 (d2 is his pawn). Bishop f1: e2, d3, c4, a6, g2, h3 — b5 would check e8 along
  // b5-c6-d7. Pawn d2: d3, d4. Each leaves a second move, so D-5 removes none: 3 + 6 + 2 = 11.
  const std::string fen = "4k3/8/8/8/8/8/3P4/4KB2 w - - 0 1";
  EXPECT_EQ(legal("double-trouble", fen),
            (std::vector<std::string>{"d2d3", "d2d4", "e1d1", "e1e2", "e1f2", "f1a6", "f1c4", "f1d3", "f1e2",
                                      "f1g2", "f1h3"}));
  // After d2d4 the bishop's b5 (check) is a legal second move.
  Position pos;
  set_fen(pos, v, fen);
  Undo u1, u2;
  pos.ops().make(pos, parse_uci(pos, "d2d4"), u1);
  const std::vector<std::string> second = legal(pos);
  EXPECT_NE(std::find(second.begin(), second.end(), "f1b5"), second.end());
  pos.ops().make(pos, parse_uci(pos, "f1b5"), u2);
  EXPECT_EQ(pos.state().side, kBlack);
  EXPECT_TRUE(test::in_check("double-trouble", to_fen(pos)));
}

// In check, White must escape with his first move, and that escape may not give check. The black rook a1 checks
// the king e1 along the first rank; White also has a pawn d2 and a bishop f3. Escapes: the king to e2 or f2 (d1
// and f1 stay on the rank, d2 is his pawn) and Bd1 interposing (f3-e2-d1); nothing captures the rook.
TEST(Sides, DoubleTroubleEscapeFirst) {
  EXPECT_EQ(legal("double-trouble", "7k/8/8/8/8/5B2/3P4/r3K3 w - - 0 1"),
            (std::vector<std::string>{"e1e2", "e1f2", "f3d1"}));
  // With the black king on a4, Bd1 would check it (d1-c2-b3-a4): that escape is illegal as a first move.
  EXPECT_EQ(legal("double-trouble", "8/8/8/8/k7/5B2/3P4/r3K3 w - - 0 1"),
            (std::vector<std::string>{"e1e2", "e1f2"}));
}

}  // namespace
}  // namespace hc
