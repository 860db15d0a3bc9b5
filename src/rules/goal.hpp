// The goals of RULES.md §1.10 beyond checkmate and king capture (Rules::goal): annihilation, losing games
// and the promotion race. A goal is read from the position alone, so that the kernel (no move after the game
// ended), the turn layer (a goal reached ends the turn at once, even mid-turn) and the game result agree.
#pragma once
#include <optional>

#include "rules/position.hpp"

namespace hc {

struct GoalReached {
  bool reached = false;         // the game is over by the goal
  std::optional<Color> winner;  // empty: a draw
};

// The goal reached in `pos` under pos.rules().goal (never under Goal::kCheckmate):
//   * kAnnihilation: a side with no men loses (both without men: a draw);
//   * kLoseAllMen: a side with no men wins (both without men: a draw);
//   * kPromotionRace: a side with a pawn on its last rank wins; otherwise, once a side has no pawns left, the
//     game is a draw.
GoalReached goal_reached(const Position& pos);

// The side that has lost its royal king while the other keeps one (RULES.md §1.1, D-8), or none: the side to
// move (captured, exploded, swept after the enemy's move); under a turn-start rule (Rules::turn_start,
// archimedes) also the side not to move, whose king was removed at the start of the enemy's turn. Without
// royal kings, none.
inline std::optional<Color> royal_king_lost(const Position& pos) {
  const Rules& r = pos.rules();
  if (!r.royal_king) return std::nullopt;
  const Color us = pos.side();
  if (pos.king_board(us) < 0 && pos.king_board(~us) >= 0) return us;
  if (r.turn_start != TurnStartKind::kNone && pos.king_board(~us) < 0 && pos.king_board(us) >= 0) return ~us;
  return std::nullopt;
}

// May a pawn stand on its own last rank (FEN, Position::is_consistent)? Under the promotion race, where its
// arrival there ended the game.
inline bool pawn_may_stand_on_last_rank(const Rules& r) { return r.goal == Goal::kPromotionRace; }

}  // namespace hc
