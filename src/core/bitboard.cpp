#include "core/bitboard.hpp"

#include <mutex>
#include <vector>

namespace hc {
namespace tables {
Bitboard knight[64];
Bitboard king[64];
Bitboard fers[64];
Bitboard alfil[64];
Bitboard pawn_attacks[2][64];
Bitboard between[64][64];
Bitboard line[64][64];
Magic rook_magics[64];
Magic bishop_magics[64];
}  // namespace tables

namespace {

Bitboard rook_table[0x19000];
Bitboard bishop_table[0x1480];

Bitboard step(Square s, int df, int dr) {
  int f = file_of(s) + df, r = rank_of(s) + dr;
  return (f >= 0 && f < 8 && r >= 0 && r < 8) ? bb(make_square(f, r)) : 0;
}

Bitboard slide(Square s, Bitboard occ, const int (*dirs)[2]) {
  Bitboard result = 0;
  for (int d = 0; d < 4; ++d) {
    int f = file_of(s), r = rank_of(s);
    for (;;) {
      f += dirs[d][0], r += dirs[d][1];
      if (f < 0 || f > 7 || r < 0 || r > 7) break;
      Bitboard b = bb(make_square(f, r));
      result |= b;
      if (occ & b) break;
    }
  }
  return result;
}

constexpr int kRookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Small deterministic PRNG for the magic search of the portable (non-BMI2) build.
struct Prng {
  std::uint64_t s;
  std::uint64_t next() {
    s ^= s >> 12, s ^= s << 25, s ^= s >> 27;
    return s * 2685821657736338717ULL;
  }
  std::uint64_t sparse() { return next() & next() & next(); }
};

void init_magics(tables::Magic* magics, Bitboard* table, const int (*dirs)[2]) {
#if !defined(__BMI2__)
  Prng prng{0x9E3779B97F4A7C15ULL};
#endif
  Bitboard* next_table = table;
  std::vector<Bitboard> occs, atts;
  for (Square s = 0; s < 64; ++s) {
    Bitboard edges = ((rank_bb(0) | rank_bb(7)) & ~rank_bb(rank_of(s))) |
                     ((file_bb(0) | file_bb(7)) & ~file_bb(file_of(s)));
    auto& m = magics[s];
    m.mask = slide(s, 0, dirs) & ~edges;
    m.shift = 64 - popcount(m.mask);
    m.attacks = next_table;
    occs.clear(), atts.clear();
    Bitboard sub = 0;
    do {  // Carry-Rippler enumeration of all subsets of the mask
      occs.push_back(sub);
      atts.push_back(slide(s, sub, dirs));
      sub = (sub - m.mask) & m.mask;
    } while (sub);
    std::size_t n = occs.size();
#if defined(__BMI2__)
    for (std::size_t i = 0; i < n; ++i) m.attacks[_pext_u64(occs[i], m.mask)] = atts[i];
#else
    std::vector<int> epoch(n, 0);
    for (int attempt = 1;; ++attempt) {
      do m.magic = prng.sparse();
      while (popcount((m.magic * m.mask) >> 56) < 6);
      bool ok = true;
      for (std::size_t i = 0; i < n && ok; ++i) {
        unsigned idx = m.index(occs[i]);
        if (epoch[idx] < attempt)
          epoch[idx] = attempt, m.attacks[idx] = atts[i];
        else if (m.attacks[idx] != atts[i])
          ok = false;
      }
      if (ok) break;
    }
#endif
    next_table += n;
  }
}

void init_all() {
  using namespace tables;
  for (Square s = 0; s < 64; ++s) {
    knight[s] = step(s, 1, 2) | step(s, 2, 1) | step(s, 2, -1) | step(s, 1, -2) | step(s, -1, -2) |
                step(s, -2, -1) | step(s, -2, 1) | step(s, -1, 2);
    king[s] = step(s, 1, 0) | step(s, 1, 1) | step(s, 0, 1) | step(s, -1, 1) | step(s, -1, 0) |
              step(s, -1, -1) | step(s, 0, -1) | step(s, 1, -1);
    fers[s] = step(s, 1, 1) | step(s, -1, 1) | step(s, 1, -1) | step(s, -1, -1);
    alfil[s] = step(s, 2, 2) | step(s, -2, 2) | step(s, 2, -2) | step(s, -2, -2);
    tables::pawn_attacks[kWhite][s] = step(s, 1, 1) | step(s, -1, 1);
    tables::pawn_attacks[kBlack][s] = step(s, 1, -1) | step(s, -1, -1);
  }
  init_magics(rook_magics, rook_table, kRookDirs);
  init_magics(bishop_magics, bishop_table, kBishopDirs);
  for (Square a = 0; a < 64; ++a)
    for (Square b = 0; b < 64; ++b) {
      between[a][b] = line[a][b] = 0;
      if (a == b) continue;
      if (slide(a, 0, kRookDirs) & bb(b)) {
        line[a][b] = (slide(a, 0, kRookDirs) & slide(b, 0, kRookDirs)) | bb(a) | bb(b);
        between[a][b] = slide(a, bb(b), kRookDirs) & slide(b, bb(a), kRookDirs);
      } else if (slide(a, 0, kBishopDirs) & bb(b)) {
        line[a][b] = (slide(a, 0, kBishopDirs) & slide(b, 0, kBishopDirs)) | bb(a) | bb(b);
        between[a][b] = slide(a, bb(b), kBishopDirs) & slide(b, bb(a), kBishopDirs);
      }
    }
}

}  // namespace

void init_tables() {
  static std::once_flag once;
  std::call_once(once, init_all);
}

}  // namespace hc
