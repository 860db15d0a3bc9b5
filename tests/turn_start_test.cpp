// An effect at the start of a turn (Rules::turn_start, generic::turn_start): Archimedes' double-attack
// removal (RULES.md §4.1). Hand-made positions; every expected FEN and result is worked out by hand in the
// comments.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "notation/fen.hpp"
#include "notation/move_text.hpp"
#include "rules/game.hpp"
#include "rules/kernel.hpp"
#include "variants/registry.hpp"

using namespace hc;

namespace {

struct Line {
  std::vector<std::string> san;
  std::vector<bool> removes;  // KernelOps::removes_men before each move
  std::vector<std::string> fens;
  int swept = 0;  // the last move's journal entries with Cause::kTurnStart (kSweep for the after-move timing)
  GameResult result;
};

Line play(const Variant& v, const std::string& fen, const std::vector<std::string>& moves) {
  Position pos;
  set_fen(pos, v, fen);
  Line l;
  for (const std::string& text : moves) {
    const Move m = parse_uci(pos, text);
    l.san.push_back(to_san(pos, m));
    l.removes.push_back(pos.ops().removes_men(pos, m));
    Undo u;
    pos.ops().make(pos, m, u);
    l.swept = 0;
    for (int i = 0; i < u.count; ++i)
      l.swept += !u.effects[i].put &&
                 (u.effects[i].cause == Cause::kTurnStart || u.effects[i].cause == Cause::kSweep);
    l.fens.push_back(to_fen(pos));
  }
  l.result = evaluate(pos);
  return l;
}

Line play(const std::string& variant, const std::string& fen, const std::vector<std::string>& moves) {
  return play(make_variant(variant), fen, moves);
}

// White Rd1, Ke1, Rg1, Bb6; Black Ke8, Nd4. 1 Rg4 makes the second attack on the knight (Rd1 up the file,
// Rg4 along the rank): nothing is removed yet, for Black moves first. 1…Kd8 leaves the knight, and the king
// steps into the bishop's diagonal (b6-c7-d8). White's turn starts: the knight goes (two attackers); that
// opens the d-file, so the king on d8 is now attacked by the rook d1 and the bishop: it goes in the second
// pass. Black has lost his king: White wins. Both removals are journalled with Black's move
// (Cause::kTurnStart); the no-progress count restarts. They are White's removals, not the move's: Kd8 is
// written without x, and removes_men says no.
TEST(Archimedes, DoubleAttackRemovalAtTheTurnStartCascades) {
  const Line l = play("archimedes", "4k3/8/1B6/8/3n4/8/8/3RK1R1 w - - 0 1", {"g1g4", "e8d8"});
  EXPECT_EQ(l.fens[0], "4k3/8/1B6/8/3n2R1/8/8/3RK3 b - - 1 1");
  EXPECT_EQ(l.fens[1], "8/8/1B6/8/6R1/8/8/3RK3 w - - 0 2");
  EXPECT_EQ(l.removes, (std::vector<bool>{false, false}));
  EXPECT_EQ(l.san, (std::vector<std::string>{"Rg4", "Kd8"}));
  EXPECT_EQ(l.swept, 2);
  EXPECT_EQ(l.result.outcome, Outcome::kKingCaptured);
  ASSERT_TRUE(l.result.winner.has_value());
  EXPECT_EQ(*l.result.winner, kWhite);
}

// The victim has one move to answer: 1…Nf5 (out of both lines) keeps the knight.
TEST(Archimedes, TheVictimMayFlee) {
  const Line l = play("archimedes", "4k3/8/1B6/8/3n4/8/8/3RK1R1 w - - 0 1", {"g1g4", "d4f5"});
  EXPECT_EQ(l.fens[1], "4k3/8/1B6/5n2/6R1/8/8/3RK3 w - - 2 2");
  EXPECT_EQ(l.swept, 0);
  EXPECT_EQ(l.result.outcome, Outcome::kOngoing);
}

// A FEN names the position after its turn-start removal: the knight d4, double-attacked by White with White
// to move, stands (its removal was due at White's turn start, already past). White's move does not remove it
// (Black's turn starts: Black's double attacks only, and the king e2 has one attacker, the knight); it goes
// at White's next turn start, after Black's move.
TEST(Archimedes, AFenIsThePositionAfterTheRemoval) {
  const std::string fen = "4k3/8/8/8/3n2R1/8/8/3RK3 w - - 0 1";
  const Line l = play("archimedes", fen, {"e1e2", "e8e7"});
  EXPECT_EQ(l.fens[0], "4k3/8/8/8/3n2R1/8/4K3/3R4 b - - 1 1");
  EXPECT_EQ(l.fens[1], "8/4k3/8/8/6R1/8/4K3/3R4 w - - 0 2");
}

// No check: the king may step onto d2, attacked by the rooks a2 and d8 (a legal move), and is removed at
// Black's turn start: Black wins.
TEST(Archimedes, AKingLeftDoubleAttackedIsRemoved) {
  const std::string fen = "k2r4/8/8/8/8/8/r7/4K3 w - - 0 1";
  const Line l = play("archimedes", fen, {"e1d2"});
  EXPECT_EQ(l.fens[0], "k2r4/8/8/8/8/8/r7/8 b - - 0 1");
  EXPECT_EQ(l.result.outcome, Outcome::kKingCaptured);
  ASSERT_TRUE(l.result.winner.has_value());
  EXPECT_EQ(*l.result.winner, kBlack);
}

// Castling is plain (no attack condition): the king crosses f1, attacked by the rook f8. At Black's turn
// start the rook f1 has one attacker (f8): it stays.
TEST(Archimedes, PlainCastling) {
  const Line l = play("archimedes", "4kr2/8/8/8/8/8/8/4K2R w K - 0 1", {"e1g1"});
  EXPECT_EQ(l.fens[0], "4kr2/8/8/8/8/8/8/5RK1 b - - 1 1");
  EXPECT_EQ(l.swept, 0);
}

// The alternative timing (RULES.md §4.1 decision 1, `sweep = "double-attacked"` without the turn-start rule):
// the removal follows the attacker's own move at once: 1 Rg4 removes the knight.
TEST(Archimedes, AfterMoveTiming) {
  Variant v = make_variant("archimedes");
  v.rules.turn_start = TurnStartKind::kNone;
  v.rules.sweep = SweepKind::kDoubleAttacked;
  const Line l = play(v, "4k3/8/1B6/8/3n4/8/8/3RK1R1 w - - 0 1", {"g1g4"});
  EXPECT_EQ(l.fens[0], "4k3/8/1B6/8/6R1/8/8/3RK3 b - - 0 1");
  EXPECT_EQ(l.swept, 1);
}

}  // namespace
