// The server's engine work is shared fairly (issue 9, item 3): a pool of engine workers where games at the
// maximum level do not stall another game's reply beyond its own time plus a stated bound, one client's games
// do not take every worker, hints are refused at once (never queued for long) when the queue is full or the
// token or address is over its quota, levels above the configured maximum are refused at creation and
// clamped when a stored game is resumed, and the backlog after a restart goes through the pool, the longest
// waiting first. Through GameService directly, over a SQLite store in a temporary directory.
//
// Timing bound (docs/server.md, "Engine work"): an engine reply that finds a free turn slot arrives within
// its own time per turn plus kSlackS = 3 s, generous for a loaded 2-core machine (the searches stop on the
// wall clock; the slack covers thread scheduling, the position's setup and the fsynced store).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/game_service.hpp"
#include "server/sqlite_store.hpp"

using namespace hc::server;
using json = nlohmann::json;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

constexpr double kSlackS = 3.0;
constexpr int kMaxMs = 3000;  // the test servers' maximum level (--max-movetime-ms)

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

class EnginePoolTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("hc_engine_pool_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string db() const { return (dir_ / "games.sqlite3").string(); }

  static EngineOptions options(int workers) {
    EngineOptions o;
    o.workers = workers;
    o.max_movetime_ms = kMaxMs;
    o.max_depth = 5;
    return o;
  }
  // An engine game where the engine (white) is to move at once.
  static std::string engine_opens(GameService& s, int movetime_ms, const std::string& address = "") {
    CreateOptions opt;
    opt.creator = hc::kBlack;
    opt.level.movetime_ms = movetime_ms;
    opt.client_address = address;
    return s.create(opt)["id"];
  }
  // Waits (at most `limit_s`) until game `id` has `turns` turns; returns the seconds waited.
  static double wait_turns(GameService& s, const std::string& id, std::size_t turns, double limit_s = 60) {
    const auto t0 = Clock::now();
    while (s.state(id)["turns"].size() < turns && since(t0) < limit_s)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    return since(t0);
  }
  // Polls until `done` holds (at most 10 s).
  template <class F>
  static bool eventually(F done) {
    const auto t0 = Clock::now();
    while (!done()) {
      if (since(t0) > 10) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return true;
  }
  // A finished game between two people (a hint is allowed in it): {id, white token, black token}.
  static std::vector<std::string> finished_game(GameService& s) {
    CreateOptions opt;
    opt.opponent = PlayerKind::kHuman;
    json c = s.create(opt);
    std::string id = c["id"], white = c["token"], black = c["invite_token"];
    s.resign(id, black);
    return {id, white, black};
  }

  fs::path dir_;
};

TEST_F(EnginePoolTest, ThreeMaximumLevelGamesDoNotStallAFourth) {
  SqliteStore store(db());
  GameService s(store, options(5));  // 4 turn slots, one kept for hints
  std::vector<std::string> heavy;
  const auto t0 = Clock::now();
  for (int i = 0; i < 3; ++i) heavy.push_back(engine_opens(s, kMaxMs));
  const std::string light = engine_opens(s, 1000);
  const double light_s = wait_turns(s, light, 1);
  EXPECT_LT(light_s, 1.0 + kSlackS) << "the fourth game waited for the three at the maximum level";
  for (const std::string& id : heavy) wait_turns(s, id, 1);
  EXPECT_LT(since(t0), kMaxMs / 1000.0 + kSlackS) << "the three maximum-level games ran at once";
  for (const std::string& id : heavy) EXPECT_EQ(s.state(id)["turns"].size(), 1u);
  EXPECT_EQ(s.engine_stats().peak_turns_running, 4);
}

TEST_F(EnginePoolTest, OneClientsGamesDoNotTakeEveryWorker) {
  SqliteStore store(db());
  GameService s(store, options(4));  // 3 turn slots, at most 1 per client
  ASSERT_EQ(s.engine_stats().turns_running, 0);
  for (int i = 0; i < 4; ++i) engine_opens(s, kMaxMs, "10.0.0.1");
  ASSERT_TRUE(eventually([&] { return s.engine_stats().turns_running == 1; }));
  EnginePool::Stats st = s.engine_stats();
  EXPECT_EQ(st.turns_queued, 3) << "the client's other games wait for its own slot";
  // Another client's game, and a game whose creator is unknown, are answered within their own time.
  const std::string other = engine_opens(s, 1000, "10.0.0.2");
  const std::string unknown = engine_opens(s, 1000);
  EXPECT_LT(wait_turns(s, other, 1), 1.0 + kSlackS);
  EXPECT_LT(wait_turns(s, unknown, 1), 1.0 + kSlackS);
  s.stop();  // the client's queued games are not waited for (they are resumed at the next start)
}

TEST_F(EnginePoolTest, TheShareOfAClientCanBeRaised) {
  // Behind a proxy that hides addresses every game has the proxy's: --engine-per-client lets them use every
  // turn slot.
  SqliteStore store(db());
  EngineOptions o = options(4);
  o.per_client = 3;
  GameService s(store, o);
  for (int i = 0; i < 4; ++i) engine_opens(s, kMaxMs, "127.0.0.1");
  ASSERT_TRUE(eventually([&] { return s.engine_stats().turns_running == 3; }));
  EXPECT_EQ(s.engine_stats().turns_queued, 1);
  s.stop();
}

// What a burst of hint requests got: the answers, and the refusals with how long each took.
struct Burst {
  int answered = 0;
  std::vector<std::string> refusals;
  double slowest_refusal_s = 0;
};

// `n` hint requests at once, request i for game games[i % size] from address addresses[i % size].
Burst hint_burst(GameService& s, const std::vector<std::vector<std::string>>& games, int n,
                 const std::vector<std::string>& addresses) {
  Burst b;
  std::mutex m;
  std::vector<std::thread> threads;
  for (int i = 0; i < n; ++i)
    threads.emplace_back([&, i] {
      const std::vector<std::string>& g = games[i % games.size()];
      const auto t0 = Clock::now();
      try {
        json h = s.hint(g[0], g[1], addresses[i % addresses.size()]);
        std::lock_guard<std::mutex> lock(m);
        b.answered += !h["best_turn"].get<std::string>().empty();
      } catch (const ServiceError& e) {
        const double took = since(t0);
        std::lock_guard<std::mutex> lock(m);
        EXPECT_EQ(e.kind(), ServiceError::kUnavailable) << e.what();
        b.refusals.push_back(e.what());
        b.slowest_refusal_s = std::max(b.slowest_refusal_s, took);
      }
    });
  for (std::thread& t : threads) t.join();
  return b;
}

TEST_F(EnginePoolTest, HintsAreRefusedAtOnceWhenTheQueueIsFull) {
  SqliteStore store(db());
  GameService s(store, options(2));  // 1 turn slot, 1 worker kept for short jobs; 1 short job may wait
  engine_opens(s, kMaxMs);
  ASSERT_TRUE(eventually([&] { return s.engine_stats().turns_running == 1; }));
  std::vector<std::vector<std::string>> games;
  for (int i = 0; i < 24; ++i) games.push_back(finished_game(s));
  // 24 players ask at once, each from his own address: a few are served in turn, the others refused at once.
  std::vector<std::string> addresses;
  for (int i = 0; i < 24; ++i) addresses.push_back("10.0.1." + std::to_string(i));
  const Burst b = hint_burst(s, games, 24, addresses);
  EXPECT_GE(b.answered, 1);
  EXPECT_EQ(b.answered + int(b.refusals.size()), 24) << "every admitted hint is answered";
  ASSERT_FALSE(b.refusals.empty()) << "every hint was queued";
  EXPECT_LT(b.slowest_refusal_s, 1.0) << "refused at once";
  for (const std::string& r : b.refusals) EXPECT_EQ(r, "the engine is busy: retry in a few seconds");
}

TEST_F(EnginePoolTest, HintQuotasPerTokenAndAddress) {
  SqliteStore store(db());
  GameService s(store, options(8));  // 6 turn slots, 2 kept for short jobs: the queue is not what limits
  auto a = finished_game(s);
  // 16 requests at once with one token: one at a time is served, the others refused at once.
  Burst b = hint_burst(s, {a}, 16, {""});
  EXPECT_GE(b.answered, 1);
  EXPECT_EQ(b.answered + int(b.refusals.size()), 16);
  ASSERT_FALSE(b.refusals.empty());
  EXPECT_LT(b.slowest_refusal_s, 1.0);
  for (const std::string& r : b.refusals)
    EXPECT_EQ(r, "a hint for this player is already being computed: retry once it is answered");
  // 16 players from one address: at most 2 at a time.
  std::vector<std::vector<std::string>> games;
  for (int i = 0; i < 16; ++i) games.push_back(finished_game(s));
  b = hint_burst(s, games, 16, {"10.0.0.1"});
  EXPECT_GE(b.answered, 2);
  EXPECT_EQ(b.answered + int(b.refusals.size()), 16);
  ASSERT_FALSE(b.refusals.empty());
  EXPECT_LT(b.slowest_refusal_s, 1.0);
  for (const std::string& r : b.refusals)
    EXPECT_EQ(r, "too many hints in flight from your address (at most 2): retry in a moment");
  // Quotas count hints in flight only: once answered, the same token and address are served again.
  EXPECT_FALSE(s.hint(a[0], a[1], "10.0.0.1")["best_turn"].get<std::string>().empty());
  EXPECT_FALSE(s.hint(a[0], a[1], "10.0.0.1")["best_turn"].get<std::string>().empty());
}

TEST_F(EnginePoolTest, OneEngineTurnPerGame) {
  SqliteStore store(db());
  GameService s(store, options(4));
  const std::string id = engine_opens(s, kMaxMs);
  for (int i = 0; i < 10; ++i) s.resume_engine_turns();  // what the clock thread's sweep does
  EnginePool::Stats st = s.engine_stats();
  EXPECT_EQ(st.turns_running + st.turns_queued, 1);
  s.wait_engine_idle();
  EXPECT_EQ(s.state(id)["turns"].size(), 1u);
  EXPECT_EQ(s.engine_stats().turns_done, 1u);
}

TEST_F(EnginePoolTest, LevelsAboveTheMaximumAreRefused) {
  SqliteStore store(db());
  GameService s(store, options(2));
  auto refused = [&](hc::server::EngineLevel level, const std::string& names) {
    CreateOptions opt;
    opt.level = level;
    try {
      s.create(opt);
      ADD_FAILURE() << "accepted";
    } catch (const ServiceError& e) {
      EXPECT_EQ(e.kind(), ServiceError::kBadRequest);
      EXPECT_NE(std::string(e.what()).find(names), std::string::npos) << e.what();
    }
  };
  refused({kMaxMs + 1, 0}, "between 1 and 3000 (this server's maximum, serve --max-movetime-ms)");
  refused({0, 6}, "between 1 and 5 (this server's maximum, serve --max-depth)");
  CreateOptions ok;
  ok.level.movetime_ms = kMaxMs;
  EXPECT_EQ(s.create(ok)["game"]["engine_level"]["movetime_ms"], kMaxMs);
  ok.level = {0, 5};
  EXPECT_EQ(s.create(ok)["game"]["engine_level"]["depth"], 5);
}

TEST_F(EnginePoolTest, StoredLevelsAboveTheMaximumAreClampedWhenResumed) {
  std::string id, token;
  {
    SqliteStore store(db());
    GameService s(store);  // the default maximum: 60 s a turn
    CreateOptions opt;
    opt.level.movetime_ms = 60000;
    json c = s.create(opt);
    id = c["id"];
    token = c["token"];
  }
  SqliteStore store(db());
  GameService s(store, options(2));
  EXPECT_EQ(s.state(id)["engine_level"]["movetime_ms"], kMaxMs);
  s.play_turn(id, token, "e2e4");
  EXPECT_LT(wait_turns(s, id, 2), kMaxMs / 1000.0 + kSlackS) << "the engine thought longer than the maximum";
}

// The real SQLite store, recording the order in which turns are stored.
class RecordingStore : public SqliteStore {
 public:
  using SqliteStore::SqliteStore;
  std::vector<std::string> appended() {
    std::lock_guard<std::mutex> lock(m_);
    return appended_;
  }
  void append_turn(const std::string& id, int index, const std::string& turn,
                   const GameStatus& status) override {
    SqliteStore::append_turn(id, index, turn, status);
    std::lock_guard<std::mutex> lock(m_);
    appended_.push_back(id);
  }

 private:
  std::mutex m_;
  std::vector<std::string> appended_;
};

TEST_F(EnginePoolTest, TheBacklogAfterARestartGoesThroughThePoolOldestFirst) {
  // Games left at the engine's turn by an earlier run, created a second apart (the store's clock counts
  // seconds), their ids in the reverse order of their age.
  const std::vector<std::string> oldest_first = {"cccccccccccc", "bbbbbbbbbbbb", "aaaaaaaaaaaa"};
  {
    SqliteStore store(db());
    for (const std::string& id : oldest_first) {
      StoredGame g;
      g.meta.id = id;
      g.meta.variant = "chess";
      g.meta.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
      g.meta.token[0] = id + "w";
      g.meta.token[1] = id + "b";
      g.meta.player[0] = PlayerKind::kEngine;
      g.meta.level.movetime_ms = 200;
      store.create(g);
      if (id != oldest_first.back()) std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    }
  }
  RecordingStore store(db());
  GameService s(store, options(2));  // one turn slot: the order of the stored turns is the order of the work
  s.wait_engine_idle();
  EXPECT_EQ(store.appended(), oldest_first);
  EXPECT_EQ(s.engine_stats().peak_turns_running, 1) << "no more turns at once than the pool's slots";
}

}  // namespace
