#include "server/engine_pool.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <iostream>

namespace hc::server {

int EnginePool::default_workers() {
  const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  return std::clamp(4 * cores, 4, 32);
}

EnginePool::EnginePool(int workers, int per_client, std::size_t hash_mb) {
  workers_ = std::clamp(workers, kMinWorkers, kMaxWorkers);
  short_slots_ = std::max(1, workers_ / 4);
  per_client_ = per_client > 0 ? std::min(per_client, turn_slots()) : std::max(1, turn_slots() / 2);
  pool_.resize(std::size_t(workers_));
  for (Worker& w : pool_) {
    w.engine = std::make_unique<Engine>();
    w.engine->set_hash_mb(hash_mb);
  }
  live_ = workers_;
  for (Worker& w : pool_) w.thread = std::thread([this, e = w.engine.get()] { work(*e); });
}

EnginePool::~EnginePool() { stop(); }

bool EnginePool::add_turn(const std::string& game, const std::string& client, Task task) {
  std::lock_guard<std::mutex> lock(m_);
  if (stopping_ || !turn_games_.insert(game).second) return false;
  turns_.push_back(
      Job{Kind::kTurn, game, client.empty() ? "game " + game : "address " + client, "", std::move(task), {}});
  cv_.notify_all();
  return true;
}

bool EnginePool::turn_pending(const std::string& game) {
  std::lock_guard<std::mutex> lock(m_);
  return turn_games_.count(game) > 0;
}

bool EnginePool::add_draw(const std::string& game, Task task) {
  std::lock_guard<std::mutex> lock(m_);
  if (stopping_) return false;
  if (!draw_queued_.insert(game).second) return true;  // the queued one will answer
  shorts_.push_back(Job{Kind::kDraw, game, "", "", std::move(task), {}});
  cv_.notify_all();
  return true;
}

EnginePool::Admission EnginePool::add_hint(const std::string& token, const std::string& address, Task task,
                                           std::function<void()> answered) {
  std::lock_guard<std::mutex> lock(m_);
  if (stopping_) return Admission::kStopped;
  auto t = hint_tokens_.find(token);
  if (t != hint_tokens_.end() && t->second >= kHintsPerToken) return Admission::kTokenBusy;
  auto a = hint_addresses_.find(address);
  if (!address.empty() && a != hint_addresses_.end() && a->second >= kHintsPerAddress)
    return Admission::kAddressBusy;
  if (int(shorts_.size()) >= short_slots_) return Admission::kBusy;
  ++hint_tokens_[token];
  if (!address.empty()) ++hint_addresses_[address];
  shorts_.push_back(Job{Kind::kHint, "", address, token, std::move(task), std::move(answered)});
  cv_.notify_all();
  return Admission::kQueued;
}

bool EnginePool::take(Job& out) {
  if (turns_running_ < turn_slots()) {
    // The oldest turn among the clients with the fewest turns running (the queue is in arrival order).
    auto best = turns_.end();
    int best_load = INT_MAX;
    for (auto it = turns_.begin(); it != turns_.end() && best_load > 0; ++it) {
      auto c = client_running_.find(it->client);
      const int load = c == client_running_.end() ? 0 : c->second;
      if (load < per_client_ && load < best_load) best = it, best_load = load;
    }
    if (best != turns_.end()) {
      out = std::move(*best);
      turns_.erase(best);
      ++client_running_[out.client];
      peak_turns_running_ = std::max(peak_turns_running_, ++turns_running_);
      return true;
    }
  }
  if (shorts_.empty()) return false;
  out = std::move(shorts_.front());
  shorts_.pop_front();
  if (out.kind == Kind::kDraw) draw_queued_.erase(out.game);
  ++short_running_;
  return true;
}

void EnginePool::release(const Job& job, bool ran) {
  switch (job.kind) {
    case Kind::kTurn:
      turn_games_.erase(job.game);
      if (ran) {
        --turns_running_;
        ++turns_done_;
        if (--client_running_[job.client] == 0) client_running_.erase(job.client);
      }
      break;
    case Kind::kHint:
      if (--hint_tokens_[job.token] == 0) hint_tokens_.erase(job.token);
      if (!job.client.empty() && --hint_addresses_[job.client] == 0) hint_addresses_.erase(job.client);
      [[fallthrough]];
    case Kind::kDraw:
      if (ran) --short_running_;
      break;
  }
}

void EnginePool::work(Engine& engine) {
  for (;;) {
    Job job;
    {
      std::unique_lock<std::mutex> lock(m_);
      cv_.wait(lock, [&] { return stopping_ || take(job); });
      if (stopping_ && !job.task) {
        --live_;
        cv_.notify_all();
        return;
      }
    }
    try {
      job.task(engine);
    } catch (const std::exception& e) {
      std::cerr << "server: engine work" << (job.game.empty() ? "" : " for game " + job.game)
                << " failed: " << e.what() << "\n";
    }
    {
      std::lock_guard<std::mutex> lock(m_);
      release(job, true);
    }
    cv_.notify_all();
    if (job.then) job.then();
  }
}

EnginePool::Stats EnginePool::stats() {
  std::lock_guard<std::mutex> lock(m_);
  Stats s;
  s.turns_running = turns_running_;
  s.turns_queued = int(turns_.size());
  s.short_running = short_running_;
  s.short_queued = int(shorts_.size());
  s.peak_turns_running = peak_turns_running_;
  s.turns_done = turns_done_;
  return s;
}

void EnginePool::wait_idle() {
  std::unique_lock<std::mutex> lock(m_);
  cv_.wait(lock, [&] {
    return stopping_ || (turns_.empty() && shorts_.empty() && turns_running_ == 0 && short_running_ == 0);
  });
}

void EnginePool::stop() {
  std::unique_lock<std::mutex> lock(m_);
  stopping_ = true;
  for (auto* q : {&turns_, &shorts_}) {
    for (const Job& job : *q) release(job, false);
    q->clear();
  }
  draw_queued_.clear();
  cv_.notify_all();
  // A search started just before the stop may have missed it (Engine::go resets the stop flag): stop the
  // engines again until every worker has returned.
  while (live_ > 0) {
    lock.unlock();
    for (Worker& w : pool_) w.engine->stop();
    lock.lock();
    cv_.wait_for(lock, std::chrono::milliseconds(20), [&] { return live_ == 0; });
  }
  lock.unlock();
  for (Worker& w : pool_)
    if (w.thread.joinable()) w.thread.join();
}

}  // namespace hc::server
