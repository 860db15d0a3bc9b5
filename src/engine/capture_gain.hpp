// What a capture wins, under the variant's own capture rule: the engine's static exchange estimate, which
// orders captures (search.cpp) and leaves the losing ones out of quiescence.
#pragma once
#include "rules/position.hpp"

namespace hc {

constexpr int kNotCapture = -1000000;  // capture_gain of a move that takes no enemy man
constexpr int kRoyalGain = 20000;      // a royal king removed (taken or exploded)

// Read from the move's journal (the move is made and undone; `pos` is left as it was): the values
// (piece_value) of the enemy men the move removes less those of the own men it removes — the capturer under
// explosion or a dying capturer, the bystanders of an explosion — a royal king counting kRoyalGain; a
// promotion adds the new man's worth over the pawn's. When the turn ends with the capturer standing where an
// enemy man attacks it (KernelOps::attackers_to, on the board it arrived on), its value is subtracted too: a
// pessimistic exchange (the enemy takes back; our own recaptures are not counted). A shooter or a capturer
// that dies arrives nowhere, so nothing takes it back. kNotCapture when the move removes no enemy man (a
// capture of an own man, RULES.md §4.7, only gives material away).
int capture_gain(Position& pos, Move m);

}  // namespace hc
