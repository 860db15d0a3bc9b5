// Static evaluation, in centipawns from the side to move's point of view. Defaults that make sense for every
// variant the kernel can express (material, placement, and the moves still due in the current turn); variant
// families adjust piece values through their rules (capture kind) rather than by name.
#pragma once
#include "rules/position.hpp"

namespace hc {

int evaluate_position(const Position& pos);
int piece_value(const Rules& r, PieceType t);

}  // namespace hc
