#include "rules/position.hpp"

#include "rules/goal.hpp"

#include <algorithm>
#include <atomic>

namespace hc {

void Position::reset(const Rules* rules, const KernelOps* ops) {
  init_tables();
  zobrist::init();
  *this = Position();
  rules_ = rules;
  ops_ = ops;
  static std::atomic<std::uint64_t> serials{0};
  serial_ = ++serials;
  follows_men_ = rules && rules->follows_men();
  unorthodox_men_ = rules && rules->unorthodox_men();
  attrs_used_ = rules ? rules->attributes() : 0;
  notes_moves_ = rules && rules->notes_moves();
  sound_ = rules ? soundness(*rules) : Soundness{};
  plain_check_by_ = !rules || (rules->check_by_of(kWhite) == CheckBy::kEveryMan &&
                               rules->check_by_of(kBlack) == CheckBy::kEveryMan);
  plain_legality_ =
      !rules || (rules->regime != CheckRegime::kNone && rules->regime != CheckRegime::kEndOfTurnWhenInCheck &&
                 !rules->any_regime(CheckRegime::kEndOfTurn) && !rules->any_regime(CheckRegime::kNone));
  plain_turns_ =
      !rules || (!rules->any_regime(CheckRegime::kItalian) && !rules->italian_ban(kWhite) &&
                 !rules->italian_ban(kBlack) && !rules->any_regime(CheckRegime::kEndOfTurn) &&
                 !rules->any_regime(CheckRegime::kEndOfTurnWhenInCheck) && !rules->forbid_null_turn &&
                 !rules->turn_filters() && !rules->compulsory_capture && !rules->complete_turn &&
                 rules->movement == Movement::kFree);
  plain_origins_ = plain_turns_ || (!rules->follows_men() && rules->refill_chain == RefillChain::kNone &&
                                    rules->categories == MoveCategories::kNone);
  never_bans_ = !rules || (!rules->italian_ban(kWhite) && !rules->italian_ban(kBlack) &&
                           !rules->forbid_null_turn && rules->pawn_double_step && rules->castling);
}

const char* cause_name(Cause c) {
  switch (c) {
    case Cause::kMove:
      return "move";
    case Cause::kCapture:
      return "capture";
    case Cause::kCapturer:
      return "capturer";
    case Cause::kExplosion:
      return "explosion";
    case Cause::kShot:
      return "shot";
    case Cause::kTransfer:
      return "transfer";
    case Cause::kCastlingRook:
      return "castling-rook";
    case Cause::kPromotion:
      return "promotion";
    case Cause::kSweep:
      return "sweep";
    case Cause::kRebirth:
      return "rebirth";
    case Cause::kRemoval:
      return "removal";
    case Cause::kButt:
      return "butt";
    case Cause::kTurnStart:
      return "turn-start";
  }
  return "move";
}

void Position::reset_attrs_to_start() {
  for (int b = 0; b < kMaxBoards; ++b)
    for (const AttributeInfo& info : kAttributes) {
      const Bitboard want =
          (attrs_used_ & attr_bit(info.attr)) && info.every_man_at_start && b < boards() ? occupied(b) : 0;
      for (Bitboard d = attr_[b][int(info.attr)] ^ want; d;) toggle_attrs(b, pop_lsb(d), attr_bit(info.attr));
    }
}

// Everything of TurnState (and ManMemory) that decides which moves and turns are legal next (D-3): side,
// castling, e.p. rights, the forbidden null-turn move, the turn counters (moves made, quota), the dynamic
// schedules' counters, the categories and length used, the opponent's last move where an obligation imitates
// it, and the men's moves in this turn. Not the no-progress and move counters: they decide draws, not
// legality, and do not make two positions different under D-3. A field at its default adds nothing, so
// variants without it keep their keys.
Key Position::state_key() const {
  using zobrist::Field;
  using zobrist::mix;
  Key k = zobrist::castling[st_.castling] ^ zobrist::made_key(st_.made) ^ zobrist::quota_key(st_.quota);
  if (st_.side == kBlack) k ^= zobrist::side;
  for (Bitboard b = st_.ep_now; b;) k ^= zobrist::ep_now[pop_lsb(b)];
  for (Bitboard b = st_.ep_pending; b;) k ^= zobrist::ep_pending[pop_lsb(b)];
  if (!st_.forbid.is_none()) k ^= zobrist::forbid * (Key(st_.forbid.raw()) | 1);
  if (st_.checks[kWhite]) k ^= mix(Field::kChecksWhite, st_.checks[kWhite]);
  if (st_.checks[kBlack]) k ^= mix(Field::kChecksBlack, st_.checks[kBlack]);
  if (st_.last_type) k ^= mix(Field::kLastType, st_.last_type);
  if (st_.last_len2) k ^= mix(Field::kLastLength, st_.last_len2);
  if (st_.used) k ^= mix(Field::kUsed, st_.used);
  if (st_.spent) k ^= mix(Field::kSpent, st_.spent);
  if (st_.turn_capture) k ^= mix(Field::kTurnCapture, 1);
  if (st_.refill != kNoSquare)
    k ^= mix(Field::kRefill, std::uint64_t(st_.refill) | std::uint64_t(st_.refill_next) << 8);
  if (follows_men_) {
    k ^= men_.moves_key;
    if (men_.frozen) k ^= mix(Field::kFrozen, men_.frozen);
    if (men_.sputniks) k ^= mix(Field::kSputniks, men_.sputniks);
  }
  return k;
}

Key Position::compute_piece_key() const {
  Key k = 0;
  for (int b = 0; b < boards(); ++b)
    for (Square s = 0; s < 64; ++s)
      if (board_[b][s]) k ^= zobrist::piece[b][board_[b][s]][s];
  for (int b = 0; b < kMaxBoards; ++b)
    for (int a = 0; a < kAttrCount; ++a)
      for (Bitboard m = attr_[b][a]; m;) k ^= attr_key(b, Attr(a), pop_lsb(m));
  return k;
}

Key Position::compute_key() const { return compute_piece_key() ^ state_key(); }

bool Position::is_consistent() const {
  if (boards() < 1 || boards() > kMaxBoards) return false;
  Bitboard seen = 0;
  int kings[2] = {0, 0};
  for (int b = 0; b < kMaxBoards; ++b) {
    const Bitboard occ = occupied(b);
    // Attributes: only those the rules keep, only on occupied squares (a man's attributes go with it).
    for (int a = 0; a < kAttrCount; ++a)
      if ((attr_[b][a] & ~occ) || (attr_[b][a] && !(attrs_used_ & (1u << a)))) return false;
    if (b >= boards()) {  // boards the variant does not have stay empty
      for (int t = 0; t < kPieceTypeCount; ++t)
        if (type_bb_[t][b]) return false;
      if (occ) return false;
      continue;
    }
    // Bitboards agree with the mailbox: colours and types each partition the occupied squares.
    if (color_bb_[b][kWhite] & color_bb_[b][kBlack]) return false;
    if (type_bb_[kNoType][b]) return false;
    Bitboard types = 0;
    int typed = 0;
    for (int t = kPawn; t < kPieceTypeCount; ++t) types |= type_bb_[t][b], typed += popcount(type_bb_[t][b]);
    if (types != occ || typed != popcount(occ)) return false;
    for (Square s = 0; s < 64; ++s) {
      Piece p = board_[b][s];
      if (bool(p) != bool(occ & bb(s))) return false;
      if (!p) continue;
      if (type_of(p) == kNoType || type_of(p) >= kPieceTypeCount || color_of(p) > kBlack) return false;
      if (!(type_bb_[type_of(p)][b] & color_bb_[b][color_of(p)] & bb(s))) return false;
    }
    // No pawn on the first or last rank (set_fen refuses one; a pawn arriving there promotes), but for a
    // pawn on its own last rank under the promotion race, where its arrival ended the game.
    const Bitboard back = rank_bb(0) | rank_bb(7);
    Bitboard stray = type_bb_[kPawn][b] & back;
    if (pawn_may_stand_on_last_rank(*rules_))
      stray &= ~(color_bb_[b][kWhite] & rank_bb(7)) & ~(color_bb_[b][kBlack] & rank_bb(0));
    if (rules_->pawns_on_first_rank())  // a pawn that captured backwards by the victim's move
      stray &= ~(color_bb_[b][kWhite] & rank_bb(0)) & ~(color_bb_[b][kBlack] & rank_bb(7));
    if (stray) return false;
    kings[kWhite] += popcount(pieces(b, kWhite, kKing));
    kings[kBlack] += popcount(pieces(b, kBlack, kKing));
    // Alice: a pair of corresponding squares is never occupied twice.
    if (rules_->transfer == TransferKind::kAlice && (seen & occ)) return false;
    seen |= occ;
  }
  // Royal kings: at most one a side (king_board and king_square rely on it); none once captured.
  if (rules_->royal_king && (kings[kWhite] > 1 || kings[kBlack] > 1)) return false;
  // Castling rights: each right still held has its king and rook on their squares of board 0.
  for (const CastlingSide& cs : castling_.sides) {
    if (!(st_.castling & cs.right)) continue;
    const Color c = cs.right & (kWhiteOO | kWhiteOOO) ? kWhite : kBlack;
    if (board_[0][cs.king_from] != make_piece(c, kKing) ||
        board_[0][cs.rook_from] != make_piece(c, rules().rook_role()))
      return false;
  }
  // Turn state: a turn in progress has made fewer moves than its quota; the men's memory names men only.
  if (st_.side != kWhite && st_.side != kBlack) return false;
  if (st_.quota < 1 || st_.quota > kMaxQuota || st_.made >= st_.quota) return false;
  if (follows_men_) {
    const Bitboard occ = occupied_any();
    for (Square s = 0; s < 64; ++s)
      if (men_.moves[s] && !(occ & bb(s))) return false;
    if (men_.moves_key != men_.computed_moves_key()) return false;
    if ((men_.frozen | men_.sputniks) & ~occ) return false;
    if (st_.made == 0 &&
        (men_.frozen || std::any_of(men_.moves.begin(), men_.moves.end(), [](auto c) { return c; })))
      return false;
  }
  if (st_.no_progress < 0 || st_.fullmove < 1) return false;
  if ((st_.ep_now | st_.ep_pending) & ~(rank_bb(2) | rank_bb(5))) return false;
  // The incremental keys equal the keys recomputed from scratch.
  return st_.piece_key == compute_piece_key() && st_.key == compute_key();
}

}  // namespace hc
