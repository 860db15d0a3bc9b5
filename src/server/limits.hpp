// What one server accepts (docs/server.md, "Limits", gives each its `serve` flag): the transport's limits and
// the routes' limits, and ApiLimits, both together, as `serve` and embedders set them.
#pragma once
#include <cstddef>

namespace hc::server {

inline constexpr std::size_t kMaxBodyBytes = 64 * 1024;
// Event streams beyond this many are refused (503).
inline constexpr int kMaxEventStreams = 768;

// What the transport enforces.
struct TransportLimits {
  int backlog = 1024;                        // the listen queue (capped by the kernel's somaxconn)
  int header_timeout_s = 10;                 // the whole header of a request, from its first byte
  int body_timeout_s = 30;                   // the body after the header; also writing an answer
  int idle_timeout_s = 30;                   // a kept-alive connection waiting for its next request
  std::size_t max_header_bytes = 16 * 1024;  // request line and header fields; 431 beyond
  std::size_t max_body = kMaxBodyBytes;      // 413 beyond
  int max_conns_per_address = 128;           // open connections from one address; 0 = no cap
  int max_connections = 10000;               // all open connections (also capped by RLIMIT_NOFILE)
  int handler_threads = 32;                  // threads running the requests that may block
  int handler_queue = 64;                    // requests waiting for one; 503 beyond
  int io_threads = 2;                        // network threads (parsing, writing, the cheap routes)
};

// What the routes enforce. With writes_per_second > 0, writes (POST) are rate-limited per client address by a
// token bucket: 3 s worth at once, refilled at `writes_per_second`; beyond it a write gets 429 with
// Retry-After. Game creation (and import) is limited per address the same way, on by default: games_burst at
// once, then games_per_minute.
struct RouterLimits {
  int max_streams = kMaxEventStreams;  // open event streams; the next gets 503
  double writes_per_second = 0;        // per client address, 3 s worth at once; 0 = no limit
  double games_burst = 60;             // games created (or imported) per client address at once...
  double games_per_minute = 20;        // ...then this many a minute; 0 = no limit
  // Behind a reverse proxy: the client address is X-Forwarded-For's last entry (the one our proxy added),
  // and the per-address connection cap is not applied (every connection comes from the proxy).
  bool trust_forwarded_for = false;
};

// Every limit of one server: the transport takes its part, the router its own.
struct ApiLimits : TransportLimits, RouterLimits {};

}  // namespace hc::server
