#include "engine/eval.hpp"

#include <algorithm>
#include <cstdlib>

#include "rules/generic_kernel.hpp"

namespace hc {

namespace {

// Placement by square from White's side (a1 = 0); Black reads the square mirrored (s ^ 56).
constexpr int kCentre[64] = {-20, -10, -10, -10, -10, -10, -10, -20,  //
                             -10, 0,   0,   5,   5,   0,   0,   -10,  //
                             -10, 0,   10,  15,  15,  10,  0,   -10,  //
                             -10, 5,   15,  20,  20,  15,  5,   -10,  //
                             -10, 5,   15,  20,  20,  15,  5,   -10,  //
                             -10, 0,   10,  15,  15,  10,  0,   -10,  //
                             -10, 0,   0,   5,   5,   0,   0,   -10,  //
                             -20, -10, -10, -10, -10, -10, -10, -20};
constexpr int kPawnRank[8] = {0, 0, 5, 10, 20, 35, 60, 0};
constexpr int kPassedMg[8] = {0, 5, 5, 10, 20, 35, 60, 0};
constexpr int kPassedEg[8] = {0, 10, 15, 25, 45, 75, 120, 0};
constexpr int kKingHomeMg[8] = {5, 15, 10, -10, 0, -10, 20, 5};  // first rank; higher ranks are penalised
// The promotion race (Goal::kPromotionRace): a pawn's way to the last rank is the whole game.
constexpr int kRacePawnRank[8] = {0, 0, 20, 45, 90, 180, 360, 0};

// Mobility per reachable square (mg, eg) and the count that scores zero.
// Index 7 the capricorn, whose "mobility" is its butting reach (the squares next to those it can move to);
// 8 and 9 the fers and the alfil (at most 4 squares each).
constexpr int kMobMg[kPieceTypeCount] = {0, 0, 4, 5, 2, 1, 0, 1, 3, 3};
constexpr int kMobEg[kPieceTypeCount] = {0, 0, 4, 5, 4, 2, 0, 2, 3, 3};
constexpr int kMobBase[kPieceTypeCount] = {0, 0, 4, 6, 6, 12, 0, 14, 2, 2};

// King danger: per man attacking the king's field, per man one move from attacking it.
constexpr int kAttackUnits[kPieceTypeCount] = {0, 0, 20, 20, 25, 40, 0, 25, 12, 10};
constexpr int kThreatUnits[kPieceTypeCount] = {0, 0, 12, 12, 15, 25, 0, 15, 8, 6};
// Check by both colours: an own piece on its king's field (Eval::own_men_near_king).
constexpr int kOwnManNearKing = 20;
// Phase weight of non-pawn men (24 = all of them on the boards).
constexpr int kPhase[kPieceTypeCount] = {0, 0, 1, 1, 2, 4, 0, 2, 1, 1};

constexpr Square relative(Color c, Square s) { return c == kWhite ? s : s ^ 56; }
inline int distance(Square a, Square b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}
inline Bitboard pawn_attacks_set(Color c, Bitboard p) {
  const Bitboard up = c == kWhite ? p << 8 : p >> 8;
  return shift_west(up) | shift_east(up);
}
// The squares at distance one from b, and b.
inline Bitboard grow(Bitboard b) {
  const Bitboard v = b | (b << 8) | (b >> 8);
  return v | shift_west(v) | shift_east(v);
}
// Under Butting::kEveryMan the pawns of colour c attack the squares next to their steps straight ahead.
inline Bitboard pawn_butts(Color c, Bitboard p, Bitboard occ) {
  const Bitboard one = (c == kWhite ? p << 8 : p >> 8) & ~occ;
  return grow(one);
}

// The squares from which a knight, bishop, rook or queen attacks one of `targets` (occupancy occ), by type
// (the other types: none): where a man must go to attack them with its next move.
struct Reach {
  Bitboard by_type[kPieceTypeCount]{};
  Reach(Bitboard targets, Bitboard occ) {
    for (; targets;) {
      const Square s = pop_lsb(targets);
      by_type[kKnight] |= knight_attacks(s);
      by_type[kBishop] |= bishop_attacks(s, occ);
      by_type[kRook] |= rook_attacks(s, occ);
    }
    by_type[kQueen] = by_type[kBishop] | by_type[kRook];
  }
  Bitboard operator[](PieceType t) const { return by_type[t]; }
};

// A non-pawn man with its attacks on its own board.
struct Man {
  Bitboard att;
  Square sq;
  PieceType type;
  Color color;
  std::uint8_t board;
  bool paralysed;
};

constexpr int kMissileValue = 45;  // centipawns for a man's unspent missile

struct Eval {
  const Position& pos;
  const Rules& r;
  const EvalWeights& W;
  int nb;
  bool transfer, explosion, shoot, capturer_dies, kings_capture, same_type_paralysis, royal, race, butt_all;
  int value[kPieceTypeCount];
  Man men[64 * kMaxBoards];
  int count = 0;
  Bitboard paralysed[kMaxBoards]{};
  Bitboard pawn_att[2][kMaxBoards]{};                   // attacks of the pawns that may capture
  Bitboard att_type[2][kMaxBoards][kPieceTypeCount]{};  // attacks of men that may capture, by type
  Bitboard att[2][kMaxBoards]{};                        // union of att_type (kings only where they capture)
  Bitboard att_nonking[2][kMaxBoards]{};                // the same without kings
  int mg[2]{}, eg[2]{}, phase = 0;

  Eval(const Position& p, const EvalWeights& w) : pos(p), r(p.rules()), W(w), nb(p.boards()) {
    transfer = r.transfers();
    explosion = r.capture_explodes();
    shoot = r.capturer_stays();
    capturer_dies = r.capturer_removed();
    kings_capture = r.kings_capture();
    same_type_paralysis = r.same_type_paralysis();
    royal = r.royal_king;
    race = r.goal == Goal::kPromotionRace;
    butt_all = r.butting == Butting::kEveryMan;
    for (int t = 0; t < kPieceTypeCount; ++t) value[t] = piece_value(r, PieceType(t));
  }

  int dest(int b) const { return transfer ? b ^ 1 : b; }

  // Attack maps, paralysis (a man observed by an enemy man of its own type; paralysed men still
  // observe, so the observation maps include them).
  void attacks() {
    for (int b = 0; b < nb; ++b) {
      const Bitboard occ = pos.occupied(b);
      Bitboard observe[2][kPieceTypeCount]{};
      for (Color c : {kWhite, kBlack}) {
        observe[c][kPawn] = butt_all ? pawn_butts(c, pos.pieces(b, c, kPawn), occ)
                                     : pawn_attacks_set(c, pos.pieces(b, c, kPawn));
        for (Bitboard m = pos.pieces(b, c) & ~pos.pieces(b, kPawn); m;) {
          const Square s = pop_lsb(m);
          const PieceType t = type_of(pos.at(b, s));
          // A man that butts attacks the squares next to those it can move to (RULES.md §1.3).
          const Bitboard a =
              r.butts(t) ? grow(generic::reach(pos.at(b, s), s, occ) & ~occ) : attacks_of(t, c, s, occ);
          observe[c][t] |= a;
          men[count++] = Man{a, s, t, c, std::uint8_t(b), false};
        }
      }
      if (same_type_paralysis)
        for (Color c : {kWhite, kBlack})
          for (int t = kPawn; t <= kQueen; ++t)
            paralysed[b] |= pos.pieces(b, c, PieceType(t)) & observe[~c][t];
      for (Color c : {kWhite, kBlack}) {
        const Bitboard pawns = pos.pieces(b, c, kPawn) & ~paralysed[b];
        pawn_att[c][b] = butt_all ? pawn_butts(c, pawns, occ) : pawn_attacks_set(c, pawns);
        att_type[c][b][kPawn] = pawn_att[c][b];
      }
    }
    for (int i = 0; i < count; ++i) {
      Man& m = men[i];
      m.paralysed = (paralysed[m.board] & bb(m.sq)) != 0;
      if (m.paralysed || (m.type == kKing && !kings_capture)) continue;
      att_type[m.color][m.board][m.type] |= m.att;
    }
    for (int b = 0; b < nb; ++b)
      for (Color c : {kWhite, kBlack}) {
        Bitboard a = 0;
        for (int t = kPawn; t <= kQueen; ++t) a |= att_type[c][b][t];
        a |= att_type[c][b][kCapricorn];
        att_nonking[c][b] = a;
        att[c][b] = a | att_type[c][b][kKing];
      }
  }

  // Material, placement, pawns and mobility.
  void men_terms() {
    for (int b = 0; b < nb; ++b) {
      for (Color c : {kWhite, kBlack}) {
        const Color e = ~c;
        const Bitboard own_pawns = pos.pieces(b, c, kPawn), enemy_pawns = pos.pieces(b, e, kPawn);
        for (Bitboard p = own_pawns; p;) {
          const Square s = pop_lsb(p);
          const int rr = rank_of(relative(c, s)), f = file_of(s);
          int v = value[kPawn] + kPawnRank[rr] + (race ? kRacePawnRank[rr] : 0);
          if (paralysed[b] & bb(s)) v -= value[kPawn] / 8;
          mg[c] += v;
          eg[c] += v;
          const Bitboard files = file_bb(f) | (f > 0 ? file_bb(f - 1) : 0) | (f < 7 ? file_bb(f + 1) : 0);
          const int rk = rank_of(s);
          const Bitboard ahead =
              c == kWhite ? (rk < 7 ? ~Bitboard(0) << (8 * (rk + 1)) : 0) : (Bitboard(1) << (8 * rk)) - 1;
          if (!(enemy_pawns & files & ahead)) mg[c] += kPassedMg[rr], eg[c] += kPassedEg[rr];
        }
      }
    }
    for (int i = 0; i < count; ++i) {
      const Man& m = men[i];
      const Color c = m.color;
      const int b = m.board;
      const Square rs = relative(c, m.sq);
      if (m.type == kKing && royal) {
        mg[c] += rank_of(rs) == 0 ? kKingHomeMg[file_of(rs)] : -std::min(60, 20 * rank_of(rs));
        eg[c] += kCentre[rs];
        continue;
      }
      if (m.type == kKing) {  // an ordinary man: its material and a central place, no shelter to keep
        mg[c] += value[kKing] + kCentre[rs];
        eg[c] += value[kKing] + kCentre[rs];
        continue;
      }
      phase += kPhase[m.type];
      int v = value[m.type];
      if (m.paralysed) v -= v / 8;
      mg[c] += v;
      eg[c] += v;
      if (m.type == kKnight || m.type == kBishop)
        mg[c] += kCentre[rs], eg[c] += kCentre[rs] / 2;
      else if (m.type == kQueen)
        mg[c] += kCentre[rs] / 2, eg[c] += kCentre[rs] / 2;
      // Mobility: squares the man could go to that no enemy pawn attacks (transfer: the arrival square on the
      // other board must be free). A paralysed man has none.
      int n = 0;
      if (!m.paralysed) {
        Bitboard area = ~pos.pieces(b, c) & ~pawn_att[~c][b];
        if (transfer) area &= ~pos.occupied(dest(b));
        n = popcount(m.att & area);
      }
      mg[c] += kMobMg[m.type] * (n - kMobBase[m.type]);
      eg[c] += kMobEg[m.type] * (n - kMobBase[m.type]);
    }
    // Missiles (Rules::missiles): a man still holding its missile may once remove an enemy man it attacks
    // without moving: worth about half a pawn, for every man alike.
    if (pos.attributes_used() & attr_bit(Attr::kMissile))
      for (int b = 0; b < nb; ++b)
        for (Color c : {kWhite, kBlack}) {
          const int n = popcount(pos.attribute(b, Attr::kMissile) & pos.pieces(b, c));
          mg[c] += kMissileValue * n;
          eg[c] += kMissileValue * n;
        }
  }

  // King danger of colour c's king (a penalty in centipawns), from the enemy's coming turn.
  int king_danger(Color c) const {
    const int kb = royal ? pos.king_board(c) : -1;  // a king that is an ordinary man fears nothing more
    if (kb < 0) return 0;
    const Color e = ~c;
    const Square k = pos.king_square(c, kb);
    const Bitboard near = king_attacks(k), field = near | bb(k);
    const int moves = std::max(1, coming_moves(pos, e));
    const int ob = transfer ? kb ^ 1 : kb;
    const Bitboard occ = pos.occupied(kb);

    int units = 0, attackers = 0, threats = 0;
    // Direct attacks on the field, on the king's board.
    for (int i = 0; i < count; ++i) {
      const Man& m = men[i];
      if (m.color != e || m.board != kb || m.paralysed || m.type == kKing) continue;
      if (const Bitboard a = m.att & field) {
        ++attackers;
        units += kAttackUnits[m.type] + 6 * popcount(a);
      }
    }
    units += 5 * popcount(pawn_att[e][kb] & field);
    // Men one move from attacking the field. With one move a turn this is the next turn's threat; with two
    // or more it is part of the coming turn; with transfer a man on the other board arrives on the king's
    // board, so it is a check next move.
    if (moves >= 2 || transfer) {
      const Reach reach(field, occ);
      for (int i = 0; i < count; ++i) {
        const Man& m = men[i];
        if (m.color != e || m.paralysed || m.type == kKing || m.type == kPawn) continue;
        if (dest(m.board) != kb) continue;               // its move would not end on the king's board
        if (m.board == kb && (m.att & field)) continue;  // counted as an attacker
        Bitboard to = m.att & ~pos.pieces(m.board, e);
        if (transfer) to &= ~pos.occupied(kb);
        if (to & reach[m.type]) {
          ++threats;
          units += transfer ? kAttackUnits[m.type] : kThreatUnits[m.type];
        }
      }
    }
    // Transfer: the king's field on the other board, where the king arrives when it moves.
    if (transfer) units += 4 * popcount(att[e][ob] & field);
    // Escape squares.
    Bitboard escapes = near & ~pos.pieces(kb, c) & ~att[e][kb];
    if (transfer) escapes &= ~pos.occupied(ob) & ~att[e][ob];
    const int n_escapes = popcount(escapes);
    if (attackers + threats) units += n_escapes == 0 ? 20 : n_escapes == 1 ? 10 : n_escapes == 2 ? 4 : 0;
    // Defenders of the field.
    units -= 4 * popcount(att_nonking[c][kb] & field);
    // Open lines to the king (only pawns block them): heavier when the enemy moves twice or more.
    bool enemy_rooks = false, enemy_bishops = false, enemy_queen = false;
    for (int b = 0; b < nb; ++b) {
      enemy_rooks |= (pos.pieces(b, e, kRook) | pos.pieces(b, e, kQueen)) != 0;
      enemy_bishops |= (pos.pieces(b, e, kBishop) | pos.pieces(b, e, kQueen)) != 0;
      enemy_queen |= pos.pieces(b, e, kQueen) != 0;
    }
    const Bitboard pawns = pos.pieces(kb, kPawn);
    const int open_weight = moves >= 2 ? 4 : 2;
    if (enemy_rooks) units += open_weight * popcount(rook_attacks(k, pawns) & file_bb(file_of(k)));
    if (enemy_bishops) units += open_weight * popcount(bishop_attacks(k, pawns)) / 2;
    // Long series: the whole field and every enemy man within reach matter; a king with few
    // defenders around it is lost.
    if (moves >= 3) {
      const Bitboard zone = grow(field);
      int near_enemy = 0;
      for (int i = 0; i < count; ++i) {
        const Man& m = men[i];
        if (m.color == e && m.type != kKing && !m.paralysed && distance(m.sq, k) <= 3) ++near_enemy;
      }
      const int defenders = popcount(pos.pieces(kb, c) & zone & ~pos.pieces(kb, kKing));
      units += 10 * near_enemy + 5 * popcount(att[e][kb] & field);
      if (defenders < 3) units += 15 * (3 - defenders);
    }
    if (explosion) {
      // No check while the kings touch, and a capture next to both would explode the capturer's king too.
      if (const int ekb = pos.king_board(e); ekb == kb && (near & pos.pieces(kb, e, kKing))) units /= 4;
    }
    if (units <= 0) return 0;
    if (attackers + threats < 2) units /= 2;
    if (!enemy_queen && moves == 1) units = units * 2 / 3;
    const int scale = 16 + 8 * (std::min(moves, 6) - 1);
    return std::min(units * units * scale / (16 * 64), 1200);
  }

  // Check by both colours (RULES.md §4.8): an own piece next to the king is a liability — it takes the king's
  // flights (a knight's squares, or the lines it would check along) and shields nothing it may not also
  // attack. A simple default: each own man but a pawn on the king's field costs a little in the middlegame.
  void own_men_near_king() {
    for (Color c : {kWhite, kBlack}) {
      const int kb = pos.king_board(c);
      if (kb < 0) continue;
      const Bitboard near = king_attacks(pos.king_square(c, kb));
      mg[c] -= kOwnManNearKing * popcount(near & pos.pieces(kb, c) & ~pos.pieces(kb, kPawn));
    }
  }

  // Explosion captures: capturing an enemy man next to the enemy king explodes that king; men next to a king
  // cannot be taken by its own side without exploding it; a queen near the enemy king is dangerous.
  void explosion_terms() {
    for (Color a : {kWhite, kBlack}) {
      const Color v = ~a;
      const int vb = pos.king_board(v), ab = pos.king_board(a);
      if (vb < 0 || ab < 0) continue;
      const Square vk = pos.king_square(v, vb);
      const Bitboard own_king_zone = ab == vb ? grow(pos.pieces(ab, a, kKing)) : 0;
      const Bitboard detonators = pos.pieces(vb, v) & king_attacks(vk) & ~own_king_zone;
      const int hits = popcount(detonators & att_nonking[a][vb]);
      mg[a] += W[Weight::kExplosionHit] * hits;
      eg[a] += W[Weight::kExplosionHit] * hits;
      // a's men next to v's king: immune from v, and they hem the king in.
      const int immune = popcount(pos.pieces(vb, a) & king_attacks(vk) & ~pos.pieces(vb, kKing));
      mg[a] += W[Weight::kExplosionImmune] * immune;
      eg[a] += W[Weight::kExplosionImmune] * immune;
      for (int b = 0; b < nb; ++b)
        for (Bitboard q = pos.pieces(b, a, kQueen); q;) {
          const int d = distance(pop_lsb(q), vk);
          mg[a] += W[Weight::kExplosionQueenNearMg] * (7 - d);
          eg[a] += W[Weight::kExplosionQueenNearEg] * (7 - d);
        }
      // v's fuses: its men next to its own king (not next to a's king too: a capture there would explode
      // a's king as well), and a's men one move from attacking one (a threat the next move makes real).
      const Bitboard fuses = pos.pieces(vb, v) & king_attacks(vk) & ~own_king_zone;
      if (!fuses) continue;
      mg[v] -= W[Weight::kExplosionFuse] * popcount(fuses);
      const Reach reach(fuses, pos.occupied(vb));
      int threats = 0;
      for (int i = 0; i < count; ++i) {
        const Man& m = men[i];
        if (m.color != a || m.board != vb || m.paralysed || m.type == kKing || (m.att & fuses)) continue;
        if (m.att & ~pos.pieces(vb, a) & reach[m.type]) ++threats;
      }
      mg[v] -= W[Weight::kExplosionFuseThreat] * threats;
      eg[v] -= W[Weight::kExplosionFuseThreat] * threats / 2;
    }
  }

  // Men of the side to move that the enemy could win under the capture rule: the side can save as many as it
  // has moves left in this turn; the enemy's coming turn may take as many as it has moves.
  int hanging_penalty() const {
    const Color us = pos.side(), e = ~us;
    int gains[32];
    int n = 0;
    for (int b = 0; b < nb; ++b) {
      Bitboard targets = pos.pieces(b, us) & (royal ? ~pos.pieces(b, kKing) : ~Bitboard(0)) & att[e][b];
      if (transfer && !shoot) targets &= ~pos.occupied(dest(b));  // the capturer must be able to arrive
      for (; targets && n < 32;) {
        const Square s = pop_lsb(targets);
        const int v = value[type_of(pos.at(b, s))];
        int least = kKing;
        for (int t = kPawn; t < kPieceTypeCount; ++t)
          if (att_type[e][b][t] & bb(s)) {
            least = t;
            break;
          }
        const bool defended = (att[us][b] & bb(s)) != 0;
        int gain;
        if (shoot)
          gain = v;
        else if (explosion || capturer_dies)
          gain = v - value[least];
        else if (least == kKing)
          gain = defended ? 0 : v;
        else
          gain = defended ? v - value[least] : v;
        if (gain > 0) gains[n++] = gain;
      }
    }
    if (n == 0) return 0;
    const int saved = std::max(1, coming_moves(pos, us));
    if (n <= saved) return 0;
    std::sort(gains, gains + n, [](int x, int y) { return x > y; });
    const int lost_max = std::max(1, coming_moves(pos, e));
    int sum = 0;
    for (int i = saved; i < n && i < saved + lost_max; ++i) sum += gains[i];
    return shoot ? sum * 3 / 4 : sum / 2;
  }

  int run() {
    attacks();
    men_terms();
    for (Color c : {kWhite, kBlack}) {
      const int d = explosion ? king_danger(c) * W[Weight::kExplosionKingDanger] / 100 : king_danger(c);
      mg[c] -= d;
      eg[c] -= d / 2;
    }
    if (explosion) explosion_terms();
    if (r.check_attackers != CheckAttackers::kEnemy) own_men_near_king();
    const Color us = pos.side();
    const int h = hanging_penalty();
    mg[us] -= h;
    eg[us] -= h;
    const int ph = std::min(phase, 24);
    const int mgs = mg[us] - mg[~us], egs = eg[us] - eg[~us];
    int s = (mgs * ph + egs * (24 - ph)) / 24;
    // Moves still due in this turn are worth a tempo each (multi-move schedules).
    s += 12 * coming_moves(pos, us);
    return goal_sign(r) * s;
  }
};

}  // namespace

int goal_sign(const Rules& r) { return r.goal == Goal::kLoseAllMen ? -1 : 1; }

int piece_value(const Rules& r, PieceType t) {
  // A king that is an ordinary man (royal_king false) is worth about a minor piece: it steps one square, but
  // every way. A royal king has no material value (its loss ends the game).
  if (t == kKing) return r.royal_king ? 0 : r.capturer_removed() ? 250 : 300;
  // A capricorn (rook lines to empty squares, butting every enemy man next to its arrival) is valued as the
  // rook whose place it takes: it cannot take a man on its line, but one move may remove several.
  if (t == kCapricorn) return 500;
  // The medieval men: a fers (one square diagonally) is worth about a pawn and a half, an alfil (a leap of
  // two diagonally, 8 squares of one colour in all) a little less; estimates, as the engine's other values.
  if (t == kFers) return r.capturer_removed() ? 160 : 150;
  if (t == kAlfil) return r.capturer_removed() ? 130 : 120;
  static constexpr int kOrthodox[] = {0, 100, 320, 330, 500, 900, 0};
  // Captures that remove the capturer (explosion, the capturer dying) trade it away: the men's worth is
  // closer together there.
  static constexpr int kTrade[] = {0, 150, 300, 300, 450, 800, 0};
  // A shooter stays where it is and cannot be taken back: long-range men gain.
  static constexpr int kShoot[] = {0, 100, 290, 350, 525, 1000, 0};
  if (r.capturer_removed()) return kTrade[t];
  if (r.capturer_stays()) return kShoot[t];
  return kOrthodox[t];
}

// Moves a side has in this turn (the side to move) or its next: a turn of no fixed length (an unbounded
// quota, a Fibonacci quota in the thousands) counts as at most kMovesCounted, so that the evaluation stays
// far from the mate scores.
int coming_moves(const Position& pos, Color c) {
  constexpr std::uint32_t kMovesCounted = 32;
  const TurnState& st = pos.state();
  if (c == st.side) return int(std::min(kMovesCounted, st.quota - st.made));
  return int(std::min(kMovesCounted, pos.rules().schedule.static_quota(pos.turn_index() + 1)));
}

// The explosion family was fitted by `heterochess tune --family explosion` (Texel's method) on 1,649 atomic
// games of self-play at 3000 nodes per turn from random openings of 6 turns: 849 of the hand-set engine and
// 800 of a first fit's (55,937 quiet positions; K 0.518). The hand-set values were 60, 10, 6, 4, 0, 0, 100;
// the first fit (849 games) 151, 34, 40, 40, -74, 72, 300. Each fit was accepted by SPRT in atomic at 20 ms
// per turn against the values before it (docs/engine.md). King danger sits at the edge of its range
// (weight_range).
const EvalWeights& default_weights() {
  static const EvalWeights w = [] {
    EvalWeights d{};
    d.w[int(Weight::kExplosionHit)] = 120;
    d.w[int(Weight::kExplosionImmune)] = 20;
    d.w[int(Weight::kExplosionQueenNearMg)] = 35;
    d.w[int(Weight::kExplosionQueenNearEg)] = 0;
    d.w[int(Weight::kExplosionFuse)] = -31;
    d.w[int(Weight::kExplosionFuseThreat)] = 68;
    d.w[int(Weight::kExplosionKingDanger)] = 300;
    return d;
  }();
  return w;
}

const char* weight_name(Weight x) {
  static constexpr const char* kNames[kWeightCount] = {
      "explosion.hit",  "explosion.immune",      "explosion.queen_near_mg",  "explosion.queen_near_eg",
      "explosion.fuse", "explosion.fuse_threat", "explosion.king_danger_pct"};
  return kNames[int(x)];
}

WeightRange weight_range(Weight x) {
  static constexpr WeightRange kRanges[kWeightCount] = {{0, 300},    {-100, 100}, {0, 40}, {0, 40},
                                                        {-100, 100}, {0, 150},    {0, 300}};
  return kRanges[int(x)];
}

int evaluate_position(const Position& pos, const EvalWeights& w) {
  Eval e(pos, w);
  return e.run();
}

int evaluate_position(const Position& pos) { return evaluate_position(pos, default_weights()); }

int evaluate_position(const Position& pos, int alpha, int beta) {
  const Rules& r = pos.rules();
  const Color us = pos.side();
  int quick = 0;
  for (int b = 0; b < pos.boards(); ++b)
    for (int t = kPawn; t < kPieceTypeCount; ++t)
      quick += piece_value(r, PieceType(t)) *
               (popcount(pos.pieces(b, us, PieceType(t))) - popcount(pos.pieces(b, ~us, PieceType(t))));
  quick += 12 * coming_moves(pos, us);
  quick *= goal_sign(r);
  // The positional terms rarely exceed this; king danger grows with the enemy's moves.
  const int margin = r.multi_move() ? 700 : 400;
  if (quick - margin >= beta || quick + margin <= alpha) return quick;
  return evaluate_position(pos);
}

}  // namespace hc
