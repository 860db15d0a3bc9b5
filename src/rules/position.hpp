// Position: men on one or more boards plus the turn state (RULES.md §1.2). Every change goes through two
// journaled primitives, put() and remove(), so that unmake is generic: an explosion, a shot or a board
// transfer needs no undo code of its own (DESIGN.md §2).
#pragma once
#include <array>
#include <bit>
#include <cassert>

#include "core/bitboard.hpp"
#include "core/zobrist.hpp"
#include "rules/attributes.hpp"
#include "rules/castling.hpp"
#include "rules/rules.hpp"
#include "rules/soundness.hpp"

namespace hc {

struct KernelOps;

// The part of the state copied on make and restored on unmake. A field that decides which moves or turns are
// legal next (a schedule's counter, a per-side count) must enter Position::state_key(), or repetition, the
// transposition table and the server's draws would confuse positions that differ in it (RULES.md D-3).
struct TurnState {
  Key key = 0;              // full hash = piece_key ^ state part
  Key piece_key = 0;        // placement part, updated incrementally by put/remove
  Bitboard ep_now = 0;      // passed squares the next move may capture e.p. (§1.8)
  Bitboard ep_pending = 0;  // rights created in the current turn; they pass to the opponent at the turn's end
  Move forbid{};            // the move that would make a null turn (double-move-galvin decision 2)
  int no_progress = 0;      // D-4 counter, in the unit of Rules::progress_unit
  int fullmove = 1;
  std::uint32_t made = 0;            // moves already played in this turn
  std::uint32_t quota = 1;           // moves allowed in this turn (at most kMaxQuota)
  std::uint16_t checks[2] = {0, 0};  // check-giving moves each side has made (ScheduleKind::kPlusChecksGiven)
  std::uint8_t castling = 0;
  std::uint8_t last_type =
      0;  // the game's latest move: type of its man, 7 for castling, 0 unknown (kImitateType)
  std::uint8_t last_len2 = 0;  // … its squared length, 0 unknown (kImitateLength)
  std::uint8_t used =
      0;  // move categories used in this turn: bit 0 the first, bit 1 the second (Rules::categories)
  std::uint8_t spent = 0;      // length used in this turn (Rules::length_budget)
  bool turn_progress = false;  // a capture or pawn move happened in this turn (turn-counted no-progress rule)
  bool turn_capture = false;   // a capture happened in this turn (ScheduleKind::kCaptureStreak)
  // The refill chain (Rules::refill_chain): the vacated square to be refilled next, and the one waiting
  // after that chain (castling: the rook's origin); kNoSquare when none.
  std::uint8_t refill = kNoSquare, refill_next = kNoSquare;
  Color side = kWhite;
};

// What a turn remembers about single men, kept only where Rules::follows_men() (copied into Undo only then,
// so other variants pay nothing). Squares are those the men stand on now; with several boards a square is
// occupied on one board at most (Alice), so one array serves every board.
struct ManMemory {
  std::array<std::uint8_t, 64> moves{};  // moves each man has made in this turn (written by set_moves)
  Bitboard frozen = 0;                   // men that may not move again in this turn (a pawn that promoted)
  Bitboard sputniks = 0;                 // men that may still make their sputnik move in this turn
  Key moves_key = 0;                     // the zobrist key of `moves`, kept by set_moves

  static Key key_of(Square s, int count) {
    return zobrist::mix(zobrist::Field::kManMoves, std::uint64_t(s) << 8 | std::uint64_t(count));
  }
  void set_moves(Square s, int count) {
    if (moves[s]) moves_key ^= key_of(s, moves[s]);
    moves[s] = std::uint8_t(count);
    if (count) moves_key ^= key_of(s, count);
  }
  Key computed_moves_key() const {
    Key k = 0;
    for (Square s = 0; s < 64; ++s)
      if (moves[s]) k ^= key_of(s, moves[s]);
    return k;
  }
  void clear() { *this = ManMemory(); }
};

// Why a journal entry was made. Each put() and remove() names its cause, so that what a move did can be read
// from the journal alone (removes_men below, the no-progress counter, the server's `effects`), never guessed
// from occupancy before or after. Causes marked "removing" take men off the board for good as far as the move
// is concerned: a removal with one of them is what "this move removes men" means.
enum class Cause : std::uint8_t {
  kMove,          // the moving man leaving its square or arriving (castling: the king)
  kCapture,       // removing: the victim of a capture (displacement, e.p., explosion's and kamikaze's victim)
  kCapturer,      // removing: the capturer removed with its victim (kamikaze, explosion)
  kExplosion,     // removing: a bystander removed by an explosion
  kShot,          // removing: the victim of a shot (the shooter stays on its square; a missile's target)
  kTransfer,      // a man passing to another board after its move (Alice, after a capture)
  kCastlingRook,  // the rook of a castling leaving or arriving
  kPromotion,     // the promoted man arriving in place of the pawn
  kSweep,         // removing: reserved, men swept off after a move
  kRebirth,       // reserved: a captured man put back on the board
  kRemoval,       // removing: a man removed by a removal move (own men too; Rules::own_man_removal)
  kButt,          // removing: an enemy man next to a butting man's arrival square (Rules::butting)
  // A man removed at the start of the next turn by the opponent's turn-start rule (Rules::turn_start,
  // archimedes), journalled with the move that ended the turn. It leaves the board, but it is the opponent's
  // removal, not this move's: not removing in the sense of is_removing (SAN's x, the engine's ordering and
  // quiescence, compulsory capture); the kernel resets the no-progress count and castling rights itself.
  kTurnStart,
};
constexpr int kCauseCount = 12;

// Does a removal with this cause take a man off the board (see Cause)?
constexpr bool is_removing(Cause c) {
  constexpr unsigned kRemoving = 1u << int(Cause::kCapture) | 1u << int(Cause::kCapturer) |
                                 1u << int(Cause::kExplosion) | 1u << int(Cause::kShot) |
                                 1u << int(Cause::kSweep) | 1u << int(Cause::kRemoval) |
                                 1u << int(Cause::kButt);
  return (kRemoving >> int(c)) & 1;
}

// One journal entry. Four bytes (asserted below): Undo holds an array of them and is copied on every make.
struct Effect {
  std::uint8_t board;
  std::uint8_t square;
  Piece piece;
  bool put : 1;     // true: the man was put there; false: removed
  Cause cause : 7;  // why (Cause)
  bool removes() const { return !put && is_removing(cause); }
  // Built as one 32-bit word, so that the journal's push is a single store (per-field stores into the bit
  // fields would be partial writes that the next read of the entry, by undo, waits for).
  static Effect of(int board, Square s, Piece p, bool put, Cause why) {
    static_assert(std::endian::native == std::endian::little);
    return std::bit_cast<Effect>(std::uint32_t(board) | std::uint32_t(s) << 8 | std::uint32_t(p) << 16 |
                                 (std::uint32_t(put) | std::uint32_t(why) << 1) << 24);
  }
};
static_assert(sizeof(Effect) == 4);

// What make() saved to unmake the move, and the journal of every put and remove it made, in order. The
// journal's bound, Undo::kMaxEffects, is asserted on every push: the largest move is a sweep after castling
// (4 entries for king and rook, then every man of the position, at most 64 — Alice never has two men on one
// square pair; generic_kernel.cpp asserts the sum fits); an explosion makes 10 removals, an Alice capture 4.
//
// The men's attributes (rules/attributes.hpp) have a journal of their own, attr_effects, written and replayed
// only where the rules keep attributes (Position::attributes_used): the men's journal above stays what it was
// (every reader of `effects` sees men only), and rules without attributes pay one store per make. Its bound:
// a man removed clears its mask (one entry) and a man put with a carried mask sets it (one), so a castling
// makes 4, an explosion 10; a sweep of attributed men at most one entry per removal (64).
struct Undo {
  static constexpr int kMaxEffects = 72;
  static constexpr int kMaxAttrEffects = 72;
  TurnState state;
  ManMemory men;  // saved only where the rules follow men (Position::save / undo)
  int count = 0;
  int attr_count = 0;
  bool turn_ended = false;
  std::array<Effect, kMaxEffects> effects;
  std::array<AttrEffect, kMaxAttrEffects> attr_effects;
};

// After make(): did the move remove men (some journal entry with a removing cause)? The journal, not
// occupancy, answers it; KernelOps::removes_men answers the same before the move is made.
inline bool removes_men(const Undo& u) {
  for (int i = 0; i < u.count; ++i)
    if (u.effects[i].removes()) return true;
  return false;
}
// After make(): did the move remove a man of the other side than `mover` (a capture in the goal's sense,
// whatever removed it)?
inline bool removes_enemy_men(const Undo& u, Color mover) {
  for (int i = 0; i < u.count; ++i)
    if (u.effects[i].removes() && color_of(u.effects[i].piece) != mover) return true;
  return false;
}
// The men the move removed, by cause: the entries of the journal with a removing cause, in order; returns how
// many were written to out (at most Undo::kMaxEffects).
inline int removed_men(const Undo& u, Effect* out) {
  int n = 0;
  for (int i = 0; i < u.count; ++i)
    if (u.effects[i].removes()) out[n++] = u.effects[i];
  return n;
}
// Lower-case name of a cause (the server's `effects`): move, capture, capturer, explosion, shot, transfer,
// castling-rook, promotion, sweep, rebirth, removal, turn-start.
const char* cause_name(Cause c);

class Position {
 public:
  Position() = default;
  // Empties the boards and binds the rules the position is played under.
  void reset(const Rules* rules, const KernelOps* ops);

  const Rules& rules() const { return *rules_; }
  const KernelOps& ops() const { return *ops_; }
  int boards() const { return rules_->boards; }

  Piece at(int b, Square s) const { return board_[b][s]; }
  Bitboard occupied(int b) const { return color_bb_[b][kWhite] | color_bb_[b][kBlack]; }
  Bitboard pieces(int b, Color c) const { return color_bb_[b][c]; }
  Bitboard pieces(int b, PieceType t) const { return type_bb_[t][b]; }
  Bitboard pieces(int b, Color c, PieceType t) const { return color_bb_[b][c] & type_bb_[t][b]; }
  // Union over all boards (squares occupied on some board).
  Bitboard occupied_any() const {
    Bitboard o = 0;
    for (int b = 0; b < boards(); ++b) o |= occupied(b);
    return o;
  }
  // The board on which square s is occupied (Alice invariant: at most one), or -1.
  int board_of(Square s) const {
    for (int b = 0; b < boards(); ++b)
      if (board_[b][s]) return b;
    return -1;
  }
  // Royal king of colour c: board index (or -1 if it has been captured) and square.
  int king_board(Color c) const {
    for (int b = 0; b < boards(); ++b)
      if (pieces(b, c, kKing)) return b;
    return -1;
  }
  Square king_square(Color c, int b) const { return lsb(pieces(b, c, kKing)); }

  const CastlingGeometry& castling() const { return castling_; }
  CastlingGeometry& castling() { return castling_; }

  Color side() const { return st_.side; }
  const TurnState& state() const { return st_; }
  TurnState& state() { return st_; }
  // Cached once per variant (reset): no turn rule filters the moves (apply_turn_rules returns at once), and
  // whether the turn rules keep a memory of the moves (rules/turn.cpp note_move).
  bool plain_turns() const { return plain_turns_; }
  // Cached once per variant (reset) for the turn layer's per-node questions (rules/turn.cpp): every man may
  // make the next move as far as the turn rules go (no memory of the men's moves, no refill chain, no move
  // categories: turn_origins returns "all" at once), and no ban on single moves can ever apply (bans_now:
  // no Italian ban for either colour, no null-turn ban, both pawn two-steps and castling exist).
  bool plain_origins() const { return plain_origins_; }
  bool never_bans() const { return never_bans_; }
  // Rules::follows_men() and Rules::unorthodox_men(), cached once per variant (reset).
  bool follows_men() const { return follows_men_; }
  bool unorthodox_men() const { return unorthodox_men_; }
  // Which shortcuts the rules leave sound (rules/soundness.hpp), cached once per variant (reset): the turn
  // rules and the search ask at every node.
  const Soundness& sound() const { return sound_; }
  // Cached once per variant (reset) for the generic kernel's hot paths: every man of both colours checks by
  // his attack (check_by), and a move is legal when the mover's king is then safe, asked the same way at
  // every move (a royal king under observed or Italian check for both colours, not END-OF-TURN).
  bool plain_check_by() const { return plain_check_by_; }
  bool plain_legality() const { return plain_legality_; }
  // A number given at every reset, distinct over the run: a cache of results for "this position under these
  // rules" keys on it with the position key (rules/turn.cpp), never on the object's address.
  std::uint64_t serial() const { return serial_; }
  bool notes_moves() const { return notes_moves_; }
  const ManMemory& men() const { return men_; }
  ManMemory& men() { return men_; }
  // Saves what unmake restores (the turn state, and the men's memory where the rules keep one) and empties
  // the journal: the first step of every make.
  void save(Undo& u) const {
    u.state = st_;
    if (follows_men_) u.men = men_;
    u.count = 0;
    u.attr_count = 0;
    u.turn_ended = false;
  }
  Key key() const { return st_.key; }
  // Turn index t = 1, 2, 3 … over the whole game (RULES.md §1.2).
  int turn_index() const { return 2 * (st_.fullmove - 1) + (st_.side == kWhite ? 1 : 2); }

  // Journaled primitives (hash kept incrementally), each naming its cause (Cause). A man put may carry
  // attributes (`carry`: the mask remove() returned for it, plus any it gains); remove() takes the man's
  // attributes off the board with it and returns them, so that a man moved by remove + put keeps them. Where
  // the rules keep no attributes the mask is always 0 and costs one predictable branch.
  [[gnu::always_inline]] void put(int b, Square s, Piece p, Undo& u, Cause why, AttrMask carry = 0) {
    put_raw(b, s, p);
    assert(u.count < Undo::kMaxEffects);  // the journal's bound (Undo)
    u.effects[u.count++] = Effect::of(b, s, p, true, why);
    if (carry) set_attrs(b, s, carry, u);
  }
  [[gnu::always_inline]] AttrMask remove(int b, Square s, Undo& u, Cause why) {
    Piece p = board_[b][s];
    AttrMask carried = 0;
    if (attrs_used_) [[unlikely]] {
      carried = attrs_at(b, s);
      if (carried) clear_attrs(b, s, carried, u);
    }
    remove_raw(b, s);
    assert(u.count < Undo::kMaxEffects);
    u.effects[u.count++] = Effect::of(b, s, p, false, why);
    return carried;
  }

  // ---- per-man attributes (rules/attributes.hpp) ----
  // The attributes the rules keep (Rules::attributes()); 0 for every other variant.
  AttrMask attributes_used() const { return attrs_used_; }
  // The men on board b holding attribute a.
  Bitboard attribute(int b, Attr a) const { return attr_[b][int(a)]; }
  // The attributes of the man on square s of board b.
  AttrMask attrs_at(int b, Square s) const {
    AttrMask m = 0;
    for (int a = 0; a < kAttrCount; ++a)
      if (attr_[b][a] & bb(s)) m |= AttrMask(1u << a);
    return m;
  }
  // Journalled: the man on s of board b gains the attributes of `m` it lacks (only those the rules keep).
  [[gnu::always_inline]] void set_attrs(int b, Square s, AttrMask m, Undo& u) {
    m &= AttrMask(attrs_used_ & ~attrs_at(b, s));
    if (!m) return;
    toggle_attrs(b, s, m);
    assert(u.attr_count < Undo::kMaxAttrEffects);
    u.attr_effects[u.attr_count++] = AttrEffect{std::uint8_t(b), std::uint8_t(s), m, true};
  }
  // Journalled: the man on s of board b loses the attributes of `m` it holds.
  [[gnu::always_inline]] void clear_attrs(int b, Square s, AttrMask m, Undo& u) {
    m &= attrs_at(b, s);
    if (!m) return;
    toggle_attrs(b, s, m);
    assert(u.attr_count < Undo::kMaxAttrEffects);
    u.attr_effects[u.attr_count++] = AttrEffect{std::uint8_t(b), std::uint8_t(s), m, false};
  }
  // Setup (not journaled; the FEN reader, the start position): the man on s of board b holds attribute a or
  // not. The rules must keep a; the square must be occupied (is_consistent).
  void set_attr_raw(int b, Square s, Attr a, bool on) {
    if (bool(attr_[b][int(a)] & bb(s)) != on) toggle_attrs(b, s, attr_bit(a));
  }
  // Setup: every man holds the attributes that every man holds at the start (AttributeInfo), no other.
  void reset_attrs_to_start();
  // The zobrist key of attribute a held by the man on s of board b (part of piece_key).
  static Key attr_key(int b, Attr a, Square s) {
    return zobrist::mix(zobrist::Field::kAttribute, std::uint64_t(b) << 12 | std::uint64_t(a) << 8 | s);
  }
  // Setup primitives (not journaled).
  [[gnu::always_inline]] void put_raw(int b, Square s, Piece p) {
    assert(!board_[b][s] && p);
    board_[b][s] = p;
    color_bb_[b][color_of(p)] |= bb(s);
    type_bb_[type_of(p)][b] |= bb(s);
    st_.piece_key ^= zobrist::piece[b][p][s];
  }
  [[gnu::always_inline]] void remove_raw(int b, Square s) {
    Piece p = board_[b][s];
    assert(p);
    board_[b][s] = kNoPiece;
    color_bb_[b][color_of(p)] ^= bb(s);
    type_bb_[type_of(p)][b] ^= bb(s);
    st_.piece_key ^= zobrist::piece[b][p][s];
  }
  // Replays the journal backwards and restores the copied state.
  void undo(const Undo& u) {
    if (attrs_used_) [[unlikely]]
      for (int i = u.attr_count - 1; i >= 0; --i) {
        const AttrEffect& e = u.attr_effects[i];
        for (int a = 0; a < kAttrCount; ++a)
          if (e.mask & (1u << a)) attr_[e.board][a] ^= bb(e.square);
      }
    for (int i = u.count - 1; i >= 0; --i) {
      const Effect& e = u.effects[i];
      if (e.put) {
        board_[e.board][e.square] = kNoPiece;
        color_bb_[e.board][color_of(e.piece)] ^= bb(e.square);
        type_bb_[type_of(e.piece)][e.board] ^= bb(e.square);
      } else {
        board_[e.board][e.square] = e.piece;
        color_bb_[e.board][color_of(e.piece)] |= bb(e.square);
        type_bb_[type_of(e.piece)][e.board] |= bb(e.square);
      }
    }
    st_ = u.state;
    if (follows_men_) men_ = u.men;
    assert(is_consistent());  // debug builds: every unmake restores a consistent position
  }

  // Hash of the turn state (everything but placement).
  Key state_key() const;
  // Recomputes piece_key and key from scratch (used after setup and by the hash invariant test).
  Key compute_key() const;
  void refresh_key() {
    st_.piece_key = compute_piece_key();
    st_.key = st_.piece_key ^ state_key();
  }
  Key compute_piece_key() const;

  // Debug check of the invariants, asserted after every make and undo in debug builds (without NDEBUG):
  // bitboards agree with the mailbox, attributes only on occupied squares and only those the rules keep, no
  // pawn on the first or last rank, at most one royal king a side, each
  // castling right has its king and rook in place, the turn state is in range, the incremental keys equal the
  // keys recomputed from scratch; Alice: a pair of corresponding squares is never occupied twice.
  bool is_consistent() const;

 private:
  const Rules* rules_ = nullptr;
  const KernelOps* ops_ = nullptr;
  Piece board_[kMaxBoards][64]{};
  Bitboard color_bb_[kMaxBoards][2]{};
  // By type, then board (kMaxBoards = 2 a row): make / undo find a man's bitboard with one scaled index, as
  // they did by board then type when there were 8 types (a row of kPieceTypeCount = 10 costs a multiply).
  Bitboard type_bb_[kPieceTypeCount][kMaxBoards]{};
  Bitboard attr_[kMaxBoards][kAttrCount]{};  // per-man attributes (rules/attributes.hpp)
  AttrMask attrs_used_ = 0;
  TurnState st_;
  ManMemory men_;
  bool follows_men_ = false;
  bool unorthodox_men_ = false;
  bool plain_turns_ = true;
  bool plain_origins_ = true;
  bool never_bans_ = true;
  Soundness sound_{};
  bool plain_check_by_ = true;
  bool plain_legality_ = true;
  std::uint64_t serial_ = 0;
  bool notes_moves_ = false;
  CastlingGeometry castling_;

  [[gnu::always_inline]] void toggle_attrs(int b, Square s, AttrMask m) {
    for (unsigned bits = m; bits; bits &= bits - 1) {  // the attributes of m only (usually one)
      const int a = std::countr_zero(bits);
      attr_[b][a] ^= bb(s);
      st_.piece_key ^= attr_key(b, Attr(a), s);  // key follows at the move's end, as for put_raw
    }
  }
};

}  // namespace hc
