// The generic kernel: one implementation of KernelOps (rules/kernel.hpp) whose rules are runtime settings
// read from pos.rules(), beside the fast templated kernels (docs/architecture.md "Two tiers"). It plays any
// Rules its hooks know; kernel_for (src/variants/registry.hpp) keeps the fast kernels for their combinations,
// and a variant can be forced onto this one (rule key `kernel = "generic"`, option `:kernel=generic`).
//
// Shape: pseudo-legal generation over pos.boards() boards, legality by make / test / unmake on the position's
// journal (Position::save, put, remove, undo), the turn layer (rules/turn.hpp) called exactly as Kernel does.
// Every rule decision sits in one of the hooks below, a plain function with a runtime switch on the Rules
// fields; a new rule (Moss, Bicolour, non-royal kings, sweeps) adds a case to a hook or a new hook
// here, with its contract, and never a template parameter.
#pragma once
#include "rules/kernel.hpp"

namespace hc {

// The generic kernel's operations (a static table: valid for the whole run).
const KernelOps* generic_kernel_ops();

namespace generic {

// ---- movement (RULES.md §1.3, §1.7) ----

// The board a man moved from board b stands on after the move: b itself, or the other board under Alice
// (TransferKind::kAlice). Must be a pure function of the rules and b.
int dest_board(const Rules& r, int b);

// The squares a non-pawn man `p` on s of board b reaches (moves to or captures on) with occupancy occ, before
// any capture rule: the orthodox lines and leaps; a capricorn's rook lines (it moves to empty squares only:
// may_capture_with is false for it). A king's reach includes squares it could not capture on;
// may_capture_with decides that.
Bitboard reach(Piece p, Square s, Bitboard occ);

// The squares strictly ahead of s for colour c (towards the opponent: higher ranks for White).
Bitboard ahead_of(Color c, Square s);
// Where a man other than a pawn of colour c on s may move, capture and attack by direction (Rules::movement):
// everywhere (kFree); under kForwardOnly the squares ahead of s and those of its rank (only rook, queen and
// king lines run there), without its rank when `forward_due` (the turn's last move was a sideways move to
// an empty square: TurnState::used & kForwardDue). Pawns move as usual (always forward). Applied to
// generation (with forward_due from the turn state), to capture_targets and to attackers (never
// forward_due: an attack is not a move of the turn), so a man attacks only the squares it may move to;
// nothing attacks backwards. Not with butting, capture by the victim's move, missiles, follow-up shots or
// e.p. by any man (rules_problem).
Bitboard directions(const Rules& r, Color c, Square s, bool forward_due);

// ---- capture (RULES.md §1.9) ----

// May the man `mover` capture at all? False for a capricorn (it only butts: butt below), and for royal kings
// where kings never capture (explosion, kamikaze: the king would destroy itself): they then also attack
// nothing (attackers below). A king that is an ordinary man (royal_king false) captures like any man, dying
// in the act under those rules.
bool may_capture_with(const Rules& r, Piece mover);
// The men of colour `us` on board b that a man of `us` may capture (RULES.md §1.9, §4.7): the enemy's, and
// under Rules::capture_own_men also `us`'s own men but its king(s) (a move removing its own royal king is
// never legal). Which of them a given man reaches is its capture pattern's (reach, pawn attacks): capturing
// an own man uses the same patterns as capturing an enemy one. None under CaptureKind::kNone (every move
// goes to an empty square).
Bitboard victims(const Position& pos, int b, Color us);
// The squares of `prey` (victims above) on board b that the man `mover` on s captures on with occupancy occ,
// by Rules::capture_pattern: kCapturers, the mover's own capture pattern (a pawn diagonally forward, a
// piece along its lines and leaps: reach); kVictims (IMITATION, RULES.md §4.4), for each victim the
// victim's own move made from s — a piece's lines (blocked by occ) or leap, and for a pawn victim a
// one-square diagonal step forward for the mover's colour. A pawn captures by the same rule (backwards too,
// and onto its own first rank, where it stays a pawn). may_capture_with still decides whether the mover
// captures at all.
Bitboard capture_targets(const Position& pos, int b, Piece mover, Square s, Bitboard occ, Bitboard prey);
// The squares from which the man `mover` on s would take a double-stepped pawn e.p. (when takes_ep allows
// it): its capture pattern against a pawn — its own (kCapturers), or a pawn's forward diagonal step
// (kVictims). A pure function of the rules, the man and the occupancy.
Bitboard ep_targets(const Rules& r, Piece mover, Square s, Bitboard occ);
// May the man `mover` capture e.p. (RULES.md §1.8)? No man under CaptureKind::kNone; else pawns always;
// under EpCapturers::kAnyMan every man that
// may capture at all (may_capture_with). The capturer moves to the passed square it attacks (a pawn
// diagonally, another man by its capture pattern) and the double-stepped pawn is removed; for a man other
// than a pawn every move to a usable passed square is this capture (its quiet move there does not exist
// while the right is usable). The e.p. capture creates no attack on the double-stepped pawn's square
// (§1.3): attackers below are unchanged.
bool takes_ep(const Rules& r, Piece mover);
// The types a pawn arriving on its last rank may become, written to `out` (at most kPieceTypeCount); returns
// how many. D-2: Rules::promotion_men(), in the order Q, R, B, N, then by type (K where promote_to_king: the
// king is then an ordinary man). None under the promotion race: the pawn arrives as a pawn and stays one, for
// the game ends on its arrival (goal_reached). A pure function of the rules.
int promotion_choices(const Rules& r, PieceType out[kPieceTypeCount]);
// The capturer stays on its square and only the victim goes (a shot). Its "arrival" square, which must be
// vacant on the destination board under transfer, is then its own square.
bool capturer_stays(const Rules& r);
// A pawn capturing onto its last rank promotes (false for a shot: a shooting pawn never moves).
bool capture_promotes(const Rules& r);
// The effects of a capture on board b, through pos.remove / pos.put on the journal `u` only: the man on
// `from` (arriving as `arriving`, which differs from it on a promotion) captures the man on `victim` (`to`,
// or the passed pawn's square e.p.). Must remove the victim; what happens to the capturer and the others is
// the rule's (displacement: it lands on `to`; shot: it stays; explosion: it and every non-pawn man around
// `to` go; kamikaze: it goes). The board transfer of a surviving capturer is done by make, not here.
void apply_capture(Position& pos, Undo& u, int b, Square from, Square to, Square victim, Piece arriving);

// ---- rebirth (RULES.md §6 progressive-circe: standard Circe) ----

// The game-array square where the man `victim` captured on `sq` is reborn under Rules::rebirth, whether or
// not it is vacant; kNoSquare where he is not reborn (kNone; a king). kGameArray: a pawn on its own second
// rank (White's 2nd, Black's 7th) of sq's file; a rook, knight or bishop on the home square of that type of
// its side (a1/h1, b1/g1, c1/f1; a8/h8, b8/g8, c8/f8) whose colour is sq's colour; a queen on d1/d8. The
// victim's type is what he is now (a promoted man is reborn as his new type). A pure function.
Square rebirth_square(const Rules& r, Piece victim, Square sq);
// Puts the victim of a capture, just removed from `sq` of board b, back on his rebirth square of board b
// (rebirth_square) with Cause::kRebirth on the journal `u`, when that square is vacant on every board (Alice
// never has two men on one square pair); else he is lost. Called by make after the capture's effects and the
// capturer's transfer, before any sweep, for the capture's victim only (a shot's target too; not an
// explosion's bystanders nor a dying capturer, and never a swept man). No castling right comes back with a
// reborn rook, and no e.p. right with a reborn pawn. At most one entry.
void rebirth(Position& pos, Undo& u, int b, Square sq, Piece victim);

// ---- sweep (RULES.md §1.9: men removed after a move because of where men stand) ----

// The removals that follow the move just played (Rules::sweep), through pos.remove with Cause::kSweep on the
// journal `u` only. Called by make after the move's board part (its capture, promotion, castling and
// transfer: the position is the one with the moved men on their arrival squares) and before the turn layer,
// with the side to move still the mover's. `arrived`: the squares of board db where the moved men now stand
// (castling: king and rook); `passed`: the square a pawn's two-step passed over, else kNoSquare. The rule
// decides whose men go and how often (none: nothing; attackers-of-arrival: every enemy man attacking an
// arrival square at that moment, plus, after a two-step while e.p. exists (ep.when not "none"), every enemy
// pawn attacking the passed square, all at once, so a man screened at that moment survives; all-attacked:
// every man of either colour, on every board, attacked by an enemy man, all at once, then again in the
// position that leaves, until no man is attacked; double-attacked: every enemy man attacked by two or more
// of the mover's men, on every board, all at once, then again until none is — RULES.md §4.1 archimedes'
// alternative timing, the turn_start rule below made at once after the move). Attack is attackers()'; under
// attackers-of-arrival and double-attacked paralysis is ignored (the sweep is the arriving man's, not the
// attackers', or no move), under all-attacked the
// disarmed men (below) fire at nobody: a man is removed when an enemy man that is not disarmed attacks him,
// paralysis found anew in each round's position (machine-gun+madras: two like men observing each other
// both stand, until a third man removes one). A removal is a capture as far as every reader of the journal is
// concerned (removes_men, D-4, SAN's x, castling rights of a swept king or rook); kings go like any man (a
// royal king swept ends the game, as a capture of it does). Writes at most 64 entries (every man on the
// boards: Alice never has two men on one square pair), within Undo::kMaxEffects with the move's own four.
void sweep(Position& pos, Undo& u, int db, Bitboard arrived, Square passed);

// ---- butting (RULES.md §1.3, §1.9 BUTT, §4.3) ----

// The butt after a move of a man that butts (Rules::butts: a capricorn, or every man under
// Butting::kEveryMan; a pawn promoting to a capricorn does not, its move being a pawn's), through pos.remove
// with Cause::kButt on the journal `u` only: every man of the enemy of `us` on the 8 squares next to `at` on
// board b is removed at once; own men stay. `at` is the arrival square (castling: the king's, and only
// where the king butts — the castled capricorn does not); b is the board the move was played on: under Alice
// the butt is the move's capture effect, made on the origin board before the man passes to the other one.
// Called by make after the move's board part and before the sweep and the turn layer. A removal is a
// capture for every reader of the journal (removes_men, D-4, SAN's x, castling rights of a butted king or
// rook); a royal king butted ends the game (legal play never allows it: butting reach is check).
void butt(Position& pos, Undo& u, int b, Square at, Color us);

// ---- turn start (RULES.md §4.1 archimedes: an effect at the start of a turn) ----

// The removals at the start of the turn of the side to move (Rules::turn_start), before any of its moves is
// generated, through pos.remove with Cause::kTurnStart on the journal `u` only (the opponent's removal, not
// the move's: removes_men ignores them, so SAN writes no x and the engine orders the move as quiet; the UI
// shows them from the journal). Called by make at the end of every move that ends a turn (the stop too),
// after the turn layer has passed the turn (pos.side() is the new side to move), so the effect is journalled
// with the move that ended the previous turn: every position the kernel stores or shows (a FEN, a hash, a
// perft node, the engine's and the UI's) is the one after it, and reading a FEN applies none (a FEN names a
// position after its turn-start effect; the start array has none to make). make then drops the castling
// rights of a removed king or rook and the e.p. rights no man can use any more, resets the no-progress
// counter (a removal is a capture) and recomputes the hash. The rule decides whose men go (none: nothing;
// double-attacked: every man of the side not to move attacked by two or more men of the side to move —
// attackers(), paralysis ignored, on each board — all at once, then again in the position that leaves, until
// none is; the side to move's own men never go). A royal king removed so ends the game: its side, which just
// moved, has lost (game_over reads it). Writes at most 64 entries (Undo::kMaxEffects).
void turn_start(Position& pos, Undo& u);

// ---- moves instead of moving: missile shots and removals (RULES.md §4.1 missile, §4.7) ----

// The attributes a man gains by moving: Attr::kHasMoved where the rules keep it (rules/attributes.hpp), else
// none. Added to the carried mask of the mover's put (and castling's rook's), never to a shot or a transfer.
AttrMask moved_mark(const Position& pos);
// The attributes castling adds to its king and rook: moved_mark, except under
// CheckAttackers::kBothColoursOnceMoved, where castling moves neither man for the has-moved rule (RULES.md
// §4.8 bicolour-ridley decision: else the castled rook, next to its king on the same rank, would always check
// it and castling would never be legal); the men keep the marks they had.
AttrMask castling_mark(const Position& pos);
// The squares the man on s of board b may fire its missile at (MoveKind::kShot): none unless it holds its
// missile (Attr::kMissile) and may capture at all; else the enemy men its capture pattern reaches (a pawn's
// diagonal attacks, a king's neighbours, defended or not), and the passed squares of `ep` (usable e.p.
// rights on b) it attacks where it takes e.p. (takes_ep: every pawn). Own men are never targets. The shot
// removes the target (Cause::kShot; e.p. the double-stepped pawn), the firer stays (no transfer) and loses
// its missile; legality is the shot's own (make / test / unmake), as for any move.
Bitboard shot_targets(const Position& pos, int b, Square s, Bitboard ep);
// The men of colour us on board b the side may remove instead of moving (MoveKind::kRemoval, Cause::kRemoval;
// Rules::own_man_removal): every own man but kings (also a paralysed one: the removal is the player's act,
// not the man's move). The removal must not leave the own king in check (is_legal).
Bitboard removable(const Position& pos, int b, Color us);

// ---- shots that follow or widen a capture (RULES.md §4.5 goliath, §4.1 rapid-fire) ----

// The squares the capturer may shoot after its displacement capture (Rules::follow_up_shot; none otherwise):
// the man `arriving` (a promoted pawn as its new piece) standing on `to` of board b, after the capture, with
// occupancy occ and enemy men `enemy` of that position, shoots one enemy man it attacks from there by its
// orthodox capture pattern (a pawn diagonally forward, a king its neighbours), never a king and never e.p.
// (§1.3: e.p. creates no attack). The move is the capture with_shot(target) (types.hpp): the target is
// removed with Cause::kShot after the capture, the shooter does not move, and the whole move's legality is
// the make / test / unmake of is_legal. Generated only where the capture stays on its board (no transfer).
// Bound: a man has at most 8 captures and 8 shots after each (27 moves for a queen: 19 + 8 * 9 = 91; a pawn
// on its 7th rank 4 + 2 * 4 * 9 = 76), so with at most 16 men a side (the FEN reader's limit under these
// rules) a side has at most 16 * 91 + 2 < MoveList's 1648 moves.
Bitboard follow_up_targets(const Position& pos, int b, Piece arriving, Square to, Bitboard occ,
                           Bitboard enemy);
// The men a shot from s removes under Rules::volley: every enemy man the man on s attacks by its capture
// pattern (capture_targets) at that moment, the first man on each line only; else just `victim`. A volley is
// one move per shooter, generated with its lowest target square as `to`.
Bitboard shot_victims(const Position& pos, int b, Square s, Square victim);

// ---- attack, paralysis and check (RULES.md §1.3, §1.6) ----

// Men of colour `by` on board b attacking square s with occupancy occ (paralysis ignored: paralysed men still
// observe). Kings attack only where they may capture. `target` is the type of the man attacked on s (any
// colour: under CheckAttackers::kBothColours a side's own men attack its king): it decides the attack under
// CapturePattern::kVictims (RULES.md §1.3 target-dependent attack: X attacks Y when X could capture Y, so a
// king is attacked by every adjacent man of `by`), and is ignored under kCapturers. kNoType: an empty square,
// attacked as a pawn standing there would be (its only caller on an empty square is e.p. by any man, whose
// victim is a pawn). Must agree with capture_targets: the man on x is in attackers(…, s, …, t) exactly when
// capture_targets of it on x with a man of type t on s contains s — except for men that butt (Rules::butts),
// which attack by butting reach (RULES.md §1.3): the man on x attacks s when it can move to a square next to
// s that is vacant in occ (and, under Alice, on the board it would pass to): a capricorn along its rook
// lines, under Butting::kEveryMan every man by its moves (a pawn straight ahead, one step or its two-step
// from its first rank), the target ignored. So check is butting reach, for the king's square and castling's
// transit squares alike (the latter with the king on the square, D-1).
Bitboard attackers(const Position& pos, int b, Square s, Bitboard occ, Color by, PieceType target);
// Men on board b paralysed now (Rules::paralysis: Madrasi, with its e.p. setting MadrasiEp). Kings are never
// paralysed. What that does is the next two hooks'.
Bitboard paralysed(const Position& pos, int b);
// The paralysed men on board b that cannot move (no move, capture, shot nor castling with a paralysed rook):
// all of them where Rules::paralysed_cannot_move, else none. A removal move is the player's act, not the
// man's: it is not affected.
Bitboard immobile(const Position& pos, int b);
// The paralysed men on board b whose attack counts for nothing: they give no check (check_givers; a king
// may so capture a man defended only by them) and fire at nobody in the all-attacked sweep. All of them
// where Rules::paralysed_give_no_check, else none. They still observe (paralysed is geometric).
Bitboard disarmed(const Position& pos, int b);
// Which of `attackers` (of square k, where colour c's king stands or would stand, on board b) give check:
// none while the two kings touch under explosion (the king cannot be taken without blowing up its
// capturer's own king).
Bitboard filter_checkers(const Position& pos, Color c, int b, Square k, Bitboard attackers);
// The men that would give check to colour c's king standing on k of board b with occupancy occ: the
// attackers of k that are not disarmed, with a king as target, of the enemy's colour and, under
// CheckAttackers::kBothColours (RULES.md §4.8 `self_check`), of c's own (own pawns attack forward for their
// own colour); under kBothColoursOnceMoved (RULES.md §4.8 bicolour-tylor: "an own man checks its own king
// only if that king or that man has already moved") of c's own men holding Attr::kHasMoved, or all of them
// when c's king on board b holds it (the king is read from the position: on its square, or, for castling's
// transit squares, still on its origin, which occ excludes); filtered by filter_checkers. Used for the king's
// square (checkers) and castling's transit squares alike. The two-move threat under a capture rule other
// than displacement (explosion: rules_problem) is played out instead, move by move on a copy of the position,
// with its own reading of touching kings (docs/variants.md "The two-move threat under explosion"); it
// returns the men whose first move starts a removal of the king.
Bitboard check_givers(const Position& pos, Color c, int b, Square k, Bitboard occ);
// Men giving check to colour c's king under the variant's rules: nothing where kings are not royal in the
// check sense (CheckRegime::kNone: the king is captured, unless escape_first_move makes a check at the start
// of a turn binding) or c has no king; else the attackers of its square that are not disarmed, filtered as
// above (check_givers).
Bitboard checkers(const Position& pos, Color c);

// ---- royalty, goal and legality (RULES.md §1.1, §1.5, §1.6, §1.10) ----

// Is the game over in this position, so that no move is legal? Under royal kings: the side to move has lost
// its king while the enemy has one (king capture, explosion); under a turn-start rule also the side not to
// move (its king removed at the start of the opponent's turn: royal_king_lost, rules/goal.hpp). Under a goal
// (Rules::goal, rules/goal.hpp): the goal is reached, whoever is to move. A king that is an ordinary man may
// be captured without ending anything. Must read the position only (not the move that led to it).
bool game_over(const Position& pos);

// The king may be captured (CheckRegime::kNone): no move is illegal by check, and the game ends when a king
// goes. With escape_first_move, a side in check at the start of its turn must make a first move after which
// it is not in check (or that captures the enemy king: the game ends at once).
bool royal_capture(const Rules& r);
// Is the pseudo-legal move m legal by the per-move rules? Tested by make / test / unmake: a move is illegal
// if it removes its own side's king (explosion), or leaves it in check; a move that removes the enemy king is
// legal (the game ends at once). Alice rule 2: a king's move must also leave it unattacked on the board where
// it moves, before the transfer. Castling's transit squares are tested at generation.
// Under CheckRegime::kEndOfTurn it is legal_within_turn.
bool is_legal(Position& pos, Move m);
// Per-move legality under END-OF-TURN (RULES.md §1.6), by make / test / unmake: a move that removes the enemy
// king is not a move; the mover's king is tested only where the move ends the turn (by its quota, or by the
// turn layer's lost move), on the first move of a side in check under escape_first_move, and after a king's
// step (castling: the king's arrival square) under no_king_step_into_check. Whether the turn can still be
// completed after a move that does not end it is the turn layer's (completes_turn, rules/turn.hpp).
bool legal_within_turn(Position& pos, Move m);

// The D-5 shortcut (rules/turn.hpp CompletionShortcut) these rules let the kernel vouch for: a proof that a
// turn can be completed without searching for the completion (docs/architecture.md "D-5 shortcuts"). The
// proofs are about the rules, so they hold on either kernel for the combinations they were made for: quiet
// reversal and witness for orthodox displacement on one board, the quiet witness for the other captures on
// one board, "another man has any move" under royal capture on one board, none under transfer or (observed
// check) paralysis, nor under capture of own men, e.p. by any man, capture = none or a sweep, the victim's
// capture pattern, check by both colours, missiles, removal moves, follow-up shots, volleys or rebirth (no
// proof written), nor under a goal or kings that are ordinary men (Rules::has_goal: the proofs assumed royal
// kings). A rule added to the hooks must return kNone here until its proof is written (kNone is always sound:
// D-5 is then searched, which costs up to two orders of magnitude on the Marseillais family).
CompletionShortcut completion_shortcut(const Rules& r);

}  // namespace generic
}  // namespace hc
