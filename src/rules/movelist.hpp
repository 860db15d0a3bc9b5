#pragma once
#include <cassert>

#include "core/types.hpp"

namespace hc {

// The most moves one side can have on one board, whatever men stand there (FEN sets no limit on their
// number). Every move but castling goes from a man to a square in one of 16 directions (the 8 king steps,
// along which sliders, kings and pawns move, and the 8 knight leaps); for a destination and a direction only
// one square can be the origin: the first occupied square behind the destination (the step's square for a
// king, a knight or a pawn's single step, capture or e.p.; for a pawn's double step the square in between
// must be empty). So the (from, to) pairs are at most the on-board (destination, direction) pairs: 420 + 336
// = 756. A promotion (a pawn step onto the last rank: 8 + 7 + 7 = 22 pairs) is 4 moves instead of 1, and a
// side castles at most 2 ways: 756 + 3 * 22 + 2 = 824. Transfers (Alice) and shooting captures keep the
// (from, to) pairs of the origin board. (The 28-queen perft position has 270 moves; a legal chess position at
// most 218.) A capture's follow-up shots (Goliath) repeat pairs: their bound, under the FEN reader's 16 men a
// side, is in generic_kernel.hpp (follow_up_targets).
constexpr int max_moves_on_one_board() {
  constexpr int kSteps[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  constexpr int kLeaps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  auto on_board = [](int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; };
  int pairs = 0;
  for (int f = 0; f < 8; ++f)
    for (int r = 0; r < 8; ++r)
      for (int d = 0; d < 8; ++d)
        pairs += on_board(f - kSteps[d][0], r - kSteps[d][1]) + on_board(f - kLeaps[d][0], r - kLeaps[d][1]);
  const int promotion_pairs = 8 + 7 + 7;
  return pairs + 3 * promotion_pairs + 2;
}
static_assert(max_moves_on_one_board() == 824);

// Fixed-capacity move list: no heap allocation in the hot path, no zeroing of the array (Move is trivially
// default-constructible).
struct MoveList {
  // Moves are generated board by board into one list: the bound above per board (1648 on two boards, 6.4
  // KiB).
  static constexpr int kCapacity = kMaxBoards * max_moves_on_one_board();
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
  // An obligation "if possible": keeps the moves satisfying pred when there is one, else all of them.
  // One pass, pred asked once a move: the moves satisfying it are gathered at the front as they come (a write
  // only ever follows a yes, so a list without one is left untouched).
  template <class Pred>
  void keep_if_any(Pred pred) {
    int n = 0;
    for (int i = 0; i < count; ++i)
      if (pred(moves[i])) moves[n++] = moves[i];
    if (n) count = n;
  }
};

}  // namespace hc
