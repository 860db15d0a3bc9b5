// The engine's answer is bounded by its limits in every id of the catalogue, also when its principal
// variation ends inside a turn of many moves and the rest of the turn is completed by short searches
// (Search::deepen). The position is the one the browser's every-variant test reaches: White's first turn,
// each move the last one the kernel lists (a whole 16-move turn in the unbounded ids). A 100 ms search there
// once took minutes: the completing searches had no bound, and one unit of depth inside a long turn opened a
// long series of captures in quiescence.
#include <gtest/gtest.h>

#include "engine/search.hpp"
#include "support.hpp"

using namespace hc;

namespace {

class AnswerBound : public ::testing::TestWithParam<std::string> {};

// White's first turn played as the every-variant browser test plays it; false if the game ended.
bool play_greedy_turn(Position& pos) {
  const Color side = pos.side();
  while (pos.side() == side) {
    MoveList list;
    pos.ops().legal_moves(pos, list);
    if (list.empty()) return false;
    Move m = list[list.size() - 1];
    for (int i = list.size(); i-- > 0;)
      if (!(list[i] == kStopMove)) {
        m = list[i];
        break;
      }
    Undo u;
    pos.ops().make(pos, m, u);
  }
  return evaluate(pos).outcome == Outcome::kOngoing;
}

// Plays `turn` from pos, each move legal where it is played; true if it is one whole turn (or ends the game).
::testing::AssertionResult whole_turn(Position pos, const std::vector<Move>& turn) {
  const Color side = pos.side();
  for (std::size_t i = 0; i < turn.size(); ++i) {
    if (pos.side() != side) return ::testing::AssertionFailure() << "moves after the turn ended";
    MoveList list;
    pos.ops().legal_moves(pos, list);
    if (!list.contains(turn[i])) return ::testing::AssertionFailure() << "move " << i << " is not legal";
    Undo u;
    pos.ops().make(pos, turn[i], u);
  }
  if (pos.side() == side && evaluate(pos).outcome == Outcome::kOngoing)
    return ::testing::AssertionFailure() << "the turn is not complete (" << turn.size() << " moves)";
  return ::testing::AssertionSuccess();
}

TEST_P(AnswerBound, NodeLimitedSearchStaysWithinItsNodes) {
  const Variant v = make_variant(GetParam());
  Position pos;
  set_fen(pos, v, v.start_fen);
  if (!play_greedy_turn(pos)) GTEST_SKIP() << "the game ended in White's first turn";
  Search search(4);
  SearchLimits lim;
  lim.nodes = 3000;
  lim.turn_probes = true;
  const std::vector<Move> turn = search.think(pos, {}, lim, nullptr);
  ASSERT_TRUE(whole_turn(pos, turn));
  // The main search stops within one time check (256 nodes) of its limit; each move completing the turn
  // after its principal variation gets one more bounded search.
  const std::uint64_t bound = lim.nodes + 256 + turn.size() * (Search::kCompletionNodes + 256);
  EXPECT_LE(search.nodes(), bound) << turn.size() << " moves";
}

TEST_P(AnswerBound, TimedSearchAnswersAWholeTurn) {
  const Variant v = make_variant(GetParam());
  Position pos;
  set_fen(pos, v, v.start_fen);
  if (!play_greedy_turn(pos)) GTEST_SKIP() << "the game ended in White's first turn";
  Search search(4);
  SearchLimits lim;
  lim.movetime_s = 0.02;
  lim.turn_probes = true;
  EXPECT_TRUE(whole_turn(pos, search.think(pos, {}, lim, nullptr)));
}

INSTANTIATE_TEST_SUITE_P(Catalogue, AnswerBound, ::testing::ValuesIn(test::slice_variants()),
                         test::param_name);

}  // namespace
