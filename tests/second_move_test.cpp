// The turn layer's second-move components (RULES.md §3.1 `doublet`, `power-pawn`): composition.twins (after a
// rook, bishop or knight move, optionally a move of another man of its type; any other first move is the
// whole turn) and composition.categories = "any-then-pawn" (any move, then a pawn move by another man,
// compulsory when legal: lost_move), both under END-OF-TURN. Hand-made positions; every expected list is
// worked out by hand in the comments.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "notation/fen.hpp"
#include "notation/move_text.hpp"
#include "rules/game.hpp"
#include "support.hpp"
#include "variants/registry.hpp"

using namespace hc;

namespace {

using test::legal;
using Moves = std::vector<std::string>;

// The side to move after playing `uci` (one legal move) from `fen`.
Color side_after(const std::string& variant, const std::string& fen, const std::string& uci) {
  Variant v = make_variant(variant);
  Position pos;
  set_fen(pos, v, fen);
  MoveList list;
  pos.ops().legal_moves(pos, list);
  for (Move m : list)
    if (to_uci(m) == uci) {
      Undo u;
      pos.ops().make(pos, m, u);
      return pos.side();
    }
  ADD_FAILURE() << uci << " is not legal in " << fen;
  return pos.side();
}

const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

}  // namespace

// After 1 Nf3 the twin is the other knight (b1: a3, c3), or the turn stops: 3 moves.
TEST(Twins, AfterAKnightMoveTheOtherKnightOrTheStop) {
  EXPECT_EQ(legal("doublet", "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 1 1 made=1 moved=f3"),
            (Moves{"0000", "b1a3", "b1c3"}));
}

// A pawn move, castling and a lone rook's move (no other rook) are whole turns.
TEST(Twins, OtherFirstMovesEndTheTurn) {
  EXPECT_EQ(side_after("doublet", kStart, "e2e4"), kBlack);
  EXPECT_EQ(side_after("doublet", "4k3/8/8/8/8/8/8/R3K2R w K - 0 1", "e1g1"), kBlack);
  EXPECT_EQ(side_after("doublet", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a2"), kBlack);
  EXPECT_EQ(side_after("doublet", "4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "a1a2"), kWhite);  // the twin on h1
}

// White in check from Bc3 (via d2). Legal: the king's steps to d1, e2, f1, f2 (d2 is attacked); every move of
// Ra1 (a2-a8, b1, c1, d1: 10), each followed by the twin Rh2-d2 that blocks; Rh2-d2 itself. Rh2's other moves
// leave the check, which Ra1 cannot mend. 15 moves.
TEST(Twins, InCheckTheTwinMayMendIt) {
  const std::string fen = "6k1/5ppp/8/8/8/2b5/7R/R3K3 w - - 0 1";
  EXPECT_EQ(legal("doublet", fen), (Moves{"a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1",
                                          "a1c1", "a1d1", "e1d1", "e1e2", "e1f1", "e1f2", "h2d2"}));
  // After Ra8+ the king is still attacked: no stop, only the block.
  EXPECT_EQ(legal("doublet", "R5k1/5ppp/8/8/8/2b5/7R/4K3 w - - 1 1 made=1 moved=a8"), (Moves{"h2d2"}));
}

// After 1 Nf3 every pawn but the f-pawn (the knight on f3 blocks both its steps) may move, 14; after 1 e4 the
// seven other pawns, 14 (e4-e5 is the same pawn's).
TEST(AnyThenPawn, TheSecondMoveIsAnotherPawns) {
  const Moves knight =
      legal("power-pawn", "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 1 1 made=1 moved=f3");
  EXPECT_EQ(knight.size(), 14u);
  for (const std::string& s : knight) EXPECT_EQ(s[1], '2') << s;
  const Moves pawn =
      legal("power-pawn", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 made=1 moved=e4");
  EXPECT_EQ(pawn.size(), 14u);
  for (const std::string& s : pawn) EXPECT_EQ(s[1], '2') << s;
}

// Ra8+ leaves the king attacked by Bb4 (via c3, d2): the pawn move must block, c2-c3 alone (c2-c4 does not).
TEST(AnyThenPawn, ThePawnMoveMustLeaveTheKingSafe) {
  EXPECT_EQ(legal("power-pawn", "R3k3/8/8/8/1b6/8/2P5/4K3 w - - 1 1 made=1 moved=a8"), (Moves{"c2c3"}));
}

// The a2 pawn is blocked by a3: no pawn move is ever legal, so every first move is the whole turn.
TEST(AnyThenPawn, NoLegalPawnMoveTheTurnIsTheFirstMove) {
  const std::string fen = "4k3/8/8/8/8/p7/P7/4K2R w K - 0 1";
  EXPECT_EQ(side_after("power-pawn", fen, "h1h2"), kBlack);
  EXPECT_EQ(side_after("power-pawn", fen, "e1g1"), kBlack);
  EXPECT_EQ(side_after("power-pawn", kStart, "g1f3"), kWhite);  // 14 pawn moves follow
}
