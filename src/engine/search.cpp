#include "engine/search.hpp"

#include "rules/soundness.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "engine/capture_gain.hpp"
#include "engine/eval.hpp"
#include "engine/wide_turn.hpp"
#include "rules/turn.hpp"

namespace hc {

namespace {

constexpr int kMaxPly = 240;

int to_tt(int score, int turns) {
  if (score >= kMateBound) return score + turns;
  if (score <= -kMateBound) return score - turns;
  return score;
}
int from_tt(int score, int turns) {
  if (score >= kMateBound) return score - turns;
  if (score <= -kMateBound) return score + turns;
  return score;
}

// A move that removes men (the journal's answer, KernelOps::removes_men) other than by taking an own man on
// its destination: a capture of an own man (RULES.md §4.7) only gives material away, so it is ordered as a
// quiet move and left out of quiescence. A move to an empty square that removes men (a sweep) takes an enemy
// man only if its journal says so: a man moving onto an attacked square and swept off itself gives material
// away.
bool takes_enemy(Position& pos, Move m) {
  if (!pos.ops().removes_men(pos, m)) return false;
  const Piece there = pos.at(m.from_board(), m.to());
  if (m.kind() == MoveKind::kEnPassant) return true;
  if (there) return color_of(there) != pos.side();
  const Color us = pos.side();
  Undo u;
  pos.ops().make(pos, m, u);
  const bool enemy = removes_enemy_men(u, us);
  pos.undo(u);
  return enemy;
}

// The order of a capture that does not lose material, by what it wins (capture_gain), the least valuable
// capturer first; the same in the main search and in quiescence.
int capture_key(Position& pos, Move m, int gain) {
  return 16 * std::min(gain, 1 << 16) - int(type_of(pos.at(m.from_board(), m.from())));
}

// Late move reductions in units of depth (kDepthUnit = one turn of one move) by the depth left (in turns) and
// the move's place in the order: about ln(depth) * ln(place) / 2 turns, the usual shape.
struct Reductions {
  int table[64][64];
  Reductions() {
    for (int d = 0; d < 64; ++d)
      for (int i = 0; i < 64; ++i)
        table[d][i] = d && i ? int(kDepthUnit * (0.5 + std::log(double(d)) * std::log(double(i)) / 2.0)) : 0;
  }
};
const Reductions kReductions;

// History with gravity: a bonus moves the entry towards +kHistoryMax, a malus towards -kHistoryMax, each by
// less the closer it already is.
constexpr int kHistoryMax = 1 << 14;
template <class T>
void update_history(T& h, int bonus) {
  h = T(h + bonus - h * std::abs(bonus) / kHistoryMax);
}

}  // namespace

Search::Search(std::size_t hash_mb) : cont_(std::size_t(kPieceCodes) * 64 * kContRow), pv_(kPvPlies) {
  static_assert(kPvPlies == kMaxPly + 2);
  resize_hash(hash_mb);
}

void Search::resize_hash(std::size_t mb) {
  std::size_t n = 1;
  while (n * 2 * sizeof(Entry) <= std::max<std::size_t>(mb, 1) * 1024 * 1024) n *= 2;
  tt_ = std::vector<Entry>(n);  // a new vector: a smaller table gives the memory back
  clear();
}

void Search::clear() {
  std::fill(tt_.begin(), tt_.end(), Entry{});
  std::memset(killers_, 0, sizeof(killers_));
  std::memset(history_, 0, sizeof(history_));
  std::memset(counter_, 0, sizeof(counter_));
  std::fill(cont_.begin(), cont_.end(), std::int16_t(0));
}

std::int16_t* Search::cont_at(int ply, int back) {
  if (ply < back) return nullptr;
  const Move m = path_moves_[ply - back];
  const Piece man = path_men_[ply - back];
  if (!m.raw() || !man) return nullptr;
  return &cont_[(std::size_t(man) * 64 + std::size_t(m.to())) * kContRow];
}

// What the histories say of a quiet move: by its squares, and after the two moves before it.
int Search::quiet_stat(Color us, Move m, PieceType t, const std::int16_t* c1, const std::int16_t* c2) const {
  const int idx = int(t) * 64 + m.to();
  return history_[us][m.from()][m.to()] + (c1 ? c1[idx] : 0) + (c2 ? c2[idx] : 0);
}

// A move's share of a turn: one-move turns cost a full unit; a turn of q moves costs about 2q/(q+1) units, so
// two-move turns cost 1.3 plies and a 7-move series 1.75.
int Search::move_cost(const Position& pos) const {
  // A turn the player may stop (or that has no fixed length) is priced as a three-move turn: its real length
  // is the player's choice, and pricing it by a huge quota would make one ply a whole turn of dozens of
  // moves.
  const Rules& r = pos.rules();
  const bool open_ended = r.any_stop() || r.schedule.kind == ScheduleKind::kUnbounded;
  const int q = open_ended ? std::min<int>(int(pos.state().quota), 3) : int(pos.state().quota);
  if (q <= 1) return kDepthUnit;
  return std::max(kDepthUnit / 4, 2 * kDepthUnit / (q + 1));
}

bool Search::time_up() {
  if (stop_.load(std::memory_order_relaxed)) return true;
  if ((nodes_ & 255) == 0) {
    if (node_limit_ && nodes_ >= node_limit_) stop_ = true;
    const double hard = hard_deadline_.load(std::memory_order_relaxed);
    if (hard > 0 && elapsed() >= hard) stop_ = true;
  }
  return stop_.load(std::memory_order_relaxed);
}

double Search::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void Search::set_time_limits(double soft_s, double hard_s) {
  const double now = elapsed();
  soft_deadline_ = soft_s > 0 ? now + soft_s : 0;
  hard_deadline_ = hard_s > 0 ? now + hard_s : 0;
}

bool Search::is_repetition(const Position& pos, int) const {
  if (pos.state().made) return false;
  const Key k = pos.key();
  // path_'s last entry is this position itself.
  for (std::size_t i = 0; i + 1 < path_.size(); ++i)
    if (path_[i] == k) return true;
  return false;
}

namespace {
// The side has lost its royal king (captured or exploded) while the enemy keeps one: the game is lost. A king
// that is an ordinary man (Rules::royal_king false) decides nothing; goals are scored by terminal_score.
bool lost_royal_king(const Position& pos, Color us) {
  return pos.rules().royal_king && pos.king_board(us) < 0 && pos.king_board(~us) >= 0;
}
}  // namespace

int Search::terminal_score(Position& pos, int turns) {
  GameResult r = evaluate(pos);
  if (r.winner) return *r.winner == pos.side() ? kMate - turns : -kMate + turns;
  return 0;
}

void Search::order(Position& pos, MoveList& list, Move tt_move, int ply) {
  int score[MoveList::kCapacity];
  const int b_side = pos.side();
  // A wide turn (wide_turn.hpp): the stop comes right after captures and promotions, and quiet moves that
  // close on the enemy king before the rest, so that the few moves searched deep inside the turn are these.
  const bool wide = wide_turn(pos);
  // The counter move: the quiet move that last refuted the move before this one.
  const Move prev = ply > 0 ? path_moves_[ply - 1] : Move();
  const Move counter = prev.raw() ? counter_[prev.from()][prev.to()] : Move();
  const std::int16_t* c1 = cont_at(ply, 1);
  const std::int16_t* c2 = cont_at(ply, 2);
  for (int i = 0; i < list.size(); ++i) {
    Move m = list[i];
    int s;
    if (m == tt_move) {
      s = 1 << 30;
    } else if (wide && m == kStopMove) {
      s = (1 << 22) + 4;
    } else if (const int gain = capture_gain(pos, m); gain != kNotCapture) {
      // Captures by what they win (capture_gain), the least valuable capturer first; those that lose material
      // (the capturer dies with more than it takes, or is taken back) after every quiet move.
      s = gain >= 0 ? (1 << 24) + capture_key(pos, m, gain) : -(1 << 20) + gain;
    } else if (m.kind() == MoveKind::kPromotion) {
      s = (1 << 23) + int(m.promotion());
    } else if (ply < 256 && (m == killers_[ply][0] || m == killers_[ply][1])) {
      s = (1 << 22) + 2 + (m == killers_[ply][0]);
    } else if (m == counter) {
      s = (1 << 22) + 1;
    } else if (int zone = wide ? king_zone_score(pos, m) : 0) {
      s = (1 << 21) + 1024 * zone + std::clamp(history_[b_side][m.from()][m.to()] / 16, 0, 1023);
    } else {
      s = quiet_stat(Color(b_side), m, type_of(pos.at(m.from_board(), m.from())), c1, c2);
    }
    score[i] = s;
  }
  list.sort_by(score);
}

int Search::quiesce(Position& pos, int alpha, int beta, int ply, int turns, int qdepth) {
  ++nodes_;
  pv_len_[ply] = 0;
  seldepth_ = std::max(seldepth_, ply);
  const Color us = pos.side();
  if (lost_royal_king(pos, us)) return -kMate + turns;
  if (time_up() || ply >= kMaxPly) return evaluate_position(pos);
  // The table: quiescence results are stored at depth 0 (they answer only quiescence searches); a deeper
  // search's result answers here too.
  const Key key = pos.key() ^ tt_salt_;
  Entry& e = tt_[key & (tt_.size() - 1)];
  if (e.key == key) {
    const int s = from_tt(e.score, turns);
    if (e.bound == 3 || (e.bound == 2 && s >= beta) || (e.bound == 1 && s <= alpha)) return s;
  }
  MoveList list;
  pos.ops().legal_moves(pos, list);
  if (list.empty()) return terminal_score(pos, turns);
  const int alpha0 = alpha;
  const bool evading = pos.state().made == 0 && in_check(pos) && qdepth > -4;
  int best = -kInfinite;
  if (!evading) {
    best = evaluate_position(pos, alpha, beta);
    if (best >= beta) return best;
    alpha = std::max(alpha, best);
    if (qdepth < -8) return best;
    // Captures and promotions, ordered by what they win (capture_gain, read once a move); a capture that
    // loses material (the capturer dies with more than it takes, or is taken back) is not searched here.
    int score[MoveList::kCapacity];
    int n = 0;
    for (int i = 0; i < list.size(); ++i) {
      const Move m = list[i];
      const int gain = capture_gain(pos, m);
      if (m.kind() == MoveKind::kPromotion)
        score[n] = 16 * (gain != kNotCapture ? gain : piece_value(pos.rules(), m.promotion()));
      else if (gain != kNotCapture && gain >= 0)
        score[n] = capture_key(pos, m, gain);
      else
        continue;
      list.moves[n++] = m;
    }
    list.count = n;
    list.sort_by(score);
  } else {
    order(pos, list, Move(), ply);
  }
  for (Move m : list) {
    Undo u;
    path_men_[ply] = pos.at(m.from_board(), m.from());
    pos.ops().make(pos, m, u);
    path_moves_[ply] = m;
    int score = u.turn_ended ? -quiesce(pos, -beta, -alpha, ply + 1, turns + 1, qdepth - 1)
                             : quiesce(pos, alpha, beta, ply + 1, turns, qdepth - 1);
    pos.undo(u);
    if (stop_) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        if (alpha >= beta) break;
      }
    }
  }
  // Stored only where no deeper result of this search is in the slot.
  if (e.key != key ? e.age != age_ || e.depth <= 2 * kDepthUnit : e.depth <= 0) {
    if (e.key != key) e.move = 0;
    e.key = key;
    e.score = std::int16_t(to_tt(best, turns));
    e.depth = 0;
    e.bound = best >= beta ? 2 : best > alpha0 ? 3 : 1;
    e.age = age_;
  }
  return best;
}

int Search::search(Position& pos, int alpha, int beta, int depth, int ply, int turns, bool pv_node) {
  pv_len_[ply] = 0;
  const Color us = pos.side();
  if (lost_royal_king(pos, us)) return -kMate + turns;
  if (depth <= 0 || ply >= kMaxPly) return quiesce(pos, alpha, beta, ply, turns, 0);
  ++nodes_;
  seldepth_ = std::max(seldepth_, ply);
  if (time_up()) return 0;
  const TurnState& st = pos.state();
  const bool turn_start = st.made == 0;
  if (turn_start && ply > 0) {
    if (is_repetition(pos, ply)) return 0;
    const Rules& r = pos.rules();
    if (st.no_progress >= r.progress_limit) return 0;
  }
  // Transposition table.
  const Key key = pos.key() ^ tt_salt_;
  Entry& e = tt_[key & (tt_.size() - 1)];
  Move tt_move{};
  if (e.key == key) {
    tt_move = Move::from_raw(e.move);
    if (!pv_node && e.depth >= depth) {
      int s = from_tt(e.score, turns);
      if (e.bound == 3 || (e.bound == 2 && s >= beta) || (e.bound == 1 && s <= alpha)) return s;
    }
  }
  // Internal iterative reduction: a position deep in the tree the table knows no move for is searched one
  // turn shallower; the move it finds orders the deeper search when the position comes back.
  if (!tt_move.raw() && depth >= 4 * kDepthUnit) depth -= kDepthUnit;
  const bool in_check_now = turn_start && in_check(pos);
  // A turn of one move at its start, not in check, off the principal variation: the node where the pruning of
  // one-move searches is sound (in a multi-move turn the evaluation swings with the moves still due).
  const bool one_move = turn_start && st.quota == 1;
  const bool prunable = !pv_node && ply > 0 && one_move && !in_check_now;
  const int units = depth / kDepthUnit;  // whole turns of depth left
  int static_eval = 0;
  if (prunable) {
    static_eval = evaluate_position(pos);
    // Reverse futility: far enough above beta near the leaves, a real move will not fall below it.
    if (units <= 6 && std::abs(beta) < kMateBound && static_eval - 90 * std::max(units, 1) >= beta)
      return static_eval;
  } else if (!pv_node && ply > 0 && turn_start && !in_check_now && units <= 3 &&
             std::abs(beta) < kMateBound && pos.sound().null_move) {
    // The same at the start of a multi-move turn, with a margin for the swings of several moves.
    static_eval = evaluate_position(pos);
    if (static_eval - 250 * std::max(units, 1) >= beta) return static_eval;
  }
  // Null move: at the start of a turn, not in check, with pieces left, let the opponent play twice; if that
  // still fails high, so will a real turn. Only where rules/soundness.hpp says passing is fair.
  if (!pv_node && turn_start && ply > 0 && depth >= 3 * kDepthUnit && pos.sound().null_move &&
      !in_check_now && (prunable ? static_eval >= beta : evaluate_position(pos, beta - 1, beta) >= beta)) {
    Bitboard pieces = 0;
    for (int b = 0; b < pos.boards(); ++b)
      pieces |= pos.pieces(b, us) & ~pos.pieces(b, kPawn) & ~pos.pieces(b, kKing);
    if (more_than_one(pieces)) {
      Undo u;
      pos.save(u);
      end_turn(pos);
      pos.state().key = pos.state().piece_key ^ pos.state_key();
      path_.push_back(pos.key());
      path_moves_[ply] = Move();
      path_men_[ply] = kNoPiece;
      const int reduction = 3 * kDepthUnit + depth / 4;
      int score = -search(pos, -beta, -beta + 1, depth - reduction, ply + 1, turns + 1, false);
      path_.pop_back();
      pos.undo(u);
      if (stop_) return 0;
      if (score >= beta && score < kMateBound) return score;
    }
  }
  MoveList list;
  pos.ops().legal_moves(pos, list);
  if (list.empty()) return terminal_score(pos, turns);
  order(pos, list, tt_move, ply);
  const int cost = move_cost(pos);
  const int alpha0 = alpha;
  int best = -kInfinite;
  Move best_move{};
  // Late-move pruning inside a wide turn: once a move of the turn is played, off the principal variation,
  // only the best few moves by the order (more with more depth left) and the stop are searched.
  const int width = !pv_node && !turn_start && wide_turn(pos) ? 4 + 2 * depth / kDepthUnit : list.size();
  // Near the leaves of a one-move search: quiet moves late in the order are not searched (move-count
  // pruning), nor any quiet move when the evaluation is far below alpha (futility).
  const int late_quiet = prunable && units <= 4 ? 3 + 2 * units * units : MoveList::kCapacity;
  const bool futile =
      prunable && units <= 2 && std::abs(alpha) < kMateBound && static_eval + 120 + 150 * units <= alpha;
  Move quiets_tried[64];
  int quiet_count = 0;
  std::int16_t* const c1 = cont_at(ply, 1);
  std::int16_t* const c2 = cont_at(ply, 2);
  for (int i = 0; i < list.size(); ++i) {
    const Move m = list[i];
    if (i >= width && !(m == kStopMove)) continue;
    // Pruned quiet moves are told by their place in the order: captures and promotions come first.
    const bool maybe_quiet = !(m == tt_move) && m.kind() != MoveKind::kPromotion && i > 0;
    if (maybe_quiet && best > -kMateBound && (futile || i >= late_quiet) && !takes_enemy(pos, m) &&
        !(m == killers_[std::min(ply, 255)][0])) {
      Undo u;
      pos.ops().make(pos, m, u);
      const bool checks = u.turn_ended && pos.king_board(pos.side()) >= 0 && in_check(pos);
      pos.undo(u);
      if (!checks) continue;
    }
    Undo u;
    const Piece man = pos.at(m.from_board(), m.from());
    path_men_[ply] = man;
    pos.ops().make(pos, m, u);
    path_moves_[ply] = m;
    const bool removes = removes_men(u);  // the journal says whether the move removed men
    const bool quiet = !removes && m.kind() != MoveKind::kPromotion;
    const bool passed = u.turn_ended;
    // A turn of the root side after which the opponent was proven to mate in his next turn, or after which a
    // mating turn found against an earlier candidate still mates.
    const bool refuted = passed && turns == 0 && !refuted_.empty() && is_refuted(pos);
    if (passed && pos.state().made == 0) path_.push_back(pos.key());
    // A one-move turn that gives check is searched half a unit deeper. Not in multi-move schedules: there a
    // check ends the turn early and costs less than the extension, so chains of checks would never run out of
    // depth.
    const bool gives_check = passed && pos.king_board(pos.side()) >= 0 && in_check(pos);
    const int d = depth - cost + (gives_check && cost == kDepthUnit ? kDepthUnit / 2 : 0);
    int score;
    auto child = [&](int a, int b, int dd, bool pv) {
      return passed ? -search(pos, -b, -a, dd, ply + 1, turns + 1, pv)
                    : search(pos, a, b, dd, ply + 1, turns, pv);
    };
    if (refuted) {
      score = -kMate + 2;
      pv_len_[ply + 1] = 0;
    } else if (i == 0) {
      score = child(alpha, beta, d, pv_node);
    } else {
      // Late quiet moves are first searched shallower (late move reduction: more the later the move and the
      // more depth is left, less on the principal variation and for moves with a good history), then with a
      // null window (principal-variation search), and in full only if they might be best.
      int r = 0;
      if (quiet && !in_check_now && !gives_check && depth >= 3 * kDepthUnit && i >= 2) {
        r = kReductions.table[std::min(units, 63)][std::min(i, 63)];
        if (pv_node) r -= kDepthUnit;
        r -= quiet_stat(us, m, type_of(man), c1, c2) * kDepthUnit / (3 * kHistoryMax / 2);
        if (m == killers_[std::min(ply, 255)][0] || m == killers_[std::min(ply, 255)][1]) r -= kDepthUnit;
        r = r * cost / kDepthUnit;  // a move of a multi-move turn is reduced in moves, not in turns
        r = std::clamp(r, 0, d - kDepthUnit / 2);
      }
      score = child(alpha, alpha + 1, d - r, false);
      if (r && score > alpha) score = child(alpha, alpha + 1, d, false);
      if (score > alpha && score < beta) score = child(alpha, beta, d, pv_node);
    }
    if (passed && pos.state().made == 0) path_.pop_back();
    pos.undo(u);
    if (stop_) return 0;
    if (score > best) {
      best = score;
      best_move = m;
      if (score > alpha) {
        alpha = score;
        pv_[ply][0] = m;
        std::memcpy(&pv_[ply][1], &pv_[ply + 1][0], sizeof(Move) * pv_len_[ply + 1]);
        pv_len_[ply] = pv_len_[ply + 1] + 1;
        if (alpha >= beta) {
          if (quiet && ply < 256) {
            if (!(killers_[ply][0] == m)) killers_[ply][1] = killers_[ply][0], killers_[ply][0] = m;
            // The quiet move that refuted: a bonus; the quiet moves tried before it: a malus.
            const int bonus = std::min(units * units + 2 * units + 1, 1200) * 16;
            // (The move has been taken back: each move's man stands on its from-square.)
            auto reward = [&](Move qm, int b) {
              const int idx = int(type_of(pos.at(qm.from_board(), qm.from()))) * 64 + qm.to();
              update_history(history_[us][qm.from()][qm.to()], b);
              if (c1) update_history(c1[idx], b);
              if (c2) update_history(c2[idx], b);
            };
            reward(m, bonus);
            for (int q = 0; q < quiet_count; ++q) reward(quiets_tried[q], -bonus);
            if (ply > 0 && path_moves_[ply - 1].raw())
              counter_[path_moves_[ply - 1].from()][path_moves_[ply - 1].to()] = m;
          }
          break;
        }
      }
    }
    if (quiet && quiet_count < 64) quiets_tried[quiet_count++] = m;
  }
  // Replacement: a new position takes the slot when the entry is of an earlier search or no deeper; the same
  // position always (its move is kept when this search found none better than alpha).
  const bool same = e.key == key;
  if (same || e.age != age_ || depth + 2 * kDepthUnit >= e.depth) {
    if (!same || best > alpha0) e.move = best_move.raw();
    e.key = key;
    e.score = std::int16_t(to_tt(best, turns));
    e.depth = std::int16_t(depth);
    e.bound = best >= beta ? 2 : best > alpha0 ? 3 : 1;
    e.age = age_;
  }
  return best;
}

bool Search::is_refuted(Position& pos) {
  if (std::find(refuted_.begin(), refuted_.end(), pos.key()) != refuted_.end()) return true;
  for (const auto& series : killer_series_) {
    Undo undos[64];
    std::size_t played = 0;
    bool legal = true;
    for (Move m : series) {
      MoveList list;
      pos.ops().legal_moves(pos, list);
      if (!list.contains(m) || played == 64) {
        legal = false;
        break;
      }
      pos.ops().make(pos, m, undos[played++]);
    }
    bool mated = false;
    if (legal) {
      const GameResult r = evaluate(pos);
      mated = r.winner.has_value() && *r.winner != pos.side();
    }
    while (played) pos.undo(undos[--played]);
    if (mated) return true;
  }
  return false;
}

SolveResult Search::probe_mate(Position& pos, double seconds, std::uint64_t nodes) {
  // The probe's nodes are the search's: they count in nodes() and against the search's node limit.
  if (node_limit_) {
    if (nodes_ >= node_limit_) {
      SolveResult none;
      none.complete = false;
      return none;
    }
    nodes = nodes ? std::min(nodes, node_limit_ - nodes_) : node_limit_ - nodes_;
  }
  MateSolver solver;
  SolveOptions opt;
  opt.mate_in = 1;
  opt.all_solutions = false;
  opt.time_limit_s = seconds;
  opt.node_limit = nodes;
  opt.stop = &stop_;
  SolveResult r = solver.solve(pos, opt);  // in a wide turn, narrow passes first (MateSolver::solve)
  nodes_ += r.nodes;
  return r;
}

std::vector<Move> Search::think(Position& pos, const std::vector<Key>& history, const SearchLimits& limits,
                                const std::function<void(const SearchInfo&)>& on_iteration) {
  begin(limits);
  return run(pos, history, limits, on_iteration);
}

void Search::begin(const SearchLimits& limits) {
  stop_ = false;
  nodes_ = 0;
  seldepth_ = 0;
  node_limit_ = limits.nodes;
  start_ = std::chrono::steady_clock::now();
  soft_deadline_ = 0;
  hard_deadline_ = 0;
  if (!limits.ponder)
    set_time_limits(limits.movetime_s > 0 ? limits.movetime_s : limits.soft_time_s,
                    limits.movetime_s > 0 ? limits.movetime_s : limits.hard_time_s);
}

std::vector<Move> Search::run(Position& pos, const std::vector<Key>& history, const SearchLimits& limits,
                              const std::function<void(const SearchInfo&)>& on_iteration) {
  // The time the search means to take (a ponder search learns it at ponderhit: its probes are limited by
  // nodes instead).
  budget_s_ = soft_deadline_.load();
  ++age_;
  refuted_.clear();
  killer_series_.clear();
  // Probes get a share of the time, or of the search's node limit (their nodes count against it,
  // probe_mate), or a node budget of their own when the search is limited by depth alone.
  auto probe_time = [&](double share) { return budget_s_ > 0 ? std::max(0.001, budget_s_ * share) : 0.0; };
  auto probe_nodes = [&](double share) -> std::uint64_t {
    if (budget_s_ > 0) return 0;
    if (limits.nodes) return std::max<std::uint64_t>(1, std::uint64_t(double(limits.nodes) * share));
    return 2000000;
  };
  const TurnState& st = pos.state();
  const Rules& rules = pos.rules();

  // A turn of several moves: a mate within it is found by the proof search, which the general search (its
  // depth counted in turns) might not reach (issue 3 §2: "never miss a mate in the current series").
  // Without check (the king is captured) only in a wide turn, where the search cannot see to its end either.
  if (limits.turn_probes && st.quota - st.made >= 2 &&
      (rules.regime != CheckRegime::kNone || (rules.royal_king && wide_turn(pos)))) {
    SolveResult r = probe_mate(pos, probe_time(0.3), probe_nodes(0.3));
    if (r.mate && !r.keys.empty()) {
      if (on_iteration) {
        SearchInfo info;
        info.depth = 1;
        info.mate = true;
        info.mate_turns = 1;
        info.score = kMate - 1;
        info.nodes = nodes_;
        info.seconds = elapsed();
        info.pv = {r.keys.front()};
        on_iteration(info);
      }
      return r.keys.front();
    }
  }
  // The general search, then a check that the opponent has no mate in his next turn (of several moves) after
  // the chosen turn; a refuted turn's position is scored as lost and the search repeated.
  const bool guard = limits.turn_probes && rules.schedule.static_quota(pos.turn_index() + 1) >= 2 &&
                     rules.regime != CheckRegime::kNone;
  const std::vector<Move> first = deepen(pos, history, limits, on_iteration);
  std::vector<Move> turn = first;
  for (int attempt = 0; guard && !turn.empty() && !stop_; ++attempt) {
    std::vector<Undo> undos(turn.size());
    for (std::size_t i = 0; i < turn.size(); ++i) pos.ops().make(pos, turn[i], undos[i]);
    const Key after = pos.key();
    bool opponent_mates = false;
    if (evaluate(pos).outcome == Outcome::kOngoing) {
      SolveResult r = probe_mate(pos, probe_time(0.15), probe_nodes(0.15));
      opponent_mates = r.mate;
      if (r.mate && !r.keys.empty()) killer_series_.push_back(r.keys.front());
    }
    for (std::size_t i = turn.size(); i-- > 0;) pos.undo(undos[i]);
    if (!opponent_mates) return turn;
    // Every candidate so far loses at once: after a few, the position is taken as lost and the search's
    // first choice (the hardest to find, as far as it saw) is played.
    if (attempt == 7 || (budget_s_ > 0 && elapsed() > budget_s_)) return first;
    refuted_.push_back(after);
    // Scores stored before the refutation are stale: a new salt retires the whole table at no cost.
    tt_salt_ = tt_salt_ * 6364136223846793005ULL + 1442695040888963407ULL;
    turn = deepen(pos, history, limits, on_iteration);
  }
  return turn;
}

std::vector<Move> Search::deepen(Position& pos, const std::vector<Key>& history, const SearchLimits& limits,
                                 const std::function<void(const SearchInfo&)>& on_iteration) {
  const Color root_side = pos.side();
  MoveList root;
  pos.ops().legal_moves(pos, root);
  if (root.empty()) return {};
  std::vector<Move> best_line;
  const int max_depth = limits.depth > 0 ? limits.depth : 64;
  int last_score = 0;
  for (int depth = 1; depth <= max_depth; ++depth) {
    path_ = history;
    if (pos.state().made == 0) path_.push_back(pos.key());
    seldepth_ = 0;
    // Aspiration window around the previous score, widened on failure.
    int window = depth >= 4 && std::abs(last_score) < kMateBound ? 40 : kInfinite;
    int score;
    for (;;) {
      const int lo = window >= kInfinite ? -kInfinite : std::max(-kInfinite, last_score - window);
      const int hi = window >= kInfinite ? kInfinite : std::min(kInfinite, last_score + window);
      score = search(pos, lo, hi, depth * kDepthUnit, 0, 0, true);
      // The full window ends the loop whatever the score (a score at its edge cannot be widened further).
      if (stop_ || (score > lo && score < hi) || window >= kInfinite) break;
      window = window >= 640 ? kInfinite : window * 4;
    }
    last_score = score;
    if (stop_ && (depth > 1 || pv_len_[0] == 0)) break;  // an unfinished iteration is not trusted
    best_line.assign(pv_[0].begin(), pv_[0].begin() + pv_len_[0]);
    SearchInfo info;
    info.depth = depth;
    info.seldepth = seldepth_;
    info.score = score;
    info.nodes = nodes_;
    info.seconds = elapsed();
    if (std::abs(score) >= kMateBound) {
      info.mate = true;
      int n = kMate - std::abs(score);  // turn changes until the mated side is to move
      info.mate_turns = score > 0 ? (n + 1) / 2 : -((n + 1) / 2);
    }
    std::size_t used = 0;
    for (std::size_t i = 0; i < 1000 && i < tt_.size(); ++i) used += tt_[i].age == age_;
    info.hashfull = int(used * 1000 / std::min<std::size_t>(1000, tt_.size()));
    // Group the line into turns.
    std::vector<Undo> undos;
    std::vector<Move> turn;
    for (Move m : best_line) {
      undos.emplace_back();
      pos.ops().make(pos, m, undos.back());
      turn.push_back(m);
      if (undos.back().turn_ended) info.pv.push_back(turn), turn.clear();
    }
    if (!turn.empty()) info.pv.push_back(turn);
    for (auto it = undos.rbegin(); it != undos.rend(); ++it) pos.undo(*it);
    if (on_iteration) on_iteration(info);
    if (stop_) break;
    if (info.mate && info.mate_turns > 0 && (limits.mate == 0 || info.mate_turns <= limits.mate) &&
        !limits.infinite)
      break;
    const double soft = soft_deadline_.load();
    if (soft > 0 && info.seconds >= soft) break;
  }
  // The answer is a whole turn: the line's first turn, completed by short searches if the line ended inside
  // it.
  std::vector<Move> turn;
  std::vector<Undo> undos;
  for (Move m : best_line) {
    if (pos.side() != root_side) break;
    undos.emplace_back();
    pos.ops().make(pos, m, undos.back());
    turn.push_back(m);
    if (undos.back().turn_ended) break;
  }
  if (turn.empty()) turn.push_back(root[0]), undos.emplace_back(), pos.ops().make(pos, root[0], undos.back());
  // Each completing search is one unit deep and bounded: at most kCompletionNodes nodes, and all of them
  // together at most a tenth of the budget past the search's deadline (a timed search; a depth- or
  // node-limited one is bounded by the nodes alone). A turn of many moves is completed move by move, and one
  // unit of depth in the middle of such a turn may still open a long series of captures in quiescence:
  // without these bounds a 100 ms search could take minutes. Past the time, the rest of the turn is the
  // ordering's first choices (captures, promotions, killers, history).
  const bool saved_stop = stop_;
  const double saved_hard = hard_deadline_.load();
  const std::uint64_t saved_limit = node_limit_;
  const double finish_by = saved_hard > 0 ? std::max(saved_hard, elapsed()) + 0.1 * budget_s_ : 0;
  while (!undos.back().turn_ended && pos.side() == root_side) {
    MoveList list;
    pos.ops().legal_moves(pos, list);
    if (list.empty()) break;
    Move m = list[0];
    if (finish_by > 0 && elapsed() >= finish_by) {
      order(pos, list, Move(), 0);
      m = list[0];
    } else {
      stop_ = false;
      hard_deadline_ = finish_by;
      node_limit_ = nodes_ + kCompletionNodes;
      path_ = history;
      search(pos, -kInfinite, kInfinite, kDepthUnit, 0, 0, true);
      if (pv_len_[0] && list.contains(pv_[0][0])) m = pv_[0][0];
    }
    undos.emplace_back();
    pos.ops().make(pos, m, undos.back());
    turn.push_back(m);
  }
  stop_ = saved_stop;
  hard_deadline_ = saved_hard;
  node_limit_ = saved_limit;
  for (auto it = undos.rbegin(); it != undos.rend(); ++it) pos.undo(*it);
  return turn;
}

}  // namespace hc
