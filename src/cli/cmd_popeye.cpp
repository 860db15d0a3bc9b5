// heterochess popeye FILE: Popeye input files (problem/popeye_input.hpp) solved by the problem solver,
// printed in Popeye's notation (problem/popeye_output.hpp) or as JSON.
#include <fmt/ostream.h>

#include "cli/commands.hpp"
#include "cli/json_out.hpp"
#include "notation/fen.hpp"
#include "notation/quote.hpp"
#include "problem/popeye_input.hpp"
#include "problem/popeye_output.hpp"
#include "problem/problem_solver.hpp"
#include "variants/registry.hpp"

namespace hc::cli {

using json = nlohmann::json;

int cmd_popeye(const std::string& file, bool as_json, std::size_t max_solutions, std::uint64_t nodes,
               double seconds, const Io& io) {
  const std::string text = read_input(file, io);
  std::vector<PopeyeProblem> problems;
  try {
    problems = read_popeye(text);
  } catch (const NotationError& e) {
    throw UserError(fmt::format("{}: {}: {}", quote_input(file), e.where(), e.what()));
  }
  // Every problem is set up before any is solved: a bad one is reported before minutes of solving.
  std::vector<Variant> variants;  // the positions point into it: never reallocated
  variants.reserve(problems.size());
  std::vector<Position> positions(problems.size());
  for (std::size_t i = 0; i < problems.size(); ++i) {
    const PopeyeProblem& p = problems[i];
    auto where = [&](const std::string& why) {
      return UserError(fmt::format("{}: the problem of line {}: {}", quote_input(file), p.line, why));
    };
    try {
      variants.push_back(make_variant(p.variant));
      set_fen(positions[i], variants.back(), p.fen);
    } catch (const NotationError& e) {
      throw where(fmt::format("its position ({}) is not legal: {}", p.fen, e.what()));
    } catch (const std::exception& e) {
      throw where(e.what());
    }
    if (play_ended(positions[i]))
      throw where(std::string("play is already over: ") + outcome_name(evaluate(positions[i]).outcome));
  }
  json out = json::array();
  for (std::size_t i = 0; i < problems.size(); ++i) {
    const PopeyeProblem& p = problems[i];
    Position& pos = positions[i];
    const Stipulation st = parse_stipulation(p.stipulation);
    ProblemOptions opt;
    opt.max_solutions = p.max_solutions ? std::min(p.max_solutions, max_solutions) : max_solutions;
    opt.node_limit = nodes;
    opt.time_limit_s = seconds;
    opt.try_refutations = p.try_refutations;
    const ProblemResult r = solve_problem(pos, st, opt);
    if (as_json) {
      json problem = problem_json(pos, st, r, p.variant);
      problem["line"] = p.line;
      out.push_back(std::move(problem));
      continue;
    }
    if (!p.title.empty()) fmt::print(io.out, "{}\n", p.title);
    fmt::print(io.out, "  {}{}\n\n", st.text(), p.variant == "chess" ? "" : "  (" + p.variant + ")");
    const bool battle = !st.series && st.play != Play::kHelp;
    for (const auto& s : r.solutions)
      fmt::print(io.out, "{}{}\n", battle ? "   " : "  ", popeye_solution(pos, st, s.turns));
    for (const auto& tr : r.tries) {
      const auto lines = popeye_try(pos, st, tr.turn, tr.refutations);
      fmt::print(io.out, "\n   {}\n", lines[0]);
      for (std::size_t k = 1; k < lines.size(); ++k)
        fmt::print(io.out, "{}{}\n", k == 1 ? "    " : "      ", lines[k]);
    }
    fmt::print(io.out, "\nsolution finished: {} {}{}, {} nodes, {:.3f} s\n\n", r.solutions.size(),
               battle ? "key" : "solution", r.solutions.size() == 1 ? "" : "s", r.nodes, r.seconds);
    if (!r.complete) fmt::print(io.out, "(stopped by a limit: the list may be incomplete)\n\n");
    if (r.truncated) fmt::print(io.out, "(more solutions than the maximum: the list is cut)\n\n");
  }
  if (as_json) io.out << dump_json(json{{"problems", out}}) << "\n";
  return 0;
}

}  // namespace hc::cli
