// The HTTP server's workers: a thread per connection being served, created on demand up to a cap and retired
// after a while idle. cpp-httplib serves a keep-alive connection or an event stream on one worker for as long
// as it lasts, so a fixed pool is exhausted by as many open game pages as it has threads; this pool grows
// instead.
#pragma once
#include <httplib.h>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>

namespace hc::server {

class ElasticPool : public httplib::TaskQueue {
 public:
  // `keep` threads stay alive idle; at most `max` run at once (further connections wait in the queue).
  ElasticPool(std::size_t keep, std::size_t max, std::chrono::seconds idle_retire = std::chrono::seconds(30));
  ~ElasticPool() override;
  ElasticPool(const ElasticPool&) = delete;
  ElasticPool& operator=(const ElasticPool&) = delete;

  void enqueue(std::function<void()> fn) override;
  // Runs the queued work, then returns once every thread has ended.
  void shutdown() override;

  std::size_t threads() const;

 private:
  void work();

  const std::size_t keep_, max_;
  const std::chrono::seconds idle_retire_;
  mutable std::mutex m_;
  std::condition_variable cv_, ended_cv_;
  std::deque<std::function<void()>> jobs_;
  std::size_t threads_ = 0, idle_ = 0;
  bool shutdown_ = false;
};

}  // namespace hc::server
