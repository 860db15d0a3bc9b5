#include "match/referee.hpp"

#include <atomic>
#include <chrono>
#include <cmath>
#include <fstream>
#include <memory>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "match/uci_process.hpp"
#include "notation/fen.hpp"
#include "notation/move_text.hpp"
#include "notation/pgn.hpp"
#include "notation/quote.hpp"
#include "rules/game.hpp"
#include "rules/start_position.hpp"
#include "variants/registry.hpp"

namespace hc {

namespace {

std::unique_ptr<UciProcess> start_engine(const EngineSpec& spec, const std::string& variant) {
  auto p = std::make_unique<UciProcess>(spec.command);
  p->send("uci");
  if (!p->wait_for("uciok", 20)) throw std::runtime_error("engine '" + spec.name + "' did not answer uciok");
  // Compositions and options go through the string option; a plain id through UCI_Variant.
  if (variant.find_first_of("+:") != std::string::npos)
    p->send("setoption name Variant value " + variant);
  else
    p->send("setoption name UCI_Variant value " + variant);
  for (const auto& [k, v] : spec.options) p->send("setoption name " + k + " value " + v);
  p->send("isready");
  if (!p->wait_for("readyok", 20))
    throw std::runtime_error("engine '" + spec.name + "' did not answer readyok");
  return p;
}

struct Clock {
  double left[2];
};

GameRecordOut play_game(const MatchOptions& o, const Variant& v, UciProcess* proc[2], int white,
                        const std::pair<std::string, std::vector<std::string>>& opening, int game_no) {
  GameRecordOut out;
  out.white = white;
  GameRecord game(v);
  if (!opening.first.empty()) game.set_fen(opening.first);
  require_royal_kings(game.position());
  const std::string start_fen = to_fen(game.position());
  std::vector<std::string> tokens;
  Position& pos = game.position();
  auto apply_token = [&](const std::string& tok, std::string& why) {
    std::vector<std::string> moves;
    std::stringstream ss(tok);
    for (std::string m; std::getline(ss, m, ',');) moves.push_back(m);
    if (moves.empty()) return why = "empty turn", false;
    for (std::size_t j = 0; j < moves.size(); ++j) {
      Move m;
      try {
        m = parse_uci(pos, moves[j]);
      } catch (const NotationError& e) {
        why = e.what();
        return false;
      }
      game.play(m);
      const bool ended = pos.state().made == 0;
      if (ended != (j + 1 == moves.size())) {
        why = ended ? "the turn ended after " + moves[j] : "incomplete turn '" + quote_input(tok) + "'";
        return false;
      }
    }
    return true;
  };
  for (const auto& t : opening.second) {
    std::string why;
    if (!apply_token(t, why)) throw std::runtime_error("opening: " + why);
    tokens.push_back(t);
  }
  for (int e = 0; e < 2; ++e) proc[e]->send("ucinewgame");
  Clock clock{{o.base_s, o.base_s}};
  int turns = 0;
  for (;;) {
    GameResult r = game.result();
    if (r.outcome != Outcome::kOngoing) {
      out.result = r.result_tag();
      out.termination = outcome_name(r.outcome);
      break;
    }
    if (turns >= o.max_turns) {
      out.result = "1/2-1/2";
      out.termination = "adjudicated draw (turn limit)";
      break;
    }
    const int side = pos.side() == kWhite ? 0 : 1;
    const int e = side == 0 ? white : 1 - white;
    UciProcess& p = *proc[e];
    const EngineSpec& spec = o.engines[e];
    std::string cmd = start_fen == v.start_fen ? "position startpos" : "position fen " + start_fen;
    if (!tokens.empty()) {
      cmd += " moves";
      for (const auto& t : tokens) cmd += " " + t;
    }
    p.send(cmd);
    std::ostringstream go;
    go << "go";
    double timeout = 3600;
    if (spec.depth)
      go << " depth " << spec.depth;
    else if (spec.nodes)
      go << " nodes " << spec.nodes;
    else if (spec.movetime_s > 0)
      go << " movetime " << std::int64_t(spec.movetime_s * 1000), timeout = spec.movetime_s * 3 + 2;
    else if (o.depth)
      go << " depth " << o.depth;
    else if (o.nodes)
      go << " nodes " << o.nodes;
    else if (o.movetime_s > 0)
      go << " movetime " << std::int64_t(o.movetime_s * 1000), timeout = o.movetime_s * 3 + 2;
    else if (o.base_s > 0) {
      go << " wtime " << std::int64_t(clock.left[white] * 1000);  // clocks are kept per engine
      go << " btime " << std::int64_t(clock.left[1 - white] * 1000);
      go << " winc " << std::int64_t(o.inc_s * 1000) << " binc " << std::int64_t(o.inc_s * 1000);
      timeout = clock.left[e] + 1.0;
    } else {
      go << " depth 4";
    }
    const auto t0 = std::chrono::steady_clock::now();
    p.send(go.str());
    std::string best;
    const bool answered = p.wait_for("bestmove", timeout, &best);
    const double used = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const std::string who = side == 0 ? "White" : "Black";
    if (!answered) {
      out.result = side == 0 ? "0-1" : "1-0";
      out.termination = p.alive() ? who + " lost on time (no bestmove)" : who + "'s engine exited";
      break;
    }
    if (o.base_s > 0 && !spec.depth && !spec.nodes && spec.movetime_s <= 0 && !o.depth && !o.nodes) {
      clock.left[e] -= used;
      if (clock.left[e] < 0) {
        out.result = side == 0 ? "0-1" : "1-0";
        out.termination = who + " lost on time";
        break;
      }
      clock.left[e] += o.inc_s;
    }
    std::istringstream bs(best);
    std::string word, tok;
    bs >> word >> tok;
    std::string why;
    if (tok.empty() || tok == "(none)" || !apply_token(tok, why)) {
      out.result = side == 0 ? "0-1" : "1-0";
      out.termination =
          who + " played an illegal turn '" + quote_input(tok) + "': " + (why.empty() ? "no move" : why);
      break;
    }
    tokens.push_back(tok);
    ++turns;
  }
  // The PGN holds the whole game from the start position, the opening included.
  std::vector<std::pair<std::string, std::string>> tags = {{"Event", "heterochess match"},
                                                           {"Round", std::to_string(game_no)},
                                                           {"White", o.engines[white].name},
                                                           {"Black", o.engines[1 - white].name},
                                                           {"Termination", out.termination}};
  out.pgn = write_pgn(v, start_fen, game.moves(), tags, out.result);
  return out;
}

void finish_stats(const MatchOptions& o, MatchResult& r) {
  const int n = r.wins + r.draws + r.losses;
  if (n == 0) return;
  const double s = (r.wins + 0.5 * r.draws) / n;
  r.score = s;
  auto elo_of = [](double x) {
    x = std::min(std::max(x, 1e-6), 1 - 1e-6);
    return -400.0 * std::log10(1.0 / x - 1.0);
  };
  const double var = (r.wins * (1 - s) * (1 - s) + r.draws * (0.5 - s) * (0.5 - s) + r.losses * s * s) / n;
  const double se = std::sqrt(var / n);
  r.elo = elo_of(s);
  r.elo_low = elo_of(s - 1.96 * se);
  r.elo_high = elo_of(s + 1.96 * se);
  if (o.sprt) {
    auto score_of = [](double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); };
    const double s0 = score_of(o.sprt_elo0), s1 = score_of(o.sprt_elo1);
    // Generalised SPRT with the normal approximation of the per-game score.
    r.llr = var > 0 ? (s1 - s0) * (2 * n * s - n * (s0 + s1)) / (2 * var) : 0;
    r.llr_low = std::log(o.sprt_beta / (1 - o.sprt_alpha));
    r.llr_high = std::log((1 - o.sprt_beta) / o.sprt_alpha);
    r.sprt_verdict = r.llr >= r.llr_high  ? "H1 accepted"
                     : r.llr <= r.llr_low ? "H0 accepted"
                                          : "inconclusive";
  }
}

}  // namespace

std::vector<std::pair<std::string, std::vector<std::string>>> read_openings(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read openings file '" + path + "'");
  std::vector<std::pair<std::string, std::vector<std::string>>> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::string fen = line, rest;
    if (auto semi = line.find(';'); semi != std::string::npos)
      fen = line.substr(0, semi), rest = line.substr(semi + 1);
    while (!fen.empty() && fen.back() == ' ') fen.pop_back();
    if (fen == "startpos") fen.clear();
    std::vector<std::string> tokens;
    std::istringstream ts(rest);
    for (std::string t; ts >> t;) tokens.push_back(t);
    out.emplace_back(fen, tokens);
  }
  return out;
}

// Openings of `turns` random legal turns from the start (seeded), one per pair of games; games that would end
// inside the opening are drawn again.
std::vector<std::pair<std::string, std::vector<std::string>>> random_openings(const Variant& v, int pairs,
                                                                              int turns, std::uint64_t seed) {
  std::vector<std::pair<std::string, std::vector<std::string>>> out;
  std::uint64_t s = seed * 0x9E3779B97F4A7C15ULL + 1;
  auto next = [&s] {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    return s;
  };
  while (int(out.size()) < pairs) {
    GameRecord g(v);
    Position& pos = g.position();
    std::vector<std::string> tokens, turn;
    bool ok = true;
    while (int(tokens.size()) < turns && ok) {
      MoveList list;
      pos.ops().legal_moves(pos, list);
      if (list.empty()) {
        ok = false;
        break;
      }
      Move m = list[int(next() % std::uint64_t(list.size()))];
      turn.push_back(to_uci(m));
      g.play(m);
      if (pos.state().made == 0) tokens.push_back(join_turn(turn)), turn.clear();
    }
    if (ok && g.result().outcome == Outcome::kOngoing) out.emplace_back("", tokens);
  }
  return out;
}

MatchResult run_match(const MatchOptions& o) {
  const Variant v = make_variant(o.variant);
  MatchResult result;
  std::vector<std::pair<std::string, std::vector<std::string>>> openings = o.openings;
  if (openings.empty() && o.random_openings > 0)
    openings = random_openings(v, (o.games + 1) / 2, o.random_openings, o.seed);
  if (openings.empty()) openings.push_back({"", {}});
  std::atomic<int> next{0};
  std::atomic<bool> stop{false};
  std::string decided;  // the SPRT's verdict when it first decided (under the mutex)
  std::mutex mutex;
  std::string error;
  result.games.resize(std::size_t(o.games));
  auto worker = [&] {
    std::unique_ptr<UciProcess> procs[2];
    try {
      for (int e = 0; e < 2; ++e) procs[e] = start_engine(o.engines[e], o.variant);
    } catch (const std::exception& ex) {
      std::lock_guard<std::mutex> lock(mutex);
      error = ex.what();
      stop = true;
      return;
    }
    for (int g; !stop && (g = next++) < o.games;) {
      // Each opening is played twice, colours reversed.
      const auto& opening = openings[std::size_t(g / 2) % openings.size()];
      const int white = g % 2;
      for (int e = 0; e < 2; ++e)
        if (!procs[e]->alive()) procs[e] = start_engine(o.engines[e], o.variant);
      UciProcess* p[2] = {procs[0].get(), procs[1].get()};
      GameRecordOut out;
      try {
        out = play_game(o, v, p, white, opening, g + 1);
      } catch (const std::exception& ex) {
        std::lock_guard<std::mutex> lock(mutex);
        error = std::string("game ") + std::to_string(g + 1) + ": " + ex.what();
        stop = true;
        return;
      }
      std::lock_guard<std::mutex> lock(mutex);
      result.games[std::size_t(g)] = out;
      const bool e0_white = white == 0;
      if (out.result == "1/2-1/2")
        ++result.draws;
      else if ((out.result == "1-0") == e0_white)
        ++result.wins;
      else
        ++result.losses;
      finish_stats(o, result);
      if (o.on_game) o.on_game(out);
      if (o.progress) {
        std::ostringstream s;
        s << "game " << g + 1 << "/" << o.games << ": " << o.engines[white].name << " - "
          << o.engines[1 - white].name << " " << out.result << " (" << out.termination << "); "
          << o.engines[0].name << " +" << result.wins << " =" << result.draws << " -" << result.losses;
        if (o.sprt) s << ", LLR " << result.llr;
        o.progress(s.str());
      }
      // The test ends when the LLR first leaves its bounds: that verdict stands (games still running finish
      // and are counted in the score, but they do not reopen a decided test).
      if (o.sprt && result.sprt_verdict != "inconclusive" && decided.empty()) {
        decided = result.sprt_verdict;
        stop = true;
      }
    }
  };
  std::vector<std::thread> threads;
  for (int i = 0; i < std::max(1, o.concurrency); ++i) threads.emplace_back(worker);
  for (auto& t : threads) t.join();
  if (!error.empty()) throw std::runtime_error(error);
  // Drop games not played (SPRT stop).
  std::vector<GameRecordOut> played;
  for (auto& g : result.games)
    if (!g.result.empty()) played.push_back(std::move(g));
  result.games = std::move(played);
  finish_stats(o, result);
  if (!decided.empty()) result.sprt_verdict = decided;
  return result;
}

}  // namespace hc
