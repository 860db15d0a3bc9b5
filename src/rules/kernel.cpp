#include "rules/kernel.hpp"

namespace hc {

void end_turn(Position& pos) {
  TurnState& st = pos.state();
  const Rules& r = pos.rules();
  const Color owner = st.side;  // the side whose turn ends; its double steps become the opponent's rights
  st.side = ~st.side;
  if (st.side == kWhite) st.fullmove++;
  st.made = 0;
  st.quota = std::uint8_t(r.schedule.quota_for(pos.turn_index()));
  st.ep_now = ep_capturable(pos, st.ep_pending, owner);
  st.ep_pending = 0;
  st.forbid = Move();
  // Turn-counted rule: the counter is the number of complete turns without capture or pawn move.
  if (r.progress_unit == ProgressUnit::kTurns && !st.turn_progress) st.no_progress++;
  st.turn_progress = false;
}

bool is_capture_move(const Position& pos, Move m) {
  if (m.kind() == MoveKind::kEnPassant) return true;
  if (m.kind() == MoveKind::kCastling) return false;
  Piece p = pos.at(m.from_board(), m.to());
  return p && color_of(p) != pos.side();
}

bool gives_check(Position& pos, Move m) {
  const Color them = ~pos.side();
  Undo u;
  pos.ops().make(pos, m, u);
  bool check = pos.ops().checkers(pos, them) != 0;
  pos.undo(u);
  return check;
}

bool in_check(const Position& pos) { return pos.ops().checkers(pos, pos.side()) != 0; }

namespace {

// Can the turn in progress still be completed to its quota (D-5)? The turn may also end early by check or
// king capture, which counts as complete.
bool can_complete(Position& pos) {
  const TurnState& st = pos.state();
  // One move still due: any per-move legal move completes the turn (Italian checks are allowed on the last
  // move, compulsory capture only chooses among legal moves) — except the forbidden null-turn move.
  if (st.quota - st.made == 1)
    return pos.ops().has_legal_move(pos, pos.rules().forbid_null_turn ? st.forbid : Move());
  MoveList list;
  pos.ops().legal_moves(pos, list);  // applies D-5 again: more than one move is still due
  return !list.empty();
}

}  // namespace

void apply_turn_rules(Position& pos, MoveList& list, CompletionShortcut shortcut) {
  const TurnState& st = pos.state();
  const Rules& r = pos.rules();
  if (list.empty()) return;
  // RULES.md §1.6 ITALIAN: a check may be given only by the last move of a full-quota turn.
  if (r.regime == CheckRegime::kItalian && st.made + 1 < st.quota)
    list.keep_if([&](Move m) { return !gives_check(pos, m); });
  // double-move-galvin decision 2: a turn may not restore its start position.
  if (r.forbid_null_turn && !st.forbid.is_none()) list.keep_if([&](Move m) { return !(m == st.forbid); });
  // Compulsory capture (Rifle): legality first, then the obligation among legal moves.
  if (r.compulsory_capture) {
    bool any = false;
    for (Move m : list) any = any || is_capture_move(pos, m);
    if (any) list.keep_if([&](Move m) { return is_capture_move(pos, m); });
  }
  // D-5 complete-turn principle: a move after which the turn cannot be completed is illegal (if no complete
  // turn exists, nothing is legal and the game ends: mate or stalemate).
  if (r.complete_turn && st.quota - st.made >= 2) {
    using S = CompletionShortcut;
    const bool checked = in_check(pos);
    const bool two_left = st.quota - st.made == 2;
    // Quiet reversal (not under royal capture: the way back would be the forbidden null turn).
    const bool reversal =
        !checked && (shortcut == S::kQuietReversal || shortcut == S::kQuietReversalAndWitness ||
                     shortcut == S::kQuietWitness);
    const bool witness = two_left && !checked && shortcut != S::kNone && shortcut != S::kQuietReversal;
    const bool quiet_only = shortcut == S::kQuietWitness, royal = shortcut == S::kRoyalWitness;
    const int kb = pos.king_board(pos.side());
    const Square ksq = witness && kb == 0 ? pos.king_square(pos.side(), 0) : 0;
    const Bitboard pinned = witness && kb == 0 && !royal ? orthodox::pinned_men(pos, pos.side(), ksq) : 0;
    list.keep_if([&](Move m) {
      if (reversal && m.kind() == MoveKind::kNormal && type_of(pos.at(m.from_board(), m.from())) != kPawn &&
          !pos.at(m.from_board(), m.to()))
        return true;
      if (witness && kb == 0 && orthodox::second_move_certain(pos, m, ksq, pinned, quiet_only, royal))
        return true;
      Undo u;
      pos.ops().make(pos, m, u);
      bool ok = u.turn_ended || can_complete(pos);
      pos.undo(u);
      return ok;
    });
  }
}

}  // namespace hc
