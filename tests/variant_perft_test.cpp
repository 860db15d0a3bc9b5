// Variant perft against numbers we did not compute:
//  * atomic.perft.tsv — the published atomic suites (python-chess, chessops), and atomic_random.tsv — 2000
//    random reachable positions on which chessops and ffish-es6 (Fairy-Stockfish) agree (tests/peers/).
//  * alice_ffish.tsv — ffish-alice-es6 (Fairy-Stockfish's Alice branch). It has no en passant, so we compare
//    with the option "alice:ep=none". With that option off, every remaining difference comes from RULES.md's
//    Alice e.p. decision (§5.1 decision 2: a pawn on the double-stepper's board may take it e.p.); the test
//    below checks that each differing row is one where such a capture is available somewhere in the tree.
//    Castling, the king's origin-board rule and the vacancy rule are identical in both
//    (tests/peers/README.md).
#include <gtest/gtest.h>

#include "support.hpp"

using namespace hc;

namespace {

std::string data(const std::string& name) { return std::string(HC_TEST_DATA_DIR) + "/" + name; }

int check_rows(const std::vector<test::PerftRow>& rows, const std::string& variant_override) {
  int checked = 0;
  for (const auto& r : rows) {
    Variant v = make_variant(variant_override.empty() ? r.variant : variant_override);
    Position pos;
    set_fen(pos, v, r.fen);
    EXPECT_EQ(perft(pos, r.depth), r.nodes)
        << v.id << " " << r.fen << " depth " << r.depth << " [" << r.source << "]";
    ++checked;
  }
  return checked;
}

}  // namespace

TEST(VariantPerft, AtomicPublishedSuites) {
  auto rows = test::read_perft_tsv(data("atomic.perft.tsv"));
  ASSERT_GE(rows.size(), 20u);
  EXPECT_EQ(check_rows(rows, ""), int(rows.size()));
}

TEST(VariantPerft, AtomicRandomPositionsAgreeWithTwoPeers) {
  auto rows = test::read_perft_tsv(data("atomic_random.tsv"));
  ASSERT_GE(rows.size(), 4000u);
  EXPECT_EQ(check_rows(rows, ""), int(rows.size()));
}

TEST(VariantPerft, AliceWithoutEnPassantAgreesWithFfishAlice) {
  auto rows = test::read_perft_tsv(data("alice_ffish.tsv"));
  ASSERT_GE(rows.size(), 600u);
  EXPECT_EQ(check_rows(rows, "alice:ep=none"), int(rows.size()));
}

TEST(VariantPerft, AliceStartPosition) {
  // ffish-alice-es6 gives 20, 400, 9384, 219236, 5910465; no e.p. capture is possible before depth 6.
  Variant v = make_variant("alice");
  Position pos;
  set_fen(pos, v, v.start_fen);
  const std::uint64_t expected[] = {1, 20, 400, 9384, 219236, 5910465};
  for (int d = 1; d <= 5; ++d) EXPECT_EQ(perft(pos, d), expected[d]) << "depth " << d;
}

namespace {
bool ep_capture_in_tree(Position& pos, int depth) {
  if (depth <= 0) return false;
  MoveList list;
  pos.ops().legal_moves(pos, list);
  for (Move m : list) {
    if (m.kind() == MoveKind::kEnPassant) return true;
    Undo u;
    pos.ops().make(pos, m, u);
    bool found = ep_capture_in_tree(pos, depth - 1);
    pos.undo(u);
    if (found) return true;
  }
  return false;
}
}  // namespace

TEST(VariantPerft, AliceDifferencesFromFfishAreAllEnPassant) {
  auto rows = test::read_perft_tsv(data("alice_ffish.tsv"));
  Variant v = make_variant("alice");
  int differing = 0;
  for (const auto& r : rows) {
    Position pos;
    set_fen(pos, v, r.fen);
    if (perft(pos, r.depth) == r.nodes) continue;
    ++differing;
    EXPECT_TRUE(ep_capture_in_tree(pos, r.depth)) << r.fen << " depth " << r.depth;
  }
  std::printf("%d of %zu rows differ from ffish-alice-es6, each through an e.p. capture\n", differing,
              rows.size());
}
