// King capture with a binding check at the start of the turn (RULES.md §1.6 with `escape_first_move` under
// check = "none"), and the turn in which every man that can move must move once (RULES.md §3.7 swarm). The
// expected values are counted by hand from the rules text, not by the code under test.
#include <gtest/gtest.h>

#include "rules/game.hpp"
#include "support.hpp"

namespace hc {
namespace {

using test::legal;

void play(Position& pos, const std::string& uci) {
  Undo u;
  pos.ops().make(pos, parse_uci(pos, uci), u);
}

// In check from the rook on e2 (adjacent, so nothing blocks): the king escapes to d1 or f1 (d2 and f2 are on
// the rook's rank), takes the unguarded rook, or castles to g1 or c1 (D-1: NONE drops castling's attack
// conditions; only the escape is tested, where the king lands). The rooks on a1 and h1 cannot reach e2.
TEST(KingCapture, FirstMoveMustEscapeCheck) {
  EXPECT_EQ(legal("swarm", "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1"),
            (std::vector<std::string>{"e1c1", "e1d1", "e1e2", "e1f1", "e1g1"}));
}

// Not in check at the start: nothing is tested, and the king may step onto squares the enemy attacks.
TEST(KingCapture, MayStepIntoAttackWhenNotInCheck) {
  // White: Ke1, Ra1. Black: Ke8, Rd3 (it attacks the d-file and the 3rd rank). King: d1 (attacked), d2
  // (attacked), e2, f1, f2 = 5.
  // Rook a1: b1, c1, d1 (3 along the rank, e1 is the king), a2..a8 (7; a8 does not take anything) = 10.
  const std::vector<std::string> moves = legal("swarm", "4k3/8/8/8/8/3r4/8/R3K3 w - - 0 1");
  EXPECT_EQ(moves.size(), 15u);
  EXPECT_NE(std::find(moves.begin(), moves.end(), "e1d2"), moves.end());
  EXPECT_NE(std::find(moves.begin(), moves.end(), "e1d1"), moves.end());
}

// In check with no first move that escapes: checkmate (a loss), not a draw and not "wait to be captured".
// White Kg1 behind pawns f2 g2 h2, black rook on a1: f1 and h1 stay on the rook's rank; the pawns' moves
// leave the rank open.
TEST(KingCapture, NoEscapeIsCheckmate) {
  const Variant v = make_variant("swarm");
  Position pos;
  set_fen(pos, v, "k7/8/8/8/8/8/5PPP/r5K1 w - - 0 1");
  const GameResult r = evaluate(pos);
  EXPECT_EQ(r.outcome, Outcome::kCheckmate);
  ASSERT_TRUE(r.winner.has_value());
  EXPECT_EQ(*r.winner, kBlack);
}

// A king left attacked by its own side's turn is captured: the capture ends the game at once, mid-turn.
// White: Ke1, Ra8, pawn a2; Black Ke8 (attacked along the 8th rank). Rook takes the king first.
TEST(KingCapture, CapturingTheKingEndsTheGameMidTurn) {
  const Variant v = make_variant("swarm");
  Position pos;
  set_fen(pos, v, "R3k3/8/8/8/8/8/P7/4K3 w - - 0 1");
  play(pos, "a8e8");
  const GameResult r = evaluate(pos);
  EXPECT_EQ(r.outcome, Outcome::kKingCaptured);
  ASSERT_TRUE(r.winner.has_value());
  EXPECT_EQ(*r.winner, kWhite);
  EXPECT_TRUE(legal(pos).empty());
}

// Every man that can move must move, once each: after the rook's move only the king may move (the rook has
// moved), and after the king's move the turn is over (nothing is left to move): Black is to move.
TEST(Swarm, EveryMobileManMovesOnce) {
  const Variant v = make_variant("swarm");
  Position pos;
  set_fen(pos, v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  play(pos, "a1a2");
  EXPECT_EQ(pos.state().side, kWhite);
  // King e1: d1, d2, e2, f1, f2 (a2 is his rook's, not in reach).
  EXPECT_EQ(legal(pos), (std::vector<std::string>{"e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}));
  play(pos, "e1f1");
  EXPECT_EQ(pos.state().side, kBlack);
  // An immobile man owes nothing: a pawn blocked by a man in front of it is skipped.
  set_fen(pos, v, "4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1");
  play(pos, "e1d1");
  EXPECT_EQ(pos.state().side, kBlack);
}

// Castling is the king's move; the castled rook still owes its own move (decision), the king does not.
TEST(Swarm, CastledRookStillMoves) {
  const Variant v = make_variant("swarm");
  Position pos;
  set_fen(pos, v, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  play(pos, "e1g1");
  EXPECT_EQ(pos.state().side, kWhite);
  // Rook f1: e1, d1, c1, b1, a1 (g1 is the king) and f2..f8 (f8 does not reach the king on e8): 5 + 7.
  EXPECT_EQ(legal(pos).size(), 12u);
  play(pos, "f1f2");
  EXPECT_EQ(pos.state().side, kBlack);
}

}  // namespace
}  // namespace hc
