#include "problem/problem_solver.hpp"

#include <chrono>
#include <unordered_set>

#include "notation/error.hpp"
#include "rules/turn.hpp"

namespace hc {

namespace {

// What a goal needs to know of the turn just played.
struct LastMove {
  Move move;
  bool took_enemy = false;  // the last move removed a man of the other side
  Color mover = kWhite;
};

// The roles of the table's entries (each a proven yes/no for a position and a count).
enum Role : int {
  kAttack,
  kDefend,
  kSelfAttack,
  kForced,
  kReachInOne,
  kHelpLine,
  kSeriesLine,
  kFinishHelp,
  kFinishSelf
};

class ProblemSearch {
 public:
  ProblemSearch(const Stipulation& st, const ProblemOptions& opt) : st_(st), opt_(opt) {}

  ProblemResult run(Position& pos) {
    start_ = std::chrono::steady_clock::now();
    if (st_.series)
      run_series(pos);
    else if (st_.play == Play::kHelp)
      run_help(pos);
    else
      run_battle(pos);
    result_.complete = !stopped_;
    result_.nodes = nodes_;
    result_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    return std::move(result_);
  }

 private:
  const Stipulation& st_;
  const ProblemOptions& opt_;
  ProblemResult result_;
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;  // a limit ran out
  bool full_ = false;     // max_solutions reached
  bool short_ = false;    // help and series play: the length being searched is below the stipulated one
  std::chrono::steady_clock::time_point start_;
  std::unordered_map<Key, bool> tt_;
  std::unordered_set<Key> dead_;  // inside a turn: no completion does anything (each_turn's salt)

  bool out_of_budget() {
    if (stopped_) return true;
    if (opt_.node_limit && nodes_ >= opt_.node_limit) stopped_ = true;
    if (opt_.stop && opt_.stop->load(std::memory_order_relaxed)) stopped_ = true;
    if ((nodes_ & 1023) == 0) {
      const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
      if (opt_.time_limit_s > 0 && t > opt_.time_limit_s) stopped_ = true;
      // A line every 2^22 nodes on long jobs.
      if (opt_.progress && (nodes_ & ((1u << 22) - 1)) == 0)
        opt_.progress(std::to_string(nodes_) + " nodes, " + std::to_string(result_.solutions.size()) +
                      " solutions so far, " + std::to_string(int(t)) + " s");
    }
    return stopped_;
  }
  bool halted() const { return stopped_ || full_; }

  // A role and a count hashed: XORed with the position's key, the table's key (tt_key) and each_turn's salt.
  static Key salt(Role role, int n) {
    return (Key(role + 1) * 0x9E3779B97F4A7C15ULL) ^ (Key(n + 1) * 0xC2B2AE3D27D4EB4FULL);
  }
  static Key tt_key(const Position& pos, Role role, int n) { return pos.key() ^ salt(role, n); }

  // Calls f(last) after each complete legal turn of the side to move, the position standing after the turn
  // and `turn` holding its moves; stops as soon as f returns true or a limit runs out (then returns true).
  //
  // With a `salt` (the caller's role and count, tt_key's), a position inside the turn from which f returned
  // false for every completion and recorded no solution is remembered, and skipped when another order of the
  // same moves reaches it: f must depend on the position and the salt only (not on the moves that led there).
  // Without it a turn of k moves would be tried in all k! orders.
  template <class F>
  bool each_turn(Position& pos, std::vector<Move>& turn, F&& f, Key salt = 0) {
    const bool memo = salt && !turn.empty();
    const Key key = pos.key() ^ salt;
    if (memo && dead_.count(key)) return false;
    const std::size_t before = result_.solutions.size();
    MoveList list;
    pos.ops().legal_moves(pos, list);
    for (Move m : list) {
      ++nodes_;
      if (out_of_budget()) return true;
      const Color mover = pos.side();
      Undo u;
      pos.ops().make(pos, m, u);
      turn.push_back(m);
      bool stop;
      if (u.turn_ended) {
        stop = f(LastMove{m, removes_enemy_men(u, mover), mover});
      } else {
        stop = each_turn(pos, turn, f, salt);
      }
      turn.pop_back();
      pos.undo(u);
      if (stop || stopped_) return true;
    }
    if (memo && !halted() && result_.solutions.size() == before) dead_.insert(key);
    return false;
  }
  // Does some complete turn of the side to move satisfy pred(last) (the position standing after it)? Does
  // every one? The answer is kept in the table under (position, role, n): pred must depend on them only. A
  // limit running out answers no.
  template <class Pred>
  bool some_turn(Position& pos, Role role, int n, Pred pred) {
    const Key k = tt_key(pos, role, n);
    if (auto it = tt_.find(k); it != tt_.end()) return it->second;
    bool yes = false;
    std::vector<Move> t;
    each_turn(
        pos, t, [&](const LastMove& last) { return yes = pred(last); }, salt(role, n));
    if (!stopped_) tt_[k] = yes;
    return yes;
  }
  template <class Pred>
  bool every_turn(Position& pos, Role role, int n, Pred pred) {
    const Key k = tt_key(pos, role, n);
    if (auto it = tt_.find(k); it != tt_.end()) return it->second;
    bool all = true;
    std::vector<Move> t;
    each_turn(
        pos, t, [&](const LastMove& last) { return !(all = pred(last)); }, salt(role, n));
    if (!stopped_) tt_[k] = all;
    return all && !stopped_;
  }

  // The goal, after a complete turn of last.mover, against the side now to move.
  bool goal_reached(Position& pos, const LastMove& last) {
    switch (st_.goal) {
      case GoalKind::kMate: {
        const GameResult r = evaluate(pos);
        return r.winner && *r.winner == last.mover && r.outcome != Outcome::kStalemate;
      }
      case GoalKind::kStalemate:
        return evaluate(pos).outcome == Outcome::kStalemate;
      case GoalKind::kDoubleMate: {
        if (evaluate(pos).outcome != Outcome::kCheckmate) return false;
        Undo u;
        pass_turn(pos, u);
        const bool also = evaluate(pos).outcome == Outcome::kCheckmate;
        pos.undo(u);
        return also;
      }
      case GoalKind::kCheck:
        return pos.king_board(pos.side()) >= 0 && in_check(pos);
      case GoalKind::kCapture:
        return last.took_enemy;
      case GoalKind::kCastling:
        return last.move.kind() == MoveKind::kCastling;
      case GoalKind::kAnyMove:
        return true;
      case GoalKind::kEnPassant:
        return last.move.kind() == MoveKind::kEnPassant;
      case GoalKind::kTarget:
        return last.move.kind() != MoveKind::kEndTurn && last.move.to() == st_.target;
    }
    return false;
  }

  void record(std::vector<std::vector<Move>> turns, int length, bool short_solution) {
    if (result_.solutions.size() >= opt_.max_solutions) {
      result_.truncated = true;
      full_ = true;
      return;
    }
    result_.solutions.push_back({std::move(turns), length, short_solution});
  }

  // ---- Direct play: the attacker (to move) reaches the goal within n of its turns.
  bool attack(Position& pos, int n) {
    return some_turn(pos, kAttack, n, [&](const LastMove& last) { return works_after_attack(pos, last, n); });
  }
  bool works_after_attack(Position& pos, const LastMove& last, int n) {
    if (goal_reached(pos, last)) return true;
    return n > 1 && !play_ended(pos) && every_defence(pos, n - 1);
  }
  // The defender (to move, the game going on) cannot escape: after each of its turns the attacker still
  // reaches the goal within n.
  bool every_defence(Position& pos, int n) {
    return every_turn(pos, kDefend, n,
                      [&](const LastMove& last) { return holds_after_defence(pos, last, n); });
  }
  // After a turn of the defender: does the attacker's claim still hold with `left` of its turns to come?
  // Direct play: it reaches the goal within them. Self play: the defender has just reached the goal (not
  // under reflex play, where forced() settles that first), or the attacker still forces it within them.
  bool holds_after_defence(Position& pos, const LastMove& last, int left) {
    if (st_.play == Play::kDirect) return left >= 1 && !play_ended(pos) && attack(pos, left);
    return (!reflex() && goal_reached(pos, last)) ||
           (left >= 1 && !play_ended(pos) && self_attack(pos, left));
  }

  // ---- Self and reflex play: the attacker (to move) forces the defender to reach the goal against it.
  bool reflex() const { return st_.play == Play::kReflex || st_.play == Play::kSemiReflex; }
  // Can the side to move reach the goal in one turn?
  bool reaches_in_one(Position& pos) {
    return some_turn(pos, kReachInOne, 1, [&](const LastMove& last) { return goal_reached(pos, last); });
  }
  bool self_attack(Position& pos, int n) {
    // Full reflex play: an attacker able to reach the goal itself must, and that fails the stipulation.
    if (st_.play == Play::kReflex && reaches_in_one(pos)) return false;
    return some_turn(pos, kSelfAttack, n,
                     [&](const LastMove&) { return !play_ended(pos) && forced(pos, n); });
  }
  // The defender is to move (the game going on) after the attacker's turn; the attacker had n turns, that one
  // included. Every defence reaches the goal, or leaves the attacker a self/reflex win in n - 1; under reflex
  // play a defender able to reach the goal in one must.
  bool forced(Position& pos, int n) {
    if (reflex() && reaches_in_one(pos)) return true;
    return every_turn(pos, kForced, n,
                      [&](const LastMove& last) { return holds_after_defence(pos, last, n - 1); });
  }

  void run_battle(Position& pos) {
    const int n = st_.moves;
    if (st_.play == Play::kReflex && reaches_in_one(pos)) return;  // the attacker must reach the goal itself
    std::vector<Move> t;
    int done = 0;
    each_turn(pos, t, [&](const LastMove& last) {
      ++done;
      bool key = false;
      for (int k = 1; k <= n && !stopped_; ++k) {
        const bool works =
            st_.play == Play::kDirect
                ? (k == 1 ? goal_reached(pos, last) : !play_ended(pos) && every_defence(pos, k - 1))
                : !play_ended(pos) && forced(pos, k);
        if (works && !stopped_) {
          record({t}, k, k < n);
          key = true;
          break;
        }
      }
      if (!key && opt_.try_refutations > 0 && n > 1 && !stopped_ && st_.play != Play::kReflex &&
          st_.play != Play::kSemiReflex && !play_ended(pos))
        find_try(pos, t, n);
      if (opt_.progress)
        opt_.progress("key search: " + std::to_string(done) + " turns tried, " +
                      std::to_string(result_.solutions.size()) + " keys, " + std::to_string(nodes_) +
                      " nodes");
      return full_;
    });
  }

  // A first turn that is not a key (the defender is to move, play going on): a try when at most
  // try_refutations of the defender's turns refute it, listed with them. A defence refutes when after it the
  // attacker has no win in the turns left (direct play: a goal within n - 1; self play: the defender reaching
  // the goal with this very turn also counts as the attacker's success).
  void find_try(Position& pos, const std::vector<Move>& first, int n) {
    ProblemTry tr{first, {}};
    bool too_many = false;
    std::vector<Move> u;
    each_turn(pos, u, [&](const LastMove& last) {
      if (!holds_after_defence(pos, last, n - 1)) {
        if (int(tr.refutations.size()) >= opt_.try_refutations) return too_many = true;
        tr.refutations.push_back(u);
      }
      return false;
    });
    if (!too_many && !stopped_ && !tr.refutations.empty()) result_.tries.push_back(std::move(tr));
  }

  // ---- Help play: `left` turns remain, the side to move plays the first of them; the last reaches the goal.
  void help(Position& pos, int left, std::vector<std::vector<Move>>& path) {
    const Key k = tt_key(pos, kHelpLine, left);
    if (tt_.count(k)) return;  // proven: no solution from here
    const std::size_t before = result_.solutions.size();
    std::vector<Move> t;
    each_turn(
        pos, t,
        [&](const LastMove& last) {
          if (left == 1) {
            if (goal_reached(pos, last)) {
              path.push_back(t);
              record(path, int(path.size()), short_);
              path.pop_back();
            }
            return full_;
          }
          // Play ends where the side that is to reach the goal (the one making the last turn: an odd number
          // of turns from it) reaches it early: that is a shorter solution, not a way through (Popeye's rule;
          // the other side reaching it does not end play).
          if (play_ended(pos) || (left % 2 == 1 && goal_reached(pos, last))) return false;
          path.push_back(t);
          help(pos, left - 1, path);
          path.pop_back();
          return halted();
        },
        salt(kHelpLine, left));
    if (!halted() && result_.solutions.size() == before) tt_[k] = false;
  }

  // Popeye's default: the solutions of every length up to the stipulated one, shortest first (h#2 lists the
  // h#1 solutions too, h#2.5 those of h#1.5 and h#0.5); the shorter ones are marked short.
  void run_help(Position& pos) {
    std::vector<std::vector<Move>> path;
    const int total = st_.total_turns();
    for (int turns = 2 - total % 2; turns <= total && !halted(); turns += 2) {
      short_ = turns < total;
      help(pos, turns, path);
    }
  }

  // ---- Series play: the series side (to move) has `left` turns; the other side passes between them.
  void series(Position& pos, int left, std::vector<std::vector<Move>>& path) {
    const Key k = tt_key(pos, kSeriesLine, left);
    if (tt_.count(k)) return;
    const std::size_t before = result_.solutions.size();
    std::vector<Move> t;
    each_turn(
        pos, t,
        [&](const LastMove& last) {
          path.push_back(t);
          if (left == 1) {
            finish_series(pos, last, path);
          } else if (!(pos.king_board(pos.side()) >= 0 && in_check(pos)) && !lost(pos)) {
            Undo u;
            pass_turn(pos, u);
            series(pos, left - 1, path);
            pos.undo(u);
          }
          path.pop_back();
          return halted();
        },
        salt(kSeriesLine, left));
    if (!halted() && result_.solutions.size() == before) tt_[k] = false;
  }
  // A side that has lost outright (its royal king gone, or the variant's goal) ends a series; a stalemate of
  // the passing side does not (it does not move).
  static bool lost(Position& pos) { return play_ended(pos) && evaluate(pos).outcome != Outcome::kStalemate; }
  // After the series' last turn: ser-G reaches the goal with it; ser-hG: the other side reaches it in one
  // turn (every such turn a solution); ser-sG: every turn of the other side reaches it (and it has one).
  void finish_series(Position& pos, const LastMove& last, std::vector<std::vector<Move>>& path) {
    if (st_.play == Play::kDirect) {
      if (goal_reached(pos, last)) record(path, int(path.size()), short_);
      return;
    }
    if (play_ended(pos)) return;
    if (st_.play == Play::kHelp) {
      std::vector<Move> u;
      each_turn(
          pos, u,
          [&](const LastMove& l2) {
            if (goal_reached(pos, l2)) {
              path.push_back(u);
              record(path, int(path.size()), short_);
              path.pop_back();
            }
            return full_;
          },
          salt(kFinishHelp, 0));
      return;
    }
    // ser-s: every turn of the other side (it has one: play goes on) reaches the goal.
    if (every_turn(pos, kFinishSelf, 0, [&](const LastMove& l2) { return goal_reached(pos, l2); }))
      record(path, int(path.size()), short_);
  }

  // Every length up to the stipulated one, shortest first, as in help play.
  void run_series(Position& pos) {
    std::vector<std::vector<Move>> path;
    for (int n = 1; n <= st_.moves && !halted(); ++n) {
      short_ = n < st_.moves;
      series(pos, n, path);
    }
  }
};

}  // namespace

bool play_ended(Position& pos) {
  switch (evaluate(pos).outcome) {
    case Outcome::kOngoing:
    case Outcome::kNoProgress:
    case Outcome::kRepetition:
    case Outcome::kInsufficient:
      return false;
    default:
      return true;
  }
}

void pass_turn(Position& pos, Undo& u) {
  pos.save(u);
  end_turn(pos);
  pos.state().key = pos.state().piece_key ^ pos.state_key();
}

ProblemResult solve_problem(Position& pos, const Stipulation& st, const ProblemOptions& opt) {
  if (st.goal == GoalKind::kCastling && !pos.rules().castling)
    throw NotationError("the goal 00 (castling) needs a variant with castling");
  ProblemSearch search(st, opt);
  return search.run(pos);
}

}  // namespace hc
