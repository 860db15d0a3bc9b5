// Move text: UCI coordinates, SAN (with the source notations of RULES.md §0.3 on input), and turns.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "notation/error.hpp"
#include "rules/movelist.hpp"
#include "rules/position.hpp"

namespace hc {

std::string to_uci(Move m);
// Finds the legal move written in UCI text; throws NotationError saying why it is not legal.
Move parse_uci(Position& pos, std::string_view text);

// SAN for people: piece letter, disambiguation, x, destination, =promotion, + or #. In multi-board games the
// destination board is appended (">B"), as in the sources. `legal` is the position's legal move list.
std::string to_san(Position& pos, Move m);
// Reads SAN and the source notations: Rifle "xe4" (some man shoots e4), Alice "d4>B", "0-0"/"O-O", "e8(Q)",
// "e8Q", "e8=Q", trailing "+", "#", "!", "?".
Move parse_san(Position& pos, std::string_view text);
// Either notation (UCI first).
Move parse_move(Position& pos, std::string_view text);

// A turn's moves joined by commas.
std::string join_turn(const std::vector<std::string>& moves);

}  // namespace hc
