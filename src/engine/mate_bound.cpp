#include "engine/mate_bound.hpp"

#include "rules/soundness.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>

namespace hc {

namespace {

constexpr int kFar = 99;  // no route (a bishop to the other colour, a pawn backwards)

// For a man of type t (knight … king) on an empty board: dist[t][from][to], the moves from `from` to `to`;
// cover[t][from][target], the moves from `from` until he attacks `target`.
struct CoverTables {
  std::uint8_t dist[kPieceTypeCount][64][64];
  std::uint8_t cover[kPieceTypeCount][64][64];
  Bitboard reach[kPieceTypeCount][64][16];  // squares at most d moves away (d < 16)

  CoverTables() {
    init_tables();
    for (PieceType t : {kKnight, kBishop, kRook, kQueen, kKing}) {
      auto& dist = this->dist[t];
      for (Square from = 0; from < 64; ++from) {  // breadth-first distances on the empty board
        std::fill(std::begin(dist[from]), std::end(dist[from]), std::uint8_t(kFar));
        dist[from][from] = 0;
        Bitboard frontier = bb(from), seen = bb(from);
        for (int d = 1; frontier; ++d) {
          Bitboard next = 0;
          for (Bitboard f = frontier; f;) next |= attacks_of(t, kWhite, pop_lsb(f), 0);
          next &= ~seen;
          seen |= next;
          for (Bitboard n = next; n;) dist[from][pop_lsb(n)] = std::uint8_t(d);
          frontier = next;
        }
      }
      for (Square from = 0; from < 64; ++from)
        for (int d = 0; d < 16; ++d) {
          Bitboard r = 0;
          for (Square to = 0; to < 64; ++to)
            if (dist[from][to] <= d) r |= bb(to);
          reach[t][from][d] = r;
        }
      // The pieces attack symmetrically: t on a attacks target iff t on target attacks a.
      for (Square from = 0; from < 64; ++from)
        for (Square target = 0; target < 64; ++target) {
          int best = kFar;
          for (Bitboard a = attacks_of(t, kWhite, target, 0); a;)
            best = std::min<int>(best, dist[from][pop_lsb(a)]);
          cover[t][from][target] = std::uint8_t(best);
        }
    }
  }
};

const CoverTables& cover_tables() {
  static const CoverTables tables;
  return tables;
}

// Moves a pawn of colour c on p needs on an empty board until some man it is or becomes attacks `target`:
// as a pawn (one rank a move, two from its first rank; a file a move at most, by captures) or after
// promoting to a queen or a knight (between them they cover every other promotion's squares soonest).
int pawn_cover(const CoverTables& t, Color c, Square p, Square target) {
  auto rel = [c](Square s) { return c == kWhite ? rank_of(s) : 7 - rank_of(s); };
  const int rp = rel(p), fp = file_of(p), fs = file_of(target);
  int best = kFar;
  const int advance = rel(target) - 1 - rp;  // ranks to the attacking rank
  if (advance >= 0) {
    const int files = std::min(std::abs(fp - (fs - 1)), std::abs(fp - (fs + 1)));
    if (advance == 0)
      best = files == 0 ? 0 : kFar;
    else
      best = std::max({1, advance - (rp == 1 && advance >= 2 ? 1 : 0), files});
  }
  const int to_last = std::max(1, 7 - rp - (rp == 1 ? 1 : 0));
  const int last_rank = c == kWhite ? 7 : 0;
  for (int g = std::max(0, fp - to_last); g <= std::min(7, fp + to_last); ++g) {
    const Square promo = make_square(g, last_rank);
    const int after = std::min(t.cover[kQueen][promo][target], t.cover[kKnight][promo][target]);
    best = std::min(best, to_last + after);
  }
  return best;
}

}  // namespace

bool mate_bound_applies(const Rules& r) { return soundness(r).mate_bound; }

namespace {

// Bound 2 as a covering problem: each man who moves ends on one square and covers what he attacks from
// there; men move in different moves. Options are (cost in moves, squares covered) per man.
struct CoverProblem {
  struct Option {
    std::uint8_t man, cost;
    std::uint16_t covers;
  };
  Option options[1024];
  int count = 0;
  bool overflow = false;
  CoverProblem() { std::fill(std::begin(best), std::end(best), std::uint8_t(0xFF)); }
  unsigned used = 0;  // men already given a destination

  // Options of the man being added: the fewest moves per set of squares covered.
  std::uint8_t best[512];
  std::uint16_t touched[512];
  int touches = 0;

  void add(int cost, unsigned covers) {
    if (!covers) return;
    if (best[covers] == 0xFF) touched[touches++] = std::uint16_t(covers);
    best[covers] = std::uint8_t(std::min<int>(best[covers], cost));
  }
  // Closes the options of man `man`: keeps those no other option of his beats (covering as much for no more
  // moves).
  void close_man(int man) {
    for (int i = 0; i < touches; ++i) {
      const unsigned c = touched[i];
      bool beaten = false;
      for (int j = 0; j < touches && !beaten; ++j) {
        const unsigned d = touched[j];
        beaten = d != c && (d & c) == c && best[d] <= best[c];
      }
      if (beaten) continue;
      if (count == 1024)
        overflow = true;  // more options than room (many men): then no pruning
      else
        options[count++] = Option{std::uint8_t(man), best[c], std::uint16_t(c)};
    }
    for (int i = 0; i < touches; ++i) best[touched[i]] = 0xFF;
    touches = 0;
  }
  // Widest options first: a cover is found sooner where one exists.
  void order() {
    std::sort(options, options + count, [](const Option& a, const Option& b) {
      return std::popcount(unsigned(a.covers)) > std::popcount(unsigned(b.covers));
    });
  }
  // Can the squares `need` be covered within `budget` moves? Branches on the square with the fewest options.
  bool feasible(unsigned need, int budget) {
    if (!need) return true;
    unsigned pick = 0;
    int fewest = 1 << 30;
    for (unsigned rest = need; rest; rest &= rest - 1) {
      const unsigned bit = rest & (0u - rest);
      int n = 0;
      for (int i = 0; i < count; ++i)
        n += (options[i].covers & bit) && options[i].cost <= budget && !(used >> options[i].man & 1);
      if (n < fewest) fewest = n, pick = bit;
      if (n == 0) return false;
    }
    for (int i = 0; i < count; ++i) {
      const Option& o = options[i];
      if (!(o.covers & pick) || o.cost > budget || (used >> o.man & 1)) continue;
      used |= 1u << o.man;
      const bool ok = feasible(need & ~o.covers, budget - o.cost);
      used &= ~(1u << o.man);
      if (ok) return true;
    }
    return false;
  }
};

// The bits of `squares` (a subset of `need`) as a mask over need's squares in square order.
unsigned squares_mask(Bitboard squares, Bitboard need) {
#if defined(__BMI2__)
  return unsigned(_pext_u64(squares, need));
#else
  unsigned m = 0;
  int j = 0;
  for (Bitboard n = need; n; ++j) {
    const Square s = pop_lsb(n);
    if (squares & bb(s)) m |= 1u << j;
  }
  return m;
#endif
}

}  // namespace

int mate_lower_bound(const Position& pos, Color attacker, int budget) {
  const CoverTables& t = cover_tables();
  const Color defender = ~attacker;
  const Bitboard kings = pos.pieces(0, defender, kKing);
  if (!kings) return 0;
  const Square k = lsb(kings);
  // Lines through the king's square count as open beyond it (a flight behind the king on a checking line is
  // covered by the checker).
  const Bitboard occ = pos.occupied(0) & ~kings;
  const Bitboard own_men = pos.pieces(0, attacker);
  const int back_rank = attacker == kWhite ? 0 : 7;
  const bool can_castle =
      pos.state().castling & (attacker == kWhite ? kWhiteOO | kWhiteOOO : kBlackOO | kBlackOOO);

  // Moves man `from` needs on an empty board until he attacks s (castling takes the king two files in one
  // move).
  auto route = [&](Square from, PieceType type, Square s) -> int {
    if (type == kPawn) return pawn_cover(t, attacker, from, s);
    int d = t.cover[type][from][s];
    if (type == kKing && can_castle)
      for (int file : {2, 6}) d = std::min(d, 1 + t.cover[kKing][make_square(file, back_rank)][s]);
    return d;
  };
  // Moves the attacker needs until some man of his (other than his king if `no_king`) attacks s: none if one
  // does, at least one if the line is blocked.
  auto cover = [&](Square s, bool no_king) {
    int best = kFar;
    for (Bitboard m = own_men; m && best > 0;) {
      const Square from = pop_lsb(m);
      const PieceType type = type_of(pos.at(0, from));
      if (type == kKing && no_king) continue;
      if (attacks_of(type, attacker, from, occ) & bb(s)) return 0;
      best = std::min(best, std::max(1, route(from, type, s)));
    }
    return best;
  };

  // Italian regime: a flight is closed when the king's step there uncovers one of its own line-pieces
  // through its square onto the attacker's king, provided the defender's next turn has more than one move.
  const Rules& r = pos.rules();
  const Bitboard own_king_bb = pos.pieces(0, attacker, kKing);
  const bool italian =
      r.regime == CheckRegime::kItalian && r.schedule.static_quota(pos.turn_index() + 1) > 1 && own_king_bb;
  Bitboard rays = 0;  // squares beyond k on lines from the defender's line-pieces through k
  if (italian) {
    for (PieceType lt : {kBishop, kRook, kQueen})
      for (Bitboard x = pos.pieces(0, defender, lt); x;) {
        const Square xs = pop_lsb(x);
        if (!(attacks_of(lt, defender, xs, 0) & bb(k))) continue;
        for (Bitboard l = line_bb(xs, k); l;) {
          const Square y = pop_lsb(l);
          if (between_bb(xs, y) & bb(k)) rays |= bb(y);
        }
      }
  }
  // Moves the attacker's king needs to close flight s by standing beyond k on such a line (Italian).
  auto shutter = [&](Square s) {
    int best = kFar;
    const Square own_king = lsb(own_king_bb);
    for (Bitboard y = rays; y;) {
      const Square ys = pop_lsb(y);
      if (line_bb(k, ys) & bb(s)) continue;  // a step along the line keeps it closed
      best = std::min(best, std::max(std::abs(file_of(ys) - file_of(own_king)),
                                     std::abs(rank_of(ys) - rank_of(own_king))));
    }
    return best;
  };

  // The squares to cover: the king's (by a man other than the king) and its flights.
  Square need[9];
  int needs = 0;
  need[needs++] = k;
  for (Bitboard f = king_attacks(k) & ~pos.pieces(0, defender); f;) need[needs++] = pop_lsb(f);

  int shut[9];  // moves for the attacker's king to close flight j by the Italian rule
  for (int j = 0; j < needs; ++j) shut[j] = italian && j > 0 ? shutter(need[j]) : kFar;

  // Bound 1: the dearest single square.
  int bound = cover(k, true);
  for (int j = 1; j < needs && bound < kFar; ++j)
    bound = std::max(bound, std::min(cover(need[j], false), shut[j]));
  if (bound > budget || bound >= kFar) return bound;

  // Bound 2: the squares that no man covers from where he stands (on an empty board) must be covered by men
  // who move, each ending on one square, in different moves (castling moves two men in one move: one move
  // more of budget).
  Bitboard open = 0;
  for (int j = 0; j < needs; ++j) {
    const Square s = need[j];
    bool free = false;
    for (Bitboard m = own_men; m && !free;) {
      const Square from = pop_lsb(m);
      const PieceType type = type_of(pos.at(0, from));
      if (type == kKing && j == 0) continue;
      free = attacks_of(type, attacker, from, 0) & bb(s);
    }
    if (!free) open |= bb(s);
  }
  const Bitboard flights = open & ~bb(k);
  // The flights the attacker's king closes from y under the Italian rule.
  auto shut_from = [&](Square y) -> Bitboard {
    if (!(rays & bb(y))) return 0;
    return flights & ~line_bb(k, y);
  };
  for (Bitboard f = flights; f;) {  // already closed by the king where he stands
    const Square s = pop_lsb(f);
    if (italian && shutter(s) == 0) open &= ~bb(s);
  }
  if (!open) return bound;
  const int slack = can_castle ? 1 : 0;
  const int limit = budget + slack;
  static thread_local CoverProblem p;
  p.count = 0;
  p.used = 0;
  p.overflow = false;
  // Squares from which a man of each type attacks some open square (the pieces attack symmetrically).
  Bitboard from_where[kPieceTypeCount] = {};
  for (Bitboard o = open; o;) {
    const Square s = pop_lsb(o);
    for (PieceType pt : {kKnight, kBishop, kRook, kQueen}) from_where[pt] |= attacks_of(pt, attacker, s, 0);
    if (s != k) from_where[kKing] |= king_attacks(s);
    from_where[kPawn] |= pawn_attacks(~attacker, s);
  }
  if (italian) from_where[kKing] |= rays;
  auto within = [&](PieceType pt, Square from, int moves) { return t.reach[pt][from][std::min(moves, 15)]; };
  // The destinations of one man within the budget, and what he covers from each.
  auto add_options = [&](Square from) {
    const PieceType type = type_of(pos.at(0, from));
    const Bitboard target = type == kKing ? open & ~bb(k) : open;
    if (type == kPawn) {
      auto rel = [&](Square s) { return attacker == kWhite ? rank_of(s) : 7 - rank_of(s); };
      const int rp = rel(from), fp = file_of(from);
      for (Bitboard ys = from_where[kPawn];
           ys;) {  // as a pawn: a rank a move (two from the first), a file at most
        const Square y = pop_lsb(ys);
        const int up = rel(y) - rp, side = std::abs(file_of(y) - fp);
        if (up <= 0 || rel(y) == 7 || side > up) continue;
        const int cost = std::max(up - (rp == 1 && up >= 2 ? 1 : 0), side);
        if (cost <= limit) p.add(cost, squares_mask(pawn_attacks(attacker, y) & target, open));
      }
      const int to_last = std::max(1, 7 - rp - (rp == 1 ? 1 : 0));
      if (to_last > limit) return;
      const int last_rank = attacker == kWhite ? 7 : 0;
      for (int g = std::max(0, fp - to_last); g <= std::min(7, fp + to_last); ++g)
        for (PieceType pt : {kQueen, kKnight}) {
          const Square promo = make_square(g, last_rank);
          for (Bitboard ys = from_where[pt] & within(pt, promo, limit - to_last); ys;) {
            const Square y = pop_lsb(ys);
            p.add(to_last + t.dist[pt][promo][y],
                  squares_mask(attacks_of(pt, attacker, y, 0) & target, open));
          }
        }
      return;
    }
    Bitboard ys = from_where[type] & within(type, from, limit) & ~bb(from);
    const bool castles = type == kKing && can_castle;
    if (castles) ys |= from_where[kKing] & (bb(make_square(2, back_rank)) | bb(make_square(6, back_rank)));
    for (; ys;) {
      const Square y = pop_lsb(ys);
      int cost = t.dist[type][from][y];
      if (castles && rank_of(y) == back_rank && (file_of(y) == 2 || file_of(y) == 6))
        cost = std::min(cost, 1);
      if (cost == 0 || cost > limit) continue;
      Bitboard covers = attacks_of(type, attacker, y, 0) & target;
      if (type == kKing && italian) covers |= shut_from(y) & open;
      p.add(cost, squares_mask(covers, open));
    }
  };
  // Men are numbered in a 32-bit set (`used`); with more men than that the problem is not built (no pruning):
  // leaving men out would make the bound too high.
  if (popcount(own_men) > 32) return bound;
  int man = 0;
  for (Bitboard m = own_men; m; ++man) {
    add_options(pop_lsb(m));
    p.close_man(man);
  }
  p.order();
  if (!p.overflow && !p.feasible(squares_mask(open, open), limit)) return budget + 1;
  return bound;
}

}  // namespace hc
