// Token buckets per client address: `burst` requests at once, refilled at `per_second`. Used for the write
// limit (--rate-limit) and the game-creation limit (--games-burst, --games-per-minute).
#pragma once
#include <chrono>
#include <mutex>
#include <string>
#include <unordered_map>

namespace hc::server {

class RateLimiter {
 public:
  // per_second <= 0: no limit (take() always succeeds).
  RateLimiter(double per_second, double burst);
  bool enabled() const { return per_second_ > 0; }
  double per_second() const { return per_second_; }
  double burst() const { return burst_; }
  // Takes a token of `client`'s bucket; false, with the whole seconds until one is there, when it is empty.
  bool take(const std::string& client, int* retry_after_s);

 private:
  struct Bucket {
    double tokens;
    std::chrono::steady_clock::time_point at;
  };
  const double per_second_, burst_;
  std::mutex m_;
  std::unordered_map<std::string, Bucket> buckets_;
};

}  // namespace hc::server
