// The END-OF-TURN check regime (RULES.md §1.5-1.6, CheckRegime::kEndOfTurn) with its completion test
// (completes_turn), and the Triplets schedule and composition (RULES.md §3.4 `triplets`, `triplets-gardner`:
// schedule "own-turn-up-to", categories "pawn-piece-king"). Hand-made positions; every expected list is
// worked out by hand in the comments.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "notation/fen.hpp"
#include "rules/game.hpp"
#include "rules/kernel.hpp"
#include "support.hpp"
#include "variants/registry.hpp"
#include "variants/variant_file.hpp"

using namespace hc;

namespace {

using test::legal;
using Moves = std::vector<std::string>;

bool has(const Moves& m, const std::string& uci) { return std::find(m.begin(), m.end(), uci) != m.end(); }

GameResult result_of(const std::string& variant, const std::string& fen) {
  Variant v = make_variant(variant);
  Position pos;
  set_fen(pos, v, fen);
  return evaluate(pos);
}

}  // namespace

// Own-turn index n gives quotas 1, 2, 3, 3 …: turn index t = 1, 2 (n = 1), 3, 4 (n = 2), 5 on (n >= 3).
TEST(Triplets, ScheduleIsOneTwoThenThree) {
  const Rules& r = make_variant("triplets").rules;
  const std::uint32_t expected[] = {1, 1, 2, 2, 3, 3, 3, 3, 3, 3};
  for (int t = 1; t <= 10; ++t) EXPECT_EQ(r.schedule.static_quota(t), expected[t - 1]) << "t=" << t;
  EXPECT_EQ(r.regime, CheckRegime::kEndOfTurn);
}

// n = 1: one pawn move, the 16 pawn moves of the start position and nothing else.
TEST(Triplets, FirstTurnIsOnePawnMove) {
  const Moves m = legal("triplets", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(m.size(), 16u);
  for (const std::string& s : m) EXPECT_EQ(s[1], '2') << s;
}

// n = 2 after the pawn move 1 e3: a piece move, never the king's (Ke2 is no piece move): the knights' five
// moves (a3 c3; e2 f3 h3), the bishop's five (e2 d3 c4 b5 a6) and the queen's four (e2 f3 g4 h5) — 14.
TEST(Triplets, SecondTurnAfterPawnIsAPieceMoveNotTheKing) {
  const Moves m =
      legal("triplets", "rnbqkbnr/pppp1ppp/8/4p3/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 2 made=1 used=pawn");
  EXPECT_FALSE(has(m, "e1e2"));
  EXPECT_EQ(m, (Moves{"b1a3", "b1c3", "d1e2", "d1f3", "d1g4", "d1h5", "f1a6", "f1b5", "f1c4", "f1d3", "f1e2",
                      "g1e2", "g1f3", "g1h3"}));
}

// A pinned man may move if the king then moves (RULES.md §3.4): White Ke1, Be2, Ph2; Black Ka8, Re7 pinning
// the bishop. At the start every bishop move is legal (9), the king's four steps off the e-file and the
// pawn's two; after Bd3 the king stands in check mid-turn, and the king's four steps off the file and the
// pawn moves (the king moving afterwards) are legal, Ke2 (still on the file, no way to leave it later) is
// not.
TEST(EndOfTurn, PinnedManMovesIfTheKingThenMoves) {
  const Moves start = legal("triplets", "k7/4r3/8/8/8/8/4B2P/4K3 w - - 0 3");
  EXPECT_EQ(start.size(), 15u);
  EXPECT_TRUE(has(start, "e2d3"));
  EXPECT_TRUE(has(start, "e2a6"));
  EXPECT_EQ(legal("triplets", "k7/4r3/8/8/8/3B4/7P/4K3 w - - 0 3 made=1 used=piece"),
            (Moves{"e1d1", "e1d2", "e1f1", "e1f2", "h2h3", "h2h4"}));
}

// A move that would capture the enemy king is no move: after axb3 the a-file is open and Ra1 attacks a8; Rxa8
// is not among the moves, Ra2 … Ra7 are.
TEST(EndOfTurn, TheEnemyKingIsNeverCaptured) {
  const Moves m = legal("triplets", "k7/8/8/8/8/1P6/8/R3K3 w - - 0 3 made=1 used=pawn");
  EXPECT_FALSE(has(m, "a1a8"));
  EXPECT_EQ(m, (Moves{"a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1b1", "a1c1", "a1d1", "e1d1", "e1d2",
                      "e1e2", "e1f1", "e1f2"}));
}

// Castling out of check (D-1: dropped under END-OF-TURN): Black Re8 checks Ke1; O-O is legal, and so is every
// rook move and pawn move (the king moves later). With escape_first_move the first move must end the check:
// the king's four steps off the e-file and O-O.
TEST(EndOfTurn, CastlingOutOfCheckAndEscapeFirstMove) {
  const std::string fen = "k3r3/8/8/8/8/8/P7/4K2R w K - 0 3";
  const Moves pure = legal("triplets", fen);
  EXPECT_TRUE(has(pure, "e1g1"));
  EXPECT_TRUE(has(pure, "h1h5"));
  EXPECT_TRUE(has(pure, "a2a3"));
  EXPECT_EQ(pure.size(), 16u);
  EXPECT_EQ(legal("triplets:escape-first-move=true", fen), (Moves{"e1d1", "e1d2", "e1f1", "e1f2", "e1g1"}));
  // Observed check would refuse castling out of check and every move that leaves it.
  EXPECT_FALSE(has(legal("chess", fen), "e1g1"));
}

// Castling through an attacked square (Black Rf8 attacks f1) is legal, with or without
// no_king_step_into_check (the king lands on g1, safe). Landing on an attacked square (Black Rg8): refused
// under no_king_step_into_check; under the pure rule too, because nothing can then block the g-file (the
// castled rook on f1 cannot reach g2, the pawn is on a2), so the turn cannot end with the king safe.
TEST(EndOfTurn, CastlingThroughAttackedSquares) {
  EXPECT_TRUE(has(legal("triplets", "k4r2/8/8/8/8/8/P7/4K2R w K - 0 3"), "e1g1"));
  EXPECT_TRUE(
      has(legal("triplets:no-king-step-into-check=true", "k4r2/8/8/8/8/8/P7/4K2R w K - 0 3"), "e1g1"));
  EXPECT_FALSE(
      has(legal("triplets:no-king-step-into-check=true", "k5r1/8/8/8/8/8/P7/4K2R w K - 0 3"), "e1g1"));
  EXPECT_FALSE(has(legal("triplets", "k5r1/8/8/8/8/8/P7/4K2R w K - 0 3"), "e1g1"));
}

// E.p. at any stage of the turn: after the knight move, exd6 e.p. against Black's d7-d5 of the previous turn.
TEST(Triplets, EnPassantLaterInTheTurn) {
  EXPECT_TRUE(has(legal("triplets", "4k3/8/8/3pP3/8/8/8/1N2K3 w - d6 0 5 made=1 used=piece"), "e5d6"));
}

// A pawn promoting with its pawn move may make the piece move as the new piece: after b8=Q the queen moves.
TEST(Triplets, PromotedPawnMakesThePieceMove) {
  const Moves m = legal("triplets", "1Q6/8/8/8/8/8/8/k3K3 w - - 0 5 made=1 used=pawn");
  EXPECT_TRUE(has(m, "b8h8"));
  EXPECT_TRUE(has(m, "e1d2"));
}

// A side that cannot complete its turn: White Kh1, Ph2 blocked by h3, Black Kf2 guarding g1 and g2. Not in
// check, no legal turn: Triplets loses (stalemate, lost for the stalemated side); with Black Ra1 checking, it
// is checkmate. Gardner: the same positions are stalemate (a draw) and checkmate.
TEST(Triplets, ASideThatCannotCompleteItsTurnLoses) {
  const GameResult stuck = result_of("triplets", "8/8/8/8/8/7p/5k1P/7K w - - 0 5");
  EXPECT_EQ(stuck.outcome, Outcome::kStalemate);
  ASSERT_TRUE(stuck.winner.has_value());
  EXPECT_EQ(*stuck.winner, kBlack);
  const GameResult mate = result_of("triplets", "8/8/8/8/8/7p/5k1P/r6K w - - 0 5");
  EXPECT_EQ(mate.outcome, Outcome::kCheckmate);
  EXPECT_EQ(*mate.winner, kBlack);
  const GameResult draw = result_of("triplets-gardner", "8/8/8/8/8/7p/5k1P/7K w - - 0 5");
  EXPECT_EQ(draw.outcome, Outcome::kStalemate);
  EXPECT_FALSE(draw.winner.has_value());
  EXPECT_EQ(result_of("triplets-gardner", "8/8/8/8/8/7p/5k1P/r6K w - - 0 5").outcome, Outcome::kCheckmate);
}

// Gardner: a component that cannot be played is skipped. White Kh1, Ph2 blocked, Black Ke1: Kg1 is the whole
// turn (no pawn move, no piece), and the turn passes after it; Triplets has no complete turn there.
TEST(TripletsGardner, AComponentThatCannotBePlayedIsSkipped) {
  const std::string fen = "8/8/8/8/8/7p/7P/4k2K w - - 0 5";
  EXPECT_EQ(legal("triplets-gardner", fen), (Moves{"h1g1"}));
  EXPECT_TRUE(legal("triplets", fen).empty());
  Variant v = make_variant("triplets-gardner");
  Position pos;
  set_fen(pos, v, fen);
  Undo u;
  pos.ops().make(pos, parse_uci(pos, "h1g1"), u);
  EXPECT_TRUE(u.turn_ended);
  EXPECT_EQ(pos.side(), kBlack);
}

// RULES.md §9.5: after Castelli's 13 … Kh4/Nd7/b6, White's complete turns under the pure rule begin with b4,
// Kxe4 or d6 (six turns: b4/Kxe4/Rxf5, Kxe4/Rxf5/b4, Kxe4/Rxf5/d6, Kxe4/b4/Rxf5, Kxe4/d6/Rxf5, d6/Kxe4/Rxf5);
// with no_king_step_into_check every king move lands on an attacked square and White has no move at all.
TEST(EndOfTurn, CastelliFinalPosition) {
  const std::string fen = "r7/3n2p1/1p6/pN1P1pr1/P3pK1k/1P2P2P/3B4/R4R2 w - - 0 14";
  EXPECT_EQ(legal("triplets", fen), (Moves{"b3b4", "d5d6", "f4e4"}));
  EXPECT_TRUE(legal("triplets:no-king-step-into-check=true", fen).empty());
  const GameResult r = result_of("triplets:no-king-step-into-check=true", fen);
  EXPECT_EQ(r.outcome, Outcome::kStalemate);
  EXPECT_EQ(*r.winner, kBlack);
}

// Mid-turn FENs: the side to move may stand in check, the categories used are listed, and both round-trip.
TEST(EndOfTurn, MidTurnFenRoundTrips) {
  Variant v = make_variant("triplets");
  for (const std::string fen : {"k7/4r3/8/8/8/3B4/7P/4K3 w - - 0 3 made=1 used=piece",
                                "k7/8/8/8/8/1P6/3K4/R7 w - - 0 3 made=2 used=pawn,king"}) {
    Position pos;
    set_fen(pos, v, fen);
    EXPECT_EQ(to_fen(pos), fen);
  }
}

// completes_turn's memory is keyed by the position's serial as well as its key: the same placement and turn
// state under other rules (the option changes no key) never reuses an answer. Alternating the two settings on
// one thread gives each its own answer every time (b4 and d6 begin complete turns only under the pure rule).
TEST(EndOfTurn, CompletionMemoryNeverCrossesRules) {
  const std::string fen = "r7/3n2p1/1p6/pN1P1pr1/P3pK1k/1P2P2P/3B4/R4R2 w - - 0 14";
  for (int i = 0; i < 3; ++i) {
    EXPECT_TRUE(legal("triplets:no-king-step-into-check=true", fen).empty()) << i;
    EXPECT_EQ(legal("triplets", fen), (Moves{"b3b4", "d5d6", "f4e4"})) << i;
  }
}

// END-OF-TURN with Hurricane's turn (any number of moves by different men, a voluntary stop), declared here
// (the ids that use it are not in the catalogue yet): the stop only with the king safe, and a move only if
// the turn can still end safe (completes_turn: the stop's fast accept and the escape bound, rules/turn.cpp).
namespace {
const Catalogue& every_man_catalogue() {
  static const Catalogue c = [] {
    auto r = read_variants_text(R"(
[every-man-end-of-turn]
inherits = "hurricane"
name = "Hurricane's turn under END-OF-TURN"
ends_on = []
check = "end-of-turn"
ep.when = "any"
)",
                                "every-man.toml", builtin_catalogue());
    if (!r.issues.empty()) throw std::runtime_error(r.issues[0].text("every-man.toml"));
    return r.catalogue;
  }();
  return c;
}

Moves every_man_legal(const std::string& fen) {
  Variant v = make_variant("every-man-end-of-turn", every_man_catalogue());
  Position pos;
  set_fen(pos, v, fen);
  return legal(pos);
}
}  // namespace

TEST(EndOfTurnEveryMan, KingStepsIntoCheckOnlyWhereALaterMoveMendsIt) {
  // White Ke1, Ra2 in check from Rh1 (f1, g1 empty). Kd1 and Kf1 stay on the rook's rank and no other man can
  // reach e1, f1, g1 or h1 (the rook on a2 reaches a1 and the 2nd rank): refused. Kd2, Ke2, Kf2 are safe;
  // every rook move (a1, a3-a8, b2-h2: 14) leaves the king a safe step: 17 moves.
  const Moves far = every_man_legal("4k3/8/8/8/8/8/R7/4K2r w - - 0 5");
  EXPECT_EQ(far.size(), 17u);
  EXPECT_FALSE(has(far, "e1d1"));
  EXPECT_FALSE(has(far, "e1f1"));
  EXPECT_TRUE(has(far, "e1d2"));
  EXPECT_TRUE(has(far, "a2a1"));
  // The rook on g2 instead: Kd1 and Kf1 are legal (Rg1 then blocks the rank), so are the three other steps
  // and the rook's 14 moves (g1, g3-g8, a2-f2, h2): 19.
  const Moves near = every_man_legal("4k3/8/8/8/8/8/6R1/4K2r w - - 0 5");
  EXPECT_EQ(near.size(), 19u);
  EXPECT_TRUE(has(near, "e1d1"));
  EXPECT_TRUE(has(near, "e1f1"));
}

TEST(EndOfTurnEveryMan, StopOnlyWithTheKingSafe) {
  // Mid-turn, the knight on b1 has moved and the king is in check from Rh1: no stop (0000); the king steps to
  // d2, e2 or f2 (d1, f1 stay in check and nothing can mend it), or the rook moves (14) and the king then
  // steps: 17 moves, none of them the stop.
  const Moves m = every_man_legal("4k3/8/8/8/8/8/R7/1N2K2r w - - 0 5 made=1 moved=b1");
  EXPECT_FALSE(has(m, "0000"));
  EXPECT_EQ(m.size(), 17u);
  // The same with the check blocked by the knight on g1 (moved): the stop is legal.
  EXPECT_TRUE(has(every_man_legal("4k3/8/8/8/8/8/R7/4K1Nr w - - 0 5 made=1 moved=g1"), "0000"));
}

// END-OF-TURN chosen per turn (check = "end-of-turn-when-in-check", RULES.md §3.5 progressive-late-mate): a
// side in check at the start of its series need only be safe at its end; a side not in check plays under
// OBSERVED. Hand-counted.
TEST(EndOfTurnWhenInCheck, InCheckTheSeriesNeedOnlyEndSafe) {
  // White (3 moves) in check from Ra1 along the first rank; d2, e2, f2 are his own pawns. Observed
  // (progressive): no escaping first move, mate. Here: Kd1 and Kf1 (still attacked: then Kc2/Kg2 and a third
  // move end safe) and the six pawn moves (then Kd2, Ke2 or Kf2 off the rank), 8 first moves.
  const std::string fen = "4k3/8/8/8/8/8/3PPP2/r3K3 w - - 0 2";
  EXPECT_TRUE(legal("progressive", fen).empty());
  EXPECT_EQ(result_of("progressive", fen).outcome, Outcome::kCheckmate);
  EXPECT_EQ(legal("progressive-late-mate", fen),
            (Moves{"d2d3", "d2d4", "e1d1", "e1f1", "e2e3", "e2e4", "f2f3", "f2f4"}));
  // The series remembers that it began in check (FEN started-in-check=1): after Kd1 the king stands attacked.
  const Variant v = make_variant("progressive-late-mate");
  Position pos;
  set_fen(pos, v, fen);
  Undo u;
  pos.ops().make(pos, parse_uci(pos, "e1d1"), u);
  EXPECT_EQ(to_fen(pos), "4k3/8/8/8/8/8/3PPP2/r2K4 w - - 0 2 made=1 started-in-check=1");
}

TEST(EndOfTurnWhenInCheck, NotInCheckTheSeriesIsObserved) {
  // White (3 moves) not in check; Rd8 holds the d-file: Kd1 and Kd2 would step into check (refused under
  // OBSERVED even mid-series); Kf1 and the four pawn moves remain.
  EXPECT_EQ(legal("progressive-late-mate", "3rk3/8/8/8/8/8/4PP2/4K3 w - - 0 2"),
            (Moves{"e1f1", "e2e3", "e2e4", "f2f3", "f2f4"}));
}

TEST(EndOfTurnWhenInCheck, MateWhenNoSeriesEndsSafe) {
  // After 1. Qd1+ (tactics row late-queen-rank): Black's 2-move series all end with the king attacked (f2,
  // g2, h2 touch Kg3: a check, which ends the series; the rest stay on the queen's lines).
  const std::string fen = "8/6N1/8/8/8/3p2K1/8/3Q2k1 b - - 0 1";
  EXPECT_TRUE(legal("progressive-late-mate", fen).empty());
  EXPECT_EQ(result_of("progressive-late-mate", fen).outcome, Outcome::kCheckmate);
}
