// Zobrist keys. The hash covers placement on every board and the whole turn state (RULES.md D-3).
#pragma once
#include "core/types.hpp"

namespace hc::zobrist {
// By board, Piece (colour << 4 | type) and square. The keys of the first eight types are those they had when
// a Piece was colour << 3 | type (init fills them first, in that order), so every position's hash without a
// fers or alfil is unchanged; the later types' keys are drawn after every other table.
extern Key piece[kMaxBoards][kPieceCodes][64];
extern Key side;
extern Key castling[16];
extern Key ep_now[64];
extern Key ep_pending[64];
// Turn counters: moves already made in this turn and the turn's quota (RULES.md D-3 and progressive decision
// 5: the quota is part of the state, so equal placements at quotas 9, 11, 13 are not a repetition). A table
// key for the small values every game uses, a mixing function beyond (quotas reach kMaxQuota).
constexpr int kCounterValues = 256;
extern Key made[kCounterValues];
extern Key quota[kCounterValues];
extern Key forbid;  // mixed with the raw forbidden move
// Keys of the rarer turn-state fields (rules/position.cpp state_key), one seed each, mixed with the value.
enum class Field : std::uint64_t {
  kMade = 1,
  kQuota,
  kChecksWhite,
  kChecksBlack,
  kLastType,
  kLastLength,
  kUsed,
  kSpent,
  kTurnCapture,
  kManMoves,
  kFrozen,
  kSputniks,
  kAttribute,  // a man's attribute: (board, attribute, square) (Position::attr_key)
  kRefill      // the refill chain's squares (TurnState::refill, refill_next)
};
// splitmix64's finaliser: a distinct pseudo-random key per (field, value).
constexpr Key mix(Field f, std::uint64_t value) {
  std::uint64_t z =
      value * 0x9E3779B97F4A7C15ULL + std::uint64_t(f) * 0xD1B54A32D192ED03ULL + 0x632BE59BD9B4E019ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
inline Key made_key(std::uint32_t v) { return v < kCounterValues ? made[v] : mix(Field::kMade, v); }
inline Key quota_key(std::uint32_t v) { return v < kCounterValues ? quota[v] : mix(Field::kQuota, v); }
void init();
}  // namespace hc::zobrist
