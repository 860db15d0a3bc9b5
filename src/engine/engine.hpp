// The protocol-neutral engine facade: variant, position (from FEN plus turns or single moves), asynchronous
// search with limits and stop. UCI, CECP and the server talk to this, never to the search directly.
#pragma once
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

  // Starts searching in the background; `done` receives the best complete turn (empty if there is no legal
  // move).
  void go(const SearchLimits& limits, std::function<void(const SearchInfo&)> on_info,
          std::function<void(const std::vector<Move>&)> done);
  void stop();
  void wait();
  bool searching() const { return thread_.joinable(); }

 private:
  std::unique_ptr<Variant> variant_;
  std::unique_ptr<GameRecord> game_;
  std::vector<Key> turn_keys_;  // hashes at the start of each turn played so far (repetition)
  Search search_;
  std::thread thread_;
};

}  // namespace hc
