// heterochess solve --stipulation: problems in Popeye's stipulation notation (problem/problem_solver.hpp).
#include <fmt/ostream.h>
#include <unistd.h>

#include <cmath>

#include "cli/commands.hpp"
#include "cli/json_out.hpp"
#include "notation/fen.hpp"
#include "notation/move_text.hpp"
#include "problem/problem_solver.hpp"
#include "rules/game.hpp"
#include "variants/registry.hpp"

namespace hc::cli {

using json = nlohmann::json;

namespace {

// The play in SAN with turn numbers ("1.Ka2 Rh8 2.Ka3 Ra8#"; a turn of several moves joined by commas). In
// series play the series side's turns are numbered one by one, the other side passing between them, and the
// other side's final turn (ser-h, ser-s) follows the last.
std::string play_text(Position& pos, const std::vector<std::vector<Move>>& turns, const Stipulation& st) {
  std::string s;
  std::vector<Undo> undos;
  int number = 0;
  // The series side's turns: all of ser-#, all but the other side's last in ser-h and ser-s.
  const int series_turns = int(turns.size()) - (st.play == Play::kDirect ? 0 : 1);
  for (std::size_t i = 0; i < turns.size(); ++i) {
    const bool series_turn = st.series && int(i) < series_turns;
    if (!s.empty()) s += ' ';
    if (series_turn || (!st.series && i % 2 == 0)) {
      s += std::to_string(++number);
      s += '.';
    }
    std::vector<std::string> sans;
    for (Move m : turns[i]) {
      sans.push_back(to_san(pos, m));
      undos.emplace_back();
      pos.ops().make(pos, m, undos.back());
    }
    s += join_turn(sans);
    if (series_turn && int(i) + 1 < series_turns) {
      undos.emplace_back();
      pass_turn(pos, undos.back());
    }
  }
  while (!undos.empty()) {
    pos.undo(undos.back());
    undos.pop_back();
  }
  return s;
}

}  // namespace

nlohmann::json problem_json(Position& pos, const Stipulation& st, const ProblemResult& r,
                            const std::string& variant) {
  auto uci = [](const std::vector<Move>& turn) {
    json a = json::array();
    for (Move m : turn) a.push_back(to_uci(m));
    return a;
  };
  json sols = json::array(), details = json::array(), tries = json::array();
  for (const auto& s : r.solutions) {
    json flat = json::array(), turns = json::array();
    for (const auto& t : s.turns) {
      for (Move m : t) flat.push_back(to_uci(m));
      turns.push_back(uci(t));
    }
    sols.push_back(flat);
    details.push_back({{"turns", turns},
                       {"san", play_text(pos, s.turns, st)},
                       {"length", s.length},
                       {"short", s.short_solution}});
  }
  for (const auto& tr : r.tries) {
    json refs = json::array();
    for (const auto& rf : tr.refutations) refs.push_back(uci(rf));
    tries.push_back({{"turn", uci(tr.turn)}, {"refutations", refs}});
  }
  return {{"variant", variant},       {"fen", to_fen(pos)},
          {"stipulation", st.text()}, {"solutions", sols},
          {"details", details},       {"tries", tries},
          {"nodes", r.nodes},         {"time_ms", std::round(r.seconds * 1e6) / 1000},
          {"complete", r.complete},   {"truncated", r.truncated}};
}

int cmd_problem(const Common& c, const std::string& stipulation, std::size_t max_solutions,
                std::uint64_t nodes, double seconds, bool progress, int tries, const Io& io) {
  const Stipulation st = parse_stipulation(stipulation);
  Variant v = make_variant(c.variant);
  GameRecord game(v);
  setup(game, c);
  Position& pos = game.position();
  if (play_ended(pos))
    throw UserError(std::string("play is already over: ") + outcome_name(evaluate(pos).outcome));
  ProblemOptions opt;
  opt.max_solutions = max_solutions;
  opt.node_limit = nodes;
  opt.time_limit_s = seconds;
  opt.try_refutations = tries;
  progress = progress || (!c.json && isatty(2));
  if (progress) opt.progress = [&io](const std::string& s) { fmt::print(io.err, "{}\n", s); };
  const ProblemResult r = solve_problem(pos, st, opt);
  const bool battle = !st.series && st.play != Play::kHelp;
  if (c.json) {
    const json problem = problem_json(pos, st, r, v.id);
    io.out << dump_json(json{{"problems", json::array({problem})}}) << "\n";
    return 0;
  }
  const std::size_t n = r.solutions.size();
  fmt::print(io.out, "{}: {}{} {}{}\n", st.text(), r.truncated ? "the first " : "", n,
             battle ? (n == 1 ? "key" : "keys") : (n == 1 ? "solution" : "solutions"),
             r.complete ? "" : " (stopped by a limit: the list may be incomplete)");
  for (const auto& s : r.solutions) {
    std::string line = "  " + play_text(pos, s.turns, st);
    if (s.short_solution) line += battle ? fmt::format("  (short: in {})", s.length) : "  (short)";
    fmt::print(io.out, "{}\n", line);
  }
  if (tries > 0) {
    fmt::print(io.out, "{} tr{}:\n", r.tries.size(), r.tries.size() == 1 ? "y" : "ies");
    for (const auto& tr : r.tries) {
      std::string line = "  " + play_text(pos, {tr.turn}, st) + "? but";
      std::vector<Undo> undos;
      for (Move m : tr.turn) {
        undos.emplace_back();
        pos.ops().make(pos, m, undos.back());
      }
      for (const auto& rf : tr.refutations) {
        std::vector<std::string> sans;
        std::vector<Undo> ru;
        for (Move m : rf) {
          sans.push_back(to_san(pos, m));
          ru.emplace_back();
          pos.ops().make(pos, m, ru.back());
        }
        while (!ru.empty()) {
          pos.undo(ru.back());
          ru.pop_back();
        }
        line += " 1..." + join_turn(sans) + "!";
      }
      while (!undos.empty()) {
        pos.undo(undos.back());
        undos.pop_back();
      }
      fmt::print(io.out, "{}\n", line);
    }
  }
  fmt::print(io.out, "{} nodes, {:.3f} s\n", r.nodes, r.seconds);
  return 0;
}

}  // namespace hc::cli
