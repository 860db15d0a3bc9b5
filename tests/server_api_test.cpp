// The play server's JSON API (issue 4): every endpoint over real HTTP against 127.0.0.1, bad input answered
// with a JSON error and the right status code while nothing changes, engine replies, live events, and the
// store's schema and persistence.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <sqlite3.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <thread>

#include "server/http_api.hpp"
#include "server/sqlite_store.hpp"
#include "variants/registry.hpp"

using namespace hc::server;
using json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

// A server on a free port over a fresh data directory (or a given one, to reopen it).
struct Running {
  std::unique_ptr<SqliteStore> store;
  std::unique_ptr<GameService> service;
  std::unique_ptr<HttpApi> api;
  std::thread thread;
  int port = -1;

  explicit Running(const std::string& db, ApiLimits limits = {}, EngineOptions engine = {}) {
    store = std::make_unique<SqliteStore>(db);
    service = std::make_unique<GameService>(*store, engine);
    api = std::make_unique<HttpApi>(*service, limits);
    port = api->bind("127.0.0.1", 0);
    thread = std::thread([this] { api->run(); });
    // listen_after_bind is asynchronous: wait until the server answers.
    httplib::Client c("127.0.0.1", port);
    for (int i = 0; i < 200 && !c.Get("/api/health"); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ~Running() {
    service->stop();
    api->stop();
    thread.join();
  }
};

class ServerApi : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("hc_server_api_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    start();
  }
  void TearDown() override {
    client_.reset();
    server_.reset();
    fs::remove_all(dir_);
  }
  void start() {
    server_ = std::make_unique<Running>(db_path(), ApiLimits{}, engine_);
    ASSERT_GT(server_->port, 0);
    client_ = std::make_unique<httplib::Client>("127.0.0.1", server_->port);
    client_->set_read_timeout(30, 0);
  }
  void restart() {
    client_.reset();
    server_.reset();
    start();
  }
  std::string db_path() const { return (dir_ / "games.sqlite3").string(); }

  struct Reply {
    int status = 0;
    json body;
    std::string text;
  };
  Reply get(const std::string& path) { return wrap(client_->Get(path.c_str())); }
  Reply post(const std::string& path, const json& body) { return post_raw(path, body.dump()); }
  Reply post_raw(const std::string& path, const std::string& body) {
    return wrap(client_->Post(path.c_str(), body, "application/json"));
  }
  Reply wrap(httplib::Result r) {
    Reply out;
    if (!r) {
      ADD_FAILURE() << "request failed: " << httplib::to_string(r.error());
      return out;
    }
    out.status = r->status;
    out.text = r->body;
    if (r->get_header_value("Content-Type") == "application/json") out.body = json::parse(r->body);
    return out;
  }

  // A human game; returns {id, white token, black token}. Callers name the three as references, not as a
  // structured binding: clang 14 (scripts/test.sh's checked build) cannot capture bindings in lambdas.
  std::array<std::string, 3> human_game(const std::string& variant) {
    Reply r = post("/api/games", {{"variant", variant}, {"opponent", "human"}});
    EXPECT_EQ(r.status, 201) << r.text;
    return {r.body["id"].get<std::string>(), r.body["token"].get<std::string>(),
            r.body["invite_token"].get<std::string>()};
  }

  int count_rows(const char* table) {
    sqlite3* db = nullptr;
    EXPECT_EQ(sqlite3_open_v2(db_path().c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    sqlite3_stmt* st = nullptr;
    std::string sql = std::string("SELECT COUNT(*) FROM ") + table;
    EXPECT_EQ(sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr), SQLITE_OK);
    EXPECT_EQ(sqlite3_step(st), SQLITE_ROW);
    int n = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return n;
  }

  // The first column of the first row of `sql` on the database file, as text ("" for none).
  std::string db_text(const std::string& sql) {
    sqlite3* db = nullptr;
    EXPECT_EQ(sqlite3_open_v2(db_path().c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    sqlite3_stmt* st = nullptr;
    EXPECT_EQ(sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
    std::string out;
    if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
      out = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    sqlite3_close(db);
    return out;
  }

  // Everything a request could have changed.
  std::string snapshot(const std::string& id) {
    return get("/api/games/" + id).text + "\n" + get("/api/games/" + id + "/pgn").text + "\n" +
           std::to_string(count_rows("games")) + "/" + std::to_string(count_rows("turns"));
  }

  // The request fails with `status`, a JSON error containing `words`, and game `id` is unchanged.
  void expect_refused(const std::string& id, int status, const std::string& words,
                      const std::function<Reply()>& request) {
    std::string before = snapshot(id);
    Reply r = request();
    EXPECT_EQ(r.status, status) << r.text;
    ASSERT_TRUE(r.body.is_object() && r.body.contains("error")) << r.text;
    EXPECT_NE(r.body["error"].get<std::string>().find(words), std::string::npos) << r.body["error"];
    EXPECT_EQ(snapshot(id), before);
  }

  fs::path dir_;
  std::unique_ptr<Running> server_;
  EngineOptions engine_;  // of the next start()
  std::unique_ptr<httplib::Client> client_;
};

std::vector<std::string> turns_of(const json& state) {
  return state["turns"].get<std::vector<std::string>>();
}

}  // namespace

TEST_F(ServerApi, HealthAndVariants) {
  EXPECT_EQ(get("/api/health").body["ok"], true);
  Reply v = get("/api/variants");
  ASSERT_EQ(v.status, 200);
  bool found = false;
  for (const json& x : v.body["variants"]) found = found || x["id"] == "marseillais";
  EXPECT_TRUE(found);
}

// The catalogue as the web UI and the e2e test read it: every id with its board count, then the showcase
// compositions (canonical ids) with theirs; a game says how many boards it has and what it is composed of.
TEST_F(ServerApi, VariantsListBoardsAndShowcase) {
  Reply v = get("/api/variants");
  ASSERT_EQ(v.status, 200);
  const auto& cat = hc::variant_catalogue();
  ASSERT_EQ(v.body["variants"].size(), cat.size());
  for (std::size_t i = 0; i < cat.size(); ++i) {
    EXPECT_EQ(v.body["variants"][i]["id"], cat[i].id);
    EXPECT_EQ(v.body["variants"][i]["boards"], cat[i].id == "alice" ? 2 : 1) << cat[i].id;
  }
  const auto& showcase = hc::showcase_compositions();
  ASSERT_EQ(v.body["showcase"].size(), showcase.size());
  ASSERT_GE(showcase.size(), 4u);
  for (std::size_t i = 0; i < showcase.size(); ++i) {
    EXPECT_EQ(v.body["showcase"][i]["id"], hc::make_variant(showcase[i]).id);
    EXPECT_EQ(v.body["showcase"][i]["boards"], hc::make_variant(showcase[i]).rules.boards);
  }
  json found = json::array();
  for (const json& c : v.body["showcase"]) found.push_back(c["id"]);
  EXPECT_NE(std::find(found.begin(), found.end(), "progressive+alice"), found.end());

  auto seats_id = human_game("alice+progressive");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  Reply s = get("/api/games/" + id);
  ASSERT_EQ(s.status, 200);
  EXPECT_EQ(s.body["variant"], "progressive+alice");
  EXPECT_EQ(s.body["boards"], 2);
  EXPECT_EQ(s.body["components"], json::array({"progressive", "alice"}));
  auto seats_id2 = human_game("kamikaze+progressive:ep=none");
  [[maybe_unused]] std::string &id2 = seats_id2[0], &w2 = seats_id2[1], &b2 = seats_id2[2];
  Reply s2 = get("/api/games/" + id2);
  EXPECT_EQ(s2.body["boards"], 1);
  EXPECT_EQ(s2.body["components"], json::array({"progressive-kamikaze"}));
}

TEST_F(ServerApi, CreateAndPlayWholeTurns) {
  auto seats_id = human_game("balanced-marseillais");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  EXPECT_NE(white, black);
  Reply s = get("/api/games/" + id);
  ASSERT_EQ(s.status, 200);
  EXPECT_EQ(s.body["to_move"], "white");
  EXPECT_EQ(s.body["moves_left"], 1) << "Balanced Marseillais: White's first turn is one move";
  EXPECT_EQ(s.body["legal_moves"].size(), 20u);
  EXPECT_EQ(s.body["result"], "*");

  Reply t = post("/api/games/" + id + "/turn", {{"token", white}, {"turn", "e2e4"}});
  ASSERT_EQ(t.status, 200) << t.text;
  EXPECT_EQ(t.body["to_move"], "black");
  EXPECT_EQ(t.body["moves_left"], 2);
  t = post("/api/games/" + id + "/turn", {{"token", black}, {"turn", "e7e5,b8c6"}});
  ASSERT_EQ(t.status, 200) << t.text;
  // SAN is accepted as well and stored in UCI.
  t = post("/api/games/" + id + "/turn", {{"token", white}, {"turn", "Nf3, Bc4"}});
  ASSERT_EQ(t.status, 200) << t.text;
  EXPECT_EQ(turns_of(t.body), (std::vector<std::string>{"e2e4", "e7e5,b8c6", "g1f3,f1c4"}));
  EXPECT_EQ(t.body["movetext"], "1. e4 e5,Nc6 2. Nf3,Bc4");
  EXPECT_EQ(turns_of(get("/api/games/" + id).body), turns_of(t.body));
}

TEST_F(ServerApi, ProgressiveQuotaGrows) {
  auto seats_id = human_game("progressive");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  EXPECT_EQ(post("/api/games/" + id + "/turn", {{"token", white}, {"turn", "e2e4"}}).status, 200);
  EXPECT_EQ(get("/api/games/" + id).body["moves_left"], 2);
  EXPECT_EQ(post("/api/games/" + id + "/turn", {{"token", black}, {"turn", "e7e5,d7d5"}}).status, 200);
  Reply s = get("/api/games/" + id);
  EXPECT_EQ(s.body["moves_left"], 3);
  EXPECT_EQ(s.body["movetext"], "1. e4 2. e5,d5");
}

// A voluntary stop (RULES.md §3.5, docs/formats.md: `0000` in UCI and turns, `--` in SAN) in a submitted
// turn: Very Scottish's next quota is one more than the moves the opponent made, the stop not counted. The
// state and /legal say when a stop is legal; the PGN export writes it and imports back to the same turns.
TEST_F(ServerApi, VeryScottishStopAfterOneMove) {
  auto seats_id = human_game("very-scottish");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  Reply s = get("/api/games/" + id);
  ASSERT_EQ(s.status, 200) << s.text;
  EXPECT_EQ(s.body["moves_left"], 1);
  EXPECT_EQ(s.body["turn_unbounded"], false);
  EXPECT_EQ(s.body["can_stop"], false) << "no stop before the turn's first move";
  const std::string turn = "/api/games/" + id + "/turn";
  expect_refused(id, 422, "no voluntary stop", [&] {
    return post(turn, {{"token", white}, {"turn", "0000"}});
  });
  ASSERT_EQ(post(turn, {{"token", white}, {"turn", "e2e4"}}).status, 200);
  s = get("/api/games/" + id);
  EXPECT_EQ(s.body["moves_left"], 2) << "1 + the one move White made";
  EXPECT_EQ(s.body["can_stop"], false);
  for (const json& m : s.body["legal_moves"]) EXPECT_NE(m["uci"], "0000");

  Reply l = get("/api/games/" + id + "/legal?prefix=e7e5");
  ASSERT_EQ(l.status, 200) << l.text;
  EXPECT_EQ(l.body["can_stop"], true);
  EXPECT_EQ(l.body["moves_left"], 1);
  EXPECT_NE(std::find(l.body["legal_moves"].begin(), l.body["legal_moves"].end(),
                      json{{"uci", "0000"}, {"san", "--"}}),
            l.body["legal_moves"].end())
      << l.text;
  l = get("/api/games/" + id + "/legal?prefix=e7e5,0000");
  ASSERT_EQ(l.status, 200) << l.text;
  EXPECT_EQ(l.body["turn_complete"], true);
  EXPECT_EQ(l.body["can_stop"], false);
  // The stop moves no man: its journal is empty.
  EXPECT_EQ(l.body["played"][1],
            (json{{"uci", "0000"}, {"san", "--"}, {"fen", l.body["fen"]}, {"effects", json::array()}}));
  expect_refused(id, 422, "or end it here with the stop '0000'", [&] {
    return post(turn, {{"token", black}, {"turn", "e7e5"}});
  });

  Reply t = post(turn, {{"token", black}, {"turn", "e7e5,0000"}});
  ASSERT_EQ(t.status, 200) << t.text;
  EXPECT_EQ(t.body["to_move"], "white");
  EXPECT_EQ(t.body["moves_left"], 2) << "1 + the one move Black made (the stop is not a move of the count)";
  // SAN on input: `--` is the stop.
  t = post(turn, {{"token", white}, {"turn", "Nf3, --"}});
  ASSERT_EQ(t.status, 200) << t.text;
  EXPECT_EQ(t.body["moves_left"], 2);
  EXPECT_EQ(turns_of(t.body), (std::vector<std::string>{"e2e4", "e7e5,0000", "g1f3,0000"}));
  EXPECT_NE(t.body["movetext"].get<std::string>().find("e5,--"), std::string::npos) << t.body["movetext"];
  Reply h = get("/api/games/" + id + "/history?from=1");
  ASSERT_EQ(h.status, 200) << h.text;
  EXPECT_EQ(h.body["turns"][0]["moves"][1]["san"], "--");

  Reply p = get("/api/games/" + id + "/pgn");
  ASSERT_EQ(p.status, 200);
  EXPECT_NE(p.text.find("e5,--"), std::string::npos) << p.text;
  Reply imp = post("/api/games/import", {{"pgn", p.text}});
  ASSERT_EQ(imp.status, 201) << imp.text;
  EXPECT_EQ(turns_of(imp.body["game"]), turns_of(t.body));
  EXPECT_EQ(imp.body["game"]["moves_left"], 2);
  // The stored turns with their stops are played again when the game is loaded afresh.
  restart();
  s = get("/api/games/" + id);
  ASSERT_EQ(s.status, 200) << s.text;
  EXPECT_EQ(turns_of(s.body), turns_of(t.body));
  EXPECT_EQ(s.body["moves_left"], 2);
}

// Hurricane's turn has no fixed number of moves (each man at most once): the API says so with null counts and
// `turn_unbounded` instead of a quota of a million, and the turn here ends by the stop.
TEST_F(ServerApi, HurricaneTurnEndedByStop) {
  auto seats_id = human_game("hurricane");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  Reply s = get("/api/games/" + id);
  ASSERT_EQ(s.status, 200) << s.text;
  EXPECT_TRUE(s.body["moves_left"].is_null()) << s.body["moves_left"];
  EXPECT_TRUE(s.body["moves_this_turn"].is_null()) << s.body["moves_this_turn"];
  EXPECT_EQ(s.body["turn_unbounded"], true);
  EXPECT_EQ(s.body["can_stop"], false);
  Reply l = get("/api/games/" + id + "/legal?prefix=e2e4,g1f3");
  ASSERT_EQ(l.status, 200) << l.text;
  EXPECT_EQ(l.body["turn_complete"], false);
  EXPECT_TRUE(l.body["moves_left"].is_null()) << l.body["moves_left"];
  EXPECT_EQ(l.body["turn_unbounded"], true);
  EXPECT_EQ(l.body["can_stop"], true);
  const std::string turn = "/api/games/" + id + "/turn";
  expect_refused(id, 422, "more moves due until the variant's turn rules end it, or end it here", [&] {
    return post(turn, {{"token", white}, {"turn", "e2e4,g1f3"}});
  });
  Reply t = post(turn, {{"token", white}, {"turn", "e2e4,g1f3,0000"}});
  ASSERT_EQ(t.status, 200) << t.text;
  EXPECT_EQ(t.body["to_move"], "black");
  EXPECT_TRUE(t.body["moves_left"].is_null());
  EXPECT_EQ(t.body["can_stop"], false);
  EXPECT_EQ(t.body["movetext"], "1. e4,Nf3,--");
  expect_refused(id, 422, "the turn already ended", [&] {
    return post(turn, {{"token", black}, {"turn", "e7e5,0000,d7d5"}});
  });
  t = post(turn, {{"token", black}, {"turn", "e5,--"}});
  ASSERT_EQ(t.status, 200) << t.text;
  EXPECT_EQ(turns_of(t.body), (std::vector<std::string>{"e2e4,g1f3,0000", "e7e5,0000"}));
  Reply imp = post("/api/games/import", {{"pgn", get("/api/games/" + id + "/pgn").text}});
  ASSERT_EQ(imp.status, 201) << imp.text;
  EXPECT_EQ(turns_of(imp.body["game"]), turns_of(t.body));
}

// The engine's turn may end with the stop: stored in UCI with it, and the game goes on. In this Hurricane
// position Black's only turn is Kg8 then the stop (the h7 pawn is blocked, g7 is attacked).
TEST_F(ServerApi, EngineTurnEndingWithAStopIsStored) {
  Reply r = post("/api/games", {{"variant", "hurricane"},
                                {"fen", "7k/7p/7P/8/8/8/8/K7 b - - 0 1"},
                                {"level", {{"movetime_ms", 100}}}});
  ASSERT_EQ(r.status, 201) << r.text;
  std::string id = r.body["id"];
  server_->service->wait_engine_idle();
  Reply s = get("/api/games/" + id);
  ASSERT_EQ(s.status, 200) << s.text;
  EXPECT_EQ(turns_of(s.body), (std::vector<std::string>{"h8g8,0000"}));
  EXPECT_EQ(s.body["to_move"], "white");
  EXPECT_EQ(s.body["movetext"], "1... Kg8,--");
  restart();
  EXPECT_EQ(turns_of(get("/api/games/" + id).body), (std::vector<std::string>{"h8g8,0000"}));
}

TEST_F(ServerApi, BadTurnsChangeNothing) {
  auto seats_id = human_game("balanced-marseillais");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  ASSERT_EQ(post("/api/games/" + id + "/turn", {{"token", white}, {"turn", "e2e4"}}).status, 200);
  const std::string turn = "/api/games/" + id + "/turn";
  expect_refused(id, 422, "e7e6", [&] { return post(turn, {{"token", black}, {"turn", "e7e5,e7e6"}}); });
  expect_refused(id, 422, "not complete", [&] { return post(turn, {{"token", black}, {"turn", "e7e5"}}); });
  expect_refused(id, 422, "already ended", [&] {
    return post(turn, {{"token", black}, {"turn", "e7e5,d7d5,c7c5"}});
  });
  expect_refused(id, 422, "empty move", [&] { return post(turn, {{"token", black}, {"turn", "e7e5,"}}); });
  expect_refused(id, 422, "e2e9", [&] { return post(turn, {{"token", black}, {"turn", "e2e9,d7d5"}}); });
  expect_refused(id, 409, "black's turn", [&] {
    return post(turn, {{"token", white}, {"turn", "d2d4,g1f3"}});
  });
  expect_refused(id, 403, "token", [&] {
    return post(turn, {{"token", std::string(32, 'a')}, {"turn", "e7e5,d7d5"}});
  });
  expect_refused(id, 400, "token", [&] { return post(turn, {{"turn", "e7e5,d7d5"}}); });
  expect_refused(id, 400, "'turn'", [&] { return post(turn, {{"token", black}, {"turn", 5}}); });
  expect_refused(id, 400, "malformed JSON",
                 [&] { return post_raw(turn, "{\"token\": \"" + black + "\", "); });
  expect_refused(id, 400, "JSON object", [&] { return post_raw(turn, "[1, 2]"); });
  std::string huge = json{{"token", black}, {"turn", "e7e5,d7d5"}, {"pad", std::string(70000, 'x')}}.dump();
  expect_refused(id, 413, "too large", [&] { return post_raw(turn, huge); });
  expect_refused(id, 404, "no game", [&] {
    return post("/api/games/ffff0000ffff/turn", {{"token", black}, {"turn", "e7e5,d7d5"}});
  });
  expect_refused(id, 404, "not found", [&] { return get("/api/nothing/here"); });
  // After all that, the right turn still goes through.
  EXPECT_EQ(post(turn, {{"token", black}, {"turn", "e7e5,d7d5"}}).status, 200);
}

TEST_F(ServerApi, BadCreationsStoreNothing) {
  auto seats_id = human_game("chess");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  expect_refused(id, 400, "bad variant: unknown variant id", [&] {
    return post("/api/games", {{"variant", "no-such-chess"}});
  });
  expect_refused(id, 400, "bad variant: ", [&] {
    return post("/api/games", {{"variant", "progressive+marseillais"}});
  });
  expect_refused(id, 400, "bad FEN", [&] {
    return post("/api/games", {{"fen", "rnbqkbnr/pppppppp/9 w - - 0 1"}});
  });
  expect_refused(id, 400, "opponent", [&] { return post("/api/games", {{"opponent", "robot"}}); });
  expect_refused(id, 400, "color", [&] { return post("/api/games", {{"color", "green"}}); });
  expect_refused(id, 400, "depth", [&] { return post("/api/games", {{"level", {{"depth", -1}}}}); });
  expect_refused(id, 400, "not both", [&] {
    return post("/api/games", {{"level", {{"depth", 2}, {"movetime_ms", 100}}}});
  });
  expect_refused(id, 400, "movetime_ms", [&] {
    return post("/api/games", {{"level", {{"movetime_ms", 600000}}}});
  });
  expect_refused(id, 400, "malformed JSON", [&] { return post_raw("/api/games", "{variant: chess}"); });
  expect_refused(id, 413, "too large", [&] {
    return post("/api/games", {{"variant", "chess"}, {"fen", std::string(100000, ' ')}});
  });
}

TEST_F(ServerApi, GameFromFen) {
  // Progressive, Black to move: Black's turn is the second series (two moves).
  Reply r = post("/api/games", {{"variant", "progressive"},
                                {"opponent", "human"},
                                {"fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}});
  ASSERT_EQ(r.status, 201) << r.text;
  EXPECT_EQ(r.body["game"]["to_move"], "black");
  std::string id = r.body["id"];
  // The creator is White; Black is the invited player.
  expect_refused(id, 409, "black's turn", [&] {
    return post("/api/games/" + id + "/turn", {{"token", r.body["token"]}, {"turn", "e7e5,d7d5"}});
  });
  EXPECT_EQ(
      post("/api/games/" + id + "/turn", {{"token", r.body["invite_token"]}, {"turn", "e7e5,d7d5"}}).status,
      200);
}

TEST_F(ServerApi, LegalContinuationsOfAPartialTurn) {
  auto seats_id = human_game("balanced-marseillais");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  ASSERT_EQ(post("/api/games/" + id + "/turn", {{"token", white}, {"turn", "e2e4"}}).status, 200);
  Reply l = get("/api/games/" + id + "/legal?prefix=e7e5");
  ASSERT_EQ(l.status, 200) << l.text;
  EXPECT_EQ(l.body["turn_complete"], false);
  EXPECT_EQ(l.body["moves_left"], 1);
  bool queen_out = false;
  for (const json& m : l.body["legal_moves"]) queen_out = queen_out || m["uci"] == "d8h4";
  EXPECT_TRUE(queen_out);
  l = get("/api/games/" + id + "/legal?prefix=e7e5,d8h4");
  EXPECT_EQ(l.body["turn_complete"], true);
  EXPECT_TRUE(l.body["legal_moves"].empty());
  EXPECT_EQ(get("/api/games/" + id + "/legal?prefix=e7e4").status, 422);
  // The prefix's moves with their SAN and the position after each, written independently here.
  l = get("/api/games/" + id + "/legal?prefix=e7e5,d8h4");
  ASSERT_EQ(l.body["played"].size(), 2u);
  EXPECT_EQ(l.body["played"][0]["san"], "e5");
  EXPECT_EQ(l.body["played"][1]["san"], "Qh4");
  EXPECT_EQ(l.body["played"][0]["fen"],
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 made=1");
  EXPECT_EQ(l.body["fen"], "rnb1kbnr/pppp1ppp/8/4p3/4P2q/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
}

TEST_F(ServerApi, HistoryMoveByMove) {
  auto seats_id = human_game("alice");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  ASSERT_EQ(post("/api/games/" + id + "/turn", {{"token", white}, {"turn", "e2e4"}}).status, 200);
  ASSERT_EQ(post("/api/games/" + id + "/turn", {{"token", black}, {"turn", "d7d5"}}).status, 200);
  Reply h = get("/api/games/" + id + "/history");
  ASSERT_EQ(h.status, 200) << h.text;
  ASSERT_EQ(h.body["turns"].size(), 2u);
  EXPECT_EQ(h.body["turn_count"], 2);
  const json& t0 = h.body["turns"][0];
  EXPECT_EQ(t0["side"], "white");
  EXPECT_EQ(t0["fullmove"], 1);
  EXPECT_EQ(t0["moves"][0]["uci"], "e2e4");
  EXPECT_EQ(t0["moves"][0]["san"], "e4>B");
  // The pawn went to board B: '|P' on e4 (docs/formats.md).
  EXPECT_EQ(t0["moves"][0]["fen"], "rnbqkbnr/pppppppp/8/8/4|P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  h = get("/api/games/" + id + "/history?from=1");
  ASSERT_EQ(h.body["turns"].size(), 1u);
  EXPECT_EQ(h.body["turns"][0]["index"], 1);
  EXPECT_EQ(h.body["turns"][0]["side"], "black");
  EXPECT_EQ(get("/api/games/" + id + "/history?from=x").status, 400);
  EXPECT_EQ(get("/api/games/" + id + "/history?from=-1").status, 400);
  EXPECT_EQ(get("/api/games/nosuchgame/history").status, 404);
}

// Each move of /legal's `played` and of /history carries its journal as `effects` (docs/server.md): here an
// atomic capture, Nd4xe6, whose victim, capturer and the non-pawn men around e6 go (the f7 pawn stays), and
// an Alice move that arrives on board B; the expected entries written out by hand.
TEST_F(ServerApi, MovesCarryTheirEffects) {
  auto fx = [](int board, const char* square, const char* piece, const char* action, const char* cause) {
    return json{{"board", board}, {"square", square}, {"piece", piece}, {"action", action}, {"cause", cause}};
  };
  Reply r =
      post("/api/games",
           {{"variant", "atomic"}, {"opponent", "human"}, {"fen", "4k3/5p2/3rp3/5B2/3N4/8/8/4K3 w - - 0 1"}});
  ASSERT_EQ(r.status, 201) << r.text;
  const std::string id = r.body["id"];
  const json burst =
      json::array({fx(0, "e6", "p", "remove", "capture"), fx(0, "d4", "N", "remove", "capturer"),
                   fx(0, "f5", "B", "remove", "explosion"), fx(0, "d6", "r", "remove", "explosion")});
  Reply l = get("/api/games/" + id + "/legal?prefix=d4e6");
  ASSERT_EQ(l.status, 200) << l.text;
  EXPECT_EQ(l.body["played"][0]["effects"], burst);
  ASSERT_EQ(post("/api/games/" + id + "/turn", {{"token", r.body["token"]}, {"turn", "d4e6"}}).status, 200);
  Reply h = get("/api/games/" + id + "/history");
  ASSERT_EQ(h.status, 200) << h.text;
  EXPECT_EQ(h.body["turns"][0]["moves"][0]["effects"], burst);

  auto seats_alice = human_game("alice");
  [[maybe_unused]] std::string &alice = seats_alice[0], &white = seats_alice[1], &black = seats_alice[2];
  ASSERT_EQ(post("/api/games/" + alice + "/turn", {{"token", white}, {"turn", "e2e4"}}).status, 200);
  h = get("/api/games/" + alice + "/history");
  EXPECT_EQ(h.body["turns"][0]["moves"][0]["effects"],
            json::array({fx(0, "e2", "P", "remove", "move"), fx(1, "e4", "P", "put", "move")}));
}

TEST_F(ServerApi, ServesTheBuiltUiOrSaysHowToBuildIt) {
  // Without a built folder, "/" explains; the API is unaffected.
  fs::path web = dir_ / "web";
  EXPECT_FALSE(server_->api->mount_ui(web.string()));
  Reply r = get("/");
  EXPECT_EQ(r.status, 200);
  EXPECT_NE(r.text.find("scripts/build_web.sh"), std::string::npos) << r.text;
  // A built folder is served as files.
  Running other(db_path() + "-ui");
  fs::create_directories(web);
  { std::ofstream(web / "index.html") << "<!doctype html><title>ui</title>"; }
  { std::ofstream(web / "app.js") << "console.log(1)"; }
  EXPECT_TRUE(other.api->mount_ui(web.string()));
  httplib::Client c("127.0.0.1", other.port);
  auto page = c.Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_EQ(page->body, "<!doctype html><title>ui</title>");
  auto js = c.Get("/app.js");
  ASSERT_TRUE(js);
  EXPECT_NE(js->get_header_value("Content-Type").find("javascript"), std::string::npos);
  EXPECT_EQ(c.Get("/nothing.js")->status, 404);
  EXPECT_EQ(c.Get("/api/health")->status, 200);
}

TEST_F(ServerApi, Resign) {
  auto seats_id = human_game("chess");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  const std::string path = "/api/games/" + id + "/resign";
  expect_refused(id, 403, "token", [&] { return post(path, {{"token", "0123"}}); });
  Reply r = post(path, {{"token", black}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["result"], "1-0");
  EXPECT_EQ(r.body["termination"], "resignation");
  EXPECT_TRUE(r.body["legal_moves"].empty());
  expect_refused(id, 409, "over", [&] { return post(path, {{"token", white}}); });
  expect_refused(id, 409, "over", [&] {
    return post("/api/games/" + id + "/turn", {{"token", white}, {"turn", "e2e4"}});
  });
  EXPECT_NE(get("/api/games/" + id + "/pgn").text.find("[Result \"1-0\"]"), std::string::npos);
}

TEST_F(ServerApi, DrawOffers) {
  auto seats_id = human_game("chess");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  const std::string path = "/api/games/" + id + "/draw";
  expect_refused(id, 409, "no draw offer", [&] {
    return post(path, {{"token", black}, {"action", "accept"}});
  });
  expect_refused(id, 400, "action", [&] { return post(path, {{"token", black}, {"action", "maybe"}}); });
  Reply r = post(path, {{"token", white}, {"action", "offer"}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["draw_offer"], "white");
  expect_refused(id, 409, "no draw offer", [&] {
    return post(path, {{"token", white}, {"action", "accept"}});
  });
  EXPECT_EQ(r.body["draw_declined"], "");
  r = post(path, {{"token", black}, {"action", "decline"}});
  EXPECT_EQ(r.body["draw_offer"], "");
  EXPECT_EQ(r.body["draw_declined"], "white") << "the offerer is told";
  EXPECT_EQ(get("/api/games/" + id).body["draw_declined"], "white");
  EXPECT_EQ(r.body["result"], "*");
  // An offer stands across the offerer's own turn and is declined by the opponent's turn.
  EXPECT_EQ(post(path, {{"token", white}, {"action", "offer"}}).body["draw_declined"], "") << "a new offer";
  r = post("/api/games/" + id + "/turn", {{"token", white}, {"turn", "e2e4"}});
  EXPECT_EQ(r.body["draw_offer"], "white");
  EXPECT_EQ(r.body["draw_declined"], "");
  EXPECT_EQ(post("/api/games/" + id + "/turn", {{"token", black}, {"turn", "e7e5"}}).body["draw_offer"], "");
  post(path, {{"token", black}, {"action", "offer"}});
  r = post(path, {{"token", white}, {"action", "accept"}});
  EXPECT_EQ(r.body["result"], "1/2-1/2");
  EXPECT_EQ(r.body["termination"], "agreement");
}

TEST_F(ServerApi, CheckmateEndsTheGame) {
  auto seats_id = human_game("chess");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  const std::string path = "/api/games/" + id + "/turn";
  for (auto [tok, mv] :
       std::vector<std::pair<std::string, std::string>>{{white, "f2f3"}, {black, "e7e5"}, {white, "g2g4"}})
    ASSERT_EQ(post(path, {{"token", tok}, {"turn", mv}}).status, 200);
  Reply r = post(path, {{"token", black}, {"turn", "d8h4"}});
  EXPECT_EQ(r.body["result"], "0-1");
  EXPECT_EQ(r.body["termination"], "checkmate");
  EXPECT_EQ(r.body["in_check"], true);  // the mated king stands in check in the final state
  expect_refused(id, 409, "over", [&] { return post(path, {{"token", white}, {"turn", "e2e4"}}); });
}

TEST_F(ServerApi, PgnExportAndImport) {
  auto seats_id = human_game("marseillais");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  post("/api/games/" + id + "/turn", {{"token", white}, {"turn", "e2e4,g1f3"}});
  post("/api/games/" + id + "/turn", {{"token", black}, {"turn", "e7e5,g8f6"}});
  Reply p = get("/api/games/" + id + "/pgn");
  ASSERT_EQ(p.status, 200);
  EXPECT_NE(p.text.find("[Variant \"Marseillais\"]"), std::string::npos) << p.text;
  EXPECT_NE(p.text.find("1. e4,Nf3 e5,Nf6"), std::string::npos) << p.text;

  Reply imp = post("/api/games/import", {{"pgn", p.text}});
  ASSERT_EQ(imp.status, 201) << imp.text;
  EXPECT_EQ(turns_of(imp.body["game"]), (std::vector<std::string>{"e2e4,g1f3", "e7e5,g8f6"}));
  EXPECT_EQ(imp.body["game"]["variant"], "marseillais");
  std::string new_id = imp.body["id"];
  EXPECT_NE(new_id, id);
  // Both sides of an imported game are people with their own tokens.
  EXPECT_EQ(
      post("/api/games/" + new_id + "/turn", {{"token", imp.body["white_token"]}, {"turn", "d2d4,b1c3"}})
          .status,
      200);

  // A record with an illegal move, in the middle of a turn, or no game at all: refused, nothing stored.
  expect_refused(id, 422, "Nf5", [&] {
    return post("/api/games/import", {{"pgn", "[Variant \"Marseillais\"]\n\n1. e4,Nf3 e5,Nf5 *\n"}});
  });
  expect_refused(id, 422, "middle of a turn", [&] {
    return post("/api/games/import", {{"pgn", "[Variant \"Marseillais\"]\n\n1. e4,Nf3 e5 *\n"}});
  });
  expect_refused(id, 400, "bad variant: unknown variant id", [&] {
    return post("/api/games/import", {{"pgn", "[Variant \"Nonesuch\"]\n\n1. e4 *\n"}});
  });
  expect_refused(id, 400, "exactly one game", [&] { return post("/api/games/import", {{"pgn", ""}}); });
  expect_refused(id, 400, "'pgn'", [&] { return post("/api/games/import", json::object()); });
  // Movetext on the tags' line is read, not dropped: garbage there is refused, moves there are played.
  expect_refused(id, 422, "zz9", [&] {
    return post("/api/games/import", {{"pgn", "[Variant \"Marseillais\"] zz9 *\n"}});
  });
  Reply one_line =
      post("/api/games/import", {{"pgn", "[Event \"x\"] [Variant \"Marseillais\"] 1. e4,d4 e5 *"}});
  EXPECT_EQ(one_line.status, 422) << "e5 alone is half a Marseillais turn: " << one_line.text;
  one_line = post("/api/games/import", {{"pgn", "[Event \"x\"] [Variant \"Marseillais\"] 1. e4,d4 e5,d5 *"}});
  ASSERT_EQ(one_line.status, 201) << one_line.text;
  EXPECT_EQ(one_line.body["game"]["turns"], json::array({"e2e4,d2d4", "e7e5,d7d5"}));
}

TEST_F(ServerApi, ImportKeepsTheRecordedResult) {
  Reply imp = post("/api/games/import", {{"pgn", "[Result \"0-1\"]\n\n1. e4 e5 0-1\n"}});
  ASSERT_EQ(imp.status, 201) << imp.text;
  EXPECT_EQ(imp.body["game"]["result"], "0-1");
  imp = post("/api/games/import", {{"pgn", "1. f3 e5 2. g4 Qh4# 0-1\n"}});
  EXPECT_EQ(imp.body["game"]["termination"], "checkmate");
}

TEST_F(ServerApi, PlayerGameLists) {
  auto seats_id1 = human_game("chess");
  [[maybe_unused]] std::string &id1 = seats_id1[0], &white1 = seats_id1[1], &black1 = seats_id1[2];
  auto seats_id2 = human_game("alice");
  [[maybe_unused]] std::string &id2 = seats_id2[0], &white2 = seats_id2[1], &black2 = seats_id2[2];
  Reply l = get("/api/players/" + black1 + "/games");
  ASSERT_EQ(l.status, 200);
  ASSERT_EQ(l.body["games"].size(), 1u);
  EXPECT_EQ(l.body["games"][0]["id"], id1);
  EXPECT_EQ(l.body["games"][0]["color"], "black");
  EXPECT_EQ(l.body["games"][0]["your_turn"], false);
  post("/api/games/" + id1 + "/turn", {{"token", white1}, {"turn", "e2e4"}});
  l = get("/api/players/" + black1 + "/games");
  EXPECT_EQ(l.body["games"][0]["your_turn"], true);
  EXPECT_EQ(l.body["games"][0]["turns"], 1);
  l = get("/api/players/" + white2 + "/games");
  ASSERT_EQ(l.body["games"].size(), 1u);
  EXPECT_EQ(l.body["games"][0]["variant"], "alice");
  EXPECT_EQ(l.body["games"][0]["your_turn"], true);
  EXPECT_TRUE(get("/api/players/0000/games").body["games"].empty());
  EXPECT_TRUE(l.body["games"][0]["clock"].is_null());
  // A correspondence game lists its clock: the side to move's day running, the other's full.
  Reply c =
      post("/api/games", {{"opponent", "human"}, {"clock", {{"initial_s", 86400}, {"per_turn", true}}}});
  ASSERT_EQ(c.status, 201) << c.text;
  ASSERT_EQ(post("/api/games/" + c.body["id"].get<std::string>() + "/turn",
                 {{"token", c.body["token"]}, {"turn", "e2e4"}})
                .status,
            200);
  l = get("/api/players/" + c.body["invite_token"].get<std::string>() + "/games");
  ASSERT_EQ(l.body["games"].size(), 1u);
  const json& clock = l.body["games"][0]["clock"];
  EXPECT_EQ(clock["per_turn"], true);
  EXPECT_EQ(clock["running"], "black");
  EXPECT_EQ(clock["white_ms"], 86400000);
  EXPECT_LE(clock["black_ms"].get<long long>(), 86400000);
  EXPECT_GT(clock["black_ms"].get<long long>(), 86390000);
}

TEST_F(ServerApi, EngineReplies) {
  Reply r = post("/api/games", {{"variant", "marseillais"}, {"color", "black"}, {"level", {{"depth", 1}}}});
  ASSERT_EQ(r.status, 201) << r.text;
  EXPECT_FALSE(r.body.contains("invite_token"));
  std::string id = r.body["id"], token = r.body["token"];
  server_->service->wait_engine_idle();
  Reply s = get("/api/games/" + id);
  ASSERT_EQ(turns_of(s.body).size(), 1u) << s.text;
  EXPECT_EQ(s.body["to_move"], "black");
  EXPECT_EQ(s.body["players"]["white"], "engine");
  // Nobody moves for the engine; a draw offer at move 1 is declined.
  expect_refused(id, 403, "token", [&] {
    return post("/api/games/" + id + "/draw", {{"token", "ffff"}, {"action", "offer"}});
  });
  EXPECT_EQ(post("/api/games/" + id + "/draw", {{"token", token}, {"action", "offer"}}).body["draw_offer"],
            "black");
  server_->service->wait_engine_idle();
  s = get("/api/games/" + id);
  EXPECT_EQ(s.body["draw_offer"], "");
  EXPECT_EQ(s.body["result"], "*");
  std::string black_turn = s.body["legal_moves"][0]["uci"].get<std::string>();
  Reply l = get("/api/games/" + id + "/legal?prefix=" + black_turn);
  black_turn += "," + l.body["legal_moves"][0]["uci"].get<std::string>();
  ASSERT_EQ(post("/api/games/" + id + "/turn", {{"token", token}, {"turn", black_turn}}).status, 200);
  server_->service->wait_engine_idle();
  s = get("/api/games/" + id);
  EXPECT_EQ(turns_of(s.body).size(), 3u) << s.text;
  EXPECT_EQ(s.body["to_move"], "black");
}

TEST_F(ServerApi, HintInAnEngineGameIsALegalWholeTurn) {
  Reply r = post("/api/games", {{"variant", "marseillais"}, {"level", {{"depth", 1}}}});
  ASSERT_EQ(r.status, 201) << r.text;
  std::string id = r.body["id"], token = r.body["token"];
  const std::string path = "/api/games/" + id + "/hint";
  Reply h = post(path, {{"token", token}});
  ASSERT_EQ(h.status, 200) << h.text;
  std::string best = h.body["best_turn"];
  std::string san = h.body["san"];
  ASSERT_FALSE(best.empty());
  EXPECT_EQ(std::count(best.begin(), best.end(), ','), 1) << best << ": Marseillais turns are two moves";
  EXPECT_NE(san.find(", "), std::string::npos) << san;
  EXPECT_TRUE(h.body["score"].contains("cp") || h.body["score"].contains("mate")) << h.text;
  EXPECT_GE(h.body["depth"].get<int>(), 1);
  EXPECT_GT(h.body["nodes"].get<long long>(), 0);
  EXPECT_EQ(h.body["turn_count"], 0) << "the position it is for";
  // The SAN is the turn's, move by move.
  Reply l = get("/api/games/" + id + "/legal?prefix=" + best);
  ASSERT_EQ(l.status, 200) << l.text;
  EXPECT_EQ(l.body["turn_complete"], true);
  EXPECT_EQ(san, l.body["played"][0]["san"].get<std::string>() + ", " +
                     l.body["played"][1]["san"].get<std::string>());
  // Refusals change nothing; the hinted turn can be played.
  expect_refused(id, 403, "token", [&] { return post(path, {{"token", std::string(32, 'f')}}); });
  expect_refused(id, 400, "token", [&] { return post(path, json::object()); });
  expect_refused(id, 404, "no game", [&] {
    return post("/api/games/ffff0000ffff/hint", {{"token", token}});
  });
  EXPECT_EQ(post("/api/games/" + id + "/turn", {{"token", token}, {"turn", best}}).status, 200);
  server_->service->wait_engine_idle();
  h = post(path, {{"token", token}});
  ASSERT_EQ(h.status, 200) << h.text;
  EXPECT_EQ(h.body["turn_count"], 2);
  // On the engine's turn there is no hint (it would be for the engine's side, and stale once it moves).
  Reply e = post("/api/games",
                 {{"variant", "marseillais"}, {"color", "black"}, {"level", {{"movetime_ms", 3000}}}});
  ASSERT_EQ(e.status, 201) << e.text;
  std::string engine_id = e.body["id"];
  expect_refused(engine_id, 409, "engine's turn", [&] {
    return post("/api/games/" + engine_id + "/hint", {{"token", e.body["token"]}});
  });
  server_->service->wait_engine_idle();
}

TEST_F(ServerApi, NoHintsBetweenPeopleUntilTheGameIsOver) {
  auto seats_id = human_game("chess");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  const std::string path = "/api/games/" + id + "/hint";
  expect_refused(id, 409, "cheating", [&] { return post(path, {{"token", white}}); });
  expect_refused(id, 409, "cheating", [&] { return post(path, {{"token", black}}); });
  for (auto [tok, mv] : std::vector<std::pair<std::string, std::string>>{
           {white, "f2f3"}, {black, "e7e5"}, {white, "g2g4"}, {black, "d8h4"}})
    ASSERT_EQ(post("/api/games/" + id + "/turn", {{"token", tok}, {"turn", mv}}).status, 200);
  // Over (mated): open to both players; the mated side has no turn to suggest.
  Reply h = post(path, {{"token", white}});
  ASSERT_EQ(h.status, 200) << h.text;
  EXPECT_EQ(h.body["best_turn"], "");
  EXPECT_EQ(post(path, {{"token", "0123"}}).status, 403);
  // A resigned game still has moves: the hint searches them.
  auto seats_id2 = human_game("chess");
  [[maybe_unused]] std::string &id2 = seats_id2[0], &white2 = seats_id2[1], &black2 = seats_id2[2];
  ASSERT_EQ(post("/api/games/" + id2 + "/resign", {{"token", black2}}).status, 200);
  h = post("/api/games/" + id2 + "/hint", {{"token", black2}});
  ASSERT_EQ(h.status, 200) << h.text;
  EXPECT_EQ(h.body["best_turn"].get<std::string>().size(), 4u) << h.text;
}

TEST_F(ServerApi, ClocksRunOutWithoutARequest) {
  // One second each: White moves at once, then Black's flag falls.
  Reply r = post("/api/games", {{"opponent", "human"}, {"clock", {{"initial_s", 1}, {"increment_s", 0}}}});
  ASSERT_EQ(r.status, 201) << r.text;
  std::string id = r.body["id"], white = r.body["token"], black = r.body["invite_token"];
  EXPECT_EQ(r.body["game"]["clock"]["running"], "white");
  EXPECT_EQ(r.body["game"]["clock"]["black_ms"], 1000);
  Reply t = post("/api/games/" + id + "/turn", {{"token", white}, {"turn", "e2e4"}});
  ASSERT_EQ(t.status, 200) << t.text;
  const json& ck = t.body["clock"];
  EXPECT_EQ(ck["running"], "black");
  EXPECT_GT(ck["white_ms"].get<int>(), 0);
  EXPECT_LE(ck["white_ms"].get<int>(), 1000);
  EXPECT_LE(ck["black_ms"].get<int>(), 1000);
  // Black has nothing but his king: when White's flag falls, Black cannot win on time: a draw.
  r = post(
      "/api/games",
      {{"opponent", "human"}, {"fen", "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1"}, {"clock", {{"initial_s", 1}}}});
  ASSERT_EQ(r.status, 201) << r.text;
  std::string bare = r.body["id"];
  std::this_thread::sleep_for(std::chrono::milliseconds(1300));
  // The clock thread ended and stored both games: the database says so before anybody reads them.
  EXPECT_EQ(db_text("SELECT result || ' ' || termination FROM games WHERE id = '" + id + "'"),
            "1-0 time forfeit");
  EXPECT_EQ(db_text("SELECT result || ' ' || termination FROM games WHERE id = '" + bare + "'"),
            "1/2-1/2 time forfeit");
  Reply s = get("/api/games/" + id);
  EXPECT_EQ(s.body["result"], "1-0");
  EXPECT_EQ(s.body["clock"]["running"], "");
  EXPECT_EQ(s.body["clock"]["black_ms"], 0);
  expect_refused(id, 409, "time forfeit", [&] {
    return post("/api/games/" + id + "/turn", {{"token", black}, {"turn", "e7e5"}});
  });
  restart();
  s = get("/api/games/" + id);
  EXPECT_EQ(s.body["termination"], "time forfeit");
  EXPECT_EQ(s.body["clock"]["white_ms"], ck["white_ms"]);
}

TEST_F(ServerApi, ClockSettings) {
  // Fischer: the increment is added after each turn.
  Reply r = post("/api/games", {{"opponent", "human"}, {"clock", {{"initial_s", 60}, {"increment_s", 5}}}});
  ASSERT_EQ(r.status, 201) << r.text;
  std::string id = r.body["id"];
  Reply t = post("/api/games/" + id + "/turn", {{"token", r.body["token"]}, {"turn", "d2d4"}});
  EXPECT_GT(t.body["clock"]["white_ms"].get<int>(), 60000);
  EXPECT_LE(t.body["clock"]["white_ms"].get<int>(), 65000);
  EXPECT_EQ(t.body["clock"]["increment_ms"], 5000);
  EXPECT_NE(get("/api/games/" + id + "/pgn").text.find("[TimeControl \"60+5\"]"), std::string::npos);
  // Correspondence: three days a turn, from the previous turn.
  r = post("/api/games", {{"opponent", "human"}, {"clock", {{"initial_s", 259200}, {"per_turn", true}}}});
  ASSERT_EQ(r.status, 201) << r.text;
  id = r.body["id"];
  t = post("/api/games/" + id + "/turn", {{"token", r.body["token"]}, {"turn", "d2d4"}});
  EXPECT_EQ(t.body["clock"]["per_turn"], true);
  EXPECT_EQ(t.body["clock"]["white_ms"], 259200000);
  EXPECT_GT(t.body["clock"]["black_ms"].get<long long>(), 259190000);
  EXPECT_NE(get("/api/games/" + id + "/pgn").text.find("[TimeControl \"1/259200\"]"), std::string::npos);
  // Resigning stops the clock; a game without a clock says null.
  t = post("/api/games/" + id + "/resign", {{"token", r.body["invite_token"]}});
  EXPECT_EQ(t.body["clock"]["running"], "");
  Reply plain = post("/api/games", json::object());
  EXPECT_TRUE(plain.body["game"]["clock"].is_null());
  EXPECT_EQ(get("/api/games/" + plain.body["id"].get<std::string>() + "/pgn").text.find("TimeControl"),
            std::string::npos);
  expect_refused(id, 400, "no increment", [&] {
    return post("/api/games", {{"clock", {{"initial_s", 60}, {"increment_s", 1}, {"per_turn", true}}}});
  });
  expect_refused(id, 400, "initial_s", [&] { return post("/api/games", {{"clock", {{"initial_s", 0}}}}); });
  expect_refused(id, 400, "initial_s", [&] { return post("/api/games", {{"clock", {{"increment_s", 2}}}}); });
  expect_refused(id, 400, "unknown field", [&] { return post("/api/games", {{"clock", {{"moves", 40}}}}); });
  expect_refused(id, 400, "'clock'", [&] { return post("/api/games", {{"clock", 60}}); });
}

TEST_F(ServerApi, EngineSpendsAShareOfItsClock) {
  Reply r = post("/api/games", {{"color", "black"}, {"clock", {{"initial_s", 3}}}});
  ASSERT_EQ(r.status, 201) << r.text;
  std::string id = r.body["id"];
  server_->service->wait_engine_idle();
  Reply s = get("/api/games/" + id);
  ASSERT_EQ(turns_of(s.body).size(), 1u) << s.text;
  EXPECT_EQ(s.body["clock"]["running"], "black");
  EXPECT_GT(s.body["clock"]["white_ms"].get<int>(), 2000) << "about 1/30 of the time, not the level's second";
}

TEST_F(ServerApi, OldDatabasesGainClocks) {
  auto seats_id = human_game("chess");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  post("/api/games/" + id + "/turn", {{"token", white}, {"turn", "e2e4"}});
  client_.reset();
  server_.reset();
  // Back to schema version 2: no clock columns.
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(db_path().c_str(), &db), SQLITE_OK);
  for (const char* sql :
       {"DROP INDEX games_unfinished_clock", "ALTER TABLE games DROP COLUMN clock_initial_ms",
        "ALTER TABLE games DROP COLUMN clock_increment_ms", "ALTER TABLE games DROP COLUMN clock_per_turn",
        "ALTER TABLE games DROP COLUMN white_ms", "ALTER TABLE games DROP COLUMN black_ms",
        "ALTER TABLE games DROP COLUMN clock_since_ms", "DELETE FROM schema_version WHERE version > 2"})
    ASSERT_EQ(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), SQLITE_OK)
        << sql << ": " << sqlite3_errmsg(db);
  sqlite3_close(db);
  start();
  Reply s = get("/api/games/" + id);
  ASSERT_EQ(s.status, 200) << s.text;
  EXPECT_TRUE(s.body["clock"].is_null());
  EXPECT_EQ(turns_of(s.body), std::vector<std::string>{"e2e4"});
  EXPECT_EQ(db_text("SELECT MAX(version) FROM schema_version"),
            std::to_string(SqliteStore::latest_schema_version()));
  EXPECT_EQ(post("/api/games/" + id + "/turn", {{"token", black}, {"turn", "e7e5"}}).status, 200);
}

TEST_F(ServerApi, TheEngineAcceptsDrawsOnlyWhenItIsNotBetter) {
  // The engine (Black) at move 40: a queen down it accepts, a queen up it declines; at move 1 it declines.
  auto offer = [&](const std::string& fen) {
    Reply r = post("/api/games", {{"fen", fen}, {"level", {{"depth", 1}}}});
    EXPECT_EQ(r.status, 201) << r.text;
    std::string id = r.body["id"];
    Reply o = post("/api/games/" + id + "/draw", {{"token", r.body["token"]}, {"action", "offer"}});
    EXPECT_EQ(o.status, 200) << o.text;
    EXPECT_EQ(o.body["draw_offer"], "white") << "answered by the worker, after the offer is stored";
    server_->service->wait_engine_idle();
    return get("/api/games/" + id).body;
  };
  json down = offer("r3k3/pppq4/8/8/8/8/PPPQ4/R3K2Q w - - 0 40");
  EXPECT_EQ(down["result"], "1/2-1/2");
  EXPECT_EQ(down["termination"], "agreement");
  EXPECT_EQ(down["draw_offer"], "");
  EXPECT_EQ(down["draw_declined"], "");
  json up = offer("r3k2q/pppq4/8/8/8/8/PPPQ4/R3K3 w - - 0 40");
  EXPECT_EQ(up["result"], "*");
  EXPECT_EQ(up["draw_offer"], "") << "declined";
  EXPECT_EQ(up["draw_declined"], "white");
  json early = offer("r3k3/pppq4/8/8/8/8/PPPQ4/R3K2Q w - - 0 1");
  EXPECT_EQ(early["result"], "*");
  EXPECT_EQ(early["draw_offer"], "");
  // An offer made while the engine thinks does not void its turn; the turn declines the offer.
  Reply r = post("/api/games", {{"color", "black"}, {"level", {{"movetime_ms", 300}}}});
  ASSERT_EQ(r.status, 201) << r.text;
  std::string id = r.body["id"];
  EXPECT_EQ(post("/api/games/" + id + "/draw", {{"token", r.body["token"]}, {"action", "offer"}}).status,
            200);
  server_->service->wait_engine_idle();
  Reply s = get("/api/games/" + id);
  EXPECT_EQ(turns_of(s.body).size(), 1u) << s.text;
  EXPECT_EQ(s.body["draw_offer"], "");
  EXPECT_EQ(s.body["result"], "*");
}

TEST_F(ServerApi, CachedStateFollowsEveryChange) {
  // GET answers from a per-version cache; every change must show in it exactly as in the change's own answer
  // (computed afresh). The clock is live: compared separately.
  Reply r = post("/api/games", {{"opponent", "human"}, {"clock", {{"initial_s", 600}, {"increment_s", 1}}}});
  ASSERT_EQ(r.status, 201) << r.text;
  std::string id = r.body["id"], white = r.body["token"], black = r.body["invite_token"];
  auto same = [&](json fresh) {
    json cached = get("/api/games/" + id).body;
    ASSERT_TRUE(cached["clock"].is_object());
    EXPECT_EQ(cached["clock"]["running"], fresh["clock"]["running"]);
    EXPECT_NEAR(cached["clock"]["white_ms"].get<double>(), fresh["clock"]["white_ms"].get<double>(), 1000);
    cached.erase("clock");
    fresh.erase("clock");
    EXPECT_EQ(cached, fresh);
  };
  same(r.body["game"]);
  get("/api/games/" + id);  // cached now
  same(post("/api/games/" + id + "/turn", {{"token", white}, {"turn", "e2e4"}}).body);
  same(post("/api/games/" + id + "/draw", {{"token", black}, {"action", "offer"}}).body);
  same(post("/api/games/" + id + "/draw", {{"token", white}, {"action", "decline"}}).body);
  same(post("/api/games/" + id + "/turn", {{"token", black}, {"turn", "e7e5"}}).body);
  same(post("/api/games/" + id + "/resign", {{"token", white}}).body);
  EXPECT_EQ(get("/api/games/" + id).body["clock"]["running"], "");
}

TEST_F(ServerApi, ReadsAreForAViewer) {
  // Every variant is of perfect information: a player (token by header or query) sees what a spectator sees;
  // a token that does not play in the game is refused.
  auto seats_id = human_game("alice");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  post("/api/games/" + id + "/turn", {{"token", white}, {"turn", "e2e4"}});
  const std::string base = "/api/games/" + id;
  for (const std::string& path : {base, base + "/history", base + "/pgn"}) {
    std::string spectator = get(path).text;
    EXPECT_EQ(get(path + "?token=" + black).text, spectator) << path;
    auto r = client_->Get(path.c_str(), httplib::Headers{{"X-Player-Token", white}});
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);
    EXPECT_EQ(r->body, spectator) << path;
    Reply bad = get(path + "?token=" + std::string(32, '0'));
    EXPECT_EQ(bad.status, 403) << path;
  }
  EXPECT_EQ(get(base + "/events?token=nottheirs").status, 403);
}

TEST_F(ServerApi, EventsAnnounceNewTurns) {
  auto seats_id = human_game("chess");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  post("/api/games/" + id + "/turn", {{"token", white}, {"turn", "d2d4"}});
  std::string received;
  std::mutex m;
  std::atomic<bool> enough{false};
  std::thread listener([&, id = id] {
    httplib::Client c("127.0.0.1", server_->port);
    c.set_read_timeout(30, 0);
    c.Get(("/api/games/" + id + "/events").c_str(), [&](const char* data, size_t n) {
      std::lock_guard<std::mutex> lock(m);
      received.append(data, n);
      return !(enough = received.find("g8f6") != std::string::npos &&
                        received.find("\"turn_count\":2") != std::string::npos);
    });
  });
  // The stream first replays what is there, then announces the new turn.
  for (int i = 0; i < 300; ++i) {
    {
      std::lock_guard<std::mutex> lock(m);
      if (received.find("\"turn_count\":1") != std::string::npos) break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  post("/api/games/" + id + "/turn", {{"token", black}, {"turn", "g8f6"}});
  listener.join();
  EXPECT_TRUE(enough) << received;
  EXPECT_NE(received.find("id: 1\nevent: turn\ndata: {\"index\":0,\"turn\":\"d2d4\"}"), std::string::npos)
      << received;
  EXPECT_NE(received.find("id: 2\nevent: turn\ndata: {\"index\":1,\"turn\":\"g8f6\"}"), std::string::npos)
      << received;
  EXPECT_EQ(get("/api/games/abc/events").status, 404);
}

TEST_F(ServerApi, GamesSurviveARestart) {
  auto seats_id = human_game("alice");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  post("/api/games/" + id + "/turn", {{"token", white}, {"turn", "e2e4"}});
  post("/api/games/" + id + "/draw", {{"token", white}, {"action", "offer"}});
  std::string before = get("/api/games/" + id).text;
  restart();
  json after = get("/api/games/" + id).body;
  json expected = json::parse(before);
  EXPECT_GT(after["version"].get<std::uint64_t>(), expected["version"].get<std::uint64_t>())
      << "across a restart";
  expected.erase("version");  // the change counter grows across restarts, but is not the same
  after.erase("version");
  EXPECT_EQ(after, expected);
  EXPECT_EQ(after["draw_offer"], "white");
  EXPECT_EQ(post("/api/games/" + id + "/turn", {{"token", black}, {"turn", "d7d5"}}).status, 200);
}

TEST_F(ServerApi, SchemaIsVersionedAndMigratedOnce) {
  client_.reset();
  server_.reset();
  {
    SqliteStore s(db_path());
    EXPECT_EQ(s.schema_version(), SqliteStore::latest_schema_version());
    EXPECT_EQ(s.integrity_check(), "ok");
  }
  SqliteStore again(db_path());
  EXPECT_EQ(again.schema_version(), SqliteStore::latest_schema_version());
  EXPECT_EQ(count_rows("schema_version"), SqliteStore::latest_schema_version());
  sqlite3* db = nullptr;
  sqlite3_open(db_path().c_str(), &db);
  sqlite3_stmt* st = nullptr;
  sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &st, nullptr);
  ASSERT_EQ(sqlite3_step(st), SQLITE_ROW);
  EXPECT_STREQ(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)), "wal");
  sqlite3_finalize(st);
  // A database from a newer build is refused rather than misread.
  sqlite3_exec(db, "INSERT INTO schema_version VALUES(99, 0)", nullptr, nullptr, nullptr);
  sqlite3_close(db);
  EXPECT_THROW(SqliteStore newer(db_path()), StoreError);
}

namespace {

// A raw connection that asks for a game's event stream and keeps it open; `status` is the answer's status
// code.
struct OpenStream {
  int fd = -1;
  int status = 0;
  OpenStream(int port, const std::string& id) {
    fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<std::uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) return;
    std::string req = "GET /api/games/" + id + "/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    if (::send(fd, req.data(), req.size(), 0) != static_cast<ssize_t>(req.size())) return;
    timeval tv{5, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    char buf[64] = {};
    ssize_t n = ::recv(fd, buf, sizeof buf - 1, 0);  // "HTTP/1.1 200 OK..."
    if (n >= 12) status = std::atoi(buf + 9);
  }
  ~OpenStream() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

TEST_F(ServerApi, OpenEventStreamsDoNotStarveRequests) {
  // Far more open game pages than a fixed pool of 32 workers had: requests are still answered at once.
  auto seats_id = human_game("marseillais");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  std::vector<std::unique_ptr<OpenStream>> streams;
  for (int i = 0; i < 100; ++i) {
    streams.push_back(std::make_unique<OpenStream>(server_->port, id));
    ASSERT_EQ(streams.back()->status, 200) << "stream " << i;
  }
  client_->set_read_timeout(3, 0);
  EXPECT_EQ(get("/api/health").status, 200);
  EXPECT_EQ(post("/api/games/" + id + "/turn", {{"token", white}, {"turn", "e2e4,d2d4"}}).status, 200);
  EXPECT_EQ(get("/api/games/" + id).body["turns"].size(), 1u);
}

TEST_F(ServerApi, EventStreamsBeyondTheCapAreRefused) {
  ApiLimits limits;
  limits.max_streams = 5;
  Running small(db_path() + "-streams", limits);
  httplib::Client c("127.0.0.1", small.port);
  auto created = c.Post("/api/games", R"({"opponent":"human"})", "application/json");
  ASSERT_TRUE(created && created->status == 201);
  std::string id = json::parse(created->body)["id"];
  std::string token = json::parse(created->body)["token"];
  std::vector<std::unique_ptr<OpenStream>> streams;
  for (int i = 0; i < 5; ++i) {
    streams.push_back(std::make_unique<OpenStream>(small.port, id));
    EXPECT_EQ(streams.back()->status, 200) << "stream " << i;
  }
  auto refused = c.Get(("/api/games/" + id + "/events").c_str());
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->status, 503);
  EXPECT_NE(refused->body.find("too many live event streams"), std::string::npos) << refused->body;
  // A closed stream gives its slot back once the server notices, at its next write: a turn makes every stream
  // write at once.
  streams.pop_back();
  auto turn = c.Post(("/api/games/" + id + "/turn").c_str(), json{{"token", token}, {"turn", "e2e4"}}.dump(),
                     "application/json");
  ASSERT_TRUE(turn && turn->status == 200);
  int status = 0;
  for (int i = 0; i < 100 && status != 200; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    OpenStream again(small.port, id);
    status = again.status;
  }
  EXPECT_EQ(status, 200);
}

TEST_F(ServerApi, IdleGamesLeaveMemoryAndComeBackFromTheStore) {
  auto seats_id = human_game("marseillais");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  ASSERT_EQ(post("/api/games/" + id + "/turn", {{"token", white}, {"turn", "e2e4,d2d4"}}).status, 200);
  json before = get("/api/games/" + id).body;
  // Used just now: a 10-minute idle limit keeps it.
  EXPECT_EQ(server_->service->evict_idle(std::chrono::minutes(10)), 0u);
  EXPECT_EQ(server_->service->games_in_memory(), 1u);
  // With no idle limit it goes, and everything about it comes back from the store.
  EXPECT_EQ(server_->service->evict_idle(std::chrono::milliseconds(0)), 1u);
  EXPECT_EQ(server_->service->games_in_memory(), 0u);
  json after = get("/api/games/" + id).body;
  EXPECT_GT(after["version"].get<std::uint64_t>(), before["version"].get<std::uint64_t>())
      << "versions only grow";
  before.erase("version");
  after.erase("version");
  EXPECT_EQ(after, before);
  EXPECT_EQ(post("/api/games/" + id + "/turn", {{"token", black}, {"turn", "e7e5,d7d5"}}).status, 200);
  // A game someone holds (an open event stream waits on it) stays, whatever its idleness.
  OpenStream stream(server_->port, id);
  ASSERT_EQ(stream.status, 200);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // the stream is now waiting for a change
  EXPECT_EQ(server_->service->evict_idle(std::chrono::milliseconds(0)), 0u);
  EXPECT_EQ(get("/api/games/" + id).body["turns"].size(), 2u);
}

TEST_F(ServerApi, WritesAreRateLimitedPerAddressWhenAsked) {
  ApiLimits limits;
  limits.writes_per_second = 2;  // 6 at once, then one every half second
  Running limited(db_path() + "-limited", limits);
  httplib::Client c("127.0.0.1", limited.port);
  auto created = c.Post("/api/games", R"({"opponent":"human"})", "application/json");
  ASSERT_TRUE(created && created->status == 201);
  std::string id = json::parse(created->body)["id"];
  int accepted = 1, refused = 0;
  std::string retry, error;
  for (int i = 0; i < 10; ++i) {
    auto r = c.Post("/api/games", R"({"opponent":"human"})", "application/json");
    ASSERT_TRUE(r);
    if (r->status == 201) {
      ++accepted;
    } else {
      EXPECT_EQ(r->status, 429);
      ++refused;
      retry = r->get_header_value("Retry-After");
      error = json::parse(r->body)["error"];
    }
  }
  // The burst of 6 (a few more may trickle in at 2 a second while the loop runs), then refusals.
  EXPECT_GE(accepted, 6);
  EXPECT_LE(accepted, 8);
  EXPECT_GE(refused, 3);
  EXPECT_EQ(retry, "1");
  EXPECT_NE(error.find("at most 2 writes a second"), std::string::npos) << error;
  // A refused write changed nothing: as many games stored as accepted.
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open_v2((db_path() + "-limited").c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM games", -1, &st, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_step(st), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int(st, 0), accepted);
  sqlite3_finalize(st);
  sqlite3_close(db);
  // Reads are not limited.
  for (int i = 0; i < 20; ++i) ASSERT_EQ(c.Get(("/api/games/" + id).c_str())->status, 200);
  // The bucket refills.
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  EXPECT_EQ(c.Post("/api/games", R"({"opponent":"human"})", "application/json")->status, 201);
}

TEST_F(ServerApi, ADeepLevelDoesNotHoldTheEngineWorker) {
  // Depth 20 from the start of Marseillais cannot finish: the search is cut at kMaxDepthThinkMs and still
  // moves.
  const auto start = std::chrono::steady_clock::now();
  Reply r = post("/api/games", {{"variant", "marseillais"}, {"color", "black"}, {"level", {{"depth", 20}}}});
  ASSERT_EQ(r.status, 201) << r.text;
  server_->service->wait_engine_idle();
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(get("/api/games/" + r.body["id"].get<std::string>()).body["turns"].size(), 1u);
  EXPECT_GE(took, GameService::kMaxDepthThinkMs / 1000.0 * 0.9) << "it did think (depth 20 is not quick)";
  EXPECT_LT(took, GameService::kMaxDepthThinkMs / 1000.0 + 5);
}

TEST_F(ServerApi, MisspeltFieldsAreRefusedNotIgnored) {
  auto seats_id = human_game("chess");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  expect_refused(id, 400, "unknown field 'colour'", [&] {
    return post("/api/games", {{"opponent", "human"}, {"colour", "black"}});
  });
  expect_refused(id, 400, "unknown field 'move'", [&] {
    return post("/api/games/" + id + "/turn", {{"token", white}, {"move", "e2e4"}});
  });
  expect_refused(id, 400, "unknown field 'reason'", [&] {
    return post("/api/games/" + id + "/resign", {{"token", white}, {"reason", "tired"}});
  });
  expect_refused(id, 400, "unknown field 'token '", [&] {
    return post("/api/games/" + id + "/draw", {{"token ", white}, {"action", "offer"}});
  });
  expect_refused(id, 400, "unknown field 'depth'", [&] {
    return post("/api/games/" + id + "/hint", {{"token", white}, {"depth", 3}});
  });
  expect_refused(id, 400, "unknown field 'text'", [&] {
    return post("/api/games/import", {{"text", "1. e4 *"}});
  });
}

TEST_F(ServerApi, ADrawOfferLeftUnansweredIsAnsweredAfterARestart) {
  // Two engine workers: one busy with a long engine turn, the other with the answers to eight earlier draw
  // offers (300 ms each), so the offer waits in the queue when the server stops.
  engine_.workers = 2;
  restart();
  Reply busy = post("/api/games", {{"color", "black"}, {"level", {{"movetime_ms", 3000}}}});
  ASSERT_EQ(busy.status, 201) << busy.text;
  for (int i = 0; i < 8; ++i) {
    Reply other = post("/api/games", {{"level", {{"depth", 1}}}});
    ASSERT_EQ(post("/api/games/" + other.body["id"].get<std::string>() + "/draw",
                   {{"token", other.body["token"]}, {"action", "offer"}})
                  .status,
              200);
  }
  Reply r =
      post("/api/games", {{"fen", "r3k3/pppq4/8/8/8/8/PPPQ4/R3K2Q w - - 0 40"}, {"level", {{"depth", 1}}}});
  ASSERT_EQ(r.status, 201) << r.text;
  std::string id = r.body["id"];
  ASSERT_EQ(post("/api/games/" + id + "/draw", {{"token", r.body["token"]}, {"action", "offer"}}).status,
            200);
  restart();
  EXPECT_EQ(get("/api/games/" + id).body["draw_offer"], "white") << "not answered before the stop";
  server_->service->wait_engine_idle();
  json after = get("/api/games/" + id).body;
  EXPECT_EQ(after["result"], "1/2-1/2") << "a queen down at move 40, the engine accepts";
  EXPECT_EQ(after["termination"], "agreement");
}

namespace {

// The real SQLite store, whose next `fail_appends` turn appends fail (a full disk, say).
class FlakyStore : public SqliteStore {
 public:
  using SqliteStore::SqliteStore;
  std::atomic<int> fail_appends{0};
  void append_turn(const std::string& id, int index, const std::string& turn,
                   const GameStatus& status) override {
    if (fail_appends > 0) {
      --fail_appends;
      throw StoreError("disk full (simulated)");
    }
    SqliteStore::append_turn(id, index, turn, status);
  }
};

}  // namespace

TEST(ServerEngine, AnEngineTurnThatCouldNotBeStoredIsTriedAgain) {
  fs::path dir = fs::temp_directory_path() / ("hc_flaky_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  {
    FlakyStore store((dir / "games.sqlite3").string());
    GameService service(store);
    store.fail_appends = 1;
    CreateOptions opt;
    opt.variant = "marseillais";
    opt.creator = hc::kBlack;  // the engine opens
    opt.level.depth = 1;
    std::string id = service.create(opt)["id"];
    service.wait_engine_idle();
    EXPECT_EQ(store.fail_appends, 0) << "the engine's turn was tried";
    EXPECT_TRUE(service.state(id)["turns"].empty()) << "and not stored";
    service.resume_engine_turns();  // what the clock thread's sweep does every minute
    service.wait_engine_idle();
    EXPECT_EQ(service.state(id)["turns"].size(), 1u);
    EXPECT_EQ(store.load(id)->turns.size(), 1u);
    // Nothing more to resume: a game whose engine turn is done is not queued again.
    service.resume_engine_turns();
    service.wait_engine_idle();
    EXPECT_EQ(store.load(id)->turns.size(), 1u);
  }
  fs::remove_all(dir);
}

// ---- Hostile input and greedy clients (issue 9): no request may take the server down.

namespace {

// A raw connection to the server (no HTTP library between the test and the bytes).
struct RawConn {
  int fd = -1;
  explicit RawConn(int port, const char* from = "127.0.0.1") {
    fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in src{};
    src.sin_family = AF_INET;
    ::inet_pton(AF_INET, from, &src.sin_addr);
    ::bind(fd, reinterpret_cast<sockaddr*>(&src), sizeof src);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<std::uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
      ::close(fd);
      fd = -1;
    }
  }
  ~RawConn() {
    if (fd >= 0) ::close(fd);
  }
  bool send(const std::string& bytes) {
    return fd >= 0 &&
           ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(bytes.size());
  }
  // Everything received until the server closes the connection, or until `quiet_s` seconds pass without a
  // byte (generous: only a broken server waits that long).
  std::string receive_all(int quiet_s = 10) {
    timeval tv{quiet_s, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    std::string out;
    char buf[4096];
    for (;;) {
      ssize_t n = ::recv(fd, buf, sizeof buf, 0);
      if (n <= 0) break;
      out.append(buf, static_cast<std::size_t>(n));
    }
    return out;
  }
  // The status of one answer read from the connection (0 if none came within 10 s); the connection stays
  // open.
  int read_status() {
    timeval tv{10, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    std::string in;
    char buf[4096];
    for (;;) {
      const std::size_t head = in.find("\r\n\r\n");
      if (head != std::string::npos) {
        const std::size_t cl = in.find("Content-Length: ");
        const std::size_t len = cl < head ? std::strtoul(in.c_str() + cl + 16, nullptr, 10) : 0;
        if (in.size() >= head + 4 + len) return std::atoi(in.c_str() + 9);
      }
      ssize_t n = ::recv(fd, buf, sizeof buf, 0);
      if (n <= 0) return 0;
      in.append(buf, static_cast<std::size_t>(n));
    }
  }
  // Whether the server has closed the connection (now, without waiting).
  bool peer_closed() {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 0) <= 0) return false;
    char b;
    return ::recv(fd, &b, 1, MSG_PEEK | MSG_DONTWAIT) <= 0;
  }
  // Whether the server closed the connection within `within_s` seconds (reading and dropping what it sends).
  bool closed_within(int within_s) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(within_s);
    timeval tv{0, 200 * 1000};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    char buf[4096];
    while (std::chrono::steady_clock::now() < end) {
      ssize_t n = ::recv(fd, buf, sizeof buf, 0);
      if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)) return true;
    }
    return false;
  }
};

// The status codes of the HTTP answers in `text`, in order.
std::vector<int> statuses(const std::string& text) {
  std::vector<int> out;
  for (std::size_t at = text.find("HTTP/1.1 "); at != std::string::npos; at = text.find("HTTP/1.1 ", at + 1))
    out.push_back(std::atoi(text.c_str() + at + 9));
  return out;
}

}  // namespace

// Each of the five crash vectors below killed the server before the fix (std::terminate while serializing the
// error, which quoted an invalid UTF-8 byte); now each is answered with a JSON error (bad bytes written as
// U+FFFD), the server goes on and the game is untouched.
TEST_F(ServerApi, InvalidUtf8InAPathIsAnswered) {
  RawConn c(server_->port);
  ASSERT_TRUE(c.send("GET /%FF HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
  const std::string answer = c.receive_all();
  EXPECT_EQ(statuses(answer), std::vector<int>{404}) << answer;
  EXPECT_NE(answer.find("{\"error\":\"not found: GET /\xEF\xBF\xBD\"}"), std::string::npos) << answer;
  EXPECT_EQ(get("/api/health").status, 200);
}

TEST_F(ServerApi, InvalidUtf8InABodyIsAnswered) {
  auto seats_id = human_game("chess");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  expect_refused(id, 400, "malformed JSON", [&] { return post_raw("/api/games", "{\"variant\":\"\xff\"}"); });
  // Raw invalid bytes in a turn are malformed JSON too.
  expect_refused(id, 400, "malformed JSON", [&] {
    return post_raw("/api/games/" + id + "/turn", "{\"token\":\"" + white + "\",\"turn\":\"\xc3\"}");
  });
  EXPECT_EQ(get("/api/health").status, 200);
}

TEST_F(ServerApi, AFenErrorQuotingPartOfACharacterIsAnswered) {
  auto seats_id = human_game("chess");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  expect_refused(id, 400, "FEN", [&] {
    return post("/api/games", {{"fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP\u00e9 w KQkq - 0 1"}});
  });
  EXPECT_EQ(get("/api/health").status, 200);
}

TEST_F(ServerApi, ATurnErrorQuotingPartOfACharacterIsAnswered) {
  auto seats_id = human_game("chess");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  const std::string before = snapshot(id);
  Reply r = post("/api/games/" + id + "/turn", {{"token", white}, {"turn", "\u00e92e4"}});
  EXPECT_TRUE(r.status == 400 || r.status == 422) << r.text;
  EXPECT_TRUE(r.body.contains("error")) << r.text;
  EXPECT_EQ(snapshot(id), before);
  EXPECT_EQ(post("/api/games/" + id + "/turn", {{"token", white}, {"turn", "e2e4"}}).status, 200);
}

TEST_F(ServerApi, AnInvalidLegalPrefixIsAnswered) {
  auto seats_id = human_game("chess");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  Reply r = get("/api/games/" + id + "/legal?prefix=%FF");
  EXPECT_TRUE(r.status == 400 || r.status == 422) << r.text;
  EXPECT_TRUE(r.body.contains("error")) << r.text;
  EXPECT_EQ(get("/api/health").status, 200);
}

TEST_F(ServerApi, NumbersOutOfRangeAre400) {
  auto seats_id = human_game("chess");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  // 1e400 does not fit a double: it answered 500 before.
  expect_refused(id, 400, "malformed JSON",
                 [&] { return post_raw("/api/games", R"({"variant":"chess","x":1e400})"); });
  expect_refused(id, 400, "malformed JSON",
                 [&] { return post_raw("/api/games", R"({"opponent":"engine","level":{"depth":1e400}})"); });
  expect_refused(id, 400, "'depth'", [&] {
    return post_raw("/api/games", R"({"opponent":"engine","level":{"depth":99999999999999999999999}})");
  });
  expect_refused(id, 400, "'depth'", [&] {
    return post_raw("/api/games", R"({"opponent":"engine","level":{"depth":18446744073709551615}})");
  });
  expect_refused(id, 400, "'clock.initial_s'", [&] {
    return post_raw("/api/games", R"({"opponent":"human","clock":{"initial_s":9223372036854775807}})");
  });
  expect_refused(id, 400, "malformed JSON", [&] {
    return post_raw("/api/games/" + id + "/turn", R"({"token":"x","turn":"e2e4","n":-1e999})");
  });
}

TEST_F(ServerApi, DuplicateOrConflictingContentLengthIsRefused) {
  const int games = count_rows("games");
  for (const char* lengths :
       {"Content-Length: 2\r\nContent-Length: 2\r\n", "Content-Length: 2\r\nContent-Length: 27\r\n",
        "Content-Length: 2, 2\r\n", "Content-Length: 2\r\nTransfer-Encoding: chunked\r\n"}) {
    RawConn c(server_->port);
    ASSERT_TRUE(
        c.send(std::string("POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n") +
               lengths + "\r\n{}{\"opponent\":\"human\"}"));
    const std::string answer = c.receive_all();
    EXPECT_EQ(statuses(answer), std::vector<int>{400}) << lengths << answer;
    EXPECT_NE(answer.find("{\"error\":\"malformed request"), std::string::npos) << answer;
    EXPECT_NE(answer.find("Connection: close"), std::string::npos) << answer;
  }
  EXPECT_EQ(count_rows("games"), games) << "nothing was created";
}

// A chunked body whose last chunk arrives in pieces, "0\r\n" first (the fuzz seed http_chunked_final_no_crlf:
// Beast's parser must be given more bytes after need_more, never the same ones again).
TEST_F(ServerApi, ChunkedBodyInPiecesIsAnswered) {
  const int games = count_rows("games");
  const std::string body = "{\"opponent\":\"human\"}";
  char size[16];
  std::snprintf(size, sizeof size, "%zx", body.size());
  RawConn c(server_->port);
  for (const std::string& piece :
       {std::string("POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n") +
            "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
        std::string(size) + "\r\n" + body + "\r\n", std::string("0\r\n"), std::string("\r\n")}) {
    ASSERT_TRUE(c.send(piece));
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  const std::string answer = c.receive_all();
  EXPECT_EQ(statuses(answer), std::vector<int>{201}) << answer;
  EXPECT_EQ(count_rows("games"), games + 1);
}

TEST_F(ServerApi, PipelinedRequestsAreAnsweredInOrder) {
  auto seats_id = human_game("chess");
  [[maybe_unused]] std::string &id = seats_id[0], &white = seats_id[1], &black = seats_id[2];
  const std::string body = json{{"token", white}, {"turn", "e2e4"}}.dump();
  RawConn c(server_->port);
  // Five requests in one write: a read, a turn (handled off the network threads), an unknown route, a cheap
  // read, and one that closes the connection.
  ASSERT_TRUE(c.send("GET /api/games/" + id + " HTTP/1.1\r\nHost: x\r\n\r\n" + "POST /api/games/" + id +
                     "/turn HTTP/1.1\r\nHost: x\r\nContent-Length: " + std::to_string(body.size()) +
                     "\r\n\r\n" + body + "GET /api/nothing HTTP/1.1\r\nHost: x\r\n\r\n" +
                     "GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n" + "GET /api/games/" + id +
                     "/pgn HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
  const std::string answer = c.receive_all();
  EXPECT_EQ(statuses(answer), (std::vector<int>{200, 200, 404, 200, 200})) << answer;
  const std::size_t turn_answer = answer.find("\"turns\":[\"e2e4\"]");
  EXPECT_NE(turn_answer, std::string::npos) << answer;
  EXPECT_LT(answer.find("\"turns\":[]"), turn_answer) << "the read before the turn was answered first";
  EXPECT_NE(answer.find("1. e4"), std::string::npos) << "the PGN last";
  EXPECT_NE(answer.find("Connection: close"), std::string::npos) << answer;
}

TEST_F(ServerApi, ConnectionCloseIsHonouredAndKeepAliveKept) {
  RawConn keep(server_->port);
  ASSERT_TRUE(keep.send("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n"));
  EXPECT_FALSE(keep.closed_within(1)) << "HTTP/1.1 keeps the connection";
  ASSERT_TRUE(keep.send("GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
  EXPECT_TRUE(keep.closed_within(10));
  RawConn old(server_->port);
  ASSERT_TRUE(old.send("GET /api/health HTTP/1.0\r\n\r\n"));
  const std::string answer = old.receive_all();
  EXPECT_EQ(statuses(answer), std::vector<int>{200}) << answer;
  EXPECT_NE(answer.find("{\"ok\":true}"), std::string::npos) << answer;
}

TEST_F(ServerApi, MalformedRequestsAreAnsweredWithJson) {
  for (const std::string& bad :
       {std::string("GARBAGE\r\n\r\n"), std::string("GET / HTTP/9.9.9\r\n\r\n"),
        std::string("GET /api/health HTTP/1.1\r\nNo colon here\r\n\r\n"),
        std::string("GET /api/health HTTP/1.1\r\nHost: x\r\nX: ") + std::string(20000, 'a') + "\r\n\r\n"}) {
    RawConn c(server_->port);
    ASSERT_TRUE(c.send(bad));
    const std::string answer = c.receive_all();
    ASSERT_EQ(statuses(answer).size(), 1u) << bad.substr(0, 60) << ": " << answer;
    const int status = statuses(answer)[0];
    EXPECT_TRUE(status == 400 || status == 431) << answer;
    EXPECT_NE(answer.find("{\"error\":"), std::string::npos) << answer;
  }
  EXPECT_EQ(get("/api/health").status, 200);
}

TEST_F(ServerApi, SlowHeadersAreCutAtTheHeaderDeadline) {
  ApiLimits limits;
  limits.header_timeout_s = 1;
  Running strict(db_path() + "-deadline", limits);
  RawConn slow(strict.port);
  ASSERT_TRUE(slow.send("GET /api/health HTTP/1.1\r\n"));
  // One header line every 300 ms keeps every single read short, but the whole header has 1 s. The bound
  // (8 s) is generous for a loaded machine; cpp-httplib's per-read timeout never cut it.
  const auto start = std::chrono::steady_clock::now();
  bool closed = false;
  for (int i = 0; i < 30 && !closed; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    closed = !slow.send("X-Slow-" + std::to_string(i) + ": 1\r\n") || slow.peer_closed();
  }
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_TRUE(closed) << "after " << took << " s";
  EXPECT_LT(took, 8.0);
  httplib::Client c("127.0.0.1", strict.port);
  EXPECT_EQ(c.Get("/api/health")->status, 200);
}

TEST_F(ServerApi, ConnectionsPerAddressAreCapped) {
  ApiLimits limits;
  limits.max_conns_per_address = 3;
  Running capped(db_path() + "-capped", limits);
  // Three connections, each shown to be accepted by an answer (the start-up check's connection may still be
  // counted for a moment: a refused one is tried again).
  std::vector<std::unique_ptr<RawConn>> held;
  for (int i = 0; i < 200 && held.size() < 3; ++i) {
    auto c = std::make_unique<RawConn>(capped.port);
    ASSERT_TRUE(c->send("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n"));
    if (c->read_status() == 200)
      held.push_back(std::move(c));
    else
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ASSERT_EQ(held.size(), 3u);
  RawConn fourth(capped.port);
  const std::string answer = fourth.receive_all();
  EXPECT_EQ(statuses(answer), std::vector<int>{503}) << answer;
  EXPECT_NE(answer.find("too many open connections from this address (at most 3)"), std::string::npos);
  // Another address is not affected (127.0.0.2 is loopback too).
  RawConn other(capped.port, "127.0.0.2");
  ASSERT_TRUE(other.send("GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
  EXPECT_EQ(statuses(other.receive_all()), std::vector<int>{200});
  // A closed connection gives its place back.
  held.pop_back();
  int status = 0;
  for (int i = 0; i < 100 && status != 200; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    RawConn again(capped.port);
    again.send("GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    auto s = statuses(again.receive_all());
    status = s.empty() ? 0 : s[0];
  }
  EXPECT_EQ(status, 200);
}

TEST_F(ServerApi, BusyHandlersAnswer503AtOnceAndHealthStaysUp) {
  ApiLimits limits;
  limits.handler_threads = 1;
  limits.handler_queue = 0;
  Running tight(db_path() + "-tight", limits);
  httplib::Client c("127.0.0.1", tight.port);
  auto created = c.Post("/api/games", R"({"opponent":"engine"})", "application/json");
  ASSERT_TRUE(created && created->status == 201);
  const std::string id = json::parse(created->body)["id"], token = json::parse(created->body)["token"];
  // A hint holds the only handler thread for its search (500 ms; tried again while the reads below hold
  // it)...
  std::atomic<bool> hinted{false};
  std::thread hint([&] {
    httplib::Client h("127.0.0.1", tight.port);
    h.set_read_timeout(30, 0);
    for (int i = 0; i < 1000 && !hinted; ++i) {
      auto r =
          h.Post(("/api/games/" + id + "/hint").c_str(), json{{"token", token}}.dump(), "application/json");
      ASSERT_TRUE(r);
      hinted = r->status == 200;
      if (!hinted) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  });
  // ...so another request that may block is refused at once, while the cheap routes are answered.
  bool refused = false;
  while (!hinted && !refused) {
    auto r = c.Get(("/api/games/" + id).c_str());
    ASSERT_TRUE(r);
    if (r->status == 503) {
      refused = true;
      EXPECT_EQ(r->get_header_value("Retry-After"), "1");
      EXPECT_NE(r->body.find("the server is busy"), std::string::npos) << r->body;
      auto health = c.Get("/api/health");
      ASSERT_TRUE(health);
      EXPECT_EQ(health->status, 200);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  hint.join();
  EXPECT_TRUE(hinted);
  EXPECT_TRUE(refused);
  EXPECT_EQ(c.Get(("/api/games/" + id).c_str())->status, 200);
}

TEST_F(ServerApi, GameCreationIsLimitedPerAddress) {
  ApiLimits limits;
  limits.games_burst = 3;
  limits.games_per_minute = 6;  // one every 10 s after the burst
  Running limited(db_path() + "-creation", limits);
  httplib::Client c("127.0.0.1", limited.port);
  int created = 0;
  std::string retry, error;
  for (int i = 0; i < 6; ++i) {
    auto r = i % 2 ? c.Post("/api/games", R"({"opponent":"human"})", "application/json")
                   : c.Post("/api/games/import", json{{"pgn", "1. e4 e5 *"}}.dump(), "application/json");
    ASSERT_TRUE(r);
    if (r->status == 201) {
      ++created;
    } else {
      EXPECT_EQ(r->status, 429) << r->body;
      retry = r->get_header_value("Retry-After");
      error = json::parse(r->body)["error"];
    }
  }
  EXPECT_EQ(created, 3);
  EXPECT_GE(std::atoi(retry.c_str()), 1);
  EXPECT_LE(std::atoi(retry.c_str()), 10);
  EXPECT_NE(error.find("too many new games from this address"), std::string::npos) << error;
  // Other writes are not creation.
  EXPECT_NE(c.Post("/api/games/abc/turn", R"({"token":"x","turn":"e2e4"})", "application/json")->status, 429);
}

TEST_F(ServerApi, BehindAProxyTheClientIsTheLastForwardedAddress) {
  ApiLimits limits;
  limits.games_burst = 1;
  limits.games_per_minute = 1;
  limits.max_conns_per_address = 1;  // not applied behind a proxy: every connection is the proxy's
  limits.trust_forwarded_for = true;
  Running proxied(db_path() + "-proxied", limits);
  httplib::Client a("127.0.0.1", proxied.port), b("127.0.0.1", proxied.port);
  auto create = [](httplib::Client& c, const std::string& xff) {
    auto r = c.Post("/api/games", httplib::Headers{{"X-Forwarded-For", xff}}, R"({"opponent":"human"})",
                    "application/json");
    return r ? r->status : -1;
  };
  EXPECT_EQ(create(a, "203.0.113.9, 198.51.100.1"), 201);
  EXPECT_EQ(create(b, "203.0.113.9, 198.51.100.1"), 429) << "the same client through the proxy";
  EXPECT_EQ(create(a, "203.0.113.9, 198.51.100.2"), 201) << "a client spoofing the first entry is not it";
  EXPECT_EQ(create(b, "198.51.100.3"), 201);
}

TEST_F(ServerApi, UiFilesHaveTheirTypesAndStayInTheirFolder) {
  fs::path web = dir_ / "web";
  fs::create_directories(web / "assets");
  { std::ofstream(web / "index.html") << "<!doctype html>"; }
  { std::ofstream(dir_ / "secret.txt") << "secret"; }
  const std::pair<const char*, const char*> files[] = {
      {"app.mjs", "text/javascript"},    {"app.js.map", "application/json"},
      {"assets/style.css", "text/css"},  {"assets/board.svg", "image/svg+xml"},
      {"assets/piece.png", "image/png"}, {"assets/font.woff2", "font/woff2"}};
  for (const auto& [name, type] : files) std::ofstream(web / name) << "x";
  ASSERT_TRUE(server_->api->mount_ui(web.string()));
  for (const auto& [name, type] : files) {
    auto r = client_->Get((std::string("/") + name).c_str());
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200) << name;
    EXPECT_EQ(r->get_header_value("Content-Type").rfind(type, 0), 0u)
        << name << ": " << r->get_header_value("Content-Type");
  }
  for (const char* escape :
       {"/../secret.txt", "/%2e%2e/secret.txt", "/assets/..%2F..%2Fsecret.txt", "/.%2e/secret.txt",
        "/assets/../../secret.txt", "//etc/passwd", "/assets%00.css"}) {
    RawConn c(server_->port);
    ASSERT_TRUE(c.send(std::string("GET ") + escape + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
    const std::string answer = c.receive_all();
    EXPECT_EQ(answer.find("secret\r"), std::string::npos) << escape;
    EXPECT_EQ(answer.find("\r\n\r\nsecret"), std::string::npos) << escape;
    ASSERT_FALSE(statuses(answer).empty()) << escape;
    EXPECT_NE(statuses(answer)[0], 200) << escape;
  }
}
