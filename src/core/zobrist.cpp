#include "core/zobrist.hpp"

#include <mutex>

namespace hc::zobrist {
Key piece[kMaxBoards][kPieceCodes][64];
Key side;
Key castling[16];
Key ep_now[64];
Key ep_pending[64];
Key made[kCounterValues];
Key quota[kCounterValues];
Key forbid;

void init() {
  static std::once_flag once;
  std::call_once(once, [] {
    std::uint64_t s = 0x3C6EF372FE94F82AULL;
    auto next = [&s] {  // splitmix64
      std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
      return z ^ (z >> 31);
    };
    for (auto& b : piece)
      for (int old = 0; old < 16; ++old)  // the former code colour << 3 | type
        for (auto& k : b[(old >> 3) << 4 | (old & 7)]) k = next();
    side = next();
    for (auto& k : castling) k = next();
    for (auto& k : ep_now) k = next();
    for (auto& k : ep_pending) k = next();
    for (auto& k : made) k = next();
    for (auto& k : quota) k = next();
    forbid = next();
    for (auto& b : piece)
      for (int c = 0; c < 2; ++c)
        for (int t = 8; t < 16; ++t)
          for (auto& k : b[c << 4 | t]) k = next();
  });
}
}  // namespace hc::zobrist
