// Rules per colour (RULES.md §3.3, two moves against one: the double-mover plays END-OF-TURN, the
// single-mover OBSERVED; each colour's men check the enemy king their own way): the `white` / `black`
// sub-tables of an entry (Rules::colour) and the check by every man but the king, on king-and-pawns. Expected
// values are counted by hand from the rules text, not by the code under test.
#include <gtest/gtest.h>

#include "support.hpp"
#include "variants/variant_file.hpp"

namespace hc {
namespace {

using test::legal;

// A key in a colour's sub-table sets that colour's setting; an unscoped one sets both; a colour's own setting
// wins whatever the order the two are written in.
TEST(ColourRules, ScopedKeys) {
  const VariantFileResult r = read_variants_text(R"(
[split]
black.check = "observed"
check = "end-of-turn"
white.gives_check = "not-king"
escape_first_move = true
black.escape_first_move = false
white.ends_on = ["check"]
black.stop_early = "voluntary"
)",
                                                 "test.toml", builtin_catalogue());
  ASSERT_TRUE(r.issues.empty()) << r.issues.front().text("test.toml");
  const Rules rules = make_variant("split", r.catalogue).rules;
  const ColourRules w = rules.colour(kWhite), b = rules.colour(kBlack);
  EXPECT_EQ(w.regime, CheckRegime::kEndOfTurn);
  EXPECT_EQ(b.regime, CheckRegime::kObserved);
  EXPECT_TRUE(w.escape_first_move);
  EXPECT_FALSE(b.escape_first_move);
  EXPECT_TRUE(w.ends_on_check);
  EXPECT_FALSE(b.ends_on_check);
  EXPECT_EQ(w.stop, StopRule::kNever);
  EXPECT_EQ(b.stop, StopRule::kAfterFirstMove);
  EXPECT_EQ(w.check_by, CheckBy::kNotKing);
  EXPECT_EQ(b.check_by, CheckBy::kEveryMan);
  EXPECT_EQ(make_variant("split", r.catalogue).ops, make_variant("triplets").ops);  // the generic kernel

  // Unscoped only: both colours alike, no split.
  const Rules tri = make_variant("triplets").rules;
  EXPECT_FALSE(tri.colours_differ);
  EXPECT_EQ(tri.colour(kBlack).regime, CheckRegime::kEndOfTurn);

  // escape_first_move unscoped also reaches the observed colour, where observed check implies it (RULES.md
  // §1.6); royal capture is for both colours or neither.
  const VariantFileResult implied = read_variants_text(R"(
[implied]
white.check = "end-of-turn"
escape_first_move = true
)",
                                                       "test.toml", builtin_catalogue());
  EXPECT_TRUE(make_variant("implied", implied.catalogue).rules.colour(kWhite).escape_first_move);
  const VariantFileResult bad = read_variants_text(R"(
[bad]
white.check = "end-of-turn"
black.check = "none"
)",
                                                   "test.toml", builtin_catalogue());
  EXPECT_THROW(make_variant("bad", bad.catalogue), VariantError);
}

TEST(ColourRules, KingAndPawnsSettings) {
  const Rules r = make_variant("king-and-pawns").rules;
  EXPECT_EQ(r.colour(kWhite).regime, CheckRegime::kEndOfTurn);
  EXPECT_EQ(r.colour(kBlack).regime, CheckRegime::kObserved);
  EXPECT_EQ(r.colour(kWhite).stop, StopRule::kAfterFirstMove);
  EXPECT_EQ(r.colour(kBlack).stop, StopRule::kNever);
  EXPECT_EQ(r.schedule.static_quota(1), 2u);
  EXPECT_EQ(r.schedule.static_quota(2), 1u);
}

// The White king cannot check: the black king d3 may step next to it (d2, e2), eight steps in all (in chess
// six). The white pawn h2 attacks g3 only.
TEST(ColourRules, WhiteKingGivesNoCheck) {
  const std::string fen = "8/8/8/8/8/3k4/7P/4K3 b - - 0 1";
  EXPECT_EQ(legal("king-and-pawns", fen),
            (std::vector<std::string>{"d3c2", "d3c3", "d3c4", "d3d2", "d3d4", "d3e2", "d3e3", "d3e4"}));
  EXPECT_EQ(legal("chess", fen).size(), 6u);
  // The black king does check the white one: with Black to move that position cannot arise (White ended his
  // turn in check), with White to move White is in check.
  EXPECT_THROW(test::in_check("king-and-pawns", "8/8/8/8/8/8/3k3P/4K3 b - - 0 1"), NotationError);
  EXPECT_TRUE(test::in_check("king-and-pawns", "8/8/8/8/8/8/3k3P/4K3 w - - 0 1"));
}

// Black castles under OBSERVED check, but the white king g7 attacks nothing for it: the black king e8 may
// pass f8 and land on g8 next to it. King: d8, d7, e7, f7, f8 and O-O; rook h8: g8, f8, h7 … h1. 15 moves
// (chess: f7, f8 and castling illegal, 12).
TEST(ColourRules, BlackCastlesPastTheWhiteKing) {
  const std::string fen = "4k2r/6K1/8/8/8/8/P7/8 b k - 0 1";
  const std::vector<std::string> moves = legal("king-and-pawns", fen);
  EXPECT_EQ(moves.size(), 15u);
  EXPECT_NE(std::find(moves.begin(), moves.end(), "e8g8"), moves.end());
  EXPECT_EQ(legal("chess", fen).size(), 12u);
}

// White (END-OF-TURN) may step next to the black king d2 with his first move and away with the second. First
// moves: Ke1, Ke2 (both next to d2), Kf2, Kg1, Kg2, h3, h4: 7 (observed check: 5).
TEST(ColourRules, WhiteEndOfTurn) {
  const std::string fen = "8/8/8/8/8/8/3k3P/5K2 w - - 0 1";
  EXPECT_EQ(legal("king-and-pawns", fen),
            (std::vector<std::string>{"f1e1", "f1e2", "f1f2", "f1g1", "f1g2", "h2h3", "h2h4"}));
  const Variant v = make_variant("king-and-pawns");
  Position pos;
  set_fen(pos, v, fen);
  // After Ke2 the king must leave d2's squares: f1, f2, f3 (d1, e1, d3, e3 are next to d2; Kxd2 would take
  // the king, which is no move; a pawn move or the stop would end the turn with the king attacked).
  Undo u;
  pos.ops().make(pos, parse_uci(pos, "f1e2"), u);
  EXPECT_EQ(legal(pos), (std::vector<std::string>{"e2f1", "e2f2", "e2f3"}));
  pos.undo(u);
  // After h3: the king f1 to f2, g1, g2 (e1, e2 are next to d2), h4, and the stop (the king is safe): 5.
  pos.ops().make(pos, parse_uci(pos, "h2h3"), u);
  EXPECT_EQ(legal(pos), (std::vector<std::string>{"0000", "f1f2", "f1g1", "f1g2", "h3h4"}));
}

// A White first move that gives check ends his turn (decision 2): d4 checks the king c5. First moves: d4 and
// the king's five steps.
TEST(ColourRules, WhiteFirstMoveCheckEndsTurn) {
  const std::string fen = "8/8/8/2k5/8/3P4/8/4K3 w - - 0 1";
  EXPECT_EQ(legal("king-and-pawns", fen),
            (std::vector<std::string>{"d3d4", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}));
  const Variant v = make_variant("king-and-pawns");
  Position pos;
  set_fen(pos, v, fen);
  Undo u;
  pos.ops().make(pos, parse_uci(pos, "d3d4"), u);
  EXPECT_EQ(pos.state().side, kBlack);
  EXPECT_TRUE(u.turn_ended);
}

// Version A (the default): White in check (rook e8) escapes with his first move: Kd1, Kd2, Kf1, Kf2. Version
// B (escape_first_move false) also allows Ke2 and the pawn's a3, a4, escaping with the second move: 7.
TEST(ColourRules, WhiteEscapesFirstOrByTheTurnsEnd) {
  const std::string fen = "4r2k/8/8/8/8/8/P7/4K3 w - - 0 1";
  EXPECT_EQ(legal("king-and-pawns", fen), (std::vector<std::string>{"e1d1", "e1d2", "e1f1", "e1f2"}));
  EXPECT_EQ(legal("king-and-pawns:escape-first-move=false", fen),
            (std::vector<std::string>{"a2a3", "a2a4", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}));
}

// king-and-pawns-gik: the White king checks the Black king it could take in one turn — within two king steps
// through a square next to both that is empty or holds a Black man. Black Ke4 (pawn h7) against Ke1: d3, e3,
// f3 are two steps from e1 over empty squares (d2, e2, f2), so only Kd4, Kf4, Kd5, Ke5, Kf5 and h6, h5: 7 (in
// king-and-pawns 10).
TEST(ColourRules, GikKingChecksAtTwoSteps) {
  const std::string fen = "8/7p/8/8/4k3/8/8/4K3 b - - 0 1";
  EXPECT_EQ(legal("king-and-pawns-gik", fen),
            (std::vector<std::string>{"e4d4", "e4d5", "e4e5", "e4f4", "e4f5", "h7h5", "h7h6"}));
  EXPECT_EQ(legal("king-and-pawns", fen).size(), 10u);
  // The squares between e1 and e3 (d2, e2, f2) hold White knights: no path, no check (the knights attack
  // nothing next to e3's king); with a Black pawn on e2 the king's path runs over it: check.
  EXPECT_FALSE(test::in_check("king-and-pawns-gik", "8/8/8/8/8/4k3/3NNN2/4K3 b - - 0 1"));
  EXPECT_TRUE(test::in_check("king-and-pawns-gik", "8/8/8/8/8/4k3/3NpN2/4K3 b - - 0 1"));
  EXPECT_FALSE(test::in_check("king-and-pawns", "8/8/8/8/8/4k3/3NpN2/4K3 b - - 0 1"));
}

// The two-move threat (RULES.md §1.3; monster, imperatore): the single-mover's king is in check when the
// double-mover could capture it within one turn of two moves. All counted by hand.
TEST(ColourRules, TwoMoveThreatByHand) {
  // monster, White Ke1 against Black's Kd4: d2, e2 and f2 are two king steps from d4 (through c3/d3/e3, e3),
  // d1 and f1 three: only Kd1 and Kf1 are legal.
  EXPECT_EQ(legal("monster", "8/8/8/8/3k4/8/8/4K3 w - - 0 30"), (std::vector<std::string>{"e1d1", "e1f1"}));
  // A pawn's promotion: c2-c1 as a queen attacks a1 along the first rank, as a knight a2; the pawn attacks
  // b1, a queen on c1 b2. White is in check with no legal move (mated by the threat).
  EXPECT_TRUE(test::in_check("monster", "7k/8/8/8/8/8/2p5/K7 w - - 0 30"));
  EXPECT_EQ(legal("monster", "7k/8/8/8/8/8/2p5/K7 w - - 0 30"), std::vector<std::string>{});
  // A discovery: d4-d3 opens the bishop h8's diagonal to a1 (its own moves, g7, f6, e5, stay behind d4).
  // With a White pawn on d3 the Black pawn cannot move (nothing to take on c3, e3): no check.
  EXPECT_TRUE(test::in_check("monster", "4k2b/8/8/8/3p4/8/8/K7 w - - 0 30"));
  EXPECT_FALSE(test::in_check("monster", "4k2b/8/8/8/3p4/3P4/8/K7 w - - 0 30"));
  // E.p. and capture: with White Ke2 and Black's pawn e4, d2-d3 is met by exd3 and d2-d4 by exd3 e.p., both
  // attacking e2 from d3; Kf2 (e4-e3 attacks f2), Kd3 and Kf3 (attacked by e4) are illegal; Kd1, Ke1, Kf1 and
  // Ke3 (the pawn is then blocked and takes nothing) are legal.
  EXPECT_EQ(legal("monster", "4k3/8/8/8/4p3/8/3PK3/8 w - - 0 30"),
            (std::vector<std::string>{"e2d1", "e2e1", "e2e3", "e2f1"}));
  // imperatore, Black to move, White Kb6: c8 and d8 are two steps from b6 (through b7/c7, c7), e8 three, so
  // Black is not in check and may not castle queenside (it would cross d8 and land on c8). The rook's ten
  // moves (a7-a1, b8-d8) and Ke7, Kf7, Kf8 (Kd8 and Kd7 are two steps from b6): 13.
  EXPECT_FALSE(test::in_check("imperatore", "r3k3/8/1K6/8/8/8/8/8 b q - 0 30"));
  EXPECT_EQ(legal("imperatore", "r3k3/8/1K6/8/8/8/8/8 b q - 0 30"),
            (std::vector<std::string>{"a8a1", "a8a2", "a8a3", "a8a4", "a8a5", "a8a6", "a8a7", "a8b8", "a8c8",
                                      "a8d8", "e8e7", "e8f7", "e8f8"}));
}

// The two-move threat under explosion (monster+atomic; docs/variants.md "The two-move threat under
// explosion"): the king is in check when one turn of Black's removes it, a capture next to it included,
// without removing Black's own king. All counted by hand.
TEST(ColourRules, TwoMoveThreatWithExplosionByHand) {
  // White Ka1, Nb1 against Black's pawn c3: c3-c2, then cxb1 blows up a1 (next to b1). Under displacement the
  // pawn on c2 attacks b1 and d1, not a1: no check. Ka2 (next to b1) and Kb2 (cxb2) stay in check; Na3, Nd2
  // and Nxc3 (the blast on c3 misses a1) leave the pawn nothing to take next to a1.
  const std::string knight = "4k3/8/8/8/8/2p5/8/KN6 w - - 0 30";
  EXPECT_TRUE(test::in_check("monster+atomic", knight));
  EXPECT_FALSE(test::in_check("monster", knight));
  EXPECT_EQ(legal("monster+atomic", knight), (std::vector<std::string>{"b1a3", "b1c3", "b1d2"}));
  // Touching kings (White Kd1, Black Ke2) with White's pawn d2 next to both and Black's pawn e3 attacking it:
  // exd2 at once would blow up e2 too (no move), but Ke2-f3 first and then exd2 takes d1 alone: check, where
  // plain atomic's "not in check while the kings touch" would say no.
  EXPECT_TRUE(test::in_check("monster+atomic", "8/8/8/8/8/4p3/3Pk3/3K4 w - - 0 30"));
  // The Black king alone two steps from a1 captures nothing (RULES.md §4.3): no check; under displacement
  // Kb2 then Kxa1: check.
  EXPECT_FALSE(test::in_check("monster+atomic", "8/8/8/8/8/1k6/8/K7 w - - 0 30"));
  EXPECT_TRUE(test::in_check("monster", "8/8/8/8/8/1k6/8/K7 w - - 0 30"));
  EXPECT_EQ(legal("monster+atomic", "8/8/8/8/8/1k6/8/K7 w - - 0 30"),
            (std::vector<std::string>{"a1a2", "a1b1", "a1b2"}));
  // The other capture rules keep being refused with the threat (not played out; rules_problem).
  EXPECT_THROW(make_variant("monster+kamikaze"), std::exception);
  EXPECT_THROW(make_variant("monster+rifle"), std::exception);
}

// Pawns that do not promote (RULES.md §3.3 one-two: "a White pawn cannot move or capture onto rank 8"):
// white.pawns_promote = false. White's pawn e7 has no move (e8 and the captures d8, f8 are closed), and it
// attacks nothing on rank 8: Black's king may stand on f8 (and on d8 with White to move). Counted by hand.
TEST(ColourRules, PawnsThatDoNotPromote) {
  const VariantFileResult r = read_variants_text(R"(
[closed-last-rank]
white.pawns_promote = false
)",
                                                 "test.toml", builtin_catalogue());
  ASSERT_TRUE(r.issues.empty()) << r.issues.front().text("test.toml");
  const Variant closed = make_variant("closed-last-rank", r.catalogue);
  EXPECT_FALSE(closed.rules.colour(kWhite).pawns_promote);
  EXPECT_TRUE(closed.rules.colour(kBlack).pawns_promote);
  EXPECT_EQ(closed.ops, make_variant("triplets").ops);  // the generic kernel
  Position pos;
  auto moves = [&](const Variant& v, const char* fen) {
    set_fen(pos, v, fen);
    return legal(pos);
  };
  // White: the king's a2, b1, b2 only (chess: also e8=Q, R, B, N).
  EXPECT_EQ(moves(closed, "6k1/4P3/8/8/8/8/8/K7 w - - 0 1"),
            (std::vector<std::string>{"a1a2", "a1b1", "a1b2"}));
  EXPECT_EQ(moves(make_variant("chess"), "6k1/4P3/8/8/8/8/8/K7 w - - 0 1").size(), 7u);
  // Black: f7, f8, g7, h7, h8 (chess: f8 is attacked by e7).
  EXPECT_EQ(moves(closed, "6k1/4P3/8/8/8/8/8/K7 b - - 0 1"),
            (std::vector<std::string>{"g8f7", "g8f8", "g8g7", "g8h7", "g8h8"}));
  EXPECT_EQ(moves(make_variant("chess"), "6k1/4P3/8/8/8/8/8/K7 b - - 0 1").size(), 4u);
  // Black's king on d8, next to e7's diagonal, is not in check: the FEN is legal with White to move.
  EXPECT_EQ(moves(closed, "3k4/4P3/8/8/8/8/8/K7 w - - 0 1"),
            (std::vector<std::string>{"a1a2", "a1b1", "a1b2"}));
  // Black pawns still promote: d2-d1 gives four moves.
  EXPECT_EQ(moves(closed, "6k1/8/8/8/8/8/3p4/K7 b - - 0 1").size(), 9u);
}

// one-two: the White king's journey over an own pawn (white.king_over_own_pawn), counted by hand. Ke2 with a
// pawn on d3: the seven king steps (d1, e1, f1, d2, f2, e3, f3), d3-d4, and the journeys through d3 to c2,
// c3, c4, d4 and e4 (two king steps from e2, next to d3): 13 (imperatore: 8). A journey ends White's turn.
// Black's Kc8 is two steps from Ke6 only through d7, White's pawn: in check by the journey alone (the pawn
// attacks nothing on rank 8, nor may it step there).
TEST(ColourRules, KingJourneyOverOwnPawn) {
  const std::string fen = "4k3/8/8/8/8/3P4/4K3/8 w - - 0 30";
  EXPECT_EQ(legal("one-two", fen),
            (std::vector<std::string>{"d3d4", "e2c2", "e2c3", "e2c4", "e2d1", "e2d2", "e2d4", "e2e1", "e2e3",
                                      "e2e4", "e2f1", "e2f2", "e2f3"}));
  EXPECT_EQ(legal("imperatore", fen).size(), 8u);
  const Variant v = make_variant("one-two");
  Position pos;
  set_fen(pos, v, fen);
  Undo u;
  pos.ops().make(pos, parse_uci(pos, "e2e4"), u);
  EXPECT_TRUE(u.turn_ended);
  EXPECT_EQ(pos.side(), kBlack);
  EXPECT_TRUE(test::in_check("one-two", "2k5/3P4/4K3/8/8/8/8/8 b - - 0 30"));
  const VariantFileResult r = read_variants_text(R"(
[no-journey]
inherits = "imperatore"
white.pawns_promote = false
)",
                                                 "test.toml", builtin_catalogue());
  ASSERT_TRUE(r.issues.empty()) << r.issues.front().text("test.toml");
  const Variant no_journey = make_variant("no-journey", r.catalogue);  // the position reads its rules
  set_fen(pos, no_journey, "2k5/3P4/4K3/8/8/8/8/8 b - - 0 30");
  EXPECT_FALSE(in_check(pos));
}

// king-and-pawns-verney: White may give check only with his second move. d4 would check the king c5: as a
// first move it is illegal (king-and-pawns allows it, ending the turn): Kd1, Kd2, Ke2, Kf1, Kf2. After Ke2,
// d4 is legal, with the king's seven steps (d1, e1, f1, d2, f2, e3, f3) and the stop: 9.
TEST(ColourRules, VerneyChecksOnlyWithTheSecondMove) {
  const std::string fen = "8/8/8/2k5/8/3P4/8/4K3 w - - 0 1";
  EXPECT_EQ(legal("king-and-pawns-verney", fen),
            (std::vector<std::string>{"e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}));
  EXPECT_EQ(legal("king-and-pawns", fen).size(), 6u);
  const Variant v = make_variant("king-and-pawns-verney");
  Position pos;
  set_fen(pos, v, fen);
  Undo u;
  pos.ops().make(pos, parse_uci(pos, "e1e2"), u);
  EXPECT_EQ(legal(pos), (std::vector<std::string>{"0000", "d3d4", "e2d1", "e2d2", "e2e1", "e2e3", "e2f1",
                                                  "e2f2", "e2f3"}));
  // In check from the bishop b4, the escape may not give check: axb4 would take the checker and check c5 (in
  // king-and-pawns it is legal and ends the turn); Kd1, Ke2, Kf1, Kf2 (d2 is on the bishop's line).
  const std::string check = "8/8/8/2k5/1b6/P7/8/4K3 w - - 0 1";
  EXPECT_EQ(legal("king-and-pawns-verney", check),
            (std::vector<std::string>{"e1d1", "e1e2", "e1f1", "e1f2"}));
  EXPECT_EQ(legal("king-and-pawns", check),
            (std::vector<std::string>{"a3b4", "e1d1", "e1e2", "e1f1", "e1f2"}));
}

// Verney's option no_promoted_double (RULES.md §3.3, the decision: a pawn that promotes with the first move may
// not move again with the second; a promoted piece may not make both moves of any turn). The knight a1 holds
// the attribute promoted: after Nb3 only the king's g1, g2, h2 and the stop remain; without the option the
// knight's a1, a5, c1, c5, d2, d4 too. c7-c8=N (no check on a8): the king's three steps and the stop; without
// the option also Na7, Nb6 (a check, legal with the second move), Nd6, Ne7.
TEST(ColourRules, VerneyPromotedPieceMovesOnce) {
  const std::string option = "king-and-pawns-verney:no-promoted-double=true";
  const Variant v = make_variant(option);
  Position pos;
  set_fen(pos, v, "k7/8/8/8/8/8/8/N6K w - - 0 5 promoted=a1");
  EXPECT_EQ(legal(pos), (std::vector<std::string>{"a1b3", "a1c2", "h1g1", "h1g2", "h1h2"}));
  Undo u;
  pos.ops().make(pos, parse_uci(pos, "a1b3"), u);
  EXPECT_EQ(legal(pos), (std::vector<std::string>{"0000", "h1g1", "h1g2", "h1h2"}));
  EXPECT_EQ(to_fen(pos), "k7/8/8/8/8/1N6/8/7K w - - 1 5 made=1 moved=b3 promoted=b3");
  EXPECT_EQ(legal("king-and-pawns-verney", "k7/8/8/8/8/1N6/8/7K w - - 1 5 made=1").size(), 10u);

  set_fen(pos, v, "k7/2P5/8/8/8/8/8/7K w - - 0 5");
  Undo u2;
  pos.ops().make(pos, parse_uci(pos, "c7c8n"), u2);
  EXPECT_EQ(legal(pos), (std::vector<std::string>{"0000", "h1g1", "h1g2", "h1h2"}));
  const Variant plain = make_variant("king-and-pawns-verney");
  set_fen(pos, plain, "k7/2P5/8/8/8/8/8/7K w - - 0 5");
  Undo u3;
  pos.ops().make(pos, parse_uci(pos, "c7c8n"), u3);
  EXPECT_EQ(legal(pos), (std::vector<std::string>{"0000", "c8a7", "c8b6", "c8d6", "c8e7", "h1g1", "h1g2",
                                                  "h1h2"}));
}

// Perft of the start by hand. Depth 1: sixteen pawn moves and Kd1, Kf1 = 18. Depth 2: after a move of the a,
// b, c, g or h pawn: its next step (1), the other pawns' 14, Kd1, Kf1 and the stop = 18; after a d, e or f
// pawn move the king has a third square: 19; after Kd1 (Kc1, Ke1) or Kf1 (Ke1, Kg1): 16 + 2 + 1 = 19.
// 10 x 18 + 6 x 19 + 2 x 19 = 332.
TEST(ColourRules, KingAndPawnsStartPerft) {
  const Variant v = make_variant("king-and-pawns");
  Position pos;
  set_fen(pos, v, v.start_fen);
  EXPECT_EQ(perft(pos, 1), 18u);
  EXPECT_EQ(perft(pos, 2), 332u);
}

}  // namespace
}  // namespace hc
