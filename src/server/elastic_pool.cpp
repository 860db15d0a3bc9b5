#include "server/elastic_pool.hpp"

#include <system_error>
#include <thread>

namespace hc::server {

ElasticPool::ElasticPool(std::size_t keep, std::size_t max, std::chrono::seconds idle_retire)
    : keep_(keep), max_(max < 1 ? 1 : max), idle_retire_(idle_retire) {}

ElasticPool::~ElasticPool() { shutdown(); }

void ElasticPool::enqueue(std::function<void()> fn) {
  std::unique_lock<std::mutex> lock(m_);
  jobs_.push_back(std::move(fn));
  if (idle_ >= jobs_.size() || threads_ >= max_) {
    cv_.notify_one();
    return;
  }
  ++threads_;
  lock.unlock();
  // Detached: shutdown() waits for the count of running threads to reach zero instead of joining.
  try {
    std::thread([this] { work(); }).detach();
  } catch (const std::system_error&) {
    // No thread to be had (a process or memory limit): the job waits in the queue for a running worker.
    lock.lock();
    --threads_;
    ended_cv_.notify_all();
    cv_.notify_one();
  }
}

void ElasticPool::work() {
  std::unique_lock<std::mutex> lock(m_);
  for (;;) {
    if (jobs_.empty()) {
      if (shutdown_) break;
      ++idle_;
      bool woken = cv_.wait_for(lock, idle_retire_, [this] { return shutdown_ || !jobs_.empty(); });
      --idle_;
      if (!woken && threads_ > keep_) break;  // idle too long and more threads than we keep
      continue;
    }
    std::function<void()> job = std::move(jobs_.front());
    jobs_.pop_front();
    lock.unlock();
    job();
    job = nullptr;  // whatever the job holds is released outside the lock
    lock.lock();
  }
  --threads_;
  ended_cv_.notify_all();
}

void ElasticPool::shutdown() {
  std::unique_lock<std::mutex> lock(m_);
  shutdown_ = true;
  cv_.notify_all();
  ended_cv_.wait(lock, [this] { return threads_ == 0; });
}

std::size_t ElasticPool::threads() const {
  std::lock_guard<std::mutex> lock(m_);
  return threads_;
}

}  // namespace hc::server
