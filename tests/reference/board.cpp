// One move of the reference generator: attack (§1.3), check (§1.5), paralysis (§4.6), pseudo-legal moves
// (geometry, occupancy, castling D-1, e.p. §1.8, Alice §5.1) and the physical effects of a move (§1.9 capture
// rules, promotion D-2, Alice transfer §1.7). Nothing here knows about turns.
#include <algorithm>
#include <cstdlib>
#include <iterator>

#include "model.hpp"

namespace hc::reference::detail {

std::string square_name(int s) {
  return std::string{static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

std::string uci(const Move& m) {
  if (m.stop) return "0000";                                         // turn spec: the voluntary stop
  if (m.fire) return square_name(m.from) + "^" + square_name(m.to);  // formats.md: a missile shot
  std::string s = square_name(m.from) + square_name(m.to);
  if (m.promo) s += m.promo;
  if (m.shot >= 0) s += '^', s += square_name(m.shot);  // formats.md: a capture's follow-up shot
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
    case 'f':  // fers: one square diagonally
      return std::abs(df) == 1 && std::abs(dr) == 1;
    case 'a':  // alfil: exactly two squares diagonally, whatever stands between
      return std::abs(df) == 2 && std::abs(dr) == 2;
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

// §4.4 moss, IMITATION: "a man captures an enemy man only by making, from its own square, a move of the
// victim's type onto the victim (line pieces need a clear path; knight leaps; king one step)"; a pawn victim
// "only by a one-square forward diagonal step (forward for the capturer)". So: the man on `from`, were it of
// the victim's type (its own colour), would attack `to`.
bool imitates(const Board& b, int from, int to) {
  if (b[from] == EMPTY || b[to] == EMPTY) return false;
  Board t = b;
  t[from] = make_piece(type_of(b[to]), color_of(b[from]));
  return attacks(t, from, to);
}

// §1.3 with the capture rule's pattern: the man on `from` could capture the man on `to` (the target-dependent
// attack of Moss, §1.3; else the orthodox attack).
bool may_capture_on(const Variant& v, const Board& b, int from, int to) {
  return v.imitation ? imitates(b, from, to) : attacks(b, from, to);
}

// §4.3 butting: does the man on `from` butt? capricorn: "the rooks are Capricorns" (they alone butt);
// butters: "every man captures only by butting".
static bool butts(const Variant& v, char man) {
  return v.butting == Butting::EveryMan || (v.butting == Butting::Capricorns && type_of(man) == 'c');
}

// A move of the man on `from` to the empty square `to` on its board (no capture): capricorns "move like rooks
// to empty squares only"; butters' pawns move "straight ahead" (one step, or two from the second rank over an
// empty square); every other man by its own move, lines blocked by any man.
static bool moves_to(const Variant& v, const Board& b, int from, int to) {
  if (b[to] != EMPTY || from == to) return false;
  const char man = b[from];
  if (type_of(man) == 'p') {
    const int dir = color_of(man) == WHITE ? 1 : -1;
    if (file_of(to) != file_of(from)) return false;
    if (rank_of(to) == rank_of(from) + dir) return true;
    return !v.no_double_step && rank_of(from) == (color_of(man) == WHITE ? 1 : 6) &&
           rank_of(to) == rank_of(from) + 2 * dir && b[from + 8 * dir] == EMPTY;
  }
  Board t = b;
  if (type_of(man) == 'c') t[from] = make_piece('r', color_of(man));
  return attacks(t, from, to);
}

// §1.3 butting: "a square is attacked by a butter if the butter can move to a vacant square adjacent to it".
// Alice (§1.7): the move must find its arrival square vacant on the other board too (composition decision,
// docs/rules/capricorn.md).
static bool butting_reach(const Variant& v, const Pos& p, int board, int from, int sq) {
  const Board& b = p.bd[board];
  for (int t = 0; t < 64; ++t) {
    if (std::max(std::abs(file_of(t) - file_of(sq)), std::abs(rank_of(t) - rank_of(sq))) != 1) continue;
    if (v.alice && p.bd[1 - board][t] != EMPTY) continue;
    if (moves_to(v, b, from, t)) return true;
  }
  return false;
}

// §1.3 attack by the man on `from` of the square `sq`: butting reach for a man that butts, else its capture
// pattern.
static bool attacks_square(const Variant& v, const Pos& p, int board, int from, int sq) {
  if (butts(v, p.bd[board][from])) return butting_reach(v, p, board, from, sq);
  // one-two: a White pawn cannot capture onto rank 8, so it attacks nothing there
  if (v.white_pawns_stop_short && p.bd[board][from] == 'P' && rank_of(sq) == 7) return false;
  // progressive-forwards: "men attack only in the directions they may move … nothing attacks backwards"
  if (v.forwards && type_of(p.bd[board][from]) != 'p' &&
      (rank_of(sq) - rank_of(from)) * (color_of(p.bd[board][from]) == WHITE ? 1 : -1) < 0)
    return false;
  return may_capture_on(v, p.bd[board], from, sq);
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
bool pawn_attacks_passed_square(const Pos& p, int passed, int owner) {
  int b = stepper_board(p, passed, owner);
  if (b < 0) return false;
  for (int s = 0; s < 64; ++s)
    if (p.bd[b][s] == make_piece('p', 1 - owner) && attacks(p.bd[b], s, passed)) return true;
  return false;
}

// Ekström (§4.5): "the e.p. capture ... may be made by any man (not only a pawn) that attacks the passed
// square". Kings that never capture (kamikaze, atomic) take nothing e.p. either.
static bool may_take_ep(const Variant& v, char man) {
  if (type_of(man) == 'p') return true;
  if (!v.ep_any_man) return false;
  return type_of(man) != 'k' || !(v.capture == Capture::Kamikaze || v.capture == Capture::Explosion);
}

// The man on `from` would take the double-stepped pawn on `passed` (its capture pattern against a pawn):
// under moss (§4.4) "any man may capture a pawn, but only by a one-square forward diagonal step (forward for
// the capturer)", elsewhere its own attack.
static bool takes_pawn_on(const Variant& v, const Board& b, int from, int passed) {
  if (!v.imitation) return attacks(b, from, passed);
  Board t = b;
  t[from] = make_piece('p', color_of(b[from]));
  return attacks(t, from, passed);
}

// Some enemy man that may take e.p. attacks the passed square on the double-stepper's board.
bool ep_capturer_exists(const Variant& v, const Pos& p, int passed, int owner) {
  if (v.empty_squares_only) return false;  // no man captures by moving: nobody takes e.p.
  int b = stepper_board(p, passed, owner);
  if (b < 0) return false;
  for (int s = 0; s < 64; ++s)
    if (color_of(p.bd[b][s]) == 1 - owner && may_take_ep(v, p.bd[b][s]) &&
        takes_pawn_on(v, p.bd[b], s, passed))
      return true;
  return false;
}

// A right the next move could use: stepper in place, passed square empty (on every board), a capturer
// present.
bool ep_usable(const Variant& v, const Pos& p, int passed, int owner) {
  return !occupied_anywhere(p, passed) && ep_capturer_exists(v, p, passed, owner);
}

// §4.6 madras: a man other than a king is paralysed while observed (§1.4 = attacked) by an enemy man of the
// same type on the same board. E.p. decision "both inert": in the position where a side may capture e.p. (the
// rights in p.ep), the double-stepped pawn and each enemy pawn attacking the passed square are paralysed.
static bool paralysed(const Variant& v, const Pos& p, int board, int sq) {
  if (!v.madras) return false;
  const Board& b = p.bd[board];
  char c = b[sq];
  if (c == EMPTY || type_of(c) == 'k') return false;
  for (int s = 0; s < 64; ++s)
    if (b[s] == make_piece(type_of(c), 1 - color_of(c)) && attacks(b, s, sq)) return true;
  if (type_of(c) != 'p') return false;
  int owner = 1 - p.stm;  // owner of the double-stepped pawns the side to move may take e.p.
  for (int passed : p.ep) {
    if (stepper_board(p, passed, owner) != board || !pawn_attacks_passed_square(p, passed, owner)) continue;
    if (sq == landing_square(passed, owner) && color_of(c) == owner) return true;  // the double-stepper
    if (color_of(c) == p.stm && attacks(b, sq, passed)) return true;               // an e.p.-capable pawn
  }
  return false;
}

// §1.5 + capture-rule redefinitions: may the man on (board, sq) give check at all?
// kamikaze/atomic: kings never capture, so they attack nothing (§4.5, §4.3). madras: paralysed men give no
// check.
static bool can_check(const Variant& v, const Pos& p, int board, int sq) {
  char c = p.bd[board][sq];
  if (type_of(c) == 'k' && v.goal.royal_king &&
      (v.capture == Capture::Kamikaze || v.capture == Capture::Explosion))
    return false;
  return !paralysed(v, p, board, sq);
}

// §1.5 In check: a royal king of `color` (D-6: any of them) is attacked by an enemy man on its own board
// (§5.1: only men on the same board) that is able to attack. Atomic (§4.3): no check while the kings are
// adjacent, nor when the enemy has no king.
bool in_check(const Variant& v, const Pos& p, int color) {
  if (!v.goal.royal_king) return false;  // §1.1: a king that is not royal is an ordinary man, never in check
  // §1.6 NONE: no check, the king is captured; but swarm's "a side in check must get out of check with its
  // first move" names the orthodox check
  if (v.regime == Regime::None && !v.escape_first_move) return false;
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
      // Moss (§4.4): "a king is attacked by every enemy man adjacent to it" (may_capture_on). Bicolour
      // (§4.8): "attacked by any man of either colour (own pawns attack in their own forward direction)".
      // Tylor (§4.8): "an own man checks its own king only if that king or that man has already moved".
      const bool king_moved = p.has_moved.count(place(b, k)) > 0;
      for (int s = 0; s < 64; ++s) {
        const bool own_may_check =
            !v.own_check_once_moved || king_moved || p.has_moved.count(place(b, s)) > 0;
        const bool giver =
            color_of(bd[s]) == 1 - color || (v.self_check && color_of(bd[s]) == color && own_may_check);
        // king-and-pawns (§3.3): "the White king cannot check the Black king"
        if (v.white_king_never_checks && bd[s] == 'K') continue;
        // king-and-pawns-gik: a 2-step path of the White king to the Black king through a square that is
        // empty or holds a Black man (the 1-step path is its ordinary attack, below)
        if (v.white_king_checks_in_two && bd[s] == 'K' && color == BLACK) {
          const int df = std::abs(file_of(s) - file_of(k)), dr = std::abs(rank_of(s) - rank_of(k));
          if (std::max(df, dr) == 2)
            for (int m = 0; m < 64; ++m) {
              const bool next_to_both =
                  std::max(std::abs(file_of(m) - file_of(s)), std::abs(rank_of(m) - rank_of(s))) == 1 &&
                  std::max(std::abs(file_of(m) - file_of(k)), std::abs(rank_of(m) - rank_of(k))) == 1;
              if (next_to_both && (bd[m] == EMPTY || color_of(bd[m]) == BLACK)) return true;
            }
        }
        if (giver && s != k && attacks_square(v, p, b, s, k) && can_check(v, p, b, s)) return true;
      }
    }
  }
  if (v.two_move_threat && color != v.double_mover && has_king(p, color)) {
    // monster, imperatore (§1.3): "the single-mover's king is 'attacked' if the double-mover could capture it
    // within one complete turn" — a capture now (above), or any first move of his (pseudo-legal: the turn
    // would end with the king's capture) after which one of his men attacks it. His e.p. captures only where
    // he is to move at the start of his turn (the rights are his then); castling is not counted (decision:
    // the double-movers have no rooks).
    Pos q = p;
    q.stm = v.double_mover;
    if (!(p.stm == v.double_mover && p.made == 0)) q.ep.clear();
    q.castle = {};
    Variant plain = v;
    plain.two_move_threat = false;
    q.made = 0;
    q.quota = 2;  // a complete turn of his (one-two: the king's journey takes the king at once)
    if (v.capture != Capture::Displacement) {
      // monster+atomic (§4.3 with §1.3): "capture" is whatever removes a man, so every complete turn of his
      // is played on copies — two pseudo-legal moves, or one that already removes the king — and the king is
      // attacked if one of them removes it. "A move whose explosion removes the mover's own king is illegal":
      // such a move is no part of his turn (so the king is safe from an explosion that takes both kings,
      // which is §4.3's "not in check while the two kings are adjacent" for one move, but not from one made
      // after his king has stepped away). His second move takes no e.p. (ep.when = first).
      const int me = v.double_mover;
      for (const Move& m : pseudo_moves(plain, q)) {
        if (m.castle) continue;
        const Pos once = move_effects(plain, q, m);
        if (!has_king(once, me)) continue;
        if (!has_king(once, color)) return true;
        Pos second = once;
        second.made = 1;
        second.ep.clear();
        for (const Move& m2 : pseudo_moves(plain, second)) {
          if (m2.castle) continue;
          const Pos twice = move_effects(plain, second, m2);
          if (has_king(twice, me) && !has_king(twice, color)) return true;
        }
      }
      return false;
    }
    for (const Move& m : pseudo_moves(plain, q)) {
      if (m.capture && q.bd[m.board][m.to] == make_piece('k', color)) return true;
      // one-two's journey uses both moves of the turn: no capture can follow it
      const bool journey =
          type_of(q.bd[m.board][m.from]) == 'k' && !m.castle &&
          std::max(std::abs(file_of(m.from) - file_of(m.to)), std::abs(rank_of(m.from) - rank_of(m.to))) == 2;
      if (!journey && in_check(plain, move_effects(plain, q, m), color)) return true;
    }
  }
  return false;
}

// progressive-late-mate: "own-king regime END-OF-TURN for a side that starts in check; OBSERVED otherwise".
bool end_of_turn_series(const Variant& v, const Pos& p) {
  if (v.regime == Regime::EndOfTurn) return true;
  if (v.regime != Regime::EndOfTurnIfChecked) return false;
  return p.made == 0 ? in_check(v, p, p.stm) : p.began_in_check;
}

// §1.3 attack by a man of colour `by` on `sq` of `board`, paralysis ignored (scottish-modern's "a square
// attacked by an enemy man"); kamikaze/atomic kings capture nothing and so attack nothing (§4.5, §4.3).
bool square_attacked_by(const Variant& v, const Pos& p, int board, int sq, int by) {
  const Board& bd = p.bd[board];
  for (int s = 0; s < 64; ++s) {
    if (color_of(bd[s]) != by || !attacks_square(v, p, board, s, sq)) continue;
    if (type_of(bd[s]) == 'k' && v.goal.royal_king &&
        (v.capture == Capture::Kamikaze || v.capture == Capture::Explosion))
      continue;
    return true;
  }
  return false;
}

// §1.10 goals, in the entries' words.
int goal_result(const Variant& v, const Pos& p) {
  auto count = [&](int color, char type) {
    int n = 0;
    for (int b = 0; b < p.nboards; ++b)
      for (char c : p.bd[b])
        if (color_of(c) == color && (type == 0 || type_of(c) == type)) ++n;
    return n;
  };
  auto pawn_on_last_rank = [&](int color) {
    for (int b = 0; b < p.nboards; ++b)
      for (int f = 0; f < 8; ++f)
        if (p.bd[b][(color == WHITE ? 7 : 0) * 8 + f] == make_piece('p', color)) return true;
    return false;
  };
  const bool white_none = count(WHITE, 0) == 0, black_none = count(BLACK, 0) == 0;
  switch (v.goal.win) {
    case Win::Checkmate:
      return -2;
    case Win::Annihilation:  // progressive-take-all: "a side with no men loses"
      if (white_none && black_none) return -1;
      return white_none ? BLACK : black_none ? WHITE : -2;
    case Win::LoseAllMen:  // marseillais-losing: "a player who has lost all his men ... wins"
      if (white_none && black_none) return -1;
      return white_none ? WHITE : black_none ? BLACK : -2;
    case Win::PromotionRace: {  // "win: the first pawn to reach the last rank"; "no pawns left: draw"
      const bool w = pawn_on_last_rank(WHITE), b = pawn_on_last_rank(BLACK);
      if (w || b) return w && b ? -1 : w ? WHITE : BLACK;
      return count(WHITE, 'p') == 0 || count(BLACK, 'p') == 0 ? -1 : -2;
    }
  }
  return -2;
}

// ---------------------------------------------------------------------------------------------------------------
// Pseudo-legal moves (geometry, occupancy, paralysis, castling conditions)
// ---------------------------------------------------------------------------------------------------------------

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
static void add_castling(const Variant& v, const Pos& p, std::vector<Move>& out) {
  for (int i = 0; i < 4; ++i) {
    const CastleSpec& cs = castle_specs()[i];
    if (!p.castle[i] || cs.color != p.stm) continue;
    for (int b = 0; b < p.nboards; ++b) {
      const Board& bd = p.bd[b];
      if (bd[cs.king_from] != make_piece('k', p.stm) || bd[cs.rook_from] != make_piece(v.rook(), p.stm))
        continue;
      bool ok = std::all_of(cs.empty.begin(), cs.empty.end(), [&](int s) { return bd[s] == EMPTY; });
      if (!ok || paralysed(v, p, b, cs.rook_from)) continue;
      if (v.regime != Regime::None && !end_of_turn_series(v, p)) {  // D-1: END-OF-TURN drops them too
        if (in_check(v, p, p.stm)) continue;
        for (int s : cs.king_path) {
          Pos t = p;
          t.bd[b][cs.king_from] = EMPTY;
          t.bd[b][s] = make_piece('k', p.stm);
          if (t.has_moved.erase(place(b, cs.king_from))) t.has_moved.insert(place(b, s));  // still the king
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

// §1.9 capture: a man of `me` may capture the man `victim`: an enemy man; reform-tabi (§4.7) "a man may also
// capture its own men" — but not its own king (it is royal: a move removing it is never legal).
static bool may_take(const Variant& v, int me, char victim) {
  if (color_of(victim) != me) return true;
  return v.own_men && type_of(victim) != 'k';
}

// Ekström (§4.5): a piece that attacks a usable passed square on its board takes the double-stepped pawn e.p.
// by moving there; the plain move to that square becomes this capture.
static void add_piece_ep(const Variant& v, const Pos& p, std::vector<Move>& out) {
  if (!v.ep_any_man) return;
  for (int passed : p.ep) {
    const int b = stepper_board(p, passed, 1 - p.stm);
    if (b < 0 || occupied_anywhere(p, passed)) continue;
    for (int s = 0; s < 64; ++s) {
      const char c = p.bd[b][s];
      if (color_of(c) != p.stm || type_of(c) == 'p' || paralysed(v, p, b, s)) continue;
      if (!may_take_ep(v, c) || !takes_pawn_on(v, p.bd[b], s, passed)) continue;
      std::erase_if(out, [&](const Move& m) { return m.board == b && m.from == s && m.to == passed; });
      Move m;
      m.board = b;
      m.from = s;
      m.to = passed;
      m.capture = true;
      m.ep = true;
      out.push_back(m);
    }
  }
}

// §4.1 missile: "Instead of moving, a man holding its missile may fire it at an enemy man on a square it
// could capture orthodoxly; the target is removed, the firer stays, the missile is spent." Decision: "pawn
// missiles fire at pawn-capture squares and may be used e.p." — the e.p. shot names the passed square. A king
// fires at any adjacent enemy man (it does not move, so the target's defence does not matter).
static void add_missile_shots(const Variant& v, const Pos& p, std::vector<Move>& out) {
  if (!v.missiles) return;
  for (int b = 0; b < p.nboards; ++b)
    for (int s = 0; s < 64; ++s) {
      const char c = p.bd[b][s];
      if (color_of(c) != p.stm || !p.missiles.count(place(b, s)) || paralysed(v, p, b, s)) continue;
      for (int to = 0; to < 64; ++to) {
        Move m;
        m.board = b;
        m.from = s;
        m.to = to;
        m.fire = true;
        m.capture = true;
        if (type_of(c) == 'p') {
          const int dir = p.stm == WHITE ? 1 : -1;
          if (rank_of(to) != rank_of(s) + dir || std::abs(file_of(to) - file_of(s)) != 1) continue;
          if (color_of(p.bd[b][to]) == 1 - p.stm) {
            out.push_back(m);
          } else if (p.bd[b][to] == EMPTY && std::find(p.ep.begin(), p.ep.end(), to) != p.ep.end() &&
                     stepper_board(p, to, 1 - p.stm) == b) {
            m.ep = true;
            out.push_back(m);
          }
        } else if (color_of(p.bd[b][to]) == 1 - p.stm && attacks(p.bd[b], s, to)) {
          out.push_back(m);
        }
      }
    }
}

// §4.7 suicide-piece-removal: "instead of moving a player may remove one of his own men (never the king) from
// the board; the removal is his move and must not leave his king in check" (tested like any move).
static void add_removals(const Variant& v, const Pos& p, std::vector<Move>& out) {
  if (!v.removal) return;
  for (int b = 0; b < p.nboards; ++b)
    for (int s = 0; s < 64; ++s)
      if (color_of(p.bd[b][s]) == p.stm && type_of(p.bd[b][s]) != 'k') {
        Move m;
        m.board = b;
        m.from = m.to = s;
        m.removal = true;
        out.push_back(m);
      }
}

// §4.5 goliath: "after a displacement capture the capturing man may (optionally) make one further capture
// without moving, shooting an enemy man it attacks from its new square (Rifle-style). The king may never be
// shot." Decisions: pawns and kings shoot too; "after a promotion capture, the new piece shoots with its own
// powers"; "e.p. captures may be followed by a shot". The attack is §1.3's, in the position after the
// capture. Composition decision (docs/variants.md `follow_up_shot`): no shot after a capture that passes to
// the other Alice board.
static void add_goliath_shots(const Variant& v, const Pos& p, std::vector<Move>& out) {
  if (!v.goliath || v.alice) return;
  const std::size_t n = out.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Move m = out[i];
    if (!m.capture || m.fire || m.removal) continue;
    const Board after = move_effects(v, p, m).bd[m.board];
    for (int s = 0; s < 64; ++s)
      if (color_of(after[s]) == 1 - p.stm && type_of(after[s]) != 'k' && attacks(after, m.to, s)) {
        Move shot = m;
        shot.shot = s;
        out.push_back(shot);
      }
  }
}

// §4.1 rapid-fire: "a shooting move removes every enemy man the shooter attacks at that moment": the shots of
// one man are one move (written with its lowest target square, formats.md).
static void merge_volleys(const Variant& v, std::vector<Move>& out) {
  if (!v.volley) return;
  std::vector<Move> kept;
  for (const Move& m : out) {
    if (!m.capture) {
      kept.push_back(m);
      continue;
    }
    bool lower = false;
    for (const Move& o : out) lower |= o.capture && o.board == m.board && o.from == m.from && o.to < m.to;
    if (!lower) kept.push_back(m);
  }
  out = kept;
}

static void add_pawn_move(const Variant& v, Move m, bool last_rank, std::vector<Move>& out) {
  // D-2 promotion to Q, R, B or N (and K where "pawns may also promote to king"); a Rifle pawn shot does not
  // move the pawn and never promotes (§4.1). kamikaze-promotion-race: "win: the first pawn to reach the last
  // rank" — the game ends on arrival, so the pawn stays a pawn there (no choice).
  if (last_rank && !(m.capture && v.capture == Capture::Shoot) && v.goal.win != Win::PromotionRace) {
    std::string set = v.promotions.empty() ? std::string{'q', v.rook(), 'b', 'n'} : v.promotions;
    set += 'k';
    for (char pr : set) {  // capricorn: "C for R" (decision: promotion to C)
      if (pr == 'k' && !v.goal.king_promotion) continue;
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
        } else if (may_take(v, me, bd[to]) && may_capture && !v.empty_squares_only &&
                   !v.imitation) {  // moss: captures below
          m.capture = true;
          out.push_back(m);
        }
      };
      const char t = type_of(c);
      // Kings never capture in kamikaze (§4.5) and atomic (§4.3); in rifle they shoot adjacent men (§4.1).
      // kamikaze-promotion-race: "a king may capture, dying in the act" (a king that is not royal).
      const bool king_captures =
          !v.goal.royal_king || !(v.capture == Capture::Kamikaze || v.capture == Capture::Explosion);
      if (v.imitation && (t != 'k' || king_captures)) {
        // §4.4 moss: every capture is the victim's move made from here (imitates); "a pawn may capture any
        // non-pawn by imitation in any direction, including backwards and even onto its own first rank"; "a
        // pawn reaching its last rank by any capture promotes".
        for (int to = 0; to < 64; ++to) {
          if (bd[to] == EMPTY || !may_take(v, me, bd[to]) || !imitates(bd, s, to)) continue;
          Move m;
          m.board = b;
          m.from = s;
          m.to = to;
          m.capture = true;
          if (t == 'p')
            add_pawn_move(v, m, rank_of(to) == (me == WHITE ? 7 : 0), out);
          else
            out.push_back(m);
        }
      }
      if (t == 'p') {
        const int dir = me == WHITE ? 1 : -1;
        const int start = me == WHITE ? 1 : 6, last = me == WHITE ? 7 : 0;
        const int r1 = r + dir;
        if (r1 < 0 || r1 > 7) continue;
        // one-two: "a White pawn cannot move or capture onto rank 8"
        if (v.white_pawns_stop_short && me == WHITE && r1 == last) continue;
        Move m;
        m.board = b;
        m.from = s;
        if (bd[r1 * 8 + f] == EMPTY) {
          m.to = r1 * 8 + f;
          add_pawn_move(v, m, r1 == last, out);
          // logical-progressive: no pawn two-step
          if (!v.no_double_step && r == start && bd[(r + 2 * dir) * 8 + f] == EMPTY) {
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
          if (v.empty_squares_only) continue;  // spite: "pawns: forward moves only"
          if (bd[x.to] != EMPTY && may_take(v, me, bd[x.to]) && !v.imitation) {
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
      } else if (t == 'n' || t == 'k' || t == 'f' || t == 'a') {
        for (int to = 0; to < 64; ++to) {
          const int df = std::abs(file_of(to) - f), dr = std::abs(rank_of(to) - r);
          const bool step = t == 'n'   ? (df * dr == 2)
                            : t == 'k' ? (std::max(df, dr) == 1)
                            : t == 'f' ? (df == 1 && dr == 1)   // fers
                                       : (df == 2 && dr == 2);  // alfil: a leap, nothing blocks it
          if (step) target(to, t != 'k' || king_captures, true);
        }
        // one-two: the White king's journey of two squares over a square holding a White pawn, using both
        // moves of the turn (so only as its first move, with two moves due)
        if (t == 'k' && v.white_king_journey && me == WHITE && p.made == 0 && p.quota >= 2)
          for (int to = 0; to < 64; ++to) {
            if (std::max(std::abs(file_of(to) - f), std::abs(rank_of(to) - r)) != 2) continue;
            bool over_pawn = false;
            for (int mid = 0; mid < 64; ++mid)
              over_pawn |=
                  bd[mid] == 'P' && std::max(std::abs(file_of(mid) - f), std::abs(rank_of(mid) - r)) == 1 &&
                  std::max(std::abs(file_of(mid) - file_of(to)), std::abs(rank_of(mid) - rank_of(to))) == 1;
            if (over_pawn) target(to, true, true);
          }
      } else {
        std::vector<std::pair<int, int>> dirs;
        if (t == 'b' || t == 'q') dirs.insert(dirs.end(), {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}});
        if (t == 'r' || t == 'q' || t == 'c') dirs.insert(dirs.end(), {{1, 0}, {-1, 0}, {0, 1}, {0, -1}});
        for (auto [dfl, drk] : dirs) {
          for (int ff = f + dfl, rr = r + drk; ff >= 0 && ff < 8 && rr >= 0 && rr < 8; ff += dfl, rr += drk) {
            target(rr * 8 + ff, t != 'c', true);  // capricorns "never capture by displacement"
            if (bd[rr * 8 + ff] != EMPTY) break;
          }
        }
      }
    }
  }
  // progressive-forwards: "no man may move backwards" (forward = towards the opponent); after a sideways
  // move without capture the next move must be a forward one.
  if (v.forwards)
    std::erase_if(out, [&](const Move& m) {
      const int ahead = (rank_of(m.to) - rank_of(m.from)) * (me == WHITE ? 1 : -1);
      return ahead < 0 || (ahead == 0 && p.forward_due);
    });
  add_castling(v, p, out);
  add_piece_ep(v, p, out);
  add_missile_shots(v, p, out);
  add_removals(v, p, out);
  add_goliath_shots(v, p, out);
  merge_volleys(v, out);
  if (v.alice) {
    // §1.7 / §5.1: the arrival square (castling: king's and rook's) must be vacant on the other board.
    std::erase_if(out, [&](const Move& m) {
      const Board& other = p.bd[1 - m.board];
      // A shot is the shooter's move: it stays on its square, and that square is its arrival (composition
      // decision, docs/rules/alice.md).
      if (m.capture && v.capture == Capture::Shoot) return other[m.from] != EMPTY;
      return other[m.to] != EMPTY || (m.castle && other[m.rook_to] != EMPTY);
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Playing a move
// ---------------------------------------------------------------------------------------------------------------

// §4.4 spite: "A man that arrives on a square captures (removes) every enemy man that attacks that square at
// that moment — attacks evaluated in the position with the mover on its arrival square, removals simultaneous
// (men screened at that moment survive even if their screen is removed). This includes e.p.: an enemy pawn
// that could take the arriving pawn e.p. after its two-step is also removed." Castling: "king and rook each
// capture the attackers of their arrival squares". (No e.p. in the game, no pawn is removed for it.)
static void spite_sweep(const Variant& v, Board& b, const Move& m, int me) {
  std::vector<int> arrivals{m.to};
  if (m.castle) arrivals.push_back(m.rook_to);
  std::vector<int> removed;
  for (int s = 0; s < 64; ++s) {
    if (color_of(b[s]) != 1 - me) continue;
    for (int a : arrivals)
      if (attacks(b, s, a)) removed.push_back(s);
    if (m.double_step && v.ep_when != EpWhen::None && type_of(b[s]) == 'p' &&
        attacks(b, s, (m.from + m.to) / 2))
      removed.push_back(s);
  }
  for (int s : removed) b[s] = EMPTY;
}

// §4.1 machine-gun: "After every move, every man of either colour that is attacked by at least one enemy man
// is removed, all simultaneously (so two men attacking each other both disappear); screened men are
// unaffected. Then the position is re-examined: newly revealed attacks are resolved the same way; repeat
// until no man is attacked." Kings are ordinary men and attack like kings.
// With madras (§4.6) "a paralysed man cannot move, cannot capture and gives no check": a paralysed man
// removes nobody (composition decision, docs/rules/compositions.md), and is found anew in each round.
static void machine_gun_sweep(const Variant& v, Pos& q) {
  for (;;) {
    std::vector<std::pair<int, int>> removed;
    for (int b = 0; b < q.nboards; ++b)
      for (int s = 0; s < 64; ++s)
        for (int e = 0; e < 64; ++e)
          if (q.bd[b][s] != EMPTY && color_of(q.bd[b][e]) == 1 - color_of(q.bd[b][s]) &&
              attacks(q.bd[b], e, s) && !paralysed(v, q, b, e)) {
            removed.push_back({b, s});
            break;
          }
    if (removed.empty()) return;
    for (auto [b, s] : removed) q.bd[b][s] = EMPTY;
  }
}

// §6 progressive-circe, standard Circe: "captured man reborn on its game-array square: pawn on its file's
// 2nd/7th rank, R/B/N on the home square of the capture square's colour, Q on d1/d8; if that square is
// occupied the man is lost; kings are not reborn." Occupied: on any board (Alice's square pairs). A promoted
// man is reborn as what he is now (docs/rules/progressive-circe.md).
static void circe_rebirth(Pos& q, int board, char man, int captured_on) {
  const int color = color_of(man), home = color == WHITE ? 0 : 7;
  const bool light = (file_of(captured_on) + rank_of(captured_on)) % 2 == 1;  // a1 is dark
  std::vector<int> homes;  // the game-array squares of this man's type and colour
  switch (type_of(man)) {
    case 'p':
      homes = {(color == WHITE ? 1 : 6) * 8 + file_of(captured_on)};
      break;
    case 'r':
      homes = {home * 8 + 0, home * 8 + 7};
      break;
    case 'n':
      homes = {home * 8 + 1, home * 8 + 6};
      break;
    case 'b':
      homes = {home * 8 + 2, home * 8 + 5};
      break;
    case 'q':
      homes = {home * 8 + 3};
      break;
    default:
      return;  // kings are not reborn
  }
  for (int s : homes) {
    if (homes.size() == 2 && ((file_of(s) + rank_of(s)) % 2 == 1) != light) continue;  // the other colour
    if (!occupied_anywhere(q, s)) q.bd[board][s] = man;
  }
}

// §4.3 butting: "after a capricorn's move, every enemy man on the 8 squares adjacent to its arrival square is
// removed"; "friendly neighbours are unaffected". Decisions (docs/rules/capricorn.md, butters.md): on the
// board the move was played on (Alice: the move's capture effect, before the transfer); "the castled
// capricorn does not butt (castling is a king move)" — so in butters, where kings butt, castling butts around
// the king's arrival square; a pawn promoting to a capricorn made a pawn's move and does not butt.
static void butt(Board& b, int at, int me) {
  for (int s = 0; s < 64; ++s)
    if (color_of(b[s]) == 1 - me &&
        std::max(std::abs(file_of(s) - file_of(at)), std::abs(rank_of(s) - rank_of(at))) == 1)
      b[s] = EMPTY;
}

// §4.1 archimedes: "At the start of each player's turn, before he moves, every enemy man that is attacked by
// two or more of his men is removed; removals may reveal further double attacks, which are resolved in the
// same way until none remains." `q.stm` is the player whose turn starts. Attacks are orthodox (decision 2).
void archimedes_turn_start(Pos& q) {
  const int me = q.stm;
  for (;;) {
    std::vector<std::pair<int, int>> removed;
    for (int b = 0; b < q.nboards; ++b)
      for (int s = 0; s < 64; ++s) {
        if (color_of(q.bd[b][s]) != 1 - me) continue;
        int attackers = 0;
        for (int e = 0; e < 64; ++e)
          if (color_of(q.bd[b][e]) == me && attacks(q.bd[b], e, s)) ++attackers;
        if (attackers >= 2) removed.push_back({b, s});
      }
    if (removed.empty()) return;
    for (auto [b, s] : removed) q.bd[b][s] = EMPTY;
  }
}

// The physical effects of one move: displacement / shot / kamikaze / explosion, promotion, castling, Alice
// transfer, the sweep, castling rights. No turn bookkeeping.
Pos move_effects(const Variant& v, const Pos& p, const Move& m) {
  Pos q = p;
  Board& b = q.bd[m.board];
  const int me = p.stm;
  const char mover = b[m.from];
  const char moved = m.promo ? make_piece(m.promo, me) : mover;
  const int victim = m.ep ? landing_square(m.to, 1 - me) : m.to;
  const char victim_man = b[victim];
  bool mover_at_to = true;
  if (m.fire || m.removal) {  // §4.1: target removed, firer stays, missile spent; §4.7: the own man removed
    const int gone = m.removal ? m.from : victim;
    b[gone] = EMPTY;
    q.missiles.erase(place(m.board, gone));
    q.missiles.erase(place(m.board, m.from));
    for (int i = 0; i < 4; ++i)  // D-1: a right is lost once its king or rook is no longer on its square
      if (q.castle[i] && (gone == castle_specs()[i].king_from || gone == castle_specs()[i].rook_from))
        q.castle[i] = false;
    return q;
  }
  if (m.castle) {
    b[m.from] = EMPTY;
    b[m.rook_from] = EMPTY;
    b[m.to] = mover;
    b[m.rook_to] = make_piece(v.rook(), me);
  } else if (!m.capture || v.capture == Capture::Displacement) {  // §1.9 DISPLACEMENT (and plain moves)
    b[victim] = EMPTY;
    b[m.from] = EMPTY;
    b[m.to] = moved;
  } else if (v.capture == Capture::Shoot) {  // §4.1: victim removed, shooter stays
    if (v.volley) {  // rapid-fire: "every enemy man the shooter attacks at that moment, simultaneously"
      std::vector<int> hit;
      for (int s = 0; s < 64; ++s)
        if (color_of(b[s]) == 1 - me && attacks(b, m.from, s)) hit.push_back(s);
      for (int s : hit) b[s] = EMPTY;
    }
    b[victim] = EMPTY;
    mover_at_to = false;
    if (v.alice) {  // §1.7: the man that made the move passes to the other board, from where it stands
      q.bd[1 - m.board][m.from] = b[m.from];
      b[m.from] = EMPTY;
    }
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
  if (m.shot >= 0) b[m.shot] = EMPTY;  // goliath: the follow-up shot, the shooter on m.to
  if (v.rebirth && m.capture) circe_rebirth(q, m.board, victim_man, victim);
  if (butts(v, mover) && !m.fire && !m.removal) butt(q.bd[m.board], m.to, me);  // castling: the king's square
  if (v.sweep == Sweep::Spite) spite_sweep(v, q.bd[v.alice ? 1 - m.board : m.board], m, me);
  if (v.sweep == Sweep::MachineGun) machine_gun_sweep(v, q);
  // D-1: a right is lost once its king or rook has made a move or is no longer on its home square.
  for (int i = 0; i < 4; ++i) {
    const CastleSpec& cs = castle_specs()[i];
    if (!q.castle[i]) continue;
    bool home = false;
    for (int k = 0; k < q.nboards; ++k)
      home = home || (q.bd[k][cs.king_from] == make_piece('k', cs.color) &&
                      q.bd[k][cs.rook_from] == make_piece(v.rook(), cs.color));
    if (!home || m.from == cs.king_from || m.from == cs.rook_from) q.castle[i] = false;
  }
  // A per-man mark (missile, has-moved, promoted) travels with its man; a man removed (captured, exploded)
  // takes it with him.
  const bool marks = v.missiles || v.own_check_once_moved || v.promoted_once;
  const std::vector<std::pair<int, int>> displaced =
      marks ? displaced_men(v, m) : std::vector<std::pair<int, int>>{};
  const auto carried_with_men = [&](const std::set<int>& marked) {
    std::set<int> carried;
    for (int w : marked) {
      bool was_moved = false;
      for (auto [before, after] : displaced)
        if (before == w) carried.insert(after), was_moved = true;
      const bool captured = m.capture && w == place(m.board, victim);
      if (!was_moved && !captured && q.bd[w / 64][w % 64] != EMPTY) carried.insert(w);
    }
    return carried;
  };
  // §4.1 missile: the "per-man flag travels with the man; a promoted pawn keeps its flag"; a man removed
  // (captured, exploded) takes his flag with him.
  if (v.missiles) q.missiles = carried_with_men(p.missiles);
  // §4.8 bicolour-tylor: whether a man "has already moved in the game" travels with him; a man removed takes
  // it with him. Decision (bicolour-ridley): castling moves neither king nor rook in this sense.
  if (v.own_check_once_moved) {
    std::set<int> carried = carried_with_men(p.has_moved);
    if (!m.castle && !m.fire && !m.removal && !(m.capture && v.capture == Capture::Shoot))
      for (auto [before, after] : displaced) carried.insert(after);
    for (auto it = carried.begin(); it != carried.end();)  // swept off after arriving
      it = q.bd[*it / 64][*it % 64] == EMPTY ? carried.erase(it) : std::next(it);
    q.has_moved = carried;
  }
  // verney option: a promoted man stays one (he carries it as he moves, takes it with him when removed); the
  // pawn that promotes becomes one.
  if (v.promoted_once) {
    std::set<int> carried = carried_with_men(p.promoted);
    if (m.promo && !displaced.empty()) carried.insert(displaced[0].second);
    for (auto it = carried.begin(); it != carried.end();)
      it = q.bd[*it / 64][*it % 64] == EMPTY ? carried.erase(it) : std::next(it);
    q.promoted = carried;
  }
  return q;
}

std::vector<std::pair<int, int>> displaced_men(const Variant& v, const Move& m) {
  const int to_board = v.alice ? 1 - m.board : m.board;  // §1.7 ALICE: the moved men pass to the other board
  if (m.removal) return {};                              // §4.7: the man is gone
  if (m.fire) return {{place(m.board, m.from), place(m.board, m.from)}};  // §4.1: the firer stays
  if (m.castle)
    return {{place(m.board, m.from), place(to_board, m.to)},
            {place(m.board, m.rook_from), place(to_board, m.rook_to)}};
  if (!m.capture || v.capture == Capture::Displacement)
    return {{place(m.board, m.from), place(to_board, m.to)}};
  if (v.capture == Capture::Shoot) return {{place(m.board, m.from), place(to_board, m.from)}};  // §4.1 stays
  return {};  // §4.5 kamikaze, §4.3 explosion: the capturer is gone
}

}  // namespace hc::reference::detail
