// libFuzzer target: Popeye's input language (src/problem/popeye_input.cpp) and the problem solver behind it.
// Input: the text of a Popeye file. read_popeye either throws NotationError or returns problems whose
// stipulations parse; each problem's variant is built and its FEN either set or refused with NotationError; a
// position that is set is solved with a small node budget: the solver must leave it as it found it (FEN and
// hash) and never list more solutions than asked. Anything else is a bug.
#include <exception>
#include <string>

#include "fuzz_common.hpp"
#include "notation/fen.hpp"
#include "problem/popeye_input.hpp"
#include "problem/problem_solver.hpp"

using namespace hc;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const std::string ctx = "input: \"" + input + "\"";
  const Variant& chess = fuzz::pick_variant(0);
  std::vector<PopeyeProblem> problems;
  try {
    problems = read_popeye(input);
  } catch (const NotationError&) {
    return 0;
  } catch (const std::exception& e) {
    fuzz::fail(chess, ctx, "read_popeye threw something other than NotationError: %s", e.what());
  }
  for (const PopeyeProblem& p : problems) {
    Stipulation st;
    try {
      st = parse_stipulation(p.stipulation);
    } catch (const std::exception& e) {
      fuzz::fail(chess, ctx, "a stipulation read_popeye accepted does not parse: %s", e.what());
    }
    if (parse_stipulation(st.text()).text() != st.text())
      fuzz::fail(chess, ctx, "stipulation text does not round-trip: %s", st.text().c_str());
    Variant v;
    try {
      v = make_variant(p.variant);
    } catch (const std::exception& e) {
      fuzz::fail(chess, ctx, "a condition read_popeye accepted makes no variant: %s", e.what());
    }
    Position pos;
    try {
      set_fen(pos, v, p.fen);
    } catch (const NotationError&) {
      continue;
    } catch (const std::exception& e) {
      fuzz::fail(v, ctx, "set_fen threw something other than NotationError on %s: %s", p.fen.c_str(),
                 e.what());
    }
    if (play_ended(pos)) continue;
    const std::string fen = to_fen(pos);
    const Key key = pos.key();
    ProblemOptions opt;
    opt.max_solutions = 3;
    opt.node_limit = 3000;
    opt.try_refutations = p.try_refutations;
    const ProblemResult r = solve_problem(pos, st, opt);
    if (to_fen(pos) != fen || pos.key() != key)
      fuzz::fail(v, ctx, "the solver changed the position %s", fen.c_str());
    if (r.solutions.size() > 3) fuzz::fail(v, ctx, "more solutions than asked");
  }
  return 0;
}
