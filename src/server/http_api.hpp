// The HTTP front of the game service: a JSON API (docs/server.md) on cpp-httplib, with server-sent events for
// live updates. Request bodies are capped; every error is a JSON object {"error": "..."} with its status
// code.
#pragma once
#include <cstddef>
#include <memory>
#include <string>

#include "server/game_service.hpp"

namespace hc::server {

inline constexpr std::size_t kMaxBodyBytes = 64 * 1024;
// Workers serving connections (a keep-alive connection or an event stream holds one while it lasts): this
// many are kept when idle, at most kMaxWorkers run; event streams beyond kMaxEventStreams are refused (503)
// so that requests always find a worker.
inline constexpr std::size_t kKeptWorkers = 16;
inline constexpr std::size_t kMaxWorkers = 1024;
inline constexpr int kMaxEventStreams = 768;

// What one server accepts. With writes_per_second > 0, writes (POST) are rate-limited per client address by a
// token bucket: 3 s worth at once, refilled at `writes_per_second`; beyond it a write gets 429 with
// Retry-After. Reads are not limited. Off by default: behind a reverse proxy every client has the proxy's
// address.
struct ApiLimits {
  std::size_t max_body = kMaxBodyBytes;
  int max_streams = kMaxEventStreams;
  double writes_per_second = 0;
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
  EngineOptions engine;                     // engine workers and maximum level

  static std::string default_web_dir();
};

// `heterochess serve`: opens the store in the data directory, serves until SIGINT/SIGTERM. Prints
// "listening on http://ADDRESS:PORT" on standard output once ready. Returns the process exit code.
int run_server(const ServeOptions& opt);

}  // namespace hc::server
