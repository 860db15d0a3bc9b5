#include "rules/goal.hpp"

namespace hc {

namespace {

Bitboard all_of(const Position& pos, Color c, PieceType t) {
  Bitboard x = 0;
  for (int b = 0; b < pos.boards(); ++b) x |= t == kNoType ? pos.pieces(b, c) : pos.pieces(b, c, t);
  return x;
}

// The colour that reached the goal alone, or a draw when both did.
GoalReached decided(bool white, bool black) {
  GoalReached g;
  g.reached = white || black;
  if (white != black) g.winner = white ? kWhite : kBlack;
  return g;
}

}  // namespace

GoalReached goal_reached(const Position& pos) {
  const bool white_bare = !all_of(pos, kWhite, kNoType), black_bare = !all_of(pos, kBlack, kNoType);
  switch (pos.rules().goal) {
    case Goal::kCheckmate:
      return {};
    case Goal::kAnnihilation:  // the side that still has men wins
      return decided(black_bare, white_bare);
    case Goal::kLoseAllMen:  // the side without men wins
      return decided(white_bare, black_bare);
    case Goal::kPromotionRace: {
      const Bitboard white_pawns = all_of(pos, kWhite, kPawn), black_pawns = all_of(pos, kBlack, kPawn);
      const GoalReached g = decided(white_pawns & rank_bb(7), black_pawns & rank_bb(0));
      if (g.reached) return g;
      GoalReached draw;
      draw.reached = !white_pawns || !black_pawns;
      return draw;
    }
  }
  return {};
}

}  // namespace hc
