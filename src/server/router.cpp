#include "server/router.hpp"

#include <cctype>
#include <cmath>
#include <filesystem>
#include <sstream>

#include "notation/error.hpp"
#include "server/json_text.hpp"
#include "server/static_files.hpp"
#include "variants/registry.hpp"

namespace hc::server {

using json = nlohmann::json;

namespace {

constexpr std::size_t kMaxUiFileBytes = 32 * 1024 * 1024;

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

std::string fmt_rate(double r) {
  std::ostringstream o;
  o << r;
  return o.str();
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// %XX decoded (a malformed escape stays as it is); in a query, '+' is a space.
std::string url_decode(std::string_view s, bool query) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hex_digit(s[i + 1]) >= 0 && hex_digit(s[i + 2]) >= 0) {
      out += static_cast<char>(hex_digit(s[i + 1]) * 16 + hex_digit(s[i + 2]));
      i += 2;
    } else if (query && s[i] == '+') {
      out += ' ';
    } else {
      out += s[i];
    }
  }
  return out;
}

// The query's parameters, decoded, in order.
struct Query {
  std::vector<std::pair<std::string, std::string>> params;
  explicit Query(std::string_view q) {
    while (!q.empty()) {
      std::size_t amp = q.find('&');
      std::string_view part = q.substr(0, amp);
      q = amp == std::string_view::npos ? std::string_view{} : q.substr(amp + 1);
      if (part.empty()) continue;
      std::size_t eq = part.find('=');
      params.emplace_back(url_decode(part.substr(0, eq), true),
                          eq == std::string_view::npos ? "" : url_decode(part.substr(eq + 1), true));
    }
  }
  const std::string* find(std::string_view key) const {
    for (const auto& [k, v] : params)
      if (k == key) return &v;
    return nullptr;
  }
  std::string get(std::string_view key) const {
    const std::string* v = find(key);
    return v ? *v : std::string();
  }
};

// The request body as a JSON object; ServiceError(kBadRequest) if it is not one (also for numbers out of
// range, such as 1e400).
json body_object(const HttpRequest& req) {
  json j;
  try {
    j = json::parse(req.body);
  } catch (const json::exception& e) {
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
json body_object(const HttpRequest& req, std::initializer_list<const char*> fields) {
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

// A positive integer up to `max`; a number out of that range (huge, fractional, negative) is kBadRequest.
std::int64_t bounded_int(const json& v, std::int64_t min, std::int64_t max, const std::string& what) {
  if (v.is_number_unsigned()) {
    if (v.get<std::uint64_t>() <= static_cast<std::uint64_t>(max) &&
        static_cast<std::int64_t>(v.get<std::uint64_t>()) >= min)
      return static_cast<std::int64_t>(v.get<std::uint64_t>());
  } else if (v.is_number_integer()) {
    if (v.get<std::int64_t>() >= min && v.get<std::int64_t>() <= max) return v.get<std::int64_t>();
  }
  throw ServiceError(ServiceError::kBadRequest, what);
}

int int_field(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return 0;
  return static_cast<int>(
      bounded_int(*it, 1, 1000000, std::string("'") + key + "' must be a positive integer"));
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
      return 1000 * bounded_int(*f, required ? 1 : 0, 100000000,
                                std::string("'clock.") + key + "' must be a " +
                                    (required ? "positive" : "non-negative") + " integer number of seconds");
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

bool alnum_id(std::string_view s) {
  if (s.empty() || s.size() > 256) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) return false;
  return true;
}

// Server-sent events of one game: "turn" events (id = the number of turns after it; data {index, turn}) for
// every turn the client has not seen, then a "status" event; again after each change.
class GameEvents : public EventStream {
 public:
  GameEvents(GameService& service, std::string id, std::string token, int since,
             std::shared_ptr<std::atomic<int>> count)
      : service_(service),
        id_(std::move(id)),
        token_(std::move(token)),
        next_turn_(since),
        count_(std::move(count)) {
    ++*count_;
  }
  ~GameEvents() override {
    watch_.reset();
    --*count_;
  }
  void start(std::function<void()> wake) override { watch_ = service_.watch(id_, std::move(wake)); }
  std::string next(bool keepalive) override {
    json ch = service_.changes_since(id_, next_turn_, token_);
    const auto version = ch["version"].get<std::uint64_t>();
    if (!first_ && version == version_) return keepalive ? ": keep-alive\n\n" : "";
    std::string out;
    for (const json& t : ch["new_turns"])
      out += "id: " + std::to_string(t["index"].get<int>() + 1) + "\nevent: turn\ndata: " + json_text(t) +
             "\n\n";
    next_turn_ = ch["turn_count"].get<int>();
    version_ = version;
    first_ = false;
    ch.erase("new_turns");
    out += "event: status\ndata: " + json_text(ch) + "\n\n";
    return out;
  }
  int open() const { return count_->load(); }

 private:
  GameService& service_;
  const std::string id_, token_;
  int next_turn_;
  std::uint64_t version_ = 0;
  bool first_ = true;
  std::shared_ptr<std::atomic<int>> count_;
  std::shared_ptr<void> watch_;
};

}  // namespace

const std::string* HttpRequest::header(std::string_view name) const {
  for (const auto& [k, v] : headers)
    if (iequals(k, name)) return &v;
  return nullptr;
}

HttpResponse json_response(int status, const json& body) {
  HttpResponse r;
  r.status = status;
  r.body = json_text(body);
  return r;
}

HttpResponse error_response(int status, const std::string& message) {
  return json_response(status, json{{"error", message}});
}

Router::Router(GameService& service, const RouterLimits& limits)
    : service_(service),
      limits_(limits),
      writes_(limits.writes_per_second, 3 * limits.writes_per_second),
      creations_(limits.games_per_minute / 60.0, limits.games_burst),
      streams_(std::make_shared<std::atomic<int>>(0)) {
  json arr = json::array(), showcase = json::array();
  for (const auto& v : variant_catalogue())
    arr.push_back(
        {{"id", v.id}, {"name", v.name}, {"description", v.description}, {"boards", v.rules.boards}});
  for (const auto& spec : showcase_compositions()) {
    const Variant v = make_variant(spec);
    showcase.push_back({{"id", v.id}, {"boards", v.rules.boards}});
  }
  variants_text_ = json_text({{"variants", arr}, {"showcase", showcase}});
  mount_ui("");
}

Router::~Router() = default;

bool Router::mount_ui(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const bool built = !dir.empty() && fs::is_regular_file(fs::path(dir) / "index.html", ec);
  std::lock_guard<std::mutex> lock(ui_mutex_);
  ui_dir_ = built ? dir : "";
  ui_page_ =
      "<!doctype html><meta charset=utf-8><title>heterochess</title><h1>heterochess</h1>"
      "<p>The browser UI is not built in <code>" +
      dir +
      "</code>. Build it with <code>scripts/build_web.sh</code> (or start the server with "
      "<code>scripts/heterochess.sh serve</code>, which builds everything), or point <code>--web</code> "
      "at a built folder. The JSON API is served under <code>/api/</code> (docs/server.md).</p>";
  return built;
}

bool Router::is_cheap(const HttpRequest& req) {
  std::string_view t = req.target;
  t = t.substr(0, t.find('?'));
  return t.substr(0, 5) != "/api/" || t == "/api/health" || t == "/api/variants";
}

std::string Router::client_of(const HttpRequest& req) const {
  if (limits_.trust_forwarded_for) {
    const std::string* xff = nullptr;
    for (const auto& [k, v] : req.headers)
      if (iequals(k, "X-Forwarded-For")) xff = &v;
    if (xff) {
      std::string_view last = *xff;
      if (auto comma = last.rfind(','); comma != std::string_view::npos) last = last.substr(comma + 1);
      while (!last.empty() && (last.front() == ' ' || last.front() == '\t')) last.remove_prefix(1);
      while (!last.empty() && (last.back() == ' ' || last.back() == '\t')) last.remove_suffix(1);
      if (!last.empty() && last.size() <= 64) return std::string(last);
    }
  }
  return req.peer;
}

HttpResponse Router::handle(const HttpRequest& req) noexcept {
  try {
    try {
      return route(req);
    } catch (const ServiceError& e) {
      return error_response(status_of(e.kind()), e.what());
    } catch (const StoreError& e) {
      return error_response(503, std::string("storage error: ") + e.what());
    } catch (const NotationError& e) {
      return error_response(400, e.what());
    } catch (const json::exception& e) {
      return error_response(400, std::string("malformed request: ") + e.what());
    } catch (const std::bad_alloc&) {
      return error_response(503, "out of memory");
    } catch (const std::exception& e) {
      return error_response(500, std::string("internal error: ") + e.what());
    } catch (...) {
      return error_response(500, "internal error");
    }
  } catch (...) {
    // Building the error itself failed (out of memory): a fixed answer.
    HttpResponse r;
    r.status = 500;
    r.body = R"({"error":"internal error"})";
    return r;
  }
}

HttpResponse Router::route(const HttpRequest& req) {
  const std::string_view target = req.target;
  const std::size_t qmark = target.find('?');
  const std::string path = url_decode(target.substr(0, qmark), false);
  const Query query(qmark == std::string_view::npos ? std::string_view{} : target.substr(qmark + 1));
  const std::string& m = req.method;
  auto not_found = [&] { return error_response(404, "not found: " + m + " " + path); };
  auto reader_token = [&] {
    if (const std::string* t = req.header("X-Player-Token")) return *t;
    return query.get("token");
  };

  if (m == "POST") {
    int retry = 0;
    if (!writes_.take(client_of(req), &retry)) {
      HttpResponse r = error_response(429, "too many requests from this address: at most " +
                                               fmt_rate(limits_.writes_per_second) +
                                               " writes a second; retry in " + std::to_string(retry) + " s");
      r.headers.emplace_back("Retry-After", std::to_string(retry));
      return r;
    }
  }
  auto creation_allowed = [&](HttpResponse* refused) {
    int retry = 0;
    if (creations_.take(client_of(req), &retry)) return true;
    *refused =
        error_response(429, "too many new games from this address: at most " + fmt_rate(limits_.games_burst) +
                                " at once, then " + fmt_rate(limits_.games_per_minute) +
                                " a minute; retry in " + std::to_string(retry) + " s");
    refused->headers.emplace_back("Retry-After", std::to_string(retry));
    return false;
  };

  if (path == "/api/health") return m == "GET" ? json_response(200, {{"ok", true}}) : not_found();
  if (path == "/api/variants") {
    if (m != "GET") return not_found();
    HttpResponse r;
    r.body = variants_text_;
    return r;
  }
  if (path == "/api/games" || path == "/api/games/import") {
    if (m != "POST") return not_found();
    HttpResponse refused;
    if (!creation_allowed(&refused)) return refused;
    if (path == "/api/games") {
      CreateOptions opt =
          create_options(body_object(req, {"variant", "fen", "opponent", "color", "level", "clock"}));
      opt.client_address = client_of(req);  // the engine pool shares its turn slots among client addresses
      return json_response(201, service_.create(opt));
    }
    json b = body_object(req, {"pgn"});
    return json_response(201, service_.import_pgn(string_field(b, "pgn", true)));
  }
  static constexpr std::string_view kGames = "/api/games/", kPlayers = "/api/players/";
  if (path.compare(0, kGames.size(), kGames) == 0) {
    std::string_view rest = std::string_view(path).substr(kGames.size());
    const std::size_t slash = rest.find('/');
    const std::string id(rest.substr(0, slash));
    const std::string_view sub = slash == std::string_view::npos ? "" : rest.substr(slash + 1);
    if (!alnum_id(id)) return not_found();
    if (m == "GET") {
      if (slash == std::string_view::npos) {
        HttpResponse r;
        r.body = service_.state_text(id, reader_token());
        return r;
      }
      if (sub == "legal") return json_response(200, service_.legal(id, query.get("prefix")));
      if (sub == "history") {
        int from = 0;
        if (const std::string* f = query.find("from")) {
          if (f->empty() || f->size() > 9 || f->find_first_not_of("0123456789") != std::string::npos)
            throw ServiceError(ServiceError::kBadRequest, "'from' must be a turn index (0 or more)");
          from = std::stoi(*f);
        }
        return json_response(200, service_.history(id, from, reader_token()));
      }
      if (sub == "pgn") {
        HttpResponse r;
        r.content_type = "application/x-chess-pgn";
        r.body = service_.pgn(id, reader_token());
        return r;
      }
      if (sub == "events") return events(id, req, query.get("since"), reader_token());
    } else if (m == "POST") {
      if (sub == "turn") {
        json b = body_object(req, {"token", "turn"});
        return json_response(
            200, service_.play_turn(id, string_field(b, "token", true), string_field(b, "turn", true)));
      }
      if (sub == "resign") {
        json b = body_object(req, {"token"});
        return json_response(200, service_.resign(id, string_field(b, "token", true)));
      }
      if (sub == "draw") {
        json b = body_object(req, {"token", "action"});
        return json_response(
            200, service_.draw(id, string_field(b, "token", true), string_field(b, "action", true)));
      }
      if (sub == "hint") {
        json b = body_object(req, {"token"});
        return json_response(200, service_.hint(id, string_field(b, "token", true), client_of(req)));
      }
    }
    return not_found();
  }
  if (path.compare(0, kPlayers.size(), kPlayers) == 0 && m == "GET") {
    std::string_view rest = std::string_view(path).substr(kPlayers.size());
    const std::size_t slash = rest.find('/');
    if (slash != std::string_view::npos && rest.substr(slash) == "/games" && alnum_id(rest.substr(0, slash)))
      return json_response(200, service_.player_games(std::string(rest.substr(0, slash))));
    return not_found();
  }
  if (m == "GET" && path.compare(0, 5, "/api/") != 0 && path != "/api") return static_file(path);
  return not_found();
}

HttpResponse Router::static_file(const std::string& path) {
  std::string dir, page;
  {
    std::lock_guard<std::mutex> lock(ui_mutex_);
    dir = ui_dir_;
    page = ui_page_;
  }
  if (dir.empty()) {
    if (path != "/") return error_response(404, "not found: GET " + path);
    HttpResponse r;
    r.content_type = "text/html; charset=utf-8";
    r.body = page;
    return r;
  }
  std::optional<std::string> file = ui_file(dir, path);
  std::optional<std::string> body = file ? read_file(*file, kMaxUiFileBytes) : std::nullopt;
  if (!body) return error_response(404, "not found: GET " + path);
  HttpResponse r;
  r.content_type = mime_type(*file);
  r.body = std::move(*body);
  return r;
}

HttpResponse Router::events(const std::string& id, const HttpRequest& req, const std::string& since_param,
                            const std::string& token) {
  const std::string* last_id = req.header("Last-Event-ID");
  service_.changes_since(id, 0, token);  // 404 / 403 before the stream starts
  int since = 0;
  const std::string seen = last_id ? *last_id : since_param;
  if (!seen.empty()) {
    try {
      since = std::stoi(seen);
    } catch (const std::exception&) {
      throw ServiceError(ServiceError::kBadRequest, "'since' must be a number of turns");
    }
  }
  auto stream = std::make_shared<GameEvents>(service_, id, token, since, streams_);
  if (stream->open() > limits_.max_streams)
    throw ServiceError(ServiceError::kUnavailable, "too many live event streams on this server (" +
                                                       std::to_string(limits_.max_streams) +
                                                       "); poll GET /api/games/" + id + " instead");
  HttpResponse r;
  r.content_type = "text/event-stream";
  r.headers.emplace_back("Cache-Control", "no-cache");
  r.stream = std::move(stream);
  return r;
}

}  // namespace hc::server
