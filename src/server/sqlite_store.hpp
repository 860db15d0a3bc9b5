// The embedded GameStore: one SQLite file in WAL mode with synchronous=FULL, so a turn is on disk when
// append_turn returns; the schema is versioned (table schema_version) and migrated in order at open.
#pragma once
#include <mutex>
#include <string>

#include "server/game_store.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace hc::server {

class SqliteStore : public GameStore {
 public:
  // Opens (creating if needed) the database file and applies the pending migrations. Throws StoreError.
  explicit SqliteStore(const std::string& path);
  ~SqliteStore() override;
  SqliteStore(const SqliteStore&) = delete;
  SqliteStore& operator=(const SqliteStore&) = delete;

  void create(const StoredGame& game) override;
  std::optional<StoredGame> load(const std::string& id) override;
  void append_turn(const std::string& id, int index, const std::string& turn,
                   const GameStatus& status) override;
  void update_status(const std::string& id, const GameStatus& status) override;
  std::vector<PlayerGame> games_of_player(const std::string& token) override;
  std::vector<std::string> unfinished_engine_games() override;
  std::vector<std::string> unfinished_clock_games() override;

  int schema_version();
  // The number of migrations this build knows (the schema version of a freshly migrated database).
  static int latest_schema_version();
  // "ok" when PRAGMA integrity_check finds nothing wrong, otherwise its first message.
  std::string integrity_check();

 private:
  void exec(const char* sql);
  void migrate();
  sqlite3* db_ = nullptr;
  std::mutex mutex_;  // one connection, used by one thread at a time
};

}  // namespace hc::server
