#include "server/handler_pool.hpp"

namespace hc::server {

HandlerPool::HandlerPool(std::size_t threads, std::size_t queue) : queue_cap_(queue) {
  if (threads < 1) threads = 1;
  threads_.reserve(threads);
  for (std::size_t i = 0; i < threads; ++i) threads_.emplace_back([this] { work(); });
}

HandlerPool::~HandlerPool() { stop(); }

bool HandlerPool::try_submit(std::function<void()>& job) {
  std::lock_guard<std::mutex> lock(m_);
  if (stopped_ || jobs_.size() >= queue_cap_ + idle_) return false;
  jobs_.push_back(std::move(job));
  cv_.notify_one();
  return true;
}

void HandlerPool::work() {
  std::unique_lock<std::mutex> lock(m_);
  for (;;) {
    ++idle_;
    cv_.wait(lock, [this] { return stopped_ || !jobs_.empty(); });
    --idle_;
    if (stopped_) return;
    std::function<void()> job = std::move(jobs_.front());
    jobs_.pop_front();
    lock.unlock();
    job();
    job = nullptr;  // whatever the job holds is released outside the lock
    lock.lock();
  }
}

void HandlerPool::stop() {
  std::deque<std::function<void()>> dropped;
  {
    std::lock_guard<std::mutex> lock(m_);
    if (stopped_ && threads_.empty()) return;
    stopped_ = true;
    dropped.swap(jobs_);
  }
  cv_.notify_all();
  for (std::thread& t : threads_)
    if (t.joinable()) t.join();
  threads_.clear();
}

}  // namespace hc::server
