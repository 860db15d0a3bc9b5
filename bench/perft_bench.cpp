// Perft throughput per variant id from its start position (single thread): the best of several runs, in
// million moves (nodes) per second. `--json` prints one object. Used by scripts/bench.sh beside Stockfish's
// own perft. `--generic` times each id on the fast kernel and on the generic kernel
// (rules/generic_kernel.hpp), interleaved run by run so that the machine's load hits both alike, and prints
// the ratio. Ids or compositions named on the command line are timed alone (depth 5 for one not in the list
// below).
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "notation/fen.hpp"
#include "rules/game.hpp"
#include "rules/generic_kernel.hpp"
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
  const std::map<std::string, int> depth_of = {
      {"madras", 5},
      {"marseillais+atomic", 5},
      {"alice+madras", 5},
      {"different-men-marseillais+madras", 5},
      {"maximummer-marseillais", 8},
      {"citizen", 8},
      {"power-pawn", 5},
      {"doublet", 5},
      {"battle-ratushny", 5},
      {"omni-chess", 5},
      {"black-and-white-marseillais", 7},
      {"central-marseillais", 7},
      {"balanced-equidistant-marseillais", 7},
      {"logical-progressive", 7},
      {"progressive-forwards", 5},
      {"progressive-late-mate", 5},
      {"kazan", 9}};  // its refill chains seldom branch: 6,102 nodes at 6
  std::vector<Case> cases;
  auto add = [&](const std::string& id) {
    auto it = depth_of.find(id);
    cases.push_back({id, it == depth_of.end() ? 6 : it->second});
  };
  for (const auto& v : builtin_catalogue().variants) add(v.id);
  for (const auto& spec : builtin_catalogue().showcase) add(spec);
  bool json = false, generic = false;
  int repeats = 3, depth = 0;
  std::vector<std::string> only;
  const char* usage =
      "usage: perft_bench [--json] [--generic] [--depth N] [--repeats N] [ID ...]\n"
      "  perft from each id's start position (every built-in id and showcase composition when none is "
      "named),\n"
      "  best of --repeats runs (3), in Mnps; --depth 1-10 overrides each id's depth; --generic also times "
      "the\n"
      "  generic kernel, interleaved, with the ratio.\n";
  auto fail = [&](const std::string& why) {
    fmt::print(stderr, "perft_bench: {}\n{}", why, usage);
    std::exit(2);
  };
  // A count argument: a whole number in [lo, hi], nothing else.
  auto count = [&](int& i, const char* name, int lo, int hi) {
    if (i + 1 >= argc) fail(fmt::format("{} needs a number", name));
    const std::string text = argv[++i];
    char* end = nullptr;
    const long n = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || *end || n < lo || n > hi) fail(fmt::format("{} {}: want {}-{}", name, text, lo, hi));
    return int(n);
  };
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h")) {
      fmt::print("{}", usage);
      return 0;
    } else if (!std::strcmp(argv[i], "--json")) {
      json = true;
    } else if (!std::strcmp(argv[i], "--generic")) {
      generic = true;
    } else if (!std::strcmp(argv[i], "--depth")) {
      depth = count(i, "--depth", 1, 10);
    } else if (!std::strcmp(argv[i], "--repeats")) {
      repeats = count(i, "--repeats", 1, 1000);
    } else if (argv[i][0] == '-') {
      fail(fmt::format("unknown option '{}'", argv[i]));
    } else {
      only.push_back(argv[i]);
    }
  }
  for (const auto& id : only) {
    try {
      make_variant(id);
    } catch (const std::exception& e) {  // VariantError, or a variants-file error for a composition
      fail(e.what());
    }
    if (std::none_of(cases.begin(), cases.end(), [&](const Case& c) { return c.id == id; }))
      cases.push_back({id, 5});
  }
  if (json) fmt::print("{{\"results\": [");
  bool first = true;
  if (depth > 0)
    for (auto& c : cases) c.depth = depth;
  for (const auto& c : cases) {
    if (!only.empty() && std::find(only.begin(), only.end(), c.id) == only.end()) continue;
    Variant v = make_variant(c.id), g = v;
    g.rules.kernel = KernelChoice::kGeneric;
    g.ops = kernel_for(g.rules);
    Position pos, gpos;
    set_fen(pos, v, v.start_fen);
    set_fen(gpos, g, g.start_fen);
    double best = 1e30, gbest = 1e30;
    std::uint64_t nodes = 0, gnodes = 0;
    auto timed = [&](Position& p, std::uint64_t& n) {
      auto t0 = std::chrono::steady_clock::now();
      n = perft(p, c.depth);
      return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    };
    for (int r = 0; r < repeats; ++r) {
      best = std::min(best, timed(pos, nodes));
      if (generic) gbest = std::min(gbest, timed(gpos, gnodes));
    }
    double mnps = nodes / best / 1e6;
    if (generic) {
      const double gmnps = gnodes / gbest / 1e6;
      if (gnodes != nodes) fmt::print(stderr, "{}: generic kernel {} nodes, fast {}\n", c.id, gnodes, nodes);
      if (json)
        fmt::print(
            "{}{{\"variant\": \"{}\", \"depth\": {}, \"nodes\": {}, \"mnps\": {:.2f}, \"generic_mnps\": "
            "{:.2f}, \"ratio\": {:.3f}}}",
            first ? "" : ", ", c.id, c.depth, nodes, mnps, gmnps, gmnps / mnps);
      else
        fmt::print("{:<34} depth {}  {:>12} nodes  fast {:7.2f} Mnps  generic {:7.2f} Mnps  ratio {:.3f}\n",
                   c.id, c.depth, nodes, mnps, gmnps, gmnps / mnps);
    } else if (json) {
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
