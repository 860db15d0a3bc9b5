// The HTTP front of the game service: the JSON API (docs/server.md; routes in router.*) on an event-driven
// HTTP/1.1 transport (http_server.*, Boost.Beast on Asio), with server-sent events for live updates. Every
// error is a JSON object {"error": "..."} with its status code.
#pragma once
#include <cstddef>
#include <memory>
#include <string>

#include "server/game_service.hpp"

namespace hc::server {

inline constexpr std::size_t kMaxBodyBytes = 64 * 1024;
// Event streams beyond this many are refused (503).
inline constexpr int kMaxEventStreams = 768;

// What one server accepts (docs/server.md, "Limits", gives each its `serve` flag). With writes_per_second >
// 0, writes (POST) are rate-limited per client address by a token bucket: 3 s worth at once, refilled at
// `writes_per_second`; beyond it a write gets 429 with Retry-After. Game creation (and import) is limited per
// address the same way, on by default: games_burst at once, then games_per_minute.
struct ApiLimits {
  std::size_t max_body = kMaxBodyBytes;
  int max_streams = kMaxEventStreams;
  double writes_per_second = 0;
  double games_burst = 60;
  double games_per_minute = 20;  // 0 = no creation limit
  // Behind a reverse proxy: the client address is X-Forwarded-For's last entry, and the per-address
  // connection cap is not applied (every connection comes from the proxy).
  bool trust_forwarded_for = false;
  int backlog = 1024;
  int header_timeout_s = 10;
  int body_timeout_s = 30;
  int idle_timeout_s = 30;
  std::size_t max_header_bytes = 16 * 1024;
  int max_conns_per_address = 128;  // 0 = no cap
  int max_connections = 10000;
  int handler_threads = 32;
  int handler_queue = 64;
  int io_threads = 2;
};

class HttpApi {
 public:
  explicit HttpApi(GameService& service, ApiLimits limits = {});
  ~HttpApi();
  HttpApi(const HttpApi&) = delete;
  HttpApi& operator=(const HttpApi&) = delete;
  // Serves the built browser UI (a folder with index.html) at "/"; without one, "/" explains how to build it.
  // Returns whether the folder has an index.html.
  bool mount_ui(const std::string& dir);
  // Binds the address; port 0 picks a free one. Returns the port, or -1 if binding failed.
  int bind(const std::string& address, int port);
  // Serves until stop(); returns false if serving failed.
  bool run();
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

struct ServeOptions {
  std::string address = "127.0.0.1";
  int port = 8080;
  std::string data_dir = "heterochess-data";
  double writes_per_second = 0;             // per client address; 0 = no limit
  std::string web_dir = default_web_dir();  // the built UI (web/dist of the source tree by default)
  ApiLimits limits;                         // the rest of the limits (writes_per_second is taken from above)
  EngineOptions engine;                     // engine workers and maximum level

  static std::string default_web_dir();
};

// `heterochess serve`: opens the store in the data directory, serves until SIGINT/SIGTERM. Prints
// "listening on http://ADDRESS:PORT" on standard output once ready. Returns the process exit code.
int run_server(const ServeOptions& opt);

}  // namespace hc::server
