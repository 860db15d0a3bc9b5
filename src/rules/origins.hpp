// Which of the side to move's men the turn rules let move now (RULES.md §2 `turn.composition` where it
// depends on the man alone: men that have used their moves, frozen men, the category a turn still owes). The
// turn layer computes it once per generation (turn_origins, rules/turn.hpp) and the kernels generate moves
// from these men only, so such rules cost a few bit operations a generation instead of a test per move.
#pragma once
#include "core/types.hpp"

namespace hc {

struct Origins {
  // Squares (on any board: a square holds a man on one board at most where the turn rules follow men) whose
  // men may make a move other than castling.
  Bitboard men = ~Bitboard(0);
  // Squares whose men may take part in a castling: a castling is allowed when its king and its rook both
  // stand on them (castling belongs to no category of its own under some rules, so it has its own mask).
  Bitboard castlers = ~Bitboard(0);
  // An obligation "if possible": when no man on `men` has a legal move (castling included), the men on
  // `otherwise` may move instead (0: none).
  Bitboard otherwise = 0;

  bool all() const { return men == ~Bitboard(0) && castlers == ~Bitboard(0); }
  Origins fallback() const { return Origins{otherwise, castlers, 0}; }
  bool castling_allowed(Square king_from, Square rook_from) const {
    return (castlers & bb(king_from)) && (castlers & bb(rook_from));
  }
};

}  // namespace hc
