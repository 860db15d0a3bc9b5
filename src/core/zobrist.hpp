// Zobrist keys. The hash covers placement on every board and the whole turn state (RULES.md D-3).
#pragma once
#include "core/types.hpp"

namespace hc::zobrist {
extern Key piece[kMaxBoards][16][64];
extern Key side;
extern Key castling[16];
extern Key ep_now[64];
extern Key ep_pending[64];
extern Key made[32];
extern Key forbid;  // mixed with the raw forbidden move
void init();
}  // namespace hc::zobrist
