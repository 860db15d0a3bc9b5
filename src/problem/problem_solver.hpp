// The problem solver (issue 13): every stipulation of problem/stipulation.hpp, for every variant the kernel
// plays, the turn as the unit. Exhaustive: it lists every solution (up to a bound), which is what checking a
// composition for cooks and duals needs.
//
//   * Direct, self and reflex play: the keys (the first turns that work), each with the least number of the
//     attacker's turns it needs (a key that works in fewer than n is a short solution, listed and marked).
//   * Help play and series play: every play that reaches the goal, each as the list of its turns.
//
// Definitions, after Popeye's where they exist (docs/problems.md states them and the differences):
//   * a goal is tested after a complete turn, against the side then to move;
//   * play ending otherwise (a mate or stalemate that is not the goal; see play_ended) ends the line: no
//     further turn is played from it;
//   * in series play the other side passes (its turn is skipped), and no turn of the series but the last may
//     leave it in check; the last may (and must, in ser-#);
//   * reflex play: a side that can reach the goal in one turn must (semi-reflex: only the side that is to
//   reach
//     it); in help play the line may not reach a terminal goal before its last turn (it would end the game).
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "problem/stipulation.hpp"
#include "rules/game.hpp"

namespace hc {

struct ProblemOptions {
  std::size_t max_solutions = 1000;  // solutions listed at most (then `truncated`)
  std::uint64_t node_limit = 0;      // 0 = none
  double time_limit_s = 0;           // 0 = none
  const std::atomic<bool>* stop = nullptr;
  std::function<void(const std::string&)> progress;  // optional progress lines
  // Direct and self play: list the tries — first turns that fail to at most this many of the defender's turns
  // (Popeye's Option Try, with Defence n) — each with its refutations. 0: none.
  int try_refutations = 0;
};

struct ProblemTry {
  std::vector<Move> turn;                      // the attacker's first turn
  std::vector<std::vector<Move>> refutations;  // the defender's turns that refute it
};

struct ProblemSolution {
  std::vector<std::vector<Move>> turns;  // the play: the key alone in direct, self and reflex play
  int length = 0;                        // direct/self/reflex: the attacker's turns needed; else turns played
  bool short_solution = false;           // direct/self/reflex: works in fewer than the stipulated count
};

struct ProblemResult {
  std::vector<ProblemSolution> solutions;
  std::vector<ProblemTry> tries;  // with ProblemOptions::try_refutations
  bool complete = true;    // false: a limit stopped the search (solutions may be missing)
  bool truncated = false;  // more solutions exist than max_solutions
  std::uint64_t nodes = 0;
  double seconds = 0;
};

// Does play end here? A mate, a stalemate, a lost royal king or a variant's goal ends it; the draw rules of
// games (no progress, repetition, a dead position) do not apply to problems, as in Popeye.
bool play_ended(Position& pos);

// The side to move passes its whole turn (series play: the other side's skipped turns). Taken back with
// pos.undo(u).
void pass_turn(Position& pos, Undo& u);

// Solves the stipulation from `pos` (the side to move starts; pos is left as it was). Throws NotationError
// when the stipulation cannot apply to the position (a goal of check against a side without a king).
ProblemResult solve_problem(Position& pos, const Stipulation& st, const ProblemOptions& opt);

}  // namespace hc
