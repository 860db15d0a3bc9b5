// Zobrist keys. The hash covers placement on every board and the whole turn state (RULES.md D-3).
#pragma once
#include "core/types.hpp"

namespace hc::zobrist {
extern Key piece[kMaxBoards][16][64];
extern Key side;
extern Key castling[16];
extern Key ep_now[64];
extern Key ep_pending[64];
// Turn counters: moves already made in this turn and the turn's quota (RULES.md D-3 and progressive decision
// 5: the quota is part of the state, so equal placements at quotas 9, 11, 13 are not a repetition). One key
// per value of the 8-bit TurnState fields (rules/position.hpp asserts the width).
constexpr int kCounterValues = 256;
extern Key made[kCounterValues];
extern Key quota[kCounterValues];
extern Key forbid;  // mixed with the raw forbidden move
void init();
}  // namespace hc::zobrist
