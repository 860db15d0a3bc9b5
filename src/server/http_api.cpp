#include "server/http_api.hpp"

#include <httplib.h>
#include <signal.h>

#include <atomic>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <sstream>
#include <unordered_map>

#include "server/elastic_pool.hpp"
#include "server/sqlite_store.hpp"
#include "variants/registry.hpp"

namespace hc::server {

using json = nlohmann::json;

namespace {

int status_of(ServiceError::Kind k) {
  switch (k) {
    case ServiceError::kBadRequest:
      return 400;
    case ServiceError::kForbidden:
      return 403;
    case ServiceError::kNotFound:
      return 404;
    case ServiceError::kConflict:
      return 409;
    case ServiceError::kIllegal:
      return 422;
    case ServiceError::kUnavailable:
      return 503;
  }
  return 400;
}

void send_json(httplib::Response& res, const json& j, int status = 200) {
  res.status = status;
  res.set_content(j.dump(), "application/json");
}

std::string fmt_rate(double r) {
  std::ostringstream o;
  o << r;
  return o.str();
}

void send_error(httplib::Response& res, int status, const std::string& message) {
  send_json(res, json{{"error", message}}, status);
}

// The request body as a JSON object; ServiceError(kBadRequest) if it is not one.
json body_object(const httplib::Request& req) {
  json j;
  try {
    j = json::parse(req.body);
  } catch (const json::parse_error& e) {
    throw ServiceError(ServiceError::kBadRequest, std::string("malformed JSON: ") + e.what());
  }
  if (!j.is_object()) throw ServiceError(ServiceError::kBadRequest, "the body must be a JSON object");
  return j;
}

// `j` (an object) has only the given fields: a misspelt field is an error, not silently ignored. `where`
// names the object in the message.
void only_fields(const json& j, std::initializer_list<const char*> fields, const std::string& where) {
  for (const auto& [key, value] : j.items()) {
    bool known = false;
    for (const char* f : fields) known = known || key == f;
    if (!known) {
      std::string list;
      for (const char* f : fields) list += std::string(list.empty() ? "" : ", ") + f;
      throw ServiceError(ServiceError::kBadRequest,
                         "unknown field '" + key + "' in " + where + " (it takes " + list + ")");
    }
  }
}

// The request body as a JSON object with only the given fields.
json body_object(const httplib::Request& req, std::initializer_list<const char*> fields) {
  json j = body_object(req);
  only_fields(j, fields, "the request");
  return j;
}

std::string string_field(const json& j, const char* key, bool required, const std::string& def = "") {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) {
    if (required) throw ServiceError(ServiceError::kBadRequest, std::string("'") + key + "' is required");
    return def;
  }
  if (!it->is_string())
    throw ServiceError(ServiceError::kBadRequest, std::string("'") + key + "' must be a string");
  return it->get<std::string>();
}

int int_field(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return 0;
  if (!it->is_number_integer() || it->get<long long>() <= 0 || it->get<long long>() > 1000000)
    throw ServiceError(ServiceError::kBadRequest, std::string("'") + key + "' must be a positive integer");
  return it->get<int>();
}

// The reader's token for reads: header X-Player-Token, else ?token= (EventSource cannot set headers); "" = a
// spectator.
std::string reader_token(const httplib::Request& req) {
  if (req.has_header("X-Player-Token")) return req.get_header_value("X-Player-Token");
  return req.get_param_value("token");
}

CreateOptions create_options(const json& b) {
  CreateOptions o;
  o.variant = string_field(b, "variant", false, "chess");
  o.fen = string_field(b, "fen", false);
  std::string opp = string_field(b, "opponent", false, "engine");
  if (opp == "engine")
    o.opponent = PlayerKind::kEngine;
  else if (opp == "human")
    o.opponent = PlayerKind::kHuman;
  else
    throw ServiceError(ServiceError::kBadRequest, "'opponent' must be \"engine\" or \"human\"");
  std::string color = string_field(b, "color", false, "white");
  if (color == "white")
    o.creator = kWhite;
  else if (color == "black")
    o.creator = kBlack;
  else
    throw ServiceError(ServiceError::kBadRequest, "'color' must be \"white\" or \"black\"");
  if (auto it = b.find("level"); it != b.end() && !it->is_null()) {
    if (!it->is_object())
      throw ServiceError(ServiceError::kBadRequest,
                         "'level' must be an object {\"movetime_ms\": N} or {\"depth\": N}");
    only_fields(*it, {"movetime_ms", "depth"}, "'level'");
    o.level.movetime_ms = int_field(*it, "movetime_ms");
    o.level.depth = int_field(*it, "depth");
    if (o.level.movetime_ms && o.level.depth)
      throw ServiceError(ServiceError::kBadRequest, "'level' takes movetime_ms or depth, not both");
  }
  if (auto it = b.find("clock"); it != b.end() && !it->is_null()) {
    const char* shape =
        "'clock' must be an object {\"initial_s\": N, \"increment_s\": M, \"per_turn\": false}";
    if (!it->is_object()) throw ServiceError(ServiceError::kBadRequest, shape);
    only_fields(*it, {"initial_s", "increment_s", "per_turn"}, "'clock'");
    auto seconds = [&](const char* key, bool required) -> std::int64_t {
      auto f = it->find(key);
      if (f == it->end() || f->is_null()) {
        if (required)
          throw ServiceError(ServiceError::kBadRequest, std::string("'clock.") + key + "' is required");
        return 0;
      }
      if (!f->is_number_integer() || f->get<long long>() < (required ? 1 : 0) ||
          f->get<long long>() > 100000000)
        throw ServiceError(ServiceError::kBadRequest, std::string("'clock.") + key + "' must be a " +
                                                          (required ? "positive" : "non-negative") +
                                                          " integer number of seconds");
      return f->get<std::int64_t>() * 1000;
    };
    o.clock.initial_ms = seconds("initial_s", true);
    o.clock.increment_ms = seconds("increment_s", false);
    if (auto f = it->find("per_turn"); f != it->end() && !f->is_null()) {
      if (!f->is_boolean())
        throw ServiceError(ServiceError::kBadRequest, "'clock.per_turn' must be true or false");
      o.clock.per_turn = f->get<bool>();
    }
  }
  return o;
}

}  // namespace

struct HttpApi::Impl {
  GameService& service;
  httplib::Server svr;
  // Open event streams: each holds a worker while it lasts, so they are capped below the workers' cap and
  // requests always find a worker.
  std::atomic<int> streams{0};

  // Token buckets of the writes, per client address.
  struct Bucket {
    double tokens;
    std::chrono::steady_clock::time_point at;
  };
  const ApiLimits limits;
  std::mutex buckets_mutex;
  std::unordered_map<std::string, Bucket> buckets;

  // Takes a write token for `client`; false (and the seconds until one is there) when its bucket is empty.
  bool take_write_token(const std::string& client, int* retry_after_s) {
    const auto now = std::chrono::steady_clock::now();
    std::lock_guard<std::mutex> lock(buckets_mutex);
    if (buckets.size() > 100000) buckets.clear();  // bounded memory; a full bucket each is the generous side
    const double burst = 3 * limits.writes_per_second;
    auto [it, fresh] = buckets.try_emplace(client, Bucket{burst, now});
    Bucket& b = it->second;
    if (!fresh) {
      b.tokens = std::min(
          burst, b.tokens + std::chrono::duration<double>(now - b.at).count() * limits.writes_per_second);
      b.at = now;
    }
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return true;
    }
    *retry_after_s = std::max(1, int(std::ceil((1 - b.tokens) / limits.writes_per_second)));
    return false;
  }

  Impl(GameService& s, const ApiLimits& l) : service(s), limits(l) {
    const std::size_t max_body = l.max_body;
    svr.new_task_queue = [] { return new ElasticPool(kKeptWorkers, kMaxWorkers); };
    svr.set_payload_max_length(max_body);
    svr.set_read_timeout(10, 0);
    // cpp-httplib closes a keep-alive connection after 5 requests by default; the reconnections then overflow
    // its short listen backlog (a dropped SYN costs the client a 1 s retransmission). Browsers and pollers
    // keep their connection instead; an idle one is still closed after the keep-alive timeout (5 s).
    svr.set_keep_alive_max_count(10000);
    // Answers leave at once: without TCP_NODELAY, the body written after the headers waits for the client's
    // delayed ACK (about 40 ms on Linux) — that was the median latency of every read.
    svr.set_tcp_nodelay(true);
    svr.set_error_handler(
        httplib::Server::HandlerWithResponse([max_body](const httplib::Request& req, httplib::Response& res) {
          if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
          std::string msg;
          if (res.status == 404)
            msg = "not found: " + req.method + " " + req.path;
          else if (res.status == 413)
            msg = "request body too large (limit " + std::to_string(max_body) + " bytes)";
          else
            msg = "HTTP status " + std::to_string(res.status);
          send_error(res, res.status, msg);
          return httplib::Server::HandlerResponse::Handled;
        }));
    svr.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
      int retry = 0;
      if (limits.writes_per_second <= 0 || req.method != "POST" || take_write_token(req.remote_addr, &retry))
        return httplib::Server::HandlerResponse::Unhandled;
      res.set_header("Retry-After", std::to_string(retry));
      send_error(res, 429,
                 "too many requests from this address: at most " + fmt_rate(limits.writes_per_second) +
                     " writes a second; retry in " + std::to_string(retry) + " s");
      return httplib::Server::HandlerResponse::Handled;
    });
    svr.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
      try {
        std::rethrow_exception(ep);
      } catch (const ServiceError& e) {
        send_error(res, status_of(e.kind()), e.what());
      } catch (const StoreError& e) {
        send_error(res, 503, std::string("storage error: ") + e.what());
      } catch (const std::exception& e) {
        send_error(res, 500, std::string("internal error: ") + e.what());
      } catch (...) {
        send_error(res, 500, "internal error");
      }
    });
    routes();
  }

  void routes() {
    const std::string id = "/api/games/([A-Za-z0-9]+)";
    svr.Get("/api/health", [](const httplib::Request&, httplib::Response& res) {
      send_json(res, {{"ok", true}});
    });
    svr.Get("/api/variants", [](const httplib::Request&, httplib::Response& res) {
      json arr = json::array();
      for (const auto& v : variant_catalogue())
        arr.push_back({{"id", v.id}, {"name", v.name}, {"description", v.description}});
      send_json(res, {{"variants", arr}});
    });
    svr.Post("/api/games", [this](const httplib::Request& req, httplib::Response& res) {
      CreateOptions opt =
          create_options(body_object(req, {"variant", "fen", "opponent", "color", "level", "clock"}));
      opt.client_address = req.remote_addr;
      send_json(res, service.create(opt), 201);
    });
    svr.Post("/api/games/import", [this](const httplib::Request& req, httplib::Response& res) {
      json b = body_object(req, {"pgn"});
      send_json(res, service.import_pgn(string_field(b, "pgn", true)), 201);
    });
    svr.Get(id, [this](const httplib::Request& req, httplib::Response& res) {
      res.set_content(service.state_text(req.matches[1], reader_token(req)), "application/json");
    });
    svr.Get(id + "/legal", [this](const httplib::Request& req, httplib::Response& res) {
      send_json(res, service.legal(req.matches[1], req.get_param_value("prefix")));
    });
    svr.Get(id + "/history", [this](const httplib::Request& req, httplib::Response& res) {
      int from = 0;
      if (req.has_param("from")) {
        const std::string f = req.get_param_value("from");
        if (f.empty() || f.size() > 9 || f.find_first_not_of("0123456789") != std::string::npos)
          throw ServiceError(ServiceError::kBadRequest, "'from' must be a turn index (0 or more)");
        from = std::stoi(f);
      }
      send_json(res, service.history(req.matches[1], from, reader_token(req)));
    });
    svr.Get(id + "/pgn", [this](const httplib::Request& req, httplib::Response& res) {
      res.set_content(service.pgn(req.matches[1], reader_token(req)), "application/x-chess-pgn");
    });
    svr.Post(id + "/turn", [this](const httplib::Request& req, httplib::Response& res) {
      json b = body_object(req, {"token", "turn"});
      send_json(res, service.play_turn(req.matches[1], string_field(b, "token", true),
                                       string_field(b, "turn", true)));
    });
    svr.Post(id + "/resign", [this](const httplib::Request& req, httplib::Response& res) {
      json b = body_object(req, {"token"});
      send_json(res, service.resign(req.matches[1], string_field(b, "token", true)));
    });
    svr.Post(id + "/draw", [this](const httplib::Request& req, httplib::Response& res) {
      json b = body_object(req, {"token", "action"});
      send_json(
          res, service.draw(req.matches[1], string_field(b, "token", true), string_field(b, "action", true)));
    });
    svr.Post(id + "/hint", [this](const httplib::Request& req, httplib::Response& res) {
      json b = body_object(req, {"token"});
      send_json(res, service.hint(req.matches[1], string_field(b, "token", true), req.remote_addr));
    });
    svr.Get("/api/players/([A-Za-z0-9]+)/games", [this](const httplib::Request& req, httplib::Response& res) {
      send_json(res, service.player_games(req.matches[1]));
    });
    svr.Get(id + "/events",
            [this](const httplib::Request& req, httplib::Response& res) { events(req, res); });
  }

  // Server-sent events: "turn" events (id = the number of turns after it; data {index, turn}) for every turn
  // the client has not seen, then a "status" event; again after each change, with a comment every 15 s.
  // The client says what it has seen by Last-Event-ID or ?since=N (turns); by default it gets every turn.
  void events(const httplib::Request& req, httplib::Response& res) {
    std::string gid = req.matches[1];
    std::string token = reader_token(req);
    service.changes_since(gid, 0, token);  // 404 / 403 before the stream starts
    int since = 0;
    std::string seen = req.has_header("Last-Event-ID") ? req.get_header_value("Last-Event-ID")
                                                       : req.get_param_value("since");
    if (!seen.empty()) {
      try {
        since = std::stoi(seen);
      } catch (const std::exception&) {
        throw ServiceError(ServiceError::kBadRequest, "'since' must be a number of turns");
      }
    }
    // The slot is held by the stream's provider and given back when the stream ends.
    struct Slot {
      std::atomic<int>& count;
      explicit Slot(std::atomic<int>& c) : count(c) { ++count; }
      ~Slot() { --count; }
    };
    auto slot = std::make_shared<Slot>(streams);
    if (streams > limits.max_streams)
      throw ServiceError(ServiceError::kUnavailable, "too many live event streams on this server (" +
                                                         std::to_string(limits.max_streams) +
                                                         "); poll GET /api/games/" + gid + " instead");
    struct Cursor {
      int next_turn;
      std::uint64_t version = 0;
      bool first = true;
    };
    auto cur = std::make_shared<Cursor>(Cursor{since});
    res.set_header("Cache-Control", "no-cache");
    res.set_chunked_content_provider("text/event-stream",
                                     [this, gid, token, cur, slot](std::size_t, httplib::DataSink& sink) {
                                       if (!cur->first)
                                         service.wait_change(gid, cur->version, std::chrono::seconds(15));
                                       if (service.stopping()) {
                                         sink.done();
                                         return true;
                                       }
                                       json ch = service.changes_since(gid, cur->next_turn, token);
                                       std::string out;
                                       if (cur->first || ch["version"].get<std::uint64_t>() != cur->version) {
                                         for (const json& t : ch["new_turns"])
                                           out += "id: " + std::to_string(t["index"].get<int>() + 1) +
                                                  "\nevent: turn\ndata: " + t.dump() + "\n\n";
                                         cur->next_turn = ch["turn_count"].get<int>();
                                         cur->version = ch["version"].get<std::uint64_t>();
                                         cur->first = false;
                                         ch.erase("new_turns");
                                         out += "event: status\ndata: " + ch.dump() + "\n\n";
                                       } else {
                                         out = ": keep-alive\n\n";
                                       }
                                       return sink.write(out.data(), out.size());
                                     });
  }
};

bool HttpApi::mount_ui(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  bool built = fs::is_regular_file(fs::path(dir) / "index.html", ec);
  if (built) {
    impl_->svr.set_mount_point("/", dir);
    impl_->svr.set_file_extension_and_mimetype_mapping("mjs", "text/javascript");
    impl_->svr.set_file_extension_and_mimetype_mapping("map", "application/json");
  } else {
    std::string page =
        "<!doctype html><meta charset=utf-8><title>heterochess</title><h1>heterochess</h1>"
        "<p>The browser UI is not built in <code>" +
        dir +
        "</code>. Build it with <code>scripts/build_web.sh</code> (or start the server with "
        "<code>scripts/heterochess.sh serve</code>, which builds everything), or point <code>--web</code> "
        "at a built folder. The JSON API is served under <code>/api/</code> (docs/server.md).</p>";
    impl_->svr.Get("/", [page](const httplib::Request&, httplib::Response& res) {
      res.set_content(page, "text/html; charset=utf-8");
    });
  }
  return built;
}

HttpApi::HttpApi(GameService& service, ApiLimits limits) : impl_(std::make_unique<Impl>(service, limits)) {}
HttpApi::~HttpApi() = default;

int HttpApi::bind(const std::string& address, int port) {
  if (port == 0) return impl_->svr.bind_to_any_port(address);
  return impl_->svr.bind_to_port(address, port) ? port : -1;
}
bool HttpApi::run() { return impl_->svr.listen_after_bind(); }
void HttpApi::stop() { impl_->svr.stop(); }

std::string ServeOptions::default_web_dir() {
#ifdef HC_DEFAULT_WEB_DIR
  return HC_DEFAULT_WEB_DIR;
#else
  return "web/dist";
#endif
}

int run_server(const ServeOptions& opt) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(opt.data_dir, ec);
  if (ec) {
    std::cerr << "error: cannot create data directory '" << opt.data_dir << "': " << ec.message() << "\n";
    return 2;
  }
  // SIGINT/SIGTERM are taken by a thread of ours (sigwait), so every other thread starts with them blocked.
  sigset_t sigs;
  sigemptyset(&sigs);
  sigaddset(&sigs, SIGINT);
  sigaddset(&sigs, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &sigs, nullptr);
  std::unique_ptr<SqliteStore> store;
  try {
    store = std::make_unique<SqliteStore>((fs::path(opt.data_dir) / "heterochess.sqlite3").string());
  } catch (const StoreError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
  GameService service(*store, opt.engine);
  ApiLimits limits;
  limits.writes_per_second = opt.writes_per_second;
  HttpApi api(service, limits);
  if (!api.mount_ui(opt.web_dir))
    std::cerr << "warning: no built UI in '" << opt.web_dir
              << "' (scripts/build_web.sh builds it); serving the API only\n";
  int port = api.bind(opt.address, opt.port);
  if (port < 0) {
    std::cerr << "error: cannot listen on " << opt.address << ":" << opt.port << "\n";
    return 2;
  }
  std::atomic<bool> done{false};
  std::thread signals([&] {
    timespec tick{0, 200 * 1000 * 1000};
    while (!done) {
      if (sigtimedwait(&sigs, nullptr, &tick) > 0) {
        service.stop();  // wakes the event streams, so that the server's workers can finish
        api.stop();
        return;
      }
    }
  });
  std::cout << "listening on http://" << opt.address << ":" << port << " (data: " << opt.data_dir << ")"
            << std::endl;
  bool ok = api.run();
  done = true;
  signals.join();
  service.stop();
  return ok ? 0 : 1;
}

}  // namespace hc::server
