// Shots that follow or widen a capture: Goliath's follow-up shot (Rules::follow_up_shot, RULES.md §4.5, with
// the game §9.15) and Rapid-Fire's volley (Rules::volley, §4.1). Hand-made positions; every expected move
// list, FEN and SAN is worked out by hand in the comments.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "notation/error.hpp"
#include "notation/fen.hpp"
#include "notation/move_text.hpp"
#include "rules/game.hpp"
#include "rules/kernel.hpp"
#include "support.hpp"
#include "variants/registry.hpp"

using namespace hc;

namespace {

using test::legal;

std::vector<std::string> from_square(const std::vector<std::string>& moves, const std::string& sq) {
  std::vector<std::string> out;
  for (const auto& m : moves)
    if (m.substr(0, 2) == sq) out.push_back(m);
  return out;
}

// Plays SAN or UCI moves (parse_move) from `fen`; records each move's SAN and the last move's shot removals.
struct Line {
  std::vector<std::string> san;
  std::string fen;
  int shots = 0;  // the last move's journal entries with Cause::kShot
  GameResult result;
};
Line play(const std::string& variant, const std::string& fen, const std::vector<std::string>& moves) {
  Variant v = make_variant(variant);
  Position pos;
  set_fen(pos, v, fen);
  Line l;
  for (const std::string& text : moves) {
    const Move m = parse_move(pos, text);
    l.san.push_back(to_san(pos, m));
    Undo u;
    pos.ops().make(pos, m, u);
    l.shots = 0;
    for (int i = 0; i < u.count; ++i) l.shots += !u.effects[i].put && u.effects[i].cause == Cause::kShot;
  }
  l.fen = to_fen(pos);
  l.result = evaluate(pos);
  return l;
}

const char* const kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

}  // namespace

// ---- goliath (RULES.md §4.5) ----

// §9.15 Kustrin v Vecchi: 1 d4 e6 2 Nf3 Qf6 3 Nbd2 Nc6 4 Nb3 Qg6 5 Qd3 Qxg2xf1 6 Qxh7xh8 Qxh1xf3+, legal
// throughout, the last move check (the queen on h1 sees e1 along the emptied first rank). By hand: White lost
// g2, the f1 bishop, the h1 rook and the f3 knight, Black h7 and the h8 rook; each side lost its king's-side
// castling right (h1 taken, h8 shot).
TEST(Goliath, KustrinVecchi915) {
  const Line l =
      play("goliath", kStart,
           {"d4", "e6", "Nf3", "Qf6", "Nbd2", "Nc6", "Nb3", "Qg6", "Qd3", "Qxg2xf1", "Qxh7xh8", "Qxh1xf3+"});
  EXPECT_EQ(l.san.back(), "Qxh1xf3+");
  EXPECT_EQ(l.san[9], "Qxg2xf1");
  EXPECT_EQ(l.san[10], "Qxh7xh8");
  EXPECT_EQ(l.shots, 1);
  EXPECT_EQ(l.fen, "r1b1kbn1/pppp1ppQ/2n1p3/8/3P4/1N6/PPP1PP1P/R1B1K2q w Qq - 0 7");
  EXPECT_EQ(l.result.outcome, Outcome::kOngoing);
  // The same game in UCI: the capture, '^', the shot's target.
  const Line u = play("goliath", kStart,
                      {"d2d4", "e7e6", "g1f3", "d8f6", "b1d2", "b8c6", "d2b3", "f6g6", "d1d3", "g6g2^f1",
                       "d3h7^h8", "g2h1^f3"});
  EXPECT_EQ(u.fen, l.fen);
}

// After 6 Qxh7 the queen on h7 attacks g7, g8 and h8 (the g6-d3 diagonal is empty up to White's c2): three
// follow-up shots, and the capture alone.
TEST(Goliath, ShotsFromTheNewSquare) {
  const Line before =
      play("goliath", kStart, {"d4", "e6", "Nf3", "Qf6", "Nbd2", "Nc6", "Nb3", "Qg6", "Qd3", "Qxg2xf1"});
  std::vector<std::string> h7;
  for (const auto& m : from_square(legal("goliath", before.fen), "d3"))
    if (m.substr(2, 2) == "h7") h7.push_back(m);
  EXPECT_EQ(h7, (std::vector<std::string>{"d3h7", "d3h7^g7", "d3h7^g8", "d3h7^h8"}));
}

// The king may never be shot: White Qd1, Ke1; Black Kd8, Nd5, Pe6. Qxd5 attacks the king on d8 (d6, d7 empty)
// and the pawn on e6: the only follow-up shot is at e6; both moves give check.
TEST(Goliath, TheKingIsNeverShot) {
  const std::string fen = "3k4/8/4p3/3n4/8/8/8/3QK3 w - - 0 1";
  std::vector<std::string> d5;
  for (const auto& m : legal("goliath", fen))
    if (m.substr(0, 4) == "d1d5") d5.push_back(m);
  EXPECT_EQ(d5, (std::vector<std::string>{"d1d5", "d1d5^e6"}));
  EXPECT_EQ(play("goliath", fen, {"d1d5^e6"}).san[0], "Qxd5xe6+");
}

// The whole move must leave the king safe: White Ke1, Nb2; Black Ke8, Re5 (check along the e-file), Pd3. Nxd3
// alone leaves the check; Nxd3 shooting e5 parries it. The king: d1, d2, f1, f2 (e2 is attacked by the rook
// and the d3 pawn).
TEST(Goliath, TheShotMayParryACheck) {
  const std::string fen = "4k3/8/8/4r3/8/3p4/1N6/4K3 w - - 0 1";
  EXPECT_EQ(legal("goliath", fen), (std::vector<std::string>{"b2d3^e5", "e1d1", "e1d2", "e1f1", "e1f2"}));
  const Line l = play("goliath", fen, {"Nxd3xe5"});
  EXPECT_EQ(l.fen, "4k3/8/8/8/8/3N4/8/4K3 b - - 0 1");
  Variant v = make_variant("goliath");
  Position pos;
  set_fen(pos, v, fen);
  EXPECT_THROW(parse_move(pos, "b2d3"), NotationError);  // the capture alone is illegal
  EXPECT_THROW(parse_move(pos, "Nxd3"), NotationError);
}

// Decisions (RULES.md §4.5): after a promotion capture the new piece shoots with its own powers; an e.p.
// capture may be followed by a shot. White Ke1, Pb7, Pe5; Black Ke8, Ra8, Nc8, Pc7, Pd5 (just
// double-stepped). b7xa8=Q shoots c8 (b8 empty) or d5 (the a8-h1 diagonal: b7 empty now, c6 empty); =R shoots
// c8; =B shoots d5; =N shoots c7. b7xc8=Q shoots a8 or c7, =R the same, =B and =N nothing (b7, d7 empty; a7,
// b6, d6, e7 empty). exd6 e.p. shoots c7 (e7 empty).
TEST(Goliath, PromotionAndEnPassant) {
  const auto moves = legal("goliath", "r1n1k3/1Pp5/8/3pP3/8/8/8/4K3 w - d6 0 1");
  EXPECT_EQ(from_square(moves, "b7"),
            (std::vector<std::string>{"b7a8b",    "b7a8b^d5", "b7a8n",    "b7a8n^c7", "b7a8q",    "b7a8q^c8",
                                      "b7a8q^d5", "b7a8r",    "b7a8r^c8", "b7b8b",    "b7b8n",    "b7b8q",
                                      "b7b8r",    "b7c8b",    "b7c8n",    "b7c8q",    "b7c8q^a8", "b7c8q^c7",
                                      "b7c8r",    "b7c8r^a8", "b7c8r^c7"}));
  EXPECT_EQ(from_square(moves, "e5"), (std::vector<std::string>{"e5d6", "e5d6^c7", "e5e6"}));
  EXPECT_EQ(play("goliath", "r1n1k3/1Pp5/8/3pP3/8/8/8/4K3 w - d6 0 1", {"b7a8q^c8"}).san[0], "bxa8=Qxc8+");
  EXPECT_EQ(play("goliath", "r1n1k3/1Pp5/8/3pP3/8/8/8/4K3 w - d6 0 1", {"bxa8=Qxc8"}).fen,
            "Q3k3/2p5/8/3pP3/8/8/8/4K3 b - - 0 1");
}

// Malformed follow-up shots are input errors, never a crash or another move.
TEST(Goliath, MalformedShotText) {
  Variant v = make_variant("goliath");
  Position pos;
  set_fen(pos, v, "4k3/8/8/4r3/8/3p4/1N6/4K3 w - - 0 1");
  for (const char* bad : {"b2d3^", "b2d3^e", "b2d3^z9", "b2d3^e5x", "b2d3^^e5", "b2d3^e4", "b2d3q^e5",
                          "Nxd3xz9", "Nxd3xe4", "b2^d3e5"})
    EXPECT_THROW(parse_move(pos, bad), NotationError) << bad;
  // Chess has no follow-up shots: the same text is refused there.
  Variant chess = make_variant("chess");
  Position c;
  set_fen(c, chess, "4k3/8/8/4r3/8/3p4/1N6/4K3 w - - 0 1");
  EXPECT_THROW(parse_move(c, "b2d3^e5"), NotationError);
}

// More than 16 men a side is refused under follow-up shots (the move list's bound, generic_kernel.hpp).
TEST(Goliath, AtMostSixteenMenASide) {
  Variant v = make_variant("goliath");
  Position pos;
  EXPECT_THROW(set_fen(pos, v, "rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), NotationError);
}

// ---- rapid-fire (RULES.md §4.1) ----

// White Qd4, Ke1; Black Ke8, Pd7, Nc6, Pe6, Bg6, Rd5, Qf5, Pc4, Ne3. The queen attacks c4, d5 and e3 (every
// other line from d4 is empty to the edge): one shooting move, named by its lowest target (e3), removes all
// three at once; the pawn on d7 behind the rook stays. Qd4 cannot be named by its other targets.
TEST(RapidFire, AVolleyRemovesEveryAttackedMan) {
  const std::string fen = "4k3/3p4/2n1p1b1/3r1q2/2pQ4/4n3/8/4K3 w - - 0 1";
  std::vector<std::string> captures;
  for (const auto& m : from_square(legal("rapid-fire", fen), "d4"))
    if (m == "d4c4" || m == "d4d5" || m == "d4e3") captures.push_back(m);
  EXPECT_EQ(captures, (std::vector<std::string>{"d4e3"}));
  const Line l = play("rapid-fire", fen, {"d4e3"});
  EXPECT_EQ(l.shots, 3);
  EXPECT_EQ(l.san[0], "Qxe3");
  EXPECT_EQ(l.fen, "4k3/3p4/2n1p1b1/5q2/3Q4/8/8/4K3 b - - 0 1");
  Variant v = make_variant("rapid-fire");
  Position pos;
  set_fen(pos, v, fen);
  EXPECT_THROW(parse_move(pos, "d4d5"), NotationError);
}

// Kings are ordinary men and annihilation wins: White Qd2, Ke1; Black Kd4 alone. The queen shoots the king;
// Black has no men left and loses.
TEST(RapidFire, AnnihilationWins) {
  const Line l = play("rapid-fire", "8/8/8/8/3k4/8/3Q4/4K3 w - - 0 1", {"d2d4"});
  EXPECT_EQ(l.fen, "8/8/8/8/8/8/3Q4/4K3 b - - 0 1");
  EXPECT_EQ(l.result.outcome, Outcome::kAllMenLost);
  ASSERT_TRUE(l.result.winner.has_value());
  EXPECT_EQ(*l.result.winner, kWhite);
}

// Promotion only by non-capturing moves, and no e.p.: White Pb7, Pe2, Ke1; Black Ra8, Pd4, Kh8. b7 shoots a8
// and stays (no letter), or steps to b8 and promotes; after e2-e4 Black has no e.p. right.
TEST(RapidFire, NoPromotionByShootingNoEnPassant) {
  const std::string fen = "r6k/1P6/8/8/3p4/8/4P3/4K3 w - - 0 1";
  EXPECT_EQ(from_square(legal("rapid-fire", fen), "b7"),
            (std::vector<std::string>{"b7a8", "b7b8b", "b7b8n", "b7b8q", "b7b8r"}));
  EXPECT_EQ(play("rapid-fire", fen, {"b7a8"}).fen, "7k/1P6/8/8/3p4/8/4P3/4K3 b - - 0 1");
  EXPECT_EQ(play("rapid-fire", fen, {"e2e4"}).fen, "r6k/1P6/8/8/3pP3/8/8/4K3 b - - 0 1");
  EXPECT_EQ(from_square(legal("rapid-fire", "r6k/1P6/8/8/3pP3/8/8/4K3 b - - 0 1"), "d4"),
            (std::vector<std::string>{"d4d3"}));
}
