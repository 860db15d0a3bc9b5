// Forward-only movement (Rules::movement, RULES.md §3.5 progressive-forwards): men move and attack only
// forward, forward-diagonally and (rook, queen, king) sideways; a quiet sideways move must be followed by a
// forward move; a stalemated side wins. Expected values are counted by hand from the rules text, not by the
// code under test.
#include <gtest/gtest.h>

#include "rules/game.hpp"
#include "support.hpp"

namespace hc {
namespace {

using Moves = std::vector<std::string>;
using test::legal;

constexpr const char* kId = "progressive-forwards";

// A knight has only its four forward leaps; a bishop its forward diagonals. Knight d4 (White, one-move turn):
// c6, e6 (two up), b5, f5 (one up); the king on h1 steps g2, h2 (g1 is sideways and cannot be the last move).
TEST(ForwardOnly, KnightAndBishopMoveForwardOnly) {
  EXPECT_EQ(legal(kId, "7k/8/8/8/3N4/8/8/7K w - - 0 1"),
            (Moves{"d4b5", "d4c6", "d4e6", "d4f5", "h1g2", "h1h2"}));
  // Bishop d4: a7, b6, c5 and e5, f6, g7, h8 (the diagonals up; nothing below rank 4; none checks a8).
  EXPECT_EQ(legal(kId, "k7/8/8/8/3B4/8/8/7K w - - 0 1"),
            (Moves{"d4a7", "d4b6", "d4c5", "d4e5", "d4f6", "d4g7", "d4h8", "h1g2", "h1h2"}));
}

// Black moves down the board: a black knight on d5 leaps to c3, e3, b4, f4 only.
TEST(ForwardOnly, BlackMovesDownTheBoard) {
  // Black's turn 2 has two moves; the first may not be Kb8 (sideways) unless a forward move follows: it does
  // (Ka7, Kb7 …), so b8 stays. King a8: a7, b7 (down), b8 (sideways).
  EXPECT_EQ(legal(kId, "k7/8/8/3n4/8/8/8/7K b - - 0 1"),
            (Moves{"a8a7", "a8b7", "a8b8", "d5b4", "d5c3", "d5e3", "d5f4"}));
}

// A quiet sideways move is not legal as the last move of a series, and after it the next move must go
// forward (due=forward in the FEN); a sideways capture needs no follow-up.
TEST(ForwardOnly, SidewaysMoveNeedsAForwardMoveAfterIt) {
  // White's 3-move series, first move: the rook a1 goes up a2-a7 (Ra8+ would be an early check) or sideways
  // b1-d1; the king d2, e2, f2 or sideways d1, f1.
  EXPECT_EQ(legal(kId, "4k3/8/8/8/8/8/8/R3K3 w - - 0 2"),
            (Moves{"a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1b1", "a1c1", "a1d1", "e1d1", "e1d2",
                   "e1e2", "e1f1", "e1f2"}));
  // Last move of the series: no quiet sideways move; Ra8+ now allowed (Italian: the last move may check).
  EXPECT_EQ(legal(kId, "4k3/8/8/8/8/8/8/R3K3 w - - 0 2 made=2"),
            (Moves{"a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "e1d2", "e1e2", "e1f2"}));
  // After Rb1 (sideways, quiet): only forward moves — the rook up the b-file (b8 would check early), the
  // king d2, e2, f2; and the FEN says so.
  Position pos;
  const Variant v = make_variant(kId);
  set_fen(pos, v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 2");
  Undo u;
  pos.ops().make(pos, parse_uci(pos, "a1b1"), u);
  // (field 5 counts turns in the Progressive family: 0 until a turn ends)
  EXPECT_EQ(to_fen(pos), "4k3/8/8/8/8/8/8/1R2K3 w - - 0 2 made=1 due=forward");
  EXPECT_EQ(legal(pos), (Moves{"b1b2", "b1b3", "b1b4", "b1b5", "b1b6", "b1b7", "e1d2", "e1e2", "e1f2"}));
  // A sideways capture as the series' last move: Kxf1 is legal, the quiet Kd1 and Rb1-Rd1 are not.
  EXPECT_EQ(legal(kId, "4k3/8/8/8/8/8/8/R3Kn2 w - - 0 2 made=2"),
            (Moves{"a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "e1d2", "e1e2", "e1f1", "e1f2"}));
}

// Nothing attacks backwards; rook, queen and king also attack sideways (test::in_check: the side to move).
TEST(ForwardOnly, AttacksOnlyWhereMenMayMove) {
  EXPECT_TRUE(test::in_check(kId, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1"));  // the rook a1 along the rank
  EXPECT_FALSE(
      test::in_check(kId, "7k/8/8/8/4K3/8/8/4r3 w - - 0 1"));         // the rook e1 would look up: backwards
  EXPECT_TRUE(test::in_check(kId, "7k/8/8/8/8/8/8/K6R b - - 0 1"));   // the rook h1 looks up the file
  EXPECT_FALSE(test::in_check(kId, "7R/8/8/8/8/8/8/K6k b - - 0 1"));  // the rook h8 would look down
  EXPECT_FALSE(test::in_check(kId, "8/8/8/8/8/3N4/8/K3k3 b - - 0 1"));  // Nd3-e1 is a backward leap
  // Kings attack forward and sideways, not backwards: Kf5 next to Kg4 is legal (g4 attacks f3, g3, h3, f4,
  // h4); Kd4 and Kf4 are quiet sideways moves, not legal as the last move.
  EXPECT_EQ(legal(kId, "8/8/8/8/4K1k1/8/8/8 w - - 0 1"), (Moves{"e4d5", "e4e5", "e4f5"}));
}

// A side with no legal move wins, at the start of its series or during it.
TEST(ForwardOnly, StalemateWins) {
  const Variant v = make_variant(kId);
  Position pos;
  set_fen(pos, v, "7K/8/8/8/8/8/8/k7 w - - 0 5");  // Kg8 is sideways with nothing forward after it
  GameResult r = evaluate(pos);
  EXPECT_EQ(r.outcome, Outcome::kStalemate);
  ASSERT_TRUE(r.winner.has_value());
  EXPECT_EQ(*r.winner, kWhite);
  // During a series: White's last men are on the 8th rank after two moves of five.
  set_fen(pos, v, "B6K/8/8/8/8/8/8/k7 w - - 0 3 made=2");
  r = evaluate(pos);
  EXPECT_EQ(r.outcome, Outcome::kStalemate);
  ASSERT_TRUE(r.winner.has_value());
  EXPECT_EQ(*r.winner, kWhite);
}

}  // namespace
}  // namespace hc
