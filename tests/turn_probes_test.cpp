// The engine's proof searches around multi-move turns (Search::think, issue 3 §2): in Progressive chess it
// never misses a mate within its own series, and it avoids series after which the opponent mates in his
// next one. Positions come from seeded random Progressive games; the verdicts come from the mate solver
// and the kernel's outcome, not from the search under test.
#include <gtest/gtest.h>

#include "engine/search.hpp"
#include "engine/solver.hpp"
#include "support.hpp"

using namespace hc;

namespace {

// Turn-start positions of random Progressive games whose series has `lo`..`hi` moves and whose game is on.
std::vector<std::string> series_positions(const std::string& variant, int count, int lo, int hi) {
  std::vector<std::string> out;
  Variant v = make_variant(variant);
  for (const auto& fen : test::random_positions(variant, 40 * count, 7, 60)) {
    Position pos;
    set_fen(pos, v, fen);
    const TurnState& st = pos.state();
    if (st.made != 0 || int(st.quota) < lo || int(st.quota) > hi ||
        evaluate(pos).outcome != Outcome::kOngoing)
      continue;
    out.push_back(fen);
    if (int(out.size()) == count) break;
  }
  return out;
}

std::vector<Move> engine_turn(Position& pos, bool probes) {
  Search search(4);
  SearchLimits lim;
  lim.depth = 2;
  lim.turn_probes = probes;
  return search.think(pos, {}, lim, nullptr);
}

// Whether the side to move mates within its turn: 1 yes, 0 no, -1 not decided within the node budget.
int mates_in_one(Position& pos) {
  MateSolver solver;
  SolveOptions opt;
  opt.mate_in = 1;
  opt.all_solutions = false;
  opt.node_limit = 300000;
  SolveResult r = solver.solve(pos, opt);
  return r.mate ? 1 : r.complete ? 0 : -1;
}

}  // namespace

TEST(TurnProbes, NeverMissesAMateInTheSeries) {
  Variant v = make_variant("progressive");
  int mates = 0;
  const int count = int(test::env_long("HC_TURN_PROBE_POSITIONS", 40));
  for (const auto& fen : series_positions("progressive", count, 3, 6)) {
    Position pos;
    set_fen(pos, v, fen);
    if (mates_in_one(pos) != 1) continue;
    ++mates;
    GameRecord g(v);
    g.set_fen(fen);
    for (Move m : engine_turn(pos, true)) g.play(m);
    const GameResult r = g.result();
    EXPECT_TRUE(r.winner.has_value() && *r.winner != g.position().side()) << fen;
  }
  EXPECT_GE(mates, count / 8) << "too few positions with a mate in one series to mean anything";
}

TEST(TurnProbes, AvoidsSeriesAfterWhichTheOpponentMates) {
  Variant v = make_variant("progressive");
  int unsafe_with = 0, unsafe_without = 0, positions = 0;
  const int count = int(test::env_long("HC_TURN_PROBE_POSITIONS", 40));
  for (const auto& fen : series_positions("progressive", count, 3, 5)) {
    Position pos;
    set_fen(pos, v, fen);
    if (mates_in_one(pos) != 0) continue;  // a mate of our own is the first test's business
    ++positions;
    for (bool probes : {true, false}) {
      std::vector<Move> turn = engine_turn(pos, probes);
      std::vector<Undo> undos(turn.size());
      for (std::size_t i = 0; i < turn.size(); ++i) pos.ops().make(pos, turn[i], undos[i]);
      const bool unsafe = evaluate(pos).outcome == Outcome::kOngoing && mates_in_one(pos) == 1;
      for (std::size_t i = turn.size(); i-- > 0;) pos.undo(undos[i]);
      (probes ? unsafe_with : unsafe_without) += unsafe;
    }
  }
  std::printf("%d positions: the opponent mates next after %d turns chosen with probes, %d without\n",
              positions, unsafe_with, unsafe_without);
  EXPECT_GT(unsafe_without, 0)
      << "no position where the plain search walks into a mate: the test means nothing";
  EXPECT_LT(unsafe_with, unsafe_without);
}
