// The turn layer (RULES.md §1.2, §2 `schedule`, `turn`, D-5): which moves make up a turn and when it ends.
// Runtime rules read once per generation and once per move, shared by every kernel instantiation, so a
// variant without them (chess) pays a few predictable branches and nothing else.
//
// Contract with the kernels (rules/kernel.hpp):
//   * make() calls Position::save, applies the move's effects through put/remove, then finish_move (below),
//     which keeps the turn state: e.p. rights, counters, the men's memory, and decides the end of the turn;
//   * legal_moves() = the kernel's per-move legal moves, then apply_turn_rules, which removes what the turn
//     rules forbid (in the order of docs/architecture.md "turn layer") and adds the voluntary stop.
#pragma once
#include <array>

#include "rules/movelist.hpp"
#include "rules/origins.hpp"
#include "rules/position.hpp"

namespace hc {

// What make() knows about a move that the turn rules need.
struct MoveFacts {
  Piece mover = kNoPiece;
  Square from = 0, to = 0;
  int board = 0, dest = 0;
  bool capture = false, castling = false, promotion = false;
  Square rook_from = 0, rook_to = 0;  // castling
};

// The passed squares (of rights created by `owner`) that some enemy man could still take e.p.: the
// double-stepped pawn stands on its landing square, the passed square is empty on every board, and on the
// double-stepper's board an enemy pawn attacks it, or under EpCapturers::kAnyMan any enemy man that may
// capture attacks it (docs/formats.md field 4). With require_empty false (pending rights under `empty-now`),
// a passed square may be occupied for the moment. None where no man captures by moving (capture = "none").
// Inline for the fast kernels, which call it after every move with pending rights: the orthodox case (pawns
// take e.p.) here, the others in turn.cpp; both walk the rights with ep_rights_taken_by.
//
// The passed squares of `passed_squares` whose right stands (its pawn on the landing square, the passed
// square empty unless !require_empty) and that takers(b, passed) says some enemy man on board b could take.
template <class Takers>
inline Bitboard ep_rights_taken_by(const Position& pos, Bitboard passed_squares, Color owner,
                                   bool require_empty, Takers takers) {
  Bitboard keep = 0;
  const int up = owner == kWhite ? 8 : -8;
  const Bitboard occupied = require_empty ? pos.occupied_any() : 0;
  for (Bitboard p = passed_squares & ~occupied; p;) {
    Square passed = pop_lsb(p);
    for (int b = 0; b < pos.boards(); ++b)
      if (pos.at(b, passed + up) == make_piece(owner, kPawn) && takers(b, passed)) keep |= bb(passed);
  }
  return keep;
}
Bitboard ep_capturable_by_any(const Position& pos, Bitboard passed_squares, Color owner, bool require_empty);
inline Bitboard ep_capturable(const Position& pos, Bitboard passed_squares, Color owner,
                              bool require_empty = true) {
  if (!passed_squares) return 0;
  if (pos.rules().ep_capturers != EpCapturers::kPawns || !pos.rules().captures_by_moving()) [[unlikely]]
    return ep_capturable_by_any(pos, passed_squares, owner, require_empty);
  return ep_rights_taken_by(pos, passed_squares, owner, require_empty, [&](int b, Square passed) {
    return (pawn_attacks(owner, passed) & pos.pieces(b, ~owner, kPawn)) != 0;
  });
}

// Passes the turn to the opponent: quota of the next turn, e.p. rights created in this turn (kept only while
// an enemy pawn could use them, so FENs round-trip), counters, the men's memory (RULES.md §1.2, §1.8, D-4).
void end_turn(Position& pos);

// Turn-state bookkeeping shared by every kernel, after a move's effects: e.p. rights (§1.8), the no-progress
// counter (D-4), the turn rules' memory, the quota and the end of the turn. The check test runs only when a
// rule needs it.
void finish_move(Position& pos, Move m, Undo& u, const MoveFacts& f, bool progress, bool ep_capture,
                 Bitboard landed, bool reversible);

// Shortcuts for D-5 that a kernel may vouch for (see docs/architecture.md).
enum class CompletionShortcut {
  kNone,
  kQuietReversal,            // a quiet piece move can be taken back
  kQuietReversalAndWitness,  // … and another man's move stays legal (orthodox displacement)
  kQuietWitness,             // the same for quiet first moves under non-displacing captures
  kRoyalWitness,             // royal capture: another man has any move
};
// The men the turn rules let move now: not frozen, not out of moves for this turn (castling needs its king
// and rook), of a category the turn still allows (RULES.md §2 `turn.composition`). Origins() when no such
// rule is on. Kernels generate only these men's moves; apply_turn_rules applies the rest of the composition.
Origins turn_origins(const Position& pos);
// The kernel's per-move legal moves of those men (and of the fallback men when the obligation cannot be met).
void turn_per_move_legal(Position& pos, MoveList& list);

// The turn rules over the per-move legal moves of the men turn_origins allows: Italian check, null turn,
// moves the variant lacks, the rest of the composition of the turn, compulsory capture, D-5, first-move
// obligations, then the voluntary stop. With completion false, D-5 is left out: the moves legal under every
// other rule (RULES.md §1.5: the complete-turn principle never counts toward the checkmate test).
void apply_turn_rules(Position& pos, MoveList& list, CompletionShortcut shortcut, bool completion = true);
// Can the turn in progress still be completed so that the rules hold at its end? D-5 (to its quota, or ended
// early by check or king capture), and under END-OF-TURN (RULES.md §1.6) with the mover's king safe at the
// end: a depth-first search over the rest of the turn (moves_without_completion), memoised per thread under
// END-OF-TURN, with the fast accepts of docs/architecture.md.
bool completes_turn(Position& pos);
// END-OF-TURN with a voluntary stop and each man moving at most once (Soundness::escape_bound): true only if
// the turn in progress can provably no longer end with the mover's king safe (a necessary condition for a
// safe end fails; docs/architecture.md "END-OF-TURN", the escape bound). completes_turn's shortcut; public
// for its brute-force soundness test.
bool escape_impossible(const Position& pos);
// The side to move's legal moves under every rule but D-5 (for the checkmate test).
void moves_without_completion(Position& pos, MoveList& list);

// Where the rules have lost moves: the legal moves of this position if finish_move has just generated them
// (true), else false. Kernels call it first in legal_moves.
bool take_continuation(const Position& pos, MoveList& list);

// The move that ends a turn early where the rules allow it (written `0000`).
inline constexpr Move kStopMove = Move(0, 0, MoveKind::kEndTurn);

// The side to move's sputniks at the start of its turn: its rooks, bishops and knights in the enemy half.
Bitboard sputniks_at_turn_start(const Position& pos);
// The names of the move categories (formats.md `used=`), e.g. {"piece", "pawn", nullptr}: the third only
// under MoveCategories::kPawnPieceKing.
std::array<const char*, 3> category_names(MoveCategories c);

// The refill chain (Rules::refill_chain, RULES.md §3.7 kazan). Contract:
//   * the turn's first move is free; it leaves the squares to refill: its man's origin (castling: the king's
//     origin, then the rook's); a capture's or e.p. victim's square is not one of them (an enemy man left
//     it);
//   * TurnState::refill is the square refilled next, TurnState::refill_next the one waiting (the rook's);
//     the chain runs square by square, depth first: a refill leaves its filler's origin, which becomes the
//     next square to refill, so the chain from the king's square runs to its end before the rook's begins;
//   * a square with no filler (refill_fillers empty) is dropped and the waiting square taken; with none left
//     the turn ends (note_move), so a turn in progress always has a refill due;
//   * a refill is a non-capturing move of one man (a promotion too; not castling, not e.p.) onto the square,
//     by a man of the side that has not moved in this turn (moves_per_man = 1), of the highest priority
//     present P > N > B > R > Q > K (kCompulsory; kOptional: any), a king only onto a square no enemy man
//     attacks (the king lifted off its square); pinned men refill too: the check regime (END-OF-TURN) tests
//     the king at the turn's end only, so a forced chain that ends with the king exposed makes its first
//     move illegal;
//   * kOptional: the stop `0000` is offered while a refill is due (with the king safe under END-OF-TURN).
// The men that may refill `to` now (one board, orthodox men; rules_problem refuses the rest).
Bitboard refill_fillers(const Position& pos, Square to);

// Is the side to move in check (under the variant's rules)?
bool in_check(const Position& pos);
// Is the turn in progress played under END-OF-TURN (RULES.md §1.6)? Always under CheckRegime::kEndOfTurn;
// under kEndOfTurnWhenInCheck when the turn began in check (at its start: the side is in check now; later:
// TurnState::used & kStartedInCheck, recorded by the turn's first move); never otherwise.
bool end_of_turn_now(const Position& pos);
// Does m leave the opponent in check (made and taken back)?
bool gives_check(Position& pos, Move m);
// Squared Euclidean length of a move (RULES.md maximummer-marseillais: castling O-O 16, O-O-O 25).
int squared_length(const Position& pos, Move m);

}  // namespace hc
