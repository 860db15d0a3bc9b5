// Castling geometry of the standard array (D-1: castling is one atomic move).
#pragma once
#include "core/types.hpp"

namespace hc {

namespace castling {
struct Side {
  std::uint8_t right;
  Square king_from, king_to, rook_from, rook_to;
};
inline constexpr Side kSides[4] = {
    {kWhiteOO, 4, 6, 7, 5}, {kWhiteOOO, 4, 2, 0, 3}, {kBlackOO, 60, 62, 63, 61}, {kBlackOOO, 60, 58, 56, 59}};
// Rights kept when a man leaves or arrives on / is removed from the square.
inline std::uint8_t keep_mask(Square s) {
  switch (s) {
    case 4:
      return kAllCastling & ~(kWhiteOO | kWhiteOOO);
    case 7:
      return kAllCastling & ~kWhiteOO;
    case 0:
      return kAllCastling & ~kWhiteOOO;
    case 60:
      return kAllCastling & ~(kBlackOO | kBlackOOO);
    case 63:
      return kAllCastling & ~kBlackOO;
    case 56:
      return kAllCastling & ~kBlackOOO;
    default:
      return kAllCastling;
  }
}
inline const Side& side_for(Move m) {
  for (const Side& s : kSides)
    if (s.king_from == m.from() && s.king_to == m.to()) return s;
  return kSides[0];
}
}  // namespace castling

}  // namespace hc
