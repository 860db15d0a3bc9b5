// Static evaluation, in centipawns from the side to move's point of view.
//
// Every term is driven by the dimensions of `Rules` (capture kind, paralysis, boards/transfer, schedule,
// check regime), never by a variant name, so a new id or composition gets sensible defaults from the
// components it sets (docs/architecture.md, "Evaluation"):
//   * material under the capture rule (explosion and a dying capturer trade the capturer: values closer
//   together;
//     shots keep the shooter: long-range men are worth more), men paralysed by an enemy man of their type
//     worth less;
//   * mobility from attack bitboards per board (transfer: the arrival square on the other board must be free;
//     paralysed men have none; kings that never capture do not count captures);
//   * king safety scaled by the moves the enemy has in its coming turn (quota, long series): direct
//     attacks on the king's field, men one move from attacking it (transfer: from the other board, where they
//     arrive on the king's board), open lines, defenders and escape squares;
//   * explosion captures: men next to a king are detonators (capturing one explodes that king), touching
//   kings
//     are safe from each other, a queen near the enemy king is dangerous;
//   * goals (Rules::goal): a king that is an ordinary man has a material value and no king danger; the
//     promotion race values a pawn's advance far more; losing games negate the whole score (goal_sign);
//   * hanging men of the side to move under the capture rule (a shot cannot be answered by a recapture; a
//     capture that removes the capturer costs it).
// It allocates nothing and reads only bitboards; one call costs a few hundred table lookups.
#pragma once
#include "rules/position.hpp"

namespace hc {

int evaluate_position(const Position& pos);
// The same where only the side of [alpha, beta] matters: when material alone is far outside the window
// (beyond what the positional terms can make up), it is returned without the full evaluation.
int evaluate_position(const Position& pos, int alpha, int beta);
// Material value of a man of type t under the rules' capture kind (centipawns; royal kings 0).
int piece_value(const Rules& r, PieceType t);
// +1, or -1 where material is bad: under Goal::kLoseAllMen (losing games) the score of the usual terms is
// negated, a simple default (what wins men in chess loses them here, which is the aim).
int goal_sign(const Rules& r);
// Moves colour c has in its coming turn: what is left of the current turn if c is to move, else the quota of
// its next turn (RULES.md §1.2).
int coming_moves(const Position& pos, Color c);

}  // namespace hc
