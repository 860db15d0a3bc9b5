// The HTTP front of the game service: the JSON API (docs/server.md; routes in router.*) on an event-driven
// HTTP/1.1 transport (http_server.*, Boost.Beast on Asio), with server-sent events for live updates. Every
// error is a JSON object {"error": "..."} with its status code.
#pragma once
#include <cstddef>
#include <memory>
#include <string>

#include "server/game_service.hpp"
#include "server/limits.hpp"

namespace hc::server {

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
  std::string web_dir = default_web_dir();  // the built UI (web/dist of the source tree by default)
  ApiLimits limits;                         // docs/server.md, "Limits"
  EngineOptions engine;                     // engine workers and maximum level

  static std::string default_web_dir();
};

// `heterochess serve`: opens the store in the data directory, serves until SIGINT/SIGTERM. Prints
// "listening on http://ADDRESS:PORT" on standard output once ready. Returns the process exit code.
int run_server(const ServeOptions& opt);

}  // namespace hc::server
