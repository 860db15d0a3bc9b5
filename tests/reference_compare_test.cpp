// The fast generator against the deliberately simple reference generator (tests/reference/, written
// separately from RULES.md, copy-make, no shared code) on seeded random reachable positions of every id and
// composition: the same legal moves, the same outcome, and — for every fifth position — the same FEN after
// every legal move (which checks the turn state: quota, turn end, e.p. rights, counters, null-turn ban).
// HC_REFERENCE_POSITIONS sets the positions per variant (default 10,000; the sanitizer run uses fewer).
#include <gtest/gtest.h>

#include <algorithm>

#include "reference.hpp"
#include "support.hpp"

using namespace hc;

namespace {

std::string outcome_word(Outcome o) {
  switch (o) {
    case Outcome::kCheckmate:
      return "checkmate";
    case Outcome::kKingCaptured:
      return "king-captured";
    case Outcome::kStalemate:
      return "stalemate";
    default:
      return "ongoing";  // draw rules are not the reference's business (as in perft)
  }
}

class ReferenceCompare : public ::testing::TestWithParam<std::string> {};

}  // namespace

TEST_P(ReferenceCompare, SameMovesOutcomesAndChildren) {
  const std::string id = GetParam();
  const int count = int(test::env_long("HC_REFERENCE_POSITIONS", 10000));
  Variant v = make_variant(id);
  auto fens = test::random_positions(id, count, 0x5EED ^ std::hash<std::string>()(id), 120);
  Position pos;
  long moves = 0, children = 0;
  for (std::size_t i = 0; i < fens.size(); ++i) {
    const std::string& fen = fens[i];
    set_fen(pos, v, fen);
    ASSERT_EQ(reference::normalize_fen(id, fen), fen) << "FEN normal form";
    MoveList list;
    pos.ops().legal_moves(pos, list);
    std::vector<std::string> ours, theirs = reference::legal_moves(id, fen);
    for (Move m : list) ours.push_back(to_uci(m));
    std::sort(ours.begin(), ours.end());
    std::sort(theirs.begin(), theirs.end());
    ASSERT_EQ(ours, theirs) << id << " " << fen;
    ASSERT_EQ(outcome_word(evaluate(pos).outcome), reference::outcome(id, fen)) << id << " " << fen;
    moves += long(ours.size());
    if (i % 5) continue;
    for (Move m : list) {
      Undo u;
      pos.ops().make(pos, m, u);
      ASSERT_EQ(to_fen(pos), reference::play(id, fen, to_uci(m)))
          << id << " " << fen << " after " << to_uci(m);
      pos.undo(u);
      ++children;
    }
  }
  std::printf("%s: %zu positions, %ld legal moves and %ld child positions agree\n", id.c_str(), fens.size(),
              moves, children);
}

INSTANTIATE_TEST_SUITE_P(Slice, ReferenceCompare, ::testing::ValuesIn(test::slice_variants()),
                         test::param_name);
