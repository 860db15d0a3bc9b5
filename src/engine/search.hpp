// Game-tree search for every variant the kernel supports (issue 3 §1): iterative deepening,
// principal-variation alpha-beta over moves where the score changes sign only when the turn passes, a
// transposition table keyed on the full turn state, quiescence over the variant's own captures, and move
// ordering. Depth is counted in turns: a move costs a share of a turn (a whole turn of a 7-move
// series costs about two plies), so long turns do not starve the search.
#pragma once
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/solver.hpp"
#include "rules/game.hpp"

namespace hc {

constexpr int kInfinite = 32000;
constexpr int kMate = 31000;  // kMate - n: the side to move mates after n turn changes
constexpr int kMateBound = kMate - 1000;
constexpr int kDepthUnit = 16;  // one turn of one move

struct SearchLimits {
  int depth = 0;            // in turns (plies for one-move variants); 0 = no limit
  std::uint64_t nodes = 0;  // 0 = no limit
  double movetime_s = 0;    // exact time for this move; 0 = none
  double soft_time_s = 0;   // time management: stop iterating after this
  double hard_time_s = 0;   // time management: abort the search after this
  int mate = 0;             // search for a mate in this many own turns
  bool infinite = false;
  // Multi-move turns: proof searches for a mate within this turn and against turns after which the
  // opponent mates in his next one (Search::think).
  bool turn_probes = true;
  // Thinking on the opponent's time: the time limits above are not applied until the protocol says the
  // expected reply was played (Search::set_time_limits, Engine::ponderhit).
  bool ponder = false;
};

struct SearchInfo {
  int depth = 0, seldepth = 0;
  int score = 0;  // centipawns, side to move's view
  bool mate = false;
  int mate_turns = 0;  // > 0: we mate in this many of our turns; < 0: we are mated
  std::uint64_t nodes = 0;
  double seconds = 0;
  int hashfull = 0;                   // per mille
  std::vector<std::vector<Move>> pv;  // turns
};

class Search {
 public:
  // The nodes of one search completing the answer's turn after the principal variation ended inside it.
  static constexpr std::uint64_t kCompletionNodes = 4096;
  explicit Search(std::size_t hash_mb = 16);
  void resize_hash(std::size_t mb);
  void clear();
  // Searches `pos` (left unchanged). `history` holds the hashes of the positions at the start of earlier
  // turns of the game (repetition). Returns the best complete turn.
  std::vector<Move> think(Position& pos, const std::vector<Key>& history, const SearchLimits& limits,
                          const std::function<void(const SearchInfo&)>& on_iteration);
  // think() in two steps, for callers that search on another thread: begin() (on the caller's thread) resets
  // the stop flag, the node count and the clock, so a stop() or set_time_limits() issued after it is never
  // lost; run() searches.
  void begin(const SearchLimits& limits);
  std::vector<Move> run(Position& pos, const std::vector<Key>& history, const SearchLimits& limits,
                        const std::function<void(const SearchInfo&)>& on_iteration);
  void stop() { stop_.store(true); }
  // Sets the time limits of a running search, counted from now (0 = none): `soft_s` stops iterating, `hard_s`
  // aborts. Safe to call from another thread; the iterations already searched are kept.
  void set_time_limits(double soft_s, double hard_s);
  std::uint64_t nodes() const { return nodes_; }

 private:
  struct Entry {
    Key key;
    std::int16_t score;
    std::int16_t depth;
    std::uint32_t move;
    std::uint8_t bound;  // 1 upper, 2 lower, 3 exact
    std::uint8_t age;
  };
  // Iterative deepening from the root; the best line's first complete turn.
  std::vector<Move> deepen(Position& pos, const std::vector<Key>& history, const SearchLimits& limits,
                           const std::function<void(const SearchInfo&)>& on_iteration);
  // Proof searches around the root for multi-move turns (issue 3 §2): a mate within this turn, and whether
  // the opponent mates in his next turn after ours.
  SolveResult probe_mate(Position& pos, double seconds, std::uint64_t nodes);
  int search(Position& pos, int alpha, int beta, int depth, int ply, int turns, bool pv_node);
  int quiesce(Position& pos, int alpha, int beta, int ply, int turns, int qdepth);
  int move_cost(const Position& pos) const;
  void order(Position& pos, MoveList& list, Move tt_move, int ply);
  bool is_repetition(const Position& pos, int ply) const;
  int terminal_score(Position& pos, int turns);
  bool time_up();
  void extract_pv(Position& pos, std::vector<std::vector<Move>>& pv);

  std::vector<Entry> tt_;
  std::uint8_t age_ = 0;
  std::atomic<bool> stop_{false};
  std::uint64_t nodes_ = 0, node_limit_ = 0;
  // Deadlines in seconds since start_ (0 = none), settable while searching.
  std::atomic<double> soft_deadline_{0}, hard_deadline_{0};
  std::chrono::steady_clock::time_point start_;
  double elapsed() const;
  int seldepth_ = 0;
  Move killers_[256][2];
  int history_[2][64][64];    // quiet moves by side, from and to: within ±2^14 (search.cpp, update_history)
  Move counter_[64][64];      // the quiet move that refuted a move (by its from and to)
  // Continuation history: quiet moves by the move one and two plies before them (of either side: in a
  // multi-move turn the mover's own last move), indexed [that move's man][its destination][this move's man's
  // type][destination], within ±2^14 like history_. cont_at gives the row of one earlier move.
  static constexpr int kContRow = 16 * 64;
  std::vector<std::int16_t> cont_;
  std::int16_t* cont_at(int ply, int back);
  int quiet_stat(Color us, Move m, PieceType t, const std::int16_t* c1, const std::int16_t* c2) const;
  std::vector<Key> path_;     // keys at turn starts: game history, then the search path
  std::vector<Key> refuted_;  // positions after the root side's turn from which the opponent mates at once
  std::vector<std::vector<Move>> killer_series_;  // the opponent's mating turns found against them
  bool is_refuted(Position& pos);
  // The principal variation being built, per ply: each search its own (the server runs several at once).
  static constexpr int kPvPlies = 242;
  std::vector<std::array<Move, kPvPlies>> pv_;
  Move path_moves_[kPvPlies];  // the move played at each ply of the current line (a null move: none)
  Piece path_men_[kPvPlies] = {};  // the man that made it (kNoPiece for a null move)
  int pv_len_[kPvPlies] = {};
  double budget_s_ = 0;  // the time this search may take (0: limited otherwise)
  Key tt_salt_ = 0;      // mixed into table keys; changed to retire every stored score at once
};

}  // namespace hc
