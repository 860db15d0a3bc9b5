#include "engine/engine.hpp"

#include <algorithm>

#include "engine/solver.hpp"
#include "notation/fen.hpp"
#include "notation/move_text.hpp"
#include "notation/quote.hpp"
#include "rules/start_position.hpp"

namespace hc {

int expected_turns_to_go(const Position& pos) {
  constexpr int kMovesLeft = 30;
  const Schedule& s = pos.rules().schedule;
  int moves = 0, turns = 0;
  for (int t = pos.turn_index(); moves < kMovesLeft && turns < kMovesLeft; t += 2, ++turns)
    moves += int(std::min<std::uint32_t>(s.static_quota(t), kMovesLeft));
  return std::max(turns, 4);
}

void budget_time(SearchLimits& lim, double left, double inc, int turns_to_go, const Position* pos) {
  if (left <= 0) return;
  const int parts = turns_to_go > 0 ? turns_to_go + 1 : pos ? expected_turns_to_go(*pos) : 30;
  double budget = left / parts + 0.8 * inc;
  budget = std::min(budget, left * 0.4);
  lim.soft_time_s = budget * 0.6;
  lim.hard_time_s = std::min(budget * 2.0, left * 0.5);
}

Engine::Engine() { set_variant(kDefaultVariant); }

Engine::~Engine() {
  stop();
  wait();
}

void Engine::set_variant(const std::string& id) {
  auto v = std::make_unique<Variant>(make_variant(id));
  stop();
  wait();
  variant_ = std::move(v);
  game_ = std::make_unique<GameRecord>(*variant_);
  turn_keys_.assign(1, game_->position().key());
}

void Engine::new_game() {
  stop();
  wait();
  search_.clear();
  game_ = std::make_unique<GameRecord>(*variant_);
  turn_keys_.assign(1, game_->position().key());
}

void Engine::set_hash_mb(std::size_t mb) {
  stop();
  wait();
  search_.resize_hash(mb);
}

void Engine::set_position(const std::string& fen, const std::vector<std::string>& tokens, bool ply_by_ply) {
  stop();
  wait();
  auto g = std::make_unique<GameRecord>(*variant_);
  if (!fen.empty()) {
    g->set_fen(fen);
    require_royal_kings(g->position());  // a game starts here (UCI position, XBoard setboard)
  }
  std::vector<Key> keys{g->position().key()};
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::string& tok = tokens[i];
    std::vector<std::string> moves;
    if (ply_by_ply) {
      moves.push_back(tok);
    } else {
      std::size_t a = 0;
      for (;;) {
        std::size_t b = tok.find(',', a);
        moves.push_back(tok.substr(a, b == std::string::npos ? b : b - a));
        if (b == std::string::npos) break;
        a = b + 1;
      }
    }
    Position& pos = g->position();
    if (!ply_by_ply && pos.state().made != 0)
      throw NotationError("token " + std::to_string(i + 1) + " '" + quote_input(tok) +
                          "' starts in the middle of a turn");
    for (std::size_t j = 0; j < moves.size(); ++j) {
      Move m;
      try {
        m = parse_move(pos, moves[j]);
      } catch (const NotationError& e) {
        throw NotationError("token " + std::to_string(i + 1) + " '" + quote_input(tok) + "': " + e.what());
      }
      g->play(m);
      const bool ended = pos.state().made == 0;
      if (!ply_by_ply && ended != (j + 1 == moves.size()))
        throw NotationError(
            "token " + std::to_string(i + 1) + " '" + quote_input(tok) + "': " +
            (ended ? "the turn ended after '" + quote_input(moves[j]) + "' (check, mate or quota)"
                   : "the turn is not complete (more moves are due)"));
      if (ended) keys.push_back(pos.key());
    }
  }
  game_ = std::move(g);
  turn_keys_ = std::move(keys);
}

Move Engine::play(const std::string& move_text) {
  stop();
  wait();
  Move m = parse_move(game_->position(), move_text);
  game_->play(m);
  if (game_->position().state().made == 0) turn_keys_.push_back(game_->position().key());
  return m;
}

void Engine::go(const SearchLimits& limits, std::function<void(const SearchInfo&)> on_info, Done done) {
  stop();
  wait();
  // The search works on its own copy of the game's position.
  auto pos = std::make_shared<Position>(game_->position());
  std::vector<Key> history = turn_keys_;
  if (game_->position().state().made == 0 && !history.empty()) history.pop_back();  // the root itself
  {
    std::lock_guard<std::mutex> lock(hold_mutex_);
    hold_ = limits.infinite || limits.ponder;
    pondering_ = limits.ponder;
    limits_ = limits;
  }
  // Holds the answer of an infinite or ponder search until stop() or ponderhit().
  auto answer = [this, done](const std::vector<Move>& best, const std::vector<std::vector<Move>>& pv) {
    {
      std::unique_lock<std::mutex> lock(hold_mutex_);
      hold_cv_.wait(lock, [this] { return !hold_; });
      pondering_ = false;
    }
    if (done) done(best, pv);
  };
  search_.begin(limits);  // here, not on the thread: a stop() right after go() is not lost
  thread_ = std::thread([this, pos, history, limits, on_info, answer] {
    if (limits.mate > 0) {
      // "go mate N": first the proof search restricted to checking turns (fast, and a mate it finds is
      // proven), then the general search.
      MateSolver solver;
      SolveOptions opt;
      opt.mate_in = limits.mate;
      opt.checks_only = true;
      opt.all_solutions = false;
      opt.time_limit_s = limits.movetime_s > 0 ? limits.movetime_s / 2 : 10;
      SolveResult r = solver.solve(*pos, opt);
      if (r.mate && !r.keys.empty()) {
        SearchInfo info;
        {
          info.depth = 2 * r.mate_length - 1;
          info.mate = true;
          info.mate_turns = r.mate_length;
          info.nodes = r.nodes;
          info.seconds = r.seconds;
          if (!r.lines.empty()) info.pv = r.lines.front();
          if (on_info) on_info(info);
        }
        answer(r.keys.front(), info.pv);
        return;
      }
    }
    std::vector<std::vector<Move>> pv;
    std::vector<Move> best = search_.run(*pos, history, limits, [&](const SearchInfo& i) {
      pv = i.pv;
      if (on_info) on_info(i);
    });
    answer(best, pv);
  });
}

void Engine::ponderhit() {
  SearchLimits timed;
  {
    std::lock_guard<std::mutex> lock(hold_mutex_);
    timed = limits_;
  }
  ponderhit(timed);
}

void Engine::ponderhit(const SearchLimits& timed) {
  {
    std::lock_guard<std::mutex> lock(hold_mutex_);
    if (!pondering_) return;
    pondering_ = false;
    hold_ = timed.infinite;
  }
  const double move = timed.movetime_s;
  search_.set_time_limits(move > 0 ? move : timed.soft_time_s, move > 0 ? move : timed.hard_time_s);
  hold_cv_.notify_all();
}

bool Engine::pondering() const {
  std::lock_guard<std::mutex> lock(hold_mutex_);
  return pondering_;
}

void Engine::stop() {
  {
    std::lock_guard<std::mutex> lock(hold_mutex_);
    hold_ = false;
  }
  hold_cv_.notify_all();
  search_.stop();
}

void Engine::finish() {
  bool held;
  {
    std::lock_guard<std::mutex> lock(hold_mutex_);
    held = hold_;
  }
  if (held) stop();
  wait();
}

void Engine::wait() {
  if (thread_.joinable()) thread_.join();
}

}  // namespace hc
