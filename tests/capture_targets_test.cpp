// Who may be captured, and by whom (RULES.md §4.7 reform-tabi: own men too; §4.5 ekstrom-en-passant: any man
// takes a two-stepped pawn e.p.), on hand-made positions whose moves are counted by hand in the comments.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "notation/fen.hpp"
#include "notation/move_text.hpp"
#include "rules/kernel.hpp"
#include "support.hpp"
#include "variants/registry.hpp"

using namespace hc;

namespace {

using test::legal;

bool has(const std::vector<std::string>& moves, const std::string& m) {
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

// The FEN after `move` (UCI), its SAN, and whether the kernel calls it a capture.
struct Played {
  std::string fen, san;
  bool capture;
  MoveKind kind;
};
Played play(const std::string& variant, const std::string& fen, const std::string& move) {
  Variant v = make_variant(variant);
  Position pos;
  set_fen(pos, v, fen);
  const Move m = parse_uci(pos, move);
  Played p{"", to_san(pos, m), pos.ops().removes_men(pos, m), m.kind()};
  Undo u;
  pos.ops().make(pos, m, u);
  p.fen = to_fen(pos);
  return p;
}

}  // namespace

// ---- reform-tabi ----

// The start position: the 20 orthodox moves and 19 captures of own men (knights b1xd2, g1xe2; rooks a1xa2,
// a1xb1, h1xh2, h1xg1; bishops c1xb2, c1xd2, f1xe2, f1xg2; the queen d1xc1, xc2, xd2, xe2 but not its king on
// e1; the king e1xd1, xd2, xe2, xf1, xf2, none of them attacked).
TEST(ReformTabi, StartPositionOwnCapturesCountedByHand) {
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const auto chess = legal("chess", start), tabi = legal("reform-tabi", start);
  EXPECT_EQ(chess.size(), 20u);
  ASSERT_EQ(tabi.size(), 39u);
  for (const char* m : {"b1d2", "g1e2", "a1a2", "a1b1", "h1h2", "h1g1", "c1b2", "c1d2", "f1e2", "f1g2",
                        "d1c1", "d1c2", "d1d2", "d1e2", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"})
    EXPECT_TRUE(has(tabi, m)) << m;
  EXPECT_FALSE(has(tabi, "d1e1")) << "the queen takes its own king";
}

// The king may take an own man only on a square no enemy man attacks: the rook on d8 guards d1 (the own
// knight) and d2. By hand: king e1-e2, e1-f1, e1xf2 (own pawn); knight d1-b2, c3, e3, xf2; pawn f3, f4.
TEST(ReformTabi, KingRefusesAnAttackedOwnMan) {
  const auto moves = legal("reform-tabi", "3rk3/8/8/8/8/8/5P2/3NK3 w - - 0 1");
  const std::vector<std::string> expected{"d1b2", "d1c3", "d1e3", "d1f2", "e1e2",
                                          "e1f1", "e1f2", "f2f3", "f2f4"};
  EXPECT_EQ(moves, expected);
}

// A pawn taking an own man on the last rank promotes; the capture resets the no-progress counter and is
// written with 'x'.
TEST(ReformTabi, PawnTakingAnOwnManOnTheLastRankPromotes) {
  const std::string fen = "2R5/1P6/8/7k/8/8/8/4K3 w - - 12 40";
  const auto moves = legal("reform-tabi", fen);
  for (const char* m : {"b7c8q", "b7c8r", "b7c8b", "b7c8n"}) EXPECT_TRUE(has(moves, m)) << m;
  EXPECT_FALSE(has(moves, "b7c8"));
  const Played p = play("reform-tabi", fen, "b7c8n");
  EXPECT_EQ(p.fen, "2N5/8/8/7k/8/8/8/4K3 b - - 0 40");
  EXPECT_EQ(p.san, "bxc8=N");
  EXPECT_TRUE(p.capture);
}

// Taking an own rook loses its castling right (the rook is gone); the counter resets (D-4: it is a capture).
TEST(ReformTabi, OwnRookTakenLosesCastlingAndResetsTheCounter) {
  const Played n = play("reform-tabi", "4k3/8/8/8/8/6N1/8/4K2R w K - 37 50", "g3h1");
  EXPECT_EQ(n.fen, "4k3/8/8/8/8/8/8/4K2N b - - 0 50");
  EXPECT_EQ(n.san, "Nxh1");
  const Played k = play("reform-tabi", "4k3/8/8/8/8/8/8/4KR2 w - - 5 9", "e1f1");
  EXPECT_EQ(k.fen, "4k3/8/8/8/8/8/8/5K2 b - - 0 9");
  EXPECT_EQ(k.san, "Kxf1");
  // SAN in and out: "Nxh1" names the capture of the own rook.
  Variant v = make_variant("reform-tabi");
  Position pos;
  set_fen(pos, v, "4k3/8/8/8/8/6N1/8/4K2R w K - 37 50");
  EXPECT_EQ(to_uci(parse_san(pos, "Nxh1")), "g3h1");
}

// No man takes its own king; e.p. stays a capture of enemy pawns.
TEST(ReformTabi, NoManTakesItsOwnKing) {
  const auto moves = legal("reform-tabi", "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1");
  EXPECT_FALSE(has(moves, "d2e1"));
  EXPECT_TRUE(has(moves, "d2e2"));
}

// ---- ekstrom-en-passant ----

// A knight, a bishop, a queen and a king that attack the passed square d6 take the pawn d5 e.p.: each moves
// to d6 and d5 is emptied. The move to d6 is the capture (it has no quiet twin), written Nxd6 and so on.
TEST(EkstromEnPassant, PiecesAndKingTakeEnPassant) {
  struct Case {
    const char *fen, *move, *after, *san;
  } cases[] = {
      {"7k/8/8/3p4/4N3/8/8/4K3 w - d6 0 2", "e4d6", "7k/8/3N4/8/8/8/8/4K3 b - - 0 2", "Nxd6"},
      {"7k/8/8/3p4/1B6/8/8/4K3 w - d6 0 2", "b4d6", "7k/8/3B4/8/8/8/8/4K3 b - - 0 2", "Bxd6"},
      {"7k/8/8/3p4/8/Q7/8/4K3 w - d6 0 2", "a3d6", "7k/8/3Q4/8/8/8/8/4K3 b - - 0 2", "Qxd6"},
      {"7k/8/2K5/3p4/8/8/8/8 w - d6 0 2", "c6d6", "7k/8/3K4/8/8/8/8/8 b - - 0 2", "Kxd6"},
      {"4k3/8/8/8/2n1P3/8/8/4K3 b - e3 0 1", "c4e3", "4k3/8/8/8/8/4n3/8/4K3 w - - 0 2", "Nxe3"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.fen);
    const auto moves = legal("ekstrom-en-passant", c.fen);
    ASSERT_EQ(std::count(moves.begin(), moves.end(), c.move), 1);
    const Played p = play("ekstrom-en-passant", c.fen, c.move);
    EXPECT_EQ(p.kind, MoveKind::kEnPassant);
    EXPECT_TRUE(p.capture);
    EXPECT_EQ(p.fen, c.after);
    EXPECT_EQ(p.san, c.san);
  }
  // The king also takes d5 itself, an ordinary capture.
  EXPECT_TRUE(has(legal("ekstrom-en-passant", "7k/8/2K5/3p4/8/8/8/8 w - d6 0 2"), "c6d5"));
}

// A king takes e.p. only where it is legal: the bishop f8 guards d6. The right stays in the FEN (the king
// attacks d6: RULES.md §1.3 attack ignores legality), as for a pinned pawn in chess.
TEST(EkstromEnPassant, KingRefusesAnAttackedPassedSquare) {
  const std::string fen = "5b1k/8/2K5/3p4/8/8/8/8 w - d6 0 2";
  const auto moves = legal("ekstrom-en-passant", fen);
  EXPECT_FALSE(has(moves, "c6d6"));
  EXPECT_TRUE(has(moves, "c6d5"));
  Variant v = make_variant("ekstrom-en-passant");
  Position pos;
  set_fen(pos, v, fen);
  EXPECT_EQ(to_fen(pos), fen);
}

// The right of a two-step is kept (and written, and hashed) when only a piece can use it, so the FEN round-
// trips and the key of the played position equals the key of its FEN read back.
TEST(EkstromEnPassant, RightKeptWhenOnlyAPieceCanUseIt) {
  const std::string before = "7k/3p4/8/8/4N3/8/8/4K3 b - - 0 1";
  EXPECT_EQ(play("ekstrom-en-passant", before, "d7d5").fen, "7k/8/8/3p4/4N3/8/8/4K3 w - d6 0 2");
  EXPECT_EQ(play("chess", before, "d7d5").fen, "7k/8/8/3p4/4N3/8/8/4K3 w - - 0 2");
  Variant v = make_variant("ekstrom-en-passant");
  Position played, read, without;
  set_fen(played, v, before);
  Undo u;
  played.ops().make(played, parse_uci(played, "d7d5"), u);
  set_fen(read, v, to_fen(played));
  EXPECT_EQ(read.key(), played.key());
  set_fen(without, v, "7k/8/8/3p4/4N3/8/8/4K3 w - - 0 2");
  EXPECT_NE(without.key(), played.key());
  // Without the right the knight's move to d6 is quiet and d5 stays.
  EXPECT_EQ(play("ekstrom-en-passant", "7k/8/8/3p4/4N3/8/8/4K3 w - - 0 2", "e4d6").fen,
            "7k/8/3N4/3p4/8/8/8/4K3 b - - 1 2");
}
