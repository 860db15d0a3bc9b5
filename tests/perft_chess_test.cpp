// Standard chess against the public random perft suite (../shared/ground-truth). Rows up to
// HC_PERFT_MAX_DEPTH (default 4; the sanitizer run uses less) and at most HC_PERFT_BUDGET nodes each; deeper
// rows run in bench/.
#include <gtest/gtest.h>

#include "support.hpp"

using namespace hc;

TEST(PerftChess, StartPosition) {
  Variant v = make_variant("chess");
  Position pos;
  set_fen(pos, v, v.start_fen);
  const std::uint64_t expected[] = {1, 20, 400, 8902, 197281, 4865609};
  for (int d = 0; d <= 5; ++d) EXPECT_EQ(perft(pos, d), expected[d]) << "depth " << d;
}

TEST(PerftChess, PublicRandomSuite) {
  auto rows = test::read_perft_tsv(std::string(HC_GROUND_TRUTH_DIR) + "/perft_chess_random.tsv");
  ASSERT_GT(rows.size(), 40000u) << "ground truth not found at " << HC_GROUND_TRUTH_DIR;
  const long max_depth = test::env_long("HC_PERFT_MAX_DEPTH", 4);
  const long budget = test::env_long("HC_PERFT_BUDGET", 50000000);
  Variant v = make_variant("chess");
  Position pos;
  int checked = 0;
  for (const auto& r : rows) {
    if (r.depth > max_depth || long(r.nodes) > budget) continue;
    set_fen(pos, v, r.fen);
    ASSERT_EQ(perft(pos, r.depth), r.nodes) << r.fen << " depth " << r.depth << " (" << r.source << ")";
    ++checked;
  }
  std::printf("checked %d rows of the public suite\n", checked);
  EXPECT_GT(checked, 6752 * 2);
}

TEST(PerftChess, ConstructedPositionsWithManyMen) {
  // More than 16 men a side (the 28-queen position of the public suites has 270 moves): FEN accepts every
  // position the board holds, and the move list holds every move (rules/movelist.hpp).
  auto rows = test::read_perft_tsv(std::string(HC_TEST_DATA_DIR) + "/perft_chess_constructed.tsv");
  ASSERT_GE(rows.size(), 10u);
  Variant v = make_variant("chess");
  Position pos;
  for (const auto& r : rows) {
    ASSERT_NO_THROW(set_fen(pos, v, r.fen)) << r.fen;
    EXPECT_EQ(perft(pos, r.depth), r.nodes) << r.fen << " depth " << r.depth << " (" << r.source << ")";
  }
}

TEST(PerftChess, PublicChess960Suite) {
  // Chess960 start positions: castling rights in Shredder-FEN (HAha) and X-FEN, castling with any king and
  // rook files. Played under the "chess" id: the castling geometry comes from the FEN.
  auto rows = test::read_perft_tsv(std::string(HC_GROUND_TRUTH_DIR) + "/perft_chess960.tsv");
  ASSERT_GT(rows.size(), 5000u);
  const long max_depth = test::env_long("HC_PERFT_MAX_DEPTH", 4);
  const long budget = test::env_long("HC_PERFT_BUDGET", 50000000);
  Variant v = make_variant("chess");
  Position pos, again;
  int checked = 0;
  for (const auto& r : rows) {
    if (r.depth > max_depth || long(r.nodes) > budget) continue;
    set_fen(pos, v, r.fen);
    ASSERT_EQ(perft(pos, r.depth), r.nodes) << r.fen << " depth " << r.depth << " (" << r.source << ")";
    set_fen(again, v, to_fen(pos));  // X-FEN written back reads to the same castling geometry
    ASSERT_EQ(perft(again, std::min(r.depth, 2)), perft(pos, std::min(r.depth, 2))) << to_fen(pos);
    ++checked;
  }
  std::printf("checked %d rows of the Chess960 suite\n", checked);
  EXPECT_GE(checked, 960 * 3);  // at least depths 1-3 of every start position
}
