// The tactical suite (issue 3 §7): tests/data/tactics.tsv holds, per variant id, positions with a unique best
// turn, verified outside the engine (docs/engine.md). Two checks per row:
//  * the search (fixed depth, node budget, one thread: deterministic) must return the best turn;
//  * for the mate rows ("how verified" starts "mate N"), the solver must prove mate in N with exactly that
//  key.
// HC_TACTICS_DEPTH_BONUS adds turns to every search depth (to probe a failing row).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <regex>

#include "engine/search.hpp"
#include "engine/solver.hpp"
#include "support.hpp"

using namespace hc;

namespace {

struct TacticRow {
  std::string id, variant, fen, best, verified, source;
  int mate = 0;  // > 0: a forced mate in this many turns of the side to move
  int line = 0;
};

std::vector<TacticRow> read_tactics() {
  std::vector<TacticRow> rows;
  std::ifstream in(std::string(HC_TEST_DATA_DIR) + "/tactics.tsv");
  EXPECT_TRUE(in.good()) << "cannot read tactics.tsv";
  int line_no = 0;
  const std::regex mate_re("^mate ([0-9]+)\\b.*");
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    if (line.empty() || line[0] == '#' || line.rfind("id\t", 0) == 0) continue;
    std::vector<std::string> f;
    std::stringstream ss(line);
    for (std::string x; std::getline(ss, x, '\t');) f.push_back(x);
    EXPECT_EQ(f.size(), 6u) << "tactics.tsv line " << line_no << ": expected 6 tab-separated columns";
    if (f.size() != 6) continue;
    TacticRow r{f[0], f[1], f[2], f[3], f[4], f[5], 0, line_no};
    std::smatch m;
    if (std::regex_match(r.verified, m, mate_re)) r.mate = std::stoi(m[1]);
    rows.push_back(r);
  }
  return rows;
}

// Search depth in turns: a mate in N needs the attacker's N turns and the defender's N-1 replies, plus one
// turn to see that the defender has no escape; a material win gets a fixed depth.
int depth_for(const TacticRow& r) {
  int bonus = int(test::env_long("HC_TACTICS_DEPTH_BONUS", 0));
  return (r.mate ? 2 * r.mate + 1 : 5) + bonus;
}

std::string text(const std::vector<Move>& turn) {
  std::vector<std::string> s;
  for (Move m : turn) s.push_back(to_uci(m));
  return join_turn(s);
}

}  // namespace

TEST(Tactics, FileIsWellFormed) {
  auto rows = read_tactics();
  ASSERT_GE(rows.size(), 45u);
  std::map<std::string, int> per_variant;
  std::map<std::string, int> ids;
  for (const auto& r : rows) {
    ++per_variant[r.variant];
    EXPECT_EQ(++ids[r.id], 1) << "duplicate id " << r.id;
    EXPECT_FALSE(r.verified.empty()) << r.id;
    EXPECT_FALSE(r.source.empty()) << r.id;
    // The best turn must be a legal complete turn of the position.
    Variant v = make_variant(r.variant);
    GameRecord g(v);
    g.set_fen(r.fen);
    bool found = false;
    for_each_turn(
        g.position(), [&](const std::vector<Move>& t) { found = found || text(t) == r.best; }, 1000000);
    EXPECT_TRUE(found) << r.id << ": " << r.best << " is not a legal turn";
  }
  // Every id and showcase composition of the catalogue, by canonical id.
  std::map<std::string, int> per_canonical;
  for (const auto& [variant, n] : per_variant) per_canonical[make_variant(variant).id] += n;
  for (const auto& id : test::slice_variants()) {
    const std::string canonical = make_variant(id).id;
    EXPECT_GE(per_canonical[canonical], 3) << "fewer than 3 rows for " << canonical;
  }
}

TEST(Tactics, SearchFindsTheBestTurn) {
  const auto budget = std::uint64_t(test::env_long("HC_TACTICS_NODES", 3000000));
  int passed = 0, total = 0;
  for (const auto& r : read_tactics()) {
    ++total;
    Variant v = make_variant(r.variant);
    Position pos;
    set_fen(pos, v, r.fen);
    Search search(16);
    SearchLimits lim;
    lim.depth = depth_for(r);
    lim.nodes = budget;
    std::vector<Move> best = search.think(pos, {}, lim, nullptr);
    const std::string got = text(best);
    EXPECT_EQ(got, r.best) << r.id << " (" << r.variant << ", depth " << lim.depth << ", " << search.nodes()
                           << " nodes): " << r.fen;
    if (got == r.best) ++passed;
  }
  std::printf("tactical suite: %d/%d rows solved by the search\n", passed, total);
}

TEST(Tactics, SolverProvesTheUniqueKey) {
  for (const auto& r : read_tactics()) {
    if (!r.mate) continue;
    Variant v = make_variant(r.variant);
    Position pos;
    set_fen(pos, v, r.fen);
    MateSolver solver;
    SolveOptions opt;
    opt.mate_in = r.mate;
    opt.node_limit = 20000000;
    SolveResult s = solver.solve(pos, opt);
    ASSERT_TRUE(s.complete) << r.id << ": solver stopped by its node limit";
    ASSERT_TRUE(s.mate) << r.id;
    EXPECT_EQ(s.mate_length, r.mate) << r.id;
    std::vector<std::string> keys;
    for (const auto& k : s.keys) keys.push_back(text(k));
    EXPECT_EQ(keys, std::vector<std::string>{r.best}) << r.id;
  }
}
