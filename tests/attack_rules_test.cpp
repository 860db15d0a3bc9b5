// Attack that depends on the target (RULES.md §4.4 moss: a man captures only by its victim's move, so a king
// is attacked by every adjacent enemy man) and check by men of both colours (§4.8 bicolour), on hand-made
// positions whose legal moves are counted by hand in the comments.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "notation/fen.hpp"
#include "notation/move_text.hpp"
#include "rules/kernel.hpp"
#include "support.hpp"
#include "variants/registry.hpp"

using namespace hc;

namespace {

using Moves = std::vector<std::string>;

using test::legal;

using test::in_check;

std::string after(const std::string& variant, const std::string& fen, const std::string& move) {
  Variant v = make_variant(variant);
  Position pos;
  set_fen(pos, v, fen);
  MoveList list;
  pos.ops().legal_moves(pos, list);
  for (Move m : list) {
    if (to_uci(m) != move) continue;
    Undo u;
    pos.ops().make(pos, m, u);
    return to_fen(pos);
  }
  return "illegal";
}

bool has(const Moves& moves, const std::string& m) {
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

}  // namespace

// White Ke1 Rd1 Pd2, Black Ke8 Rd5. The d2 pawn takes the rook by a rook's move up the file (d3, d4 empty);
// the rook on d1 cannot reach d5 (its own pawn is in the way); nothing is adjacent to a king, so no check.
// Pawn d3 d4 xd5, rook a1 b1 c1, king e2 f1 f2: 9.
TEST(Moss, PawnTakesARookByTheRooksMove) {
  EXPECT_EQ(legal("moss", "4k3/8/8/3r4/8/8/3P4/3RK3 w - - 0 1"),
            (Moves{"d1a1", "d1b1", "d1c1", "d2d3", "d2d4", "d2d5", "e1e2", "e1f1", "e1f2"}));
}

// Black Ra1 does not check Ke1 (it is not adjacent); the king takes it by a rook's move along the open rank.
// King: xa1, d1, d2, e2, f1, f2 (no black man next to any of them): 6.
TEST(Moss, KingTakesADistantRookAndLinesGiveNoCheck) {
  const std::string fen = "4k3/8/8/8/8/8/8/r3K3 w - - 0 1";
  EXPECT_FALSE(in_check("moss", fen));
  EXPECT_EQ(legal("moss", fen), (Moves{"e1a1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}));
}

// A knight on d2 next to Ke1 checks it, and the king cannot take it (it would have to leap). Escapes: f1, f2
// (d1, e2 are next to the knight): 2.
TEST(Moss, AdjacentKnightChecksAndIsImmuneFromTheKing) {
  const std::string fen = "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1";
  EXPECT_TRUE(in_check("moss", fen));
  EXPECT_EQ(legal("moss", fen), (Moves{"e1f1", "e1f2"}));
}

// A knight on d1 checks Ke1; the b2 pawn takes it by a knight's move backwards onto its own first rank and
// stays a pawn there; then it steps one square (no two-step from the first rank).
// Legal: b2xd1 (knight's move), Kf1, Kf2 (d2, e2 are next to the knight; b3, b4 leave the check): 3.
TEST(Moss, PawnCapturesBackwardsOntoItsFirstRankAndStaysAPawn) {
  const std::string fen = "4k3/8/8/8/8/8/1P6/3nK3 w - - 0 1";
  EXPECT_EQ(legal("moss", fen), (Moves{"b2d1", "e1f1", "e1f2"}));
  EXPECT_EQ(after("moss", fen, "b2d1"), "4k3/8/8/8/8/8/8/3PK3 b - - 0 1");
  // The pawn on d1: d2 only; the king d2, e2, f1, f2.
  EXPECT_EQ(legal("moss", "4k3/8/8/8/8/8/8/3PK3 w - - 0 1"), (Moves{"d1d2", "e1d2", "e1e2", "e1f1", "e1f2"}));
}

// A pawn on its own first rank moves while an e.p. right is pending: in a Progressive series Black has played
// a7-a5 (a6 pending for White's next series) and now moves the pawn that took backwards onto c8. It has no square
// behind it, so the kernel must not look one rank off the board (UBSan caught a shift by 66 in the bench's
// progressive+moss). The move is legal, a6 stays pending, and the series goes on (third move of four; a pawn move is progress).
TEST(Moss, PawnOnItsFirstRankMovesWhileAnEpRightIsPending) {
  const std::string fen = "rnpqkbnr/4pppp/8/pP1p4/8/8/PP1PPP1P/RNBQKBNR b KQkq - 0 2 made=2 pend=a6";
  EXPECT_TRUE(has(legal("progressive+moss", fen), "c8c7"));
  EXPECT_EQ(after("progressive+moss", fen, "c8c7"),
            "rn1qkbnr/2p1pppp/8/pP1p4/8/8/PP1PPP1P/RNBQKBNR b KQkq - 0 2 made=3 pend=a6 progress=1");
}

// Castling's transit squares are "attacked" when an enemy man stands next to them: a knight on g2 touches f1
// and g1 (O-O illegal) but no square of O-O-O (e1, d1, c1).
TEST(Moss, CastlingAvoidsSquaresNextToAnEnemyMan) {
  const Moves m = legal("moss", "4k3/8/8/8/8/8/6n1/R3K2R w KQ - 0 1");
  EXPECT_TRUE(has(m, "e1c1"));
  EXPECT_FALSE(has(m, "e1g1"));
}

// Bicolour: White's own rook on a1 checks its king on e1 along the empty rank. Out of check: the king to d2,
// e2, f2 (d1 and f1 stay on the rook's rank), or the rook off the rank up the a-file, a2-a8 (on a8 it checks
// Black's king along the 8th rank; b1-d1 keep the check): 3 + 7 = 10.
TEST(Bicolour, OwnRookChecksItsKing) {
  const std::string fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
  EXPECT_TRUE(in_check("bicolour", fen));
  EXPECT_FALSE(in_check("chess", fen));
  EXPECT_EQ(legal("bicolour", fen),
            (Moves{"a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "e1d2", "e1e2", "e1f2"}));
}

// Own pawns attack in their own forward direction: the d3 pawn attacks c4 and e4, so it checks its king on
// e4. Out of check: the king to d4, f4, d5, e5, f5, e3, f3 (never c4 or back into e4's attack), or d3-d4 (the
// pawn then attacks c5/e5, not e4): 8.
TEST(Bicolour, OwnPawnChecksForward) {
  const std::string fen = "4k3/8/8/8/4K3/3P4/8/8 w - - 0 1";
  EXPECT_TRUE(in_check("bicolour", fen));
  EXPECT_EQ(legal("bicolour", fen), (Moves{"d3d4", "e4d4", "e4d5", "e4e3", "e4e5", "e4f3", "e4f4", "e4f5"}));
}

// A move may check the enemy king with the enemy's own man: White's knight leaves e6, opening the e-file
// between Black's own rook on e5 and his king on e8 (Nd4 itself does not attack e8).
TEST(Bicolour, UnblockingChecksTheEnemyWithItsOwnRook) {
  const std::string fen = "4k3/8/4N3/4r3/8/8/8/K7 w - - 0 1";
  EXPECT_FALSE(in_check("bicolour", fen));
  const std::string next = after("bicolour", fen, "e6d4");
  EXPECT_EQ(next, "4k3/8/8/4r3/3N4/8/8/K7 b - - 1 1");
  EXPECT_TRUE(in_check("bicolour", next));
  EXPECT_FALSE(in_check("chess", next));
}

// Bicapture (bicolour + capture of own men): White's own rook on d1 checks its king on e1. In Bicolour the
// king steps to e2 or f2 (d2 is on the rook's file, f1 on its rank) or the rook leaves the rank up the d-file
// (d2-d8; b1/c1 keep the check): 9. Bicapture adds the king taking its own rook, d1 being attacked by no
// man: 10.
TEST(Bicapture, KingTakesTheOwnRookThatChecksIt) {
  const std::string fen = "4k3/8/8/8/8/8/8/3RK3 w - - 0 1";
  const Moves bicolour{"d1d2", "d1d3", "d1d4", "d1d5", "d1d6", "d1d7", "d1d8", "e1e2", "e1f2"};
  EXPECT_EQ(legal("bicolour", fen), bicolour);
  Moves bicapture = bicolour;
  bicapture.push_back("e1d1");
  std::sort(bicapture.begin(), bicapture.end());
  EXPECT_EQ(legal("bicapture", fen), bicapture);
  EXPECT_EQ(after("bicapture", fen, "e1d1"), "4k3/8/8/8/8/8/8/3K4 b - - 0 1");
}

// ---- Tylor's and Ridley's bicolour (RULES.md §4.8): an own man checks its king only once it or the king
// has moved in the game (the has-moved mark each man carries, FEN has-moved=) ----

// The queen beside its king, as in the orthodox array: check in Bicolour, not in Tylor's game while neither
// has moved; with the queen (or the king) marked as moved it is check again.
TEST(BicolourTylor, AnUnmovedOwnManDoesNotCheck) {
  EXPECT_TRUE(in_check("bicolour", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"));
  EXPECT_FALSE(in_check("bicolour-tylor", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"));
  EXPECT_TRUE(in_check("bicolour-tylor", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1 has-moved=d1"));
  EXPECT_TRUE(in_check("bicolour-tylor", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1 has-moved=e1"));
}

// Rooks a1 and h1 with the king e1, no castling right, nobody has moved. Bicolour: both rooks check the king.
// Tylor: no check; a rook's move marks it, so it may not stop on b1-d1 or f1-g1 (it would then attack e1);
// the king's move marks the king, so every own man may check it: d1 and f1 are on the rooks' rank, d2 e2 f2
// are free. Rooks up their files: a2-a7, a8 taking the rook; h2-h7, h8: 7 + 7; king: 3. Total 17.
TEST(BicolourTylor, MovingMarksTheManAndTheKing) {
  const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1";
  EXPECT_TRUE(
      in_check("bicolour", "4k3/8/8/8/8/8/8/R3K2R w - - 0 1"));  // (Black's own rooks would check him)
  EXPECT_FALSE(in_check("bicolour-tylor", fen));
  const Moves tylor{"a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "e1d2", "e1e2",
                    "e1f2", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8"};
  EXPECT_EQ(legal("bicolour-tylor", fen), tylor);
  // The mark travels with its man and stays: Ra1-a4 is marked on a4 (and a FEN token says so).
  EXPECT_EQ(after("bicolour-tylor", fen, "a1a4"), "r3k2r/8/8/8/R7/8/8/4K2R b - - 1 1 has-moved=a4");
  // A man that has moved checks once a line opens: the rook a1 marked, the knight b1 may not leave the rank
  // (Na3, Nc3, Nd2 all open a1-e1); unmarked, all three are legal.
  const Moves knight{"b1a3", "b1c3", "b1d2"};
  const auto knight_moves = [](const Moves& all) {
    Moves out;
    for (const std::string& m : all)
      if (m.rfind("b1", 0) == 0) out.push_back(m);
    return out;
  };
  EXPECT_EQ(knight_moves(legal("bicolour-tylor", "4k3/8/8/8/8/8/8/RN2K3 w - - 0 1")), knight);
  EXPECT_EQ(knight_moves(legal("bicolour-tylor", "4k3/8/8/8/8/8/8/RN2K3 w - - 0 1 has-moved=a1")), Moves{});
}

// Ridley: the same position with castling rights. Castling's conditions are orthodox with both colours'
// attacks counted (the own men count only where they or the king have moved: none here), so the 17 moves of
// Tylor's game plus O-O and O-O-O. Decision: castling moves neither king nor rook for the has-moved rule
// (else the castled rook, next to its king on the rank, would always check it): no has-moved token after O-O.
TEST(BicolourRidley, CastlingIsTheDifference) {
  const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  const Moves ridley{"a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "e1c1", "e1d2", "e1e2",
                     "e1f2", "e1g1", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8"};
  EXPECT_EQ(legal("bicolour-ridley", fen), ridley);
  EXPECT_EQ(after("bicolour-ridley", fen, "e1g1"), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
  EXPECT_EQ(after("bicolour-ridley", fen, "e1c1"), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
  // After O-O: the rook's own move marks it (Rf1-e1 then attacks f1-g1: illegal; Rf1-f2 leaves the rank), and
  // the king's own move marks the king (Kh1 and Kf2 stand on the unmarked rook's lines; Kg2, Kh2 are free).
  // Rf1-f2 opens a1-g1, but neither the rook a1 nor the king has moved. (Black's rook h8 taken away: it would
  // watch h1 and h2.)
  const Moves castled = legal("bicolour-ridley", "r3k3/8/8/8/8/8/8/R4RK1 w q - 2 2");
  EXPECT_FALSE(has(castled, "f1e1"));
  EXPECT_TRUE(has(castled, "f1f2"));
  EXPECT_FALSE(has(castled, "g1h1"));
  EXPECT_FALSE(has(castled, "g1f2"));
  EXPECT_TRUE(has(castled, "g1g2"));
  EXPECT_TRUE(has(castled, "g1h2"));
  // Castling rights are refused in Tylor's game (castling not allowed), as in Bicolour.
  EXPECT_THROW(legal("bicolour-tylor", fen), NotationError);
}
