// Fast legal move generation for orthodox men on one board under an observed check regime: checkers, pins and
// check masks computed once per node, no make/unmake (DESIGN.md §2 "where the speed comes from").
#pragma once
#include "rules/movelist.hpp"
#include "rules/origins.hpp"
#include "rules/position.hpp"

namespace hc::orthodox {

inline Bitboard attackers_to(const Position& pos, Square s, Bitboard occ, Color by) {
  Bitboard queens = pos.pieces(0, by, kQueen);
  return ((pawn_attacks(~by, s) & pos.pieces(0, by, kPawn)) |
          (knight_attacks(s) & pos.pieces(0, by, kKnight)) |
          (bishop_attacks(s, occ) & (pos.pieces(0, by, kBishop) | queens)) |
          (rook_attacks(s, occ) & (pos.pieces(0, by, kRook) | queens)) |
          (king_attacks(s) & pos.pieces(0, by, kKing))) &
         occ;
}

// Men of `us` pinned (on orthodox lines) to the king on ksq of board b: the only man between it and an enemy
// slider.
inline Bitboard pinned_men(const Position& pos, Color us, Square ksq, int b = 0) {
  const Color them = ~us;
  const Bitboard occ = pos.occupied(b), queens = pos.pieces(b, them, kQueen);
  const Bitboard rq = pos.pieces(b, them, kRook) | queens, bq = pos.pieces(b, them, kBishop) | queens;
  Bitboard pinned = 0;
  for (Bitboard snipers = (rook_attacks(ksq, 0) & rq) | (bishop_attacks(ksq, 0) & bq); snipers;) {
    Bitboard blockers = between_bb(ksq, pop_lsb(snipers)) & occ;
    if (blockers && !more_than_one(blockers)) pinned |= blockers & pos.pieces(b, us);
  }
  return pinned;
}

// The legal moves of the men on `from.men` (castling: king and rook on `from.castlers`).
template <Color Us>
void generate_legal(const Position& pos, MoveList& list, const Origins& from) {
  constexpr Color Them = ~Us;
  constexpr int Up = Us == kWhite ? 8 : -8;
  constexpr Bitboard kLast = rank_bb(Us == kWhite ? 7 : 0);
  constexpr Bitboard kThird = rank_bb(Us == kWhite ? 2 : 5);
  const Bitboard own = pos.pieces(0, Us), enemy = pos.pieces(0, Them), occ = own | enemy;
  const Bitboard kings = pos.pieces(0, Us, kKing);
  if (!kings) return;
  const Square ksq = lsb(kings);
  const Bitboard checkers = attackers_to(pos, ksq, occ, Them);

  // King moves: destination not attacked with the king lifted off the board.
  if (from.men & kings) {
    Bitboard targets = king_attacks(ksq) & ~own;
    const Bitboard occ_wo_king = occ ^ bb(ksq);
    while (targets) {
      Square t = pop_lsb(targets);
      if (!attackers_to(pos, t, occ_wo_king, Them)) list.push(Move(ksq, t));
    }
  }
  if (more_than_one(checkers)) return;
  const Bitboard mask = checkers ? (between_bb(ksq, lsb(checkers)) | checkers) : ~own;

  const Bitboard pinned = pinned_men(pos, Us, ksq);
  auto allowed = [&](Square s) { return (pinned & bb(s)) ? line_bb(ksq, s) : ~Bitboard(0); };

  // Pieces.
  for (Bitboard b = pos.pieces(0, Us, kKnight) & ~pinned & from.men; b;) {
    Square s = pop_lsb(b);
    for (Bitboard t = knight_attacks(s) & mask; t;) list.push(Move(s, pop_lsb(t)));
  }
  for (Bitboard b = (pos.pieces(0, Us, kBishop) | pos.pieces(0, Us, kQueen)) & from.men; b;) {
    Square s = pop_lsb(b);
    for (Bitboard t = bishop_attacks(s, occ) & mask & allowed(s); t;) list.push(Move(s, pop_lsb(t)));
  }
  for (Bitboard b = (pos.pieces(0, Us, kRook) | pos.pieces(0, Us, kQueen)) & from.men; b;) {
    Square s = pop_lsb(b);
    for (Bitboard t = rook_attacks(s, occ) & mask & allowed(s); t;) list.push(Move(s, pop_lsb(t)));
  }

  // Pawns: unpinned ones set-wise, pinned ones one by one along their pin line.
  auto push_promotions = [&](Square from, Square to) {
    for (PieceType t : {kQueen, kRook, kBishop, kKnight}) list.push(Move(from, to, MoveKind::kPromotion, t));
  };
  const Bitboard pawns = pos.pieces(0, Us, kPawn) & from.men;
  const Bitboard free_pawns = pawns & ~pinned;
  const Bitboard empty = ~occ;
  {
    Bitboard one = shift_up<Us>(free_pawns) & empty;
    Bitboard two = shift_up<Us>(one & kThird) & empty & mask;
    one &= mask;
    for (Bitboard t = one & ~kLast; t;) {
      Square to = pop_lsb(t);
      list.push(Move(to - Up, to));
    }
    for (Bitboard t = one & kLast; t;) {
      Square to = pop_lsb(t);
      push_promotions(to - Up, to);
    }
    for (Bitboard t = two; t;) {
      Square to = pop_lsb(t);
      list.push(Move(to - 2 * Up, to));
    }
    const Bitboard targets = enemy & mask;
    constexpr int kWest = Up - 1, kEast = Up + 1;
    Bitboard west = shift_west(shift_up<Us>(free_pawns)) & targets;
    Bitboard east = shift_east(shift_up<Us>(free_pawns)) & targets;
    for (Bitboard t = west & ~kLast; t;) {
      Square to = pop_lsb(t);
      list.push(Move(to - kWest, to));
    }
    for (Bitboard t = east & ~kLast; t;) {
      Square to = pop_lsb(t);
      list.push(Move(to - kEast, to));
    }
    for (Bitboard t = west & kLast; t;) {
      Square to = pop_lsb(t);
      push_promotions(to - kWest, to);
    }
    for (Bitboard t = east & kLast; t;) {
      Square to = pop_lsb(t);
      push_promotions(to - kEast, to);
    }
  }
  for (Bitboard b = pawns & pinned; b;) {
    Square s = pop_lsb(b);
    const Bitboard line = line_bb(ksq, s);
    Square one = s + Up;
    if ((empty & bb(one)) && (line & bb(one))) {
      if (mask & bb(one)) {
        if (kLast & bb(one))
          push_promotions(s, one);
        else
          list.push(Move(s, one));
      }
      Square two = one + Up;
      if ((kThird & bb(one)) && (empty & bb(two)) && (mask & bb(two))) list.push(Move(s, two));
    }
    for (Bitboard t = pawn_attacks(Us, s) & enemy & mask & line; t;) {
      Square to = pop_lsb(t);
      if (kLast & bb(to))
        push_promotions(s, to);
      else
        list.push(Move(s, to));
    }
  }
  // En passant: rare, so tested exactly by recomputing the sliders' view of the king.
  for (Bitboard eps = pos.state().ep_now; eps;) {
    Square to = pop_lsb(eps);
    Square victim = to - Up;
    if (pos.at(0, victim) != make_piece(Them, kPawn) || (occ & bb(to))) continue;
    for (Bitboard froms = pawn_attacks(Them, to) & pawns; froms;) {
      Square from = pop_lsb(froms);
      Bitboard o = (occ ^ bb(from) ^ bb(victim)) | bb(to);
      if (attackers_to(pos, ksq, o, Them)) continue;
      list.push(Move(from, to, MoveKind::kEnPassant));
    }
  }
  // Castling.
  if (!checkers) {
    constexpr std::uint8_t kRights = Us == kWhite ? (kWhiteOO | kWhiteOOO) : (kBlackOO | kBlackOOO);
    std::uint8_t rights = pos.state().castling & kRights;
    const CastlingGeometry& geo = pos.castling();
    for (const auto& cs : geo.sides) {
      if (!(rights & cs.right) || cs.king_from != ksq || pos.at(0, cs.rook_from) != make_piece(Us, kRook) ||
          !from.castling_allowed(cs.king_from, cs.rook_from))
        continue;
      const Bitboard movers = bb(cs.king_from) | bb(cs.rook_from);
      const Bitboard path = between_bb(cs.king_from, cs.king_to) | bb(cs.king_to) |
                            between_bb(cs.rook_from, cs.rook_to) | bb(cs.rook_to);
      if (path & occ & ~movers) continue;
      bool safe = true;
      for (Bitboard p = between_bb(cs.king_from, cs.king_to) | bb(cs.king_to); p && safe;)
        safe = !attackers_to(pos, pop_lsb(p), occ, Them);
      // Chess960: the castling rook may have screened the king's destination (e.g. a queen on a1, rook on
      // b1).
      if (safe && geo.chess960)
        safe = !attackers_to(pos, cs.king_to, (occ & ~movers) | bb(cs.king_to) | bb(cs.rook_to), Them);
      if (safe) list.push(Move(cs.king_from, geo.move_to(cs), MoveKind::kCastling));
    }
  }
}

// Does the side to move have a legal move other than `excluded`? Answers from the first man found with a
// legal move (the common case: no full generation); falls back to generating when in check or when only
// tricky moves remain.
template <Color Us>
bool has_legal_move(const Position& pos, Move excluded) {
  constexpr Color Them = ~Us;
  const Bitboard own = pos.pieces(0, Us), occ = own | pos.pieces(0, Them);
  const Bitboard kings = pos.pieces(0, Us, kKing);
  auto by_generation = [&] {
    MoveList list;
    generate_legal<Us>(pos, list, Origins());
    for (Move m : list)
      if (!(m == excluded)) return true;
    return false;
  };
  if (!kings || !excluded.is_none()) return by_generation();
  const Square ksq = lsb(kings);
  if (attackers_to(pos, ksq, occ, Them)) return by_generation();
  const Bitboard pinned = pinned_men(pos, Us, ksq);
  for (Bitboard b = pos.pieces(0, Us, kKnight) & ~pinned; b;)
    if (knight_attacks(pop_lsb(b)) & ~own) return true;
  const Bitboard pawns = pos.pieces(0, Us, kPawn) & ~pinned;
  if (shift_up<Us>(pawns) & ~occ) return true;
  if ((shift_west(shift_up<Us>(pawns)) | shift_east(shift_up<Us>(pawns))) & pos.pieces(0, Them)) return true;
  for (Bitboard b = pos.pieces(0, Us, kBishop) | pos.pieces(0, Us, kQueen); b;) {
    Square s = pop_lsb(b);
    Bitboard t = bishop_attacks(s, occ) & ~own;
    if ((pinned & bb(s)) ? (t & line_bb(ksq, s)) : t) return true;
  }
  for (Bitboard b = pos.pieces(0, Us, kRook) | pos.pieces(0, Us, kQueen); b;) {
    Square s = pop_lsb(b);
    Bitboard t = rook_attacks(s, occ) & ~own;
    if ((pinned & bb(s)) ? (t & line_bb(ksq, s)) : t) return true;
  }
  for (Bitboard t = king_attacks(ksq) & ~own; t;)
    if (!attackers_to(pos, pop_lsb(t), occ ^ bb(ksq), Them)) return true;
  return by_generation();
}

// D-5 shortcut for a first move m of a turn with two moves left, made while not in check, on an orthodox
// board: is there another man whose legal move after m is certain? A knight or pawn W (not the mover) that is
// not pinned now and does not share a line with the king and m's origin cannot be pinned after m (m vacates
// only its origin; its arrival square holds our man), so W's move stays legal if its target is free after m.
//
// `quiet_only`: for captures that are not displacements (shots, explosions, kamikaze) only quiet first moves
// and quiet witness moves are vouched for (a witness capture could itself expose or explode the king).
// `royal`: no check at all (royal capture); any man with a move is a witness, pins do not matter.
inline bool second_move_certain(const Position& pos, Move m, Square ksq, Bitboard pinned, bool quiet_only,
                                bool royal = false) {
  if (m.kind() == MoveKind::kCastling || m.kind() == MoveKind::kEnPassant) return false;
  const Color us = pos.side();
  const Square s = m.from(), t = m.to();
  if (quiet_only && pos.at(0, t)) return false;
  if (type_of(pos.at(0, s)) == kKing && !royal) return false;
  const Bitboard own_after = (pos.pieces(0, us) & ~bb(s)) | bb(t);
  const Bitboard free_after = quiet_only ? ~((pos.occupied(0) & ~bb(s)) | bb(t)) : ~own_after;
  if (royal) {
    for (Bitboard w = (pos.pieces(0, us, kKnight) | pos.pieces(0, us, kKing)) & ~bb(s); w;) {
      Square sq = pop_lsb(w);
      if (attacks_of(type_of(pos.at(0, sq)), us, sq, 0) & ~own_after) return true;
    }
  }
  const Bitboard candidates = ~pinned & ~bb(s);
  for (Bitboard w = pos.pieces(0, us, kKnight) & candidates; w;) {
    Square sq = pop_lsb(w);
    if (!(line_bb(ksq, sq) & bb(s)) && (knight_attacks(sq) & free_after)) return true;
  }
  const int up = us == kWhite ? 8 : -8;
  const Bitboard empty_after = ~(pos.occupied(0) | bb(t));
  for (Bitboard p = pos.pieces(0, us, kPawn) & candidates; p;) {
    Square sq = pop_lsb(p);
    if (!(line_bb(ksq, sq) & bb(s)) && (empty_after & bb(sq + up))) return true;
  }
  return false;
}

inline bool has_legal_move(const Position& pos, Move excluded) {
  return pos.side() == kWhite ? has_legal_move<kWhite>(pos, excluded) : has_legal_move<kBlack>(pos, excluded);
}

inline void generate_legal(const Position& pos, MoveList& list, const Origins& from) {
  list.count = 0;
  if (pos.side() == kWhite)
    generate_legal<kWhite>(pos, list, from);
  else
    generate_legal<kBlack>(pos, list, from);
}

}  // namespace hc::orthodox
