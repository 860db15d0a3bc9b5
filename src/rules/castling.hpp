// Castling geometry (D-1: castling is one atomic move). The standard array's squares are the default; a FEN
// with other king or rook files (Chess960, X-FEN / Shredder-FEN rights) sets them per game.
#pragma once
#include "core/types.hpp"

namespace hc {

struct CastlingSide {
  std::uint8_t right;
  Square king_from, king_to, rook_from, rook_to;
};

struct CastlingGeometry {
  // Index: 0 White O-O, 1 White O-O-O, 2 Black O-O, 3 Black O-O-O.
  CastlingSide sides[4] = {{kWhiteOO, 4, 6, 7, 5},
                           {kWhiteOOO, 4, 2, 0, 3},
                           {kBlackOO, 60, 62, 63, 61},
                           {kBlackOOO, 60, 58, 56, 59}};
  // Chess960-style geometry: castling moves are written king-takes-rook (e1h1), as UCI_Chess960 does.
  bool chess960 = false;
  std::uint8_t keep[64];  // rights kept when a man leaves, arrives on or is removed from the square

  CastlingGeometry() { refresh(); }
  void refresh() {
    for (auto& k : keep) k = kAllCastling;
    for (const auto& s : sides) {
      keep[s.king_from] &= std::uint8_t(~s.right);
      keep[s.rook_from] &= std::uint8_t(~s.right);
    }
  }
  // The square a castling move is written to: the king's destination, or the rook's square in Chess960.
  Square move_to(const CastlingSide& s) const { return chess960 ? s.rook_from : s.king_to; }
  const CastlingSide* find(Square from, Square to) const {
    for (const auto& s : sides)
      if (s.king_from == from && move_to(s) == to) return &s;
    return nullptr;
  }
};

}  // namespace hc
