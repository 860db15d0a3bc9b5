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

// The evaluation's fitted weights: terms whose values are tuned on the engine's own games (`heterochess
// tune`, scripts/tune.sh: Texel's method) rather than set by hand. Each belongs to a rule family, named by
// its prefix, and acts only where the rules have that mechanism (explosion: Rules::capture_explodes).
enum class Weight : int {
  kExplosionHit,     // per enemy man next to the enemy king that a man of ours attacks (a detonator)
  kExplosionImmune,  // per man of ours next to the enemy king (the enemy cannot take it without exploding)
  kExplosionQueenNearMg,  // per step closer of our queen to the enemy king, middlegame …
  kExplosionQueenNearEg,  // … and endgame
  kExplosionFuse,         // subtracted per man of ours next to our king (capturing it explodes the king; the fit
                          // made it negative: as far as the games tell, such a man shields more than exposes)
  kExplosionFuseThreat,   // per enemy man one move from attacking such a man
  kExplosionKingDanger,   // the king danger term, in percent
  kCount
};
constexpr int kWeightCount = int(Weight::kCount);
struct EvalWeights {
  int w[kWeightCount];
  int operator[](Weight x) const { return w[int(x)]; }
};
// The weights the engine plays with.
const EvalWeights& default_weights();
// "explosion.hit", … (the family, a dot, the term).
const char* weight_name(Weight x);
// The range the tuner keeps a weight in: a sign the term must keep, and a size beyond which its term would
// outweigh the material of several men (a fit to game results alone would take it there: the positions of a
// lost king predict the result best).
struct WeightRange {
  int min, max;
};
WeightRange weight_range(Weight x);

int evaluate_position(const Position& pos);
// The evaluation with other weights (the tuner).
int evaluate_position(const Position& pos, const EvalWeights& w);
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
