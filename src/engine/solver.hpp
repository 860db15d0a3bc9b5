// Mate-in-N solver counted in complete turns of the side to move (issue 3 §2): finds every first turn after
// which the side to move mates (checkmate, mate under the last-move check rule, king capture) within N of its
// own turns whatever the opponent does. Under a goal (Rules::goal: annihilation, losing, promotion race) or a
// stalemate result, "mates" reads "wins": the game result (rules/game.hpp evaluate) decides. Generic over
// every variant the kernel supports; a turn of several moves is searched move by move.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "rules/game.hpp"

namespace hc {

struct SolveOptions {
  int mate_in = 1;                   // turns of the side to move (shorter mates are found first)
  bool all_solutions = true;         // false: stop at the first key
  // With all_solutions: also the keys that mate in more turns than the shortest mate, up to mate_in (each
  // with its own length in SolveResult::key_lengths), as a problemist checking for cooks expects.
  bool longer_keys = false;
  std::size_t max_solutions = 1000;  // keys listed at most (a long series can be played in many orders)
  std::uint64_t node_limit = 0;      // 0 = none
  bool checks_only = false;  // every attacker turn must give check (fast; a found mate is still proven)
  bool mate_bound = true;    // series-mover pruning where sound (mate_bound.hpp); off only to test it
  // > 0: in the attacker's wide turns (wide_turn.hpp), once a move of the turn is played, only the first
  // `width` moves by the order (and the stop) are tried (fast; a found mate is still proven, "no mate" not).
  int width = 0;
  int turn_moves = 0;       // with width: after this many moves of the turn, only the first move and the stop
  double time_limit_s = 0;  // 0 = none
  const std::atomic<bool>* stop = nullptr;           // optional: set from another thread to give up
  std::function<void(const std::string&)> progress;  // optional progress lines
};

struct SolveResult {
  bool mate = false;
  bool complete = true;                               // false: stopped by a limit before the search finished
  int mate_length = 0;                                // in turns of the side to move
  std::vector<std::vector<Move>> keys;                // each key: the moves of the first turn
  std::vector<int> key_lengths;                       // per key, the turns it needs (mate_length, or more)
  bool truncated = false;                             // more keys exist than max_solutions
  std::vector<std::vector<std::vector<Move>>> lines;  // per key, a main line: turns (attacker, defender, …)
  std::uint64_t nodes = 0;
  std::uint64_t pruned = 0;  // last-turn positions cut by the mate bound (mate_bound.hpp)
  double seconds = 0;
};

class MateSolver {
 public:
  SolveResult solve(Position& pos, const SolveOptions& opt);

 private:
  // The attacker is to move (possibly mid-turn) with `turns` of its turns left (this one included).
  static constexpr int kNarrowWidth = 8;  // solve()'s narrow passes in a wide turn
  SolveResult solve_pass(Position& pos, const SolveOptions& opt);
  bool attack(Position& pos, int turns);
  // The defender is to move at the start of its turn; `turns` attacker turns remain after it.
  bool defend(Position& pos, int turns);
  // Inside the defender's turn: every continuation must lose.
  bool defend_moves(Position& pos, int turns);
  bool out_of_budget();
  void order(Position& pos, MoveList& list, bool attacker);
  bool find_winning_turn(Position& pos, int turns, std::vector<Move>& turn);
  void build_line(Position& pos, int turns, const std::vector<Move>& key,
                  std::vector<std::vector<Move>>& line);

  Color attacker_ = kWhite;
  SolveOptions opt_;
  std::uint64_t nodes_ = 0;
  std::uint64_t pruned_ = 0;
  bool use_bound_ = false;
  bool stopped_ = false;
  bool narrowed_ = false;  // some attacker node was cut by opt_.width
  std::chrono::steady_clock::time_point start_;
  // Transposition table: (position key, role, turns) -> proven result.
  std::unordered_map<Key, bool> tt_;
  Key tt_key(const Position& pos, int role, int turns) const {
    return pos.key() ^ (Key(role + 1) * 0x9E3779B97F4A7C15ULL) ^ (Key(turns) * 0xC2B2AE3D27D4EB4FULL);
  }
};

}  // namespace hc
