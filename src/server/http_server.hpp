// The HTTP transport: an event-driven HTTP/1.1 server on Boost.Asio with Boost.Beast's parser (Debian
// libboost1.81-dev). A few network threads serve every connection: an idle or slow connection costs a socket
// and a timer, not a thread. Requests that may block run on a bounded pool of handler threads (503 at once
// when it is full); the cheap routes (Router::is_cheap) are answered on the network threads, so /api/health
// stays fast whatever else is going on. Event streams are written asynchronously, woken by the game service's
// change notification. docs/server.md lists the limits.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "server/http_message.hpp"
#include "server/router.hpp"

namespace hc::server {

class HttpServer {
 public:
  HttpServer(Router& router, const TransportLimits& limits, int max_streams);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds and listens; port 0 picks a free one. Returns the port, or -1 if binding failed (the reason on
  // standard error).
  int bind(const std::string& address, int port);
  // Serves until stop(); returns false if serving failed.
  bool run();
  // From any thread; run() returns once the network threads have ended.
  void stop();

  // Connections refused so far because of the per-address or the global cap (for logs and the probe).
  struct Counters {
    std::uint64_t accepted = 0, refused_per_address = 0, refused_total = 0, busy = 0;
  };
  Counters counters() const;

 private:
  struct Impl;
  class Session;
  std::shared_ptr<Impl> impl_;
};

// Raises the soft limit of open files to the hard limit (each connection is a descriptor); returns the new
// soft limit.
std::uint64_t raise_open_file_limit();

}  // namespace hc::server
