#include "rules/turn.hpp"

#include "rules/goal.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "rules/generic_kernel.hpp"
#include "rules/kernel.hpp"
#include "rules/soundness.hpp"

namespace hc {

namespace {

constexpr Bitboard kLightSquares = 0x55AA55AA55AA55AAULL;  // a1 is dark
constexpr Bitboard kCentre = 0x00003C3C3C3C0000ULL;        // c3-f6
constexpr Bitboard kQueenside = 0x0F0F0F0F0F0F0F0FULL;     // files a-d
constexpr int kCastlingType = 7;                           // TurnState::last_type of a castling

// A move as the turn rules see it: its man's type before the move, its squares, castling.
struct Shape {
  PieceType type;
  Square from, to;
  bool castling, king_side, en_passant;
};

Shape shape_of(const Position& pos, Move m) {
  Shape s{type_of(pos.at(m.from_board(), m.from())), m.from(), m.to(),
          m.kind() == MoveKind::kCastling,           false,    m.kind() == MoveKind::kEnPassant};
  if (s.castling) {
    const CastlingSide* cs = pos.castling().find(m.from(), m.to());
    s.king_side = cs && file_of(cs->king_to) == 6;
  }
  return s;
}

// Category index of a move (0 = the first of the pair, 1 = the second) under Rules::categories; castling
// under kLightThenDark fits either (-1).
int category_of(const Shape& s, MoveCategories c) {
  switch (c) {
    case MoveCategories::kPieceAndPawn:
    case MoveCategories::kPieceThenPawn:
    case MoveCategories::kAnyThenPawn:
      return !s.castling && s.type == kPawn ? 1 : 0;
    case MoveCategories::kFileHalves:
      return s.castling || !(kQueenside & bb(s.from)) ? 1 : 0;
    case MoveCategories::kCentreAndPeriphery:
      return s.castling || !(kCentre & bb(s.from)) ? 1 : 0;
    case MoveCategories::kLightThenDark:
      return s.castling ? -1 : (kLightSquares & bb(s.from)) ? 0 : 1;
    case MoveCategories::kPawnPieceKing:
      return s.castling || s.type == kKing ? 2 : s.type == kPawn ? 1 : 0;
    case MoveCategories::kNone:
      break;
  }
  return 0;
}

// The categories a turn of this quota is made of under kPawnPieceKing (bits of TurnState::used: 1 piece,
// 2 pawn, 4 king): a pawn move; a piece and a pawn move; a pawn, a piece and a king move.
unsigned categories_owed(std::uint32_t quota) { return quota <= 1 ? 2u : quota == 2 ? 3u : 7u; }

// The category of the side to move's moves, decided by their origin square (castling apart): the squares
// whose men's moves fall in the second category (on any board: where turn rules follow categories a square
// holds a man on one board at most). Built once per generation, so classifying a move is one bit test
// (category_of above decides the same for a move already made).
struct Categorizer {
  Bitboard second = 0;
  Bitboard third = 0;  // kPawnPieceKing: the king's squares
  int castling = 0;    // the category of a castling (-1: either)
  // The squares whose men's moves fall in the category i (0, 1, 2).
  Bitboard men(int i) const { return i == 0 ? ~second & ~third : i == 1 ? second : third; }
};

Categorizer categorizer(const Position& pos, MoveCategories c) {
  Categorizer k;
  switch (c) {
    case MoveCategories::kPieceAndPawn:
    case MoveCategories::kPieceThenPawn:
    case MoveCategories::kAnyThenPawn:
      for (int b = 0; b < pos.boards(); ++b) k.second |= pos.pieces(b, pos.side(), kPawn);
      break;
    case MoveCategories::kPawnPieceKing:
      for (int b = 0; b < pos.boards(); ++b) {
        k.second |= pos.pieces(b, pos.side(), kPawn);
        k.third |= pos.pieces(b, pos.side(), kKing);
      }
      k.castling = 2;
      break;
    case MoveCategories::kFileHalves:
      k.second = ~kQueenside;
      k.castling = 1;
      break;
    case MoveCategories::kCentreAndPeriphery:
      k.second = ~kCentre;
      k.castling = 1;
      break;
    case MoveCategories::kLightThenDark:
      k.second = ~kLightSquares;
      k.castling = -1;
      break;
    case MoveCategories::kNone:
      break;
  }
  return k;
}

// Threesum's length (RULES.md threesum): squares travelled (king distance), a knight 2, castling 1.
int budget_length(const Shape& s) {
  if (s.castling) return 1;
  if (s.type == kKnight) return 2;
  return std::max(std::abs(file_of(s.from) - file_of(s.to)), std::abs(rank_of(s.from) - rank_of(s.to)));
}

// The same for a move of the side to move.
int budget_length(const Position& pos, Move m) {
  if (m.kind() == MoveKind::kCastling) return 1;
  if (type_of(pos.at(m.from_board(), m.from())) == kKnight) return 2;
  return std::max(std::abs(file_of(m.from()) - file_of(m.to())),
                  std::abs(rank_of(m.from()) - rank_of(m.to())));
}

// The squares of the men that have made at least `limit` moves in this turn.
Bitboard men_with_moves(const ManMemory& men, int limit) {
  Bitboard b = 0;
  for (int s = 0; s < 64; s += 8) {
    std::uint64_t eight;  // the counts of a rank at once: most are zero
    std::memcpy(&eight, &men.moves[s], 8);
    if (!eight) continue;
    for (int i = s; i < s + 8; ++i)
      if (men.moves[i] >= limit) b |= bb(Square(i));
  }
  return b;
}

// Twins (Rules::twins): the type of the turn's first mover, read from the men's memory (under
// moves_per_man = 1 the one man of the side that has moved; a move that had no twin to follow ended the
// turn, note_move), and the men that may make the twin move: the other men of the side of that type.
Bitboard twin_men(const Position& pos) {
  const Color us = pos.side();
  const ManMemory& men = pos.men();
  for (int b = 0; b < pos.boards(); ++b)
    for (Bitboard m = pos.pieces(b, us); m;) {
      const Square s = pop_lsb(m);
      if (!men.moves[s]) continue;
      const PieceType t = type_of(pos.at(b, s));
      Bitboard twins = 0;
      for (int c = 0; c < pos.boards(); ++c) twins |= pos.pieces(c, us, t);
      return twins & ~bb(s);
    }
  return 0;
}

// Does a twin move follow the turn's first move, just made (f)? Not after castling (a king move), a
// promotion (the man changed type), a man of a type without twins, or when the side has no other man of the
// mover's type (or the mover is gone: rules_problem refuses captures that remove the capturer).
bool twin_may_follow(const Position& pos, const MoveFacts& f) {
  const PieceType t = type_of(f.mover);
  if (f.castling || f.promotion || !(pos.rules().twins & men_bit(t))) return false;
  int count = 0;
  for (int b = 0; b < pos.boards(); ++b) count += popcount(pos.pieces(b, color_of(f.mover), t));
  return count >= 2;
}

// Squared Euclidean length (RULES.md maximummer-marseillais): castling O-O 16, O-O-O 25.
int squared_length(const Shape& s) {
  if (s.castling) return s.king_side ? 16 : 25;
  const int df = file_of(s.from) - file_of(s.to), dr = rank_of(s.from) - rank_of(s.to);
  return df * df + dr * dr;
}

bool is_pawn_move(const Position& pos, Move m) {
  return m.kind() != MoveKind::kCastling && m.kind() != MoveKind::kEndTurn &&
         type_of(pos.at(m.from_board(), m.from())) == kPawn;
}

// The squares of a move's men before it (castling: king and rook).
Bitboard movers_of(const Position& pos, Move m) {
  if (m.kind() == MoveKind::kCastling) {
    const CastlingSide* cs = pos.castling().find(m.from(), m.to());
    return bb(m.from()) | (cs ? bb(cs->rook_from) : 0);
  }
  return bb(m.from());
}

// Does m imitate the game's latest move of type `last`? Castling imitates and is imitated by a king move or
// a rook move (RULES.md equivalent-marseillais); a promotion is a pawn move.
bool imitates_type(const Shape& s, int last) {
  if (s.castling) return last == kKing || last == kRook || last == kCastlingType;
  return s.type == last || (last == kCastlingType && (s.type == kKing || s.type == kRook));
}

// Can the turn in progress still be completed to its quota (D-5)? The turn may also end early by check or
// king capture, which counts as complete.
bool can_complete(Position& pos) {
  const TurnState& st = pos.state();
  // One move still due: any per-move legal move completes the turn (Italian checks are allowed on the last
  // move, compulsory capture only chooses among legal moves) — except the forbidden null-turn move, and
  // unless a composition rule also limits the last move.
  // Under END-OF-TURN chosen per turn (progressive-late-mate) a series that runs out of moves with the king
  // safe ends there (progressive stalemate, not D-5): it is complete.
  const bool stuck_completes =
      pos.rules().regime == CheckRegime::kEndOfTurnWhenInCheck && !pos.rules().complete_turn && st.made > 0;
  if (st.quota - st.made == 1 && !pos.rules().turn_filters()) {
    if (pos.ops().has_legal_move(pos, pos.rules().forbid_null_turn ? st.forbid : Move())) return true;
    return stuck_completes && !in_check(pos);  // no legal move at all: the series ends here
  }
  // Depth first, the first completion found wins (listing every legal move would apply D-5 again to each,
  // exponential in the moves still due).
  MoveList list;
  moves_without_completion(pos, list);
  // END-OF-TURN with a voluntary stop: a move after which the king is safe completes the turn (the stop may
  // follow it), so those are tried first, each by one test.
  if (pos.rules().regime == CheckRegime::kEndOfTurn && pos.rules().stop == StopRule::kAfterFirstMove)
    for (Move m : list) {
      Undo u;
      pos.ops().make(pos, m, u);
      const bool ok = u.turn_ended || !in_check(pos);
      pos.undo(u);
      if (ok) return true;
    }
  for (Move m : list) {
    Undo u;
    pos.ops().make(pos, m, u);
    const bool ok = u.turn_ended || completes_turn(pos);
    pos.undo(u);
    if (ok) return true;
  }
  return list.empty() && stuck_completes && !in_check(pos);
}

// Can every need (a set of men) have its own man, none used twice? (A matching, by trial: a few needs.)
bool distinct_men(const Bitboard* needs, int n, Bitboard used) {
  if (n == 0) return true;
  for (Bitboard b = needs[0] & ~used; b;) {
    const Square x = pop_lsb(b);
    if (distinct_men(needs + 1, n - 1, used | bb(x))) return true;
  }
  return false;
}
}  // namespace

// END-OF-TURN with a voluntary stop and each man moving at most once (Soundness::escape_bound): can the
// turn provably not end with the mover's king safe? A necessary condition for a safe end, read from the
// position alone (docs/architecture.md "END-OF-TURN", the escape bound): the king ends on some square K
// (where it stands, or, while it has not moved, a king step or a castling square), and every enemy man that
// attacks K now (the king taken off its square when it leaves it) must be captured or, a line piece, blocked,
// for the enemy never moves within our turn and men only disappear by our captures. Only an own man that has
// not moved can do it, by landing on the attacker's square or between it and K; a man that moved, the king
// staying on K and every enemy man stay where they are for the rest of the turn (no man moves twice, enemy
// men only disappear by capture, where the capturer stands instead), so they block a line piece's way for
// good; own men that have not moved may yet leave it. A pawn victim of an e.p. right may vanish without a
// man landing on its square: it blocks nothing and, as an attacker, counts as removable. The test
// over-approximates every move (pawns: one or two steps forward and both diagonals), so `true` is a proof.
bool escape_impossible(const Position& pos) {
  const Color us = pos.side(), them = ~us;
  const TurnState& st = pos.state();
  const ManMemory& men = pos.men();
  if (pos.king_board(us) != 0) return false;
  const Bitboard occ = pos.occupied(0), own = pos.pieces(0, us), enemy = pos.pieces(0, them);
  const Square ksq = pos.king_square(us, 0);
  Bitboard moved = men.frozen;
  for (Bitboard b = own; b;) {
    const Square s = pop_lsb(b);
    if (men.moves[s]) moved |= bb(s);
  }
  moved &= own;
  const bool king_free = !(moved & bb(ksq));
  // Pawns that an e.p. capture may remove: the victims of the rights usable now.
  Bitboard ep_victims = 0;
  for (Bitboard b = st.ep_now; b;) {
    const Square s = pop_lsb(b);
    ep_victims |= bb(us == kWhite ? s - 8 : s + 8);
  }
  ep_victims &= pos.pieces(0, them, kPawn);
  // Own pawns that can never move in this turn count as moved: every square ahead held for good (an enemy
  // man, a man that moved or such a pawn) and no enemy man (nor an e.p. square) on a capture square. Enemy
  // men only disappear, so they never come within reach.
  const int forward = us == kWhite ? 8 : -8;
  for (bool grew = true; grew;) {
    grew = false;
    const Bitboard stay = enemy | moved;
    for (Bitboard b = pos.pieces(0, us, kPawn) & ~moved; b;) {
      const Square x = pop_lsb(b);
      const int one = x + forward;
      if (one < 0 || one >= 64 || !(stay & bb(Square(one)))) continue;
      if (pawn_attacks(us, x) & (enemy | st.ep_now)) continue;
      moved |= bb(x);
      grew = true;
    }
  }
  const Bitboard fixers = own & ~moved & ~bb(ksq);
  // Own pawns that can move but never capture in this turn (no enemy man, nor an e.p. square, on a capture
  // square: enemy men only disappear) stay on their file, between their square and the farthest square a
  // step may reach. A line piece behind such a pawn on its file cannot pass beyond that farthest square, nor
  // one ahead of it beyond the pawn's square: file_blockers gives the squares that bound a line piece so.
  struct FileBlock {
    Square from, farthest;
  };
  const Bitboard start_rank = rank_bb(us == kWhite ? 1 : 6);
  const Bitboard held = (enemy & ~ep_victims) | moved;  // squares no step can ever reach in this turn
  FileBlock file_blocks[8];
  int n_blocks = 0;
  for (Bitboard b = pos.pieces(0, us, kPawn) & ~moved; b && n_blocks < 8;) {
    const Square x = pop_lsb(b);
    if (pawn_attacks(us, x) & (enemy | st.ep_now)) continue;
    Square far = x;
    const int one = x + forward;
    if (one >= 0 && one < 64 && !(held & bb(Square(one)))) {
      far = Square(one);
      const int two = one + forward;
      if ((start_rank & bb(x)) && !(held & bb(Square(two)))) far = Square(two);
    }
    file_blocks[n_blocks++] = {x, far};
  }
  // The squares that bound a line piece on x along its file (a in front of b: a is nearer the enemy side).
  const auto in_front = [us](Square a, Square b) { return us == kWhite ? a > b : a < b; };
  const auto file_blockers = [&](Square x) {
    Bitboard b = 0;
    for (int i = 0; i < n_blocks; ++i) {
      const FileBlock& f = file_blocks[i];
      if (file_of(f.from) != file_of(x) || f.from == x) continue;
      if (in_front(f.from, x))
        b |= bb(f.farthest);  // behind the pawn: never beyond its farthest square
      else if (in_front(x, f.farthest))
        b |= bb(f.from);  // in front of it: never beyond its square
    }
    return b;
  };
  Bitboard finals = bb(ksq);
  if (king_free) {
    finals |= king_attacks(ksq) & ~moved & ~pos.pieces(0, them, kKing);
    for (const CastlingSide& cs : pos.castling().sides)
      if ((st.castling & cs.right) && cs.king_from == ksq) finals |= bb(cs.king_to);
  }
  for (Bitboard fb = finals; fb;) {
    const Square k = pop_lsb(fb);
    const Bitboard occ_k = k == ksq ? occ : (occ & ~bb(ksq)) | bb(k);
    const Bitboard foes = enemy & ~bb(k);  // an enemy man on K is the king's capture
    // Men that block a line for the rest of the turn: enemy men (but e.p. victims), own men that moved, the
    // king where it stays.
    // (When the king leaves, neither its square nor K is held: it may pass there later.)
    const Bitboard fixed =
        (enemy & ~ep_victims & ~bb(k)) | (moved & ~bb(ksq)) | (k == ksq ? bb(ksq) : Bitboard(0));
    const Bitboard attackers =
        foes & ((knight_attacks(k) & pos.pieces(0, kKnight)) | (king_attacks(k) & pos.pieces(0, kKing)) |
                (pawn_attacks(us, k) & pos.pieces(0, kPawn)) |
                (rook_attacks(k, occ_k) & (pos.pieces(0, kRook) | pos.pieces(0, kQueen))) |
                (bishop_attacks(k, occ_k) & (pos.pieces(0, kBishop) | pos.pieces(0, kQueen))));
    // Each attacker needs its own man: one landing square is the square of, or between K and, one attacker
    // at most (two attackers on one line from K: the nearer blocks the farther).
    Bitboard needs[16];
    int n = 0;
    bool viable = true;
    for (Bitboard ab = attackers; ab && viable;) {
      const Square e = pop_lsb(ab);
      if (type_of(pos.at(0, e)) == kKing) {
        viable = false;  // the enemy king is never captured and needs no line
        break;
      }
      if (ep_victims & bb(e)) continue;
      const Bitboard targets = bb(e) | between_bb(k, e);
      Bitboard able = 0;
      for (Bitboard xb = fixers; xb;) {
        const Square x = pop_lsb(xb);
        Bitboard reach = 0;
        switch (type_of(pos.at(0, x))) {
          case kKnight:
            reach = knight_attacks(x);
            break;
          case kBishop:
            reach = bishop_attacks(x, fixed);
            break;
          case kRook:
            reach = rook_attacks(x, fixed | file_blockers(x));
            break;
          case kQueen:
            reach = rook_attacks(x, fixed | file_blockers(x)) | bishop_attacks(x, fixed);
            break;
          case kPawn: {
            reach = pawn_attacks(us, x) & (enemy | st.ep_now);  // a capture, or e.p. onto the passed square
            const int one = x + forward;  // steps land on empty squares only: never on an enemy man
            if (one >= 0 && one < 64) {
              Bitboard steps = bb(Square(one));
              if ((start_rank & bb(x)) && !(fixed & bb(Square(one)))) steps |= bb(Square(one + forward));
              reach |= steps & ~enemy;
            }
            break;
          }
          default:
            reach = ~Bitboard(0);
            break;  // any other man: no bound
        }
        if (reach & targets) able |= bb(x);
      }
      if (!able || n == 16) {
        viable = able != 0;  // (more than 16 attackers: no matching tried)
        if (!viable) break;
        continue;
      }
      needs[n++] = able;
    }
    if (viable && distinct_men(needs, n, 0)) return false;
  }
  return true;
}

namespace {

// completes_turn's memory under END-OF-TURN: one entry a slot, valid for the same position under the same
// rules (Position::serial) in the same state (the key covers the whole turn state), so a stale entry never
// matches. Allocated on a thread's first END-OF-TURN question only (1.5 MB), so other threads and games pay
// nothing.
struct CompletionMemo {
  struct Entry {
    std::uint64_t serial = 0;
    Key key = 0;
    bool value = false;
  };
  static constexpr std::size_t kSlots = std::size_t(1) << 16;
  std::vector<Entry> slots;
  Entry& at(Key key) {
    if (slots.empty()) slots.resize(kSlots);
    return slots[key & (kSlots - 1)];
  }
};
thread_local CompletionMemo g_completion_memo;

// The quota of the turn that begins now (side and move number already passed on), from the schedule and
// what the ending turn did.
std::uint32_t next_quota(Position& pos, const TurnState& ended) {
  const Schedule& s = pos.rules().schedule;
  const int t = pos.turn_index();
  switch (s.kind) {
    case ScheduleKind::kPlusChecksGiven:
      return std::min<std::uint32_t>(kMaxQuota, s.static_quota(t) + pos.state().checks[pos.side()]);
    case ScheduleKind::kCaptureStreak:
      return ended.turn_capture ? std::min(kMaxQuota, ended.quota + 1) : 1;
    case ScheduleKind::kCheckCutsNext:
      if (pos.king_board(pos.side()) >= 0 && pos.king_board(~pos.side()) >= 0 && in_check(pos))
        return std::max<std::uint32_t>(1, ended.quota - 1);
      return s.static_quota(t);
    case ScheduleKind::kOpponentMadePlusOne:
      return std::min(kMaxQuota, ended.made + 1);
    default:
      return s.static_quota(t);
  }
}

// The men's memory and the composition counters after a move (RULES.md §2 `turn.composition`). Returns true
// when a composition rule ends the turn with this move.
bool note_move(Position& pos, const Undo& u, const MoveFacts& f) {
  const Rules& r = pos.rules();
  TurnState& st = pos.state();
  bool ends = false;
  const Shape shape{type_of(f.mover), f.from, f.to, f.castling, f.castling && file_of(f.rook_to) == 5, false};
  // The king's journey over an own pawn (Rules::king_over_own_pawn) uses both moves: a king move of two
  // squares that is not castling ends the turn.
  if (type_of(f.mover) == kKing && !f.castling && r.king_over_own_pawn_of(color_of(f.mover)) &&
      std::max(std::abs(file_of(f.from) - file_of(f.to)), std::abs(rank_of(f.from) - rank_of(f.to))) == 2)
    ends = true;
  if (r.follows_men()) {
    ManMemory& men = pos.men();
    const bool counts = r.counts_moves();
    const int moved = men.moves[f.from] + 1,
              rook_moved = f.castling ? men.moves[f.rook_from] + (r.castling_counts_rook ? 1 : 0) : 0;
    if (r.sputniks) {
      if (men.sputniks & bb(f.from))
        men.sputniks &= ~bb(f.from);
      else
        ends = true;  // not a sputnik move: the turn's normal move
    }
    for (int i = 0; i < u.count; ++i)
      if (!u.effects[i].put) {
        const Square s = u.effects[i].square;
        men.set_moves(s, 0);
        men.frozen &= ~bb(s);
        men.sputniks &= ~bb(s);
      }
    auto set = [&](Square s, int count) {
      if (counts) men.set_moves(s, std::min(count, 255));
    };
    if (f.castling) {
      const CastlingSide& cs = *pos.castling().find(f.from, f.to);
      set(cs.king_to, moved);
      set(cs.rook_to, rook_moved);
    } else {
      const Square land = f.capture && r.capturer_stays() ? f.from : f.to;
      const Piece there = pos.at(f.dest, land);
      if (there && color_of(there) == color_of(f.mover)) {
        set(land, moved);
        if (f.promotion && r.promoted_man_stays) men.frozen |= bb(land);
      }
    }
  }
  if (r.categories != MoveCategories::kNone) {
    int c = category_of(shape, r.categories);
    if (r.categories == MoveCategories::kLightThenDark) {
      if (c == 1) ends = true;              // a dark-square man's move is the turn's second move
      if (c < 0) c = st.made == 1 ? 0 : 1;  // castling: the light move first, the dark move second
    }
    if (r.categories != MoveCategories::kPieceThenPawn && r.categories != MoveCategories::kAnyThenPawn)
      st.used |= std::uint8_t(1 << c);
  }
  if (r.length_budget) {
    st.spent = std::uint8_t(std::min(255, st.spent + budget_length(shape)));
    if (st.spent >= r.length_budget) ends = true;  // nothing is left to spend
  }
  // Twins: after the first move the turn goes on only where a twin may follow.
  if (r.twins && st.made == 1 && !twin_may_follow(pos, f)) ends = true;
  // A turn that may stop early ends by itself once every man has used his moves (hurricane, threesum).
  if (r.moves_per_man && r.stop_of(color_of(f.mover)) != StopRule::kNever) {
    const Color us = color_of(f.mover);
    bool all = true;
    for (int b = 0; b < pos.boards() && all; ++b)
      for (Bitboard m = pos.pieces(b, us); m && all;) all = pos.men().moves[pop_lsb(m)] >= r.moves_per_man;
    if (all) ends = true;
  }
  // Forward-only movement: after a sideways move to an empty square the next move must go forward.
  if (r.movement == Movement::kForwardOnly)
    st.used = !f.capture && !f.castling && rank_of(f.from) == rank_of(f.to) ? kForwardDue : 0;
  // The refill chain: the squares this move vacated are due; a square nobody can refill is dropped; with
  // none left the turn ends.
  if (r.refill_chain != RefillChain::kNone) {
    if (st.made == 1) {
      const CastlingSide* cs = f.castling ? pos.castling().find(f.from, f.to) : nullptr;
      st.refill = std::uint8_t(f.from);
      st.refill_next = cs ? std::uint8_t(cs->rook_from) : kNoSquare;
    } else {
      st.refill = std::uint8_t(f.from);  // the filler's origin; the waiting square stays
    }
    while (st.refill != kNoSquare && !refill_fillers(pos, st.refill)) {
      st.refill = st.refill_next;
      st.refill_next = kNoSquare;
    }
    if (st.refill == kNoSquare) ends = true;
  }
  if (r.first_move == FirstMoveRule::kImitateType)
    st.last_type = f.castling ? kCastlingType : type_of(f.mover);
  if (r.first_move == FirstMoveRule::kImitateLength) st.last_len2 = std::uint8_t(squared_length(shape));
  // A capture here is any removal the move journalled (a man swept off after a quiet move too).
  const bool removed =
      f.capture || ((r.ends_on_capture || r.schedule.kind == ScheduleKind::kCaptureStreak) && removes_men(u));
  if (removed && r.schedule.kind == ScheduleKind::kCaptureStreak) st.turn_capture = true;
  if (r.ends_on_capture && removed) ends = true;
  if (r.ends_on_attacked_arrival) {
    const Color them = ~color_of(f.mover);
    auto attacked = [&](Square s) {
      const int b = f.dest;
      const Piece p = pos.at(b, s);
      return p && color_of(p) != them && pos.ops().attackers_to(pos, b, s, them);
    };
    if (f.castling) {
      const CastlingSide& cs = *pos.castling().find(f.from, f.to);
      ends = ends || attacked(cs.king_to) || attacked(cs.rook_to);
    } else {
      ends = ends || attacked(f.capture && r.capturer_stays() ? f.from : f.to);
    }
  }
  return ends;
}

// Bans on single moves, before the composition: RULES.md §1.6 ITALIAN (a check may be given only by the last
// move of a full-quota turn), double-move-galvin decision 2 (a turn may not restore its start position), and
// the moves the variant lacks (pawn two-steps, castling). Which of them are on now: read once per move list,
// not per move (the variants that can never ban a move answer from one cached flag).
struct Bans {
  bool castling = false, two_step = false, null_turn = false, italian = false;
  bool any() const { return castling || two_step || null_turn || italian; }
};
[[gnu::always_inline]] inline Bans bans_now(const Position& pos) {
  if (pos.never_bans()) return {};
  const Rules& r = pos.rules();
  const TurnState& st = pos.state();
  return {!r.castling, !r.pawn_double_step, r.forbid_null_turn && !st.forbid.is_none(),
          r.italian_ban(st.side) && st.made + 1 < st.quota};
}

// Forward-only movement (Rules::movement): a sideways move to an empty square must be followed, as the next
// move of the same turn, by a forward move. It is banned as the turn's last move (by its quota or any other
// ending) and where no legal move follows it (after it only forward moves are generated: kForwardDue).
[[gnu::noinline]] bool sideways_without_follow_up(Position& pos, Move m) {
  if (m.kind() != MoveKind::kNormal || rank_of(m.from()) != rank_of(m.to()) || pos.at(m.to_board(), m.to()))
    return false;
  const TurnState& st = pos.state();
  if (st.made + 1 >= st.quota) return true;
  Undo u;
  pos.ops().make(pos, m, u);
  bool alone = u.turn_ended;
  if (!alone) {
    MoveList next;
    pos.ops().legal_moves(pos, next);
    alone = next.empty();
  }
  pos.undo(u);
  return alone;
}

bool banned(Position& pos, const Bans& bans, Move m) {
  if (bans.castling && m.kind() == MoveKind::kCastling) return true;
  if (bans.two_step && is_pawn_move(pos, m) && std::abs(rank_of(m.to()) - rank_of(m.from())) == 2)
    return true;
  if (bans.null_turn && m == pos.state().forbid) return true;
  return bans.italian && gives_check(pos, m);
}

// The composition of a turn (RULES.md §2 `turn.composition`) over the per-move legal moves, in the order of
// docs/architecture.md: moves the variant lacks, moves per man, English's every-mobile-man rule, categories,
// the length budget.
void compose_turn(Position& pos, MoveList& list) {
  const Rules& r = pos.rules();
  const TurnState& st = pos.state();
  // Frozen men, men out of moves and the categories the turn allows or prefers: turn_origins, at generation.
  // The refill chain: after the first move only refills of the square due (its fillers: turn_origins).
  if (r.refill_chain != RefillChain::kNone && st.made > 0) {
    const Bitboard fillers = refill_fillers(pos, st.refill);
    list.keep_if([&](Move m) {
      return m.to() == st.refill && (m.kind() == MoveKind::kNormal || m.kind() == MoveKind::kPromotion) &&
             (fillers & bb(m.from())) && !pos.at(0, m.to());
    });
  }
  if (r.length_budget) {
    const int left = r.length_budget - st.spent;
    list.keep_if([&](Move m) { return budget_length(pos, m) <= left; });
  }
  if (r.every_mobile_man && !list.empty()) {
    // Mobile men: those with a move legal under every other rule now. A man may move only if no other
    // mobile man has moved fewer times: a single mover must be one of the least moved mobile men; for a
    // castling, the more moved of its king and rook must not have moved more than any other mobile man.
    const ManMemory& men = pos.men();
    Bitboard mobile = 0;
    for (Move m : list) mobile |= movers_of(pos, m);
    int least = 255;
    for (Bitboard b = mobile; b;) least = std::min(least, int(men.moves[pop_lsb(b)]));
    list.keep_if([&](Move m) {
      if (m.kind() != MoveKind::kCastling) return men.moves[m.from()] == least;
      const Bitboard movers = movers_of(pos, m);
      int most = 0;
      for (Bitboard b = movers; b;) most = std::max(most, int(men.moves[pop_lsb(b)]));
      for (Bitboard b = mobile & ~movers; b;)
        if (men.moves[pop_lsb(b)] < most) return false;
      return true;
    });
  }
}

// Obligations on the first move of a turn, among the moves legal under every other rule (RULES.md
// maximummer-, equivalent-, equidistant-marseillais): applied only when some move meets them.
void first_move_obligation(Position& pos, MoveList& list) {
  const Rules& r = pos.rules();
  const TurnState& st = pos.state();
  if (list.empty()) return;
  switch (r.first_move) {
    case FirstMoveRule::kLongest: {
      int length[MoveList::kCapacity];
      int longest = 0;
      for (int i = 0; i < list.size(); ++i)
        longest = std::max(longest, length[i] = squared_length(pos, list[i]));
      int n = 0;
      for (int i = 0; i < list.size(); ++i)
        if (length[i] == longest) list.moves[n++] = list[i];
      list.count = n;
      break;
    }
    case FirstMoveRule::kImitateType: {
      if (!st.last_type) break;
      list.keep_if_any([&](Move m) { return imitates_type(shape_of(pos, m), st.last_type); });
      break;
    }
    case FirstMoveRule::kImitateLength: {
      if (!st.last_len2) break;
      list.keep_if_any([&](Move m) { return squared_length(pos, m) == st.last_len2; });
      break;
    }
    case FirstMoveRule::kFree:
      break;
  }
}

// The legal moves of the position a lost-move check just generated (finish_move), for the generation that
// usually follows at once at the same position (perft, search): one entry a thread, valid for the same
// position under the same rules (Position::serial, given at every reset) in the same state (its key covers
// the whole turn state). Not the object's address: a later position at that address may play other rules.
struct Continuation {
  std::uint64_t serial = 0;
  Key key = 0;
  int count = -1;
  std::array<Move, 256> moves;
};
thread_local Continuation g_continuation;

void keep_continuation(const Position& pos, const MoveList& list) {
  Continuation& c = g_continuation;
  if (list.size() > int(c.moves.size())) {
    c.count = -1;
    return;
  }
  c.serial = pos.serial();
  c.key = pos.key();
  c.count = list.size();
  std::copy(list.begin(), list.end(), c.moves.begin());
}

}  // namespace

Origins turn_origins(const Position& pos) {
  Origins o;
  if (pos.plain_origins()) return o;
  const Rules& r = pos.rules();
  if (r.follows_men()) {
    const ManMemory& men = pos.men();
    Bitboard barred = men.frozen;
    if (r.moves_per_man) barred |= men_with_moves(men, r.moves_per_man);
    // A promoted man that has moved in this turn (or promoted in it) moves no more.
    if (r.promoted_moves_once)
      for (int b = 0; b < r.boards; ++b) barred |= pos.attribute(b, Attr::kPromoted) & men_with_moves(men, 1);
    o.men = o.castlers = ~barred;
    // Twins: after the first move, only another man of its type (castling is a king move: never a twin).
    if (r.twins && pos.state().made >= 1) {
      o.men &= twin_men(pos);
      o.castlers = 0;
    }
  }
  if (r.refill_chain != RefillChain::kNone && pos.state().made > 0) {
    o.men &= refill_fillers(pos, pos.state().refill);
    o.castlers = 0;
  }
  if (r.categories != MoveCategories::kNone) {
    const TurnState& st = pos.state();
    // The categories the next move may belong to (bit 0: the first of the pair, bit 1: the second).
    unsigned allowed = 3;
    if (r.categories == MoveCategories::kPieceThenPawn)
      allowed = st.made == 0 ? 1 : 2;
    else if (r.categories == MoveCategories::kLightThenDark)
      allowed = st.made == 0 ? 1 : 2;
    else if (r.categories == MoveCategories::kPawnPieceKing)
      allowed = categories_owed(st.quota) & ~unsigned(st.used);
    else if (r.categories == MoveCategories::kAnyThenPawn)
      allowed = st.made == 0 ? 3 : 2;
    else
      allowed = 3 & ~unsigned(st.used);
    const Categorizer cat = categorizer(pos, r.categories);
    Bitboard men = 0;
    for (int i = 0; i < 3; ++i)
      if (allowed >> i & 1) men |= cat.men(i);
    // Light then dark: the light move first (castling fits), a dark move only when no light move exists, or
    // to parry check.
    if (r.categories == MoveCategories::kLightThenDark && st.made == 0) {
      if (!in_check(pos)) {
        o.otherwise = o.men;
        o.men &= men;
      }
      return o;
    }
    o.men &= men;
    if (!(cat.castling < 0 ? allowed : allowed >> cat.castling & 1)) o.castlers = 0;
  }
  return o;
}

void turn_per_move_legal(Position& pos, MoveList& list) {
  const Origins from = turn_origins(pos);
  pos.ops().per_move_legal(pos, list, from);
  if (!from.otherwise) return;
  // The obligation holds when one of its moves survives the bans on single moves (apply_turn_rules).
  const Bans bans = bans_now(pos);
  for (Move m : list)
    if (!bans.any() || !banned(pos, bans, m)) return;
  pos.ops().per_move_legal(pos, list, from.fallback());
}

bool take_continuation(const Position& pos, MoveList& list) {
  Continuation& c = g_continuation;
  if (c.count < 0 || c.serial != pos.serial() || c.key != pos.key()) return false;
  list.count = 0;
  for (int i = 0; i < c.count; ++i) list.push(c.moves[i]);
  return true;
}

int squared_length(const Position& pos, Move m) {
  if (m.kind() == MoveKind::kCastling) return squared_length(shape_of(pos, m));
  const int df = file_of(m.from()) - file_of(m.to()), dr = rank_of(m.from()) - rank_of(m.to());
  return df * df + dr * dr;
}

Bitboard sputniks_at_turn_start(const Position& pos) {
  const Color us = pos.side();
  const Bitboard enemy_half = us == kWhite ? 0xFFFFFFFF00000000ULL : 0x00000000FFFFFFFFULL;
  Bitboard s = 0;
  for (int b = 0; b < pos.boards(); ++b)
    s |= pos.pieces(b, us, kRook) | pos.pieces(b, us, kBishop) | pos.pieces(b, us, kKnight);
  return s & enemy_half;
}

std::array<const char*, 3> category_names(MoveCategories c) {
  switch (c) {
    case MoveCategories::kPieceAndPawn:
    case MoveCategories::kPieceThenPawn:
      return {"piece", "pawn", nullptr};
    case MoveCategories::kAnyThenPawn:
      return {"any", "pawn", nullptr};
    case MoveCategories::kFileHalves:
      return {"queenside", "kingside", nullptr};
    case MoveCategories::kCentreAndPeriphery:
      return {"centre", "periphery", nullptr};
    case MoveCategories::kLightThenDark:
      return {"light", "dark", nullptr};
    case MoveCategories::kPawnPieceKing:
      return {"piece", "pawn", "king"};
    case MoveCategories::kNone:
      break;
  }
  return {"first", "second", nullptr};
}

Bitboard ep_capturable_by_any(const Position& pos, Bitboard passed_squares, Color owner, bool require_empty) {
  if (!pos.rules().captures_by_moving()) return 0;  // capture = none: no man takes anything, e.p. included
  return ep_rights_taken_by(pos, passed_squares, owner, require_empty, [&](int b, Square passed) {
    return pos.ops().attackers_to(pos, b, passed, ~owner) != 0;
  });
}

namespace {

// end_turn but for the next quota: the side passes, and the turn state starts afresh.
[[gnu::always_inline]] inline void pass_turn(Position& pos, const Rules& r) {
  TurnState& st = pos.state();
  const Color owner = st.side;  // the side whose turn ends; its double steps become the opponent's rights
  st.side = ~st.side;
  if (st.side == kWhite) st.fullmove++;
  st.made = 0;
  st.ep_now = ep_capturable(pos, st.ep_pending, owner);
  st.ep_pending = 0;
  st.forbid = Move();
  // Turn-counted rule: the counter is the number of complete turns without capture or pawn move.
  if (r.progress_unit == ProgressUnit::kTurns && !st.turn_progress) st.no_progress++;
  st.turn_progress = false;
  st.used = 0;
  st.spent = 0;
  st.turn_capture = false;
  st.refill = st.refill_next = kNoSquare;
  if (pos.follows_men()) {
    ManMemory& men = pos.men();
    men.clear();
    if (r.sputniks) men.sputniks = sputniks_at_turn_start(pos);
  }
}

}  // namespace

void end_turn(Position& pos) {
  const Rules& r = pos.rules();
  if (r.schedule.dynamic()) {  // the next quota reads the turn that ended (a copy only here)
    const TurnState ended = pos.state();
    pass_turn(pos, r);
    pos.state().quota = next_quota(pos, ended);
  } else {
    pass_turn(pos, r);
    pos.state().quota = r.schedule.static_quota(pos.turn_index());
  }
}

void finish_move(Position& pos, Move m, Undo& u, const MoveFacts& f, bool progress, bool ep_capture,
                 Bitboard landed, bool reversible) {
  TurnState& st = pos.state();
  const Rules& r = pos.rules();
  if (r.ep_passed == EpPassed::kNeverOccupied) {  // a right is lost once a man stands on the passed square
    st.ep_now &= ~landed;
    st.ep_pending &= ~landed;
  }
  if (st.ep_pending)
    st.ep_pending = ep_capturable(pos, st.ep_pending, pos.side(), r.ep_passed == EpPassed::kNeverOccupied);
  if (st.ep_now) {
    // The pair rule: after an e.p. first move the other right stays, while some pawn can still use it.
    if (ep_capture && r.ep_when == EpWhen::kMarseillaisPair && st.made == 0)
      st.ep_now = ep_capturable(pos, st.ep_now & ~bb(m.to()), ~pos.side());
    else if (r.ep_when != EpWhen::kAny)
      st.ep_now = 0;
    else  // usable at any move of the turn while valid (§1.8): its pawn still on its landing square
      st.ep_now = ep_capturable(pos, st.ep_now, ~pos.side(), r.ep_passed == EpPassed::kNeverOccupied);
  }
  if (r.progress_unit == ProgressUnit::kMoves)
    st.no_progress = progress ? 0 : st.no_progress + 1;
  else if (progress)
    st.no_progress = 0, st.turn_progress = true;
  st.made++;
  st.forbid = Move();
  bool ended = st.made >= st.quota;
  if (pos.notes_moves() && note_move(pos, u, f)) ended = true;
  // A check-giving move: counted where the schedule counts checks, ending the turn where the rules say so.
  const bool count_checks = r.schedule.kind == ScheduleKind::kPlusChecksGiven;
  if (!ended || count_checks) {
    int kings = 0;  // a king removed and not put back: captured or exploded, the game ends at once (D-8)
    for (int i = 0; i < u.count; ++i)
      if (type_of(u.effects[i].piece) == kKing) kings += u.effects[i].put ? 1 : -1;
    const bool king_lost = r.royal_king && kings < 0;  // an ordinary man's capture ends nothing
    const bool ends_on_check = r.ends_on_check_of(pos.side());
    const bool check = !king_lost && (ends_on_check || count_checks) && pos.king_board(~pos.side()) >= 0 &&
                       pos.ops().checkers(pos, ~pos.side()) != 0;
    if (check && count_checks) st.checks[pos.side()]++;
    ended = ended || king_lost || (ends_on_check && check);
  }
  // A goal reached (rules/goal.hpp) ends the game, and with it the turn, at once.
  if (!ended && r.goal != Goal::kCheckmate && goal_reached(pos).reached) ended = true;
  // A lost move (RULES.md bilateral-marseillais decision 3): nothing legal is left for the rest of the turn.
  // The moves found are kept for the generation that usually follows at once (take_continuation).
  if (!ended && r.lost_move) {
    st.key = st.piece_key ^ pos.state_key();
    MoveList rest;
    pos.ops().legal_moves(pos, rest);
    ended = rest.empty();
    if (!ended) keep_continuation(pos, rest);
  }
  u.turn_ended = ended;
  if (ended) {
    end_turn(pos);
  } else if (r.forbid_null_turn && reversible && st.quota - st.made == 1) {
    st.forbid = Move(m.to(), m.from(), MoveKind::kNormal, kNoType, m.to_board(), m.from_board());
  }
  st.key = st.piece_key ^ pos.state_key();
}

bool gives_check(Position& pos, Move m) {
  const Color them = ~pos.side();
  Undo u;
  pos.ops().make(pos, m, u);
  bool check = pos.ops().checkers(pos, them) != 0;
  pos.undo(u);
  return check;
}

Bitboard refill_fillers(const Position& pos, Square to) {
  if (to >= 64 || pos.at(0, to)) return 0;
  const Rules& r = pos.rules();
  const Color us = pos.side();
  const Bitboard occ = pos.occupied(0);
  Bitboard free = pos.pieces(0, us);
  if (r.follows_men()) {
    const ManMemory& men = pos.men();
    for (Bitboard b = free; b;) {
      const Square s = pop_lsb(b);
      if (men.moves[s] || (men.frozen & bb(s))) free &= ~bb(s);
    }
  }
  const bool priority = r.refill_chain == RefillChain::kCompulsory;
  Bitboard all = 0;
  // Pawns: one step forward onto `to`, or the two-step from the second rank over an empty square.
  const int up = us == kWhite ? 8 : -8;
  const int behind = int(to) - up;
  if (behind >= 0 && behind < 64) {
    if (pos.at(0, Square(behind)) == make_piece(us, kPawn))
      all |= bb(Square(behind)) & free;
    else if (!pos.at(0, Square(behind)) && r.pawn_double_step) {
      const int two = behind - up;
      const int second = us == kWhite ? 1 : 6;
      if (two >= 0 && two < 64 && rank_of(Square(two)) == second &&
          pos.at(0, Square(two)) == make_piece(us, kPawn))
        all |= bb(Square(two)) & free;
    }
  }
  if (priority && all) return all;
  for (PieceType t : {kKnight, kBishop, kRook, kQueen, kKing}) {
    const Piece p = make_piece(us, t);
    Bitboard men = generic::reach(p, to, occ) & pos.pieces(0, us, t) & free;
    if (men && t == kKing) {
      const Square k = lsb(men);
      if (generic::check_givers(pos, us, 0, to, (occ ^ bb(k)) | bb(to))) men = 0;
    }
    if (priority && men) return men;
    all |= men;
  }
  return all;
}

bool in_check(const Position& pos) { return pos.ops().checkers(pos, pos.side()) != 0; }

bool end_of_turn_now(const Position& pos) {
  switch (pos.rules().regime_of(pos.side())) {
    case CheckRegime::kEndOfTurn:
      return true;
    case CheckRegime::kEndOfTurnWhenInCheck:
      return pos.state().made == 0 ? in_check(pos) : (pos.state().used & kStartedInCheck) != 0;
    case CheckRegime::kObserved:
    case CheckRegime::kItalian:
    case CheckRegime::kNone:
      break;
  }
  return false;
}

bool completes_turn(Position& pos) {
  const Rules& r = pos.rules();
  if (!end_of_turn_now(pos)) return can_complete(pos);
  // A turn whose missing components are skipped (lost_move): with the king safe now, either some move is
  // left (and, by induction on the moves still due, a completion after it) or the turn ends here, safe
  // (docs/architecture.md "END-OF-TURN").
  if (r.lost_move && pos.state().made > 0 && !in_check(pos)) return true;
  // A voluntary stop (hurricane's turn): mid-turn with the king safe now, the stop is legal here and ends the
  // turn safe.
  if (r.stop == StopRule::kAfterFirstMove && pos.state().made > 0) {
    if (!in_check(pos)) return true;
    if (pos.sound().escape_bound && escape_impossible(pos)) return false;
  }
  const Key key = pos.key();
  if (const CompletionMemo::Entry& e = g_completion_memo.at(key); e.serial == pos.serial() && e.key == key)
    return e.value;
  const bool value = can_complete(pos);  // the search may fill other slots (and this one): read again
  g_completion_memo.at(key) = {pos.serial(), key, value};
  return value;
}

void moves_without_completion(Position& pos, MoveList& list) {
  turn_per_move_legal(pos, list);
  apply_turn_rules(pos, list, CompletionShortcut::kNone, false);
}

void apply_turn_rules(Position& pos, MoveList& list, CompletionShortcut shortcut, bool completion) {
  if (pos.plain_turns()) return;  // chess and every variant without a turn rule here
  const TurnState& st = pos.state();
  const Rules& r = pos.rules();
  if (const Bans bans = bans_now(pos); bans.any())
    list.keep_if([&](Move m) { return !banned(pos, bans, m); });
  // Forward-only movement: a quiet sideways move needs a forward move after it (a ban on single moves too,
  // apart so that the other variants' bans pay nothing for it).
  if (r.movement == Movement::kForwardOnly) [[unlikely]]
    list.keep_if([&](Move m) { return !sideways_without_follow_up(pos, m); });
  const bool filters = r.turn_filters();
  if (filters) compose_turn(pos, list);
  // Compulsory capture (Rifle): legality first, then the obligation among legal moves; a capture is a move
  // that removes men (KernelOps::removes_men, asked of the whole list at once).
  if (r.compulsory_capture) pos.ops().keep_removing(pos, list);
  // D-5 complete-turn principle: a move after which the turn cannot be completed is illegal (if no complete
  // turn exists, nothing is legal and the game ends: mate or stalemate).
  // Under END-OF-TURN (RULES.md §1.6) a move is legal mid-turn only if the turn can still be completed so
  // that the rules hold at its end: the same test (where the turn does not end by a lost move instead).
  // (Asked only where a completion test may follow: the variants with a completion test pay for it alone.)
  const bool tested = completion && st.quota - st.made >= 2 && !list.empty();
  const bool end_of_turn = tested && !r.lost_move &&
                           (r.regime_of(st.side) == CheckRegime::kEndOfTurn ||
                            (r.regime == CheckRegime::kEndOfTurnWhenInCheck && end_of_turn_now(pos)));
  if (tested && (r.complete_turn || end_of_turn)) {
    using S = CompletionShortcut;
    const Soundness& sound = pos.sound();  // which shortcuts the turn rules leave sound
    const bool checked = in_check(pos);
    const bool two_left = st.quota - st.made == 2;
    // Quiet reversal (not under royal capture: the way back would be the forbidden null turn).
    const bool reversal = sound.completion_reversal && !checked &&
                          (shortcut == S::kQuietReversal || shortcut == S::kQuietReversalAndWitness ||
                           shortcut == S::kQuietWitness);
    const bool witness = sound.completion_witness && two_left && !checked && shortcut != S::kNone &&
                         shortcut != S::kQuietReversal;
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
      // Without END-OF-TURN this turn, completes_turn is can_complete (the child is in the same turn).
      bool ok = u.turn_ended || (end_of_turn ? completes_turn(pos) : can_complete(pos));
      pos.undo(u);
      return ok;
    });
  }
  if (!filters) return;
  if (st.made == 0 && r.first_move != FirstMoveRule::kFree) first_move_obligation(pos, list);
  // The voluntary stop, where the rules allow it (and the turn has begun).
  // Under END-OF-TURN the stop ends the turn: only with the king safe (RULES.md §1.6).
  if ((r.stop_of(st.side) == StopRule::kAfterFirstMove || r.refill_chain == RefillChain::kOptional) &&
      st.made >= 1 && (r.regime_of(st.side) != CheckRegime::kEndOfTurn || !in_check(pos)))
    list.push(kStopMove);
}

}  // namespace hc
