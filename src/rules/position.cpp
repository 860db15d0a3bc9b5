#include "rules/position.hpp"

#include <limits>

namespace hc {

void Position::reset(const Rules* rules, const KernelOps* ops) {
  init_tables();
  zobrist::init();
  *this = Position();
  rules_ = rules;
  ops_ = ops;
}

static_assert(std::numeric_limits<decltype(TurnState::made)>::max() < zobrist::kCounterValues &&
                  std::numeric_limits<decltype(TurnState::quota)>::max() < zobrist::kCounterValues,
              "every value of the turn counters needs its own Zobrist key");

// Everything of TurnState that decides which moves and turns are legal next (D-3): side, castling, e.p.
// rights, the forbidden null-turn move, and the turn counters (moves made, quota). Not the no-progress and
// move counters: they decide draws, not legality, and do not make two positions different under D-3.
Key Position::state_key() const {
  Key k = zobrist::castling[st_.castling] ^ zobrist::made[st_.made] ^ zobrist::quota[st_.quota];
  if (st_.side == kBlack) k ^= zobrist::side;
  for (Bitboard b = st_.ep_now; b;) k ^= zobrist::ep_now[pop_lsb(b)];
  for (Bitboard b = st_.ep_pending; b;) k ^= zobrist::ep_pending[pop_lsb(b)];
  if (!st_.forbid.is_none()) k ^= zobrist::forbid * (Key(st_.forbid.raw()) | 1);
  return k;
}

Key Position::compute_piece_key() const {
  Key k = 0;
  for (int b = 0; b < boards(); ++b)
    for (Square s = 0; s < 64; ++s)
      if (board_[b][s]) k ^= zobrist::piece[b][board_[b][s]][s];
  return k;
}

Key Position::compute_key() const { return compute_piece_key() ^ state_key(); }

bool Position::is_consistent() const {
  Bitboard seen = 0;
  for (int b = 0; b < boards(); ++b) {
    if (color_bb_[b][kWhite] & color_bb_[b][kBlack]) return false;
    for (Square s = 0; s < 64; ++s) {
      Piece p = board_[b][s];
      bool in_color = (color_bb_[b][kWhite] | color_bb_[b][kBlack]) & bb(s);
      if (bool(p) != in_color) return false;
      if (p && !(type_bb_[b][type_of(p)] & color_bb_[b][color_of(p)] & bb(s))) return false;
    }
    if (rules_->transfer == TransferKind::kAlice && (seen & occupied(b))) return false;
    seen |= occupied(b);
  }
  return st_.key == compute_key();
}

}  // namespace hc
