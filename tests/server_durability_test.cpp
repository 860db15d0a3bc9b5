// Durability of the play server (issue 4): the real binary is killed with SIGKILL while clients submit turns
// to several games at once, then restarted on the same data directory. Every acknowledged turn must be there
// (at most one more per game: a turn committed whose answer the kill cut off), and the database intact.
#include <gtest/gtest.h>
#include <httplib.h>
#include <poll.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

using json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

// `heterochess serve --port 0 --data DIR` as a child process; the port is read from its first line.
class ServerProcess {
 public:
  explicit ServerProcess(const fs::path& data) {
    int fds[2];
    if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ == 0) {
      dup2(fds[1], 1);
      close(fds[0]);
      close(fds[1]);
      execl(HC_BINARY, HC_BINARY, "serve", "--port", "0", "--data", data.c_str(),
            static_cast<char*>(nullptr));
      _exit(127);
    }
    close(fds[1]);
    out_ = fds[0];
    std::string line;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (line.find('\n') == std::string::npos && std::chrono::steady_clock::now() < deadline) {
      pollfd p{out_, POLLIN, 0};
      if (poll(&p, 1, 100) <= 0) continue;
      char buf[256];
      ssize_t n = read(out_, buf, sizeof buf);
      if (n <= 0) break;
      line.append(buf, std::size_t(n));
    }
    auto at = line.find("127.0.0.1:");
    if (at == std::string::npos) throw std::runtime_error("the server did not start: '" + line + "'");
    port_ = std::stoi(line.substr(at + 10));
  }
  ~ServerProcess() {
    if (pid_ > 0) kill9();
    close(out_);
  }
  int port() const { return port_; }
  void kill9() {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }
  // SIGTERM; returns the exit status.
  int terminate() {
    kill(pid_, SIGTERM);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }

 private:
  pid_t pid_ = -1;
  int out_ = -1;
  int port_ = 0;
};

struct Game {
  std::string id, token[2];
  std::vector<std::string> acknowledged;  // turns the server answered 200 to
  bool over = false;
};

std::vector<std::string> stored_turns(int port, const std::string& id) {
  httplib::Client c("127.0.0.1", port);
  auto r = c.Get(("/api/games/" + id).c_str());
  if (!r || r->status != 200) {
    ADD_FAILURE() << "cannot read game " << id;
    return {};
  }
  return json::parse(r->body)["turns"].get<std::vector<std::string>>();
}

// Plays random legal turns in `g` until the connection fails (the kill) or the game ends.
void play(int port, Game& g, unsigned seed, std::atomic<int>& acked) {
  httplib::Client c("127.0.0.1", port);
  c.set_connection_timeout(2, 0);
  auto r = c.Get(("/api/games/" + g.id).c_str());
  if (!r || r->status != 200) return;
  json state = json::parse(r->body);
  while (state["result"] == "*") {
    const json& legal = state["legal_moves"];
    if (legal.empty()) return;
    seed = seed * 1103515245u + 12345u;
    std::string mv = legal[(seed >> 8) % legal.size()]["uci"];
    int side = state["to_move"] == "white" ? 0 : 1;
    json body = {{"token", g.token[side]}, {"turn", mv}};
    auto res = c.Post(("/api/games/" + g.id + "/turn").c_str(), body.dump(), "application/json");
    if (!res) return;  // the server is gone
    if (res->status != 200) {
      ADD_FAILURE() << "turn refused: " << res->body;
      return;
    }
    state = json::parse(res->body);
    g.acknowledged.push_back(state["turns"].back());
    ++acked;
  }
  g.over = true;
}

}  // namespace

TEST(ServerDurability, NoAcknowledgedTurnIsLostToKill9) {
  fs::path dir = fs::temp_directory_path() / ("hc_durability_" + std::to_string(getpid()));
  fs::remove_all(dir);
  std::vector<Game> games(4);
  {
    ServerProcess server(dir);
    httplib::Client c("127.0.0.1", server.port());
    for (Game& g : games) {
      auto r = c.Post("/api/games", R"({"variant": "chess", "opponent": "human"})", "application/json");
      ASSERT_TRUE(r && r->status == 201);
      json j = json::parse(r->body);
      g.id = j["id"];
      g.token[0] = j["token"];
      g.token[1] = j["invite_token"];
    }
    server.kill9();
  }
  int total = 0;
  for (int round = 0; round < 3; ++round) {
    ServerProcess server(dir);
    // Everything acknowledged before the last kill is there.
    for (Game& g : games) {
      std::vector<std::string> stored = stored_turns(server.port(), g.id);
      ASSERT_GE(stored.size(), g.acknowledged.size()) << "round " << round << ", game " << g.id;
      ASSERT_LE(stored.size(), g.acknowledged.size() + 1) << "round " << round << ", game " << g.id;
      EXPECT_TRUE(std::equal(g.acknowledged.begin(), g.acknowledged.end(), stored.begin()));
      g.acknowledged = stored;  // an unacknowledged committed turn is part of the game now
    }
    std::atomic<int> acked{0};
    std::vector<std::thread> clients;
    for (std::size_t i = 0; i < games.size(); ++i)
      clients.emplace_back(play, server.port(), std::ref(games[i]), unsigned(round * 100 + i + 1),
                           std::ref(acked));
    // Kill in the middle of the stream: after some turns were acknowledged, while clients are still sending.
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (acked < 30 + 7 * round && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    server.kill9();
    for (auto& t : clients) t.join();
    EXPECT_GE(acked.load(), 30 + 7 * round);
    total += acked;
  }
  // Last check, then a clean shutdown and the database's own verdict.
  {
    ServerProcess server(dir);
    for (Game& g : games) {
      std::vector<std::string> stored = stored_turns(server.port(), g.id);
      ASSERT_GE(stored.size(), g.acknowledged.size());
      ASSERT_LE(stored.size(), g.acknowledged.size() + 1);
      EXPECT_TRUE(std::equal(g.acknowledged.begin(), g.acknowledged.end(), stored.begin()));
    }
    EXPECT_EQ(server.terminate(), 0);
  }
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open((dir / "heterochess.sqlite3").c_str(), &db), SQLITE_OK);
  auto scalar = [&](const char* sql) {
    sqlite3_stmt* st = nullptr;
    EXPECT_EQ(sqlite3_prepare_v2(db, sql, -1, &st, nullptr), SQLITE_OK) << sql;
    std::string v =
        sqlite3_step(st) == SQLITE_ROW ? reinterpret_cast<const char*>(sqlite3_column_text(st, 0)) : "";
    sqlite3_finalize(st);
    return v;
  };
  EXPECT_EQ(scalar("PRAGMA integrity_check"), "ok");
  EXPECT_EQ(scalar("PRAGMA foreign_key_check"), "");
  // The turn counter of every game agrees with its stored turns.
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM games g WHERE turn_count != (SELECT COUNT(*) FROM turns t WHERE "
                   "t.game_id = g.id)"),
            "0");
  sqlite3_close(db);
  std::cout << "acknowledged turns across 3 kills: " << total << "\n";
  fs::remove_all(dir);
}
