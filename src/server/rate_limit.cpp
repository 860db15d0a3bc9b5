#include "server/rate_limit.hpp"

#include <algorithm>
#include <cmath>

namespace hc::server {

RateLimiter::RateLimiter(double per_second, double burst)
    : per_second_(per_second), burst_(std::max(1.0, burst)) {}

bool RateLimiter::take(const std::string& client, int* retry_after_s) {
  if (!enabled()) return true;
  const auto now = std::chrono::steady_clock::now();
  std::lock_guard<std::mutex> lock(m_);
  // Bounded memory: forget the buckets that are full again (they hold nothing), and everything if that is not
  // enough (a full bucket each is the generous side).
  if (buckets_.size() > 100000) {
    std::erase_if(buckets_, [&](const auto& kv) {
      return kv.second.tokens + std::chrono::duration<double>(now - kv.second.at).count() * per_second_ >=
             burst_;
    });
    if (buckets_.size() > 100000) buckets_.clear();
  }
  auto [it, fresh] = buckets_.try_emplace(client, Bucket{burst_, now});
  Bucket& b = it->second;
  if (!fresh) {
    b.tokens = std::min(burst_, b.tokens + std::chrono::duration<double>(now - b.at).count() * per_second_);
    b.at = now;
  }
  if (b.tokens >= 1) {
    b.tokens -= 1;
    return true;
  }
  *retry_after_s = std::max(1, int(std::ceil((1 - b.tokens) / per_second_)));
  return false;
}

}  // namespace hc::server
