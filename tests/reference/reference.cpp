// Reference move generator: a plain mailbox (one std::array<char, 64> per board), copy-make for everything,
// and legality decided by playing the move on a copy and testing the rule as RULES.md words it. No bitboards,
// no pins, no incremental state. Slow on purpose; every rule is a small function with its RULES.md reference
// above it.
#include "reference.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

namespace hc::reference {
namespace {

// ---------------------------------------------------------------------------------------------------------------
// Variant settings (RULES.md §2 dimensions). Each id sets one group of dimensions; "a+b" combines disjoint
// groups.
// ---------------------------------------------------------------------------------------------------------------

enum class Schedule { One, Two, Balanced, Progressive };
enum class Regime { Observed, Italian, None };
enum class EpWhen { First, Pair };
enum class Capture { Displacement, Shoot, Explosion, Kamikaze };

struct Variant {
  // turn group: schedule, turn ending, check regime, e.p. timing (set by the multi-move ids)
  Schedule schedule = Schedule::One;
  Regime regime = Regime::Observed;
  bool ends_on_check = false;      // §1.6 `ends_on: check`
  EpWhen ep_when = EpWhen::First;  // §1.8 `ep.when`
  bool ep_empty_now = false;       // §1.8 option `empty-now` (progressive-italian decision 3)
  bool complete_turn = false;      // D-5
  bool forbid_null_turn = false;   // double-move-galvin decision 2
  bool counter_in_turns = false;   // formats.md field 5: Progressive family counts turns
  // capture group
  Capture capture = Capture::Displacement;
  bool compulsory_capture = false;  // rifle: obligations: compulsory-capture
  // paralysis group
  bool madras = false;
  // boards group
  bool alice = false;
};

Variant parse_variant(const std::string& id) {
  Variant v;
  std::vector<std::string> parts;
  std::string cur;
  for (char c : id + "+") {
    if (c != '+') {
      cur += c;
      continue;
    }
    if (cur.empty()) throw std::invalid_argument("bad variant id: " + id);
    if (cur == "progressive-kamikaze") {  // §4.5 alias: kamikaze capture with the Scottish progressive rules
      parts.push_back("progressive");
      parts.push_back("kamikaze");
    } else {
      parts.push_back(cur);
    }
    cur.clear();
  }
  bool turn_set = false, capture_set = false, paralysis_set = false, boards_set = false;
  auto claim = [&](bool& flag, const std::string& what) {
    if (flag) throw std::invalid_argument("variant composition sets the " + what + " twice: " + id);
    flag = true;
  };
  for (const std::string& p : parts) {
    if (p == "chess") {
    } else if (p == "marseillais" || p == "balanced-marseillais") {  // §3.1 family defaults
      claim(turn_set, "schedule");
      v.schedule = p == "marseillais" ? Schedule::Two : Schedule::Balanced;
      v.ends_on_check = true;
      v.ep_when = EpWhen::Pair;
      v.complete_turn = true;
    } else if (p == "double-move-galvin") {  // §3.2
      claim(turn_set, "schedule");
      v.schedule = Schedule::Balanced;
      v.regime = Regime::None;
      v.ep_when = EpWhen::Pair;
      v.complete_turn = true;
      v.forbid_null_turn = true;
    } else if (p == "progressive" || p == "progressive-italian") {  // §3.5
      claim(turn_set, "schedule");
      v.schedule = Schedule::Progressive;
      v.ends_on_check = true;
      v.counter_in_turns = true;
      if (p == "progressive-italian") {
        v.regime = Regime::Italian;
        v.ep_empty_now = true;
      }
    } else if (p == "atomic") {  // §4.3
      claim(capture_set, "capture rule");
      v.capture = Capture::Explosion;
    } else if (p == "rifle") {  // §4.1
      claim(capture_set, "capture rule");
      v.capture = Capture::Shoot;
      v.compulsory_capture = true;
    } else if (p == "kamikaze") {  // §4.5
      claim(capture_set, "capture rule");
      v.capture = Capture::Kamikaze;
    } else if (p == "madras") {  // §4.6
      claim(paralysis_set, "paralysis");
      v.madras = true;
    } else if (p == "alice") {  // §5.1
      claim(boards_set, "boards");
      v.alice = true;
    } else {
      throw std::invalid_argument("unknown variant id: " + p);
    }
  }
  return v;
}

// ---------------------------------------------------------------------------------------------------------------
// Position (one extended FEN) and moves
// ---------------------------------------------------------------------------------------------------------------

constexpr int WHITE = 0, BLACK = 1;
constexpr char EMPTY = '.';
using Board = std::array<char, 64>;  // square = rank * 8 + file, a1 = 0

struct Pos {
  std::array<Board, 2> bd{};  // bd[1] (board B) is used by Alice only
  int nboards = 1;
  int stm = WHITE;
  std::array<bool, 4> castle{};  // K Q k q
  std::vector<int> ep;           // passed squares the next move may capture e.p. (FEN field 4)
  std::vector<int> pend;         // e.p. rights created by the side to move in this turn (`pend=`)
  int half = 0, full = 1;
  int made = 0;           // `made=`
  std::string forbid;     // `forbid=`
  bool progress = false;  // `progress=1`: this turn made a capture or pawn move (turn-counted rule)
};

struct Move {
  int board = 0, from = 0, to = 0;
  char promo = 0;  // 'q','r','b','n' or 0
  bool capture = false, ep = false, castle = false, double_step = false;
  int rook_from = -1, rook_to = -1;
};

int color_of(char c) {
  return c == EMPTY ? -1 : (std::isupper(static_cast<unsigned char>(c)) ? WHITE : BLACK);
}
char type_of(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }
char make_piece(char type, int color) {
  return color == WHITE ? static_cast<char>(std::toupper(static_cast<unsigned char>(type))) : type;
}
int file_of(int s) { return s % 8; }
int rank_of(int s) { return s / 8; }
int sgn(int x) { return (x > 0) - (x < 0); }
std::string square_name(int s) {
  return std::string{static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

std::string uci(const Move& m) {
  std::string s = square_name(m.from) + square_name(m.to);
  if (m.promo) s += m.promo;
  return s;
}

bool has_king(const Pos& p, int color) {
  for (int b = 0; b < p.nboards; ++b)
    for (char c : p.bd[b])
      if (c == make_piece('k', color)) return true;
  return false;
}

bool occupied_anywhere(const Pos& p, int s) {
  for (int b = 0; b < p.nboards; ++b)
    if (p.bd[b][s] != EMPTY) return true;
  return false;
}

// Moves per turn. formats.md field 6: turn index t = 2*(fullmove-1)+1 for White, +2 for Black.
int quota(const Variant& v, const Pos& p) {
  switch (v.schedule) {
    case Schedule::One:
      return 1;
    case Schedule::Two:
      return 2;  // §3.1 marseillais: 2,2,2…
    case Schedule::Balanced:
      return (p.stm == WHITE && p.full == 1) ? 1 : 2;  // §3.1 balanced / §3.2 Galvin: W 1,2,2…
    case Schedule::Progressive:
      return 2 * (p.full - 1) + 1 + p.stm;  // §3.5 quota = t
  }
  return 1;
}

// ---------------------------------------------------------------------------------------------------------------
// Attack, observation, paralysis, check
// ---------------------------------------------------------------------------------------------------------------

// §1.3 Attack: the man on `from` could capture a man on `to` by one move of its orthodox capture pattern,
// lines blocked by any man on the same board. Pawns attack the two squares diagonally forward only.
bool attacks(const Board& b, int from, int to) {
  char c = b[from];
  if (c == EMPTY || from == to) return false;
  int df = file_of(to) - file_of(from), dr = rank_of(to) - rank_of(from);
  switch (type_of(c)) {
    case 'p':
      return dr == (color_of(c) == WHITE ? 1 : -1) && std::abs(df) == 1;
    case 'n':
      return (std::abs(df) == 1 && std::abs(dr) == 2) || (std::abs(df) == 2 && std::abs(dr) == 1);
    case 'k':
      return std::max(std::abs(df), std::abs(dr)) == 1;
    case 'b':
      if (std::abs(df) != std::abs(dr)) return false;
      break;
    case 'r':
      if (df != 0 && dr != 0) return false;
      break;
    case 'q':
      if (std::abs(df) != std::abs(dr) && df != 0 && dr != 0) return false;
      break;
    default:
      return false;
  }
  int f = file_of(from) + sgn(df), r = rank_of(from) + sgn(dr);
  while (r * 8 + f != to) {
    if (b[r * 8 + f] != EMPTY) return false;
    f += sgn(df);
    r += sgn(dr);
  }
  return true;
}

// §1.8: square where the pawn that passed over `passed` stands (owner = colour of that pawn).
int landing_square(int passed, int owner) { return owner == WHITE ? passed + 8 : passed - 8; }

// Board holding the double-stepped pawn of an e.p. right, or -1 when that pawn is not there.
int stepper_board(const Pos& p, int passed, int owner) {
  int l = landing_square(passed, owner);
  if (l < 0 || l >= 64) return -1;
  for (int b = 0; b < p.nboards; ++b)
    if (p.bd[b][l] == make_piece('p', owner)) return b;
  return -1;
}

// §1.8 / formats.md field 4: some enemy pawn stands on a square attacking the passed square on the pawn's
// board.
bool ep_capturer_exists(const Pos& p, int passed, int owner) {
  int b = stepper_board(p, passed, owner);
  if (b < 0) return false;
  for (int s = 0; s < 64; ++s)
    if (p.bd[b][s] == make_piece('p', 1 - owner) && attacks(p.bd[b], s, passed)) return true;
  return false;
}

// A right the next move could use: stepper in place, passed square empty (on every board), a capturer
// present.
bool ep_usable(const Pos& p, int passed, int owner) {
  return !occupied_anywhere(p, passed) && ep_capturer_exists(p, passed, owner);
}

// §4.6 madras: a man other than a king is paralysed while observed (§1.4 = attacked) by an enemy man of the
// same type on the same board. E.p. decision "both inert": in the position where a side may capture e.p. (the
// rights in p.ep), the double-stepped pawn and each enemy pawn attacking the passed square are paralysed.
bool paralysed(const Variant& v, const Pos& p, int board, int sq) {
  if (!v.madras) return false;
  const Board& b = p.bd[board];
  char c = b[sq];
  if (c == EMPTY || type_of(c) == 'k') return false;
  for (int s = 0; s < 64; ++s)
    if (b[s] == make_piece(type_of(c), 1 - color_of(c)) && attacks(b, s, sq)) return true;
  if (type_of(c) != 'p') return false;
  int owner = 1 - p.stm;  // owner of the double-stepped pawns the side to move may take e.p.
  for (int passed : p.ep) {
    if (stepper_board(p, passed, owner) != board || !ep_capturer_exists(p, passed, owner)) continue;
    if (sq == landing_square(passed, owner) && color_of(c) == owner) return true;  // the double-stepper
    if (color_of(c) == p.stm && attacks(b, sq, passed)) return true;               // an e.p.-capable pawn
  }
  return false;
}

// §1.5 + capture-rule redefinitions: may the man on (board, sq) give check at all?
// kamikaze/atomic: kings never capture, so they attack nothing (§4.5, §4.3). madras: paralysed men give no
// check.
bool can_check(const Variant& v, const Pos& p, int board, int sq) {
  char c = p.bd[board][sq];
  if (type_of(c) == 'k' && (v.capture == Capture::Kamikaze || v.capture == Capture::Explosion)) return false;
  return !paralysed(v, p, board, sq);
}

// §1.5 In check: a royal king of `color` (D-6: any of them) is attacked by an enemy man on its own board
// (§5.1: only men on the same board) that is able to attack. Atomic (§4.3): no check while the kings are
// adjacent, nor when the enemy has no king.
bool in_check(const Variant& v, const Pos& p, int color) {
  if (v.capture == Capture::Explosion && !has_king(p, 1 - color)) return false;
  for (int b = 0; b < p.nboards; ++b) {
    const Board& bd = p.bd[b];
    for (int k = 0; k < 64; ++k) {
      if (bd[k] != make_piece('k', color)) continue;
      if (v.capture == Capture::Explosion) {
        bool adjacent = false;
        for (int s = 0; s < 64; ++s)
          if (bd[s] == make_piece('k', 1 - color) && attacks(bd, k, s)) adjacent = true;
        if (adjacent) continue;
      }
      for (int s = 0; s < 64; ++s)
        if (color_of(bd[s]) == 1 - color && attacks(bd, s, k) && can_check(v, p, b, s)) return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------------
// Pseudo-legal moves (geometry, occupancy, paralysis, castling conditions)
// ---------------------------------------------------------------------------------------------------------------

struct CastleSpec {
  int color;
  int king_from, king_to, rook_from, rook_to;
  std::vector<int> empty, king_path;
};
const std::array<CastleSpec, 4>& castle_specs() {
  static const std::array<CastleSpec, 4> specs{{
      {WHITE, 4, 6, 7, 5, {5, 6}, {5, 6}},              // K: e1g1
      {WHITE, 4, 2, 0, 3, {1, 2, 3}, {3, 2}},           // Q: e1c1
      {BLACK, 60, 62, 63, 61, {61, 62}, {61, 62}},      // k: e8g8
      {BLACK, 60, 58, 56, 59, {57, 58, 59}, {59, 58}},  // q: e8c8
  }};
  return specs;
}

// D-1 castling, §5.1 Alice castling. King and rook unmoved (the right) and on the same board, squares between
// empty on that board; under OBSERVED/ITALIAN the king is not in check and does not pass over or land on a
// square where it would be in check (evaluated with the king on that square, on its board); NONE drops the
// attack tests. Madras decision: a paralysed rook cannot take part in castling (a paralysed man cannot move).
void add_castling(const Variant& v, const Pos& p, std::vector<Move>& out) {
  for (int i = 0; i < 4; ++i) {
    const CastleSpec& cs = castle_specs()[i];
    if (!p.castle[i] || cs.color != p.stm) continue;
    for (int b = 0; b < p.nboards; ++b) {
      const Board& bd = p.bd[b];
      if (bd[cs.king_from] != make_piece('k', p.stm) || bd[cs.rook_from] != make_piece('r', p.stm)) continue;
      bool ok = std::all_of(cs.empty.begin(), cs.empty.end(), [&](int s) { return bd[s] == EMPTY; });
      if (!ok || paralysed(v, p, b, cs.rook_from)) continue;
      if (v.regime != Regime::None) {
        if (in_check(v, p, p.stm)) continue;
        for (int s : cs.king_path) {
          Pos t = p;
          t.bd[b][cs.king_from] = EMPTY;
          t.bd[b][s] = make_piece('k', p.stm);
          if (in_check(v, t, p.stm)) ok = false;
        }
      }
      if (!ok) continue;
      Move m;
      m.board = b;
      m.from = cs.king_from;
      m.to = cs.king_to;
      m.castle = true;
      m.rook_from = cs.rook_from;
      m.rook_to = cs.rook_to;
      out.push_back(m);
    }
  }
}

void add_pawn_move(const Variant& v, Move m, bool last_rank, std::vector<Move>& out) {
  // D-2 promotion to Q, R, B or N; a Rifle pawn shot does not move the pawn and never promotes (§4.1).
  if (last_rank && !(m.capture && v.capture == Capture::Shoot)) {
    for (char pr : {'q', 'r', 'b', 'n'}) {
      m.promo = pr;
      out.push_back(m);
    }
  } else {
    out.push_back(m);
  }
}

std::vector<Move> pseudo_moves(const Variant& v, const Pos& p) {
  std::vector<Move> out;
  const int me = p.stm;
  for (int b = 0; b < p.nboards; ++b) {
    const Board& bd = p.bd[b];
    for (int s = 0; s < 64; ++s) {
      char c = bd[s];
      if (color_of(c) != me || paralysed(v, p, b, s)) continue;  // §4.6 a paralysed man cannot move
      const int f = file_of(s), r = rank_of(s);
      auto target = [&](int to, bool may_capture, bool may_quiet) {
        Move m;
        m.board = b;
        m.from = s;
        m.to = to;
        if (bd[to] == EMPTY) {
          if (may_quiet) out.push_back(m);
        } else if (color_of(bd[to]) != me && may_capture) {
          m.capture = true;
          out.push_back(m);
        }
      };
      const char t = type_of(c);
      if (t == 'p') {
        const int dir = me == WHITE ? 1 : -1;
        const int start = me == WHITE ? 1 : 6, last = me == WHITE ? 7 : 0;
        const int r1 = r + dir;
        if (r1 < 0 || r1 > 7) continue;
        Move m;
        m.board = b;
        m.from = s;
        if (bd[r1 * 8 + f] == EMPTY) {
          m.to = r1 * 8 + f;
          add_pawn_move(v, m, r1 == last, out);
          if (r == start && bd[(r + 2 * dir) * 8 + f] == EMPTY) {
            m.to = (r + 2 * dir) * 8 + f;
            m.double_step = true;
            out.push_back(m);
            m.double_step = false;
          }
        }
        for (int df : {-1, 1}) {
          if (f + df < 0 || f + df > 7) continue;
          Move x = m;
          x.to = r1 * 8 + f + df;
          if (bd[x.to] != EMPTY && color_of(bd[x.to]) != me) {
            x.capture = true;
            add_pawn_move(v, x, r1 == last, out);
          } else if (bd[x.to] == EMPTY && std::find(p.ep.begin(), p.ep.end(), x.to) != p.ep.end() &&
                     stepper_board(p, x.to, 1 - me) == b) {
            // §1.8 e.p.: the right is in the FEN's e.p. field (valid, usable by this move); Alice: capturer
            // on the double-stepper's board (§5.1). Rifle: e.p. shot (§4.1 decision 1).
            x.capture = true;
            x.ep = true;
            out.push_back(x);
          }
        }
      } else if (t == 'n' || t == 'k') {
        // Kings never capture in kamikaze (§4.5) and atomic (§4.3); in rifle they shoot adjacent men (§4.1).
        const bool king_captures =
            t == 'n' || !(v.capture == Capture::Kamikaze || v.capture == Capture::Explosion);
        for (int to = 0; to < 64; ++to) {
          const int df = std::abs(file_of(to) - f), dr = std::abs(rank_of(to) - r);
          const bool step = t == 'n' ? (df * dr == 2) : (std::max(df, dr) == 1);
          if (step) target(to, king_captures, true);
        }
      } else {
        std::vector<std::pair<int, int>> dirs;
        if (t == 'b' || t == 'q') dirs.insert(dirs.end(), {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}});
        if (t == 'r' || t == 'q') dirs.insert(dirs.end(), {{1, 0}, {-1, 0}, {0, 1}, {0, -1}});
        for (auto [dfl, drk] : dirs) {
          for (int ff = f + dfl, rr = r + drk; ff >= 0 && ff < 8 && rr >= 0 && rr < 8; ff += dfl, rr += drk) {
            target(rr * 8 + ff, true, true);
            if (bd[rr * 8 + ff] != EMPTY) break;
          }
        }
      }
    }
  }
  add_castling(v, p, out);
  if (v.alice) {
    // §1.7 / §5.1: the arrival square (castling: king's and rook's) must be vacant on the other board.
    std::erase_if(out, [&](const Move& m) {
      const Board& other = p.bd[1 - m.board];
      if (m.capture && v.capture == Capture::Shoot) return false;  // the shooter does not move
      return other[m.to] != EMPTY || (m.castle && other[m.rook_to] != EMPTY);
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Playing a move
// ---------------------------------------------------------------------------------------------------------------

// The physical effects of one move: displacement / shot / kamikaze / explosion, promotion, castling, Alice
// transfer, castling rights. No turn bookkeeping.
Pos move_effects(const Variant& v, const Pos& p, const Move& m) {
  Pos q = p;
  Board& b = q.bd[m.board];
  const int me = p.stm;
  const char mover = b[m.from];
  const char moved = m.promo ? make_piece(m.promo, me) : mover;
  const int victim = m.ep ? landing_square(m.to, 1 - me) : m.to;
  bool mover_at_to = true;
  if (m.castle) {
    b[m.from] = EMPTY;
    b[m.rook_from] = EMPTY;
    b[m.to] = mover;
    b[m.rook_to] = make_piece('r', me);
  } else if (!m.capture || v.capture == Capture::Displacement) {  // §1.9 DISPLACEMENT (and plain moves)
    b[victim] = EMPTY;
    b[m.from] = EMPTY;
    b[m.to] = moved;
  } else if (v.capture == Capture::Shoot) {  // §4.1: victim removed, shooter stays
    b[victim] = EMPTY;
    mover_at_to = false;
  } else if (v.capture == Capture::Kamikaze) {  // §4.5: capturer and victim removed
    b[victim] = EMPTY;
    b[m.from] = EMPTY;
    mover_at_to = false;
  } else {  // §4.3 atomic: captured man, capturer and non-pawn men on the 8 neighbours of the arrival square
    b[victim] = EMPTY;
    b[m.from] = EMPTY;
    for (int s = 0; s < 64; ++s)
      if (b[s] != EMPTY && type_of(b[s]) != 'p' &&
          std::max(std::abs(file_of(s) - file_of(m.to)), std::abs(rank_of(s) - rank_of(m.to))) == 1)
        b[s] = EMPTY;
    mover_at_to = false;
  }
  if (v.alice && mover_at_to) {  // §1.7 ALICE transfer (castling: both men)
    Board& other = q.bd[1 - m.board];
    other[m.to] = b[m.to];
    b[m.to] = EMPTY;
    if (m.castle) {
      other[m.rook_to] = b[m.rook_to];
      b[m.rook_to] = EMPTY;
    }
  }
  // D-1: a right is lost once its king or rook has made a move or is no longer on its home square.
  for (int i = 0; i < 4; ++i) {
    const CastleSpec& cs = castle_specs()[i];
    if (!q.castle[i]) continue;
    bool home = false;
    for (int k = 0; k < q.nboards; ++k)
      home = home || (q.bd[k][cs.king_from] == make_piece('k', cs.color) &&
                      q.bd[k][cs.rook_from] == make_piece('r', cs.color));
    if (!home || m.from == cs.king_from || m.from == cs.rook_from) q.castle[i] = false;
  }
  return q;
}

struct After {
  Pos pos;
  bool gives_check = false;
  bool turn_ended = false;
};

// One move with the turn bookkeeping: e.p. rights (§1.8), counters (D-4 / formats.md), turn end (quota,
// ends_on check, game end by king loss — §1.6 NONE and §4.3 "ends the game at once, mid-turn"), side change.
After play_move(const Variant& v, const Pos& p, const Move& m) {
  After a;
  a.pos = move_effects(v, p, m);
  Pos& q = a.pos;
  const int me = p.stm, them = 1 - me;
  const char mover = p.bd[m.board][m.from];

  // §1.8: rights created in this turn die when the double-stepper moves or leaves, or (never-occupied) when a
  // man stands on the passed square; a new two-step adds one. Rights without any possible capturer are
  // dropped.
  std::vector<int> pend;
  for (int passed : p.pend) {
    if (m.from == landing_square(passed, me) || stepper_board(q, passed, me) < 0) continue;
    if (!v.ep_empty_now && occupied_anywhere(q, passed)) continue;
    if (ep_capturer_exists(q, passed, me)) pend.push_back(passed);
  }
  if (m.double_step) {
    int passed = (m.from + m.to) / 2;
    if ((v.ep_empty_now || !occupied_anywhere(q, passed)) && ep_capturer_exists(q, passed, me))
      pend.push_back(passed);
  }
  std::sort(pend.begin(), pend.end());
  q.pend = pend;
  // §1.8 ep.when: `first` — only the first move of a turn; `marseillais-pair` — the second move may take the
  // other right only if the first move was itself an e.p. capture.
  q.ep.clear();
  if (v.ep_when == EpWhen::Pair && p.made == 0 && m.ep)
    for (int passed : p.ep)
      if (passed != m.to && ep_usable(q, passed, them)) q.ep.push_back(passed);

  // D-4 / formats.md field 5: reset on capture or pawn move; atomic-move unit counts every move, the turn
  // unit (Progressive) counts turn ends.
  if (m.capture || type_of(mover) == 'p') {
    q.half = 0;
    if (v.counter_in_turns) q.progress = true;
  } else if (!v.counter_in_turns) {
    q.half += 1;
  }

  a.gives_check = in_check(v, q, them);
  const bool game_over = !has_king(q, WHITE) || !has_king(q, BLACK);
  a.turn_ended = p.made + 1 >= quota(v, p) || game_over || (v.ends_on_check && a.gives_check);
  q.forbid.clear();
  if (a.turn_ended) {
    q.stm = them;
    q.made = 0;
    q.ep.clear();
    for (int passed : q.pend)
      if (ep_usable(q, passed, me)) q.ep.push_back(passed);
    q.pend.clear();
    if (me == BLACK) q.full += 1;
    // formats.md field 5 (turn unit): the number of complete turns without a capture or pawn move.
    if (v.counter_in_turns && !q.progress) q.half += 1;
    q.progress = false;
  } else {
    q.made = p.made + 1;
    // double-move-galvin decision 2: the second move may not restore the turn's start position (placement and
    // castling rights). Record that move, found by trying every move from here.
    if (v.forbid_null_turn && p.made == 0) {
      for (const Move& m2 : pseudo_moves(v, q)) {
        Pos r = move_effects(v, q, m2);
        if (r.bd == p.bd && r.castle == p.castle) q.forbid = uci(m2);
      }
    }
  }
  return a;
}

// ---------------------------------------------------------------------------------------------------------------
// Legality
// ---------------------------------------------------------------------------------------------------------------

bool is_king_move(const Pos& p, const Move& m) { return type_of(p.bd[m.board][m.from]) == 'k'; }

// §5.1 Alice rule 2: a king may not step into check on the board where it moves — its arrival square must not
// be attacked in the origin board's position after the move and before the transfer.
bool alice_king_steps_into_check(const Variant& v, const Pos& p, const Move& m) {
  if (!v.alice || m.castle || !is_king_move(p, m) || (m.capture && v.capture == Capture::Shoot)) return false;
  Pos t = p;
  t.bd[m.board][m.to] = t.bd[m.board][m.from];
  t.bd[m.board][m.from] = EMPTY;
  return in_check(v, t, p.stm);
}

// Legality of one move by itself (before compulsory capture and D-5, which look at the whole list):
// * own king must survive (§4.3: a move exploding the mover's own king is illegal);
// * the game ends when the enemy king is gone (§4.3 exploding the enemy king is legal even if own king is
// left
//   attacked; §3.2 king capture) — legal;
// * NONE (§1.6, Galvin): no further test;
// * OBSERVED (§1.6): after the move the mover's king is not in check (with the variant's redefinitions);
// * ITALIAN (§1.6, §3.5 progressive-italian): moreover a check-giving move must be the last of a full-quota
// turn.
bool move_is_legal(const Variant& v, const Pos& p, const Move& m, const After& a) {
  const int me = p.stm;
  if (!has_king(a.pos, me)) return false;
  if (!has_king(a.pos, 1 - me)) return true;
  if (v.regime == Regime::None) return true;
  if (alice_king_steps_into_check(v, p, m)) return false;
  if (in_check(v, a.pos, me)) return false;
  if (v.regime == Regime::Italian && a.gives_check && p.made + 1 < quota(v, p)) return false;
  return true;
}

struct Legal {
  Move move;
  After after;
};

std::vector<Legal> legal_list(const Variant& v, const Pos& p, bool complete_turn_filter = true) {
  std::vector<Legal> out;
  if (!has_king(p, p.stm)) return out;  // game over: the side to move has lost its king
  for (const Move& m : pseudo_moves(v, p)) {
    if (!p.forbid.empty() && uci(m) == p.forbid) continue;  // Galvin decision 2 (null turn)
    After a = play_move(v, p, m);
    if (move_is_legal(v, p, m, a)) out.push_back({m, std::move(a)});
  }
  // §4.1 rifle: compulsory capture among the legal moves ("legality is tested first").
  if (v.compulsory_capture &&
      std::any_of(out.begin(), out.end(), [](const Legal& l) { return l.move.capture; }))
    std::erase_if(out, [](const Legal& l) { return !l.move.capture; });
  // D-5 complete-turn principle: at the first move of a 2-move turn, a move that neither ends the turn
  // (check, king loss) nor leaves a legal second move is illegal. If that removes every move, no complete
  // turn exists and the position is over (empty list).
  if (complete_turn_filter && v.complete_turn && p.made == 0 && quota(v, p) == 2)
    std::erase_if(out, [&](const Legal& l) {
      return !l.after.turn_ended && legal_list(v, l.after.pos, false).empty();
    });
  return out;
}

std::uint64_t perft_pos(const Variant& v, const Pos& p, int depth) {
  if (depth <= 0) return 1;
  std::vector<Legal> list = legal_list(v, p);
  if (depth == 1) return list.size();
  std::uint64_t n = 0;
  for (const Legal& l : list) n += perft_pos(v, l.after.pos, depth - 1);
  return n;
}

// §1.5 / D-5 / D-8 game end for the side to move.
std::string outcome_pos(const Variant& v, const Pos& p) {
  if (!has_king(p, p.stm)) return "king-captured";
  if (!legal_list(v, p).empty()) return "ongoing";
  if (p.made > 0 || v.regime == Regime::None) return "stalemate";  // progressive stalemate; Galvin draw
  // checkmate: in check at the start of the turn and no legal first move (D-5 never counts toward this test)
  if (in_check(v, p, p.stm) && legal_list(v, p, false).empty()) return "checkmate";
  return "stalemate";
}

// ---------------------------------------------------------------------------------------------------------------
// Extended FEN (docs/formats.md)
// ---------------------------------------------------------------------------------------------------------------

[[noreturn]] void bad_fen(const std::string& fen, const std::string& why) {
  throw std::invalid_argument("bad FEN (" + why + "): " + fen);
}

int parse_square(const std::string& s, const std::string& fen) {
  if (s.size() != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8') bad_fen(fen, "square " + s);
  return (s[1] - '1') * 8 + (s[0] - 'a');
}

std::vector<int> parse_square_list(const std::string& s, const std::string& fen, int owner) {
  std::vector<int> out;
  if (s == "-") return out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ',')) {
    int sq = parse_square(item, fen);
    if (rank_of(sq) != (owner == WHITE ? 2 : 5)) bad_fen(fen, "e.p. square " + item);
    out.push_back(sq);
  }
  std::sort(out.begin(), out.end());
  return out;
}

Pos parse_fen(const Variant& v, const std::string& fen) {
  std::istringstream in(fen);
  std::vector<std::string> f;
  for (std::string w; in >> w;) f.push_back(w);
  if (f.size() < 4) bad_fen(fen, "fewer than 4 fields");
  Pos p;
  p.nboards = v.alice ? 2 : 1;
  p.bd[0].fill(EMPTY);
  p.bd[1].fill(EMPTY);
  // field 1: placement; `|` marks a man on board B; 16-file ranks are the side-by-side form (files i–p =
  // board B)
  std::vector<std::string> ranks;
  {
    std::stringstream ss(f[0]);
    for (std::string r; std::getline(ss, r, '/');) ranks.push_back(r);
  }
  if (ranks.size() != 8) bad_fen(fen, "need 8 ranks");
  int width = -1;
  for (int i = 0; i < 8; ++i) {
    const std::string& rs = ranks[i];
    const int rank = 7 - i;
    int file = 0;
    bool on_b = false;
    std::vector<std::pair<int, char>> men;  // (column, piece) with column >= 16 meaning board B via `|`
    for (size_t k = 0; k < rs.size(); ++k) {
      char c = rs[k];
      if (std::isdigit(static_cast<unsigned char>(c))) {
        if (on_b) bad_fen(fen, "`|` before a digit");
        int n = 0;
        while (k < rs.size() && std::isdigit(static_cast<unsigned char>(rs[k]))) n = n * 10 + (rs[k++] - '0');
        --k;
        if (n == 0) bad_fen(fen, "zero run");
        file += n;
      } else if (c == '|') {
        if (!v.alice || on_b) bad_fen(fen, "`|` outside Alice");
        on_b = true;
      } else if (std::string("kqrbnpKQRBNP").find(c) != std::string::npos) {
        men.push_back({file + (on_b ? 100 : 0), c});
        on_b = false;
        ++file;
      } else {
        bad_fen(fen, std::string("character ") + c);
      }
    }
    if (on_b) bad_fen(fen, "dangling `|`");
    if (width < 0) width = file;
    if (file != width || (width != 8 && width != 16) || (width == 16 && !v.alice)) bad_fen(fen, "rank width");
    for (auto [col, c] : men) {
      int board = col >= 100 ? 1 : (col >= 8 ? 1 : 0);
      if (col >= 100 && width == 16) bad_fen(fen, "`|` in the 16-file form");
      int file_ = (col >= 100 ? col - 100 : col) % 8;
      p.bd[board][rank * 8 + file_] = c;
    }
  }
  for (int s = 0; s < 64; ++s)
    if (p.bd[0][s] != EMPTY && p.bd[1][s] != EMPTY) bad_fen(fen, "square occupied on both boards");
  // field 2
  if (f[1] != "w" && f[1] != "b") bad_fen(fen, "side to move");
  p.stm = f[1] == "w" ? WHITE : BLACK;
  // field 3: castling; rights whose king and rook are not both at home on one board are dropped
  if (f[2] != "-") {
    for (char c : f[2]) {
      size_t i = std::string("KQkq").find(c);
      if (i == std::string::npos) bad_fen(fen, "castling field");
      p.castle[i] = true;
    }
  }
  for (int i = 0; i < 4; ++i) {
    const CastleSpec& cs = castle_specs()[i];
    bool home = false;
    for (int b = 0; b < p.nboards; ++b)
      home = home || (p.bd[b][cs.king_from] == make_piece('k', cs.color) &&
                      p.bd[b][cs.rook_from] == make_piece('r', cs.color));
    p.castle[i] = p.castle[i] && home;
  }
  // field 4: e.p. passed squares (owner = the side not to move); kept only while usable (formats.md)
  for (int passed : parse_square_list(f[3], fen, 1 - p.stm))
    if (ep_usable(p, passed, 1 - p.stm)) p.ep.push_back(passed);
  // fields 5, 6 (optional in some suites)
  size_t k = 4;
  auto is_number = [](const std::string& s) {
    return !s.empty() && std::all_of(s.begin(), s.end(),
                                     [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
  };
  if (k < f.size() && is_number(f[k])) p.half = std::stoi(f[k++]);
  if (k < f.size() && is_number(f[k])) p.full = std::stoi(f[k++]);
  if (p.full < 1) bad_fen(fen, "full-move number");
  for (; k < f.size(); ++k) {
    const std::string& t = f[k];
    if (t.rfind("made=", 0) == 0 && is_number(t.substr(5))) {
      p.made = std::stoi(t.substr(5));
    } else if (t.rfind("pend=", 0) == 0) {
      for (int passed : parse_square_list(t.substr(5), fen, p.stm))
        if (stepper_board(p, passed, p.stm) >= 0 && ep_capturer_exists(p, passed, p.stm))
          p.pend.push_back(passed);
    } else if (t == "progress=1") {
      p.progress = true;
    } else if (t.rfind("forbid=", 0) == 0 && t.size() >= 11) {
      p.forbid = t.substr(7);
    } else {
      bad_fen(fen, "token " + t);
    }
  }
  if (p.made >= quota(v, p)) bad_fen(fen, "made= not below the quota");
  return p;
}

std::string join_squares(const std::vector<int>& v) {
  std::string s;
  for (int sq : v) {
    if (!s.empty()) s += ',';
    s += square_name(sq);
  }
  return s.empty() ? "-" : s;
}

std::string write_fen(const Pos& p) {
  std::string s;
  for (int rank = 7; rank >= 0; --rank) {
    int run = 0;
    for (int file = 0; file < 8; ++file) {
      int sq = rank * 8 + file;
      char c = p.bd[0][sq];
      bool on_b = false;
      if (c == EMPTY && p.nboards == 2 && p.bd[1][sq] != EMPTY) {
        c = p.bd[1][sq];
        on_b = true;
      }
      if (c == EMPTY) {
        ++run;
        continue;
      }
      if (run) s += std::to_string(run);
      run = 0;
      if (on_b) s += '|';
      s += c;
    }
    if (run) s += std::to_string(run);
    if (rank) s += '/';
  }
  s += p.stm == WHITE ? " w " : " b ";
  std::string c;
  for (int i = 0; i < 4; ++i)
    if (p.castle[i]) c += "KQkq"[i];
  s += c.empty() ? "-" : c;
  std::ostringstream out;
  out << s << ' ' << join_squares(p.ep) << ' ' << p.half << ' ' << p.full;
  if (p.made) out << " made=" << p.made;
  if (!p.pend.empty()) out << " pend=" << join_squares(p.pend);
  if (p.progress) out << " progress=1";
  if (!p.forbid.empty()) out << " forbid=" << p.forbid;
  return out.str();
}

}  // namespace

std::vector<std::string> legal_moves(const std::string& variant, const std::string& fen) {
  Variant v = parse_variant(variant);
  std::vector<std::string> out;
  for (const Legal& l : legal_list(v, parse_fen(v, fen))) out.push_back(uci(l.move));
  return out;
}

std::string play(const std::string& variant, const std::string& fen, const std::string& move) {
  Variant v = parse_variant(variant);
  for (const Legal& l : legal_list(v, parse_fen(v, fen)))
    if (uci(l.move) == move) return write_fen(l.after.pos);
  throw std::invalid_argument("illegal move " + move + " in " + fen + " (" + variant + ")");
}

std::uint64_t perft(const std::string& variant, const std::string& fen, int depth) {
  Variant v = parse_variant(variant);
  return perft_pos(v, parse_fen(v, fen), depth);
}

std::string outcome(const std::string& variant, const std::string& fen) {
  Variant v = parse_variant(variant);
  return outcome_pos(v, parse_fen(v, fen));
}

std::string normalize_fen(const std::string& variant, const std::string& fen) {
  Variant v = parse_variant(variant);
  return write_fen(parse_fen(v, fen));
}

}  // namespace hc::reference
