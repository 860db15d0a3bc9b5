#include "server/handler_pool.hpp"

namespace hc::server {

HandlerPool::HandlerPool(std::size_t threads, std::size_t queue)
    : threads_cap_(threads < 1 ? 1 : threads), queue_cap_(queue) {
  threads_.reserve(threads_cap_);
  for (std::size_t i = 0; i < threads_cap_; ++i) threads_.emplace_back([this] { work(); });
}

HandlerPool::~HandlerPool() { stop(); }

bool HandlerPool::try_submit(Job& job) {
  std::lock_guard<std::mutex> lock(m_);
  if (stopped_ || running_ + jobs_.size() >= threads_cap_ + queue_cap_) return false;
  jobs_.push_back(std::move(job));
  cv_.notify_one();
  return true;
}

void HandlerPool::work() {
  std::unique_lock<std::mutex> lock(m_);
  for (;;) {
    cv_.wait(lock, [this] { return stopped_ || !jobs_.empty(); });
    if (stopped_) return;
    Job job = std::move(jobs_.front());
    jobs_.pop_front();
    ++running_;
    lock.unlock();
    std::function<void()> then = job();
    job = nullptr;  // whatever the job holds is released outside the lock
    lock.lock();
    --running_;
    if (then) {
      lock.unlock();
      then();
      then = nullptr;
      lock.lock();
    }
  }
}

void HandlerPool::stop() {
  std::deque<Job> dropped;
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
