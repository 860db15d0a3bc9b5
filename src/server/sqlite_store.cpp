#include "server/sqlite_store.hpp"

#include <sqlite3.h>

#include <chrono>
#include <cstring>
#include <iostream>

namespace hc::server {

const char* player_kind_name(PlayerKind k) { return k == PlayerKind::kEngine ? "engine" : "human"; }

namespace {

// Migrations in order: migration i brings the schema from version i to i + 1. Never edit one that has
// shipped; append a new one.
const char* const kMigrations[] = {
    // 1: games and their turns.
    R"sql(
CREATE TABLE games(
  id TEXT PRIMARY KEY,
  variant TEXT NOT NULL,
  start_fen TEXT NOT NULL,
  white_token TEXT NOT NULL UNIQUE,
  black_token TEXT NOT NULL UNIQUE,
  white_player TEXT NOT NULL CHECK(white_player IN ('human', 'engine')),
  black_player TEXT NOT NULL CHECK(black_player IN ('human', 'engine')),
  engine_movetime_ms INTEGER NOT NULL DEFAULT 0,
  engine_depth INTEGER NOT NULL DEFAULT 0,
  result TEXT NOT NULL DEFAULT '*',
  termination TEXT NOT NULL DEFAULT '',
  draw_offer TEXT NOT NULL DEFAULT '',
  to_move TEXT NOT NULL,
  turn_count INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE TABLE turns(
  game_id TEXT NOT NULL REFERENCES games(id),
  idx INTEGER NOT NULL,
  moves TEXT NOT NULL,
  played_at INTEGER NOT NULL,
  PRIMARY KEY(game_id, idx)
) WITHOUT ROWID;
)sql",
    // 2: the engine's pending work is found without a scan of finished games.
    R"sql(
CREATE INDEX games_unfinished_engine ON games(result)
  WHERE result = '*' AND (white_player = 'engine' OR black_player = 'engine');
)sql",
    // 3: optional clocks: the settings (initial 0 = no clock) and the running state.
    R"sql(
ALTER TABLE games ADD COLUMN clock_initial_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN clock_increment_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN clock_per_turn INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN white_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN black_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN clock_since_ms INTEGER NOT NULL DEFAULT 0;
CREATE INDEX games_unfinished_clock ON games(result) WHERE result = '*' AND clock_initial_ms > 0;
)sql",
};

std::int64_t now_s() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// SQLite's account of the last failure on `db`: its message, the extended result code, and the operating
// system's errno when the failure came from a system call (a full disk, a read-only or vanished file).
std::string sqlite_error(sqlite3* db) {
  std::string s = sqlite3_errmsg(db);
  s += " (code " + std::to_string(sqlite3_extended_errcode(db));
  if (int e = sqlite3_system_errno(db)) s += ", errno " + std::to_string(e) + ": " + std::strerror(e);
  return s + ")";
}

// A prepared statement, finalized on scope exit.
class Stmt {
 public:
  Stmt(sqlite3* db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql, -1, &st_, nullptr) != SQLITE_OK)
      throw StoreError(std::string("sqlite prepare: ") + sqlite_error(db));
  }
  ~Stmt() { sqlite3_finalize(st_); }
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;
  Stmt& bind(int i, const std::string& s) {
    check(sqlite3_bind_text(st_, i, s.data(), int(s.size()), SQLITE_TRANSIENT));
    return *this;
  }
  Stmt& bind(int i, std::int64_t v) {
    check(sqlite3_bind_int64(st_, i, v));
    return *this;
  }
  // True while there is a row.
  bool step() {
    int rc = sqlite3_step(st_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw StoreError(std::string("sqlite: ") + sqlite_error(db_));
  }
  std::string text(int col) {
    const unsigned char* p = sqlite3_column_text(st_, col);
    return p ? reinterpret_cast<const char*>(p) : "";
  }
  std::int64_t integer(int col) { return sqlite3_column_int64(st_, col); }

 private:
  void check(int rc) {
    if (rc != SQLITE_OK) throw StoreError(std::string("sqlite bind: ") + sqlite_error(db_));
  }
  sqlite3* db_;
  sqlite3_stmt* st_ = nullptr;
};

// BEGIN IMMEDIATE … COMMIT, rolled back if the scope is left by an exception.
class Transaction {
 public:
  explicit Transaction(sqlite3* db) : db_(db) { run("BEGIN IMMEDIATE"); }
  ~Transaction() {
    if (!done_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  }
  void commit() {
    run("COMMIT");
    done_ = true;
  }

 private:
  void run(const char* sql) {
    if (sqlite3_exec(db_, sql, nullptr, nullptr, nullptr) != SQLITE_OK)
      throw StoreError(std::string("sqlite ") + sql + ": " + sqlite_error(db_));
  }
  sqlite3* db_;
  bool done_ = false;
};

// A storage failure is logged on standard error with its context (the operation, the game, SQLite's message
// and code, errno) before it goes to the caller: every public operation's handler calls this.
void log_failure(const char* op, const std::string& game, const StoreError& e) {
  std::cerr << ("storage error: " + std::string(op) + (game.empty() ? "" : " (game " + game + ")") + ": " +
                e.what() + "\n")
            << std::flush;
}
PlayerKind parse_kind(const std::string& s) {
  return s == "engine" ? PlayerKind::kEngine : PlayerKind::kHuman;
}

// The clock columns of `games`, as read_clock() reads them from a result row.
const std::string kClockColumns =
    "clock_initial_ms, clock_increment_ms, clock_per_turn, white_ms, black_ms, clock_since_ms";

// The clock settings and running state from the row's columns `at`, `at` + 1, … (kClockColumns' order).
void read_clock(Stmt& q, int at, ClockSpec& clock, GameStatus& status) {
  clock.initial_ms = q.integer(at);
  clock.increment_ms = q.integer(at + 1);
  clock.per_turn = q.integer(at + 2) != 0;
  status.clock_ms[0] = q.integer(at + 3);
  status.clock_ms[1] = q.integer(at + 4);
  status.clock_since_ms = q.integer(at + 5);
}

}  // namespace

SqliteStore::SqliteStore(const std::string& path) {
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                      nullptr) != SQLITE_OK) {
    std::string m = db_ ? sqlite_error(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw StoreError("cannot open database '" + path + "': " + m);
  }
  bool damaged = false;
  try {
    sqlite3_busy_timeout(db_, 5000);
    exec("PRAGMA journal_mode=WAL");
    exec("PRAGMA synchronous=FULL");
    exec("PRAGMA foreign_keys=ON");
    // The structure of every table and index is checked before anything is read or migrated (it reads the
    // whole file once: about a second per few hundred MB).
    std::string problems;
    int count = 0;
    {
      Stmt q(db_, "PRAGMA quick_check");
      while (q.step()) {
        // One row per problem, some of several lines; "*** in database main ***" only heads them.
        std::string row = q.text(0);
        for (std::size_t at = 0; at <= row.size();) {
          std::size_t nl = std::min(row.find('\n', at), row.size());
          const std::string line = row.substr(at, nl - at);
          at = nl + 1;
          if (line.empty() || line == "ok" || line.rfind("***", 0) == 0) continue;
          if (++count <= 3) problems += (problems.empty() ? "" : "; ") + line;
        }
      }
    }
    if (count) {
      damaged = true;
      throw StoreError("PRAGMA quick_check found " + std::to_string(count) + " problem(s): " + problems +
                       (count > 3 ? "; …" : ""));
    }
    migrate();
  } catch (const StoreError& e) {
    const int code = sqlite3_extended_errcode(db_) & 0xff;
    damaged = damaged || code == SQLITE_CORRUPT || code == SQLITE_NOTADB;
    sqlite3_close(db_);
    db_ = nullptr;
    if (!damaged) throw StoreError("cannot use database '" + path + "': " + e.what());
    throw StoreError("the database '" + path + "' is damaged (" + e.what() +
                     "). Restore the file from a backup (with its -wal "
                     "file, if any), or move it (and its -wal and -shm files) away to start with an empty "
                     "database; 'sqlite3 FILE .recover' may save what is left");
  } catch (...) {
    sqlite3_close(db_);
    db_ = nullptr;
    throw;
  }
}

SqliteStore::~SqliteStore() {
  if (db_) sqlite3_close(db_);
}

void SqliteStore::exec(const char* sql) {
  if (sqlite3_exec(db_, sql, nullptr, nullptr, nullptr) != SQLITE_OK)
    throw StoreError("sqlite: " + sqlite_error(db_));
}

int SqliteStore::latest_schema_version() { return int(std::size(kMigrations)); }

void SqliteStore::migrate() {
  std::lock_guard<std::mutex> lock(mutex_);
  exec("CREATE TABLE IF NOT EXISTS schema_version(version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)");
  for (;;) {
    Transaction tx(db_);
    Stmt q(db_, "SELECT COALESCE(MAX(version), 0) FROM schema_version");
    q.step();
    int version = int(q.integer(0));
    if (version > latest_schema_version())
      throw StoreError("the database has schema version " + std::to_string(version) +
                       ", newer than this build knows (" + std::to_string(latest_schema_version()) + ")");
    if (version == latest_schema_version()) return;
    exec(kMigrations[version]);
    Stmt ins(db_, "INSERT INTO schema_version(version, applied_at) VALUES(?, ?)");
    ins.bind(1, std::int64_t(version + 1)).bind(2, now_s()).step();
    tx.commit();
  }
}

int SqliteStore::schema_version() try {
  std::lock_guard<std::mutex> lock(mutex_);
  Stmt q(db_, "SELECT COALESCE(MAX(version), 0) FROM schema_version");
  q.step();
  return int(q.integer(0));
} catch (const StoreError& e) {
  log_failure("schema_version", "", e);
  throw;
}

std::string SqliteStore::integrity_check() try {
  std::lock_guard<std::mutex> lock(mutex_);
  Stmt q(db_, "PRAGMA integrity_check");
  return q.step() ? q.text(0) : "no answer";
} catch (const StoreError& e) {
  log_failure("integrity check", "", e);
  throw;
}

void SqliteStore::create(const StoredGame& g) try {
  std::lock_guard<std::mutex> lock(mutex_);
  Transaction tx(db_);
  const GameMeta& m = g.meta;
  std::int64_t t = now_s();
  Stmt ins(
      db_,
      "INSERT INTO games(id, variant, start_fen, white_token, black_token, white_player, black_player, "
      "engine_movetime_ms, engine_depth, result, termination, draw_offer, to_move, turn_count, created_at, "
      "updated_at, clock_initial_ms, clock_increment_ms, clock_per_turn, white_ms, black_ms, clock_since_ms) "
      "VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
  ins.bind(1, m.id).bind(2, m.variant).bind(3, m.start_fen).bind(4, m.token[0]).bind(5, m.token[1]);
  ins.bind(6, std::string(player_kind_name(m.player[0]))).bind(7, std::string(player_kind_name(m.player[1])));
  ins.bind(8, std::int64_t(m.level.movetime_ms)).bind(9, std::int64_t(m.level.depth));
  ins.bind(10, m.status.result).bind(11, m.status.termination).bind(12, m.status.draw_offer);
  ins.bind(13, m.status.to_move).bind(14, std::int64_t(g.turns.size()));
  ins.bind(15, m.created_at ? m.created_at : t).bind(16, t);
  ins.bind(17, m.clock.initial_ms).bind(18, m.clock.increment_ms).bind(19, std::int64_t(m.clock.per_turn));
  ins.bind(20, m.status.clock_ms[0]).bind(21, m.status.clock_ms[1]).bind(22, m.status.clock_since_ms);
  ins.step();
  for (std::size_t i = 0; i < g.turns.size(); ++i) {
    Stmt tu(db_, "INSERT INTO turns(game_id, idx, moves, played_at) VALUES(?,?,?,?)");
    tu.bind(1, m.id).bind(2, std::int64_t(i)).bind(3, g.turns[i]).bind(4, t).step();
  }
  tx.commit();
} catch (const StoreError& e) {
  log_failure("create", g.meta.id, e);
  throw;
}

std::optional<StoredGame> SqliteStore::load(const std::string& id) try {
  std::lock_guard<std::mutex> lock(mutex_);
  Transaction tx(db_);  // one consistent snapshot of the game and its turns
  const std::string sql =
      "SELECT variant, start_fen, white_token, black_token, white_player, black_player, engine_movetime_ms, "
      "engine_depth, result, termination, draw_offer, to_move, created_at, turn_count, " +
      kClockColumns + " FROM games WHERE id = ?";
  Stmt q(db_, sql.c_str());
  q.bind(1, id);
  if (!q.step()) return std::nullopt;
  StoredGame g;
  GameMeta& m = g.meta;
  m.id = id;
  m.variant = q.text(0);
  m.start_fen = q.text(1);
  m.token[0] = q.text(2);
  m.token[1] = q.text(3);
  m.player[0] = parse_kind(q.text(4));
  m.player[1] = parse_kind(q.text(5));
  m.level.movetime_ms = int(q.integer(6));
  m.level.depth = int(q.integer(7));
  m.status.result = q.text(8);
  m.status.termination = q.text(9);
  m.status.draw_offer = q.text(10);
  m.status.to_move = q.text(11);
  m.created_at = q.integer(12);
  std::int64_t count = q.integer(13);
  read_clock(q, 14, m.clock, m.status);
  Stmt t(db_, "SELECT idx, moves FROM turns WHERE game_id = ? ORDER BY idx");
  t.bind(1, id);
  while (t.step()) {
    if (t.integer(0) != std::int64_t(g.turns.size()))
      throw StoreError("game " + id + ": turn " + std::to_string(g.turns.size()) + " is missing");
    g.turns.push_back(t.text(1));
  }
  if (count != std::int64_t(g.turns.size()))
    throw StoreError("game " + id + ": " + std::to_string(count) + " turns recorded but " +
                     std::to_string(g.turns.size()) + " stored");
  tx.commit();
  return g;
} catch (const StoreError& e) {
  log_failure("load", id, e);
  throw;
}

void SqliteStore::append_turn(const std::string& id, int index, const std::string& turn,
                              const GameStatus& s) try {
  std::lock_guard<std::mutex> lock(mutex_);
  Transaction tx(db_);
  std::int64_t t = now_s();
  Stmt up(db_,
          "UPDATE games SET turn_count = turn_count + 1, result = ?, termination = ?, draw_offer = ?, "
          "to_move = ?, updated_at = ?, white_ms = ?, black_ms = ?, clock_since_ms = ? WHERE id = ? AND "
          "turn_count = ?");
  up.bind(1, s.result).bind(2, s.termination).bind(3, s.draw_offer).bind(4, s.to_move).bind(5, t);
  up.bind(6, s.clock_ms[0]).bind(7, s.clock_ms[1]).bind(8, s.clock_since_ms).bind(9, id);
  up.bind(10, std::int64_t(index)).step();
  if (sqlite3_changes(db_) != 1)
    throw StoreConflict("game " + id + ": turn " + std::to_string(index) + " is not the next turn");
  Stmt ins(db_, "INSERT INTO turns(game_id, idx, moves, played_at) VALUES(?,?,?,?)");
  ins.bind(1, id).bind(2, std::int64_t(index)).bind(3, turn).bind(4, t).step();
  tx.commit();
} catch (const StoreConflict&) {
  throw;
} catch (const StoreError& e) {
  log_failure("append turn", id, e);
  throw;
}

void SqliteStore::update_status(const std::string& id, const GameStatus& s) try {
  std::lock_guard<std::mutex> lock(mutex_);
  Transaction tx(db_);
  Stmt up(db_,
          "UPDATE games SET result = ?, termination = ?, draw_offer = ?, to_move = ?, updated_at = ?, "
          "white_ms = ?, black_ms = ?, clock_since_ms = ? WHERE id = ?");
  up.bind(1, s.result).bind(2, s.termination).bind(3, s.draw_offer).bind(4, s.to_move).bind(5, now_s());
  up.bind(6, s.clock_ms[0]).bind(7, s.clock_ms[1]).bind(8, s.clock_since_ms).bind(9, id).step();
  if (sqlite3_changes(db_) != 1) throw StoreError("game " + id + " does not exist");
  tx.commit();
} catch (const StoreError& e) {
  log_failure("update status", id, e);
  throw;
}

std::vector<PlayerGame> SqliteStore::games_of_player(const std::string& token) try {
  std::lock_guard<std::mutex> lock(mutex_);
  const std::string sql =
      "SELECT id, variant, CASE WHEN white_token = ?1 THEN 'white' ELSE 'black' END, result, termination, "
      "draw_offer, to_move, turn_count, " +
      kClockColumns + " FROM games WHERE white_token = ?1 OR black_token = ?1 ORDER BY updated_at DESC, id";
  Stmt q(db_, sql.c_str());
  q.bind(1, token);
  std::vector<PlayerGame> out;
  while (q.step()) {
    PlayerGame p;
    p.id = q.text(0);
    p.variant = q.text(1);
    p.color = q.text(2);
    p.status.result = q.text(3);
    p.status.termination = q.text(4);
    p.status.draw_offer = q.text(5);
    p.status.to_move = q.text(6);
    p.turns = int(q.integer(7));
    read_clock(q, 8, p.clock, p.status);
    out.push_back(p);
  }
  return out;
} catch (const StoreError& e) {
  log_failure("list a player's games", "", e);
  throw;
}

std::vector<std::string> SqliteStore::unfinished_engine_games() try {
  std::lock_guard<std::mutex> lock(mutex_);
  Stmt q(db_,
         "SELECT id FROM games WHERE result = '*' AND (white_player = 'engine' OR black_player = 'engine') "
         "ORDER BY updated_at, id");
  std::vector<std::string> out;
  while (q.step()) out.push_back(q.text(0));
  return out;
} catch (const StoreError& e) {
  log_failure("list unfinished engine games", "", e);
  throw;
}

std::vector<std::string> SqliteStore::unfinished_clock_games() try {
  std::lock_guard<std::mutex> lock(mutex_);
  Stmt q(db_, "SELECT id FROM games WHERE result = '*' AND clock_initial_ms > 0 ORDER BY id");
  std::vector<std::string> out;
  while (q.step()) out.push_back(q.text(0));
  return out;
} catch (const StoreError& e) {
  log_failure("list unfinished clock games", "", e);
  throw;
}

}  // namespace hc::server
