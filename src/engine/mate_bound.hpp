// A lower bound on the moves a side must still make before the enemy king can stand checkmated, for the
// series-mover pruning of the mate solver (issue 3 §2: "which men can still reach the king's field, which
// squares must be covered").
//
// While one side plays its series the other side's men stand still and can only disappear, so the squares
// that must be covered at the moment of mate only grow: the king's square (it must be in check) and every
// neighbour not occupied by one of its own men (a flight). A square is covered by a man attacking it; under
// the Italian check regime a flight is also closed when the king's step to it would uncover a check from one
// of its own line-pieces through its square to the attacker's king (RULES.md, the Italian check rule: such an
// escape is illegal). For each square the cheapest way to cover it is counted in moves on an empty board
// (obstacles only lengthen a route; a blocked line needs at least one move), and the bound is the largest of
// these over the squares: every one of them must be covered when the mate is given.
#pragma once
#include "rules/position.hpp"

namespace hc {

// True when the bound is sound for these rules: one board, displacement capture, no paralysis, check
// observed or Italian (the mate is a checkmate of a king that does not move during the attacker's series).
bool mate_bound_applies(const Rules& r);

// A lower bound on the moves `attacker` needs before the other side's king is checkmated (0 if it may be
// mated already), exact enough to decide whether it exceeds `budget`: a result above `budget` proves that
// no mate is possible within `budget` moves. Call only where mate_bound_applies(pos.rules()).
int mate_lower_bound(const Position& pos, Color attacker, int budget);

}  // namespace hc
