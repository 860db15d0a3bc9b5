#include "engine/solver.hpp"

#include <algorithm>

#include "engine/mate_bound.hpp"
#include "engine/wide_turn.hpp"
#include "rules/turn.hpp"

namespace hc {

namespace {

// The side to move has lost (mate, mate under the last-move check rule, king capture, the variant's goal or
// stalemate result).
bool side_to_move_lost(Position& pos, GameResult& r) {
  r = evaluate(pos);
  return r.winner.has_value() && *r.winner != pos.side();
}

}  // namespace

bool MateSolver::out_of_budget() {
  if (stopped_) return true;
  if (opt_.node_limit && nodes_ >= opt_.node_limit) stopped_ = true;
  if (opt_.stop && opt_.stop->load(std::memory_order_relaxed)) stopped_ = true;
  if (opt_.time_limit_s > 0 && (nodes_ & 1023) == 0 &&
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count() > opt_.time_limit_s)
    stopped_ = true;
  return stopped_;
}

// Attacker: checks first (they end multi-move turns and restrict the defender), then captures.
// Defender: captures first (they most often refute).
// In the attacker's wide turns (wide_turn.hpp): checks, then captures and moves that attack the enemy king's
// field (king_zone_score), then the rest.
void MateSolver::order(Position& pos, MoveList& list, bool attacker) {
  if (list.size() < 2) return;
  int score[MoveList::kCapacity];
  const Color them = ~pos.side();
  const bool wide = attacker && wide_turn(pos);
  for (int i = 0; i < list.size(); ++i) {
    Move m = list[i];
    int s = pos.ops().removes_men(pos, m) ? (wide ? 16 : 1) : 0;
    if (wide) s += 2 * king_zone_score(pos, m);
    if (attacker) {
      Undo u;
      pos.ops().make(pos, m, u);
      if (pos.king_board(them) < 0 || pos.ops().checkers(pos, them)) s += wide ? 64 : 4;
      pos.undo(u);
    }
    score[i] = s;
  }
  list.sort_by(score);
}

bool MateSolver::attack(Position& pos, int turns) {
  ++nodes_;
  if (out_of_budget()) return false;
  const Key k = tt_key(pos, 0, turns);
  if (auto it = tt_.find(k); it != tt_.end()) return it->second;
  // The last turn: the moves left in it must suffice to cover the king's square and field (mate_bound.hpp).
  if (turns == 1 && use_bound_) {
    const TurnState& st = pos.state();
    const int left = st.quota - st.made;
    if (mate_lower_bound(pos, attacker_, left) > left) {
      ++pruned_;
      tt_[k] = false;
      return false;
    }
  }
  MoveList list;
  pos.ops().legal_moves(pos, list);  // empty: the attacker is mated or stalemated (mid-series too): no win
  order(pos, list, true);
  bool win = false;
  if (list.empty()) {  // … unless a goal or the stalemate result says the attacker has won (losing games)
    const GameResult r = evaluate(pos);
    win = r.winner.has_value() && *r.winner == attacker_;
  }
  // SolveOptions::width: deep inside a wide turn only the best moves by the order, and the stop.
  int width = list.size();
  if (opt_.width > 0 && pos.state().made >= 1 && wide_turn(pos)) {
    const int w = int(pos.state().made) >= opt_.turn_moves && opt_.turn_moves > 0 ? 1 : opt_.width;
    if (list.size() > w) width = w, narrowed_ = true;
  }
  for (int i = 0; i < list.size(); ++i) {
    const Move m = list[i];
    if (i >= width && !(m == kStopMove)) continue;
    Undo u;
    pos.ops().make(pos, m, u);
    // Checks only: a turn that ends without check (or a captured king) is not tried (a heuristic: a found
    // mate is proven, "no mate" is not).
    if (opt_.checks_only && u.turn_ended && pos.king_board(pos.side()) >= 0 && !in_check(pos))
      win = false;
    else
      win = u.turn_ended ? defend(pos, turns) : attack(pos, turns);
    pos.undo(u);
    if (win || stopped_) break;
  }
  if (!stopped_) tt_[k] = win;
  return win;
}

bool MateSolver::defend(Position& pos, int turns) {
  // After the attacker's last turn only a mate or a captured king counts; a king not in check (where check
  // is observed) is neither, and the test is far cheaper than the full outcome.
  if (turns <= 1 && !pos.rules().has_goal() && pos.king_board(pos.side()) >= 0 &&
      (!pos.rules().checkmate_possible(pos.side()) || !in_check(pos)))
    return false;
  GameResult r;
  if (side_to_move_lost(pos, r)) return true;
  if (r.outcome != Outcome::kOngoing) return false;  // stalemate or a draw rule: no mate
  if (turns <= 1) return false;
  return defend_moves(pos, turns);
}

bool MateSolver::defend_moves(Position& pos, int turns) {
  ++nodes_;
  if (out_of_budget()) return false;
  const Key k = tt_key(pos, 1, turns);
  if (auto it = tt_.find(k); it != tt_.end()) return it->second;
  MoveList list;
  pos.ops().legal_moves(pos, list);
  // No move mid-turn: a stalemate of the series (a draw), not a mate — unless the game ended by a goal.
  GameResult over;
  bool all_lose = list.empty() ? side_to_move_lost(pos, over) : true;
  order(pos, list, false);
  for (Move m : list) {
    Undo u;
    pos.ops().make(pos, m, u);
    bool lose;
    if (u.turn_ended) {
      // A defender's move that captured or exploded the attacker's king has won for the defender.
      // (A king that is an ordinary man may go without ending anything.)
      lose = (!pos.rules().royal_king || pos.king_board(attacker_) >= 0) && attack(pos, turns - 1);
    } else {
      lose = defend_moves(pos, turns);
    }
    pos.undo(u);
    if (!lose || stopped_) {
      all_lose = false;
      break;
    }
  }
  if (!stopped_) tt_[k] = all_lose;
  return all_lose;
}

namespace {

void play_turn(Position& pos, const std::vector<Move>& turn, std::vector<Undo>& undos) {
  for (Move m : turn) {
    undos.emplace_back();
    pos.ops().make(pos, m, undos.back());
  }
}
void take_back(Position& pos, std::vector<Undo>& undos, std::size_t keep) {
  while (undos.size() > keep) {
    pos.undo(undos.back());
    undos.pop_back();
  }
}

}  // namespace

// The attacker's first winning turn found depth-first (the table makes this cheap after the search).
bool MateSolver::find_winning_turn(Position& pos, int turns, std::vector<Move>& turn) {
  MoveList list;
  pos.ops().legal_moves(pos, list);
  order(pos, list, true);
  for (Move m : list) {
    Undo u;
    pos.ops().make(pos, m, u);
    turn.push_back(m);
    bool found = u.turn_ended ? defend(pos, turns) : find_winning_turn(pos, turns, turn);
    pos.undo(u);
    if (found) return true;
    turn.pop_back();
  }
  return false;
}

// Main line from a key: the key, then the defence that delays the mate longest, the attacker's next winning
// turn, and so on.
void MateSolver::build_line(Position& pos, int turns, const std::vector<Move>& key,
                            std::vector<std::vector<Move>>& line) {
  std::vector<Undo> undos;
  std::vector<Move> turn = key;
  for (int guard = 0; guard < 2 * opt_.mate_in + 2 && !stopped_; ++guard) {
    if (guard > 0) {
      turn.clear();
      if (!find_winning_turn(pos, turns, turn)) break;
    }
    line.push_back(turn);
    play_turn(pos, turn, undos);
    GameResult r;
    if (side_to_move_lost(pos, r) || turns <= 1) break;
    std::vector<Move> best;
    int best_len = 0;
    for_each_turn(
        pos,
        [&](const std::vector<Move>& d) {  // called with the defender's turn d already played
          int k = 1;
          while (k < turns - 1 && !attack(pos, k)) ++k;
          if (k > best_len) best_len = k, best = d;
        },
        5000);
    if (best.empty()) break;
    line.push_back(best);
    play_turn(pos, best, undos);
    turns = best_len;
  }
  take_back(pos, undos, 0);
}

// A mate within a wide turn, when one key is enough: narrow passes first — the attacker's turns of at most L
// moves, the best SolveOptions::width moves per node, L growing — each on a share of the budget; a key they
// find is proven all the same (the defence is never narrowed). Then the full search on what is left.
// Depth-first over a wide turn, a wrong first choice would otherwise hold the search in its subtree for good.
SolveResult MateSolver::solve(Position& pos, const SolveOptions& opt) {
  if (opt.all_solutions || opt.mate_in != 1 || opt.width > 0 || !wide_turn(pos)) return solve_pass(pos, opt);
  const auto t0 = std::chrono::steady_clock::now();
  const std::uint64_t pass_nodes = opt.node_limit ? std::max<std::uint64_t>(opt.node_limit / 8, 1) : 1000000;
  std::uint64_t used = 0;
  for (int moves : {2, 3, 4, 6, 8}) {
    SolveOptions narrow = opt;
    narrow.width = kNarrowWidth;
    narrow.turn_moves = moves;
    narrow.node_limit = pass_nodes;
    narrow.time_limit_s = opt.time_limit_s / 8;
    narrow.progress = nullptr;
    SolveResult r = solve_pass(pos, narrow);
    used += r.nodes;
    if (r.mate || (opt.stop && opt.stop->load())) {
      r.nodes = used;
      r.complete = r.mate;  // a key found is proven, and the shortest (mate in 1)
      r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      return r;
    }
  }
  SolveOptions full = opt;
  const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (opt.node_limit) full.node_limit = opt.node_limit > used ? opt.node_limit - used : 1;
  if (opt.time_limit_s > 0) full.time_limit_s = std::max(0.001, opt.time_limit_s - spent);
  SolveResult r = solve_pass(pos, full);
  r.nodes += used;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

SolveResult MateSolver::solve_pass(Position& pos, const SolveOptions& opt) {
  opt_ = opt;
  attacker_ = pos.side();
  nodes_ = 0;
  stopped_ = false;
  narrowed_ = false;
  tt_.clear();
  pruned_ = 0;
  use_bound_ = opt.mate_bound && mate_bound_applies(pos.rules());
  start_ = std::chrono::steady_clock::now();
  SolveResult res;
  int mate_length = 0;
  // Iterative deepening: the shortest mate first, so a key is reported with its true length.
  std::vector<Move> prefix;
  int n = 1;
  std::vector<std::vector<Move>>* keys = &res.keys;
  // Every complete first turn that wins in n. Inside the turn a prefix is followed only where attack() (with
  // its table) says the rest of the turn can still win, so a long series is not enumerated blindly.
  std::function<void()> keys_from = [&]() {
    MoveList list;
    pos.ops().legal_moves(pos, list);
    order(pos, list, true);
    ++nodes_;
    for (Move m : list) {
      if (stopped_ || (!opt.all_solutions && !keys->empty())) return;
      if (res.keys.size() + (keys == &res.keys ? 0 : keys->size()) >= opt.max_solutions) {
        res.truncated = true;
        return;
      }
      Undo u;
      pos.ops().make(pos, m, u);
      prefix.push_back(m);
      if (u.turn_ended) {
        if (defend(pos, n)) keys->push_back(prefix);
      } else if (attack(pos, n)) {
        keys_from();
      }
      prefix.pop_back();
      pos.undo(u);
    }
  };
  for (n = 1; n <= opt.mate_in && !stopped_; ++n) {
    res.keys.clear();
    keys_from();
    if (opt.progress)
      opt.progress("mate in " + std::to_string(n) + ": " + std::to_string(res.keys.size()) + " key(s), " +
                   std::to_string(nodes_) + " nodes");
    if (!res.keys.empty()) {
      res.mate = true;
      mate_length = n;
      break;
    }
  }
  res.key_lengths.assign(res.keys.size(), mate_length);
  // SolveOptions::longer_keys: the keys that need more turns than the shortest, up to mate_in, each with the
  // least number of turns it needs.
  if (opt.longer_keys && opt.all_solutions && res.mate && mate_length < opt.mate_in && !stopped_ &&
      !res.truncated) {
    std::vector<std::vector<Move>> within;
    keys = &within;
    n = opt.mate_in;
    keys_from();
    for (const auto& key : within) {
      if (stopped_) break;
      if (std::find(res.keys.begin(), res.keys.end(), key) != res.keys.end()) continue;
      std::vector<Undo> undos(key.size());
      for (std::size_t i = 0; i < key.size(); ++i) pos.ops().make(pos, key[i], undos[i]);
      int len = opt.mate_in;
      for (int k = mate_length + 1; k < opt.mate_in; ++k)
        if (defend(pos, k)) {
          len = k;
          break;
        }
      for (std::size_t i = key.size(); i-- > 0;) pos.undo(undos[i]);
      res.keys.push_back(key);
      res.key_lengths.push_back(len);
    }
  }
  for (std::size_t i = 0; i < res.keys.size(); ++i) {
    res.lines.emplace_back();
    build_line(pos, res.key_lengths[i], res.keys[i], res.lines.back());
  }
  res.mate_length = mate_length;
  res.complete = !stopped_ && !narrowed_;
  res.nodes = nodes_;
  res.pruned = pruned_;
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  return res;
}

}  // namespace hc
