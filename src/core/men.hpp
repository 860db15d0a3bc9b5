// The men's letters and names: the one table that FEN, SAN, UCI promotion letters, PGN and XBoard read.
// Upper case is the letter of SAN and of a white man in a FEN; lower case a black man and a UCI promotion.
#pragma once
#include <string_view>

#include "core/types.hpp"

namespace hc {

struct ManInfo {
  char letter;  // upper case; ' ' for kNoType
  const char* name;
};

// Indexed by PieceType.
inline constexpr ManInfo kMen[kPieceTypeCount] = {
    {' ', ""},      {'P', "pawn"}, {'N', "knight"},    {'B', "bishop"}, {'R', "rook"},
    {'Q', "queen"}, {'K', "king"}, {'C', "capricorn"}, {'F', "fers"},   {'A', "alfil"},
};

// The upper-case letter of type t ('?' outside the table).
constexpr char man_letter(PieceType t) { return t < kPieceTypeCount ? kMen[t].letter : '?'; }
constexpr char man_letter_lower(PieceType t) {
  const char c = man_letter(t);
  return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
}
constexpr const char* man_name(PieceType t) { return t < kPieceTypeCount ? kMen[t].name : "?"; }
// A man's letter in a FEN: upper case for White.
constexpr char piece_letter(Piece p) {
  return color_of(p) == kWhite ? man_letter(type_of(p)) : man_letter_lower(type_of(p));
}
// The type of a letter, either case; kNoType when no man has it.
constexpr PieceType man_of_letter(char c) {
  if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
  for (int t = kPawn; t < kPieceTypeCount; ++t)
    if (kMen[t].letter == c) return PieceType(t);
  return kNoType;
}
static_assert(man_of_letter('f') == kFers && man_of_letter('A') == kAlfil && man_of_letter('x') == kNoType);

}  // namespace hc
