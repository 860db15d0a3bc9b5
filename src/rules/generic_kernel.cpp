// The generic kernel (rules/generic_kernel.hpp): the hooks, then generation, make and the KernelOps table.
#include "rules/generic_kernel.hpp"

#include <cassert>

#include "rules/goal.hpp"

namespace hc::generic {

// ---- movement ----

int dest_board(const Rules& r, int b) {
  switch (r.transfer) {
    case TransferKind::kAlice:
      return b ^ 1;
    case TransferKind::kNone:
      break;
  }
  return b;
}

Bitboard reach(Piece p, Square s, Bitboard occ) {
  if (type_of(p) == kCapricorn) return rook_attacks(s, occ);  // its lines; it moves to empty squares only
  return attacks_of(type_of(p), color_of(p), s, occ);
}

Bitboard ahead_of(Color c, Square s) {
  const int rank = rank_of(s);
  if (c == kWhite) return rank == 7 ? 0 : ~Bitboard(0) << (8 * (rank + 1));
  return rank == 0 ? 0 : ~Bitboard(0) >> (8 * (8 - rank));
}

Bitboard directions(const Rules& r, Color c, Square s, bool forward_due) {
  if (r.movement == Movement::kFree) return ~Bitboard(0);
  return ahead_of(c, s) | (forward_due ? 0 : rank_bb(rank_of(s)));
}

// ---- capture ----

bool may_capture_with(const Rules& r, Piece mover) {
  if (type_of(mover) == kCapricorn) return false;  // it only butts
  if (type_of(mover) != kKing || !r.royal_king) return true;
  switch (r.capture) {
    case CaptureKind::kExplosion:  // a king would blow itself up
    case CaptureKind::kKamikaze:   // a king would die with its victim
      return false;
    case CaptureKind::kDisplacement:
    case CaptureKind::kShoot:
    case CaptureKind::kNone:  // nobody captures by moving; a king still attacks (and so sweeps)
      break;
  }
  return true;
}

Bitboard victims(const Position& pos, int b, Color us) {
  if (pos.rules().capture == CaptureKind::kNone) return 0;
  Bitboard v = pos.pieces(b, ~us);
  if (pos.rules().capture_own_men) v |= pos.pieces(b, us) & ~pos.pieces(b, us, kKing);
  return v;
}

Bitboard capture_targets(const Position& pos, int b, Piece mover, Square s, Bitboard occ, Bitboard prey) {
  const Color c = color_of(mover);
  switch (pos.rules().capture_pattern) {
    case CapturePattern::kCapturers:
      if (type_of(mover) != kPawn) prey &= directions(pos.rules(), c, s, false);
      return attacks_of(type_of(mover), c, s, occ) & prey;
    case CapturePattern::kVictims: {
      Bitboard t = 0;
      auto add = [&](PieceType v) {
        if (const Bitboard of_type = prey & pos.pieces(b, v)) t |= attacks_of(v, c, s, occ) & of_type;
      };
      for (PieceType v : {kPawn, kKnight, kBishop, kRook, kQueen, kKing}) add(v);
      if (pos.unorthodox_men()) [[unlikely]]  // the fers and the alfil only where the game has them
        for (PieceType v : {kFers, kAlfil}) add(v);
      return t;
    }
  }
  return 0;
}

Bitboard ep_targets(const Rules& r, Piece mover, Square s, Bitboard occ) {
  const PieceType pattern = r.capture_pattern == CapturePattern::kVictims ? kPawn : type_of(mover);
  return attacks_of(pattern, color_of(mover), s, occ);
}

bool takes_ep(const Rules& r, Piece mover) {
  if (r.capture == CaptureKind::kNone) return false;
  if (type_of(mover) == kPawn) return true;
  switch (r.ep_capturers) {
    case EpCapturers::kPawns:
      return false;
    case EpCapturers::kAnyMan:
      return may_capture_with(r, mover);
  }
  return false;
}

int promotion_choices(const Rules& r, PieceType out[kPieceTypeCount]) {
  if (r.goal == Goal::kPromotionRace) return 0;
  int n = 0;
  const std::uint16_t men = r.promotion_men();
  for (PieceType t : {kQueen, r.rook_role(), kBishop, kKnight})
    if (men & men_bit(t)) out[n++] = t;
  for (int t = kPawn; t < kPieceTypeCount; ++t)  // the others by type: K (promote_to_king), F, A
    if (t != kQueen && t != r.rook_role() && t != kBishop && t != kKnight && (men & men_bit(PieceType(t))))
      out[n++] = PieceType(t);
  return n;
}

bool capturer_stays(const Rules& r) { return r.capture == CaptureKind::kShoot; }

AttrMask moved_mark(const Position& pos) { return pos.attributes_used() & attr_bit(Attr::kHasMoved); }

// The attributes a man gains by arriving: has-moved (moved_mark) and, when he arrives as a new piece,
// promoted.
AttrMask arrival_mark(const Position& pos, bool promoted) {
  return moved_mark(pos) | (promoted ? pos.attributes_used() & attr_bit(Attr::kPromoted) : 0);
}

AttrMask castling_mark(const Position& pos) {
  if (pos.rules().check_attackers == CheckAttackers::kBothColoursOnceMoved) return 0;  // bicolour-ridley
  return moved_mark(pos);
}

Bitboard shot_targets(const Position& pos, int b, Square s, Bitboard ep) {
  const Piece p = pos.at(b, s);
  if (!(pos.attribute(b, Attr::kMissile) & bb(s)) || !may_capture_with(pos.rules(), p)) return 0;
  const Bitboard pattern = type_of(p) == kPawn ? pawn_attacks(color_of(p), s) : reach(p, s, pos.occupied(b));
  return pattern & (pos.pieces(b, ~color_of(p)) | (takes_ep(pos.rules(), p) ? ep : 0));
}

Bitboard removable(const Position& pos, int b, Color us) {
  if (!pos.rules().own_man_removal) return 0;
  return pos.pieces(b, us) & ~pos.pieces(b, us, kKing);
}

bool capture_promotes(const Rules& r) { return !capturer_stays(r); }

Bitboard follow_up_targets(const Position& pos, int b, Piece arriving, Square to, Bitboard occ,
                           Bitboard enemy) {
  if (!pos.rules().follow_up_shot) return 0;
  const Color us = color_of(arriving);
  return attacks_of(type_of(arriving), us, to, occ) & enemy & ~pos.pieces(b, ~us, kKing);
}

Bitboard shot_victims(const Position& pos, int b, Square s, Square victim) {
  if (!pos.rules().volley) return bb(victim);
  const Piece p = pos.at(b, s);
  return capture_targets(pos, b, p, s, pos.occupied(b), pos.pieces(b, ~color_of(p))) | bb(victim);
}

void apply_capture(Position& pos, Undo& u, int b, Square from, Square to, Square victim, Piece arriving) {
  const CaptureKind kind = pos.rules().capture;
  const Piece mover = pos.at(b, from);
  if (kind == CaptureKind::kShoot) {  // the shooter stays; a volley takes every man it attacks (shot_victims)
    for (Bitboard gone = shot_victims(pos, b, from, victim); gone;)
      pos.remove(b, pop_lsb(gone), u, Cause::kShot);
    return;
  }
  pos.remove(b, victim, u, Cause::kCapture);
  switch (kind) {
    case CaptureKind::kDisplacement: {
      const Cause arrival = arriving == mover ? Cause::kMove : Cause::kPromotion;
      if (pos.attributes_used()) [[unlikely]] {  // the man carries his attributes
        const AttrMask carried = pos.remove(b, from, u, Cause::kMove) | arrival_mark(pos, arriving != mover);
        pos.put(b, to, arriving, u, arrival, carried);
      } else {
        pos.remove(b, from, u, Cause::kMove);
        pos.put(b, to, arriving, u, arrival);
      }
      return;
    }
    case CaptureKind::kShoot:  // above
      return;
    case CaptureKind::kKamikaze:
      pos.remove(b, from, u, Cause::kCapturer);
      return;
    case CaptureKind::kExplosion:
      pos.remove(b, from, u, Cause::kCapturer);
      for (Bitboard n = king_attacks(to) & pos.occupied(b) & ~pos.pieces(b, kPawn); n;)
        pos.remove(b, pop_lsb(n), u, Cause::kExplosion);
      return;
    case CaptureKind::kNone:  // no capture is generated
      assert(false);
      return;
  }
}

// ---- rebirth ----

Square rebirth_square(const Rules& r, Piece victim, Square sq) {
  if (r.rebirth == RebirthKind::kNone) return kNoSquare;
  const Color c = color_of(victim);
  const int home = c == kWhite ? 0 : 7;
  // The home square of a pair (files fa, fb) whose colour is sq's (a1 is dark: colour = (file + rank) & 1).
  const auto by_colour = [&](int fa, int fb) {
    return make_square(((fa + home) & 1) == ((file_of(sq) + rank_of(sq)) & 1) ? fa : fb, home);
  };
  switch (type_of(victim)) {
    case kPawn:
      return make_square(file_of(sq), c == kWhite ? 1 : 6);
    case kRook:
      return by_colour(0, 7);
    case kKnight:
      return by_colour(1, 6);
    case kBishop:
      return by_colour(2, 5);
    case kQueen:
      return make_square(3, home);
    default:
      return kNoSquare;  // a king is never reborn
  }
}

void rebirth(Position& pos, Undo& u, int b, Square sq, Piece victim) {
  const Square s = rebirth_square(pos.rules(), victim, sq);
  if (s == kNoSquare || (pos.occupied_any() & bb(s))) return;  // occupied: the man is lost
  pos.put(b, s, victim, u, Cause::kRebirth);
}

// ---- sweep ----

namespace {

// Men of colour c on board b attacked by at least one man of the other colour (attackers' rule) that is not
// `disarmed_men`.
Bitboard attacked_men(const Position& pos, int b, Color c, Bitboard disarmed_men) {
  const Bitboard occ = pos.occupied(b);
  Bitboard hit = 0;
  for (Bitboard men = pos.pieces(b, c); men;) {
    const Square s = pop_lsb(men);
    if (attackers(pos, b, s, occ, ~c, type_of(pos.at(b, s))) & ~disarmed_men) hit |= bb(s);
  }
  return hit;
}

// Men of colour c on board b attacked by two or more men of the other colour (attackers' rule).
Bitboard double_attacked_men(const Position& pos, int b, Color c) {
  const Bitboard occ = pos.occupied(b);
  Bitboard hit = 0;
  for (Bitboard men = pos.pieces(b, c); men;) {
    const Square s = pop_lsb(men);
    if (popcount(attackers(pos, b, s, occ, ~c, type_of(pos.at(b, s)))) >= 2) hit |= bb(s);
  }
  return hit;
}

// RULES.md §4.1 archimedes: every man of colour `victim` attacked by two or more enemy men is removed, on
// every board, all at once, then again in the position that leaves, until none is.
void remove_double_attacked(Position& pos, Undo& u, Color victim, Cause why) {
  for (;;) {
    Bitboard gone[kMaxBoards] = {};
    bool any = false;
    for (int b = 0; b < pos.boards(); ++b) any |= (gone[b] = double_attacked_men(pos, b, victim)) != 0;
    if (!any) return;
    for (int b = 0; b < pos.boards(); ++b)
      while (gone[b]) pos.remove(b, pop_lsb(gone[b]), u, why);
  }
}

// The journal bound of sweep (generic_kernel.hpp): every man of a position, and the move's own entries.
static_assert(Undo::kMaxEffects >= 64 + 4, "a sweep may remove every man: raise Undo::kMaxEffects");

}  // namespace

void sweep(Position& pos, Undo& u, int db, Bitboard arrived, Square passed) {
  const Rules& r = pos.rules();
  switch (r.sweep) {
    case SweepKind::kNone:
      return;
    case SweepKind::kAttackersOfArrival: {
      const Color us = pos.side(), them = ~us;
      const Bitboard occ = pos.occupied(db);
      Bitboard gone = 0;
      for (Bitboard a = arrived; a;) {
        const Square s = pop_lsb(a);
        gone |= attackers(pos, db, s, occ, them, type_of(pos.at(db, s)));
      }
      if (passed != kNoSquare && r.ep_when != EpWhen::kNone)
        gone |= pawn_attacks(us, passed) & pos.pieces(db, them, kPawn);
      while (gone) pos.remove(db, pop_lsb(gone), u, Cause::kSweep);
      return;
    }
    case SweepKind::kDoubleAttacked:
      remove_double_attacked(pos, u, ~pos.side(), Cause::kSweep);
      return;
    case SweepKind::kAllAttacked:
      for (;;) {
        Bitboard gone[kMaxBoards] = {};
        bool any = false;
        for (int b = 0; b < pos.boards(); ++b) {
          const Bitboard idle = disarmed(pos, b);
          gone[b] = attacked_men(pos, b, kWhite, idle) | attacked_men(pos, b, kBlack, idle);
          any |= gone[b] != 0;
        }
        if (!any) return;
        for (int b = 0; b < pos.boards(); ++b)
          while (gone[b]) pos.remove(b, pop_lsb(gone[b]), u, Cause::kSweep);
      }
  }
}

// ---- butting ----

void butt(Position& pos, Undo& u, int b, Square at, Color us) {
  for (Bitboard gone = king_attacks(at) & pos.pieces(b, ~us); gone;)
    pos.remove(b, pop_lsb(gone), u, Cause::kButt);
}

// ---- turn start ----

void turn_start(Position& pos, Undo& u) {
  switch (pos.rules().turn_start) {
    case TurnStartKind::kNone:
      return;
    case TurnStartKind::kDoubleAttacked:
      remove_double_attacked(pos, u, ~pos.side(), Cause::kTurnStart);
      return;
  }
}

// ---- attack, paralysis and check ----

namespace {

// Men of colour `by` on board b that butt and can move to a vacant square next to s (butting reach, RULES.md
// §1.3): each line, leap and step is its own reverse, so the men are found from the vacant neighbours.
Bitboard butting_attackers(const Position& pos, int b, Square s, Bitboard occ, Color by) {
  const Rules& r = pos.rules();
  const int db = dest_board(r, b);
  const Bitboard vacant = ~occ & ~(db != b ? pos.occupied(db) : 0);  // Alice: vacant on the other board too
  Bitboard near = king_attacks(s) & vacant;
  if (!near) return 0;
  const Bitboard men = pos.pieces(b, by) & occ;
  if (r.butting == Butting::kCapricorns) {
    const Bitboard capricorns = men & pos.pieces(b, kCapricorn);
    Bitboard a = 0;
    for (Bitboard t = capricorns ? near : 0; t;) a |= rook_attacks(pop_lsb(t), occ) & capricorns;
    return a;
  }
  Bitboard a = 0;
  const int up = by == kWhite ? 8 : -8;
  const Bitboard pawns = men & pos.pieces(b, kPawn), start = rank_bb(by == kWhite ? 1 : 6);
  const Bitboard rq = men & (pos.pieces(b, kRook) | pos.pieces(b, kQueen) | pos.pieces(b, kCapricorn));
  const Bitboard bq = men & (pos.pieces(b, kBishop) | pos.pieces(b, kQueen));
  const Bitboard n = men & pos.pieces(b, kKnight), k = men & pos.pieces(b, kKing);
  const Bitboard f = men & pos.pieces(b, kFers), al = men & pos.pieces(b, kAlfil);
  while (near) {
    const Square t = pop_lsb(near);
    a |= (rook_attacks(t, occ) & rq) | (bishop_attacks(t, occ) & bq) | (knight_attacks(t) & n) |
         (king_attacks(t) & k) | (fers_attacks(t) & f) | (alfil_attacks(t) & al);
    const Square one = t - up;  // a pawn's step straight ahead, or its two-step over an empty square
    if (one >= 0 && one < 64) {
      a |= pawns & bb(one);
      const Square two = one - up;
      if (r.pawn_double_step && two >= 0 && two < 64 && !(occ & bb(one))) a |= pawns & start & bb(two);
    }
  }
  return a;
}

}  // namespace

Bitboard attackers(const Position& pos, int b, Square s, Bitboard occ, Color by, PieceType target) {
  const Rules& r = pos.rules();
  if (r.butting == Butting::kEveryMan) [[unlikely]]
    return butting_attackers(pos, b, s, occ, by);
  if (r.capture_pattern == CapturePattern::kVictims) {
    // Every man of `by` attacks by the target's move: exactly when a man of the target's type of the other
    // colour standing on s would attack its square.
    Bitboard men = pos.pieces(b, by) & occ;
    if (!may_capture_with(r, make_piece(by, kKing))) men &= ~pos.pieces(b, by, kKing);
    return attacks_of(target == kNoType ? kPawn : target, ~by, s, occ) & men;
  }
  // A man of type t attacks s exactly when a man of type t of the other colour on s would attack it. The
  // pieces' lines and leaps are the same for both colours: each pattern is looked up once, for every type
  // that has it (the queen's lines are the rook's and the bishop's).
  const Bitboard men = pos.pieces(b, by) & occ;
  Bitboard a = 0;
  // A pawn that may not move onto its last rank attacks nothing there (Rules::pawns_promote).
  if (r.pawns_promote_of(by) || rank_of(s) != (by == kWhite ? 7 : 0))
    a = pawn_attacks(~by, s) & men & pos.pieces(b, kPawn);
  // Under forward-only movement a piece attacks only where s is ahead of it or on its rank (not behind it).
  const Bitboard pieces = r.movement != Movement::kFree ? men & ~ahead_of(by, s) : men;
  const Bitboard queens = pos.pieces(b, kQueen);
  if (const Bitboard n = pieces & pos.pieces(b, kKnight)) a |= knight_attacks(s) & n;
  if (const Bitboard bq = pieces & (pos.pieces(b, kBishop) | queens)) a |= bishop_attacks(s, occ) & bq;
  if (const Bitboard rq = pieces & (pos.pieces(b, kRook) | queens)) a |= rook_attacks(s, occ) & rq;
  if (may_capture_with(r, make_piece(by, kKing))) a |= king_attacks(s) & pieces & pos.pieces(b, kKing);
  if (pos.unorthodox_men()) [[unlikely]]  // the fers and the alfil only where the game has them
    a |= pieces & ((fers_attacks(s) & pos.pieces(b, kFers)) | (alfil_attacks(s) & pos.pieces(b, kAlfil)));
  if (r.butting == Butting::kCapricorns) [[unlikely]]
    a |= butting_attackers(pos, b, s, occ, by);
  return a;
}

namespace {

// Madrasi: men of colour c and type t on board b observed by an enemy man of the same type.
Bitboard observed_by_own_type(const Position& pos, int b, Color c, PieceType t) {
  const Bitboard occ = pos.occupied(b);
  Bitboard seen = 0;
  for (Bitboard e = pos.pieces(b, ~c, t); e;) seen |= attacks_of(t, ~c, pop_lsb(e), occ);
  return pos.pieces(b, c, t) & seen;
}

// Madrasi e.p. (RULES.md madras, setting MadrasiEp): while the reply to a two-step is due, the double-stepper
// (as if it also stood on the passed square) and the pawns that could take it observe each other.
Bitboard ep_inert(const Position& pos, int b) {
  Bitboard inert = 0;
  const Color mover = pos.side(), stepper = ~mover;
  for (Bitboard ep = pos.state().ep_now; ep;) {
    const Square passed = pop_lsb(ep);
    const Square landing = passed + (stepper == kWhite ? 8 : -8);
    if (pos.at(b, landing) != make_piece(stepper, kPawn)) continue;
    const Bitboard takers = pawn_attacks(stepper, passed) & pos.pieces(b, mover, kPawn);
    if (!takers) continue;
    switch (pos.rules().madrasi_ep) {
      case MadrasiEp::kBothInert:
        inert |= takers | bb(landing);
        break;
      case MadrasiEp::kCapturerOnly:
        inert |= takers;
        break;
      case MadrasiEp::kStepperOnly:
        inert |= bb(landing);
        break;
    }
  }
  return inert;
}

}  // namespace

Bitboard paralysed(const Position& pos, int b) {
  switch (pos.rules().paralysis) {
    case ParalysisKind::kNone:
      return 0;
    case ParalysisKind::kMadrasi: {
      Bitboard p = 0;
      for (Color c : {kWhite, kBlack})
        for (PieceType t : {kPawn, kKnight, kBishop, kRook, kQueen, kFers, kAlfil})
          p |= observed_by_own_type(pos, b, c, t);
      return p | ep_inert(pos, b);
    }
  }
  return 0;
}

Bitboard immobile(const Position& pos, int b) {
  return pos.rules().paralysed_cannot_move ? paralysed(pos, b) : 0;
}

Bitboard disarmed(const Position& pos, int b) {
  return pos.rules().paralysed_give_no_check ? paralysed(pos, b) : 0;
}

Bitboard filter_checkers(const Position& pos, Color c, int b, Square k, Bitboard a) {
  if (pos.rules().capture == CaptureKind::kExplosion && (king_attacks(k) & pos.pieces(b, ~c, kKing)))
    return 0;  // touching kings: taking one would explode the other
  return a;
}

// The enemy king's check at two king steps (CheckBy::kKingTwoSteps): the king of `by` within king distance 2
// of k (distance 1 is its orthodox attack) with a square next to both that is empty (in occ) or holds a man
// of the checked side.
Bitboard king_two_steps(const Position& pos, int b, Square k, Bitboard occ, Color by) {
  const Bitboard kings = pos.pieces(b, by, kKing);
  Bitboard result = 0;
  for (Bitboard ks = kings; ks;) {
    const Square s = pop_lsb(ks);
    const Bitboard via = king_attacks(s) & king_attacks(k) & (~occ | pos.pieces(b, ~by));
    if (via && !(king_attacks(k) & bb(s)) && s != k) result |= bb(s);
  }
  return result;
}

// The squares the king of `us` on s reaches by its journey over an own pawn (Rules::king_over_own_pawn): two
// king steps away through a square next to both that holds a pawn of `us`, and not holding a man of `us`.
Bitboard king_journeys(const Position& pos, int b, Square s, Color us) {
  Bitboard result = 0;
  for (Bitboard p = pos.pieces(b, us, kPawn) & king_attacks(s); p;) result |= king_attacks(pop_lsb(p));
  return result & ~king_attacks(s) & ~bb(s) & ~pos.pieces(b, us);
}

// The two-move threat (CheckBy::kTwoMoveThreat, RULES.md §1.3, §3.3 monster): the men of `by` that could
// capture a king of the other colour standing on k (occupancy occ) within one turn of two moves. The men
// attacking k now, if any (a capture at once); else each man with a move after which a man of `by` attacks k:
// the mover from its arrival square (a promoted pawn as each man it may become) or another man through the
// square it left (or the square of the pawn it took e.p.). A move is any of the man's moves by its pattern —
// steps and captures, a pawn's step, two-step (where the rules have it), captures and, where `by` is to move
// at the start of its turn, its e.p. captures — pseudo-legal, for the turn would end with the king's capture
// (its own king is not asked about). Castling is not counted (the double-movers of §3.3 have no rooks;
// decision, docs/variants.md). rules_problem keeps the rules where a move is a plain displacement.
Bitboard two_move_threat(const Position& pos, int b, Square k, Bitboard occ, Color by) {
  const Rules& r = pos.rules();
  Bitboard now = attackers(pos, b, k, occ, by, kKing);
  if (r.king_over_own_pawn_of(by))  // the king's journey over an own pawn takes the king at once
    for (Bitboard ks = pos.pieces(b, by, kKing) & occ; ks;) {
      const Square s = pop_lsb(ks);
      if (king_journeys(pos, b, s, by) & bb(k)) now |= bb(s);
    }
  if (now) return now;
  const Bitboard own = pos.pieces(b, by) & occ;
  const Bitboard prey = occ & ~own;  // the checked side's men (the king on k is attacked by none of ours)
  const int up = by == kWhite ? 8 : -8;
  const Bitboard last = rank_bb(by == kWhite ? 7 : 0);
  PieceType choices[kPieceTypeCount];
  const int promotions = promotion_choices(r, choices);
  const Bitboard closed = r.pawns_promote_of(by) ? 0 : last;  // no pawn move onto it, no pawn attack on it
  const Bitboard ep = pos.side() == by && pos.state().made == 0 ? pos.state().ep_now & ~occ : 0;
  Bitboard result = 0;
  // After the man on s goes to t (removing `gone`, its e.p. victim, too), does a man of `by` attack k?
  auto threatens = [&](Square s, Square t, Bitboard gone, PieceType type) {
    const Bitboard after = ((occ & ~bb(s) & ~gone) | bb(t));
    if (attackers(pos, b, k, after, by, kKing) & ~bb(s) & after) return true;  // another man
    if (type == kPawn && (closed & bb(k))) return false;
    if (type != kPawn || !(last & bb(t)) || promotions == 0)
      return (attacks_of(type, by, t, after) & bb(k)) != 0;  // the mover
    for (int i = 0; i < promotions; ++i)
      if (attacks_of(choices[i], by, t, after) & bb(k)) return true;
    return false;
  };
  for (Bitboard men = own; men;) {
    const Square s = pop_lsb(men);
    const PieceType type = type_of(pos.at(b, s));
    bool found = false;
    if (type == kPawn) {
      const Square one = s + up;
      if (!(occ & bb(one)) && !(closed & bb(one))) {
        found = threatens(s, one, 0, type);
        const Square two = one + up;
        if (!found && r.pawn_double_step && rank_of(s) == (by == kWhite ? 1 : 6) && !(occ & bb(two)))
          found = threatens(s, two, 0, type);
      }
      for (Bitboard t = pawn_attacks(by, s) & prey & ~bb(k) & ~closed; t && !found;)
        found = threatens(s, pop_lsb(t), 0, type);
      for (Bitboard t = pawn_attacks(by, s) & ep; t && !found;) {
        const Square to = pop_lsb(t);
        if (pos.at(b, to - up) == make_piece(~by, kPawn)) found = threatens(s, to, bb(to - up), type);
      }
    } else {
      const Bitboard targets = reach(pos.at(b, s), s, occ) & ~own & ~bb(k);
      for (Bitboard t = targets; t && !found;) found = threatens(s, pop_lsb(t), 0, type);
    }
    if (found) result |= bb(s);
  }
  return result;
}

namespace {
Bitboard threat_by_moves(const Position& pos, int b, Square k, Color by);
}  // namespace

Bitboard check_givers(const Position& pos, Color c, int b, Square k, Bitboard occ) {
  Bitboard a = attackers(pos, b, k, occ, ~c, kKing);
  if (!pos.plain_check_by()) [[unlikely]]
    switch (pos.rules().check_by_of(~c)) {  // how the attacking colour's men give check
      case CheckBy::kEveryMan:
        break;
      case CheckBy::kNotKing:
        a &= ~pos.pieces(b, ~c, kKing);
        break;
      case CheckBy::kKingTwoSteps:
        a |= king_two_steps(pos, b, k, occ, ~c);
        break;
      case CheckBy::kTwoMoveThreat:
        if (pos.rules().capture != CaptureKind::kDisplacement)  // played out, touching kings included
          return threat_by_moves(pos, b, k, ~c);
        a = two_move_threat(pos, b, k, occ, ~c);
        break;
    }
  switch (pos.rules().check_attackers) {
    case CheckAttackers::kEnemy:
      break;
    case CheckAttackers::kBothColours:
      a |= attackers(pos, b, k, occ, c, kKing);
      break;
    case CheckAttackers::kBothColoursOnceMoved: {
      const Bitboard moved = pos.attribute(b, Attr::kHasMoved);
      const Bitboard own = attackers(pos, b, k, occ, c, kKing);
      a |= (moved & pos.pieces(b, c, kKing)) ? own : own & moved;
      break;
    }
  }
  return filter_checkers(pos, c, b, k, a & ~disarmed(pos, b));
}

Bitboard checkers(const Position& pos, Color c) {
  if (royal_capture(pos.rules()) && !pos.rules().escape_first_move_of(c)) return 0;
  const int b = pos.king_board(c);
  if (b < 0) return 0;
  return check_givers(pos, c, b, pos.king_square(c, b), pos.occupied(b));
}

// ---- royalty, goal and legality ----

bool game_over(const Position& pos) {
  const Rules& r = pos.rules();
  if (r.goal != Goal::kCheckmate && goal_reached(pos).reached) return true;
  return royal_king_lost(pos).has_value();
}

bool royal_capture(const Rules& r) { return r.regime == CheckRegime::kNone; }

CompletionShortcut completion_shortcut(const Rules& r) {
  if (r.capture_own_men || r.ep_capturers != EpCapturers::kPawns || r.capture == CaptureKind::kNone ||
      r.rebirth != RebirthKind::kNone || r.butting != Butting::kNone || r.sweep != SweepKind::kNone ||
      r.turn_start != TurnStartKind::kNone || r.capture_pattern != CapturePattern::kCapturers ||
      r.check_attackers != CheckAttackers::kEnemy || r.missiles || r.own_man_removal || r.follow_up_shot ||
      r.volley || r.unorthodox_men() || !r.pawns_promote || !r.pawns_promote_of(kBlack) ||
      r.king_over_own_pawn || r.king_over_own_pawn_of(kBlack))
    return CompletionShortcut::kNone;  // no proof written
  if (r.transfer != TransferKind::kNone)
    return CompletionShortcut::kNone;                  // the way back is on the other board
  if (r.has_goal()) return CompletionShortcut::kNone;  // the proofs assumed royal kings and checkmate
  if (r.any_regime(CheckRegime::kEndOfTurn) || r.any_regime(CheckRegime::kEndOfTurnWhenInCheck) ||
      r.colours_differ)
    return CompletionShortcut::kNone;  // they assumed observed check, the same for both colours
  if (royal_capture(r)) return CompletionShortcut::kRoyalWitness;
  if (r.paralysis != ParalysisKind::kNone) return CompletionShortcut::kNone;  // paralysed on arrival
  switch (r.capture) {
    case CaptureKind::kDisplacement:
      return CompletionShortcut::kQuietReversalAndWitness;
    case CaptureKind::kShoot:
    case CaptureKind::kExplosion:
    case CaptureKind::kKamikaze:
      return CompletionShortcut::kQuietWitness;
    case CaptureKind::kNone:
      break;
  }
  return CompletionShortcut::kNone;
}

namespace {

// Alice rule 2 (RULES.md alice): is the king moving by m unattacked on its arrival square in the origin
// board's position after the move, before the transfer (its captured man removed)? A shooting king does not
// step anywhere: the rule does not apply to its shot (rule 3, tested after the transfer, still does).
bool king_safe_before_transfer(Position& pos, Move m) {
  const int b = m.from_board();
  const Piece k = pos.at(b, m.from());
  const bool capture = pos.at(b, m.to()) != kNoPiece;
  if (capture && capturer_stays(pos.rules())) return true;
  Undo u;
  pos.save(u);
  if (capture) pos.remove(b, m.to(), u, Cause::kCapture);
  const AttrMask carried = pos.remove(b, m.from(), u, Cause::kMove) | moved_mark(pos);
  pos.put(b, m.to(), k, u, Cause::kMove, carried);
  const bool safe = checkers(pos, color_of(k)) == 0;
  pos.undo(u);
  return safe;
}

void make(Position& pos, Move m, Undo& u);

}  // namespace

bool legal_within_turn(Position& pos, Move m) {
  const Rules& r = pos.rules();
  const Color us = pos.side();
  const bool had_king = pos.king_board(us) >= 0, enemy_had_king = pos.king_board(~us) >= 0;
  // The moves whose result is tested at once: the first move of a side in check that must escape, a king's
  // step (castling: the king's arrival) under no_king_step_into_check.
  const bool escape = r.escape_first_move_of(us) && pos.state().made == 0 && had_king && checkers(pos, us);
  const bool king_step =
      r.no_king_step_into_check && (m.kind() == MoveKind::kCastling ||
                                    ((m.kind() == MoveKind::kNormal || m.kind() == MoveKind::kEnPassant) &&
                                     type_of(pos.at(m.from_board(), m.from())) == kKing));
  Undo u;
  make(pos, m, u);
  bool legal;
  if (pos.king_board(us) < 0)
    legal = !had_king;  // own king removed (explosion)
  else if (enemy_had_king && pos.king_board(~us) < 0)
    legal = false;  // a move that would capture the enemy king is not a move (RULES.md §1.6)
  else
    legal = !((u.turn_ended || escape || king_step) && checkers(pos, us));
  pos.undo(u);
  return legal;
}

bool is_legal(Position& pos, Move m) {
  const Color us = pos.side();
  if (!pos.plain_legality()) [[unlikely]] {
    if (royal_capture(pos.rules()) && !(pos.rules().escape_first_move_of(us) && pos.state().made == 0))
      return true;
    if (pos.rules().regime == CheckRegime::kEndOfTurnWhenInCheck && end_of_turn_now(pos))
      return legal_within_turn(pos, m);
    if (pos.rules().regime_of(us) == CheckRegime::kEndOfTurn) return legal_within_turn(pos, m);
  }
  if (pos.rules().transfer != TransferKind::kNone && m.kind() == MoveKind::kNormal &&
      type_of(pos.at(m.from_board(), m.from())) == kKing && !king_safe_before_transfer(pos, m))
    return false;
  const bool had_king = pos.king_board(us) >= 0, enemy_had_king = pos.king_board(~us) >= 0;
  // King capture with escape_first_move (RULES.md §1.6): only a first move that starts in check is tested.
  if (!pos.plain_legality() && royal_capture(pos.rules()) && !(had_king && checkers(pos, us))) return true;
  Undo u;
  make(pos, m, u);
  bool legal;
  if (pos.king_board(us) < 0)
    legal = !had_king;  // own king removed (explosion); a position without kings has none to lose
  else if (enemy_had_king && pos.king_board(~us) < 0)
    legal = true;  // enemy king removed by this move: the game ends at once
  else
    legal = checkers(pos, us) == 0;
  pos.undo(u);
  return legal;
}

namespace {

// ---- generation ----

// Would colour us's king (now on ksq) be safe on s of board b? Castling's transit squares.
// Tested with the king on s (D-1), which only butting reach notices (a line through s is blocked).
bool king_safe_on(const Position& pos, int b, Square s, Square ksq, Color us) {
  return !check_givers(pos, us, b, s, (pos.occupied(b) ^ bb(ksq)) | bb(s));
}

struct Gen {
  const Position& pos;
  MoveList& list;
  const Rules& r;
  Color us;
  int b, db;
  Bitboard own, enemy, occ, blocked;  // blocked: occupied on the destination board (transfer)
  Bitboard prey;                      // the men a man of ours may capture (victims)
  bool victims_pattern;               // captures by the victim's move (CapturePattern::kVictims)
  // Read once per generation, not per man (set by generate_pseudo after the fields above):
  // Our pawns' moves, found for all of them at once: the squares a one-step lands on (empty on this board,
  // and not the last rank where pawns do not promote: Rules::pawns_promote; the destination board is
  // pawn()'s test), the pawns with a two-step from their first rank (the passed square empty on this board,
  // the landing square on both), and what a pawn may capture (prey, without that last rank).
  Bitboard pawn_steps = 0, pawn_two_steppers = 0, pawn_prey = 0;
  bool forward_only = false;    // Rules::movement is not kFree
  bool king_captures = false;   // may_capture_with(r, our king)
  bool pieces_take_ep = false;  // a man other than a pawn takes e.p. where it may capture (takes_ep)
  bool king_journey = false;    // our king may journey over an own pawn now (the turn's first move of 2+)

  // The square a capturer stands on after its capture, which must be vacant on the destination board.
  // (Under Alice's invariant a capture's arrival is always vacant: the test matters for other transfers.)
  bool arrival_free(Square from, Square to) const { return !(blocked & bb(capturer_stays(r) ? from : to)); }

  void push(Square from, Square to, MoveKind kind = MoveKind::kNormal, PieceType promo = kNoType) {
    list.push(Move(from, to, kind, promo, b, db));
  }
  void push_pawn(Square from, Square to, bool promotes, bool capture = false) {
    PieceType choices[kPieceTypeCount];
    const int n = promotes ? promotion_choices(r, choices) : 0;
    if (n == 0) return capture ? push_capture(from, to) : push(from, to);
    for (int i = 0; i < n; ++i)
      capture ? push_capture(from, to, MoveKind::kPromotion, choices[i])
              : push(from, to, MoveKind::kPromotion, choices[i]);
  }
  // A capture, and under Rules::follow_up_shot the same capture followed by each shot its man may make from
  // its new square (follow_up_targets). A shooting capture (the capturer stays) has none.
  void push_capture(Square from, Square to, MoveKind kind = MoveKind::kNormal, PieceType promo = kNoType) {
    const Move m(from, to, kind, promo, b, db);
    list.push(m);
    if (!r.follow_up_shot || db != b || capturer_stays(r)) [[likely]]
      return;
    const Piece arriving = kind == MoveKind::kPromotion ? make_piece(us, promo) : pos.at(b, from);
    const Square victim = kind == MoveKind::kEnPassant ? to - (us == kWhite ? 8 : -8) : to;
    const Bitboard after = (occ & ~bb(from) & ~bb(victim)) | bb(to);
    for (Bitboard t = follow_up_targets(pos, b, arriving, to, after, enemy & ~bb(victim)); t;)
      list.push(m.with_shot(pop_lsb(t)));
  }

  void pawn(Square s) {
    const int up = us == kWhite ? 8 : -8;
    const Bitboard last = rank_bb(us == kWhite ? 7 : 0);
    const Square one = s + up;
    if (pawn_steps & bb(one)) {
      if (!(blocked & bb(one))) push_pawn(s, one, last & bb(one));
      if (pawn_two_steppers & bb(s)) push(s, one + up);
    }
    Bitboard t = victims_pattern ? capture_targets(pos, b, make_piece(us, kPawn), s, occ, pawn_prey)
                                 : pawn_attacks(us, s) & pawn_prey;
    if (r.volley) t &= 0 - t;  // one volley, named by its lowest target
    while (t) {
      const Square to = pop_lsb(t);
      if (arrival_free(s, to)) push_pawn(s, to, (last & bb(to)) && capture_promotes(r), true);
    }
    for (Bitboard eps = usable_ep() & pawn_attacks(us, s); eps;) {
      const Square to = pop_lsb(eps);
      if (arrival_free(s, to)) push_capture(s, to, MoveKind::kEnPassant);
    }
  }

  // The passed squares the side to move may take e.p. on this board now: the double-stepped pawn stands on
  // its landing square here and the passed square is empty.
  Bitboard usable_ep() const {
    Bitboard usable = 0;
    const int up = us == kWhite ? 8 : -8;
    for (Bitboard eps = pos.state().ep_now & ~occ; eps;) {
      const Square to = pop_lsb(eps);
      if (pos.at(b, to - up) == make_piece(~us, kPawn)) usable |= bb(to);
    }
    return usable;
  }

  void piece(Square s) {
    const Piece p = pos.at(b, s);
    Bitboard targets = reach(p, s, occ);
    if (forward_only) [[unlikely]]
      targets &= directions(r, us, s, pos.state().used & kForwardDue);
    // may_capture_with(r, p), and takes_ep(r, p) for a man other than a pawn, from the fields read once.
    const bool king = type_of(p) == kKing;
    const bool captures = king ? king_captures : type_of(p) != kCapricorn;
    const Bitboard ep = pieces_take_ep && captures ? ep_targets(r, p, s, occ) & usable_ep() : 0;
    for (Bitboard q = targets & ~occ & ~blocked & ~ep; q;) push(s, pop_lsb(q));
    // The king's journey over an own pawn: the first move of a turn of two or more moves (it uses both).
    if (king && king_journey) [[unlikely]] {
      const Bitboard journeys = king_journeys(pos, b, s, us) & ~blocked;
      for (Bitboard q = journeys & ~occ; q;) push(s, pop_lsb(q));
      if (captures)
        for (Bitboard q = journeys & prey; q;) push_capture(s, pop_lsb(q));
    }
    for (Bitboard q = ep; q;) {
      const Square to = pop_lsb(q);
      if (arrival_free(s, to)) push_capture(s, to, MoveKind::kEnPassant);
    }
    if (!captures) return;
    // The capturer's own pattern is its reach (capture_targets' kCapturers case, without a second lookup).
    Bitboard c = victims_pattern ? capture_targets(pos, b, p, s, occ, prey) : targets & prey;
    if (r.volley) c &= 0 - c;  // one volley, named by its lowest target
    while (c) {
      const Square to = pop_lsb(c);
      if (arrival_free(s, to)) push_capture(s, to);
    }
  }

  // Missile shots of the man on s (shot_targets), e.p. included: the man stays, so the move stays on board b.
  void shots(Square s) {
    for (Bitboard t = shot_targets(pos, b, s, usable_ep()); t;)
      list.push(Move(s, pop_lsb(t), MoveKind::kShot, kNoType, b, b));
  }

  // D-1 castling: one move, orthodox conditions when it is made; no attack test where the king may be
  // captured. The king's arrival square is tested by make / test (is_legal), and also, under transfer, on the
  // origin board here (before the transfer, RULES.md §5.1 castling).
  void castling(const Origins& from) {
    const std::uint8_t rights =
        pos.state().castling & (us == kWhite ? (kWhiteOO | kWhiteOOO) : (kBlackOO | kBlackOOO));
    if (!rights) return;
    const CastlingGeometry& geo = pos.castling();
    for (const auto& cs : geo.sides) {
      if (!(rights & cs.right) || pos.at(b, cs.king_from) != make_piece(us, kKing) ||
          pos.at(b, cs.rook_from) != make_piece(us, r.rook_role()) ||
          !from.castling_allowed(cs.king_from, cs.rook_from))
        continue;
      if (immobile(pos, b) & bb(cs.rook_from)) continue;  // a paralysed rook cannot move
      const Bitboard movers = bb(cs.king_from) | bb(cs.rook_from);
      const Bitboard path = between_bb(cs.king_from, cs.king_to) | bb(cs.king_to) |
                            between_bb(cs.rook_from, cs.rook_to) | bb(cs.rook_to);
      if ((path & occ & ~movers) || (blocked & (bb(cs.king_to) | bb(cs.rook_to)))) continue;
      if (!royal_capture(r) && !end_of_turn_now(pos)) {  // D-1: dropped under END-OF-TURN
        Bitboard tested = bb(cs.king_from) | (between_bb(cs.king_from, cs.king_to) & ~bb(cs.king_to));
        if (db != b) tested |= bb(cs.king_to);
        bool safe = true;
        for (; tested && safe;) safe = king_safe_on(pos, b, pop_lsb(tested), cs.king_from, us);
        if (!safe) continue;
      }
      push(cs.king_from, geo.move_to(cs), MoveKind::kCastling);
    }
  }
};

void generate_pseudo(const Position& pos, MoveList& list, const Origins& from) {
  const Rules& r = pos.rules();
  const Color us = pos.side();
  for (int b = 0; b < pos.boards(); ++b) {
    const Bitboard own = pos.pieces(b, us);
    if (!own) continue;
    const int db = dest_board(r, b);
    Gen g{pos,
          list,
          r,
          us,
          b,
          db,
          own,
          pos.pieces(b, ~us),
          pos.occupied(b),
          db != b ? pos.occupied(db) : 0,
          victims(pos, b, us),
          r.capture_pattern == CapturePattern::kVictims};
    const Bitboard pawns = own & pos.pieces(b, kPawn);
    const Bitboard closed = r.pawns_promote_of(us) ? 0 : rank_bb(us == kWhite ? 7 : 0);
    const auto step = [](Color c, Bitboard x) { return c == kWhite ? x << 8 : x >> 8; };  // c's forward
    g.pawn_steps = step(us, pawns) & ~g.occ & ~closed;
    const Bitboard landings =
        step(us, step(us, pawns & rank_bb(us == kWhite ? 1 : 6)) & ~g.occ) & ~g.occ & ~g.blocked;
    g.pawn_two_steppers = step(~us, step(~us, landings));
    g.pawn_prey = g.prey & ~closed;
    g.forward_only = r.movement != Movement::kFree;
    g.king_captures = may_capture_with(r, make_piece(us, kKing));
    g.pieces_take_ep = r.capture != CaptureKind::kNone && r.ep_capturers == EpCapturers::kAnyMan;
    g.king_journey = r.king_over_own_pawn_of(us) && pos.state().made == 0 && pos.state().quota >= 2;
    const Bitboard mobile = own & from.men & ~immobile(pos, b);
    for (Bitboard men = mobile; men;) {
      const Square s = pop_lsb(men);
      if (type_of(pos.at(b, s)) == kPawn)
        g.pawn(s);
      else
        g.piece(s);
    }
    g.castling(from);
    if (r.missiles || r.own_man_removal) [[unlikely]] {  // moves made instead of moving
      if (r.missiles)
        for (Bitboard men = mobile & pos.attribute(b, Attr::kMissile); men;) g.shots(pop_lsb(men));
      for (Bitboard men = removable(pos, b, us) & from.men; men;) {
        const Square s = pop_lsb(men);
        list.push(Move(s, s, MoveKind::kRemoval, kNoType, b, b));
      }
    }
  }
}

// ---- make ----

// What place() learnt for finish_move.
struct Placed {
  MoveFacts facts;
  bool progress = false;  // D-4: a pawn move, or a removal with a removing cause in the journal
  bool ep_capture = false, reversible = false;
  Bitboard landed = 0;
};

// The board part of make (after pos.save(u)): the men put and removed on the journal, castling rights and
// e.p. rights created; not the turn layer (finish_move). Undone by pos.undo(u) alone.
// place() for a missile shot or a removal (RULES.md §4.1, §4.7): the man does not move; the missile's target,
// or the removed own man, leaves the board. A removal with a removing cause is progress (D-4); a removed rook
// or king takes its castling rights (the rights kept are returned). Out of line: the moves that do move stay
// as short as they were.
[[gnu::noinline]] std::uint8_t place_instead_of_moving(Position& pos, Move m, Undo& u, Placed& p) {
  const int b = m.from_board();
  const Square from = m.from(), to = m.to();
  Square gone = from;
  if (m.kind() == MoveKind::kShot) {
    const int up = pos.side() == kWhite ? 8 : -8;
    gone = pos.at(b, to) ? to : to - up;  // e.p.: the passed square names the double-stepped pawn
    const Piece prey = pos.at(b, gone);
    pos.remove(b, gone, u, Cause::kShot);
    pos.clear_attrs(b, from, attr_bit(Attr::kMissile), u);
    if (pos.rules().rebirth != RebirthKind::kNone) rebirth(pos, u, b, gone, prey);
    p.facts.capture = true;
    p.facts.to = from;  // the firer's "arrival" is its own square
    p.landed = bb(from);
  } else {
    pos.remove(b, from, u, Cause::kRemoval);
    p.landed = 0;
  }
  p.progress = true;
  return pos.castling().keep[gone];
}

[[gnu::always_inline]] inline void place(Position& pos, Move m, Undo& u, Placed& p) {
  const Rules& r = pos.rules();
  const int b = m.from_board(), db = m.to_board();
  const Color us = pos.side();
  const Square from = m.from(), to = m.to();
  const Piece mover = pos.at(b, from);
  const bool pawn = type_of(mover) == kPawn;
  const int up = us == kWhite ? 8 : -8;
  TurnState& st = pos.state();
  if (r.ep_from_last_move_only) st.ep_pending = 0;
  const CastlingGeometry& geo = pos.castling();
  std::uint8_t keep = geo.keep[from] & geo.keep[to];
  p.facts = MoveFacts{mover, from, to, b, db, false, false, m.kind() == MoveKind::kPromotion, 0, 0};
  MoveFacts& facts = p.facts;
  p.progress = pawn;
  p.landed = bb(to);
  if (m.kind() == MoveKind::kShot || m.kind() == MoveKind::kRemoval) [[unlikely]] {
    keep = place_instead_of_moving(pos, m, u, p);
  } else if (m.kind() == MoveKind::kCastling) {
    const CastlingSide& cs = *geo.find(from, to);
    facts.castling = true;
    facts.rook_from = cs.rook_from;
    facts.rook_to = cs.rook_to;
    const Piece rook = pos.at(b, cs.rook_from);
    const AttrMask moved = castling_mark(pos);
    const AttrMask king_attrs = pos.remove(b, from, u, Cause::kMove) | moved;
    const AttrMask rook_attrs = pos.remove(b, cs.rook_from, u, Cause::kCastlingRook) | moved;
    pos.put(db, cs.king_to, mover, u, Cause::kMove, king_attrs);
    pos.put(db, cs.rook_to, rook, u, Cause::kCastlingRook, rook_attrs);
    p.landed = bb(cs.king_to) | bb(cs.rook_to);
    keep &= geo.keep[cs.rook_from];
  } else {
    const Square victim = m.kind() == MoveKind::kEnPassant ? to - up : to;
    const Piece arriving = m.kind() == MoveKind::kPromotion ? make_piece(us, m.promotion()) : mover;
    if (pos.at(b, victim)) {
      facts.capture = true;
      p.ep_capture = m.kind() == MoveKind::kEnPassant;
      const int before = u.count;
      const Piece prey = pos.at(b, victim);
      apply_capture(pos, u, b, from, to, victim, arriving);
      if (m.has_shot()) [[unlikely]]  // the follow-up shot from the capturer's new square
        pos.remove(b, m.shot(), u, Cause::kShot);
      // The capture's journal: a removed king or rook loses its castling rights; a removal with a removing
      // cause is progress (D-4). Castling, quiet moves and the transfer journal no removing cause.
      for (int i = before; i < u.count; ++i) {
        const Effect& e = u.effects[i];
        if (e.put) continue;
        keep &= geo.keep[e.square];
        p.progress |= is_removing(e.cause);
      }
      const Square stand = capturer_stays(r) ? from : to;
      if (db != b && pos.at(b, stand) == arriving) {  // a surviving capturer passes to the other board
        const AttrMask carried = pos.remove(b, stand, u, Cause::kTransfer);
        pos.put(db, stand, arriving, u, Cause::kTransfer, carried);
      }
      if (r.rebirth != RebirthKind::kNone) [[unlikely]]
        rebirth(pos, u, b, victim, prey);  // the victim back on his game-array square
    } else {
      const Cause arrival = arriving == mover ? Cause::kMove : Cause::kPromotion;
      if (pos.attributes_used()) [[unlikely]] {  // the man carries his attributes
        const AttrMask carried = pos.remove(b, from, u, Cause::kMove) | arrival_mark(pos, arriving != mover);
        pos.put(db, to, arriving, u, arrival, carried);
      } else {
        pos.remove(b, from, u, Cause::kMove);
        pos.put(db, to, arriving, u, arrival);
      }
      p.reversible = !pawn;
      if (pawn && to - from == 2 * up && r.ep_when != EpWhen::kNone) st.ep_pending |= bb(from + up);
    }
  }
  if (r.butting != Butting::kNone && r.butts(type_of(mover)) && m.kind() != MoveKind::kShot &&
      m.kind() != MoveKind::kRemoval) [[unlikely]] {  // hook butt: castling butts only as a king move
    const int before = u.count;
    butt(pos, u, b, facts.castling ? geo.find(from, to)->king_to : to, us);
    for (int i = before; i < u.count; ++i) keep &= geo.keep[u.effects[i].square];
    if (u.count != before) p.progress = true, p.reversible = false;
  }
  if (r.sweep != SweepKind::kNone) {  // the men the move removes afterwards (hook sweep)
    const int before = u.count;
    const bool two_step = pawn && m.kind() == MoveKind::kNormal && to - from == 2 * up;
    sweep(pos, u, db, p.landed, two_step ? from + up : kNoSquare);
    for (int i = before; i < u.count; ++i) keep &= geo.keep[u.effects[i].square];
    if (u.count != before) p.progress = true, p.reversible = false;
  }
  // A double-stepper moving again loses it (firing is no move of it). A pawn on its own first rank (Moss
  // takes backwards there) has no square behind it.
  if (st.ep_pending && pawn && m.kind() != MoveKind::kShot && from - up >= 0 && from - up < 64)
    st.ep_pending &= ~bb(from - up);
  st.castling &= keep;
  if (st.castling != u.state.castling) p.reversible = false;
}

// The turn-start effect (hook turn_start) after a move that ended the turn, and what it changes in the turn
// state: castling rights of a removed king or rook, e.p. rights no man can use now, the no-progress counter
// (a removal is a capture, D-4) and the hash.
void start_turn(Position& pos, Undo& u) {
  const int before = u.count;
  turn_start(pos, u);
  if (u.count == before) return;
  TurnState& st = pos.state();
  const CastlingGeometry& geo = pos.castling();
  for (int i = before; i < u.count; ++i) st.castling &= geo.keep[u.effects[i].square];
  if (st.ep_now) st.ep_now = ep_capturable(pos, st.ep_now, ~pos.side());
  st.no_progress = 0;
  st.key = st.piece_key ^ pos.state_key();
}

void make(Position& pos, Move m, Undo& u) {
  pos.save(u);
  // END-OF-TURN chosen per turn: the turn's first move records whether the turn began in check.
  if (pos.rules().regime == CheckRegime::kEndOfTurnWhenInCheck && pos.state().made == 0) [[unlikely]]
    pos.state().used = checkers(pos, pos.side()) ? kStartedInCheck : 0;
  if (m.kind() == MoveKind::kEndTurn) {  // the voluntary stop (rules/turn.hpp)
    end_turn(pos);
    u.turn_ended = true;
    pos.state().key = pos.state().piece_key ^ pos.state_key();
    if (pos.rules().turn_start != TurnStartKind::kNone) start_turn(pos, u);
    assert(pos.is_consistent());
    return;
  }
  Placed p;
  place(pos, m, u, p);
  finish_move(pos, m, u, p.facts, p.progress, p.ep_capture, p.landed, p.reversible);
  if (u.turn_ended && pos.rules().turn_start != TurnStartKind::kNone) [[unlikely]]
    start_turn(pos, u);
  assert(pos.is_consistent());
}

// The two-move threat played out (CheckBy::kTwoMoveThreat under a capture rule other than displacement;
// RULES.md §1.3, §3.3, §4.3; docs/variants.md "The two-move threat under explosion"): the men of `by` that
// could remove the king of the other colour, standing on k of board b (castling's transit squares: the king
// put there, D-1), within one turn of two moves of `by`, each move made with the kernel's own generation and
// capture rule (generate_pseudo, place on the journal) on a copy of the position. A first move is any
// pseudo-legal move of `by` (castling not counted, as on the displacement path; e.p. where `by` is to move at
// its turn's start); it counts when its board part removes that king, or when after it `by` has a second
// move (a capture; e.p. again only under ep.when = "any") that does. A move that removes `by`'s own king is
// no move (§4.3: illegal whatever else it does), so touching kings need no exception of their own: the king
// is safe from a capture that would take both kings, not from one after the other king steps away. Returns
// the squares of the first moves' men. The turn layer is not run (the threat is a question, not a turn):
// nothing in it asks about check, so the threat never recurses.
Bitboard threat_by_moves(const Position& pos, int b, Square k, Color by) {
  const Color them = ~by;
  Position q = pos;
  Undo setup;
  q.save(setup);
  if (!q.pieces(b, them, kKing)) return 0;  // no king to lose
  const Square ks = q.king_square(them, b);
  if (ks != k) {  // castling's transit square: the king stands there for the test
    if (q.at(b, k)) return 0;
    const Piece king = q.at(b, ks);
    q.remove(b, ks, setup, Cause::kMove);
    q.put(b, k, king, setup, Cause::kMove);
  }
  TurnState& st = q.state();
  if (!(pos.side() == by && pos.state().made == 0)) st.ep_now = 0;  // e.p. rights are his at his turn's start
  st.side = by;
  st.made = 0;
  st.quota = 2;
  st.ep_pending = 0;
  st.castling = 0;  // castling is not counted
  q.refresh_key();  // the keys follow the state set here (Position::is_consistent after each undo below)
  const bool had_own = q.king_board(by) >= 0;
  const auto takes_king = [&] { return q.king_board(them) < 0 && (!had_own || q.king_board(by) >= 0); };
  const auto captures = [&](Move m) {
    return m.kind() == MoveKind::kEnPassant || m.kind() == MoveKind::kShot ||
           (m.kind() != MoveKind::kCastling && q.at(m.from_board(), m.to()) != kNoPiece);
  };
  MoveList first;
  generate_pseudo(q, first, Origins());
  Bitboard result = 0;
  for (Move m : first) {
    if (m.kind() == MoveKind::kCastling || (result & bb(m.from()))) continue;
    Undo u;
    Placed p;
    q.save(u);
    place(q, m, u, p);
    bool found = takes_king();
    if (!found && (!had_own || q.king_board(by) >= 0) && q.king_board(them) >= 0) {
      st.ep_now = q.rules().ep_when == EpWhen::kAny ? st.ep_now & ~p.landed : 0;
      st.made = 1;
      q.refresh_key();
      MoveList second;
      generate_pseudo(q, second, Origins());
      for (Move m2 : second) {
        if (!captures(m2)) continue;  // only a capture removes men (butting and sweeps are refused)
        Undo u2;
        Placed p2;
        q.save(u2);
        place(q, m2, u2, p2);
        found = takes_king();
        q.undo(u2);
        if (found) break;
      }
    }
    q.undo(u);
    if (found) result |= bb(m.from());
  }
  return result;
}

// KernelOps::removes_men from the journal itself: the move's board part is played, its journal read and
// taken back (the turn layer, which removes nothing, is not run).
bool removes_men_by_journal(Position& pos, Move m) {
  if (m.kind() == MoveKind::kEndTurn) return false;
  Undo u;
  Placed p;
  pos.save(u);
  place(pos, m, u, p);
  const bool removes = removes_men(u);
  pos.undo(u);
  return removes;
}

// ---- the KernelOps ----

void per_move_legal(Position& pos, MoveList& list, const Origins& from) {
  list.count = 0;
  if (game_over(pos)) return;  // king captured, or the goal reached
  if (pos.king_board(pos.side()) < 0) {
    generate_pseudo(pos, list, from);  // a test position without own king: nothing to expose
    return;
  }
  generate_pseudo(pos, list, from);
  const Rules& r = pos.rules();
  // Under king capture every move is legal, but for a first move that must escape check (escape_first_move).
  if (!royal_capture(r) ||
      (r.escape_first_move_of(pos.side()) && pos.state().made == 0 && checkers(pos, pos.side())))
    list.keep_if([&](Move m) { return is_legal(pos, m); });
}

bool has_legal_move(Position& pos, Move excluded) {
  MoveList list;
  per_move_legal(pos, list, Origins());
  for (Move m : list)
    if (!(m == excluded)) return true;
  return false;
}

void legal_moves(Position& pos, MoveList& list) {
  if (pos.rules().lost_move && take_continuation(pos, list)) return;
  if (pos.plain_turns()) {  // apply_turn_rules would return at once
    per_move_legal(pos, list, Origins());
    return;
  }
  turn_per_move_legal(pos, list);
  apply_turn_rules(pos, list, completion_shortcut(pos.rules()));
}

Bitboard attackers_to(const Position& pos, int b, Square s, Color by) {
  return attackers(pos, b, s, pos.occupied(b), by, type_of(pos.at(b, s)));
}

std::uint64_t perft(Position& pos, int depth) {
  MoveList list;
  legal_moves(pos, list);
  if (depth <= 1) return depth == 1 ? list.size() : 1;
  std::uint64_t n = 0;
  Undo u;
  for (Move m : list) {
    make(pos, m, u);
    n += perft(pos, depth - 1);
    pos.undo(u);
  }
  return n;
}

void keep_removing(Position& pos, MoveList& list) {
  list.keep_if_any([&](Move m) { return removes_men_by_journal(pos, m); });
}

constexpr KernelOps kOps{
    &legal_moves,  &per_move_legal, &per_move_legal,         &make,         &has_legal_move, &checkers,
    &attackers_to, &perft,          &removes_men_by_journal, &keep_removing};

}  // namespace
}  // namespace hc::generic

namespace hc {
const KernelOps* generic_kernel_ops() { return &generic::kOps; }
}  // namespace hc
