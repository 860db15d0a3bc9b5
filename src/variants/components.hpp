// Rule components: the small policy types the kernel (src/rules/kernel.hpp) is instantiated with. Each one is
// the whole of its rule's knowledge; the kernel calls only the members documented there.
#pragma once
#include "rules/position.hpp"

namespace hc::components {

// ---- capture (RULES.md §1.9) ----

// DISPLACEMENT (orthodox): the capturer takes the victim's place.
struct Displacement {
  static constexpr bool kDisplaces = true, kKingCaptures = true, kMoverStays = false,
                        kPromotesOnCapture = true;
  static constexpr bool kMoverLands = true;
  static Bitboard casualties(const Position&, int, Square, Square, Square victim) { return bb(victim); }
  static void apply(Position& pos, Undo& u, int b, Square from, Square to, Square victim, Piece arriving) {
    const Piece mover = pos.at(b, from);
    pos.remove(b, victim, u, Cause::kCapture);
    pos.remove(b, from, u, Cause::kMove);
    pos.put(b, to, arriving, u, arriving == mover ? Cause::kMove : Cause::kPromotion);
  }
  static Bitboard filter_checkers(const Position&, Color, int, Square, Bitboard a) { return a; }
};

// SHOOT (rifle): the victim is removed and the shooter stays where it is; a pawn shot never promotes.
struct Shoot {
  static constexpr bool kDisplaces = false, kKingCaptures = true, kMoverStays = true,
                        kPromotesOnCapture = false;
  static constexpr bool kMoverLands = false;
  static Bitboard casualties(const Position&, int, Square, Square, Square victim) { return bb(victim); }
  static void apply(Position& pos, Undo& u, int b, Square, Square, Square victim, Piece) {
    pos.remove(b, victim, u, Cause::kShot);
  }
  static Bitboard filter_checkers(const Position&, Color, int, Square, Bitboard a) { return a; }
};

// EXPLOSION (atomic): captured man, capturer and every non-pawn man on the 8 neighbouring squares are
// removed; kings never capture; no check while the two kings touch.
struct Explosion {
  static constexpr bool kDisplaces = false, kKingCaptures = false, kMoverStays = false,
                        kPromotesOnCapture = true;
  static constexpr bool kMoverLands = false;
  static Bitboard casualties(const Position& pos, int b, Square from, Square to, Square victim) {
    return bb(victim) | bb(from) | (king_attacks(to) & pos.occupied(b) & ~pos.pieces(b, kPawn));
  }
  static void apply(Position& pos, Undo& u, int b, Square from, Square to, Square victim, Piece) {
    pos.remove(b, victim, u, Cause::kCapture);
    pos.remove(b, from, u, Cause::kCapturer);
    for (Bitboard n = king_attacks(to) & pos.occupied(b) & ~pos.pieces(b, kPawn); n;)
      pos.remove(b, pop_lsb(n), u, Cause::kExplosion);
  }
  static Bitboard filter_checkers(const Position& pos, Color c, int b, Square k, Bitboard a) {
    return (king_attacks(k) & pos.pieces(b, ~c, kKing)) ? 0 : a;
  }
};

// KAMIKAZE: the capturer dies with its victim; kings never capture, so they attack nothing.
struct Kamikaze {
  static constexpr bool kDisplaces = false, kKingCaptures = false, kMoverStays = false,
                        kPromotesOnCapture = true;
  static constexpr bool kMoverLands = false;
  static Bitboard casualties(const Position&, int, Square from, Square, Square victim) {
    return bb(victim) | bb(from);
  }
  static void apply(Position& pos, Undo& u, int b, Square from, Square, Square victim, Piece) {
    pos.remove(b, victim, u, Cause::kCapture);
    pos.remove(b, from, u, Cause::kCapturer);
  }
  static Bitboard filter_checkers(const Position&, Color, int, Square, Bitboard a) { return a; }
};

// ---- paralysis ----

struct NoParalysis {
  static constexpr bool kActive = false;
  static Bitboard paralysed(const Position&, int) { return 0; }
};

// MADRASI (RULES.md madras): a man other than a king observed by an enemy man of its own type is paralysed;
// paralysed men still observe. E.p. (decision "both inert"): while the reply to a two-step is due, the
// double-stepper (as if also on the passed square) and the enemy pawns that could take it are paralysed.
struct Madrasi {
  static constexpr bool kActive = true;
  static Bitboard observed_by(const Position& pos, int b, Color by, PieceType t) {
    Bitboard occ = pos.occupied(b), result = 0;
    for (Bitboard m = pos.pieces(b, by, t); m;) result |= attacks_of(t, by, pop_lsb(m), occ);
    return result;
  }
  static Bitboard paralysed(const Position& pos, int b) {
    Bitboard result = 0;
    for (PieceType t : {kPawn, kKnight, kBishop, kRook, kQueen})
      for (Color c : {kWhite, kBlack})
        if (pos.pieces(b, c, t) && pos.pieces(b, ~c, t))
          result |= pos.pieces(b, c, t) & observed_by(pos, b, ~c, t);
    if (Bitboard ep = pos.state().ep_now) {
      const Color mover = pos.side(), stepper = ~mover;
      for (; ep;) {
        Square passed = pop_lsb(ep);
        Square landing = passed + (stepper == kWhite ? 8 : -8);
        if (pos.at(b, landing) != make_piece(stepper, kPawn)) continue;
        Bitboard capturers = pawn_attacks(stepper, passed) & pos.pieces(b, mover, kPawn);
        if (!capturers) continue;  // no pawn could take it: nothing is inert
        switch (pos.rules().madrasi_ep) {
          case MadrasiEp::kBothInert:
            result |= capturers | bb(landing);
            break;
          case MadrasiEp::kCapturerOnly:
            result |= capturers;
            break;
          case MadrasiEp::kStepperOnly:
            result |= bb(landing);
            break;
        }
      }
    }
    return result;
  }
};

// ---- boards and transfer (RULES.md §1.7) ----

struct SingleBoard {
  static constexpr int kBoards = 1;
  static constexpr bool kTransfer = false;
  static constexpr int dest(int b) { return b; }
};

// ALICE: after every move the moved man passes to the corresponding square of the other board.
struct AliceBoards {
  static constexpr int kBoards = 2;
  static constexpr bool kTransfer = true;
  static constexpr int dest(int b) { return b ^ 1; }
};

}  // namespace hc::components
