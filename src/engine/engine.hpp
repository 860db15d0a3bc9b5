// The protocol-neutral engine facade: variant, position (from FEN plus turns or single moves), asynchronous
// search with limits and stop. UCI, CECP and the server talk to this, never to the search directly.
#pragma once
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/search.hpp"
#include "rules/game.hpp"
#include "variants/registry.hpp"

namespace hc {

// Time management shared by the protocols: sets soft and hard time limits for a turn from the time left on
// the clock, the increment and the turns to go until the next time control (0 = the whole game). The turn is
// one decision whatever its length: with 0 and the position given, the rest of the game is counted in the
// side's turns by its schedule (expected_turns_to_go), so a long turn gets the share of the clock its moves
// are of the game; without the position, 30 turns.
void budget_time(SearchLimits& limits, double left_s, double inc_s, int turns_to_go,
                 const Position* pos = nullptr);
// The side to move's turns, from this one, that its schedule needs to play 30 more moves (what time budgets
// have always assumed a chess game has left), at least 4: 30 in chess, 15 in Marseillais, 6 at the
// start of Progressive and 4 from its ninth turn on.
int expected_turns_to_go(const Position& pos);

class Engine {
 public:
  Engine();
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Throws VariantError. Resets the position to the variant's start.
  void set_variant(const std::string& id);
  const Variant& variant() const { return *variant_; }
  void new_game();
  void set_hash_mb(std::size_t mb);
  // FEN ("" = start position) then moves: each token a whole turn ("e2e4,g1f3"), or with ply_by_ply one move.
  // Throws NotationError naming the token; the position is then left at the start FEN.
  void set_position(const std::string& fen, const std::vector<std::string>& tokens, bool ply_by_ply);
  GameRecord& game() { return *game_; }
  // Plays one move (UCI or SAN text) in the current position; throws NotationError saying why it is illegal.
  // Returns the move played.
  Move play(const std::string& move_text);

  // Starts searching in the background; `done` receives the best complete turn (empty if there is no legal
  // move) and the principal variation of the last finished iteration, in turns (its first turn need not be
  // the answer when the search had to complete it; pv[1], when present, is the expected reply).
  // An `infinite` or `ponder` search never answers by itself: it holds its result until stop() (or, for
  // ponder, ponderhit()), even when it ends early (depth limit, mate found).
  using Done = std::function<void(const std::vector<Move>& best, const std::vector<std::vector<Move>>& pv)>;
  void go(const SearchLimits& limits, std::function<void(const SearchInfo&)> on_info, Done done);
  // The opponent played the expected move: the ponder search becomes a normal search under the time limits
  // given to go() (or `timed`, if given), counted from now. The depth already searched is kept and the node
  // limit still counts every node; a ponder search that has already finished answers at once.
  void ponderhit();
  void ponderhit(const SearchLimits& timed);
  bool pondering() const;
  void stop();
  void wait();
  // Waits for a running search's answer; an infinite or ponder search (which would never answer) is stopped.
  void finish();
  bool searching() const { return thread_.joinable(); }

 private:
  std::unique_ptr<Variant> variant_;
  std::unique_ptr<GameRecord> game_;
  std::vector<Key> turn_keys_;  // hashes at the start of each turn played so far (repetition)
  Search search_;
  std::thread thread_;
  // Hold of an infinite or ponder search's answer (see go()).
  mutable std::mutex hold_mutex_;
  std::condition_variable hold_cv_;
  bool hold_ = false, pondering_ = false;
  SearchLimits limits_;
};

}  // namespace hc
