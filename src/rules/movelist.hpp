#pragma once
#include "core/types.hpp"

namespace hc {

// Fixed-capacity move list: no heap allocation in the hot path.
struct MoveList {
  static constexpr int kCapacity = 320;
  Move moves[kCapacity];
  int count = 0;
  void push(Move m) { moves[count++] = m; }
  int size() const { return count; }
  bool empty() const { return count == 0; }
  Move* begin() { return moves; }
  Move* end() { return moves + count; }
  const Move* begin() const { return moves; }
  const Move* end() const { return moves + count; }
  Move operator[](int i) const { return moves[i]; }
  bool contains(Move m) const {
    for (int i = 0; i < count; ++i)
      if (moves[i] == m) return true;
    return false;
  }
  // Keeps the moves satisfying pred, preserving order.
  template <class Pred>
  void keep_if(Pred pred) {
    int n = 0;
    for (int i = 0; i < count; ++i)
      if (pred(moves[i])) moves[n++] = moves[i];
    count = n;
  }
};

}  // namespace hc
