// Extended FEN (docs/formats.md): standard six fields, Alice's '|' prefix for board-B men, the 16-file
// side-by-side form on input, and key=value tokens for mid-turn state.
#pragma once
#include <string>
#include <string_view>

#include "notation/error.hpp"
#include "rules/position.hpp"
#include "variants/registry.hpp"

namespace hc {

// Sets pos to the FEN under the variant. Throws NotationError (with the column) on bad input.
void set_fen(Position& pos, const Variant& v, std::string_view fen);
std::string to_fen(const Position& pos);
std::string square_name(Square s);
// Parses "e4"; returns kNoSquare if malformed.
Square parse_square(std::string_view s);

}  // namespace hc
