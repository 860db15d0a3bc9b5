#include "engine/eval.hpp"

namespace hc {

namespace {

// Centralisation bonus by square for knights/bishops/queens (cp), symmetric, and pawn advancement by rank.
constexpr int kCentre[64] = {-20, -10, -10, -10, -10, -10, -10, -20,  //
                             -10, 0,   0,   5,   5,   0,   0,   -10,  //
                             -10, 0,   10,  15,  15,  10,  0,   -10,  //
                             -10, 5,   15,  20,  20,  15,  5,   -10,  //
                             -10, 5,   15,  20,  20,  15,  5,   -10,  //
                             -10, 0,   10,  15,  15,  10,  0,   -10,  //
                             -10, 0,   0,   5,   5,   0,   0,   -10,  //
                             -20, -10, -10, -10, -10, -10, -10, -20};
constexpr int kPawnRank[8] = {0, 0, 5, 10, 20, 35, 60, 0};

}  // namespace

int piece_value(const Rules& r, PieceType t) {
  static constexpr int kOrthodox[] = {0, 100, 320, 330, 500, 900, 0};
  int v = kOrthodox[t];
  // Explosions and kamikaze captures trade the capturer away: the pieces' worth is closer together there.
  if (r.capture == CaptureKind::kExplosion || r.capture == CaptureKind::kKamikaze) {
    static constexpr int kTrade[] = {0, 150, 300, 300, 450, 800, 0};
    v = kTrade[t];
  }
  return v;
}

int evaluate_position(const Position& pos) {
  const Rules& r = pos.rules();
  int score[2] = {0, 0};
  for (int b = 0; b < pos.boards(); ++b) {
    for (Color c : {kWhite, kBlack}) {
      for (PieceType t : {kPawn, kKnight, kBishop, kRook, kQueen}) {
        for (Bitboard m = pos.pieces(b, c, t); m;) {
          Square s = pop_lsb(m);
          int v = piece_value(r, t);
          if (t == kPawn)
            v += kPawnRank[c == kWhite ? rank_of(s) : 7 - rank_of(s)];
          else if (t != kRook)
            v += kCentre[s] / (t == kQueen ? 2 : 1);
          score[c] += v;
        }
      }
    }
  }
  const Color us = pos.side();
  int s = score[us] - score[~us];
  // Moves still due in this turn are worth a tempo each (multi-move schedules).
  const TurnState& st = pos.state();
  s += 12 * (st.quota - st.made);
  return s;
}

}  // namespace hc
