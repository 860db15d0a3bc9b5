// Which shortcuts of the rules code and the engine are sound under a variant's rules: one predicate per
// shortcut, decided here from the Rules fields alone, so that a new rule field cannot silently inherit a
// shortcut it breaks. Every field of Rules must be classified below; the static_assert on Rules' size fails
// when a field is added, pointing here.
#pragma once
#include "rules/rules.hpp"

namespace hc {

struct Soundness {
  // D-5 shortcuts (rules/turn.cpp) prove that a turn can be completed without trying it. "A quiet piece move
  // can be taken back" needs the same man free to move again; "another man's knight move or pawn step stays
  // legal" needs the second move free of any rule but per-move legality for an unmoved man. Obligations on
  // the first move only (first_move) leave both intact.
  bool completion_reversal;
  bool completion_witness;
  // Null-move pruning (engine/search.cpp): passing the turn gives the opponent a normal turn. Not under royal
  // capture or paralysis (passing changes too much), nor under a schedule the game drives (the passed turn
  // would change the opponent's quota).
  bool null_move;
  // The series-mover's covering bound (engine/mate_bound.hpp): one board, displacement captures, no
  // paralysis, check observed or Italian, and a quota the move number decides (the Italian refinement reads
  // the next turn's quota). Compositions, stops and early turn endings only remove moves, which the bound
  // allows.
  bool mate_bound;
  // D-7 dead positions (rules/game.cpp): only where everything is orthodox and a turn is one move.
  bool dead_position;
  // END-OF-TURN's escape bound (rules/turn.cpp escape_impossible): with each man moving at most once a turn,
  // a voluntary stop and nothing but the turn's own moves changing the board, a check that no unmoved man
  // can capture or block and the king cannot leave cannot be mended later in the turn.
  bool escape_bound;
};

// Fields classified (rules/rules.hpp): boards, transfer, schedule, ends_on_check, complete_turn,
// forbid_null_turn, ends_on_capture, ends_on_attacked_arrival, lost_move, stop, moves_per_man,
// every_mobile_man, promoted_man_stays, categories, length_budget, sputniks, first_move, pawn_double_step,
// castling, regime, royal_king, ep_when, ep_passed, ep_from_last_move_only, ep_capturers, capture,
// compulsory_capture, capture_own_men, sweep, paralysis, madrasi_ep, kernel, progress_unit, progress_limit,
// promote_to_king, goal, stalemate, capture_pattern, check_attackers, missiles, own_man_removal,
// tracks_has_moved, follow_up_shot, volley, rebirth, paralysed_cannot_move, paralysed_give_no_check, butting,
// turn_start, promotion_pieces, start_men, escape_first_move, no_king_step_into_check, castling_counts_rook,
// check_by, colours_differ, black_rules, check_only_last_move, movement, twins, refill_chain, pawns_promote,
// king_over_own_pawn, promoted_moves_once.
// Follow-up shots and volleys remove men the orthodox covering argument and the D-5 witness do not know (no
// dead positions, no D-5 witness, no mate bound). Missile shots and removal moves are unorthodox removals (no
// dead positions, no D-5 witness, no mate bound: a shot or a removal is a move the covering argument does not
// know); has-moved changes no move. The kernel choice changes no rule. Capture of own men and e.p. by any man
// are unorthodox captures (D-7: no dead positions), and the witness of D-5 may be the first move's own
// victim, or stand on a line the e.p. victim opened (no witness); a quiet move stays reversible, and the mate
// bound still holds (a king's own men beside it are more flights to cover: the bound only grows). Goals,
// ordinary-man kings and a stalemate result other than a draw switch off null-move pruning (zugzwang is the
// rule in losing games) and the covering bound (made for checkmate). A sweep (and capture = none, which comes
// with one) removes men after a quiet move: no quiet move is surely reversible, the witness may be swept, and
// it is no displacement capture (no covering bound, no dead positions); so does a turn-start removal
// (turn_start), which is a sweep made when the turn passes. Turn endings (check, capture, attacked arrival,
// lost move, forbidden null turn), e.p. settings, royal kings' count and the no-progress rule affect none of
// the shortcuts. Capture by the victim's move (Moss) and check by both colours (Bicolour) change what attacks
// and checks: no D-5 proof is written for them (witness and reversal off), no dead positions, and the
// covering bound (orthodox attacks on the mating squares) is off; null-move pruning stays (passing changes no
// rule of theirs). Rebirth (Circe) puts a captured man back: the defender's men no longer only disappear (no
// covering bound), the D-5 witness may be blocked by a reborn man (no proof written: witness and reversal
// off), and it is no orthodox capture (no dead positions). What paralysis does (its two effects) matters only
// where there is paralysis, which every shortcut already reads. Butting removes men after a quiet move and
// attacks by reach (a sweep and an unorthodox attack at once): all four off but null-move pruning. A quota
// per colour (schedule.black_quota) is still a quota the turn index decides: every shortcut reads it through
// Schedule::static_quota. Men beyond the orthodox ones (fers, alfil: promotion_pieces, start_men) attack in
// ways the D-5 witness, the covering bound and the dead-position test do not know: they count as an
// unorthodox attack; null-move pruning stays. The END-OF-TURN regime (regime kEndOfTurn) lets a mid-turn king
// stand attacked: the D-5 proofs (made for observed check) are off, so is the covering bound (it reads
// observed or Italian check); null-move pruning stays (a passed turn leaves the king as safe as the turn
// found it). Its modifiers escape_first_move and no_king_step_into_check only remove moves: they switch off
// nothing; under king capture (regime kNone, where every shortcut but the royal witness is already off)
// escape_first_move also only removes moves. castling_counts_rook = false lets a castled rook move again in
// its turn: still a composition that only restricts moves against a turn without one (the covering bound
// allows it), and D-5's reversal is already off where a man moves once a turn. Settings per colour
// (colours_differ, black_rules: RULES.md §3.3, one side END-OF-TURN, the other observed) are read as the more
// permissive of the two: a colour under END-OF-TURN switches off what END-OF-TURN does, a stop of either
// colour what a stop does. Check other than by every man's attack (check_by: not by the king, or by the king
// at two steps, or the two-move threat) is an unorthodox attack. check_only_last_move (the Italian ban as a
// modifier) only removes moves: it switches off nothing. Forward-only movement (movement) changes what moves
// and attacks (no backward move: a quiet move is not surely reversible; attacks the witness, covering bound
// and dead-position test do not know): it counts as an unorthodox attack. END-OF-TURN chosen per turn
// (kEndOfTurnWhenInCheck) is END-OF-TURN for the shortcuts: the D-5 proofs and the covering bound are off.
// Pawns that do not promote (pawns_promote false) lack the step and the captures onto the last rank and
// attack nothing there: an unorthodox attack. The king's journey over an own pawn (king_over_own_pawn) is a
// move and a reach the proofs do not know: an unorthodox attack too (it only occurs with colours_differ in
// the catalogue, where END-OF-TURN is off anyway).
// Twins (composition.twins) is a rule on the second move (D-5's witness and reversal off, as for categories)
// that only restricts which men move: the covering bound allows it, and the escape bound stays sound (it
// counts every unmoved man as a possible mender; twins only lets fewer of them move). The refill chain
// (refill_chain) is a rule on every move after the first (each is a refill of one square by one man): no D-5
// witness or reversal; it only restricts moves, so the covering bound allows it, and it is a turn filter (no
// dead positions). A promoted man moving once a turn (promoted_moves_once) is a rule on the second move (no
// D-5 witness or reversal); it only restricts moves (the covering bound allows it), and with one move a turn
// it changes nothing (dead positions).
static_assert(sizeof(Rules) == 116, "a Rules field was added or removed: classify it in soundness() below");

inline Soundness soundness(const Rules& r) {
  Soundness s{};
  const bool second_move_free = r.categories == MoveCategories::kNone && r.length_budget == 0 &&
                                !r.every_mobile_man && !r.sputniks && !r.any_stop() && !r.twins &&
                                r.refill_chain == RefillChain::kNone && !r.promoted_moves_once;
  const bool orthodox_capture_targets = !r.capture_own_men && r.ep_capturers == EpCapturers::kPawns &&
                                        r.sweep == SweepKind::kNone && r.turn_start == TurnStartKind::kNone &&
                                        !r.missiles && !r.own_man_removal && !r.follow_up_shot && !r.volley &&
                                        r.rebirth == RebirthKind::kNone && r.butting == Butting::kNone;
  const bool orthodox_attack =
      r.capture_pattern == CapturePattern::kCapturers && r.check_attackers == CheckAttackers::kEnemy &&
      r.butting == Butting::kNone && !r.unorthodox_men() && r.check_by == CheckBy::kEveryMan &&
      r.colour(kBlack).check_by == CheckBy::kEveryMan && r.movement == Movement::kFree && r.pawns_promote &&
      r.pawns_promote_of(kBlack) && !r.king_over_own_pawn && !r.king_over_own_pawn_of(kBlack);
  const bool observed_kings =
      !r.any_regime(CheckRegime::kEndOfTurn) && !r.any_regime(CheckRegime::kEndOfTurnWhenInCheck);
  s.completion_witness = second_move_free && orthodox_capture_targets && orthodox_attack && observed_kings;
  s.completion_reversal = second_move_free && r.moves_per_man != 1 && r.pawn_double_step && r.castling &&
                          r.sweep == SweepKind::kNone && r.turn_start == TurnStartKind::kNone &&
                          r.rebirth == RebirthKind::kNone && orthodox_attack && observed_kings;
  s.null_move = !r.has_goal() && r.regime != CheckRegime::kNone && r.paralysis == ParalysisKind::kNone &&
                !r.schedule.dynamic();
  s.mate_bound = !r.has_goal() && !r.missiles && !r.own_man_removal && !r.follow_up_shot && !r.volley &&
                 r.rebirth == RebirthKind::kNone && r.boards == 1 && r.transfer == TransferKind::kNone &&
                 r.capture == CaptureKind::kDisplacement && r.paralysis == ParalysisKind::kNone &&
                 (r.regime == CheckRegime::kObserved || r.regime == CheckRegime::kItalian) &&
                 observed_kings && !r.schedule.dynamic() && orthodox_attack;
  s.dead_position = r.boards == 1 && r.capture == CaptureKind::kDisplacement && orthodox_capture_targets &&
                    orthodox_attack && r.paralysis == ParalysisKind::kNone && !r.multi_move() &&
                    !r.turn_filters();
  s.escape_bound = r.regime == CheckRegime::kEndOfTurn && r.stop == StopRule::kAfterFirstMove &&
                   r.moves_per_man == 1 && r.categories == MoveCategories::kNone && r.length_budget == 0 &&
                   !r.every_mobile_man && !r.sputniks && r.boards == 1 && r.transfer == TransferKind::kNone &&
                   r.capture == CaptureKind::kDisplacement && orthodox_capture_targets && orthodox_attack &&
                   r.paralysis == ParalysisKind::kNone && r.royal_king;
  return s;
}

}  // namespace hc
