// The store reports its failures (issue 9): a damaged database file stops `heterochess serve` at start with
// exit code 2 and a message saying what failed and what to do (never a crash), and a failing operation is
// logged on standard error with its context.
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "server/game_service.hpp"
#include "server/sqlite_store.hpp"

using namespace hc::server;
namespace fs = std::filesystem;

namespace {

struct Outcome {
  bool started = false;  // printed "listening" (then stopped by SIGTERM)
  bool signalled = false;
  int code = -1;
  std::string err;
};

// `heterochess serve --port 0 --data DIR`: waits (at most 60 s) until it listens or exits.
Outcome serve(const fs::path& data) {
  int out[2], err[2];
  if (pipe(out) != 0 || pipe(err) != 0) throw std::runtime_error("pipe failed");
  pid_t pid = fork();
  if (pid == 0) {
    dup2(out[1], 1);
    dup2(err[1], 2);
    close(out[0]), close(out[1]), close(err[0]), close(err[1]);
    execl(HC_BINARY, HC_BINARY, "serve", "--port", "0", "--data", data.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(out[1]), close(err[1]);
  Outcome o;
  std::string text;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  bool open_out = true, open_err = true;
  while ((open_out || open_err) && std::chrono::steady_clock::now() < deadline) {
    pollfd p[2] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}};
    if (poll(p, 2, 100) <= 0) continue;
    char buf[4096];
    if (p[0].revents) {
      ssize_t n = read(out[0], buf, sizeof buf);
      if (n <= 0)
        open_out = false;
      else
        text.append(buf, std::size_t(n));
    }
    if (p[1].revents) {
      ssize_t n = read(err[0], buf, sizeof buf);
      if (n <= 0)
        open_err = false;
      else
        o.err.append(buf, std::size_t(n));
    }
    if (text.find("listening") != std::string::npos) {
      o.started = true;
      break;
    }
  }
  int status = 0;
  bool reaped = false;
  auto reap = [&] { return reaped = reaped || waitpid(pid, &status, WNOHANG) == pid; };
  if (!o.started) {  // it closed its output: it is exiting (or silent for a minute)
    for (int i = 0; i < 100 && !reap(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  if (!reap()) {
    // Started: stopped by SIGTERM, and by SIGKILL if it does not go within 10 s (a SIGTERM that arrives
    // before the listener runs is not seen by it).
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    kill(pid, SIGTERM);
    for (int i = 0; i < 100 && !reap(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (!reap()) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
    }
  }
  close(out[0]), close(err[0]);
  o.signalled = !o.started && WIFSIGNALED(status);
  o.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return o;
}

class ServerStorage : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("hc_storage_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "good");
    // A database of a few pages: 40 games with a few turns each.
    SqliteStore store(good().string());
    GameService service(store);
    for (int i = 0; i < 40; ++i) {
      CreateOptions opt;
      opt.variant = "marseillais";
      opt.opponent = PlayerKind::kHuman;
      auto g = service.create(opt);
      service.play_turn(g["id"], g["token"], "e2e4,g1f3");
      if (first_id_.empty()) first_id_ = g["id"];
    }
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path good() const { return dir_ / "good" / "heterochess.sqlite3"; }
  // A copy of the good database with 64 bytes overwritten at `offset`, in its own data directory.
  fs::path damaged_copy(const std::string& name, std::size_t offset) {
    fs::path d = dir_ / name;
    fs::create_directories(d);
    fs::copy_file(good(), d / "heterochess.sqlite3");
    std::fstream f(d / "heterochess.sqlite3", std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(std::streamoff(offset));
    const std::string junk(64, '\xa5');
    f.write(junk.data(), std::streamsize(junk.size()));
    return d;
  }
  fs::path dir_;
  std::string first_id_;
};

}  // namespace

TEST_F(ServerStorage, ADamagedDatabaseStopsTheStartWithAClearReport) {
  // Page 2 holds a table's b-tree: its cell pointers now point outside the page.
  fs::path d = damaged_copy("btree", 4096 + 8);
  Outcome o = serve(d);
  EXPECT_FALSE(o.started);
  EXPECT_EQ(o.code, 2) << o.err;
  for (const std::string& w :
       {(d / "heterochess.sqlite3").string(), std::string("is damaged"),
        std::string("PRAGMA quick_check found"), std::string("Restore the file from a backup")})
    EXPECT_NE(o.err.find(w), std::string::npos) << "'" << w << "' in: " << o.err;
  // The file's header is gone: not a database at all.
  o = serve(damaged_copy("header", 0));
  EXPECT_EQ(o.code, 2) << o.err;
  EXPECT_NE(o.err.find("is damaged (sqlite: file is not a database"), std::string::npos) << o.err;
}

TEST_F(ServerStorage, NoDamageCrashesTheServer) {
  // Damage anywhere in the file either stops the start with exit code 2 and the report, or (damage inside a
  // record, which the structure check cannot see) lets the server start and stop cleanly; never a signal.
  const std::size_t size = fs::file_size(good());
  int refused = 0, started = 0;
  for (std::size_t offset = 0; offset + 64 <= size; offset += size / 17) {
    SCOPED_TRACE("offset " + std::to_string(offset));
    Outcome o = serve(damaged_copy("at" + std::to_string(offset), offset));
    EXPECT_FALSE(o.signalled) << o.err;
    if (o.started) {
      ++started;
    } else {
      ++refused;
      EXPECT_EQ(o.code, 2) << o.err;
      EXPECT_NE(o.err.find("error: "), std::string::npos) << o.err;
    }
  }
  EXPECT_GT(refused, 0);
  std::cout << refused << " damaged copies refused at start, " << started << " started\n";
}

TEST_F(ServerStorage, AFailingOperationIsLoggedWithItsContext) {
  SqliteStore store(good().string());
  auto g = store.load(first_id_);
  ASSERT_TRUE(g);
  // Another connection holds the write lock: the append waits out the busy timeout (5 s), then fails.
  sqlite3* other = nullptr;
  ASSERT_EQ(sqlite3_open(good().c_str(), &other), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
  ::testing::internal::CaptureStderr();
  EXPECT_THROW(store.append_turn(first_id_, 1, "e7e5,g8f6", g->meta.status), StoreError);
  const std::string log = ::testing::internal::GetCapturedStderr();
  sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(other);
  EXPECT_NE(log.find("storage error: append turn (game " + first_id_ + "): "), std::string::npos) << log;
  EXPECT_NE(log.find("database is locked (code 5)"), std::string::npos) << log;
  // A conflict (another writer stored that turn) is not a failure of the storage: not logged.
  ::testing::internal::CaptureStderr();
  EXPECT_THROW(store.append_turn(first_id_, 7, "e7e5,g8f6", g->meta.status), StoreConflict);
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
}
