// Perft throughput per variant id from its start position (single thread): the best of several runs, in
// million moves (nodes) per second. `--json` prints one object. Used by scripts/bench.sh beside Stockfish's
// own perft.
#include <fmt/core.h>

#include <chrono>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "notation/fen.hpp"
#include "rules/game.hpp"
#include "variants/registry.hpp"

using namespace hc;

int main(int argc, char** argv) {
  struct Case {
    std::string id;
    int depth;
  };
  // Every built-in id and showcase composition (src/variants/catalogue.toml), to depth 6 unless slower.
  // Slower ids search less deep; ids whose trees are small at 6 (their turns allow few moves) go deeper, so
  // that each figure is timed over at least a few million nodes.
  const std::map<std::string, int> depth_of = {{"madras", 5},
                                               {"marseillais+atomic", 5},
                                               {"alice+madras", 5},
                                               {"different-men-marseillais+madras", 5},
                                               {"maximummer-marseillais", 8},
                                               {"citizen", 8},
                                               {"black-and-white-marseillais", 7},
                                               {"central-marseillais", 7},
                                               {"balanced-equidistant-marseillais", 7},
                                               {"logical-progressive", 7}};
  std::vector<Case> cases;
  auto add = [&](const std::string& id) {
    auto it = depth_of.find(id);
    cases.push_back({id, it == depth_of.end() ? 6 : it->second});
  };
  for (const auto& v : builtin_catalogue().variants) add(v.id);
  for (const auto& spec : builtin_catalogue().showcase) add(spec);
  bool json = false;
  int repeats = 3;
  std::vector<std::string> only;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--json"))
      json = true;
    else if (!std::strcmp(argv[i], "--repeats") && i + 1 < argc)
      repeats = std::atoi(argv[++i]);
    else
      only.push_back(argv[i]);
  }
  if (json) fmt::print("{{\"results\": [");
  bool first = true;
  for (const auto& c : cases) {
    if (!only.empty() && std::find(only.begin(), only.end(), c.id) == only.end()) continue;
    Variant v = make_variant(c.id);
    Position pos;
    set_fen(pos, v, v.start_fen);
    double best = 1e30;
    std::uint64_t nodes = 0;
    for (int r = 0; r < repeats; ++r) {
      auto t0 = std::chrono::steady_clock::now();
      nodes = perft(pos, c.depth);
      best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    double mnps = nodes / best / 1e6;
    if (json) {
      fmt::print(
          "{}{{\"variant\": \"{}\", \"depth\": {}, \"nodes\": {}, \"seconds\": {:.4f}, \"mnps\": {:.1f}}}",
          first ? "" : ", ", c.id, c.depth, nodes, best, mnps);
    } else {
      fmt::print("{:<28} depth {}  {:>12} nodes  {:7.3f} s  {:7.1f} Mnps\n", c.id, c.depth, nodes, best,
                 mnps);
    }
    std::fflush(stdout);
    first = false;
  }
  if (json) fmt::print("]}}\n");
  return 0;
}
