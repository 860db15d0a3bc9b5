// The threads that run the requests which may block (SQLite, a game's lock, a wait for the engine): a fixed
// number of threads and a short queue. When every thread is busy and the queue is full, try_submit() refuses
// at once (the transport answers 503 with Retry-After) instead of letting requests pile up.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace hc::server {

class HandlerPool {
 public:
  // `threads` workers (at least 1); at most `queue` jobs wait for one (0: a job is taken only by an idle
  // one).
  HandlerPool(std::size_t threads, std::size_t queue);
  ~HandlerPool();
  HandlerPool(const HandlerPool&) = delete;
  HandlerPool& operator=(const HandlerPool&) = delete;

  // Queues `job`; false (and `job` untouched) when the queue is full or the pool has stopped.
  bool try_submit(std::function<void()>& job);
  // Drops the jobs still queued and joins the threads once their current jobs end.
  void stop();

 private:
  void work();

  const std::size_t queue_cap_;
  std::mutex m_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> jobs_;
  std::size_t idle_ = 0;
  bool stopped_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace hc::server
