// heterochess solve, match: the engine commands of the CLI (bench: cmd_bench.cpp).
#include <fmt/ostream.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/json_out.hpp"
#include "cli/numbers.hpp"
#include "engine/search.hpp"
#include "engine/solver.hpp"
#include "match/referee.hpp"
#include "notation/fen.hpp"
#include "notation/move_text.hpp"
#include "notation/quote.hpp"
#include "rules/game.hpp"
#include "variants/registry.hpp"

namespace hc::cli {

using json = nlohmann::json;

namespace {

// NAME=VALUE options checked like the plain ones: "--engine-depth: must be an integer from 1 to 64, not 'x'".
std::int64_t option_integer(const char* option, std::string_view text, std::int64_t lo, std::int64_t hi) {
  try {
    return integer_in(text, lo, hi);
  } catch (const std::invalid_argument& e) {
    throw UserError(std::string(option) + ": " + e.what());
  }
}

double option_real(const char* option, std::string_view text, double lo, double hi, bool lo_open) {
  try {
    return real_in(text, lo, hi, lo_open);
  } catch (const std::invalid_argument& e) {
    throw UserError(std::string(option) + ": " + e.what());
  }
}

std::string turn_text(const std::vector<Move>& t) {
  std::vector<std::string> s;
  for (Move m : t) s.push_back(to_uci(m));
  return join_turn(s);
}

}  // namespace

int cmd_solve(const Common& c, int mate, bool all, std::uint64_t nodes, double seconds, bool progress,
              bool checks, std::size_t max_solutions, const Io& io) {
  Variant v = make_variant(c.variant);
  GameRecord game(v);
  setup(game, c);
  Position& pos = game.position();
  GameResult before = evaluate(pos);
  if (before.outcome != Outcome::kOngoing)
    throw UserError(std::string("the game is already over: ") + outcome_name(before.outcome));
  // Three modes (docs/problems.md): by default one proven key, fast — first among the turns that give check
  // (iterative deepening: the checking key of the shortest checking mate), then, when no checking turn mates,
  // among all turns (the first key of the shortest mate); --all: every key mating within N (cooks, duals,
  // short solutions), the shortest first; --checks: every key among the checking turns only.
  SolveOptions opt;
  opt.mate_in = mate;
  opt.all_solutions = all || checks;
  opt.longer_keys = all;  // every key within N, not only those of the shortest mate (issue 13 §2)
  opt.checks_only = checks || !all;
  opt.max_solutions = max_solutions;
  opt.node_limit = nodes;
  opt.time_limit_s = seconds;
  progress = progress || (!c.json && isatty(2));
  if (progress) opt.progress = [&io](const std::string& s) { fmt::print(io.err, "{}\n", s); };
  MateSolver solver;
  const auto t0 = std::chrono::steady_clock::now();
  SolveResult r = solver.solve(pos, opt);
  // The default's second pass: no checking turn mates, so every turn is tried, with what is left of the
  // limits.
  bool checks_first = !all && !checks;
  const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (checks_first && !r.mate && (nodes == 0 || r.nodes < nodes) && (seconds <= 0 || spent < seconds)) {
    SolveOptions rest = opt;
    rest.checks_only = false;
    if (nodes) rest.node_limit = nodes - r.nodes;
    if (seconds > 0) rest.time_limit_s = std::max(0.001, seconds - spent);
    const std::uint64_t used = r.nodes;
    r = solver.solve(pos, rest);
    r.nodes += used;
    r.seconds += spent;
    checks_first = false;
  }
  // Whether the reported length is the shortest mate: proven by --all and by the search over every turn, not
  // by a search among checking turns only.
  const bool shortest = !checks && !checks_first;
  const char* mode = checks ? "checks" : all ? "all" : "first";
  json sols = json::array(), lines = json::array();
  for (const auto& k : r.keys) sols.push_back(json::array({turn_text(k)}));
  for (const auto& l : r.lines) {
    json turns = json::array();
    for (const auto& t : l) turns.push_back(turn_text(t));
    lines.push_back(turns);
  }
  if (c.json) {
    json out = {{"variant", v.id},        {"fen", to_fen(pos)},
                {"mate", r.mate},         {"mate_in", mate},
                {"solutions", sols},      {"lines", lines},
                {"nodes", r.nodes},       {"time_ms", std::int64_t(r.seconds * 1000)},
                {"complete", r.complete}, {"truncated", r.truncated},
                {"pruned", r.pruned},     {"mode", mode},
                {"shortest", shortest}};
    if (r.mate) out["length"] = r.mate_length, out["lengths"] = r.key_lengths;
    io.out << dump_json(out) << "\n";
  } else {
    if (r.mate) {
      if (all && !checks) {
        const bool longer = r.mate_length < mate;
        fmt::print(io.out, "mate in {} ({}{} key{}{}):\n", r.mate_length, r.truncated ? "the first " : "",
                   r.keys.size(), r.keys.size() == 1 ? "" : "s",
                   longer ? fmt::format(" mating within {}, the longer ones marked", mate) : "");
      } else if (checks) {
        fmt::print(
            io.out, "mate in {} ({}{} key{} among the turns that give check; --all tries every turn):\n",
            r.mate_length, r.truncated ? "the first " : "", r.keys.size(), r.keys.size() == 1 ? "" : "s");
      } else {
        fmt::print(io.out, "mate in {} ({}; --all lists every key):\n", r.mate_length,
                   shortest
                       ? "the first key of the shortest mate"
                       : "a key found among the turns that give check, proven; a shorter mate by a quiet "
                         "turn is not excluded");
      }
      for (std::size_t i = 0; i < lines.size(); ++i) {
        std::string s;
        for (const auto& t : lines[i]) s += (s.empty() ? "" : "  ") + t.get<std::string>();
        if (r.key_lengths[i] > r.mate_length) s += fmt::format("  (mate in {})", r.key_lengths[i]);
        fmt::print(io.out, "  {}\n", s);
      }
    } else {
      fmt::print(io.out, "{}\n",
                 !r.complete ? fmt::format("no mate found in {} before the limit", mate)
                 : checks    ? fmt::format("no mate in {} among the turns that give check", mate)
                             : fmt::format("no mate in {}", mate));
    }
    fmt::print(io.out, "{} nodes, {:.3f} s\n", r.nodes, r.seconds);
  }
  return 0;
}

int cmd_match(const Common& c, const MatchArgs& a, const Io& io) {
  MatchOptions o;
  o.variant = c.variant;
  make_variant(o.variant);  // a bad id is a user error before any engine starts
  if (a.engines.size() != 2) throw UserError("match needs exactly two --engine NAME=COMMAND");
  for (int i = 0; i < 2; ++i) {
    auto eq = a.engines[std::size_t(i)].find('=');
    if (eq == std::string::npos || eq == 0) throw UserError("--engine takes NAME=COMMAND");
    o.engines[i].name = a.engines[std::size_t(i)].substr(0, eq);
    o.engines[i].command = a.engines[std::size_t(i)].substr(eq + 1);
  }
  if (o.engines[0].name == o.engines[1].name) throw UserError("the two engines need different names");
  auto engine_index = [&](const std::string& name) {
    for (int i = 0; i < 2; ++i)
      if (o.engines[i].name == name) return i;
    throw UserError("no engine named " + in_quotes(name));
  };
  for (const auto& s : a.engine_options) {  // NAME:option=value
    auto colon = s.find(':'), eq = s.find('=');
    if (colon == std::string::npos || eq == std::string::npos || eq < colon)
      throw UserError("--engine-option takes NAME:option=value");
    o.engines[engine_index(s.substr(0, colon))].options.emplace_back(s.substr(colon + 1, eq - colon - 1),
                                                                     s.substr(eq + 1));
  }
  for (const auto& s : a.engine_depths) {  // NAME=D
    auto eq = s.find('=');
    if (eq == std::string::npos) throw UserError("--engine-depth takes NAME=DEPTH");
    o.engines[engine_index(s.substr(0, eq))].depth =
        int(option_integer("--engine-depth", s.substr(eq + 1), 1, kMaxDepth));
  }
  for (const auto& s : a.engine_movetimes) {  // NAME=MS
    auto eq = s.find('=');
    if (eq == std::string::npos) throw UserError("--engine-movetime takes NAME=MILLISECONDS");
    o.engines[engine_index(s.substr(0, eq))].movetime_s =
        option_real("--engine-movetime", s.substr(eq + 1), 0, kMaxMilliseconds, true) / 1000.0;
  }
  o.games = a.games;  // the ranges of the plain numeric options are checked by the command line (cli.cpp)
  o.concurrency = a.concurrency;
  o.depth = a.depth;
  o.nodes = a.nodes;
  o.movetime_s = a.movetime_ms / 1000.0;
  o.max_turns = a.max_turns;
  o.random_openings = a.random_openings;
  o.seed = a.seed;
  if (!a.tc.empty()) {  // BASE+INC in seconds
    auto plus = a.tc.find('+');
    auto base = parse_real(a.tc.substr(0, plus)),
         inc = plus == std::string::npos ? std::optional<double>(0) : parse_real(a.tc.substr(plus + 1));
    if (!base || !inc || *base <= 0 || *inc < 0 || *base > kMaxSeconds || *inc > kMaxSeconds)
      throw UserError("--tc takes BASE+INC in seconds (BASE above 0, INC from 0), e.g. 10+0.1, not " +
                      in_quotes(a.tc));
    o.base_s = *base;
    o.inc_s = *inc;
  }
  if (!a.sprt.empty()) {
    auto comma = a.sprt.find(',');
    auto elo0 = parse_real(a.sprt.substr(0, comma)),
         elo1 = comma == std::string::npos ? std::nullopt : parse_real(a.sprt.substr(comma + 1));
    if (!elo0 || !elo1 || *elo0 >= *elo1 || std::abs(*elo0) > 2000 || std::abs(*elo1) > 2000)
      throw UserError("--sprt takes ELO0,ELO1 with ELO0 below ELO1 (each within +-2000), not " +
                      in_quotes(a.sprt));
    o.sprt_elo0 = *elo0;
    o.sprt_elo1 = *elo1;
    o.sprt = true;
  }
  try {
    if (!a.openings.empty()) o.openings = read_openings(a.openings);
  } catch (const std::exception& e) {
    throw UserError(e.what());
  }
  // Each game's line as it ends, also through a pipe or into a file (a long match is watched with tail -f).
  if (!c.json)
    o.progress = [&io](const std::string& s) {
      fmt::print(io.out, "{}\n", s);
      io.out.flush();
    };
  // The PGN file gets each game as it ends (a long match's games are kept if it is stopped).
  std::ofstream pgn_out;
  if (!a.pgn.empty()) {
    pgn_out.open(a.pgn);
    if (!pgn_out) throw UserError("cannot write " + in_quotes(a.pgn));
    o.on_game = [&pgn_out](const GameRecordOut& g) { pgn_out << g.pgn << "\n" << std::flush; };
  }
  MatchResult r;
  try {
    r = run_match(o);
  } catch (const std::exception& e) {
    throw UserError(e.what());
  }
  if (c.json) {
    json games = json::array();
    for (const auto& g : r.games)
      games.push_back({{"white", o.engines[g.white].name},
                       {"black", o.engines[1 - g.white].name},
                       {"result", g.result},
                       {"termination", g.termination}});
    json out = {{"variant", o.variant}, {"engines", {o.engines[0].name, o.engines[1].name}},
                {"wins", r.wins},       {"draws", r.draws},
                {"losses", r.losses},   {"score", r.score},
                {"elo", r.elo},         {"elo_95", {r.elo_low, r.elo_high}},
                {"games", games}};
    if (o.sprt)
      out["sprt"] = {{"llr", r.llr}, {"bounds", {r.llr_low, r.llr_high}}, {"verdict", r.sprt_verdict}};
    io.out << dump_json(out) << "\n";
  } else {
    fmt::print(io.out, "{} vs {}: +{} ={} -{} ({:.1f}%), Elo {:+.0f} [{:+.0f}, {:+.0f}] (95%)\n",
               o.engines[0].name, o.engines[1].name, r.wins, r.draws, r.losses, 100 * r.score, r.elo,
               r.elo_low, r.elo_high);
    if (o.sprt)
      fmt::print(io.out, "SPRT [{}, {}]: LLR {:.2f} in [{:.2f}, {:.2f}]: {}\n", o.sprt_elo0, o.sprt_elo1,
                 r.llr, r.llr_low, r.llr_high, r.sprt_verdict);
  }
  return 0;
}

}  // namespace hc::cli
