// Per-man state (RULES.md §4.1 missile; has-moved for the Tylor bicolour rule): attributes a man carries with
// it. Each is one bitboard per board in Position, set on the squares of the men that hold it. An attribute is
// changed only by Position's journalled primitives (put with a carried mask, remove, set_attrs, clear_attrs),
// so that undo restores it; it travels with its man (a move, a board transfer, a promotion, castling) and
// goes with a removed man. The hash covers it (Position::compute_piece_key) and the FEN writes it
// (docs/formats.md: one token per attribute, named after it).
//
// Adding an attribute: one enum value below and one row in kAttributes (its FEN name and whether every man
// holds it when a position gives no list).
#pragma once
#include <cstdint>
#include <string_view>

namespace hc {

enum class Attr : std::uint8_t {
  // The man still holds its missile (missile: it may fire it once, instead of moving; Position::shoot).
  kMissile = 0,
  // The man has moved since the game's start (contract: set by the generic kernel on every man that leaves
  // its square by a move of its own: the mover, the promoted pawn, castling's king and rook — but castling
  // marks neither under CheckAttackers::kBothColoursOnceMoved (generic::castling_mark) —; not by a shot, a
  // removal or a board transfer alone; never cleared while the man stands). Read by the check rule of
  // bicolour-tylor and bicolour-ridley (check_attackers = "both-colours-once-moved", generic::check_givers).
  kHasMoved = 1,
  // The man arrived by promotion (contract: set by the generic kernel on the piece a pawn becomes, by a quiet
  // move or a capture, where the rules keep it; it travels with the man and never clears while he stands).
  // Read by the turn layer under Rules::promoted_moves_once (turn_origins: such a man moves once a turn).
  kPromoted = 2,
};
constexpr int kAttrCount = 3;
// A set of attributes, bit a = Attr a (at most 8 attributes: the journal stores a mask in one byte).
using AttrMask = std::uint8_t;
constexpr AttrMask attr_bit(Attr a) { return AttrMask(1u << unsigned(a)); }
static_assert(kAttrCount <= 8);

struct AttributeInfo {
  Attr attr;
  std::string_view name;    // the FEN token's key (docs/formats.md)
  bool every_man_at_start;  // a position without the token: every man holds it (true) or none (false)
};
inline constexpr AttributeInfo kAttributes[kAttrCount] = {
    {Attr::kMissile, "missile", true},
    {Attr::kHasMoved, "has-moved", false},
    {Attr::kPromoted, "promoted", false},
};

// One entry of the attribute journal (Undo::attr_effects): on board `board`, square `square`, the attributes
// `mask` were set (set = true; none of them was held before) or cleared (all of them were held).
struct AttrEffect {
  std::uint8_t board;
  std::uint8_t square;
  AttrMask mask;
  bool set;
};

}  // namespace hc
