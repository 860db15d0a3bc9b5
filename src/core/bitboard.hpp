// Bitboard helpers and precomputed attack tables (magic or PEXT slider lookups).
#pragma once
#include <bit>

#include "core/types.hpp"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace hc {

constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr Bitboard kRank1 = 0xFFULL;
constexpr Bitboard file_bb(int f) { return kFileA << f; }
constexpr Bitboard rank_bb(int r) { return kRank1 << (8 * r); }

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return std::countr_zero(b); }
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) { return b & (b - 1); }

namespace tables {
extern Bitboard knight[64];
extern Bitboard king[64];
extern Bitboard fers[64];   // one square diagonally
extern Bitboard alfil[64];  // exactly two squares diagonally (a leap: nothing blocks it)
extern Bitboard pawn_attacks[2][64];
extern Bitboard between[64][64];  // squares strictly between two aligned squares
extern Bitboard line[64][64];     // the full line through two aligned squares (0 if not aligned)

struct Magic {
  Bitboard mask;
  Bitboard magic;
  Bitboard* attacks;
  unsigned shift;
  unsigned index(Bitboard occupied) const {
#if defined(__BMI2__)
    return unsigned(_pext_u64(occupied, mask));
#else
    return unsigned(((occupied & mask) * magic) >> shift);
#endif
  }
};
extern Magic rook_magics[64];
extern Magic bishop_magics[64];
}  // namespace tables

// Must be called once before any lookup (idempotent, thread-safe).
void init_tables();

inline Bitboard knight_attacks(Square s) { return tables::knight[s]; }
inline Bitboard king_attacks(Square s) { return tables::king[s]; }
inline Bitboard fers_attacks(Square s) { return tables::fers[s]; }
inline Bitboard alfil_attacks(Square s) { return tables::alfil[s]; }
inline Bitboard pawn_attacks(Color c, Square s) { return tables::pawn_attacks[c][s]; }
inline Bitboard rook_attacks(Square s, Bitboard occ) {
  const auto& m = tables::rook_magics[s];
  return m.attacks[m.index(occ)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occ) {
  const auto& m = tables::bishop_magics[s];
  return m.attacks[m.index(occ)];
}
inline Bitboard queen_attacks(Square s, Bitboard occ) {
  return rook_attacks(s, occ) | bishop_attacks(s, occ);
}
inline Bitboard between_bb(Square a, Square b) { return tables::between[a][b]; }
inline Bitboard line_bb(Square a, Square b) { return tables::line[a][b]; }

// Attacks of a man of type t (pawns: capture squares of colour c) from s with the given occupancy.
inline Bitboard attacks_of(PieceType t, Color c, Square s, Bitboard occ) {
  switch (t) {
    case kPawn:
      return pawn_attacks(c, s);
    case kKnight:
      return knight_attacks(s);
    case kBishop:
      return bishop_attacks(s, occ);
    case kRook:
      return rook_attacks(s, occ);
    case kQueen:
      return queen_attacks(s, occ);
    case kKing:
      return king_attacks(s);
    case kFers:
      return fers_attacks(s);
    case kAlfil:
      return alfil_attacks(s);
    default:
      return 0;
  }
}

template <Color C>
constexpr Bitboard shift_up(Bitboard b) {
  return C == kWhite ? b << 8 : b >> 8;
}
constexpr Bitboard shift_west(Bitboard b) { return (b & ~kFileA) >> 1; }
constexpr Bitboard shift_east(Bitboard b) { return (b & ~file_bb(7)) << 1; }

}  // namespace hc
