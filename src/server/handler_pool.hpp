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

  // A job returns what to do once its thread counts as free again (such as sending the answer, so that a
  // client's next request finds the thread free), or nothing.
  using Job = std::function<std::function<void()>()>;
  // Queues `job`; false (and `job` untouched) when every thread is taken and the queue is full, or the pool
  // has stopped.
  bool try_submit(Job& job);
  // Drops the jobs still queued and joins the threads once their current jobs end.
  void stop();

 private:
  void work();

  const std::size_t threads_cap_, queue_cap_;
  std::mutex m_;
  std::condition_variable cv_;
  std::deque<Job> jobs_;
  std::size_t running_ = 0;
  bool stopped_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace hc::server
