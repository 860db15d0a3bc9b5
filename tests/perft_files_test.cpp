// The per-id perft files (tests/data/perft/<id>.tsv, read by perft_files.hpp) against the fast generator:
// every catalogue id and showcase composition has exactly one file, each file holds the start position and at
// least three other positions, and every row's count is hc::perft's. The counts were confirmed by the
// reference generator (scripts/perft_files.sh --confirm); adding an id means writing its file with
// scripts/perft_files.sh --write ID and confirming it.
// HC_PERFT_MAX_DEPTH and HC_PERFT_BUDGET (nodes) skip deeper or larger rows (the sanitizer and Debug runs of
// scripts/test.sh set them); by default every row is checked.
#include <gtest/gtest.h>

#include <chrono>
#include <set>

#include "perft_files.hpp"

using namespace hc;
namespace pf = hc::test::perft_files;

namespace {

std::vector<std::string> file_ids() {
  try {
    return pf::list_ids();
  } catch (const std::exception&) {
    return {};  // reported by EveryIdAndCompositionHasOneFile
  }
}

class PerftFile : public ::testing::TestWithParam<std::string> {};

}  // namespace

TEST(PerftFiles, EveryIdAndCompositionHasOneFile) {
  std::vector<std::string> problems;
  ASSERT_NO_THROW(problems = pf::coverage_problems());
  for (const std::string& p : problems) ADD_FAILURE() << p;
}

TEST_P(PerftFile, StartPositionAndMiddlegames) {
  const pf::File f = pf::read(GetParam());
  const Variant v = make_variant(f.id);
  std::set<int> start_depths;
  std::set<std::string> others;
  for (const auto& r : f.rows) {
    if (r.fen == v.start_fen)
      start_depths.insert(r.depth);
    else
      others.insert(r.fen);
  }
  EXPECT_TRUE(start_depths.count(1) && start_depths.count(2) && start_depths.count(3))
      << f.path << ": the start position at depths 1, 2 and 3 at least";
  EXPECT_GE(others.size(), 3u) << f.path << ": at least three positions besides the start position";
}

TEST_P(PerftFile, FastGeneratorCountsEveryRow) {
  const pf::File f = pf::read(GetParam());
  const Variant v = make_variant(f.id);
  const long max_depth = test::env_long("HC_PERFT_MAX_DEPTH", 64);
  const long budget = test::env_long("HC_PERFT_BUDGET", -1);
  const auto t0 = std::chrono::steady_clock::now();
  Position pos;
  int checked = 0, skipped = 0;
  std::uint64_t nodes = 0;
  for (const auto& r : f.rows) {
    if (r.depth > max_depth || (budget >= 0 && r.nodes > std::uint64_t(budget))) {
      ++skipped;
      continue;
    }
    const std::string where = f.path + ":" + std::to_string(r.line);
    ASSERT_NO_THROW(set_fen(pos, v, r.fen)) << where;
    EXPECT_EQ(perft(pos, r.depth), r.nodes) << where << ": " << v.id << " " << r.fen << " depth " << r.depth;
    ++checked;
    nodes += r.nodes;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%s: %d rows checked (%llu nodes, %.2f s), %d skipped by HC_PERFT_MAX_DEPTH/HC_PERFT_BUDGET\n",
              f.id.c_str(), checked, static_cast<unsigned long long>(nodes), seconds, skipped);
  EXPECT_GT(checked, 0) << f.path;
}

INSTANTIATE_TEST_SUITE_P(Files, PerftFile, ::testing::ValuesIn(file_ids()), test::param_name);
