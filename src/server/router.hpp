// The JSON API's routes (docs/server.md), independent of the transport: a request (method, target, headers,
// body, the client's address) in, a response (status, headers, body) or an event stream out. Every exception
// is caught and answered as {"error": ...} with its status; nothing a client sends can escape handle().
#pragma once
#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "server/game_service.hpp"
#include "server/limits.hpp"
#include "server/rate_limit.hpp"

namespace hc::server {

struct HttpRequest {
  std::string method;
  std::string target;  // as sent: the path, and '?' and the query if any
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  std::string peer;  // the address the connection comes from

  // The first header of that name (case-insensitive); nullptr if none.
  const std::string* header(std::string_view name) const;
};

// A live text/event-stream. The transport writes next() at once, then again whenever the function given to
// start() is called (a change) or the keep-alive interval passes; next() may block briefly (the game's lock),
// so the transport calls it off its network threads. Destroying the stream releases its slot and its watch.
class EventStream {
 public:
  virtual ~EventStream() = default;
  // Registers `wake`, called from any thread after each change of the game (it must not block).
  virtual void start(std::function<void()> wake) = 0;
  // The events the client has not had yet (the first call: every turn it has not seen, then the status); when
  // nothing changed, a comment if `keepalive`, else "". Throws if the game cannot be read.
  virtual std::string next(bool keepalive) = 0;
};

struct HttpResponse {
  int status = 200;
  std::string content_type = "application/json";
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  std::shared_ptr<EventStream> stream;  // set: a text/event-stream driven by the transport; body is unused
};

HttpResponse json_response(int status, const nlohmann::json& body);
HttpResponse error_response(int status, const std::string& message);

class Router {
 public:
  Router(GameService& service, const RouterLimits& limits);
  ~Router();
  Router(const Router&) = delete;
  Router& operator=(const Router&) = delete;

  // Serves the built browser UI (a folder with index.html) at "/"; without one, "/" explains how to build it.
  // Returns whether the folder has an index.html. May be called while requests are served.
  bool mount_ui(const std::string& dir);
  // Whether `req` is answered without blocking (no store, no game lock, no engine): /api/health,
  // /api/variants, the UI's files, anything outside /api/. The transport answers those on its network threads
  // and the others on its handler threads.
  static bool is_cheap(const HttpRequest& req);
  // Never throws.
  HttpResponse handle(const HttpRequest& req) noexcept;
  // The address limits apply to: the connection's, or X-Forwarded-For's last entry (trust_forwarded_for).
  std::string client_of(const HttpRequest& req) const;
  const RouterLimits& limits() const { return limits_; }

 private:
  HttpResponse route(const HttpRequest& req);
  HttpResponse static_file(const std::string& path);
  HttpResponse events(const std::string& id, const HttpRequest& req, const std::string& since,
                      const std::string& token);

  GameService& service_;
  const RouterLimits limits_;
  RateLimiter writes_, creations_;
  std::shared_ptr<std::atomic<int>> streams_;
  std::mutex ui_mutex_;
  std::string ui_dir_;   // "" = not built
  std::string ui_page_;  // "/" when not built
  std::string variants_text_;
};

}  // namespace hc::server
