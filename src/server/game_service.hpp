// The server's games: creation, whole-turn submission checked by the rules kernel, resignation, draw
// offers, PGN export and import, players' game lists, engine replies computed by a pool of workers, and
// change notification for live updates. Protocol-neutral apart from answering in JSON (the HTTP layer only
// routes).
#pragma once
#include <atomic>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <shared_mutex>
#include <stdexcept>
#include <string>
#include <thread>

#include "engine/engine.hpp"
#include "rules/game.hpp"
#include "server/engine_pool.hpp"
#include "server/game_store.hpp"

namespace hc::server {

// A request the service refuses; `kind` says why (the HTTP layer maps it to a status code).
class ServiceError : public std::runtime_error {
 public:
  // kUnavailable: the engine is stopped, or too busy (or the client over its quota) to take a hint now.
  enum Kind { kBadRequest, kNotFound, kForbidden, kConflict, kIllegal, kUnavailable };
  ServiceError(Kind kind, const std::string& what) : std::runtime_error(what), kind_(kind) {}
  Kind kind() const { return kind_; }

 private:
  Kind kind_;
};

// Who reads a game: a player (the side whose token was given) or a spectator (no token).
struct Viewer {
  std::optional<Color> side;
};

// What a viewer may see of a game: the one place where a hidden-information variant's rule would filter the
// documents the server produces (docs/server.md, "Hidden-information variants: what is left"). Every variant
// implemented today is of perfect information, so the only rule is PublicVisibility: everything, for
// everybody.
class Visibility {
 public:
  enum class Doc { kState, kHistory, kEvent, kPgn };
  virtual ~Visibility() = default;
  // Viewers with equal keys see the same documents (the read cache keeps one state per key).
  virtual std::string view_key(const Viewer& v) const = 0;
  // Removes from `doc` (a state, a history, an event's data) what `v` may not see.
  virtual void filter(Doc kind, const Viewer& v, nlohmann::json& doc) const = 0;
  virtual void filter_pgn(const Viewer& v, std::string& pgn) const = 0;
};

class PublicVisibility : public Visibility {
 public:
  std::string view_key(const Viewer&) const override { return "public"; }
  void filter(Doc, const Viewer&, nlohmann::json&) const override {}
  void filter_pgn(const Viewer&, std::string&) const override {}
};

// The rule of a variant (by canonical id): PublicVisibility for every variant there is.
const Visibility& visibility_of(const std::string& variant);

struct CreateOptions {
  std::string variant = "chess";  // id or composition
  std::string fen;                // "" = the variant's start array
  PlayerKind opponent = PlayerKind::kEngine;
  EngineLevel level;  // engine opponents; both 0 = 1000 ms per turn
  Color creator = kWhite;
  ClockSpec clock;  // initial_ms 0 = no clock
  // The creator's address ("" = unknown): the client his engine turns count for (EnginePool), kept in
  // memory only.
  std::string client_address;
};

// The engine work of a service (`heterochess serve --engine-workers N --max-movetime-ms MS --max-depth D`).
struct EngineOptions {
  int workers = 0;              // EnginePool workers; 0 = EnginePool::default_workers()
  int per_client = 0;           // engine turns of one client at once; 0 = EnginePool's default
  int max_movetime_ms = 60000;  // the highest level a game may ask for (GameService::kMaxMovetimeMs)
  int max_depth = 20;           // (GameService::kMaxDepth)
};

class GameService {
 public:
  // The default maximum levels (EngineOptions): a game asking for more is refused; a stored game above the
  // configured maximum is clamped to it when loaded.
  static constexpr int kMaxMovetimeMs = 60000;
  static constexpr int kMaxDepth = 20;
  // A game nobody has used for this long leaves memory (it is reloaded from the store when next used).
  static constexpr std::int64_t kEvictIdleMs = 10 * 60 * 1000;
  // A depth level's search stops after this long all the same (or after the maximum movetime, if lower):
  // every engine search is bounded in time, which is what lets the pool share the CPU fairly.
  static constexpr int kMaxDepthThinkMs = 10000;
  // A hint is a search of this long. It is admitted or refused at once (EnginePool::add_hint); an admitted
  // hint starts within about one short job, and kHintWaitMs is only a safety net for the request.
  static constexpr int kHintMovetimeMs = 500;
  static constexpr int kHintWaitMs = 20000;
  // The engine answers a draw offer after a search of kDrawThinkMs: it accepts from move kDrawMinFullmove on
  // (the position's full-move number) when its evaluation is at most kDrawMaxCp centipawns for itself.
  static constexpr int kDrawThinkMs = 300;
  static constexpr int kDrawMinFullmove = 20;
  static constexpr int kDrawMaxCp = 30;
  // Clock settings are at most 30 days (initial) and 1 hour (increment).
  static constexpr std::int64_t kMaxClockMs = 30LL * 24 * 3600 * 1000;
  static constexpr std::int64_t kMaxIncrementMs = 3600LL * 1000;

  // Resumes the engine's turns of unfinished games found in the store (the oldest first, through the pool).
  explicit GameService(GameStore& store, EngineOptions engine = {});
  ~GameService();
  GameService(const GameService&) = delete;
  GameService& operator=(const GameService&) = delete;

  // {"id", "color", "token", "invite_token" (human opponent), "game": state}
  nlohmann::json create(const CreateOptions& opt);
  // A PGN game (one) as a new game between two people: {"id", "white_token", "black_token", "game"}.
  nlohmann::json import_pgn(const std::string& pgn);
  // Reads take the reader's token ("" = a spectator; a token that does not play here is kForbidden) and
  // answer what that viewer may see (Visibility).
  // The state of the game (no tokens).
  nlohmann::json state(const std::string& id, const std::string& viewer_token = "");
  // The same, serialized: the part that changes only with the version is cached per game and view (the live
  // clock numbers are added at each answer); a read takes only a shared pointer to it under the game's lock.
  std::string state_text(const std::string& id, const std::string& viewer_token = "");
  // Plays a whole turn (moves joined by commas) for the side whose token is given; returns the new state.
  nlohmann::json play_turn(const std::string& id, const std::string& token, const std::string& turn);
  nlohmann::json resign(const std::string& id, const std::string& token);
  // action: "offer", "accept" or "decline". An offer to the engine stands until the worker answers it
  // (answer_draw_offer): accepted (the game is drawn) or declined (the offer is withdrawn).
  nlohmann::json draw(const std::string& id, const std::string& token, const std::string& action);
  // The legal moves after the first moves of a turn (prefix: moves joined by commas, may be empty), and
  // whether the prefix already is a whole turn.
  nlohmann::json legal(const std::string& id, const std::string& prefix);
  // Every turn from index `from` on, move by move: {"turns": [{index, side, fullmove, moves: [{uci, san,
  // fen}]}]} (fen = the position after the move), for move lists, replays and animation.
  nlohmann::json history(const std::string& id, int from, const std::string& viewer_token = "");
  std::string pgn(const std::string& id, const std::string& viewer_token = "");
  nlohmann::json player_games(const std::string& token);
  // The engine's best whole turn and evaluation of the current position, searched by a worker:
  // {"best_turn", "san", "score": {"cp"}|{"mate"}, "depth", "nodes"}. For a player of the game (token) when
  // the game is against the engine or over; refused (kConflict) in an ongoing game between two people.
  // Refused at once (kUnavailable, "retry …") when the token or the client's address already has its
  // hints in flight or the engine's short-job queue is full (EnginePool::add_hint).
  nlohmann::json hint(const std::string& id, const std::string& token,
                      const std::string& client_address = "");

  // Live updates: waits until the game's version differs from `known` (or the timeout passes, or the
  // service stops); returns the current version. Throws ServiceError for an unknown game.
  std::uint64_t wait_change(const std::string& id, std::uint64_t known, std::chrono::milliseconds timeout);
  // Change notification without a waiting thread: `on_change` is called after every change of game `id`, on
  // the thread that made it (so it must only post work elsewhere, never block or call the service), for as
  // long as the returned handle is held; the handle also keeps the game in memory. Throws ServiceError for an
  // unknown game.
  std::shared_ptr<void> watch(const std::string& id, std::function<void()> on_change);
  // The turns from index `from` on and the status, with the version they belong to.
  nlohmann::json changes_since(const std::string& id, int from, const std::string& viewer_token = "");
  bool stopping() const { return stopping_; }
  // Stops the engine workers and wakes every waiter; later requests still work (without engine replies).
  void stop();
  // Drops from memory the games unused for `idle` that no request, stream or worker holds; everything about
  // them is in the store, so the next use reloads them. Returns how many went. (The clock thread calls it
  // every minute with kEvictIdleMs.)
  std::size_t evict_idle(std::chrono::milliseconds idle);
  // Queues the engine's turn of every game in memory where the engine is to move and nothing is queued or
  // being computed for it: an engine turn whose storing failed is tried again (the clock thread calls it
  // every minute).
  void resume_engine_turns();
  std::size_t games_in_memory();
  // Waits until no engine work is queued or running (tests).
  void wait_engine_idle();
  EnginePool::Stats engine_stats() { return pool_->stats(); }
  const EngineOptions& engine_options() const { return engine_opts_; }

 private:
  struct Live {
    std::mutex m;
    StoredGame data;
    std::unique_ptr<GameRecord> record;
    std::atomic<std::uint64_t> version{0};
    std::atomic<std::int64_t> last_used_ms{0};  // steady clock: the last get()
    std::string client;  // the creator's address when created by this process ("" = unknown)
    // The side whose draw offer was just declined (by the opponent or the engine), until the next turn or
    // offer; a notice, kept in memory only.
    std::string draw_declined;
    // state_body() per view key, serialized without its closing brace, as of version cache_version.
    std::map<std::string, std::shared_ptr<const std::string>> cache;
    std::uint64_t cache_version = ~std::uint64_t{0};
    std::vector<std::weak_ptr<std::function<void()>>> watchers;  // watch(); under change_mutex_
  };
  std::shared_ptr<Live> get(const std::string& id);
  void rebuild(Live& g);
  void store_new(const std::shared_ptr<Live>& g);
  Viewer viewer_of(const Live& g, const std::string& token) const;
  nlohmann::json state_locked(Live& g, const Viewer& v);
  // The state without "clock" (which changes with time, not with the version), filtered for the viewer.
  nlohmann::json state_body(Live& g, const Viewer& v);
  // state_body() serialized without its closing brace, cached per version and view key; `g.m` is held.
  std::shared_ptr<const std::string> cached_body(Live& g, const Viewer& v);
  Color side_of_token(const Live& g, const std::string& token) const;
  // Validates and stores a turn of the side to move; `g.m` is held.
  void apply_turn(Live& g, const std::string& turn);
  void bump(Live& g);
  // Clocks (docs/server.md): the flag of the side to move, checked whenever a game is used and by the clock
  // thread at each deadline; a fallen flag ends the game (stored). `g.m` is held.
  void check_flag(Live& g);
  // Records the game's next flag deadline for the clock thread (or forgets it: no clock, game over).
  void arm_clock(Live& g);
  void clock_loop();
  // Queues the engine's turn if it is the engine's move and none is queued or running; `g.m` is held.
  void schedule_engine(Live& g);
  // Queues the engine's answer if a draw offer to the engine stands; `g.m` is held.
  void schedule_draw_answer(Live& g);
  // A stored level above this service's maximum comes down to it.
  void clamp_level(EngineLevel& level) const;
  // A search of the game's position on a worker's engine.
  struct Analysis {
    std::vector<Move> best;  // empty: no legal move
    SearchInfo info;         // the last finished iteration
    std::string uci, san;    // best, joined by "," and ", "
  };
  static Analysis analyse(Engine& engine, const std::string& variant, const std::string& fen,
                          const std::vector<std::string>& turns, const SearchLimits& limits);
  void engine_turn(Engine& engine, const std::string& id);
  // The engine's answer to the draw offer standing in game `id` (none, or on the engine's turn: nothing to
  // do; the engine's turn declines it).
  void answer_draw_offer(Engine& engine, const std::string& id);

  GameStore& store_;
  std::shared_mutex games_mutex_;  // shared for look-ups, exclusive to load a game
  std::map<std::string, std::shared_ptr<Live>> games_;

  std::mutex change_mutex_;
  std::condition_variable change_cv_;
  std::atomic<bool> stopping_{false};

  EngineOptions engine_opts_;
  std::unique_ptr<EnginePool> pool_;

  std::mutex clock_mutex_;
  std::condition_variable clock_cv_;
  std::map<std::string, std::int64_t> deadlines_;  // game id -> when its running flag falls (epoch ms)
  std::thread clock_thread_;
};

}  // namespace hc::server
