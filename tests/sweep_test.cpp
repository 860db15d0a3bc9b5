// Men removed after a move by a sweep (Rules::sweep, RULES.md §1.9): Spite's attackers of the arrival square
// (§4.4, with the example §9.16) and Machine-Gun's cascade of every attacked man (§4.1). Hand-made positions;
// every expected FEN, SAN and result is worked out by hand in the comments.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "notation/fen.hpp"
#include "notation/move_text.hpp"
#include "rules/game.hpp"
#include "rules/kernel.hpp"
#include "support.hpp"
#include "variants/registry.hpp"

using namespace hc;

namespace {

using test::legal;

// Plays `moves` (UCI) from `fen`; records each move's SAN and whether the kernel said it removes men, and the
// journal's sweep removals of the last move.
struct Line {
  std::vector<std::string> san;
  std::vector<bool> removes;
  std::string fen;
  int swept = 0;  // the last move's journal entries with Cause::kSweep
  GameResult result;
};
Line play(const std::string& variant, const std::string& fen, const std::vector<std::string>& moves) {
  Variant v = make_variant(variant);
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
    for (int i = 0; i < u.count; ++i) l.swept += !u.effects[i].put && u.effects[i].cause == Cause::kSweep;
  }
  l.fen = to_fen(pos);
  l.result = evaluate(pos);
  return l;
}

}  // namespace

// ---- spite (RULES.md §4.4) ----

// §9.16: White Pb2; Black Qf8, Be7, Pa4 (no kings). 1 b4 removes a4 (it could have taken b4 e.p.) and e7
// (attacks b4); the queen behind e7 was screened and survives. 1…Qc5 removes b4 (which attacks c5).
TEST(Spite, Example916) {
  const Line l = play("spite", "5q2/4b3/8/8/p7/8/1P6/8 w - - 0 1", {"b2b4", "f8c5"});
  EXPECT_EQ(l.san, (std::vector<std::string>{"bxb4", "Qxc5"}));
  EXPECT_EQ(l.removes, (std::vector<bool>{true, true}));
  EXPECT_EQ(l.fen, "8/8/8/2q5/8/8/8/8 w - - 0 2");  // a removal resets the no-progress count (D-4)
  EXPECT_EQ(l.swept, 1);
  const Line first = play("spite", "5q2/4b3/8/8/p7/8/1P6/8 w - - 0 1", {"b2b4"});
  EXPECT_EQ(first.fen, "5q2/8/8/8/1P6/8/8/8 b - - 0 1");  // no e.p. right: nobody takes anything
  EXPECT_EQ(first.swept, 2);
}

// Every move goes to an empty square. White Ra1, Pb2, Ke1; Black Na3, Nc3, Kh8: the pawn has only its steps
// (not b2xa3, b2xc3) and the rook stops before a3.
TEST(Spite, MovesGoToEmptySquaresOnly) {
  const auto moves = legal("spite", "7k/8/8/8/8/n1n5/1P6/R3K3 w - - 0 1");
  // Ra1: a2 (a3 is black: no capture), b1 c1 d1 (e1 own king): 4. Pb2: b3 b4 (not a3, c3): 2. Ke1: d1 d2 e2
  // f1 f2: 5. Total 11 (no castling right).
  EXPECT_EQ(moves.size(), 11u);
  EXPECT_TRUE(std::find(moves.begin(), moves.end(), "b2a3") == moves.end());
  EXPECT_TRUE(std::find(moves.begin(), moves.end(), "a1a3") == moves.end());
}

// No check: a man arriving next to the enemy king removes it and wins at once. Rd1-d7: the king on e8 attacks
// d7, so it goes; nothing else attacks d7.
TEST(Spite, ArrivingNextToTheKingRemovesIt) {
  const Line l = play("spite", "4k3/8/8/8/8/8/8/3RK3 w - - 0 1", {"d1d7"});
  EXPECT_EQ(l.san, (std::vector<std::string>{"Rxd7#"}));  // a king's capture is written as mate
  EXPECT_EQ(l.result.outcome, Outcome::kKingCaptured);
  ASSERT_TRUE(l.result.winner.has_value());
  EXPECT_EQ(*l.result.winner, kWhite);
}

// Castling (decision): king and rook each remove the attackers of their arrival squares. O-O: the king on g1
// (attacked by nothing), the rook on f1, attacked by the rook f8 (open file) and the bishop h3 (over g2):
// both go. White has no right left, and the count restarts.
TEST(Spite, CastlingKingAndRookBothSweep) {
  const Line l = play("spite", "4kr2/8/8/8/8/7b/8/4K2R w K - 0 1", {"e1g1"});
  EXPECT_EQ(l.san, (std::vector<std::string>{"O-O"}));
  EXPECT_EQ(l.fen, "4k3/8/8/8/8/8/8/5RK1 b - - 0 1");
  EXPECT_EQ(l.swept, 2);
}

// The two-step e2-e4 removes the enemy pawns that could have taken it e.p. (beside it on its new rank: d4 and
// f4, which do not attack e4 itself) and the knight d6, which attacks e4; the pawn g4 does neither and stays.
TEST(Spite, TwoStepRemovesTheEpTakers) {
  // Black: pawns d4 f4 g4, knight d6 (attacks e4), king a8. White: pawn e2, king h1.
  const Line l = play("spite", "k7/8/3n4/8/3p1pp1/8/4P3/7K w - - 0 1", {"e2e4"});
  EXPECT_EQ(l.fen, "k7/8/8/8/4P1p1/8/8/7K b - - 0 1");
  EXPECT_EQ(l.swept, 3);
}

// A sweep is a capture for the turn layer too: in citizen+spite a first move that removes men ends the turn
// (citizen's `ends_on` capture). Nb1-c3 arrives on a square the pawn d4 attacks and removes it: Black to
// move. Nb1-a3 removes nothing: the turn goes on (citizen's optional pawn move).
TEST(Spite, ASweepEndsACitizenTurnAsACaptureDoes) {
  const std::string fen = "4k3/8/8/8/3p4/8/7P/1N2K3 w - - 0 5";
  const Line swept = play("citizen+spite", fen, {"b1c3"});
  EXPECT_EQ(swept.fen, "4k3/8/8/8/8/2N5/7P/4K3 b - - 0 5");
  const Line quiet = play("citizen+spite", fen, {"b1a3"});
  EXPECT_EQ(quiet.fen.substr(0, quiet.fen.find(' ') + 2), "4k3/8/8/8/3p4/N7/7P/4K3 w");
}

// ---- machine-gun (RULES.md §4.1) ----

// The cascade: Ra1-a8 attacks the king e8 (b8-d8 empty), which goes; that opens the rank between the two
// rooks, which attack each other and both go in the next pass; then nothing is attacked. Black has no men:
// White wins (annihilation). Three sweep removals, the mover among them.
TEST(MachineGun, TheSweepRepeatsUntilNoManIsAttacked) {
  const Line l = play("machine-gun", "4k2r/8/8/8/8/8/8/R3K3 w - - 0 1", {"a1a8"});
  EXPECT_EQ(l.san, (std::vector<std::string>{"Rxa8"}));
  EXPECT_EQ(l.fen, "8/8/8/8/8/8/8/4K3 b - - 0 1");
  EXPECT_EQ(l.swept, 3);
  EXPECT_EQ(l.result.outcome, Outcome::kAllMenLost);
  ASSERT_TRUE(l.result.winner.has_value());
  EXPECT_EQ(*l.result.winner, kWhite);
}

// Two men attacking each other both go; both sides annihilated in the same sweep: a draw.
TEST(MachineGun, BothAnnihilatedInOneSweepIsADraw) {
  const Line l = play("machine-gun", "7r/8/8/8/8/8/8/R7 w - - 0 1", {"a1a8"});
  EXPECT_EQ(l.fen, "8/8/8/8/8/8/8/8 b - - 0 1");
  EXPECT_EQ(l.result.outcome, Outcome::kAllMenLost);
  EXPECT_FALSE(l.result.winner.has_value());
}

// A move to a square an enemy man attacks removes the mover too (pawns attack diagonally): Nb1-c3 lands where
// the pawn d4 attacks it; from c3 the knight attacks a2, a4, b1, b5, d1, d5, e2, e4, none of them occupied.
// So the knight alone goes.
TEST(MachineGun, AManMovingOntoAnAttackedSquareIsSweptToo) {
  const Line l = play("machine-gun", "k7/8/8/8/3p4/8/8/1N5K w - - 0 1", {"b1c3"});
  EXPECT_EQ(l.fen, "k7/8/8/8/3p4/8/8/7K b - - 0 1");
  EXPECT_EQ(l.swept, 1);
}

// The journal holds a sweep of a whole board: 63 kings (ordinary men here) in a checkerboard of colours, a1
// empty; Kb1-a1 leaves every man with an enemy neighbour, so all 63 go at once (2 + 63 journal entries, more
// than the 28 the journal held before sweeps). Both sides annihilated: a draw.
TEST(MachineGun, AWholeBoardSweepFitsTheJournal) {
  const std::string fen = "KkKkKkKk/kKkKkKkK/KkKkKkKk/kKkKkKkK/KkKkKkKk/kKkKkKkK/KkKkKkKk/1KkKkKkK w - - 0 1";
  const Line l = play("machine-gun", fen, {"b1a1"});
  EXPECT_EQ(l.swept, 63);
  EXPECT_EQ(l.fen, "8/8/8/8/8/8/8/8 b - - 0 1");
  EXPECT_FALSE(l.result.winner.has_value());
}

// ---- progressive-machine-gun (RULES.md §4.1) ----

// A series ends early only when the mover has no legal move, and then the turn passes (decision): White's
// second turn has three moves, but after a5-a6 the pawn is blocked by a7 and White has no other man. Black is
// to move (in Progressive that would be the progressive stalemate, a draw).
TEST(ProgressiveMachineGun, NoLegalMoveLeftPassesTheTurn) {
  const Line l = play("progressive-machine-gun", "7k/p7/8/P7/8/8/8/8 w - - 0 2", {"a5a6"});
  EXPECT_EQ(l.fen, "7k/p7/P7/8/8/8/8/8 b - - 0 2");
  EXPECT_EQ(l.result.outcome, Outcome::kOngoing);
}

// machine-gun+madras (composition decision, docs/variants.md): a paralysed man "cannot capture", so he
// removes nobody in the sweep. Ra1 and Ra8 observe each other on the open a-file: in Machine-Gun Kd1-e2 is
// followed by both rooks going (each attacked by the other); with Madrasi both are paralysed and both stay
// (nothing else is attacked: the kings are far apart).
TEST(Sweep, ParalysedMenFireAtNobody) {
  const std::string fen = "r6k/8/8/8/8/8/8/R2K4 w - - 0 1";
  const Line mg = play("machine-gun", fen, {"d1e2"});
  EXPECT_EQ(mg.fen.substr(0, mg.fen.find(' ')), "7k/8/8/8/8/8/4K3/8");
  EXPECT_EQ(mg.swept, 2);
  const Line mm = play("machine-gun+madras", fen, {"d1e2"});
  EXPECT_EQ(mm.fen.substr(0, mm.fen.find(' ')), "r6k/8/8/8/8/8/4K3/R7");
  EXPECT_EQ(mm.swept, 0);
  EXPECT_EQ(mm.san, std::vector<std::string>{"Ke2"});
}

// The cascade finds paralysis anew in each round: Bf1-g2 attacks Ra8 along the long diagonal. Round 1: the
// bishop (not paralysed: no black bishop) removes Ra8; Ra8, paralysed by Ra1, fires at nobody, so Ra1 stays.
// Round 2: nothing is attacked. (In Machine-Gun Ra1 and Ra8 would both go in round 1.)
TEST(Sweep, ParalysisFoundAgainInEachRound) {
  const std::string fen = "r6k/8/8/8/8/8/8/R4B1K w - - 0 1";
  const Line mg = play("machine-gun", fen, {"f1g2"});
  EXPECT_EQ(mg.fen.substr(0, mg.fen.find(' ')), "7k/8/8/8/8/8/6B1/7K");
  const Line mm = play("machine-gun+madras", fen, {"f1g2"});
  EXPECT_EQ(mm.fen.substr(0, mm.fen.find(' ')), "7k/8/8/8/8/8/6B1/R6K");
  EXPECT_EQ(mm.swept, 1);
  EXPECT_EQ(mm.san, std::vector<std::string>{"Bxg2"});
}
