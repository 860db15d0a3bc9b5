// Turns that can move every man (issue 12: the engine in huge turns). The search and the mate solver read
// the Rules dimensions only: a turn where each man moves at most once (moves_per_man 1), no refill chain
// dictates the moves, and four or more moves are left (an unbounded schedule's quota is huge) is "wide" — its
// branching stays near the full move list for every move of the turn, so both order its moves by a cheap look
// at the enemy king and consider only the best of them deep inside the turn (search.cpp, solver.cpp;
// docs/architecture.md "The engine").
#pragma once
#include "rules/position.hpp"

namespace hc {

inline bool wide_turn(const Position& pos) {
  const TurnState& st = pos.state();
  const Rules& r = pos.rules();
  // (A compulsory refill chain dictates the turn's moves after the first: its turns are long, not wide.)
  return r.moves_per_man == 1 && r.refill_chain == RefillChain::kNone && st.quota >= st.made + 4;
}

// How much a move closes on the enemy king, read from attack tables without making it: the man (a
// promotion's new man) attacks from its destination, on the board with its origin vacated, the king's
// square (8) and each square of the king's field (1). 0 when the enemy has no king on the move's board or
// the man's attacks are not the orthodox tables' (a rough order, never a rule).
inline int king_zone_score(const Position& pos, Move m) {
  const int b = m.to_board();
  const Color them = ~pos.side();
  if (pos.king_board(them) != b) return 0;
  const Piece p = pos.at(m.from_board(), m.from());
  if (!p) return 0;
  const PieceType t = m.kind() == MoveKind::kPromotion ? m.promotion() : type_of(p);
  const Square k = pos.king_square(them, b);
  const Bitboard occ = (pos.occupied(b) & ~bb(m.from())) | bb(m.to());
  const Bitboard a = attacks_of(t, pos.side(), m.to(), occ);
  return ((a >> k) & 1) * 8 + popcount(a & king_attacks(k));
}

}  // namespace hc
