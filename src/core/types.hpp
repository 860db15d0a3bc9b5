// Core value types shared by every layer: colours, men, squares, moves.
#pragma once
#include <cstdint>

namespace hc {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

enum Color : std::uint8_t { kWhite = 0, kBlack = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// kCapricorn (letter C, RULES.md §4.3): a rook that moves to empty squares only and butts (Rules::butting);
// only rules with capricorns (Rules::rook_role) have it: the FEN reader refuses it elsewhere.
// kFers (F: one square diagonally) and kAlfil (A: a leap of exactly two squares diagonally, over any man),
// the medieval men (RULES.md §3.3): only the generic kernel plays them (variants/registry.cpp kernel_for),
// and only games whose men include them (Rules::men) accept them in a FEN. Letters: core/men.hpp.
enum PieceType : std::uint8_t {
  kNoType = 0,
  kPawn,
  kKnight,
  kBishop,
  kRook,
  kQueen,
  kKing,
  kCapricorn,
  kFers,
  kAlfil,
  kPieceTypeCount
};
static_assert(kPieceTypeCount <= 16, "a type is 4 bits (Piece, Move::promotion)");

// A man: colour in bit 4, type in bits 0-3. 0 = empty square. (The Zobrist keys are by colour and type,
// zobrist::piece_index, so this layout does not change them.)
enum Piece : std::uint8_t { kNoPiece = 0 };
constexpr int kPieceCodes = 32;  // every Piece value is below this
constexpr Piece make_piece(Color c, PieceType t) { return Piece((c << 4) | t); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 15); }
constexpr Color color_of(Piece p) { return Color(p >> 4); }

// Squares a1 = 0 … h8 = 63 on an 8x8 board.
using Square = int;
constexpr Square kNoSquare = 64;
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return rank * 8 + file; }
constexpr Bitboard bb(Square s) { return Bitboard(1) << s; }

// Boards of a multi-board game. RULES.md has games on up to six boards; the slice needs two.
constexpr int kMaxBoards = 2;

// Castling-right bits.
enum : std::uint8_t { kWhiteOO = 1, kWhiteOOO = 2, kBlackOO = 4, kBlackOOO = 8, kAllCastling = 15 };

// One atomic move of one side (RULES.md §1.2). Encoded in 32 bits:
// from(6) to(6) kind(3) promotion type's low 3 bits(3) from-board(3) to-board(3) follow-up shot(1 + 6), and
// bit 31 the promotion type's high bit (a fers or alfil), so every move of the first eight types keeps its
// code. kEndTurn is the voluntary stop (`0000`): it ends the turn where the rules allow it (rules/turn.hpp).
// kShot: the man on `from` removes the man it attacks on `to` without moving (a missile, Rules::missiles;
// e.p.: `to` is the passed square and the double-stepped pawn goes). kRemoval: the side to move removes its
// own man on `from` (= `to`) instead of moving (Rules::own_man_removal). Both are generic-kernel moves.
// A follow-up shot (Rules::follow_up_shot, with_shot): after its displacement capture (kNormal, kPromotion or
// kEnPassant) the capturer, standing on `to`, also removes the enemy man on shot() without moving; one move.
enum class MoveKind : std::uint8_t {
  kNormal = 0,
  kPromotion,
  kEnPassant,
  kCastling,
  kEndTurn,
  kShot,
  kRemoval
};

// Trivially default-constructible so that move lists need no zeroing: `Move m;` is indeterminate, `Move()`
// and `Move{}` are the empty move.
class Move {
 public:
  Move() = default;
  constexpr Move(Square from, Square to, MoveKind kind = MoveKind::kNormal, PieceType promo = kNoType,
                 int from_board = 0, int to_board = 0)
      : data_(std::uint32_t(from) | std::uint32_t(to) << 6 | std::uint32_t(kind) << 12 |
              std::uint32_t(promo & 7) << 15 | std::uint32_t(from_board) << 18 |
              std::uint32_t(to_board) << 21 | std::uint32_t(promo >> 3) << 31) {}
  // The move whose raw() is `raw` (the transposition table's stored move).
  static constexpr Move from_raw(std::uint32_t raw) {
    Move m{};
    m.data_ = raw;
    return m;
  }
  constexpr Square from() const { return data_ & 63; }
  constexpr Square to() const { return (data_ >> 6) & 63; }
  constexpr MoveKind kind() const { return MoveKind((data_ >> 12) & 7); }
  constexpr PieceType promotion() const { return PieceType(((data_ >> 15) & 7) | ((data_ >> 28) & 8)); }
  constexpr int from_board() const { return (data_ >> 18) & 7; }
  constexpr int to_board() const { return (data_ >> 21) & 7; }
  // The same move followed by a shot at s (generic kernel, Rules::follow_up_shot).
  constexpr Move with_shot(Square s) const {
    Move m = *this;
    m.data_ = (data_ & ~(std::uint32_t(127) << 24)) | std::uint32_t(64 | s) << 24;  // bit 31 kept
    return m;
  }
  constexpr bool has_shot() const { return (data_ >> 30) & 1; }
  constexpr Square shot() const { return has_shot() ? Square((data_ >> 24) & 63) : kNoSquare; }
  constexpr std::uint32_t raw() const { return data_; }
  constexpr bool is_none() const { return data_ == 0; }
  friend constexpr bool operator==(Move a, Move b) { return a.data_ == b.data_; }

 private:
  std::uint32_t data_;
};

}  // namespace hc
