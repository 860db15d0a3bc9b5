#include "server/game_service.hpp"

#include <chrono>
#include <iostream>
#include <limits>
#include <random>

#include "core/bitboard.hpp"
#include "core/men.hpp"
#include "notation/fen.hpp"
#include "notation/move_text.hpp"
#include "notation/pgn.hpp"
#include "rules/rules.hpp"
#include "rules/start_position.hpp"
#include "rules/turn.hpp"
#include "server/json_text.hpp"

namespace hc::server {

using json = nlohmann::json;

namespace {

const char* color_name(Color c) { return c == kWhite ? "white" : "black"; }

std::string random_hex(int bytes) {
  static std::mutex m;
  static std::random_device rd;
  static const char* kHex = "0123456789abcdef";
  std::lock_guard<std::mutex> lock(m);
  std::string s;
  for (int i = 0; i < bytes; i += 4) {
    std::uint32_t x = rd();
    for (int j = 0; j < 4 && i + j < bytes; ++j, x >>= 8) {
      s += kHex[(x >> 4) & 15];
      s += kHex[x & 15];
    }
  }
  return s;
}

// Same answer for equal strings whatever the position of the first difference.
bool same_secret(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  unsigned char d = 0;
  for (std::size_t i = 0; i < a.size(); ++i) d |= static_cast<unsigned char>(a[i] ^ b[i]);
  return d == 0;
}

std::vector<std::string> split_commas(const std::string& s) {
  std::vector<std::string> out;
  if (s.empty()) return out;
  std::size_t a = 0;
  for (;;) {
    std::size_t b = s.find(',', a);
    std::string part = s.substr(a, b == std::string::npos ? b : b - a);
    while (!part.empty() && part.front() == ' ') part.erase(part.begin());
    while (!part.empty() && part.back() == ' ') part.pop_back();
    out.push_back(part);
    if (b == std::string::npos) break;
    a = b + 1;
  }
  return out;
}

Variant resolve_variant(const std::string& id) {
  try {
    return make_variant(id);
  } catch (const VariantError& e) {
    throw ServiceError(ServiceError::kBadRequest, std::string("bad variant: ") + e.what());
  }
}

// A turn without a fixed number of moves (Hurricane, Sputnik: the quota is kMaxQuota, and the turn ends by
// the composition rules or a voluntary stop).
bool quota_unbounded(const Position& pos) { return pos.state().quota >= kMaxQuota; }

// The moves of the turn (`moves_this_turn`) or still allowed in it (`moves_left`) as the API shows them: null
// where the turn has no fixed length (docs/server.md).
json moves_json(const Position& pos, std::uint32_t n) {
  return quota_unbounded(pos) ? json(nullptr) : json(n);
}

// Whether the side to move may end its turn here with the stop `0000` (it is then among the legal moves).
bool stop_legal(const MoveList& list) {
  for (Move m : list)
    if (m.kind() == MoveKind::kEndTurn) return true;
  return false;
}

// A move's journal as the API's `effects` (docs/server.md): every man put or removed, in order, with its
// board, square, piece (FEN letter) and cause (rules/position.hpp Cause), so that a client shows removals
// without comparing positions.
json effects_json(const Undo& u) {
  json out = json::array();
  for (int i = 0; i < u.count; ++i) {
    const Effect& e = u.effects[i];
    out.push_back({{"board", int(e.board)},
                   {"square", square_name(e.square)},
                   {"piece", std::string(1, piece_letter(e.piece))},
                   {"action", e.put ? "put" : "remove"},
                   {"cause", cause_name(e.cause)}});
  }
  return out;
}

// Plays `moves` (texts) on `pos` (a copy). With `whole`, they must form exactly one turn. Returns the moves
// in UCI; throws ServiceError(kIllegal) naming the move and the reason.
// With `played`, each move is appended to it as {uci, san, fen (after the move), effects (its journal)}.
std::vector<std::string> play_prefix(Position& pos, const std::vector<std::string>& moves, bool whole,
                                     bool* ended_out, json* played = nullptr) {
  std::vector<std::string> uci;
  bool ended = false;
  for (std::size_t j = 0; j < moves.size(); ++j) {
    std::string where = "move " + std::to_string(j + 1) + " '" + moves[j] + "'";
    if (moves[j].empty()) throw ServiceError(ServiceError::kIllegal, where + ": empty move");
    if (ended)
      throw ServiceError(ServiceError::kIllegal,
                         where + ": the turn already ended after '" + moves[j - 1] +
                             "' (check, mate, quota, or another of the variant's turn rules)");
    Move m;
    try {
      m = parse_move(pos, moves[j]);
    } catch (const NotationError& e) {
      throw ServiceError(ServiceError::kIllegal, where + ": " + e.what());
    }
    uci.push_back(to_uci(m));
    std::string san = played ? to_san(pos, m) : std::string();
    Undo u;
    pos.ops().make(pos, m, u);
    ended = u.turn_ended;
    if (played)
      played->push_back(
          {{"uci", uci.back()}, {"san", san}, {"fen", to_fen(pos)}, {"effects", effects_json(u)}});
  }
  if (whole && moves.empty()) throw ServiceError(ServiceError::kIllegal, "the turn has no moves");
  if (whole && !ended) {
    MoveList list;
    pos.ops().legal_moves(pos, list);
    const std::string due = quota_unbounded(pos) ? "more moves due until the variant's turn rules end it"
                                                 : std::to_string(pos.state().quota - pos.state().made) +
                                                       " more move(s) due in this turn";
    const std::string stop = stop_legal(list) ? ", or end it here with the stop '0000'" : "";
    throw ServiceError(ServiceError::kIllegal, "the turn is not complete: " + due + stop);
  }
  if (ended_out) *ended_out = ended;
  return uci;
}

GameStatus status_after(GameRecord& rec, const GameStatus& before) {
  GameStatus s = before;
  s.to_move = color_name(rec.position().side());
  GameResult r = rec.result();
  if (r.outcome != Outcome::kOngoing) {
    s.result = r.result_tag();
    s.termination = outcome_name(r.outcome);
    s.draw_offer.clear();
  }
  return s;
}

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

Color side_of_name(const std::string& name) { return name == "black" ? kBlack : kWhite; }
Color side_of(const GameStatus& s) { return side_of_name(s.to_move); }

// Side c's remaining time at `now`: its stored time, less the time since its clock started if it runs.
std::int64_t clock_left(const GameMeta& m, Color c, std::int64_t now) {
  std::int64_t left = m.status.clock_ms[c];
  if (m.status.result == "*" && side_of(m.status) == c) left -= now - m.status.clock_since_ms;
  return left;
}

// The game ends otherwise than by a turn (resignation, agreement): the running clock stops at `now`.
void freeze_clock(const GameMeta& m, GameStatus& s, std::int64_t now) {
  if (!m.clock.initial_ms || m.status.result != "*") return;
  for (Color c : {kWhite, kBlack}) s.clock_ms[c] = std::max<std::int64_t>(0, clock_left(m, c, now));
  s.clock_since_ms = now;
}

json clock_json(const GameMeta& m, std::int64_t now) {
  if (!m.clock.initial_ms) return nullptr;
  bool running = m.status.result == "*";
  return {{"initial_ms", m.clock.initial_ms},
          {"increment_ms", m.clock.increment_ms},
          {"per_turn", m.clock.per_turn},
          {"white_ms", std::max<std::int64_t>(0, clock_left(m, kWhite, now))},
          {"black_ms", std::max<std::int64_t>(0, clock_left(m, kBlack, now))},
          {"running", running ? m.status.to_move : ""}};
}

// Side c has nothing but its king.
bool bare_king(const Position& pos, Color c) {
  int men = 0;
  for (int b = 0; b < pos.boards(); ++b) men += popcount(pos.pieces(b, c));
  return men == 1 && pos.king_board(c) >= 0;
}

std::string over_message(const GameStatus& s) {
  return "the game is over (" + s.result + (s.termination.empty() ? "" : ", " + s.termination) + ")";
}

// The rules of one turn, the same for a turn played live and a turn of an imported record: the game must be
// going on (kConflict otherwise); the moves must be exactly one legal turn of the side to move, checked on a
// copy of the position (kIllegal otherwise; nothing changes); then they are played on `rec`, and `after` is
// `before` with the kernel's result (mate, stalemate, king captured, repetition, the no-progress rule, dead
// position) and without the opponent's draw offer, which moving declines. Returns the turn in UCI.
std::string play_rules_turn(GameRecord& rec, const GameStatus& before, const std::string& turn,
                            GameStatus& after) {
  if (before.result != "*") throw ServiceError(ServiceError::kConflict, over_message(before));
  Position copy = rec.position();
  play_prefix(copy, split_commas(turn), true, nullptr);
  std::vector<std::string> uci;
  for (const std::string& mt : split_commas(turn)) {
    Move m = parse_move(rec.position(), mt);
    uci.push_back(to_uci(m));
    rec.play(m);
  }
  after = status_after(rec, before);
  if (after.draw_offer == color_name(rec.position().side())) after.draw_offer.clear();
  return join_turn(uci);
}

json level_json(const EngineLevel& l) {
  json j = json::object();
  if (l.depth) j["depth"] = l.depth;
  if (l.movetime_ms) j["movetime_ms"] = l.movetime_ms;
  return j;
}

}  // namespace

GameService::GameService(GameStore& store, EngineOptions engine) : store_(store), engine_opts_(engine) {
  engine_opts_.max_movetime_ms = std::max(1, engine_opts_.max_movetime_ms);
  engine_opts_.max_depth = std::max(1, engine_opts_.max_depth);
  pool_ = std::make_unique<EnginePool>(
      engine_opts_.workers > 0 ? engine_opts_.workers : EnginePool::default_workers(),
      engine_opts_.per_client);
  engine_opts_.workers = pool_->workers();
  engine_opts_.per_client = pool_->per_client();
  clock_thread_ = std::thread([this] { clock_loop(); });
  for (const std::string& id : store_.unfinished_clock_games()) {
    try {
      get(id);  // loading arms its clock
    } catch (const std::exception& e) {
      std::cerr << "server: cannot watch the clock of game " << id << ": " << e.what() << "\n";
    }
  }
  // The store lists them oldest change first; the pool runs at most its turn slots at once, in that order.
  for (const std::string& id : store_.unfinished_engine_games()) {
    try {
      auto g = get(id);
      std::lock_guard<std::mutex> lock(g->m);
      schedule_engine(*g);
      // A draw offer to the engine left unanswered by the last run is answered now.
      schedule_draw_answer(*g);
    } catch (const std::exception& e) {
      std::cerr << "server: cannot resume game " << id << ": " << e.what() << "\n";
    }
  }
}

GameService::~GameService() { stop(); }

void GameService::stop() {
  stopping_ = true;
  pool_->stop();
  { std::lock_guard<std::mutex> lock(change_mutex_); }
  change_cv_.notify_all();
  { std::lock_guard<std::mutex> lock(clock_mutex_); }
  clock_cv_.notify_all();
  if (clock_thread_.joinable()) clock_thread_.join();
}

void GameService::rebuild(Live& g) {
  Variant v = resolve_variant(g.data.meta.variant);
  auto rec = std::make_unique<GameRecord>(v);
  rec->set_fen(g.data.meta.start_fen);
  for (std::size_t i = 0; i < g.data.turns.size(); ++i) {
    for (const std::string& mt : split_commas(g.data.turns[i])) {
      Move m = parse_uci(rec->position(), mt);
      rec->play(m);
    }
    if (rec->position().state().made != 0)
      throw StoreError("game " + g.data.meta.id + ": stored turn " + std::to_string(i + 1) +
                       " is incomplete");
  }
  g.record = std::move(rec);
}

namespace {
std::int64_t steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// Where a game's change counter starts: microseconds since the epoch (below 2^53, so exact in JavaScript),
// far above any count the game reached in an earlier load.
std::uint64_t version_origin() {
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::microseconds>(
                                        std::chrono::system_clock::now().time_since_epoch())
                                        .count());
}
}  // namespace

std::shared_ptr<GameService::Live> GameService::get(const std::string& id) {
  {
    std::shared_lock<std::shared_mutex> lock(games_mutex_);
    auto it = games_.find(id);
    if (it != games_.end()) {
      it->second->last_used_ms = steady_ms();
      return it->second;
    }
  }
  std::unique_lock<std::shared_mutex> lock(games_mutex_);
  auto it = games_.find(id);
  if (it != games_.end()) {
    it->second->last_used_ms = steady_ms();
    return it->second;
  }
  auto stored = store_.load(id);
  if (!stored) throw ServiceError(ServiceError::kNotFound, "no game with id '" + id + "'");
  auto g = std::make_shared<Live>();
  g->last_used_ms = steady_ms();
  // Versions only grow, also across reloads and restarts: a loaded game's count starts at the wall clock.
  g->version = version_origin();
  g->data = std::move(*stored);
  clamp_level(g->data.meta.level);
  rebuild(*g);
  arm_clock(*g);
  games_.emplace(id, g);
  return g;
}

Color GameService::side_of_token(const Live& g, const std::string& token) const {
  if (token.empty()) throw ServiceError(ServiceError::kBadRequest, "a player token is required");
  for (Color c : {kWhite, kBlack})
    if (g.data.meta.player[c] == PlayerKind::kHuman && same_secret(token, g.data.meta.token[c])) return c;
  throw ServiceError(ServiceError::kForbidden, "this token does not play in this game");
}

void GameService::bump(Live& g) {
  arm_clock(g);
  std::vector<std::shared_ptr<std::function<void()>>> watchers;
  {
    std::lock_guard<std::mutex> lock(change_mutex_);
    ++g.version;
    for (const auto& w : g.watchers)
      if (auto f = w.lock()) watchers.push_back(std::move(f));
  }
  change_cv_.notify_all();
  for (const auto& f : watchers) (*f)();
}

std::shared_ptr<void> GameService::watch(const std::string& id, std::function<void()> on_change) {
  struct Handle {
    std::shared_ptr<Live> game;
    std::shared_ptr<std::function<void()>> on_change;
  };
  auto h = std::make_shared<Handle>(
      Handle{get(id), std::make_shared<std::function<void()>>(std::move(on_change))});
  std::lock_guard<std::mutex> lock(change_mutex_);
  std::erase_if(h->game->watchers, [](const auto& w) { return w.expired(); });
  h->game->watchers.push_back(h->on_change);
  return h;
}

const Visibility& visibility_of(const std::string&) {
  static const PublicVisibility kPublic;
  return kPublic;
}

Viewer GameService::viewer_of(const Live& g, const std::string& token) const {
  if (token.empty()) return Viewer{};
  return Viewer{side_of_token(g, token)};
}

json GameService::state_locked(Live& g, const Viewer& v) {
  json j = state_body(g, v);
  j["clock"] = clock_json(g.data.meta, now_ms());
  return j;
}

std::shared_ptr<const std::string> GameService::cached_body(Live& g, const Viewer& v) {
  if (g.cache_version != g.version) {
    g.cache.clear();
    g.cache_version = g.version;
  }
  std::shared_ptr<const std::string>& text = g.cache[visibility_of(g.data.meta.variant).view_key(v)];
  if (!text) {
    std::string body = json_text(state_body(g, v));
    body.pop_back();  // the closing brace: the clock follows
    text = std::make_shared<const std::string>(std::move(body));
  }
  return text;
}

json GameService::state_body(Live& g, const Viewer& v) {
  const GameMeta& m = g.data.meta;
  Position& pos = g.record->position();
  json j = {{"id", m.id},
            {"variant", m.variant},
            {"boards", g.record->variant().rules.boards},
            {"components", g.record->variant().components},
            {"start_fen", m.start_fen},
            {"fen", to_fen(pos)},
            {"turns", g.data.turns},
            {"movetext", write_movetext(g.record->variant(), m.start_fen, g.record->moves())},
            {"to_move", color_name(pos.side())},
            {"fullmove", pos.state().fullmove},
            {"moves_this_turn", moves_json(pos, pos.state().quota)},
            {"moves_left", moves_json(pos, pos.state().quota - pos.state().made)},
            {"turn_unbounded", quota_unbounded(pos)},
            {"result", m.status.result},
            {"termination", m.status.termination},
            {"draw_offer", m.status.draw_offer},
            {"draw_declined", g.draw_declined},
            {"players", {{"white", player_kind_name(m.player[0])}, {"black", player_kind_name(m.player[1])}}},
            {"version", g.version.load()}};
  if (m.player[0] == PlayerKind::kEngine || m.player[1] == PlayerKind::kEngine)
    j["engine_level"] = level_json(m.level);
  json legal = json::array();
  bool ongoing = m.status.result == "*", can_stop = false;
  if (ongoing) {
    MoveList list;
    pos.ops().legal_moves(pos, list);
    for (Move mv : list) legal.push_back({{"uci", to_uci(mv)}, {"san", to_san(pos, mv)}});
    can_stop = stop_legal(list);
  }
  j["can_stop"] = can_stop;
  j["in_check"] = pos.king_board(pos.side()) >= 0 && in_check(pos);  // also in the final position (mate)
  j["legal_moves"] = legal;
  visibility_of(m.variant).filter(Visibility::Doc::kState, v, j);
  return j;
}

json GameService::state(const std::string& id, const std::string& viewer_token) {
  auto g = get(id);
  std::lock_guard<std::mutex> lock(g->m);
  check_flag(*g);
  return state_locked(*g, viewer_of(*g, viewer_token));
}

std::string GameService::state_text(const std::string& id, const std::string& viewer_token) {
  auto g = get(id);
  std::shared_ptr<const std::string> body;
  std::string clock = "null";
  {
    // Only a shared pointer is taken under the game's lock: readers of a busy game barely wait for each
    // other.
    std::lock_guard<std::mutex> lock(g->m);
    check_flag(*g);
    body = cached_body(*g, viewer_of(*g, viewer_token));
    if (g->data.meta.clock.initial_ms) clock = json_text(clock_json(g->data.meta, now_ms()));
  }
  std::string out;
  out.reserve(body->size() + clock.size() + 12);
  return out.append(*body).append(",\"clock\":").append(clock).append("}");
}

json GameService::create(const CreateOptions& opt) {
  Variant v = resolve_variant(opt.variant);
  const int max_ms = engine_opts_.max_movetime_ms, max_depth = engine_opts_.max_depth;
  if (opt.level.movetime_ms < 0 || opt.level.movetime_ms > max_ms)
    throw ServiceError(ServiceError::kBadRequest, "level.movetime_ms must be between 1 and " +
                                                      std::to_string(max_ms) +
                                                      " (this server's maximum, serve --max-movetime-ms)");
  const ClockSpec& ck = opt.clock;
  if (ck.initial_ms < 0 || ck.initial_ms > kMaxClockMs || (ck.initial_ms == 0 && ck.increment_ms))
    throw ServiceError(ServiceError::kBadRequest, "clock.initial_s must be between 1 and " +
                                                      std::to_string(kMaxClockMs / 1000) + " seconds");
  if (ck.increment_ms < 0 || ck.increment_ms > kMaxIncrementMs)
    throw ServiceError(ServiceError::kBadRequest, "clock.increment_s must be between 0 and " +
                                                      std::to_string(kMaxIncrementMs / 1000) + " seconds");
  if (ck.per_turn && ck.increment_ms)
    throw ServiceError(ServiceError::kBadRequest, "a per-turn clock has no increment");
  if (opt.level.depth < 0 || opt.level.depth > max_depth)
    throw ServiceError(ServiceError::kBadRequest, "level.depth must be between 1 and " +
                                                      std::to_string(max_depth) +
                                                      " (this server's maximum, serve --max-depth)");
  auto g = std::make_shared<Live>();
  g->client = opt.client_address;
  {
    GameRecord probe(v);
    if (!opt.fen.empty()) {
      try {
        probe.set_fen(opt.fen);
        require_royal_kings(probe.position());
      } catch (const NotationError& e) {
        throw ServiceError(ServiceError::kBadRequest,
                           std::string("bad FEN: ") + e.what() +
                               (e.column() ? " (column " + std::to_string(e.column()) + ")" : ""));
      }
    }
    if (probe.position().state().made != 0)
      throw ServiceError(ServiceError::kBadRequest, "the FEN must be at the start of a turn");
    GameMeta& m = g->data.meta;
    m.variant = v.id;
    m.start_fen = to_fen(probe.position());
    m.status = status_after(probe, GameStatus{});
  }
  GameMeta& m = g->data.meta;
  m.player[opt.creator] = PlayerKind::kHuman;
  m.player[~opt.creator] = opt.opponent;
  m.clock = opt.clock;
  if (opt.opponent == PlayerKind::kEngine) {
    m.level = opt.level;
    if (!m.level.depth && !m.level.movetime_ms) m.level.movetime_ms = 1000;
  }
  store_new(g);
  std::lock_guard<std::mutex> lock(g->m);
  json out = {{"id", m.id}, {"color", color_name(opt.creator)}, {"token", m.token[opt.creator]}};
  if (opt.opponent == PlayerKind::kHuman) out["invite_token"] = m.token[~opt.creator];
  schedule_engine(*g);
  out["game"] = state_locked(*g, Viewer{opt.creator});
  return out;
}

// A new game: its creation time, a fresh id and player tokens (drawn again on a collision), stored, then
// loaded and registered.
void GameService::store_new(const std::shared_ptr<Live>& g) {
  GameMeta& m = g->data.meta;
  g->version = version_origin();  // as for a loaded game
  m.created_at =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
          .count();
  if (m.clock.initial_ms) {  // the first turn's clock starts now
    m.status.clock_ms[0] = m.status.clock_ms[1] = m.clock.initial_ms;
    m.status.clock_since_ms = now_ms();
  }
  for (int attempt = 0;; ++attempt) {
    m.id = random_hex(6);
    m.token[0] = random_hex(16);
    m.token[1] = random_hex(16);
    try {
      store_.create(g->data);
      break;
    } catch (const StoreError&) {
      if (attempt == 3) throw;  // not a collision of random ids: report the store's error
    }
  }
  rebuild(*g);
  arm_clock(*g);
  std::unique_lock<std::shared_mutex> lock(games_mutex_);
  games_.emplace(m.id, g);
}

json GameService::import_pgn(const std::string& text) {
  std::vector<PgnGame> games;
  try {
    games = split_pgn(text);
  } catch (const NotationError& e) {
    throw ServiceError(ServiceError::kBadRequest, "bad PGN: " + e.where() + ": " + e.what());
  }
  if (games.size() != 1)
    throw ServiceError(ServiceError::kBadRequest,
                       "the PGN must hold exactly one game (it holds " + std::to_string(games.size()) + ")");
  const PgnGame& pg = games[0];
  std::string vid = "chess";
  if (auto tag = pg.tag("Variant")) vid = variant_from_tag(*tag);
  Variant v = resolve_variant(vid);
  GameRecord rec(v);
  if (auto fen = pg.tag("FEN")) {
    try {
      rec.set_fen(*fen);
      require_royal_kings(rec.position());
    } catch (const NotationError& e) {
      throw ServiceError(ServiceError::kBadRequest, std::string("bad FEN tag: ") + e.what());
    }
  }
  auto g = std::make_shared<Live>();
  GameMeta& m = g->data.meta;
  m.variant = v.id;
  m.start_fen = to_fen(rec.position());
  Replay rep = replay_movetext(rec, pg);
  if (rep.error)
    throw ServiceError(ServiceError::kIllegal, "illegal game record at line " +
                                                   std::to_string(rep.error->line) + ", column " +
                                                   std::to_string(rep.error->column) + " ('" +
                                                   rep.error->move_text + "'): " + rep.error->message);
  if (rec.position().state().made != 0)
    throw ServiceError(ServiceError::kIllegal, "the game record ends in the middle of a turn");
  // The turns, by replaying the moves and cutting where the side changes.
  GameRecord split(v);
  split.set_fen(m.start_fen);
  std::vector<std::string> turns, cur;
  for (Move mv : rec.moves()) {
    cur.push_back(to_uci(mv));
    split.play(mv);
    if (split.position().state().made == 0) {
      turns.push_back(join_turn(cur));
      cur.clear();
    }
  }
  // Then played again turn by turn under the rules of a live turn (play_rules_turn), draws included: a record
  // that goes on after the rules ended the game is refused, naming the turn and why the game was over.
  GameRecord live(v);
  live.set_fen(m.start_fen);
  m.status = status_after(live, GameStatus{});
  for (std::size_t i = 0; i < turns.size(); ++i) {
    const std::string turn_name =
        "turn " + std::to_string(i + 1) + " (" + color_name(live.position().side()) + ": " + turns[i] + ")";
    GameStatus after;
    try {
      g->data.turns.push_back(play_rules_turn(live, m.status, turns[i], after));
    } catch (const ServiceError& e) {
      if (e.kind() != ServiceError::kConflict)
        throw ServiceError(ServiceError::kIllegal, turn_name + ": " + e.what());
      throw ServiceError(ServiceError::kIllegal,
                         "the game record goes on after the end of the game: " +
                             (i ? "after turn " + std::to_string(i) : std::string("at the start position")) +
                             " " + e.what() + ", but " + turn_name + " follows");
    }
    m.status = after;
  }
  const std::string& rr = rep.recorded_result;
  if (m.status.result == "*" && (rr == "1-0" || rr == "0-1" || rr == "1/2-1/2")) {
    m.status.result = rr;
    m.status.termination = "as recorded";
  }
  store_new(g);
  std::lock_guard<std::mutex> lock(g->m);
  return {{"id", m.id},
          {"white_token", m.token[0]},
          {"black_token", m.token[1]},
          {"game", state_locked(*g, Viewer{})}};
}

void GameService::apply_turn(Live& g, const std::string& turn) {
  const Color mover = g.record->position().side();
  const std::int64_t now = now_ms();
  // Legal: played on the record, then stored; the record is rebuilt from the stored turns if the store fails.
  GameStatus s;
  std::string text = play_rules_turn(*g.record, g.data.meta.status, turn, s);
  g.draw_declined.clear();
  const GameMeta& m = g.data.meta;
  if (m.clock.initial_ms) {  // the mover's clock stops (Fischer: plus the increment), the other's starts now
    if (m.clock.per_turn)
      s.clock_ms[0] = s.clock_ms[1] = m.clock.initial_ms;
    else
      // (At least 0: the flag was checked a moment earlier, on another reading of the clock.)
      s.clock_ms[mover] = std::max<std::int64_t>(0, clock_left(m, mover, now)) + m.clock.increment_ms;
    s.clock_since_ms = now;
  }
  try {
    store_.append_turn(g.data.meta.id, int(g.data.turns.size()), text, s);
  } catch (...) {
    rebuild(g);
    throw;
  }
  g.data.turns.push_back(text);
  g.data.meta.status = s;
  bump(g);
}

json GameService::play_turn(const std::string& id, const std::string& token, const std::string& turn) {
  auto g = get(id);
  std::lock_guard<std::mutex> lock(g->m);
  check_flag(*g);
  Color c = side_of_token(*g, token);
  if (g->data.meta.status.result != "*")
    throw ServiceError(ServiceError::kConflict, over_message(g->data.meta.status));
  if (g->record->position().side() != c)
    throw ServiceError(ServiceError::kConflict, std::string("it is ") + color_name(~c) + "'s turn");
  if (turn.empty()) throw ServiceError(ServiceError::kBadRequest, "'turn' is empty");
  apply_turn(*g, turn);
  schedule_engine(*g);
  return state_locked(*g, Viewer{c});
}

json GameService::resign(const std::string& id, const std::string& token) {
  auto g = get(id);
  std::lock_guard<std::mutex> lock(g->m);
  check_flag(*g);
  Color c = side_of_token(*g, token);
  GameStatus s = g->data.meta.status;
  if (s.result != "*") throw ServiceError(ServiceError::kConflict, over_message(s));
  s.result = c == kWhite ? "0-1" : "1-0";
  s.termination = "resignation";
  s.draw_offer.clear();
  freeze_clock(g->data.meta, s, now_ms());
  store_.update_status(id, s);
  g->data.meta.status = s;
  bump(*g);
  return state_locked(*g, Viewer{c});
}

json GameService::draw(const std::string& id, const std::string& token, const std::string& action) {
  auto g = get(id);
  std::lock_guard<std::mutex> lock(g->m);
  check_flag(*g);
  Color c = side_of_token(*g, token);
  GameStatus s = g->data.meta.status;
  if (s.result != "*") throw ServiceError(ServiceError::kConflict, over_message(s));
  const std::string me = color_name(c), other = color_name(~c);
  if (action == "offer") {
    if (g->data.meta.player[~c] == PlayerKind::kEngine && stopping_)
      throw ServiceError(ServiceError::kUnavailable, "the engine is stopped: it cannot answer a draw offer");
    if (s.draw_offer == me) throw ServiceError(ServiceError::kConflict, "your draw offer already stands");
    if (s.draw_offer == other) {  // both offered: agreed
      s.result = "1/2-1/2";
      s.termination = "agreement";
      s.draw_offer.clear();
    } else {
      s.draw_offer = me;
    }
  } else if (action == "accept" || action == "decline") {
    if (s.draw_offer != other)
      throw ServiceError(ServiceError::kConflict, "there is no draw offer to " + action);
    s.draw_offer.clear();
    if (action == "accept") {
      s.result = "1/2-1/2";
      s.termination = "agreement";
    }
  } else {
    throw ServiceError(ServiceError::kBadRequest, "'action' must be \"offer\", \"accept\" or \"decline\"");
  }
  if (s.result != "*") freeze_clock(g->data.meta, s, now_ms());
  store_.update_status(id, s);
  g->data.meta.status = s;
  g->draw_declined = action == "decline" ? other : "";
  bump(*g);
  schedule_draw_answer(*g);
  return state_locked(*g, Viewer{c});
}

void GameService::schedule_draw_answer(Live& g) {
  const GameMeta& m = g.data.meta;
  if (m.status.result != "*" || m.status.draw_offer.empty() ||
      m.player[~side_of_name(m.status.draw_offer)] != PlayerKind::kEngine)
    return;
  const std::string id = m.id;
  pool_->add_draw(id, [this, id](Engine& e) { answer_draw_offer(e, id); });
}

void GameService::answer_draw_offer(Engine& searcher, const std::string& id) {
  auto g = get(id);
  std::string variant, fen;
  std::vector<std::string> turns;
  Color engine = kWhite, to_move = kWhite;
  int fullmove = 0;
  std::size_t turns_at_offer = 0;
  {
    std::lock_guard<std::mutex> lock(g->m);
    check_flag(*g);
    const GameMeta& m = g->data.meta;
    if (m.status.result != "*" || m.status.draw_offer.empty()) return;
    engine = ~side_of_name(m.status.draw_offer);
    // On the engine's turn the offer is left to that turn, which declines it.
    if (m.player[engine] != PlayerKind::kEngine || g->record->position().side() == engine) return;
    variant = m.variant;
    fen = m.start_fen;
    turns = g->data.turns;
    turns_at_offer = turns.size();
    to_move = g->record->position().side();
    fullmove = g->record->position().state().fullmove;
  }
  SearchLimits lim;
  lim.movetime_s = std::min(kDrawThinkMs, engine_opts_.max_movetime_ms) / 1000.0;
  Analysis a = analyse(searcher, variant, fen, turns, lim);
  if (stopping_) return;  // a search cut short is no answer: the next start answers the offer
  int score = a.info.mate ? (a.info.mate_turns > 0 ? 100000 : -100000) : a.info.score;
  if (to_move != engine) score = -score;  // the engine's view
  const bool accept = fullmove >= kDrawMinFullmove && score <= kDrawMaxCp;
  std::lock_guard<std::mutex> lock(g->m);
  check_flag(*g);
  const GameMeta& m = g->data.meta;
  if (m.status.result != "*" || m.status.draw_offer != color_name(~engine) ||
      g->data.turns.size() != turns_at_offer)
    return;
  GameStatus s = m.status;
  s.draw_offer.clear();
  if (accept) {
    s.result = "1/2-1/2";
    s.termination = "agreement";
    freeze_clock(m, s, now_ms());
  }
  store_.update_status(id, s);
  g->data.meta.status = s;
  g->draw_declined = accept ? "" : color_name(~engine);
  bump(*g);
}

json GameService::legal(const std::string& id, const std::string& prefix) {
  auto g = get(id);
  std::lock_guard<std::mutex> lock(g->m);
  check_flag(*g);
  if (g->data.meta.status.result != "*")
    throw ServiceError(ServiceError::kConflict, over_message(g->data.meta.status));
  Position pos = g->record->position();
  bool ended = false;
  json played = json::array();
  std::vector<std::string> uci = play_prefix(pos, split_commas(prefix), false, &ended, &played);
  json moves = json::array();
  bool can_stop = false;
  if (!ended) {
    MoveList list;
    pos.ops().legal_moves(pos, list);
    for (Move mv : list) moves.push_back({{"uci", to_uci(mv)}, {"san", to_san(pos, mv)}});
    can_stop = stop_legal(list);
  }
  // After the turn's last move the position is the opponent's: nothing is left of this turn.
  return {{"prefix", join_turn(uci)},
          {"played", played},
          {"fen", to_fen(pos)},
          {"turn_complete", ended},
          {"moves_left", ended ? json(0) : moves_json(pos, pos.state().quota - pos.state().made)},
          {"turn_unbounded", !ended && quota_unbounded(pos)},
          {"can_stop", can_stop},
          {"legal_moves", moves}};
}

json GameService::history(const std::string& id, int from, const std::string& viewer_token) {
  auto g = get(id);
  std::lock_guard<std::mutex> lock(g->m);
  check_flag(*g);
  const Viewer viewer = viewer_of(*g, viewer_token);
  if (from < 0) throw ServiceError(ServiceError::kBadRequest, "'from' must be a turn index (0 or more)");
  Position pos;
  set_fen(pos, g->record->variant(), g->data.meta.start_fen);
  json turns = json::array();
  for (int i = 0; i < int(g->data.turns.size()); ++i) {
    Color side = pos.side();
    int fullmove = pos.state().fullmove;
    json played = json::array();
    bool ended = false;
    play_prefix(pos, split_commas(g->data.turns[i]), true, &ended, i >= from ? &played : nullptr);
    if (i >= from)
      turns.push_back({{"index", i}, {"side", color_name(side)}, {"fullmove", fullmove}, {"moves", played}});
  }
  json out = {{"id", id},
              {"start_fen", g->data.meta.start_fen},
              {"turn_count", g->data.turns.size()},
              {"turns", turns}};
  visibility_of(g->data.meta.variant).filter(Visibility::Doc::kHistory, viewer, out);
  return out;
}

std::string GameService::pgn(const std::string& id, const std::string& viewer_token) {
  auto g = get(id);
  std::lock_guard<std::mutex> lock(g->m);
  check_flag(*g);
  const Viewer viewer = viewer_of(*g, viewer_token);
  const GameMeta& m = g->data.meta;
  std::vector<std::pair<std::string, std::string>> tags = {
      {"Site", "heterochess server"},
      {"White", m.player[0] == PlayerKind::kEngine ? "heterochess" : "?"},
      {"Black", m.player[1] == PlayerKind::kEngine ? "heterochess" : "?"}};
  if (!m.status.termination.empty()) tags.emplace_back("Termination", m.status.termination);
  // PGN's TimeControl in seconds: "300+2" (Fischer), "1/259200" (per turn: one turn in that time).
  if (m.clock.initial_ms)
    tags.emplace_back("TimeControl", m.clock.per_turn ? "1/" + std::to_string(m.clock.initial_ms / 1000)
                                                      : std::to_string(m.clock.initial_ms / 1000) + "+" +
                                                            std::to_string(m.clock.increment_ms / 1000));
  std::string text = write_pgn(g->record->variant(), m.start_fen, g->record->moves(), tags, m.status.result);
  visibility_of(m.variant).filter_pgn(viewer, text);
  return text;
}

json GameService::player_games(const std::string& token) {
  json arr = json::array();
  const std::int64_t now = now_ms();
  for (const PlayerGame& p : store_.games_of_player(token)) {
    bool ongoing = p.status.result == "*";
    GameMeta clocked;  // what clock_json reads: the settings and the stored running state
    clocked.clock = p.clock;
    clocked.status = p.status;
    arr.push_back({{"id", p.id},
                   {"variant", p.variant},
                   {"color", p.color},
                   {"to_move", p.status.to_move},
                   {"your_turn", ongoing && p.status.to_move == p.color},
                   {"turns", p.turns},
                   {"result", p.status.result},
                   {"termination", p.status.termination},
                   {"draw_offer", p.status.draw_offer},
                   {"clock", clock_json(clocked, now)}});
  }
  return {{"games", arr}};
}

std::uint64_t GameService::wait_change(const std::string& id, std::uint64_t known,
                                       std::chrono::milliseconds timeout) {
  auto g = get(id);
  std::unique_lock<std::mutex> lock(change_mutex_);
  change_cv_.wait_for(lock, timeout, [&] { return stopping_ || g->version != known; });
  return g->version;
}

json GameService::changes_since(const std::string& id, int from, const std::string& viewer_token) {
  auto g = get(id);
  std::lock_guard<std::mutex> lock(g->m);
  check_flag(*g);
  const Viewer viewer = viewer_of(*g, viewer_token);
  json turns = json::array();
  for (int i = std::max(from, 0); i < int(g->data.turns.size()); ++i)
    turns.push_back({{"index", i}, {"turn", g->data.turns[i]}});
  const GameStatus& s = g->data.meta.status;
  json out = {{"version", g->version.load()}, {"turn_count", g->data.turns.size()},
              {"new_turns", turns},           {"to_move", s.to_move},
              {"result", s.result},           {"termination", s.termination},
              {"draw_offer", s.draw_offer},   {"clock", clock_json(g->data.meta, now_ms())}};
  visibility_of(g->data.meta.variant).filter(Visibility::Doc::kEvent, viewer, out);
  return out;
}

void GameService::schedule_engine(Live& g) {
  const GameMeta& m = g.data.meta;
  if (m.status.result != "*" || m.player[g.record->position().side()] != PlayerKind::kEngine) return;
  const std::string id = m.id;
  pool_->add_turn(id, g.client, [this, id](Engine& e) { engine_turn(e, id); });
}

void GameService::clamp_level(EngineLevel& level) const {
  level.movetime_ms = std::min(level.movetime_ms, engine_opts_.max_movetime_ms);
  level.depth = std::min(level.depth, engine_opts_.max_depth);
}

GameService::Analysis GameService::analyse(Engine& engine, const std::string& variant, const std::string& fen,
                                           const std::vector<std::string>& turns,
                                           const SearchLimits& limits) {
  Analysis a;
  engine.set_variant(variant);
  engine.set_position(fen, turns, false);
  Position pos = engine.game().position();
  MoveList list;
  pos.ops().legal_moves(pos, list);
  if (list.size() == 0) return a;
  engine.go(
      limits, [&](const SearchInfo& i) { a.info = i; },
      [&](const std::vector<Move>& b, const std::vector<std::vector<Move>>&) { a.best = b; });
  engine.wait();
  for (Move mv : a.best) {
    if (!a.uci.empty()) a.uci += ",", a.san += ", ";
    a.uci += to_uci(mv);
    a.san += to_san(pos, mv);
    Undo u;
    pos.ops().make(pos, mv, u);
  }
  return a;
}

json GameService::hint(const std::string& id, const std::string& token, const std::string& client_address) {
  auto g = get(id);
  std::string variant, fen;
  std::vector<std::string> turns;
  {
    std::lock_guard<std::mutex> lock(g->m);
    check_flag(*g);
    side_of_token(*g, token);
    const GameMeta& m = g->data.meta;
    bool engine_game = m.player[0] == PlayerKind::kEngine || m.player[1] == PlayerKind::kEngine;
    if (!engine_game && m.status.result == "*")
      throw ServiceError(ServiceError::kConflict,
                         "no hints in an ongoing game between two people (engine help would be cheating); "
                         "hints open when the game is over");
    if (m.status.result == "*" && m.player[g->record->position().side()] == PlayerKind::kEngine)
      throw ServiceError(ServiceError::kConflict, "it is the engine's turn: ask for a hint on yours");
    variant = m.variant;
    fen = m.start_fen;
    turns = g->data.turns;
  }
  struct Box {
    std::mutex m;
    std::condition_variable cv;
    bool done = false, abandoned = false;
    json answer;
    std::string error;
  };
  auto box = std::make_shared<Box>();
  const std::size_t turn_count = turns.size();
  const int movetime_ms = std::min(kHintMovetimeMs, engine_opts_.max_movetime_ms);
  auto task = [box, variant, fen, turns, turn_count, movetime_ms](Engine& engine) {
    {
      std::lock_guard<std::mutex> lock(box->m);
      if (box->abandoned) return;
    }
    json answer;
    std::string error;
    try {
      SearchLimits lim;
      lim.movetime_s = movetime_ms / 1000.0;
      Analysis a = analyse(engine, variant, fen, turns, lim);
      json score = a.info.mate ? json{{"mate", a.info.mate_turns}} : json{{"cp", a.info.score}};
      if (a.best.empty()) score = json{{"cp", 0}};  // no legal move: nothing to search
      answer = {{"best_turn", a.uci},
                {"san", a.san},
                {"score", score},
                {"depth", a.info.depth},
                {"nodes", a.info.nodes},
                {"turn_count", turn_count}};  // the position it is for: after this many turns
    } catch (const std::exception& e) {
      error = e.what();
    }
    std::lock_guard<std::mutex> lock(box->m);
    box->answer = std::move(answer);
    box->error = std::move(error);
  };
  auto answered = [box] {
    std::lock_guard<std::mutex> lock(box->m);
    box->done = true;
    box->cv.notify_all();
  };
  // Admitted or refused at once: a refused hint never holds the request's thread.
  switch (pool_->add_hint(token, client_address, std::move(task), std::move(answered))) {
    case EnginePool::Admission::kQueued:
      break;
    case EnginePool::Admission::kStopped:
      throw ServiceError(ServiceError::kUnavailable, "the engine is stopped");
    case EnginePool::Admission::kTokenBusy:
      throw ServiceError(ServiceError::kUnavailable,
                         "a hint for this player is already being computed: retry once it is answered");
    case EnginePool::Admission::kAddressBusy:
      throw ServiceError(ServiceError::kUnavailable, "too many hints in flight from your address (at most " +
                                                         std::to_string(EnginePool::kHintsPerAddress) +
                                                         "): retry in a moment");
    case EnginePool::Admission::kBusy:
      throw ServiceError(ServiceError::kUnavailable, "the engine is busy: retry in a few seconds");
  }
  std::unique_lock<std::mutex> lock(box->m);
  // A safety net only: an admitted hint starts within about one short job (EnginePool::add_hint).
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kHintWaitMs);
  // In slices: stop() does not know this box, so the wait looks at stopping_ itself.
  while (!box->done) {
    if (stopping_) {
      box->abandoned = true;
      throw ServiceError(ServiceError::kUnavailable, "the engine is stopped");
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      box->abandoned = true;
      throw ServiceError(ServiceError::kUnavailable, "the engine is busy: try again later");
    }
    box->cv.wait_for(lock, std::chrono::milliseconds(50));
  }
  if (!box->error.empty()) throw std::runtime_error("hint: " + box->error);
  return box->answer;
}

void GameService::wait_engine_idle() { pool_->wait_idle(); }

void GameService::engine_turn(Engine& engine, const std::string& id) {
  auto g = get(id);
  std::string variant, fen;
  std::vector<std::string> turns;
  EngineLevel level;
  ClockSpec clock;
  std::int64_t left_ms = 0;
  int turns_to_go = 30;  // the rest of the game in the engine's turns (expected_turns_to_go)
  {
    std::lock_guard<std::mutex> lock(g->m);
    check_flag(*g);
    const GameMeta& m = g->data.meta;
    if (m.status.result != "*" || m.player[g->record->position().side()] != PlayerKind::kEngine) return;
    variant = m.variant;
    fen = m.start_fen;
    turns = g->data.turns;
    level = m.level;
    clock = m.clock;
    left_ms = clock_left(m, g->record->position().side(), now_ms());
    turns_to_go = expected_turns_to_go(g->record->position());
  }
  if (stopping_) return;
  SearchLimits lim;
  if (level.depth)
    lim.depth = level.depth;
  else
    lim.movetime_s = level.movetime_ms / 1000.0;
  if (clock.initial_ms) {
    // A share of the remaining time (a per-turn clock: of this turn's), at most the level's time per turn.
    budget_time(lim, left_ms / 1000.0, clock.increment_ms / 1000.0, clock.per_turn ? 1 : turns_to_go - 1);
    if (lim.movetime_s > 0 && lim.hard_time_s > 0) {
      lim.soft_time_s = std::min(lim.soft_time_s, lim.movetime_s);
      lim.hard_time_s = std::min(lim.hard_time_s, lim.movetime_s);
      lim.movetime_s = 0;
    }
  }
  if (level.depth) {  // every search is bounded in time (the pool's fairness depends on it)
    const double cap = std::min(kMaxDepthThinkMs, engine_opts_.max_movetime_ms) / 1000.0;
    lim.hard_time_s = lim.hard_time_s > 0 ? std::min(lim.hard_time_s, cap) : cap;
  }
  Analysis a = analyse(engine, variant, fen, turns, lim);
  if (a.best.empty() || stopping_) return;
  std::lock_guard<std::mutex> lock(g->m);
  check_flag(*g);
  // No turn was played and the game did not end meanwhile (resignation, draw agreed, flag): the reply still
  // belongs here. (Other changes, such as a draw offer or its answer, do not void it.)
  if (g->data.turns.size() == turns.size() && g->data.meta.status.result == "*") apply_turn(*g, a.uci);
}

void GameService::check_flag(Live& g) {
  GameMeta& m = g.data.meta;
  if (!m.clock.initial_ms || m.status.result != "*") return;
  const Color c = g.record->position().side();
  if (clock_left(m, c, now_ms()) > 0) return;
  GameStatus s = m.status;
  s.clock_since_ms = m.status.clock_since_ms + m.status.clock_ms[c];  // when the flag fell
  s.clock_ms[c] = 0;
  s.draw_offer.clear();
  s.termination = "time forfeit";
  // The opponent cannot win with a bare king: a draw.
  s.result = bare_king(g.record->position(), ~c) ? "1/2-1/2" : c == kWhite ? "0-1" : "1-0";
  store_.update_status(m.id, s);
  m.status = s;
  bump(g);
}

void GameService::arm_clock(Live& g) {
  const GameMeta& m = g.data.meta;
  if (!m.clock.initial_ms) return;
  std::lock_guard<std::mutex> lock(clock_mutex_);
  if (m.status.result != "*") {
    deadlines_.erase(m.id);
    return;
  }
  deadlines_[m.id] = m.status.clock_since_ms + m.status.clock_ms[side_of(m.status)];
  clock_cv_.notify_all();
}

std::size_t GameService::evict_idle(std::chrono::milliseconds idle) {
  const std::int64_t before = steady_ms() - idle.count();
  std::unique_lock<std::shared_mutex> lock(games_mutex_);
  std::size_t gone = 0;
  for (auto it = games_.begin(); it != games_.end();) {
    // use_count 1: only this map holds it, and no new holder can appear while the map is locked exclusively.
    if (it->second.use_count() == 1 && it->second->last_used_ms <= before) {
      it = games_.erase(it);
      ++gone;
    } else {
      ++it;
    }
  }
  return gone;
}

void GameService::resume_engine_turns() {
  std::vector<std::shared_ptr<Live>> games;
  {
    std::shared_lock<std::shared_mutex> lock(games_mutex_);
    for (const auto& [id, g] : games_) games.push_back(g);
  }
  for (const auto& g : games) {
    std::lock_guard<std::mutex> lock(g->m);
    schedule_engine(*g);
  }
}

std::size_t GameService::games_in_memory() {
  std::shared_lock<std::shared_mutex> lock(games_mutex_);
  return games_.size();
}

void GameService::clock_loop() {
  std::unique_lock<std::mutex> lock(clock_mutex_);
  constexpr std::int64_t kSweepMs = 60 * 1000;  // how often idle games are dropped from memory
  std::int64_t next_sweep = steady_ms() + kSweepMs;
  while (!stopping_) {
    if (steady_ms() >= next_sweep) {
      lock.unlock();
      resume_engine_turns();
      evict_idle(std::chrono::milliseconds(kEvictIdleMs));
      lock.lock();
      next_sweep = steady_ms() + kSweepMs;
      continue;
    }
    const std::int64_t now = now_ms();
    std::vector<std::string> due;
    std::int64_t next = std::numeric_limits<std::int64_t>::max();
    for (const auto& [id, at] : deadlines_) {
      if (at <= now)
        due.push_back(id);
      else
        next = std::min(next, at);
    }
    if (due.empty()) {
      const std::int64_t until_sweep = std::max<std::int64_t>(0, next_sweep - steady_ms());
      clock_cv_.wait_for(lock, std::chrono::milliseconds(std::min(next - now, until_sweep)));
      continue;
    }
    for (const std::string& id : due) deadlines_.erase(id);
    lock.unlock();
    for (const std::string& id : due) {
      try {
        auto g = get(id);
        std::lock_guard<std::mutex> glock(g->m);
        check_flag(*g);
        arm_clock(*g);  // still running (a turn came in meanwhile): the new deadline
      } catch (const std::exception& e) {
        std::cerr << "server: clock of game " << id << ": " << e.what() << "\n";
      }
    }
    lock.lock();
  }
}

}  // namespace hc::server
