// The turn (RULES.md §1.2, §1.5, §1.6, D-5, §3.1, §3.4, §3.5, §3.7; the coordinator's turn spec). One
// brute-force definition: a move is legal iff it begins some legal complete turn. A complete turn is a
// sequence of moves, each allowed at its point of the turn (own king safe, ITALIAN, the composition rule of
// the id), that ends the turn: quota reached, check (ends_on check), capture (citizen), a move to an attacked
// square (scottish-modern), king loss, the composition's own end (sputnik's normal move, threesum's length,
// every man moved, black-and-white's dark move), a lost move, or the voluntary stop `0000`. In ids without
// D-5 a series that runs out of moves is complete too (progressive stalemate, §1.5 (iii)); with D-5 it is
// not, and the search below looks for a completion.
#include <algorithm>
#include <cstdlib>
#include <functional>
#include <set>
#include <string>

#include "model.hpp"

namespace hc::reference::detail {
namespace {

// ---------------------------------------------------------------------------------------------------------------
// Measures of a move
// ---------------------------------------------------------------------------------------------------------------

char mover_type(const Pos& p, const Move& m) { return type_of(p.bd[m.board][m.from]); }

int men_on_boards(const Pos& p) {
  int n = 0;
  for (int b = 0; b < p.nboards; ++b)
    for (char c : p.bd[b]) n += c != EMPTY;
  return n;
}

// §3.1 maximummer-marseillais (also equidistant): squared Euclidean length, compared exactly; castling O-O
// 16, O-O-O 25 (fixed values); e.p. 2, pawn two-step 4, knight 5 follow from the squares.
int squared_length(const Move& m) {
  if (m.castle) return file_of(m.to) == 6 ? 16 : 25;
  const int df = file_of(m.to) - file_of(m.from), dr = rank_of(m.to) - rank_of(m.from);
  return df * df + dr * dr;
}

// §3.4 threesum (turn spec): squares travelled (king distance) for every man but the knight; knight 2,
// castling 1 (a pawn two-step is 2 and a pawn capture 1 by the same count).
int threesum_length(const Pos& p, const Move& m) {
  if (m.castle) return 1;
  if (mover_type(p, m) == 'n') return 2;
  return std::max(std::abs(file_of(m.to) - file_of(m.from)), std::abs(rank_of(m.to) - rank_of(m.from)));
}

// a1 is dark (§3.1 black-and-white-marseillais).
bool light_square(int s) { return (file_of(s) + rank_of(s)) % 2 == 1; }

// The category a move uses in the zone/colour/category games (turn spec): zone by departure square;
// castling = piece (piece-and-pawn), kingside (bilateral decision 2), periphery (central); black-and-white:
// castling is the light move as a first move and the dark move as a second one.
std::string category(const Variant& v, const Pos& p, const Move& m) {
  switch (v.composition) {
    case Composition::PieceAndPawn:
      return m.castle || mover_type(p, m) != 'p' ? "piece" : "pawn";
    case Composition::Bilateral:
      return m.castle || file_of(m.from) >= 4 ? "kingside" : "queenside";
    case Composition::Central: {
      const bool centre = !m.castle && file_of(m.from) >= 2 && file_of(m.from) <= 5 && rank_of(m.from) >= 2 &&
                          rank_of(m.from) <= 5;
      return centre ? "centre" : "periphery";
    }
    case Composition::BlackAndWhite:
      if (m.castle) return p.made == 0 ? "light" : "dark";
      return light_square(m.from) ? "light" : "dark";
    case Composition::Triplets:  // §3.4: castling is the king move; "piece" never includes the king
      if (m.castle || mover_type(p, m) == 'k') return "king";
      return mover_type(p, m) == 'p' ? "pawn" : "piece";
    default:
      return "";
  }
}

// The men a move moves, by their places before it (castling: king and rook, turn spec "men counted moved").
std::vector<int> mover_places(const Variant& v, const Move& m) {
  if (m.castle && v.castling_counts_rook) return {place(m.board, m.from), place(m.board, m.rook_from)};
  return {place(m.board, m.from)};
}

int moves_of(const Pos& p, int w) {
  auto it = p.moved.find(w);
  return it == p.moved.end() ? 0 : it->second;
}

bool own_man_at(const Pos& p, int w, int color) { return color_of(p.bd[w / 64][w % 64]) == color; }

// §3.7 sputnik: own rook, bishop or knight in the opponent's half (White: ranks 5–8) at the start of the
// turn.
bool is_sputnik_at(const Pos& p, int w, int color) {
  const char c = p.bd[w / 64][w % 64];
  const char t = type_of(c);
  const int r = rank_of(w % 64);
  return color_of(c) == color && (t == 'r' || t == 'b' || t == 'n') && (color == WHITE ? r >= 4 : r <= 3);
}

// ---------------------------------------------------------------------------------------------------------------
// Composition rules (turn spec step 2)
// ---------------------------------------------------------------------------------------------------------------

// §3.5 progressive-english: a move by man x is legal only if c(x) <= c(y) for every other mobile man y (one
// with a move legal under all other rules now, `base`); a man promoted this series is immobile (frozen).
bool english_allows(const Pos& p, const Move& m, const std::vector<Legal>& base) {
  const int x = place(m.board, m.from);
  if (p.frozen.count(x)) return false;
  for (const Legal& o : base) {
    const int y = place(o.move.board, o.move.from);
    if (y != x && !p.frozen.count(y) && moves_of(p, y) < moves_of(p, x)) return false;
  }
  return true;
}

// §3.1 black-and-white-marseillais (turn spec): at the first move, a light-square move or castling; a
// dark-square move only when in check or when no light move or castling is legal (it is then the second move
// and ends the turn, see ends_turn). At the second move, a dark-square move or castling.
bool black_and_white_allows(const Variant& v, const Pos& p, const Move& m, const std::vector<Legal>& base) {
  const std::string c = category(v, p, m);
  if (p.made == 1) return c == "dark";
  if (c == "light") return true;
  if (in_check(v, p, p.stm)) return true;
  return std::none_of(base.begin(), base.end(),
                      [&](const Legal& o) { return category(v, p, o.move) == "light"; });
}

// doublet: the type of the man that made the turn's first move (the one man of the side in `moved=`).
char doublet_type(const Pos& p) {
  for (auto [w, k] : p.moved)
    if (k > 0 && color_of(p.bd[w / 64][w % 64]) == p.stm) return type_of(p.bd[w / 64][w % 64]);
  return 0;
}

// doublet: the first move has a twin to follow it when it is made by a rook, bishop or knight (not a
// promotion: a pawn's move; not castling: a king's move) and its side has another man of that type.
bool doublet_twin_exists(const Pos& p, const Move& m, const Pos& q) {
  const char t = type_of(p.bd[m.board][m.from]);
  if (m.castle || m.promo || (t != 'r' && t != 'b' && t != 'n')) return false;
  int count = 0;
  for (int b = 0; b < q.nboards; ++b)
    for (char c : q.bd[b])
      if (c == make_piece(t, p.stm)) ++count;
  return count >= 2;
}

// §3.7 kazan: the moves that refill square t now - "a friendly man that can legally move to it
// (non-capturing) must do so"; "no man moves more than once in the turn"; "a king never joins the chain by
// stepping onto an attacked square"; "if several can, priority P > N > B > R > Q > K, the player choosing
// among equals" (optional=true: "the choice of man [is] optional", any of them). Legally: by the man's
// movement; the king's safety is the turn end's (END-OF-TURN), so a pinned man refills too. Castling and e.p.
// are no refills (a refill is one man's move onto the square).
std::vector<Move> kazan_refills(const Variant& v, const Pos& q, int t) {
  std::vector<Move> all;
  if (q.bd[0][t] != EMPTY) return all;
  for (const Move& m : pseudo_moves(v, q)) {
    if (m.board != 0 || m.to != t || m.capture || m.castle || m.ep || m.stop || m.fire || m.removal) continue;
    if (moves_of(q, place(0, m.from)) >= 1) continue;
    if (type_of(q.bd[0][m.from]) == 'k' && in_check(v, move_effects(v, q, m), q.stm)) continue;
    all.push_back(m);
  }
  if (v.kazan_optional || all.empty()) return all;
  const std::string order = "pnbrqk";
  std::size_t best = order.size();
  for (const Move& m : all) best = std::min(best, order.find(type_of(q.bd[0][m.from])));
  std::erase_if(all, [&](const Move& m) { return order.find(type_of(q.bd[0][m.from])) != best; });
  return all;
}

bool composition_allows(const Variant& v, const Pos& p, const Move& m, const std::vector<Legal>& base) {
  // kazan: after the free first move, only a refill of the square due
  if (v.kazan && p.made > 0) {
    if (p.vacated.empty()) return false;
    for (const Move& r : kazan_refills(v, p, p.vacated[0]))
      if (r.from == m.from && r.to == m.to && r.promo == m.promo) return true;
    return false;
  }
  // different men (each man at most once: different-men, maximummer, equivalent, equidistant, threesum,
  // hurricane) and Pribylinec (at most twice); castling moves the king and the rook
  if (v.moves_per_man > 0)
    for (int w : mover_places(v, m))
      if (moves_of(p, w) >= v.moves_per_man) return false;
  // verney option: "a piece promoted by White may not be moved twice in one turn" (decision: a pawn that
  // promotes with the first move may not move again with the second; a promoted piece may not make both moves)
  if (v.promoted_once && p.promoted.count(place(m.board, m.from)) && moves_of(p, place(m.board, m.from)) >= 1)
    return false;
  switch (v.composition) {
    case Composition::None:
    case Composition::Sputnik:
      return true;
    case Composition::PieceAndPawn:  // one move of each category, either order
    case Composition::Bilateral:
    case Composition::Central:
      return p.made == 0 || category(v, p, m) != p.used[0];
    case Composition::BlackAndWhite:
      return black_and_white_allows(v, p, m, base);
    case Composition::Citizen:  // §3.1: first a piece move (king and castling included), then a pawn move
      return (p.made == 0) == (m.castle || mover_type(p, m) != 'p');
    case Composition::Threesum:  // §3.4: lengths summing to at most 3
      return p.spent + threesum_length(p, m) <= 3;
    case Composition::English:
      return english_allows(p, m, base);
    case Composition::PowerPawn:  // the second move is a pawn move (castling is a king move)
      return p.made == 0 || (!m.castle && mover_type(p, m) == 'p');
    case Composition::Doublet:  // the second move: the twin, a man of the first mover's type
      return p.made == 0 || (!m.castle && mover_type(p, m) == doublet_type(p));
    case Composition::Triplets: {  // §3.4: each component once; n=1 a pawn move, n=2 no king move
      const std::string c = category(v, p, m);
      if (std::find(p.used.begin(), p.used.end(), c) != p.used.end()) return false;
      if (p.quota == 1) return c == "pawn";
      if (p.quota == 2) return c != "king";
      return true;
    }
  }
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// Turn ends
// ---------------------------------------------------------------------------------------------------------------

// scottish-modern (turn spec): after the move the moved man (castling: king or rook) stands on a square
// attacked (§1.3, paralysis ignored) by an enemy man.
bool lands_on_attacked_square(const Variant& v, const Pos& q, const Move& m, int me) {
  for (auto [from, to] : displaced_men(v, m)) {
    (void)from;
    if (own_man_at(q, to, me) && square_attacked_by(v, q, to / 64, to % 64, 1 - me)) return true;
  }
  return false;
}

bool every_man_moved(const Pos& q, int me) {
  for (int w = 0; w < 64 * q.nboards; ++w)
    if (own_man_at(q, w, me) && !q.moved.count(w)) return false;
  return true;
}

// The composition's own end of the turn.
bool composition_ends(const Variant& v, const Pos& p, const Move& m, const Pos& q, bool sputnik_move) {
  const int me = p.stm;
  switch (v.composition) {
    case Composition::BlackAndWhite:  // a dark-square first move is the second move (turn spec)
      return p.made == 0 && category(v, p, m) == "dark";
    case Composition::Sputnik:  // any move other than a sputnik's first is the normal move
      return !sputnik_move;
    case Composition::Threesum:  // no length left, or no man left to move
      return q.spent >= 3 || every_man_moved(q, me);
    case Composition::Doublet:  // "if that move is made by a rook, bishop or knight" (with a twin)
      return p.made == 0 && !doublet_twin_exists(p, m, q);
    default:  // hurricane: no man left to move
      return v.voluntary_stop && v.moves_per_man == 1 && every_man_moved(q, me);
  }
}

// Ends the turn in q: side change, e.p. rights pass (§1.8), fullmove, no-progress counter in turns, the next
// turn's quota (schedules of the turn spec), per-turn state cleared. `p` is the position at the last move's
// start (or at the stop), `moves` the moves this turn made (the stop not counted), `check` whether the last
// move gave check.
void finish_turn(const Variant& v, const Pos& p, Pos& q, int moves, bool check) {
  const int me = p.stm, them = 1 - me;
  q.stm = them;
  q.made = 0;
  q.ep.clear();
  for (int passed : q.pend)
    if (ep_usable(v, q, passed, me)) q.ep.push_back(passed);
  q.pend.clear();
  if (me == BLACK) q.full += 1;
  // formats.md field 5 (turn unit): the number of complete turns without a capture or pawn move.
  if (v.counter_in_turns && !q.progress) q.half += 1;
  q.progress = false;
  const int next_static = static_quota(v, q.stm, q.full);
  switch (v.schedule) {
    case Schedule::BankOfScotland:  // t + this side's check-giving moves in its earlier turns
      q.quota = std::min(next_static + q.checks[q.stm], kUnbounded);
      break;
    case Schedule::Capturing:  // this quota + 1 after a turn with a capture, else 1
      q.quota = q.captured ? std::min(p.quota + 1, kUnbounded) : 1;
      break;
    case Schedule::Switchback:  // after a turn ending with check: that quota − 1 (at least 1, see README)
      q.quota = check ? std::max(1, p.quota - 1) : next_static;
      break;
    case Schedule::VeryScottish:  // 1 + the moves the opponent (this side) actually made
      q.quota = 1 + moves;
      break;
    default:
      q.quota = next_static;
  }
  q.captured = false;
  q.vacated.clear();
  q.moved.clear();
  q.frozen.clear();
  q.used.clear();
  q.spent = 0;
  q.sputniks.clear();
  q.forbid.clear();
}

// ---------------------------------------------------------------------------------------------------------------
// Playing one move with the turn bookkeeping
// ---------------------------------------------------------------------------------------------------------------

// §4.1 archimedes: the removals at the start of the turn of q.stm, "before he moves" (archimedes_turn_start).
// A position (FEN) is the one after them. A removal is a capture for D-4; a king or rook gone takes its
// castling rights (D-1).
void start_of_turn(const Variant& v, Pos& q) {
  if (!v.double_attack_at_turn_start) return;
  const int before = men_on_boards(q);
  archimedes_turn_start(q);
  if (men_on_boards(q) == before) return;
  q.half = 0;
  for (int i = 0; i < 4; ++i) {
    const CastleSpec& cs = castle_specs()[i];
    if (q.castle[i] && (q.bd[0][cs.king_from] != make_piece('k', cs.color) ||
                        q.bd[0][cs.rook_from] != make_piece('r', cs.color)))
      q.castle[i] = false;
  }
}

After play_move(const Variant& v, const Pos& p, const Move& m) {
  After a;
  a.pos = move_effects(v, p, m);
  Pos& q = a.pos;
  const int me = p.stm, them = 1 - me;
  const char mover = p.bd[m.board][m.from];

  // §1.8: rights created in this turn die when the double-stepper moves or leaves, or (never-occupied) when a
  // man stands on the passed square; a new two-step adds one. Rights without any possible capturer are
  // dropped. marseillais-alternative: only the last move's two-step can pass, so earlier ones die here.
  std::vector<int> pend;
  if (!v.ep_last_move_only) {
    for (int passed : p.pend) {
      if (m.from == landing_square(passed, me) || stepper_board(q, passed, me) < 0) continue;
      if (!v.ep_empty_now && occupied_anywhere(q, passed)) continue;
      if (ep_capturer_exists(v, q, passed, me)) pend.push_back(passed);
    }
  }
  if (m.double_step && v.ep_when != EpWhen::None) {
    int passed = (m.from + m.to) / 2;
    if ((v.ep_empty_now || !occupied_anywhere(q, passed)) && ep_capturer_exists(v, q, passed, me))
      pend.push_back(passed);
  }
  std::sort(pend.begin(), pend.end());
  q.pend = pend;
  // §1.8 ep.when: `first` — only the first move of a turn; `marseillais-pair` — the second move may take the
  // other right only if the first move was itself an e.p. capture; citizen — the rights of the opponent's
  // turn wait for the pawn (second) move, unless the passed square was occupied meanwhile.
  q.ep.clear();
  if (v.ep_when == EpWhen::Pair && p.made == 0 && m.ep)
    for (int passed : p.ep)
      if (passed != m.to && ep_usable(v, q, passed, them)) q.ep.push_back(passed);
  if (v.ep_when == EpWhen::Second && p.made == 0)
    for (int passed : p.ep)
      if (ep_usable(v, q, passed, them)) q.ep.push_back(passed);
  if (v.ep_when == EpWhen::Any)  // triplets: "at any stage of the turn", while still valid
    for (int passed : p.ep)
      if (ep_usable(v, q, passed, them)) q.ep.push_back(passed);

  // D-4 / formats.md field 5: reset on capture or pawn move; atomic-move unit counts every move, the turn
  // unit (Progressive) counts turn ends. A man swept off the board (§1.9) was captured too. A missile shot is
  // a capture; a removal (§4.7) takes a man off the board for good like one, so it resets the counter too
  // (decision, docs/rules/suicide-piece-removal.md).
  const bool removes = m.capture || m.removal || men_on_boards(q) < men_on_boards(p);
  if (removes || type_of(mover) == 'p') {
    q.half = 0;
    if (v.counter_in_turns) q.progress = true;
  } else if (!v.counter_in_turns) {
    q.half += 1;
  }

  // Men that moved this turn follow their moves; men that are gone drop out (turn spec).
  if (v.tracks_men()) {
    const auto displaced = displaced_men(v, m);
    const std::vector<int> movers = mover_places(v, m);
    q.moved.clear();
    for (auto [w, k] : p.moved)
      if (std::find(movers.begin(), movers.end(), w) == movers.end() && own_man_at(q, w, me)) q.moved[w] = k;
    for (auto [from, to] : displaced) {
      const bool counted = std::find(movers.begin(), movers.end(), from) != movers.end();
      const int k = moves_of(p, from) + (counted ? 1 : 0);  // swarm: a castling rook keeps its count
      if (own_man_at(q, to, me) && k > 0) q.moved[to] = k;
    }
    q.frozen.clear();
    for (int w : p.frozen)
      if (own_man_at(q, w, me)) q.frozen.insert(w);
    // progressive-english: a pawn that promotes may not move again in the series
    if (v.composition == Composition::English && m.promo && !displaced.empty() &&
        own_man_at(q, displaced[0].second, me))
      q.frozen.insert(displaced[0].second);
  }
  bool sputnik_move = false;
  if (v.composition == Composition::Sputnik) {
    std::vector<int> left = p.made == 0 ? start_sputniks(p) : p.sputniks;
    const int w = place(m.board, m.from);
    sputnik_move = std::find(left.begin(), left.end(), w) != left.end();
    q.sputniks.clear();
    for (int s : left)
      if (s != w && is_sputnik_at(q, s, me)) q.sputniks.push_back(s);
  }
  if (v.tracks_categories()) q.used.push_back(category(v, p, m));
  if (v.composition == Composition::Threesum) q.spent = p.spent + threesum_length(p, m);
  if (v.schedule == Schedule::Capturing && removes) q.captured = true;
  if (v.obligation == Obligation::Equivalent) q.last = m.castle ? 'c' : type_of(mover);  // promotion: p
  if (v.obligation == Obligation::Equidistant) q.lastlen = squared_length(m);

  // kazan: the squares still to refill - the first move's origin (castling: "the chain starts from the
  // king's vacated square, then from the rook's"); a refill's origin is refilled next, before any square
  // waiting. A square no man can refill ends its chain; none left ends the turn.
  bool chain_over = false;
  if (v.kazan) {
    std::vector<int> due{m.from};
    if (p.made == 0 && m.castle) due.push_back(m.rook_from);
    if (p.made > 0) due.insert(due.end(), p.vacated.begin() + 1, p.vacated.end());
    while (!due.empty() && kazan_refills(v, q, due[0]).empty()) due.erase(due.begin());
    q.vacated = due;
    chain_over = due.empty();
  }

  a.gives_check = in_check(v, q, them);
  if (v.schedule == Schedule::BankOfScotland && a.gives_check) q.checks[me] += 1;
  // The game ends at once, and with it the turn: a royal king lost (D-8), or a goal reached (§1.10).
  const bool game_over =
      v.goal.royal_king ? !has_king(q, WHITE) || !has_king(q, BLACK) : goal_result(v, q) != -2;
  // one-two: the king's journey over a pawn uses both moves of the turn
  const bool journey =
      v.white_king_journey && mover == 'K' && !m.castle &&
      std::max(std::abs(file_of(m.from) - file_of(m.to)), std::abs(rank_of(m.from) - rank_of(m.to))) == 2;
  a.turn_ended = game_over || journey || p.made + 1 >= quota(v, p) || (v.ends_on_check && a.gives_check) ||
                 (v.ends_on_capture && removes) ||
                 (v.ends_on_attacked && lands_on_attacked_square(v, q, m, me)) ||
                 composition_ends(v, p, m, q, sputnik_move) || chain_over;
  q.forbid.clear();
  // progressive-forwards: a sideways move without capture must be followed by a forward move
  q.forward_due = v.forwards && !a.turn_ended && !m.capture && rank_of(m.from) == rank_of(m.to);
  // progressive-late-mate: the series keeps the regime it began with
  q.began_in_check = v.regime == Regime::EndOfTurnIfChecked && !a.turn_ended &&
                     (p.made == 0 ? in_check(v, p, me) : p.began_in_check);
  if (a.turn_ended) {
    finish_turn(v, p, q, p.made + 1, a.gives_check);
    start_of_turn(v, q);
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

// The voluntary stop `0000` (turn spec): ends the turn; no man moves, so field 5 counts it only as a turn.
After play_stop(const Variant& v, const Pos& p) {
  After a;
  a.pos = p;
  finish_turn(v, p, a.pos, p.made, false);
  start_of_turn(v, a.pos);
  a.turn_ended = true;
  return a;
}

// `stop_early: voluntary` — after at least one move of the turn.
bool stop_allowed(const Variant& v, const Pos& p) {
  // END-OF-TURN: the stop ends the turn, so only with the king safe (§1.6)
  return v.voluntary_stop && p.made >= 1 && (!v.goal.royal_king || has_king(p, p.stm)) &&
         !(v.regime == Regime::EndOfTurn && in_check(v, p, p.stm));
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

// Legality of one move by itself (turn spec step 1):
// * own king must survive (§4.3: a move exploding the mover's own king is illegal);
// * the game ends when the enemy king is gone (§4.3 exploding the enemy king is legal even if own king is
//   left attacked; §3.2 king capture) — legal;
// * NONE (§1.6, Galvin): no further test;
// * OBSERVED (§1.6): after the move the mover's king is not in check (with the variant's redefinitions);
// * ITALIAN (§1.6, §3.5 progressive-italian): moreover a check-giving move must be the last of a full-quota
//   turn.
bool move_is_legal(const Variant& v, const Pos& p, const Move& m, const After& a) {
  const int me = p.stm;
  if (!v.goal.royal_king) return true;  // §1.1: ordinary-man kings, no check (regime NONE)
  // archimedes: "no check (a king may be left double-attacked; it is then removed at the opponent's next
  // turn-start and its side loses)"
  if (v.double_attack_at_turn_start) return true;
  if (!has_king(a.pos, me)) return false;
  const bool end_of_turn = end_of_turn_series(v, p);
  if (end_of_turn && !has_king(a.pos, 1 - me)) return false;  // §1.6: "not a move"
  if (!has_king(a.pos, 1 - me)) return true;
  // NONE; swarm: "a side in check must get out of check with its first move. Otherwise own-king exposure is
  // not prohibited"
  if (v.regime == Regime::None)
    return !(v.escape_first_move && p.made == 0 && in_check(v, p, me) && in_check(v, a.pos, me));
  if (end_of_turn) {
    // §1.6 END-OF-TURN: "captures of the enemy king are never legal moves" (handled above the regime test
    // for the other regimes: here no move removes it); only the end of the turn is tested for the mover's
    // king; the modifiers: escape with the first move, no king step into check (castling: where the king
    // lands).
    if (!has_king(a.pos, 1 - me)) return false;
    if (a.turn_ended && in_check(v, a.pos, me)) return false;
    // verney: a check only by the second move (the last of a full turn)
    if (v.check_only_last && a.gives_check && p.made + 1 < quota(v, p)) return false;
    if (v.escape_first_move && p.made == 0 && in_check(v, p, me) && in_check(v, a.pos, me)) return false;
    if (v.no_king_step_into_check && (m.castle || is_king_move(p, m)) && in_check(v, a.pos, me)) return false;
    return true;
  }
  if (alice_king_steps_into_check(v, p, m)) return false;
  if (in_check(v, a.pos, me)) return false;
  if (v.regime == Regime::Italian && a.gives_check && p.made + 1 < quota(v, p)) return false;
  return true;
}

// Turn spec steps 1 and 2: the moves legal by themselves here that the composition rule of the id allows
// (then §4.1 rifle's compulsory capture among them, "legality is tested first"). A lost move (the four
// zone/colour/category ids) ends the turn inside the move that leaves nothing in the category still owed.
// `lost_moves` false: only whether moves exist matters to the caller (the lost move's own test), so the turn
// endings of the moves found are not resolved (that would recurse through the rest of the series).
std::vector<Legal> candidates(const Variant& v, const Pos& p, bool lost_moves = true) {
  std::vector<Legal> base;
  if (v.goal.royal_king && !has_king(p, p.stm)) return base;  // game over: the side to move has lost its king
  // archimedes: "remove the enemy king" — the side that just moved lost it at this turn's start
  if (v.double_attack_at_turn_start && !has_king(p, 1 - p.stm)) return base;
  if (goal_result(v, p) != -2) return base;  // game over: a goal reached (§1.10)
  for (const Move& m : pseudo_moves(v, p)) {
    if (!p.forbid.empty() && uci(m) == p.forbid) continue;  // Galvin decision 2 (null turn)
    After a = play_move(v, p, m);
    if (!move_is_legal(v, p, m, a)) continue;
    // progressive-forwards: "sideways moves … only as captures, or as a non-capturing move immediately
    // followed (next move of the same series) by a forward move" — so not the series' last move, and only
    // where a legal (forward) move follows it.
    if (v.forwards && !m.capture && rank_of(m.from) == rank_of(m.to) &&
        (a.turn_ended || legal_list(v, a.pos).empty()))
      continue;
    base.push_back({m, std::move(a)});
  }
  std::vector<bool> allowed;
  for (const Legal& l : base) allowed.push_back(composition_allows(v, p, l.move, base));
  std::vector<Legal> out;
  for (std::size_t i = 0; i < base.size(); ++i)
    if (allowed[i]) out.push_back(std::move(base[i]));
  // §4.1 rifle: capture is compulsory among the moves the turn's composition allows (the composition is
  // part of legality; the coordinator's order: per-move legality, composition, then the obligation).
  if (v.compulsory_capture &&
      std::any_of(out.begin(), out.end(), [](const Legal& l) { return l.move.capture; }))
    std::erase_if(out, [](const Legal& l) { return !l.move.capture; });
  if (v.lost_move && lost_moves && v.regime == Regime::EndOfTurn) {
    // triplets-gardner: the turn ends when nothing legal is left for the rest of it (legal in full: each
    // later move must itself leave a legal way on), and the end of the turn is tested for the mover's king.
    for (Legal& l : out)
      if (!l.after.turn_ended && legal_list(v, l.after.pos).empty()) {
        finish_turn(v, p, l.after.pos, p.made + 1, l.after.gives_check);
        l.after.turn_ended = true;
      }
    std::erase_if(out, [&](const Legal& l) { return l.after.turn_ended && in_check(v, l.after.pos, p.stm); });
  } else if (v.lost_move && lost_moves) {
    for (Legal& l : out)
      if (!l.after.turn_ended && candidates(v, l.after.pos, false).empty()) {
        finish_turn(v, p, l.after.pos, p.made + 1, l.after.gives_check);
        l.after.turn_ended = true;
      }
  }
  return out;
}

// Can the pawn on y take something in this turn (an enemy man or an e.p. square diagonally ahead)? Enemy men
// never arrive in our turn, so a pawn that cannot now never can.
bool pawn_can_take(const Pos& p, int y) {
  const int me = color_of(p.bd[0][y]);
  for (int df : {-1, 1}) {
    const int f = file_of(y) + df, r = rank_of(y) + (me == WHITE ? 1 : -1);
    if (f < 0 || f > 7 || r < 0 || r > 7) continue;
    const int c = r * 8 + f;
    if (color_of(p.bd[0][c]) == 1 - me || std::count(p.ep.begin(), p.ep.end(), c) > 0) return true;
  }
  return false;
}

// A pawn of the side to move that has not moved and has nothing to take can only step forward along its
// file, once, to one of its square, the next or (from home) the one after. A rook or queen on x cannot go
// along the file to t if every square that pawn may stand on is strictly between x and t, or t itself.
bool pawn_walls_file(const Pos& p, int x, int t) {
  if (file_of(x) != file_of(t) || x == t) return false;
  const Board& bd = p.bd[0];
  const char mover = type_of(bd[x]);
  if (mover != 'r' && mover != 'q') return false;
  const int me = p.stm, step = me == WHITE ? 8 : -8, home = me == WHITE ? 1 : 6;
  const int lo = std::min(x, t), hi = std::max(x, t);
  for (int y = 0; y < 64; ++y) {
    if (bd[y] != make_piece('p', me) || file_of(y) != file_of(x) || p.moved.count(y)) continue;
    if (pawn_can_take(p, y)) continue;
    std::vector<int> spots{y};
    if (y + step >= 0 && y + step < 64) spots.push_back(y + step);
    if (rank_of(y) == home) spots.push_back(y + 2 * step);
    const bool walls =
        std::all_of(spots.begin(), spots.end(), [&](int s) { return s == t || (s > lo && s < hi); });
    if (walls) return true;
  }
  return false;
}

// battle-ratushny, omni-chess (END-OF-TURN, "each by a different man", a voluntary stop): the turn can no
// longer end with the mover's king safe, by what stays put. The king ends on some square K (its own, or one
// step or a castling away while it has not moved); an enemy man that attacks K now (the king lifted) keeps
// attacking it unless a man of ours that has not moved lands on it or between it and K (enemy men do not move
// in our turn; a man that moved, a king that stays and an enemy man a capture would replace stand there to
// the turn's end) - one man for each attacker. Enemy kings cannot be taken; a pawn that e.p. may take might
// vanish, so it blocks nothing and needs nobody. True only if no K passes.
// A pawn with nothing to take and an enemy man in front (not an e.p. victim, which may vanish) stays too.
bool no_safe_end(const Pos& p) {
  const int me = p.stm, them = 1 - me;
  const Board& bd = p.bd[0];
  int king = -1;
  for (int s = 0; s < 64; ++s)
    if (bd[s] == make_piece('k', me)) king = s;
  if (king < 0 || p.nboards != 1) return false;
  const bool king_moved = p.moved.count(king) > 0;
  std::set<int> ep_pawns;
  for (int passed : p.ep) ep_pawns.insert(landing_square(passed, them));
  std::vector<int> finals{king};
  if (!king_moved) {
    for (int s = 0; s < 64; ++s)
      if (s != king && attacks(bd, king, s) && !p.moved.count(s) && bd[s] != make_piece('k', them))
        finals.push_back(s);
    for (int i = 0; i < 4; ++i)
      if (p.castle[i] && castle_specs()[i].color == me && castle_specs()[i].king_from == king)
        finals.push_back(castle_specs()[i].king_to);
  }
  for (int k : finals) {
    Board b = bd;  // the king on K
    b[king] = EMPTY;
    b[k] = make_piece('k', me);
    // What stays for the rest of the turn: enemy men (not on K, not e.p. victims), men that moved, the king
    // where it stays.
    Board stay;
    stay.fill(EMPTY);
    for (int s = 0; s < 64; ++s) {
      const bool enemy = color_of(bd[s]) == them && s != k && !ep_pawns.count(s);
      // a pawn with nothing to take and an enemy man (not an e.p. victim) in front cannot move this turn
      const int ahead = s + (me == WHITE ? 8 : -8);
      const bool stuck = bd[s] == make_piece('p', me) && !pawn_can_take(p, s) && ahead >= 0 && ahead < 64 &&
                         color_of(bd[ahead]) == them && !ep_pawns.count(ahead);
      const bool fixed = color_of(bd[s]) == me && (p.moved.count(s) || stuck) && s != king;
      if (enemy || fixed) stay[s] = bd[s];
    }
    if (k == king) stay[king] = bd[king];
    std::vector<std::vector<int>> needs;
    bool hopeless = false;
    for (int e = 0; e < 64 && !hopeless; ++e) {
      if (color_of(b[e]) != them || !attacks(b, e, k) || ep_pawns.count(e)) continue;
      if (type_of(b[e]) == 'k') {
        hopeless = true;
        break;
      }
      std::vector<int> squares{e};  // the attacker's square and those between it and K
      const int df = sgn(file_of(e) - file_of(k)), dr = sgn(rank_of(e) - rank_of(k));
      if (type_of(b[e]) != 'n' && type_of(b[e]) != 'p')
        for (int t = k + dr * 8 + df; t != e; t += dr * 8 + df) squares.push_back(t);
      std::vector<int> men;
      for (int x = 0; x < 64; ++x) {
        if (color_of(bd[x]) != me || x == king || p.moved.count(x)) continue;
        Board reach = stay;
        reach[x] = bd[x];
        bool lands = false;
        for (int t : squares) {
          if (type_of(bd[x]) == 'p') {
            const int step = me == WHITE ? 8 : -8, start = me == WHITE ? 1 : 6;
            // diagonally only by a capture or onto a passed square (e.p.); forward one, or two from home
            const bool takes = color_of(bd[t]) == them || std::count(p.ep.begin(), p.ep.end(), t) > 0;
            const bool empty = color_of(bd[t]) != them;  // steps never take
            lands = lands || (takes && attacks(reach, x, t)) || (empty && t == x + step) ||
                    (empty && rank_of(x) == start && t == x + 2 * step && stay[x + step] == EMPTY);
          } else {
            lands = lands || (attacks(reach, x, t) && !pawn_walls_file(p, x, t));
          }
        }
        if (lands) men.push_back(x);
      }
      if (men.empty()) hopeless = true;
      needs.push_back(men);
    }
    if (hopeless) continue;
    // One man each (a matching, tried in full: a few attackers).
    std::function<bool(std::size_t, std::set<int>&)> assign = [&](std::size_t i, std::set<int>& used) {
      if (i == needs.size()) return true;
      for (int x : needs[i]) {
        if (used.count(x)) continue;
        used.insert(x);
        if (assign(i + 1, used)) return true;
        used.erase(x);
      }
      return false;
    };
    std::set<int> used;
    if (assign(0, used)) return false;
  }
  return true;
}

// D-5 as a search (turn spec step 3): the move ends the turn, or some move allowed after it begins a complete
// turn. Only the D-5 ids ask; elsewhere a series that runs out of moves is itself complete. `dead` holds the
// positions (FEN) already found to begin no complete turn, under the same rules: a search of one question.
bool begins_complete_turn(const Variant& v, const Legal& l, std::set<std::string>& dead) {
  if (l.after.turn_ended || stop_allowed(v, l.after.pos)) return true;
  if (v.regime == Regime::EndOfTurn && v.voluntary_stop && v.moves_per_man == 1 && no_safe_end(l.after.pos))
    return false;
  const std::vector<Legal> nexts = candidates(v, l.after.pos);
  // progressive-late-mate (no D-5): a series that runs out of moves ends there (progressive stalemate); it
  // is complete when the king is safe then
  if (nexts.empty() && !v.complete_turn) return !in_check(v, l.after.pos, l.after.pos.stm);
  // a move that ends the turn, or after which it may stop, settles it before any deeper search
  for (const Legal& next : nexts)
    if (next.after.turn_ended || stop_allowed(v, next.after.pos)) return true;
  const std::string key = write_fen(v, l.after.pos);
  if (dead.count(key)) return false;
  for (const Legal& next : nexts)
    if (begins_complete_turn(v, next, dead)) return true;
  dead.insert(key);
  return false;
}

// Does `m` imitate the opponent's last move (equivalent-marseillais)? Castling imitates and is imitated by a
// king or rook move.
bool imitates_type(char last, const Pos& p, const Move& m) {
  const char t = m.castle ? 'c' : mover_type(p, m);
  if (t == last) return true;
  if (t == 'c') return last == 'k' || last == 'r';
  return last == 'c' && (t == 'k' || t == 'r');
}

// Turn spec step 4: obligations on the first move, among what remains; each applies only if some remaining
// move satisfies it (equivalent decision 3, equidistant's waiver).
void apply_obligations(const Variant& v, const Pos& p, std::vector<Legal>& out) {
  if (p.made != 0 || out.empty()) return;
  std::function<bool(const Move&)> keep;
  if (v.obligation == Obligation::Maximummer) {  // one of the longest moves
    int best = 0;
    for (const Legal& l : out) best = std::max(best, squared_length(l.move));
    keep = [best](const Move& m) { return squared_length(m) == best; };
  } else if (v.obligation == Obligation::Equivalent && p.last) {
    keep = [&p](const Move& m) { return imitates_type(p.last, p, m); };
  } else if (v.obligation == Obligation::Equidistant && p.lastlen >= 0) {
    keep = [&p](const Move& m) { return squared_length(m) == p.lastlen; };
  } else {
    return;
  }
  if (std::any_of(out.begin(), out.end(), [&](const Legal& l) { return keep(l.move); }))
    std::erase_if(out, [&](const Legal& l) { return !keep(l.move); });
}

}  // namespace

int quota(const Variant&, const Pos& p) { return p.quota; }

std::vector<int> start_sputniks(const Pos& p) {
  std::vector<int> out;
  for (int w = 0; w < 64 * p.nboards; ++w)
    if (is_sputnik_at(p, w, p.stm)) out.push_back(w);
  return out;
}

// The legal moves: steps 1–2 (candidates), 3 (D-5), 4 (obligations), then the stop where allowed.
std::vector<Legal> legal_list(const Variant& all, const Pos& p) {
  const Variant v = side_rules(all, p.stm);  // §3.3: the side to move's own rules
  std::vector<Legal> out = candidates(v, p);
  // D-5; and END-OF-TURN chosen per series (progressive-late-mate): a move that does not end the series is
  // legal only if the series can still end with the king safe
  if (v.complete_turn || (v.regime == Regime::EndOfTurnIfChecked && end_of_turn_series(v, p))) {
    std::set<std::string> dead;
    std::erase_if(out, [&](const Legal& l) { return !begins_complete_turn(v, l, dead); });
  }
  apply_obligations(v, p, out);
  if (stop_allowed(v, p)) {
    Move stop;
    stop.stop = true;
    out.push_back({stop, play_stop(v, p)});
  }
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

namespace {
// Complete turns from p of at most `left` more moves; `mid` = at least one move of the turn was played here.
std::uint64_t turns_from(const Variant& v, const Pos& p, int left, bool mid) {
  std::vector<Legal> list = legal_list(v, p);
  if (list.empty()) return mid ? 1 : 0;  // the series ran out of moves: it ends here (progressive stalemate)
  if (left <= 0) return 0;
  std::uint64_t n = 0;
  for (const Legal& l : list) n += l.after.turn_ended ? 1 : turns_from(v, l.after.pos, left - 1, true);
  return n;
}
}  // namespace

std::uint64_t count_turns_pos(const Variant& v, const Pos& p, int max_moves) {
  return turns_from(v, p, max_moves, false);
}

// §1.5 / D-5 / D-8 game end for the side to move.
std::string outcome_pos(const Variant& all, const Pos& p) {
  const Variant v = side_rules(all, p.stm);  // §3.3: the side to move's own rules
  const char* colour[2] = {"-white", "-black"};
  if (const int g = goal_result(v, p); g != -2) {  // §1.10 goals, whoever is to move
    const std::string word =
        v.goal.win == Win::PromotionRace ? (g == -1 ? "no-pawns" : "promotion") : "all-men-lost";
    return g == -1 ? word : word + colour[g];
  }
  if (v.goal.royal_king && !has_king(p, p.stm)) return "king-captured";
  if (v.double_attack_at_turn_start && !has_king(p, 1 - p.stm)) return "king-captured";
  if (!legal_list(v, p).empty()) return "ongoing";
  // §1.5: "the result of stalemate is a per-variant setting" (the winner is named when it is not a draw)
  std::string stalemate = "stalemate";
  if (v.goal.stalemate == StalemateResult::WinForStalemated) stalemate += colour[p.stm];
  if (v.goal.stalemate == StalemateResult::LossForStalemated) stalemate += colour[1 - p.stm];
  // progressive stalemate; Galvin draw (swarm: "in check at the start and no first move escapes → loss")
  if (p.made > 0 || (v.regime == Regime::None && !v.escape_first_move)) return stalemate;
  // checkmate: in check at the start of the turn and no legal first move (D-5 never counts toward this test;
  // the composition does: citizen's first move must be a piece move)
  // END-OF-TURN: in check at the start and no complete legal turn ends with the king safe (§1.5).
  if (end_of_turn_series(v, p)) return in_check(v, p, p.stm) ? "checkmate" : stalemate;
  if (in_check(v, p, p.stm) && candidates(v, p).empty()) return "checkmate";
  return stalemate;
}

}  // namespace hc::reference::detail
