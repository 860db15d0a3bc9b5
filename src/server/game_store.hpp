// Storage of server games behind an interface: the server talks to GameStore only, so a second back end
// (PostgreSQL for a multi-machine deployment, docs/server.md) can replace the embedded SQLite one.
#pragma once
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace hc::server {

// Who plays a side.
enum class PlayerKind { kHuman, kEngine };
const char* player_kind_name(PlayerKind k);

// The engine's strength for engine sides: a time per turn or a fixed depth (in turns).
struct EngineLevel {
  int movetime_ms = 0;
  int depth = 0;
};

// A game's clock (docs/server.md "Clocks"); initial_ms == 0: the game has none.
struct ClockSpec {
  std::int64_t initial_ms = 0;    // Fischer: each side's time at the start; per_turn: the time of every turn
  std::int64_t increment_ms = 0;  // Fischer: added to the mover's time after each of his turns
  bool per_turn = false;  // correspondence: each turn has initial_ms, from the previous turn's storage
};

// The part of a game that changes with resignations, draw offers and turns.
struct GameStatus {
  std::string result = "*";  // "1-0", "0-1", "1/2-1/2", "*"
  std::string termination;   // "checkmate", "resignation", "agreement", … ("" while ongoing)
  std::string draw_offer;    // "", "white" or "black": the side whose draw offer stands
  std::string to_move = "white";
  // Clocked games: each side's remaining time as of clock_since_ms (milliseconds since the epoch: when the
  // last turn was stored, or the game created); while the game runs, the side to move's clock runs from then.
  std::int64_t clock_ms[2] = {0, 0};
  std::int64_t clock_since_ms = 0;
};

struct GameMeta {
  std::string id;
  std::string variant;    // canonical variant id (composition joined by '+')
  std::string start_fen;  // always explicit (the variant's start array when none was given)
  std::string token[2];   // secret per side: [0] white, [1] black
  PlayerKind player[2] = {PlayerKind::kHuman, PlayerKind::kHuman};
  EngineLevel level;
  ClockSpec clock;
  std::int64_t created_at = 0;  // seconds since the epoch
  GameStatus status;
};

struct StoredGame {
  GameMeta meta;
  std::vector<std::string> turns;  // each a whole turn: UCI moves joined by commas
};

// One entry of a player's game list.
struct PlayerGame {
  std::string id;
  std::string variant;
  std::string color;  // the token's side
  GameStatus status;
  int turns = 0;
  ClockSpec clock;  // initial_ms 0: no clock
};

// The store could not do what was asked (I/O, corruption, constraint); the message says what.
class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};
// append_turn found a different number of stored turns than the caller expected (a concurrent writer).
class StoreConflict : public StoreError {
 public:
  using StoreError::StoreError;
};

// Every mutating call is atomic and durable when it returns: the server acknowledges a move only after
// append_turn has returned. Implementations must be safe to call from several threads.
class GameStore {
 public:
  virtual ~GameStore() = default;
  // Stores a new game with its turns so far (an imported game has some). Throws StoreError if the id or a
  // token is already taken.
  virtual void create(const StoredGame& game) = 0;
  virtual std::optional<StoredGame> load(const std::string& id) = 0;
  // Stores turn number `index` (0-based) and the status after it, in one transaction; throws StoreConflict
  // unless exactly `index` turns are stored.
  virtual void append_turn(const std::string& id, int index, const std::string& turn,
                           const GameStatus& status) = 0;
  virtual void update_status(const std::string& id, const GameStatus& status) = 0;
  // The games in which `token` is one side's secret, most recently changed first.
  virtual std::vector<PlayerGame> games_of_player(const std::string& token) = 0;
  // Ids of unfinished games with an engine side, the least recently changed first (the server resumes their
  // engine turns after a restart, the longest waiting first).
  virtual std::vector<std::string> unfinished_engine_games() = 0;
  // Ids of unfinished games with a clock (the server watches their flags after a restart).
  virtual std::vector<std::string> unfinished_clock_games() = 0;
};

}  // namespace hc::server
