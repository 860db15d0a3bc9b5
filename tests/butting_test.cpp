// Butting (Rules::butting, RULES.md §1.3, §1.9 BUTT, §4.3): the capricorn (capricorn, poloschach), every man
// (butters) and alice+capricorn, with the example §9.21. Hand-made positions; every expected move list, FEN
// and SAN is worked out by hand in the comments.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "notation/error.hpp"
#include "notation/fen.hpp"
#include "notation/move_text.hpp"
#include "rules/kernel.hpp"
#include "support.hpp"
#include "variants/registry.hpp"

using namespace hc;

namespace {

using test::legal;

using test::in_check;

// Plays one move (UCI) from `fen`: its SAN, the FEN after it and the journal's butt removals.
struct Played {
  std::string san, fen;
  int butted = 0;
};
Played play(const std::string& variant, const std::string& fen, const std::string& uci) {
  Variant v = make_variant(variant);
  Position pos;
  set_fen(pos, v, fen);
  const Move m = parse_uci(pos, uci);
  Played p;
  p.san = to_san(pos, m);
  Undo u;
  pos.ops().make(pos, m, u);
  for (int i = 0; i < u.count; ++i) p.butted += !u.effects[i].put && u.effects[i].cause == Cause::kButt;
  p.fen = to_fen(pos);
  return p;
}

// RULES.md §9.21: White capricorn e1; Black men d5, d6, e7, f5 (kings added on a1 and h8, out of the way).
// Ce6 removes all four: each is next to e6. SAN writes the removal as a capture.
TEST(Butting, CapricornExampleOfTheRules) {
  const Played p = play("capricorn", "7k/4p3/3p4/3p1p2/8/8/8/K3C3 w - - 0 1", "e1e6");
  EXPECT_EQ(p.fen, "7k/8/4C3/8/8/8/8/K7 b - - 0 1");
  EXPECT_EQ(p.butted, 4);
  EXPECT_EQ(p.san, "Cxe6");
  // The sources write the move without the x: both spellings name it.
  {
    Variant v = make_variant("capricorn");
    Position pos;
    set_fen(pos, v, "7k/4p3/3p4/3p1p2/8/8/8/K3C3 w - - 0 1");
    EXPECT_EQ(to_uci(parse_san(pos, "Ce6")), "e1e6");
    EXPECT_EQ(to_uci(parse_san(pos, "Cxe6")), "e1e6");
  }
  // poloschach: the same rules.
  EXPECT_EQ(play("poloschach", "7k/4p3/3p4/3p1p2/8/8/8/K3C3 w - - 0 1", "e1e6").fen, p.fen);
}

// A capricorn never captures by displacement: from a1 it reaches a2-a4 (the pawn on a5 stops it, not taken)
// and b1-d1. Ca4 butts the enemy pawn a5; the own pawn b4 beside a4 stays.
TEST(Butting, CapricornMovesToEmptySquaresAndSparesFriends) {
  const auto moves = legal("capricorn", "4k3/8/8/p7/1P6/8/8/C3K3 w - - 0 1");
  for (const char* m : {"a1a2", "a1a3", "a1a4", "a1b1", "a1c1", "a1d1"})
    EXPECT_NE(std::find(moves.begin(), moves.end(), m), moves.end()) << m;
  EXPECT_EQ(std::find(moves.begin(), moves.end(), "a1a5"), moves.end());
  const Played p = play("capricorn", "4k3/8/8/p7/1P6/8/8/C3K3 w - - 0 1", "a1a4");
  EXPECT_EQ(p.fen, "4k3/8/8/8/CP6/8/8/4K3 b - - 0 1");
  EXPECT_EQ(p.butted, 1);
}

// Check is butting reach: the capricorn d1 can move to d7 or d8, next to the king e8. The king may not go to
// d8 (d7 reachable), d7 (d6) or e7 (d6, d7, d8): only Kf7 and Kf8 are left.
TEST(Butting, CheckIsButtingReach) {
  EXPECT_TRUE(in_check("capricorn", "4k3/8/8/8/8/8/8/3CK3 b - - 0 1"));
  EXPECT_EQ(legal("capricorn", "4k3/8/8/8/8/8/8/3CK3 b - - 0 1"),
            (std::vector<std::string>{"e8f7", "e8f8"}));
  // A capricorn next to the king whose lines are all blocked reaches nothing: no check (king e8, capricorn
  // d8 walled in by the knights c8 and d7 and the king).
  EXPECT_FALSE(in_check("capricorn", "2nCk3/3n4/8/8/8/8/8/4K3 b - - 0 1"));
}

// Castling with the capricorn in the rook's role; the castled capricorn does not butt (the knight f2 next to
// its arrival f1 stays; the knight attacks neither e1, f1 nor g1). In butters castling is a king move, and
// the king butts: the pawn h2 next to g1 goes (it has no move itself, h1 being occupied, so it attacks
// nothing: no check before castling).
TEST(Butting, Castling) {
  const Played c = play("capricorn", "4k3/8/8/8/8/8/5n2/4K2C w K - 0 1", "e1g1");
  EXPECT_EQ(c.fen, "4k3/8/8/8/8/8/5n2/5CK1 b - - 1 1");
  EXPECT_EQ(c.butted, 0);
  const Played b = play("butters", "4k3/8/8/8/8/8/7p/4K2R w K - 0 1", "e1g1");
  EXPECT_EQ(b.fen, "4k3/8/8/8/8/8/8/5RK1 b - - 0 1");
  EXPECT_EQ(b.butted, 1);
}

// A pawn promotes to Q, C, B or N where the rooks are capricorns, and a promotion is a pawn's move: the new
// capricorn does not butt (the pawn b7 beside a8 stays).
TEST(Butting, PromotionToCapricorn) {
  EXPECT_EQ(legal("capricorn", "4k3/Pp6/8/8/8/8/8/4K3 w - - 0 1"),
            (std::vector<std::string>{"a7a8b", "a7a8c", "a7a8n", "a7a8q", "e1d1", "e1d2", "e1e2", "e1f1",
                                      "e1f2"}));
  const Played p = play("capricorn", "4k3/Pp6/8/8/8/8/8/4K3 w - - 0 1", "a7a8c");
  EXPECT_EQ(p.fen, "C3k3/1p6/8/8/8/8/8/4K3 b - - 0 1");
  EXPECT_EQ(p.butted, 0);
}

// Butters: the pawn e2 moves straight ahead only (no diagonal capture, none is possible here anyway) and
// butts the pawn d4 from e3 (or e4). The king may not go to d2: the pawn d4 can step to d3, next to it.
TEST(Butting, ButtersPawnAndKing) {
  EXPECT_EQ(legal("butters", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1"),
            (std::vector<std::string>{"e1d1", "e1f1", "e1f2", "e2e3", "e2e4"}));
  const Played p = play("butters", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "e2e3");
  EXPECT_EQ(p.fen, "4k3/8/8/8/8/4P3/8/4K3 b - - 0 1");
  EXPECT_EQ(p.butted, 1);
  // No displacement: the knight c3 does not take the pawn d5; it may go to e4, next to d5, and butt it.
  const auto moves = legal("butters", "4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1");
  EXPECT_EQ(std::find(moves.begin(), moves.end(), "c3d5"), moves.end());
  EXPECT_EQ(play("butters", "4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1", "c3e4").fen, "4k3/8/8/8/4N3/8/8/4K3 b - - 0 1");
}

// alice+capricorn (composition decision): the butt is the move's capture effect, made on the board the move
// is played on; the capricorn then passes to the other board. §9.21 on board A with a Black pawn on f7 of
// board B: the four men of A go, the pawn of B stays, the capricorn stands on e6 of B.
TEST(Butting, AliceButtsOnTheBoardOfTheMove) {
  const Played p = play("alice+capricorn", "7k/4p|p2/3p4/3p1p2/8/8/8/K3C3 w - - 0 1", "e1e6");
  EXPECT_EQ(p.fen, "7k/5|p2/4|C3/8/8/8/8/K7 b - - 0 1");
  EXPECT_EQ(p.butted, 4);
  // Butting reach needs a square the capricorn can move to: vacant on the other board too. With d7 and d8
  // of board B occupied, the capricorn d1 of A reaches no square next to the king e8: no check.
  EXPECT_TRUE(in_check("alice+capricorn", "4k3/8/8/8/8/8/8/3CK3 b - - 0 1"));
  EXPECT_FALSE(in_check("alice+capricorn", "3|nk3/3|n4/8/8/8/8/8/3CK3 b - - 0 1"));
}

// Chess positions never contain a capricorn: the FEN reader refuses one where the rules have none.
TEST(Butting, NoCapricornOutsideItsRules) {
  Position pos;
  const Variant chess = make_variant("chess");
  EXPECT_THROW(set_fen(pos, chess, "4k3/8/8/8/8/8/8/3CK3 w - - 0 1"), NotationError);
  const Variant butters = make_variant("butters");
  EXPECT_THROW(set_fen(pos, butters, "4k3/8/8/8/8/8/8/3CK3 w - - 0 1"), NotationError);
}

// Compositions whose meeting rules are not written are refused with a reason, not played wrongly: butting with
// paralysis (observation would be butting reach), the capricorn with the imitation of the last man's type
// (last=c names castling), butting with a sweep (both remove men after a move: one capture dimension).
TEST(Butting, UnwrittenCompositionsAreRefused) {
  EXPECT_THROW(make_variant("capricorn+madras"), VariantError);
  EXPECT_THROW(make_variant("butters+madras"), VariantError);
  EXPECT_THROW(make_variant("equivalent-marseillais+capricorn"), VariantError);
  EXPECT_THROW(make_variant("capricorn+spite"), VariantError);
  EXPECT_NO_THROW(make_variant("marseillais+capricorn"));
}

}  // namespace
