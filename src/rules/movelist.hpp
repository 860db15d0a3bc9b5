#pragma once
#include <cassert>

#include "core/types.hpp"

namespace hc {

// Fixed-capacity move list: no heap allocation in the hot path.
struct MoveList {
  // Positions are limited to 16 men a side (set_fen), which bounds the moves: at most 15 queens and a king,
  // 413 moves even in Alice, where the other board's men do not block.
  static constexpr int kCapacity = 512;
  Move moves[kCapacity];
  int count = 0;
  void push(Move m) {
    assert(count < kCapacity);
    moves[count++] = m;
  }
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
  // Sorts by descending score, keeping the order of equal scores (insertion sort: lists are short). `score`
  // runs parallel to the moves and is permuted with them.
  void sort_by(int* score) {
    for (int i = 1; i < count; ++i) {
      Move m = moves[i];
      int s = score[i], j = i - 1;
      for (; j >= 0 && score[j] < s; --j) moves[j + 1] = moves[j], score[j + 1] = score[j];
      moves[j + 1] = m, score[j + 1] = s;
    }
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
