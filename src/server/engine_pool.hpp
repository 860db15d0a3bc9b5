// The server's engine workers (docs/server.md, "Engine work"): a fixed pool of threads, each with its own
// Engine, shared fairly by every game. Engine turns (long: up to the maximum level's time) run on at most
// turn_slots() workers at once, and one client on at most per_client() of them; the other short_slots()
// workers are kept for short jobs (hints, draw answers: a search of at most half a second), which also use
// any worker engine turns leave idle. Every search is bounded by wall-clock time, so running more searches
// than there are cores keeps each within its own time (each gets a share of the CPU).
#pragma once
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "engine/engine.hpp"

namespace hc::server {

class EnginePool {
 public:
  using Task = std::function<void(Engine&)>;
  // The transposition table of each worker's engine: 6 MiB (the largest power-of-two count of 24-byte
  // entries within 8 MiB), about 6.3 MiB a worker with the rest of the search's tables (the search's own
  // default, 16, would give 12 MiB: 400 MiB for 32 workers).
  static constexpr std::size_t kHashMb = 8;
  // Hints in flight (queued or searching) per player token and per client address.
  static constexpr int kHintsPerToken = 1;
  static constexpr int kHintsPerAddress = 2;
  static constexpr int kMinWorkers = 2;
  static constexpr int kMaxWorkers = 256;

  // 4 per hardware thread (std::thread::hardware_concurrency, 1 when unknown), between 4 and 32.
  static int default_workers();

  // `workers` between kMinWorkers and kMaxWorkers (clamped); `per_client` 0 = the default share (below),
  // else at most turn_slots().
  explicit EnginePool(int workers, int per_client = 0, std::size_t hash_mb = kHashMb);
  ~EnginePool();
  EnginePool(const EnginePool&) = delete;
  EnginePool& operator=(const EnginePool&) = delete;

  int workers() const { return workers_; }
  // Workers never given to engine turns: a quarter of them, at least one.
  int short_slots() const { return short_slots_; }
  int turn_slots() const { return workers_ - short_slots_; }
  // Engine turns of one client running at once: by default half of the turn slots, at least one. Behind a
  // reverse proxy that hides the clients' addresses every game is the proxy's: there, per_client =
  // turn_slots() lets them use every slot.
  int per_client() const { return per_client_; }

  // Queues the engine turn of `game` unless one is queued or running for it (then, or once stopped, false).
  // `client` groups games for fairness (the creator's address; "" counts the game as a client of its own).
  // A free turn slot goes to the oldest turn of the client with the fewest turns running, skipping clients
  // at per_client().
  bool add_turn(const std::string& game, const std::string& client, Task task);
  // A turn of `game` is queued or running.
  bool turn_pending(const std::string& game);
  // Queues a draw answer for `game` unless one is queued and not yet started (the task reads the game's
  // state when it runs, so one queued answer serves any offer made meanwhile). False once stopped.
  bool add_draw(const std::string& game, Task task);
  enum class Admission { kQueued, kStopped, kBusy, kTokenBusy, kAddressBusy };
  // Admits a hint at once or refuses it: over the token's or the address's quota ("" = no address quota),
  // or kBusy when short_slots() short jobs already wait for a worker. An admitted hint waits behind fewer
  // than short_slots() short jobs, for which at least short_slots() workers are always free of engine turns.
  // `answered` runs after `task`, once the hint no longer counts for the quotas (so that a client may ask
  // again as soon as it has its answer).
  Admission add_hint(const std::string& token, const std::string& address, Task task,
                     std::function<void()> answered);

  struct Stats {
    int turns_running = 0, turns_queued = 0, short_running = 0, short_queued = 0;
    int peak_turns_running = 0;  // since the pool started
    std::uint64_t turns_done = 0;
  };
  Stats stats();
  // Waits until nothing is queued or running (or the pool stops).
  void wait_idle();
  // Drops the queued jobs, stops the running searches (they answer at once) and joins the workers.
  void stop();

 private:
  enum class Kind { kTurn, kDraw, kHint };
  struct Job {
    Kind kind = Kind::kTurn;
    std::string game;    // turns and draws
    std::string client;  // turns: the fairness key; hints: the address
    std::string token;   // hints
    Task task;
    std::function<void()> then;  // after the job left the books
  };
  struct Worker {
    std::unique_ptr<Engine> engine;
    std::thread thread;
  };
  void work(Engine& engine);
  // Takes the next job for a free worker (m_ held); false if none may start now.
  bool take(Job& out);
  void release(const Job& job, bool ran);  // m_ held

  int workers_ = 0, short_slots_ = 0, per_client_ = 0;
  std::vector<Worker> pool_;

  std::mutex m_;
  std::condition_variable cv_;  // workers, wait_idle() and stop()
  bool stopping_ = false;
  int live_ = 0;                       // workers not yet returned
  std::deque<Job> turns_;              // in the order they were queued
  std::deque<Job> shorts_;             // hints and draw answers, in order
  std::set<std::string> turn_games_;   // games with a turn queued or running
  std::set<std::string> draw_queued_;  // games with a draw answer queued (not started)
  std::map<std::string, int> client_running_;
  std::map<std::string, int> hint_tokens_, hint_addresses_;  // in flight
  int turns_running_ = 0, short_running_ = 0, peak_turns_running_ = 0;
  std::uint64_t turns_done_ = 0;
};

}  // namespace hc::server
