// Circe rebirth (Rules::rebirth, RULES.md §6 progressive-circe): the game-array square of each man, rebirth
// onto an empty square, a man lost when it is occupied, and a capture made illegal by its own rebirth.
// Hand-made positions; every expected square, placement and move list is worked out by hand in the comments.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "notation/fen.hpp"
#include "notation/move_text.hpp"
#include "rules/game.hpp"
#include "rules/generic_kernel.hpp"
#include "support.hpp"
#include "variants/registry.hpp"

using namespace hc;

namespace {

Square sq(const char* name) { return make_square(name[0] - 'a', name[1] - '1'); }

char letter(Piece p) {  // the FEN letter
  const char c = " pnbrqk"[type_of(p)];
  return color_of(p) == kWhite ? char(c - 'a' + 'A') : c;
}

using test::legal;

// The placement (FEN field 1) after `moves` from `fen`, and the journal's rebirths of the last move.
struct After {
  std::string placement;
  std::vector<std::string> reborn;  // "d7p": square and FEN letter of each Cause::kRebirth entry
  bool removes = false;             // the kernel's removes_men for the last move
};
After play(const std::string& variant, const std::string& fen, const std::vector<std::string>& moves) {
  Variant v = make_variant(variant);
  Position pos;
  set_fen(pos, v, fen);
  After a;
  for (const std::string& text : moves) {
    const Move m = parse_uci(pos, text);
    a.removes = pos.ops().removes_men(pos, m);
    Undo u;
    pos.ops().make(pos, m, u);
    a.reborn.clear();
    for (int i = 0; i < u.count; ++i) {
      const Effect& e = u.effects[i];
      if (e.cause != Cause::kRebirth) continue;
      EXPECT_TRUE(e.put) << text;
      a.reborn.push_back(std::string(1, char('a' + file_of(e.square))) + char('1' + rank_of(e.square)) +
                         letter(e.piece));
    }
  }
  const std::string fen_after = to_fen(pos);
  a.placement = fen_after.substr(0, fen_after.find(' '));
  return a;
}

}  // namespace

// RULES.md §6: "pawn on its file's 2nd/7th rank, R/B/N on the home square of the capture square's colour, Q
// on d1/d8; kings are not reborn". a1 is dark, so a square is light when file + rank (from 0) is odd.
TEST(Rebirth, GameArraySquares) {
  Rules r;
  r.rebirth = RebirthKind::kGameArray;
  using generic::rebirth_square;
  EXPECT_EQ(rebirth_square(r, make_piece(kWhite, kPawn), sq("e5")), sq("e2"));
  EXPECT_EQ(rebirth_square(r, make_piece(kBlack, kPawn), sq("d4")), sq("d7"));
  EXPECT_EQ(rebirth_square(r, make_piece(kBlack, kPawn), sq("a1")), sq("a7"));    // any rank, its own 7th
  EXPECT_EQ(rebirth_square(r, make_piece(kWhite, kRook), sq("d5")), sq("h1"));    // d5 light, h1 light
  EXPECT_EQ(rebirth_square(r, make_piece(kWhite, kRook), sq("d4")), sq("a1"));    // d4 dark, a1 dark
  EXPECT_EQ(rebirth_square(r, make_piece(kBlack, kRook), sq("b1")), sq("a8"));    // b1 light, a8 light
  EXPECT_EQ(rebirth_square(r, make_piece(kBlack, kRook), sq("a1")), sq("h8"));    // a1 dark, h8 dark
  EXPECT_EQ(rebirth_square(r, make_piece(kWhite, kKnight), sq("c3")), sq("g1"));  // c3 dark, g1 dark
  EXPECT_EQ(rebirth_square(r, make_piece(kWhite, kKnight), sq("e4")), sq("b1"));  // e4 light, b1 light
  EXPECT_EQ(rebirth_square(r, make_piece(kBlack, kKnight), sq("e4")), sq("g8"));  // g8 light
  EXPECT_EQ(rebirth_square(r, make_piece(kBlack, kKnight), sq("h8")), sq("b8"));  // h8 dark, b8 dark
  EXPECT_EQ(rebirth_square(r, make_piece(kWhite, kBishop), sq("b2")), sq("c1"));  // dark-squared: c1
  EXPECT_EQ(rebirth_square(r, make_piece(kWhite, kBishop), sq("b3")), sq("f1"));  // light-squared: f1
  EXPECT_EQ(rebirth_square(r, make_piece(kBlack, kBishop), sq("c5")), sq("f8"));  // c5 dark, f8 dark
  EXPECT_EQ(rebirth_square(r, make_piece(kBlack, kBishop), sq("h7")), sq("c8"));  // h7 light, c8 light
  EXPECT_EQ(rebirth_square(r, make_piece(kWhite, kQueen), sq("h8")), sq("d1"));
  EXPECT_EQ(rebirth_square(r, make_piece(kBlack, kQueen), sq("a1")), sq("d8"));
  EXPECT_EQ(rebirth_square(r, make_piece(kWhite, kKing), sq("e4")), kNoSquare);
  EXPECT_EQ(rebirth_square(Rules{}, make_piece(kWhite, kPawn), sq("e5")), kNoSquare);  // no rebirth
}

// 1. e4 2. d5, Nf6 3. exd5: the d-pawn taken on d5 goes back to d7, empty since its two-step (in plain
// Progressive it is gone). The capture still removes a man (SAN's x, D-4).
TEST(Rebirth, CapturedPawnRebornOnItsSecondRank) {
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const std::vector<std::string> line = {"e2e4", "d7d5", "g8f6", "e4d5"};
  const After circe = play("progressive-circe", start, line);
  EXPECT_EQ(circe.placement, "rnbqkb1r/pppppppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR");
  EXPECT_EQ(circe.reborn, std::vector<std::string>{"d7p"});
  EXPECT_TRUE(circe.removes);
  EXPECT_EQ(play("progressive", start, line).placement, "rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR");
}

// Rxe4 takes a black knight on e4, a light square: it is reborn on g8 (Black's light-square knight home)
// when g8 is empty, and lost when a bishop stands there.
TEST(Rebirth, RebornOnlyOnAnEmptySquare) {
  const After reborn = play("progressive-circe", "k7/8/8/8/4n3/8/8/4RK2 w - - 0 1", {"e1e4"});
  EXPECT_EQ(reborn.placement, "k5n1/8/8/8/4R3/8/8/5K2");
  EXPECT_EQ(reborn.reborn, std::vector<std::string>{"g8n"});
  const After lost = play("progressive-circe", "k5b1/8/8/8/4n3/8/8/4RK2 w - - 0 1", {"e1e4"});
  EXPECT_EQ(lost.placement, "k5b1/8/8/8/4R3/8/8/5K2");
  EXPECT_TRUE(lost.reborn.empty());
}

// Kd1 in check from an unguarded Qd2: in Progressive the king takes it (its only move: c1, c2, e1 and e2 are
// all attacked by the queen). In Progressive Circe the queen is reborn on d8, from where she attacks the king
// on d2 along the open d-file: the capture is illegal, no move is left, and White is mated.
TEST(Rebirth, RebirthThatChecksTheCapturerIsIllegal) {
  const std::string fen = "k7/8/8/8/8/8/3q4/3K4 w - - 0 1";
  EXPECT_EQ(legal("progressive", fen), std::vector<std::string>{"d1d2"});
  EXPECT_TRUE(legal("progressive-circe", fen).empty());
  Variant v = make_variant("progressive-circe");
  Position pos;
  set_fen(pos, v, fen);
  EXPECT_EQ(evaluate(pos).outcome, Outcome::kCheckmate);
}

// A check is judged with the reborn man in place: Rxe8 (White's second series, three moves) would check Ka8
// along the 8th rank and end the series, but the bishop taken on e8 (a light square) is reborn on c8, Black's
// light-square bishop home, between the rook and the king — no check, and White's series goes on.
TEST(Rebirth, RebornManBlocksTheCheck) {
  const std::string fen = "k3b3/8/8/8/8/8/8/4R2K w - - 0 2";
  Variant progressive = make_variant("progressive"), circe = make_variant("progressive-circe");
  Position pos;
  set_fen(pos, progressive, fen);
  Undo u;
  pos.ops().make(pos, parse_uci(pos, "e1e8"), u);
  EXPECT_TRUE(u.turn_ended);  // the check ends the Progressive series
  EXPECT_EQ(pos.side(), kBlack);
  Position pc;
  set_fen(pc, circe, fen);
  Undo w;
  pc.ops().make(pc, parse_uci(pc, "e1e8"), w);
  EXPECT_FALSE(w.turn_ended);
  EXPECT_EQ(pc.side(), kWhite);
  EXPECT_EQ(pc.ops().checkers(pc, kBlack), Bitboard(0));
  const std::string after = to_fen(pc);
  EXPECT_EQ(after.substr(0, after.find(' ')), "k1b1R3/8/8/8/8/8/8/7K");
}

// E.p.: the pawn taken is the double-stepped one on d5 (the capture square of its file), reborn on d7, which
// its two-step emptied.
TEST(Rebirth, PawnTakenEnPassantReborn) {
  const After a =
      play("progressive-circe", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", {"e5d6"});
  EXPECT_EQ(a.placement, "rnbqkbnr/pppppppp/3P4/8/8/8/PPPP1PPP/RNBQKBNR");
  EXPECT_EQ(a.reborn, std::vector<std::string>{"d7p"});
}
