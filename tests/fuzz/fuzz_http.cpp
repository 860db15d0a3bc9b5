// libFuzzer target: the play server's request handling (src/server/http_message.*, router.*), in process.
// Input: raw bytes as a client would send them on one connection. They are parsed by Beast's parser with the
// server's own settings (configure_parser, check_header) request after request (pipelining), each finished
// request is routed (paths, query strings, headers, bodies) to a GameService over a scratch SQLite store, and
// every answer is serialized. In a target and a body, "GAME" stands for the id of a live game and "TOKEN" for
// its white player's token, so that the game routes are reached. Invariants: nothing throws out of the
// router, every status is a real one, and every JSON answer parses as JSON (invalid UTF-8 is replaced, never
// emitted). The service is stopped before fuzzing: hints and engine replies answer 503 at once instead of
// searching.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "server/http_message.hpp"
#include "server/router.hpp"
#include "server/sqlite_store.hpp"

using namespace hc::server;
namespace fs = std::filesystem;

namespace {

struct World {
  SqliteStore* store;
  GameService* service;
  Router* router;
  std::string game, token;
};

World& world() {
  static World w = [] {
    World x;
    const fs::path base = fs::exists("/dev/shm") ? fs::path("/dev/shm") : fs::temp_directory_path();
    const fs::path dir = base / ("hc_fuzz_http_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::atexit([] {
      std::error_code ec;
      fs::remove_all(fs::path(fs::exists("/dev/shm") ? "/dev/shm" : fs::temp_directory_path()) /
                         ("hc_fuzz_http_" + std::to_string(::getpid())),
                     ec);
    });
    // Kept for the whole process (reachable, so not leaks).
    x.store = new SqliteStore((dir / "games.sqlite3").string());
    x.service = new GameService(*x.store);
    x.service->stop();
    RouterLimits limits;
    limits.games_per_minute = 0;  // creation is what the fuzzer should reach
    x.router = new Router(*x.service, limits);
    CreateOptions opt;
    opt.variant = "marseillais";
    opt.opponent = PlayerKind::kHuman;
    nlohmann::json g = x.service->create(opt);
    x.game = g["id"];
    x.token = g["token"];
    return x;
  }();
  return w;
}

void replace_all(std::string& s, const std::string& from, const std::string& to) {
  for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
}

[[noreturn]] void fail(const std::string& what, const std::string& detail) {
  std::fprintf(stderr, "fuzz_http: %s\n%s\n", what.c_str(), detail.substr(0, 2000).c_str());
  std::abort();
}

void check_answer(const HttpResponse& r, const std::string& text) {
  if (r.status < 100 || r.status > 599) fail("bad status " + std::to_string(r.status), text);
  if (r.content_type == "application/json" && !nlohmann::json::accept(r.body))
    fail("answer is not JSON", r.body);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  World& w = world();
  static unsigned runs = 0;
  if (++runs % 512 == 0) w.service->evict_idle(std::chrono::milliseconds(0));  // bounded memory
  const TransportLimits limits;
  boost::beast::string_view input(reinterpret_cast<const char*>(data), size);
  for (int n = 0; n < 16; ++n) {  // pipelined requests
    RequestParser parser;
    configure_parser(parser, limits);
    boost::beast::error_code ec;
    bool header_checked = false;
    std::optional<HttpResponse> refused;
    while (!parser.is_done()) {
      const std::size_t used = parser.put(boost::asio::buffer(input.data(), input.size()), ec);
      input.remove_prefix(used);
      // The rest of the input is not a whole request: the server would wait for more, then time out. (Beast's
      // contract: after need_more, put is called again only with more bytes; called again with the same rest,
      // its chunk parser asserts, as the seed http_chunked_final_no_crlf found.)
      if (ec == boost::beast::http::error::need_more) return 0;
      if (ec) {
        refused = parse_error_response(ec, limits);
        break;
      }
      if (!header_checked && parser.is_header_done()) {
        header_checked = true;
        if ((refused = check_header(parser))) break;
      }
      if (used == 0 && input.empty() && !parser.is_done()) return 0;
    }
    if (refused) {
      check_answer(*refused, serialize(*refused, false, 11));
      return 0;
    }
    if (!parser.is_done()) return 0;
    const bool keep = parser.get().keep_alive();
    HttpRequest req = take_request(parser, "127.0.0.1");
    replace_all(req.target, "GAME", w.game);
    replace_all(req.body, "GAME", w.game);
    replace_all(req.body, "TOKEN", w.token);
    for (auto& [k, v] : req.headers) replace_all(v, "TOKEN", w.token);
    HttpResponse r = w.router->handle(req);
    if (r.stream) {
      std::string events;
      try {
        events = r.stream->next(false) + r.stream->next(true);
      } catch (const std::exception&) {
      }
      const std::string text = serialize_stream_head(r, 11) + stream_piece(events, true);
      check_answer(r, text);
    } else {
      check_answer(r, serialize(r, keep, 11));
    }
    if (!keep || input.empty()) return 0;
  }
  return 0;
}
