// heterochess bench: fixed searches from the start position of every catalogue id and showcase composition
// (and a few RULES.md §9 positions). Each search deepens until its depth or its node budget, whichever comes
// first; the budget counts every node the engine visits (the proof searches of multi-move turns included) and
// is polled every 256 nodes, so where a search stops does not depend on the machine.
//
// The bench signature is the sum over the cases of the nodes at the end of the last depth each search
// completed: it changes with any change to the tree the search visits (ordering, pruning, evaluation, rules),
// even in a case its budget cut short. Per case the bench reports that depth, the effective branching factor
// (the nodes of the last completed depth over those of the one before) and the speed in nodes per second.
#include <fmt/ostream.h>

#include <chrono>
#include <cmath>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/json_out.hpp"
#include "engine/search.hpp"
#include "notation/fen.hpp"
#include "notation/move_text.hpp"
#include "rules/game.hpp"
#include "variants/registry.hpp"

namespace hc::cli {

using json = nlohmann::json;

namespace {

struct Case {
  std::string variant;
  std::string fen;  // "" = the variant's start position
};

std::vector<Case> bench_cases() {
  std::vector<Case> cases;
  for (const auto& v : builtin_catalogue().variants) cases.push_back({v.id, ""});
  for (const auto& spec : builtin_catalogue().showcase) cases.push_back({spec, ""});
  cases.push_back({"alice", "rnb3R1/2pp1ppp/1|p1k1|p2/|p1b5/2|B|P4/2|N|K4/PPP1rP1P/4|R3 w - - 4 16"});
  cases.push_back({"progressive", "rn1q1bnr/pp1kpppp/8/3K4/8/N7/PPP2PPP/R1Bb1BNR w - - 0 3"});
  return cases;
}

struct CaseResult {
  int depth = 0;                // the last depth completed
  std::uint64_t signature = 0;  // nodes at its end
  std::uint64_t nodes = 0;      // every node searched, the unfinished depth included
  double ebf = 0;               // 0: fewer than two depths completed
  double seconds = 0;
  std::string best;
};

CaseResult run_case(const Case& k, int depth, std::uint64_t nodes) {
  Variant v = make_variant(k.variant);
  Position pos;
  set_fen(pos, v, k.fen.empty() ? v.start_fen : k.fen);
  Search search(16);
  SearchLimits lim;
  lim.depth = depth;
  lim.nodes = nodes;
  // The completed depths of the last iterative deepening (a guard against the opponent's mating turn may
  // restart it; the restart's depths are the ones reported).
  std::vector<std::pair<int, std::uint64_t>> done;
  auto on_iteration = [&](const SearchInfo& info) {
    if (!done.empty() && info.depth <= done.back().first) done.clear();
    done.emplace_back(info.depth, info.nodes);
  };
  const auto t0 = std::chrono::steady_clock::now();
  const std::vector<Move> best = search.think(pos, {}, lim, on_iteration);
  CaseResult r;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.nodes = search.nodes();
  if (!done.empty()) r.depth = done.back().first, r.signature = done.back().second;
  if (done.size() >= 2) {
    const auto& [d1, n1] = done[done.size() - 2];
    const std::uint64_t n2 = done.back().second;
    if (n1 > 0 && done.back().first == d1 + 1) r.ebf = double(n2) / double(n1);
  }
  std::vector<std::string> s;
  for (Move m : best) s.push_back(to_uci(m));
  r.best = join_turn(s);
  return r;
}

}  // namespace

int cmd_bench(const Common& c, int depth, std::uint64_t nodes, const Io& io) {
  std::uint64_t signature = 0, total_nodes = 0;
  double seconds = 0, log_ebf = 0;
  int ebf_cases = 0;
  json rows = json::array();
  for (const Case& k : bench_cases()) {
    const CaseResult r = run_case(k, depth, nodes);
    signature += r.signature;
    total_nodes += r.nodes;
    seconds += r.seconds;
    if (r.ebf > 0) log_ebf += std::log(r.ebf), ++ebf_cases;
    const double nps = r.nodes / std::max(r.seconds, 1e-9);
    if (c.json) {
      rows.push_back({{"variant", k.variant},
                      {"fen", k.fen},
                      {"depth", r.depth},
                      {"signature_nodes", r.signature},
                      {"nodes", r.nodes},
                      {"ebf", std::round(r.ebf * 100) / 100},
                      {"nps", std::uint64_t(nps)},
                      {"best", r.best}});
    } else {
      fmt::print(io.out, "{:<34} depth {:>2} {:>9} nodes  ebf {:>5.2f} {:>9.0f} nps  best {}\n", k.variant,
                 r.depth, r.nodes, r.ebf, nps, r.best);
      io.out.flush();
    }
  }
  const double ebf = ebf_cases ? std::exp(log_ebf / ebf_cases) : 0;
  const double nps = total_nodes / std::max(seconds, 1e-9);
  if (c.json) {
    io.out << dump_json(json{{"depth", depth},
                             {"nodes_per_case", nodes},
                             {"signature", signature},
                             {"nodes", total_nodes},
                             {"seconds", std::round(seconds * 1000) / 1000},
                             {"nps", std::uint64_t(nps)},
                             {"ebf", std::round(ebf * 100) / 100},
                             {"results", rows}})
           << "\n";
  } else {
    fmt::print(
        io.out,
        "bench signature (depth {}, {} nodes per case): {}\n{} nodes in {:.1f} s, {:.0f} nps, effective "
        "branching factor {:.2f} (geometric mean of {} cases)\n",
        depth, nodes, signature, total_nodes, seconds, nps, ebf, ebf_cases);
  }
  return 0;
}

}  // namespace hc::cli
