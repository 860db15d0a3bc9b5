// What a position needs before a game can start from it under its rules (not what perft or analysis
// needs: they take any position the FEN reader accepts).
#pragma once
#include "notation/error.hpp"
#include "rules/position.hpp"

namespace hc {

// RULES.md §1.1: where the king is royal its loss ends the game, so a game starts only where each side has a
// king (on any board; D-6 would let a side have several, which the FEN reader does not allow yet). Throws
// NotationError naming the side(s) without one; does nothing under rules whose king is not royal.
void require_royal_kings(const Position& pos);

}  // namespace hc
