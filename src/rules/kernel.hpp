// The generic rules kernel. It is instantiated once per combination of rule components (capture, paralysis,
// boards, royal capture), chosen when a variant is set (src/variants/registry.cpp), so components that are
// off cost nothing in the hot path. Turn-level rules (quota, check ends the turn, Italian check,
// complete-turn principle, compulsory capture, null turn) are runtime settings read once per generation,
// never per move.
//
// Component interface (see src/variants/components.hpp):
//   Capture:   kKingCaptures, kMoverStays, kMoverLands, kPromotesOnCapture, kDisplaces,
//              apply(pos, undo, board, from, to, victim_sq, arriving_piece)   — effects of a capture
//              casualties(pos, board, from, to, victim_sq)                   — squares a capture empties
//              filter_checkers(pos, king_colour, board, king_sq, attackers)  — which attackers give check
//   Paralysis: kActive, paralysed(pos, board)                                — men that cannot
//   move/capture/check Boards:    kBoards, kTransfer, dest(board)                               — where a
//   moved man ends
#pragma once
#include <cassert>
#include <type_traits>

#include "rules/castling.hpp"
#include "rules/movelist.hpp"
#include "rules/orthodox.hpp"
#include "rules/position.hpp"
#include "rules/turn.hpp"

namespace hc {

struct KernelOps {
  void (*legal_moves)(Position&, MoveList&);  // legal next moves, all rules applied
  // Legal by per-move rules only (no turn-level filters), the moves of the men on `from` (Origins(): all).
  void (*per_move_legal)(Position&, MoveList&, const Origins& from);
  // The same by pseudo-legal generation + make/test/unmake.
  void (*per_move_by_make)(Position&, MoveList&, const Origins& from);
  void (*make)(Position&, Move, Undo&);
  bool (*has_legal_move)(Position&, Move excluded);  // some per-move legal move other than `excluded`?
  Bitboard (*checkers)(const Position&, Color);  // men checking colour c's king, under the variant's rules
  // Men of colour `by` on board b attacking square s (RULES.md §1.3 attack, paralysis ignored).
  Bitboard (*attackers_to)(const Position&, int b, Square s, Color by);
  std::uint64_t (*perft)(Position&, int depth);
  // Would make(pos, m) remove at least one man, of either colour, from the board: would its journal hold a
  // removal with a removing Cause (rules/position.hpp is_removing)? The mover's own leaving, its board
  // transfer, the castling rook and a promotion's replacement of the pawn do not count. For a legal move m of
  // pos; pos is unchanged on return. Whoever must know before making a move whether it removes men (move
  // ordering, quiescence, compulsory capture, SAN's `x`) asks this, never occupancy; after make, the journal
  // answers (removes_men(const Undo&)).
  bool (*removes_men)(Position&, Move);
  // The compulsory-capture obligation over a list of legal moves of pos: when some move of `list` removes
  // men (removes_men above), keeps only those, in order; else leaves the list as it is. One call a list, so
  // that the kernel's own removes_men is inlined in the loop (an indirect call a move cost Rifle's perft
  // 15%).
  void (*keep_removing)(Position&, MoveList&);
};

template <class Capture, class Paralysis, class Boards, bool Royal>
struct Kernel {
  static constexpr int kBoards = Boards::kBoards;

  static Bitboard attackers(const Position& pos, int b, Square s, Bitboard occ, Color by) {
    Bitboard queens = pos.pieces(b, by, kQueen);
    Bitboard a = (pawn_attacks(~by, s) & pos.pieces(b, by, kPawn)) |
                 (knight_attacks(s) & pos.pieces(b, by, kKnight)) |
                 (bishop_attacks(s, occ) & (pos.pieces(b, by, kBishop) | queens)) |
                 (rook_attacks(s, occ) & (pos.pieces(b, by, kRook) | queens));
    if constexpr (Capture::kKingCaptures) a |= king_attacks(s) & pos.pieces(b, by, kKing);
    return a & occ;
  }

  static Bitboard attackers_to(const Position& pos, int b, Square s, Color by) {
    return attackers(pos, b, s, pos.occupied(b), by);
  }

  static Bitboard checkers(const Position& pos, Color c) {
    if constexpr (Royal) return 0;
    int b = pos.king_board(c);
    if (b < 0) return 0;
    Square k = pos.king_square(c, b);
    Bitboard a = attackers(pos, b, k, pos.occupied(b), ~c);
    if constexpr (Paralysis::kActive)  // paralysis is found only when some man attacks (it rarely does)
      if (a) a &= ~Paralysis::paralysed(pos, b);
    return Capture::filter_checkers(pos, c, b, k, a);
  }
  static bool opponent_in_check(const Position& pos) { return checkers(pos, ~pos.side()) != 0; }

  // Would the king of `us` be safe on s of board b (king removed from its square)? For castling transit
  // squares.
  static bool king_safe_on(const Position& pos, int b, Square s, Square ksq, Color us) {
    Bitboard occ = pos.occupied(b) ^ bb(ksq);
    Bitboard a = attackers(pos, b, s, occ, ~us);
    if constexpr (Paralysis::kActive)
      if (a) a &= ~Paralysis::paralysed(pos, b);
    return !Capture::filter_checkers(pos, us, b, s, a);
  }

  static void push_pawn_move(MoveList& list, Square from, Square to, int b, bool promotes) {
    int db = Boards::dest(b);
    if (promotes) {
      for (PieceType t : {kQueen, kRook, kBishop, kKnight})
        list.push(Move(from, to, MoveKind::kPromotion, t, b, db));
    } else {
      list.push(Move(from, to, MoveKind::kNormal, kNoType, b, db));
    }
  }

  static void generate_pseudo(const Position& pos, MoveList& list, const Origins& from) {
    const Color us = pos.side(), them = ~us;
    for (int b = 0; b < kBoards; ++b) {
      const Bitboard own = pos.pieces(b, us);
      if (!own) continue;
      const Bitboard enemy = pos.pieces(b, them), occ = own | enemy;
      const int db = Boards::dest(b);
      // Boards with transfer: the man's arrival square must be vacant on the destination board (RULES.md
      // §1.7).
      const Bitboard blocked = Boards::kTransfer ? pos.occupied(db) : 0;
      Bitboard movers = own & from.men;
      if constexpr (Paralysis::kActive) movers &= ~Paralysis::paralysed(pos, b);
      // A shooter stays put: for it the "arrival" is its own square.
      auto capture_ok = [&](Square from, Square to) {
        return Capture::kMoverStays ? !(blocked & bb(from)) : !(blocked & bb(to));
      };
      generate_pawn_moves(pos, list, b, movers & pos.pieces(b, kPawn), enemy, occ, blocked);
      auto piece_moves = [&](Bitboard men, auto attacks) {
        for (; men;) {
          Square s = pop_lsb(men);
          Bitboard targets = attacks(s) & ~own;
          for (Bitboard q = targets & ~enemy & ~blocked; q;)
            list.push(Move(s, pop_lsb(q), MoveKind::kNormal, kNoType, b, db));
          for (Bitboard c = targets & enemy; c;) {
            Square to = pop_lsb(c);
            if (capture_ok(s, to)) list.push(Move(s, to, MoveKind::kNormal, kNoType, b, db));
          }
        }
      };
      piece_moves(movers & pos.pieces(b, kKnight), [](Square s) { return knight_attacks(s); });
      piece_moves(movers & (pos.pieces(b, kBishop) | pos.pieces(b, kQueen)),
                  [&](Square s) { return bishop_attacks(s, occ); });
      piece_moves(movers & (pos.pieces(b, kRook) | pos.pieces(b, kQueen)),
                  [&](Square s) { return rook_attacks(s, occ); });
      piece_moves(movers & pos.pieces(b, kKing), [&](Square s) {
        return Capture::kKingCaptures ? king_attacks(s) : king_attacks(s) & ~enemy;
      });
      generate_castling(pos, list, b, occ, blocked, from);
    }
  }

  // Pawn moves of `pawns` (on board b), set-wise: pushes, double steps, captures (onto squares whose arrival
  // is allowed), e.p., promotions (none on a shot).
  static void generate_pawn_moves(const Position& pos, MoveList& list, int b, Bitboard pawns, Bitboard enemy,
                                  Bitboard occ, Bitboard blocked) {
    if (!pawns) return;
    const Color us = pos.side(), them = ~us;
    const int up = us == kWhite ? 8 : -8, db = Boards::dest(b);
    const Bitboard last = rank_bb(us == kWhite ? 7 : 0), third = rank_bb(us == kWhite ? 2 : 5);
    auto ahead = [us](Bitboard x) { return us == kWhite ? x << 8 : x >> 8; };
    auto emit = [&](Bitboard targets, int delta, bool promotes) {
      for (; targets;) {
        Square to = pop_lsb(targets);
        push_pawn_move(list, to - delta, to, b, promotes);
      }
    };
    const Bitboard one = ahead(pawns) & ~occ;
    const Bitboard two = ahead(one & third) & ~occ & ~blocked;
    emit(one & ~blocked & ~last, up, false);
    emit(one & ~blocked & last, up, true);
    emit(two, 2 * up, false);
    const int west = up - 1, east = up + 1;
    const Bitboard wcap = shift_west(ahead(pawns)) & enemy, ecap = shift_east(ahead(pawns)) & enemy;
    if constexpr (Capture::kMoverStays) {  // a shooter stays: its own square must be free on the other board
      for (Bitboard t = wcap; t;) {
        Square to = pop_lsb(t);
        if (!(blocked & bb(to - west))) push_pawn_move(list, to - west, to, b, false);
      }
      for (Bitboard t = ecap; t;) {
        Square to = pop_lsb(t);
        if (!(blocked & bb(to - east))) push_pawn_move(list, to - east, to, b, false);
      }
    } else {
      const bool promo = Capture::kPromotesOnCapture;
      emit(wcap & ~blocked & ~last, west, false);
      emit(wcap & ~blocked & last, west, promo);
      emit(ecap & ~blocked & ~last, east, false);
      emit(ecap & ~blocked & last, east, promo);
    }
    for (Bitboard eps = pos.state().ep_now; eps;) {
      Square t = pop_lsb(eps);
      Square victim = t - up;
      if (pos.at(b, victim) != make_piece(them, kPawn) || (occ & bb(t))) continue;
      for (Bitboard froms = pawn_attacks(them, t) & pawns; froms;) {
        Square s = pop_lsb(froms);
        if (!(blocked & bb(Capture::kMoverStays ? s : t)))
          list.push(Move(s, t, MoveKind::kEnPassant, kNoType, b, db));
      }
    }
  }

  // D-1 castling: one move, orthodox conditions at the moment it is made; attack tests dropped under royal
  // capture.
  static void generate_castling(const Position& pos, MoveList& list, int b, Bitboard occ, Bitboard blocked,
                                const Origins& from) {
    const Color us = pos.side();
    std::uint8_t rights =
        pos.state().castling & (us == kWhite ? (kWhiteOO | kWhiteOOO) : (kBlackOO | kBlackOOO));
    if (!rights) return;
    const CastlingGeometry& geo = pos.castling();
    for (const auto& cs : geo.sides) {
      if (!(rights & cs.right)) continue;
      if (pos.at(b, cs.king_from) != make_piece(us, kKing) ||
          pos.at(b, cs.rook_from) != make_piece(us, kRook) ||
          !from.castling_allowed(cs.king_from, cs.rook_from))
        continue;
      // A paralysed rook cannot move, so it cannot castle (decision; kings are never paralysed).
      if constexpr (Paralysis::kActive)
        if (Paralysis::paralysed(pos, b) & bb(cs.rook_from)) continue;
      const Bitboard movers = bb(cs.king_from) | bb(cs.rook_from);
      const Bitboard path = between_bb(cs.king_from, cs.king_to) | bb(cs.king_to) |
                            between_bb(cs.rook_from, cs.rook_to) | bb(cs.rook_to);
      if (path & occ & ~movers) continue;
      if (blocked & (bb(cs.king_to) | bb(cs.rook_to))) continue;  // both men transfer (§5.1 castling)
      if constexpr (!Royal) {
        if (!king_safe_on(pos, b, cs.king_from, cs.king_from, us)) continue;
        // The squares the king passes. On one board its arrival square is tested by make/test in the real
        // final position (the rook may screen it, and atomic's touching kings matter there); in Alice the
        // arrival must also be safe on the origin board, before the transfer (§5.1 castling).
        bool safe = true;
        const Bitboard arrival = Boards::kTransfer ? bb(cs.king_to) : 0;
        for (Bitboard p = (between_bb(cs.king_from, cs.king_to) & ~bb(cs.king_to)) | arrival; p && safe;)
          safe = king_safe_on(pos, b, pop_lsb(p), cs.king_from, us);
        if (!safe) continue;
      }
      list.push(Move(cs.king_from, geo.move_to(cs), MoveKind::kCastling, kNoType, b, Boards::dest(b)));
    }
  }

  static void make(Position& pos, Move m, Undo& u) {
    pos.save(u);
    if (m.kind() == MoveKind::kEndTurn) {  // the voluntary stop: the turn ends here (rules/turn.hpp)
      end_turn(pos);
      u.turn_ended = true;
      pos.state().key = pos.state().piece_key ^ pos.state_key();
      assert(pos.is_consistent());
      return;
    }
    const int b = m.from_board(), db = m.to_board();
    const Color us = pos.side();
    const Square from = m.from(), to = m.to();
    const Piece mover = pos.at(b, from);
    const int up = us == kWhite ? 8 : -8;
    // D-4 progress: a pawn move, or a removal with a removing cause in the capture's journal (below).
    bool progress = type_of(mover) == kPawn, ep_capture = false, reversible = false;
    Bitboard landed = 0;
    TurnState& st = pos.state();
    if (pos.rules().ep_from_last_move_only) st.ep_pending = 0;  // only the turn's last move gives a right
    const CastlingGeometry& geo = pos.castling();
    std::uint8_t castling_keep = geo.keep[from] & geo.keep[to];
    MoveFacts facts{mover, from, to, b, db, false, false, m.kind() == MoveKind::kPromotion, 0, 0};
    if (m.kind() == MoveKind::kCastling) {
      const CastlingSide& cs = *geo.find(from, to);
      facts.castling = true;
      facts.rook_from = cs.rook_from;
      facts.rook_to = cs.rook_to;
      Piece rook = pos.at(b, cs.rook_from);
      pos.remove(b, from, u, Cause::kMove);
      pos.remove(b, cs.rook_from, u, Cause::kCastlingRook);
      pos.put(db, cs.king_to, mover, u, Cause::kMove);
      pos.put(db, cs.rook_to, rook, u, Cause::kCastlingRook);
      landed = bb(cs.king_to) | bb(cs.rook_to);
      castling_keep &= geo.keep[cs.rook_from];
    } else {
      Square victim_sq = m.kind() == MoveKind::kEnPassant ? to - up : to;
      Piece arriving = m.kind() == MoveKind::kPromotion ? make_piece(us, m.promotion()) : mover;
      if (pos.at(b, victim_sq)) {
        facts.capture = true;
        ep_capture = m.kind() == MoveKind::kEnPassant;
        int before = u.count;
        Capture::apply(pos, u, b, from, to, victim_sq, arriving);
        // The capture's journal: a removed king or rook loses its castling rights; a removal with a removing
        // cause is progress (D-4). Castling and quiet moves journal no removing cause, so only this part of
        // the journal is read.
        for (int i = before; i < u.count; ++i) {
          const Effect& e = u.effects[i];
          if (e.put) continue;
          castling_keep &= geo.keep[e.square];
          progress |= is_removing(e.cause);
        }
        if constexpr (Boards::kTransfer) {
          Square stand = Capture::kMoverStays ? from : to;
          if (pos.at(b, stand) == arriving) {
            pos.remove(b, stand, u, Cause::kTransfer);
            pos.put(db, stand, arriving, u, Cause::kTransfer);
          }
        }
        landed = bb(to);
      } else {
        pos.remove(b, from, u, Cause::kMove);
        pos.put(db, to, arriving, u, arriving == mover ? Cause::kMove : Cause::kPromotion);
        landed = bb(to);
        reversible = type_of(mover) != kPawn;
        if (type_of(mover) == kPawn && (to - from == 2 * up) && pos.rules().ep_when != EpWhen::kNone)
          st.ep_pending |= bb(from + up);
      }
    }
    // A double-stepped pawn that moves again in the same turn loses its right (§1.8).
    if (st.ep_pending && type_of(mover) == kPawn) st.ep_pending &= ~bb(from - up);
    st.castling &= castling_keep;
    if (st.castling != u.state.castling) reversible = false;
    finish_move(pos, m, u, facts, progress, ep_capture, landed, reversible);
    assert(pos.is_consistent());  // debug builds: every make leaves a consistent position
  }

  // Per-move legality of a pseudo-legal move by make / test / unmake.
  static bool is_legal_by_make(Position& pos, Move m) {
    const Color us = pos.side();
    if constexpr (Royal) return true;
    if constexpr (Boards::kTransfer) {
      // Alice rule 2: a king may not step into check on the board where it moves (before the transfer).
      if (m.kind() == MoveKind::kNormal && type_of(pos.at(m.from_board(), m.from())) == kKing &&
          !origin_board_king_safe(pos, m))
        return false;
    }
    const bool had_king = pos.king_board(us) >= 0, enemy_had_king = pos.king_board(~us) >= 0;
    Undo u;
    make(pos, m, u);
    bool legal;
    if (pos.king_board(us) < 0)
      legal = !had_king;  // own king removed (explosion); a position without kings has none to lose
    else if (enemy_had_king && pos.king_board(~us) < 0)
      legal = true;  // enemy king removed by this move: the game ends at once (a position that had no enemy
                     // king tests its own king as any other)
    else
      legal = checkers(pos, us) == 0;
    pos.undo(u);
    return legal;
  }

  // A shooting king does not step anywhere: rule 2 does not apply to its shot (RULES.md alice, rule 3 does).
  static bool origin_board_king_safe(Position& pos, Move m) {
    const int b = m.from_board();
    if constexpr (Capture::kMoverStays)
      if (pos.at(b, m.to())) return true;
    Undo u;
    pos.save(u);
    Piece k = pos.at(b, m.from());
    if (pos.at(b, m.to())) pos.remove(b, m.to(), u, Cause::kCapture);
    pos.remove(b, m.from(), u, Cause::kMove);
    pos.put(b, m.to(), k, u, Cause::kMove);
    bool safe = checkers(pos, color_of(k)) == 0;
    pos.undo(u);
    return safe;
  }

  static constexpr bool kFast = Capture::kDisplaces && !Paralysis::kActive && !Boards::kTransfer && !Royal;

  static void per_move_legal(Position& pos, MoveList& list, const Origins& from) {
    if constexpr (kFast) {
      // The orthodox generator needs the mover's king; without it (captured: no moves, or a test position
      // without kings) the make/test path follows the kernels' one rule.
      if (pos.king_board(pos.side()) >= 0)
        orthodox::generate_legal(pos, list, from);
      else
        per_move_by_make(pos, list, from);
    } else if constexpr (kSimulate) {
      per_move_simulated(pos, list, from);
    } else {
      per_move_by_make(pos, list, from);
    }
  }

  static void per_move_by_make(Position& pos, MoveList& list, const Origins& from) {
    list.count = 0;
    if (pos.king_board(pos.side()) < 0 && !all_kingless(pos)) return;  // king captured: the game is over
    generate_pseudo(pos, list, from);
    list.keep_if([&](Move m) { return is_legal_by_make(pos, m); });
  }

  // ---- legality without make (DESIGN.md §2): the position after the move is simulated on bitboards ----

  // Checked once per node.
  struct NodeInfo {
    int kb;  // board of our king
    Square ksq;
    Bitboard checkers;
    Bitboard pinned;  // our men pinned (orthodox lines) to the king on its board
    // Men whose moves are legal without a test (not in check): any move (Alice: men off the king's board,
    // whose arrival can only block), or any non-capturing move (unpinned men other than the king).
    Bitboard safe_any = 0, safe_quiet = 0;
  };
  static constexpr bool kSimulate =
      !Paralysis::kActive && !Royal && (Boards::kBoards == 1 || (Boards::kTransfer && Capture::kDisplaces));

  static NodeInfo node_info(const Position& pos) {
    const Color us = pos.side();
    NodeInfo ni{pos.king_board(us), 0, 0, 0};
    ni.ksq = pos.king_square(us, ni.kb);
    ni.checkers = checkers(pos, us);
    const int b = ni.kb;
    ni.pinned = orthodox::pinned_men(pos, us, ni.ksq, b);
    if (!ni.checkers) {
      ni.safe_quiet = pos.pieces(b, us) & ~ni.pinned & ~pos.pieces(b, kKing);
      if constexpr (Boards::kTransfer)
        for (int ob = 0; ob < kBoards; ++ob)
          if (ob != b) ni.safe_any |= pos.pieces(ob, us) & ~pos.pieces(ob, kKing);
    }
    return ni;
  }

  static bool is_legal_simulated(Position& pos, Move m, const NodeInfo& ni) {
    if (m.kind() == MoveKind::kNormal || m.kind() == MoveKind::kPromotion) {
      const Bitboard f = bb(m.from());
      if (Boards::kTransfer && (ni.safe_any & f)) return true;
      if ((ni.safe_quiet & f) && !(pos.pieces(m.from_board(), ~pos.side()) & bb(m.to()))) return true;
    }
    if (m.kind() == MoveKind::kCastling || (Boards::kTransfer && m.kind() == MoveKind::kEnPassant))
      return is_legal_by_make(pos, m);
    const Color us = pos.side(), them = ~us;
    const int b = m.from_board();
    const Square from = m.from(), to = m.to();
    const bool is_king = type_of(pos.at(b, from)) == kKing;
    const bool capture = m.kind() == MoveKind::kEnPassant || pos.at(b, to);
    if constexpr (Boards::kTransfer) {
      const int d = m.to_board();
      if (is_king) {
        // Alice rule 2: not attacked on the origin board after the move (before the transfer) …
        if (attackers(pos, b, to, pos.occupied(b) & ~bb(from), them) & ~bb(to)) return false;
        // … and not attacked on the destination board after the transfer.
        return !attackers(pos, d, to, pos.occupied(d) | bb(to), them);
      }
      // Arriving on the king's board can only block; leaving it exposes the king only through a pin or, since
      // the capturer does not stay, by removing an enemy man that screened another.
      if (!ni.checkers && (b != ni.kb || (!capture && !(ni.pinned & bb(from))))) return true;
      if (b == ni.kb)
        return !(attackers(pos, b, ni.ksq, pos.occupied(b) & ~bb(from) & ~bb(to), them) & ~bb(to));
      return !attackers(pos, d, ni.ksq, pos.occupied(d) | bb(to), them);
    } else {
      // A quiet move of an unpinned man cannot expose the king (not in check).
      if (!capture && !is_king && !ni.checkers && !(ni.pinned & bb(from))) return true;
      const Square victim = m.kind() == MoveKind::kEnPassant ? to + (us == kWhite ? -8 : 8) : to;
      Bitboard removed = bb(from), added = bb(to);
      if (capture) {
        removed = Capture::casualties(pos, b, from, to, victim) | (Capture::kMoverStays ? 0 : bb(from));
        added = Capture::kMoverLands ? bb(to) : 0;
      }
      const Square k = is_king && (added & bb(to)) ? to : ni.ksq;
      if ((removed & bb(ni.ksq)) && k == ni.ksq) return false;  // own king removed (explosion)
      if (removed & pos.pieces(b, them, kKing)) return true;    // enemy king removed: the game ends
      const Bitboard occ = (pos.occupied(b) & ~removed) | added;
      Bitboard a = attackers(pos, b, k, occ, them) & ~removed;
      return !Capture::filter_checkers(pos, us, b, k, a);
    }
  }

  static void per_move_simulated(Position& pos, MoveList& list, const Origins& from) {
    list.count = 0;
    if (pos.king_board(pos.side()) < 0) {
      if (!all_kingless(pos)) return;    // king captured: the game is over
      generate_pseudo(pos, list, from);  // test positions without kings: nothing to expose
      return;
    }
    generate_pseudo(pos, list, from);
    const NodeInfo ni = node_info(pos);
    list.keep_if([&](Move m) { return is_legal_simulated(pos, m, ni); });
  }

  static bool all_kingless(const Position& pos) {
    return pos.king_board(kWhite) < 0 && pos.king_board(kBlack) < 0;
  }

  static bool has_legal_move(Position& pos, Move excluded) {
    if (kFast && pos.king_board(pos.side()) >= 0) {
      return orthodox::has_legal_move(pos, excluded);
    } else {
      MoveList list;
      per_move_legal(pos, list, Origins());
      for (Move m : list)
        if (!(m == excluded)) return true;
      return false;
    }
  }

  static void legal_moves(Position& pos, MoveList& list) {
    if (pos.rules().lost_move && take_continuation(pos, list)) return;
    if (pos.plain_turns()) {  // apply_turn_rules would return at once
      per_move_legal(pos, list, Origins());
      return;
    }
    turn_per_move_legal(pos, list);
    apply_turn_rules(pos, list, kShortcut);
  }

  // D-5 shortcut: with no paralysis, no transfer and check observed, a quiet piece move made when not in
  // check can always be taken back, so the turn can be completed (proof in docs/architecture.md).
  static constexpr CompletionShortcut kShortcut =
      kFast                               ? CompletionShortcut::kQuietReversalAndWitness
      : (kSimulate && !Boards::kTransfer) ? CompletionShortcut::kQuietWitness
      : (Royal && !Boards::kTransfer)     ? CompletionShortcut::kRoyalWitness
                                          : CompletionShortcut::kNone;

  static std::uint64_t perft(Position& pos, int depth) {
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

  // KernelOps::removes_men by occupancy, exact for these kernels: make applies the capture rule exactly when
  // a man stands on the victim's square (`to`, or the passed pawn's square e.p.), every capture rule here
  // removes at least that man, and nothing else removes men.
  static bool removes_men(Position& pos, Move m) {
    if (m.kind() == MoveKind::kCastling || m.kind() == MoveKind::kEndTurn) return false;
    const int up = pos.side() == kWhite ? 8 : -8;
    const Square victim = m.kind() == MoveKind::kEnPassant ? m.to() - up : m.to();
    return pos.at(m.from_board(), victim) != kNoPiece;
  }
  static void keep_removing(Position& pos, MoveList& list) {
    list.keep_if_any([&](Move m) { return removes_men(pos, m); });
  }

  static constexpr KernelOps ops() {
    return KernelOps{&legal_moves,    &per_move_legal, &per_move_by_make, &make,
                     &has_legal_move, &checkers,       &attackers_to,     &perft,
                     &removes_men,    &keep_removing};
  }
};

}  // namespace hc
