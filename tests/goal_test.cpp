// Goals beyond checkmate (RULES.md §1.10, Rules::goal) and kings that are ordinary men (§1.1), on hand-made
// positions of the three ids that use them: the game result, the end of the turn, promotion to king in every
// notation, and the engine's scores. Expected values come from RULES.md's entries, not from the code.
#include <gtest/gtest.h>

#include "engine/eval.hpp"
#include "engine/search.hpp"
#include "engine/solver.hpp"
#include "support.hpp"

using namespace hc;

namespace {

struct Game {
  Variant v;
  Position pos;
  Game(const std::string& id, const std::string& fen) : v(make_variant(id)) { set_fen(pos, v, fen); }
  GameResult result() { return evaluate(pos); }
  std::vector<std::string> moves() { return test::legal(pos); }
  // Plays a UCI move; returns whether it ended the turn.
  bool play(const std::string& uci) {
    Undo u;
    pos.ops().make(pos, parse_uci(pos, uci), u);
    return u.turn_ended;
  }
};

std::string placement(const Position& pos) {
  const std::string fen = to_fen(pos);
  return fen.substr(0, fen.find(' '));
}

}  // namespace

// ---- marseillais-losing: "a player who has lost all his men, or who cannot move at the start of his turn,
// wins" ----

TEST(Goals, LosingSideToMoveWithNoMenHasWon) {
  Game g("marseillais-losing", "8/8/8/8/8/8/8/k7 w - - 0 1");
  const GameResult r = g.result();
  EXPECT_EQ(r.outcome, Outcome::kAllMenLost);
  ASSERT_TRUE(r.winner.has_value());
  EXPECT_EQ(*r.winner, kWhite);
  EXPECT_EQ(r.result_tag(), "1-0");
}

TEST(Goals, LosingCapturingTheLastEnemyManLosesAtOnceMidTurn) {
  // Black's only man is the pawn on b3; White's a2 pawn must take it (compulsory), and Black has then won
  // though White's turn had a second move left.
  Game g("marseillais-losing", "8/8/8/8/8/1p6/P7/K7 w - - 0 1");
  EXPECT_EQ(g.moves(), std::vector<std::string>{"a2b3"});  // capture compulsory
  EXPECT_TRUE(g.play("a2b3"));                             // the game, and with it the turn, ends
  const GameResult r = g.result();
  EXPECT_EQ(r.outcome, Outcome::kAllMenLost);
  ASSERT_TRUE(r.winner.has_value());
  EXPECT_EQ(*r.winner, kBlack);
  EXPECT_TRUE(g.moves().empty());
}

TEST(Goals, LosingStalemateWinsForTheStalematedSide) {
  // White's pawn a2 is blocked by Black's a3 and nothing else of White's can move.
  Game g("marseillais-losing", "7k/8/8/8/8/p7/P7/8 w - - 0 1");
  EXPECT_TRUE(g.moves().empty());
  const GameResult r = g.result();
  EXPECT_EQ(r.outcome, Outcome::kStalemate);
  ASSERT_TRUE(r.winner.has_value());
  EXPECT_EQ(*r.winner, kWhite);
}

TEST(Goals, LosingNoSecondMoveEndsTheTurn) {
  // a2-a3 leaves White nothing to move (a3 blocked by a4): the turn simply ends (no D-5), Black to move.
  Game g("marseillais-losing", "7k/8/8/8/p7/8/P7/8 w - - 0 1");
  EXPECT_EQ(g.moves(), std::vector<std::string>{"a2a3"});
  EXPECT_TRUE(g.play("a2a3"));
  EXPECT_EQ(g.pos.side(), kBlack);
  EXPECT_EQ(g.result().outcome, Outcome::kOngoing);
}

TEST(Goals, LosingKingIsCapturedLikeAnyManAndPawnsPromoteToKing) {
  // The white rook must take the black king (compulsory capture); the game goes on, White's turn too.
  Game g("marseillais-losing", "k7/8/8/8/8/8/4p3/R7 w - - 0 1");
  EXPECT_EQ(g.moves(), std::vector<std::string>{"a1a8"});
  EXPECT_FALSE(g.play("a1a8"));  // the king's capture ends neither the turn nor the game
  EXPECT_EQ(g.result().outcome, Outcome::kOngoing);
  EXPECT_EQ(g.pos.side(), kWhite);
  // Black's pawn may become a king: UCI e2e1k, SAN e1=K.
  Game p("marseillais-losing", "7k/8/8/8/8/8/4p3/R7 b - - 0 1");
  const auto moves = p.moves();
  EXPECT_NE(std::find(moves.begin(), moves.end(), "e2e1k"), moves.end());
  EXPECT_EQ(
      std::count_if(moves.begin(), moves.end(), [](const std::string& m) { return m.rfind("e2e1", 0) == 0; }),
      5);  // Q, R, B, N, K
  const Move k = parse_san(p.pos, "e1=K");
  EXPECT_EQ(to_uci(k), "e2e1k");
  EXPECT_EQ(to_san(p.pos, k), "e1=K");
  p.play("e2e1k");
  EXPECT_EQ(placement(p.pos), "7k/8/8/8/8/8/8/R3k3");
}

// ---- progressive-take-all: "the object is to capture all the opponent's men … a side with no men loses" --

TEST(Goals, TakeAllSideWithNoMenLoses) {
  Game g("progressive-take-all", "8/8/8/8/8/8/8/k7 w - - 0 1");
  const GameResult r = g.result();
  EXPECT_EQ(r.outcome, Outcome::kAllMenLost);
  ASSERT_TRUE(r.winner.has_value());
  EXPECT_EQ(*r.winner, kBlack);
}

TEST(Goals, TakeAllCapturingTheKingEndsNeitherTheSeriesNorTheGame) {
  // White's third turn (t = 3: three moves). Rxa8 takes the king; Black still has a pawn, White two moves.
  Game g("progressive-take-all", "k7/7p/8/8/8/8/8/R3K3 w - - 0 2");
  EXPECT_EQ(g.pos.state().quota, 3u);
  EXPECT_FALSE(g.play("a1a8"));
  EXPECT_EQ(g.result().outcome, Outcome::kOngoing);
  EXPECT_EQ(g.pos.side(), kWhite);
  // Then Rxh8? No: the rook takes the pawn on h7 from a7 … a8-a7, a7xh7: the last man goes and White wins.
  EXPECT_FALSE(g.play("a8a7"));
  EXPECT_TRUE(g.play("a7h7"));
  const GameResult r = g.result();
  EXPECT_EQ(r.outcome, Outcome::kAllMenLost);
  ASSERT_TRUE(r.winner.has_value());
  EXPECT_EQ(*r.winner, kWhite);
}

TEST(Goals, TakeAllNoCheckAndProgressiveStalemateDraws) {
  // The black king may step where the white king attacks it: there is no check.
  Game g("progressive-take-all", "8/8/8/8/8/2k5/8/R1K5 b - - 0 1");
  const auto moves = g.moves();
  EXPECT_NE(std::find(moves.begin(), moves.end(), "c3b2"), moves.end());
  // Stalemate mid-series: White's three-move series, a2-a3, then nothing can move: a draw ("a side with no
  // legal move at any point of its series → draw").
  Game s("progressive-take-all", "7k/8/8/8/p7/8/P7/8 w - - 0 2");
  EXPECT_EQ(s.moves(), std::vector<std::string>{"a2a3"});
  EXPECT_FALSE(s.play("a2a3"));
  EXPECT_TRUE(s.moves().empty());
  const GameResult r = s.result();
  EXPECT_EQ(r.outcome, Outcome::kStalemate);
  EXPECT_FALSE(r.winner.has_value());
}

// ---- kamikaze-promotion-race: "win: the first pawn to reach the last rank … no pawns left: draw" ----

TEST(Goals, RaceFirstPawnOnTheLastRankWins) {
  Game g("kamikaze-promotion-race", "k7/4P3/8/8/8/8/p7/4K3 w - - 0 1");
  const auto moves = g.moves();
  EXPECT_NE(std::find(moves.begin(), moves.end(), "e7e8"), moves.end());  // no promotion piece to choose
  EXPECT_TRUE(std::none_of(moves.begin(), moves.end(), [](const std::string& m) { return m.size() == 5; }));
  g.play("e7e8");
  EXPECT_EQ(placement(g.pos), "k3P3/8/8/8/8/8/p7/4K3");
  const GameResult r = g.result();
  EXPECT_EQ(r.outcome, Outcome::kPromotion);
  ASSERT_TRUE(r.winner.has_value());
  EXPECT_EQ(*r.winner, kWhite);
  EXPECT_TRUE(g.moves().empty());
  // The finished position round-trips through FEN.
  Game again("kamikaze-promotion-race", to_fen(g.pos));
  EXPECT_EQ(to_fen(again.pos), to_fen(g.pos));
}

TEST(Goals, RaceKingCapturesAndDiesAndTheGameGoesOn) {
  // The white king takes the pawn on b2 and dies with it; both sides still have pawns.
  Game g("kamikaze-promotion-race", "4k3/7p/8/8/8/8/1p5P/K7 w - - 0 1");
  const auto moves = g.moves();
  EXPECT_NE(std::find(moves.begin(), moves.end(), "a1b2"), moves.end());
  g.play("a1b2");
  EXPECT_EQ(placement(g.pos), "4k3/7p/8/8/8/8/7P/8");
  EXPECT_EQ(g.pos.side(), kBlack);
  EXPECT_EQ(g.result().outcome, Outcome::kOngoing);
}

TEST(Goals, RaceNoPawnsLeftDraws) {
  Game g("kamikaze-promotion-race", "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
  const GameResult r = g.result();
  EXPECT_EQ(r.outcome, Outcome::kNoPawns);
  EXPECT_FALSE(r.winner.has_value());
  EXPECT_EQ(r.result_tag(), "1/2-1/2");
}

// ---- the engine follows the goal ----

TEST(Goals, EngineScoresFollowTheGoal) {
  // Losing: material is bad for its owner.
  Game up("marseillais-losing", "4k3/8/8/8/8/8/8/QQQ1K3 w - - 0 1");
  EXPECT_LT(evaluate_position(up.pos), 0);
  EXPECT_EQ(goal_sign(up.v.rules), -1);
  // A king that is an ordinary man is worth material.
  EXPECT_GT(piece_value(make_variant("progressive-take-all").rules, kKing), 0);
  // The solver wins by losing the last man: Black's rook sees White's only man down the e-file whatever White
  // plays, and capture is compulsory, so White has won in Black's next turn, before its own second one (the
  // solver counts the attacker's turns: 2).
  Game s("marseillais-losing", "4r2k/8/8/8/8/8/4P3/8 w - - 0 1");
  MateSolver solver;
  SolveOptions opt;
  opt.mate_in = 2;
  const SolveResult res = solver.solve(s.pos, opt);
  EXPECT_TRUE(res.mate);
  ASSERT_FALSE(res.keys.empty());
  EXPECT_EQ(res.mate_length, 2);
  // The search scores it as a win too.
  Search search(1);
  SearchLimits limits;
  limits.depth = 2;
  SearchInfo last;
  const auto turn = search.think(s.pos, {}, limits, [&](const SearchInfo& i) { last = i; });
  EXPECT_FALSE(turn.empty());
  EXPECT_TRUE(last.mate);
  EXPECT_GT(last.mate_turns, 0);
}
