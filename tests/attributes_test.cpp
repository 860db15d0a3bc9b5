// Per-man state (rules/attributes.hpp): attribute bitboards changed only by journalled effects, carried with
// their man, covered by the hash and the FEN (docs/formats.md `missile=`, `has-moved=`); the missile shot
// (RULES.md §4.1) and the removal move (§4.7) with their notation. Expected values are counted by hand in the
// comments.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "notation/error.hpp"
#include "notation/fen.hpp"
#include "notation/move_text.hpp"
#include "rules/kernel.hpp"
#include "variants/registry.hpp"

using namespace hc;

namespace {

// `chess` whose men remember whether they have moved (no catalogue key sets it yet).
Variant has_moved_chess() {
  Variant v = make_variant("chess");
  v.rules.tracks_has_moved = true;
  v.ops = kernel_for(v.rules);
  return v;
}

// Plays UCI or SAN moves from `fen`, keeping each journal (in `undos`) so that the caller can undo them.
struct Game {
  Variant v;
  Position pos;
  std::vector<Undo> undos;
  Game(Variant variant, const std::string& fen) : v(std::move(variant)) { set_fen(pos, v, fen); }
  std::string play(const std::string& text) {
    const Move m = parse_move(pos, text);
    const std::string san = to_san(pos, m);
    undos.emplace_back();
    pos.ops().make(pos, m, undos.back());
    EXPECT_TRUE(pos.is_consistent()) << text;
    return san;
  }
  void undo_all() {
    while (!undos.empty()) {
      pos.undo(undos.back());
      undos.pop_back();
    }
  }
  std::string fen() const { return to_fen(pos); }
  // The squares of board 0 holding attribute a, as names.
  std::string holders(Attr a) const {
    std::string s;
    for (Bitboard m = pos.attribute(0, a); m;) s += square_name(pop_lsb(m)) + " ";
    return s;
  }
};

const char* const kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

std::string error_of(const Variant& v, const std::string& fen, int* column = nullptr) {
  Position pos;
  try {
    set_fen(pos, v, fen);
  } catch (const NotationError& e) {
    if (column) *column = e.column();
    return e.what();
  }
  return "";
}

}  // namespace

// ---- the attribute boards ----

TEST(Attributes, MissileStartsOnEveryManAndPlainFenIsTheDefault) {
  Game g(make_variant("missile"), kStart);
  EXPECT_EQ(g.pos.attribute(0, Attr::kMissile), g.pos.occupied(0));
  EXPECT_EQ(g.fen(), kStart);  // nothing spent: no token
  EXPECT_TRUE(g.pos.is_consistent());
}

TEST(Attributes, ChessKeepsNone) {
  Game g(make_variant("chess"), kStart);
  EXPECT_EQ(g.pos.attributes_used(), 0);
  EXPECT_EQ(g.pos.attribute(0, Attr::kMissile), 0u);
}

// 1. e4 d5 2. e^d5: the e4 pawn fires at d5 and stays; its missile is spent, the d5 pawn's goes with it.
TEST(Attributes, ShotSpendsTheMissileAndTheTargetTakesItsOwn) {
  Game g(make_variant("missile"), kStart);
  g.play("e2e4");
  g.play("d7d5");
  const Key before = g.pos.key();
  EXPECT_EQ(g.play("e4^d5"), "e^d5");
  EXPECT_EQ(g.pos.at(0, make_square(4, 3)), make_piece(kWhite, kPawn));  // the firer stays on e4
  EXPECT_EQ(g.pos.at(0, make_square(3, 4)), kNoPiece);                   // d5 is empty
  EXPECT_FALSE(g.pos.attribute(0, Attr::kMissile) & bb(make_square(4, 3)));
  EXPECT_EQ(popcount(g.pos.attribute(0, Attr::kMissile)), 30);  // 31 men, one spent
  EXPECT_EQ(
      g.fen(),
      "rnbqkbnr/ppp1pppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2 missile=a1,b1,c1,d1,e1,f1,g1,h1,a2,b2,c2,"
      "d2,f2,g2,h2,a7,b7,c7,e7,f7,g7,h7,a8,b8,c8,d8,e8,f8,g8,h8");
  EXPECT_NE(g.pos.key(), before);
  g.undo_all();
  EXPECT_EQ(g.fen(), kStart);
  EXPECT_EQ(g.pos.attribute(0, Attr::kMissile), g.pos.occupied(0));
}

// The same placement with and without a spent missile: different positions, different keys, and the key
// after a move equals the key of the FEN read back.
TEST(Attributes, HashCoversAttributes) {
  const Variant v = make_variant("missile");
  Position a, b;
  set_fen(a, v, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  set_fen(b, v, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 missile=e1,e8");
  EXPECT_NE(a.key(), b.key());
  EXPECT_EQ(b.key(), b.compute_key());
}

// A man moved carries its missile: the knight leaves g1 with it, a pawn promoting keeps its own, castling
// carries the king's and the rook's.
TEST(Attributes, MissileTravelsWithItsMan) {
  Game g(make_variant("missile"), "r5k1/1P6/8/8/8/8/8/R3K2R w KQ - 0 1 missile=e1,h1,b7");
  EXPECT_EQ(g.holders(Attr::kMissile), "e1 h1 b7 ");
  g.play("b7b8n");  // the pawn promotes with its missile
  EXPECT_EQ(g.holders(Attr::kMissile), "e1 h1 b8 ");
  g.play("a8a7");
  g.play("e1g1");  // castling: the king's and the rook's missiles go to g1 and f1
  EXPECT_EQ(g.holders(Attr::kMissile), "f1 g1 b8 ");
  EXPECT_EQ(g.fen(), "1N4k1/r7/8/8/8/8/8/R4RK1 b - - 2 2 missile=f1,g1,b8");
  g.undo_all();
  EXPECT_EQ(g.holders(Attr::kMissile), "e1 h1 b7 ");
}

// A man captured takes his missile with him; the capturer brings its own (none here) to the square.
TEST(Attributes, CapturedManTakesItsMissile) {
  Game g(make_variant("missile"), "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1 missile=d5,e8");
  g.play("e4d5");
  EXPECT_EQ(g.holders(Attr::kMissile), "e8 ");
  EXPECT_TRUE(g.pos.is_consistent());
}

// has-moved: set on a man's first move (the mover, castling's king and rook), not on the others; undone.
TEST(Attributes, HasMovedIsSetOnFirstMoveAndUndone) {
  Game g(has_moved_chess(), "r3k2r/8/8/8/8/8/4P3/R3K2R w KQkq - 0 1");
  EXPECT_EQ(g.pos.attribute(0, Attr::kHasMoved), 0u);
  g.play("e2e4");
  EXPECT_EQ(g.holders(Attr::kHasMoved), "e4 ");
  g.play("e8c8");
  EXPECT_EQ(g.pos.attribute(0, Attr::kHasMoved),
            bb(make_square(4, 3)) | bb(make_square(2, 7)) | bb(make_square(3, 7)));
  EXPECT_EQ(g.fen(), "2kr3r/8/8/8/4P3/8/8/R3K2R w KQ - 1 2 has-moved=e4,c8,d8");
  Position back;
  set_fen(back, g.v, g.fen());
  EXPECT_EQ(back.key(), g.pos.key());
  EXPECT_EQ(to_fen(back), g.fen());
  g.undo_all();
  EXPECT_EQ(g.pos.attribute(0, Attr::kHasMoved), 0u);
  EXPECT_EQ(g.pos.key(), g.pos.compute_key());
}

// is_consistent: an attribute on an empty square, or one the rules do not keep, is an inconsistency.
TEST(Attributes, ConsistencyChecksTheAttributeBoards) {
  const Variant v = make_variant("missile");
  Position pos;
  set_fen(pos, v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_TRUE(pos.is_consistent());
  pos.set_attr_raw(0, make_square(3, 3), Attr::kMissile, true);  // d4 is empty
  pos.refresh_key();
  EXPECT_FALSE(pos.is_consistent());
  const Variant chess_variant = make_variant("chess");  // the position reads its rules: keep them alive
  Position chess;
  set_fen(chess, chess_variant, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  chess.set_attr_raw(0, make_square(4, 0), Attr::kMissile, true);  // chess keeps no missiles
  chess.refresh_key();
  EXPECT_FALSE(chess.is_consistent());
}

// ---- the FEN token ----

TEST(AttributesFen, RoundTripsAndReadsNone) {
  const Variant v = make_variant("missile");
  for (const std::string fen :
       {"4k3/8/8/8/8/8/8/4K3 w - - 0 1 missile=-", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 missile=e8",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 missile=a1,h1,a8,h8"}) {
    Position pos;
    set_fen(pos, v, fen);
    EXPECT_EQ(to_fen(pos), fen);
  }
  Position pos;
  set_fen(pos, v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 missile=e1,e8");  // every man: the default, not written
  EXPECT_EQ(to_fen(pos), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

TEST(AttributesFen, BadInputIsANotationErrorWithAColumn) {
  const Variant v = make_variant("missile");
  const std::string base = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ";  // the token starts at column 31
  int col = 0;
  EXPECT_NE(error_of(v, base + "missile=e1,d4", &col).find("no man stands"), std::string::npos);
  EXPECT_EQ(col, 42);
  EXPECT_NE(error_of(v, base + "missile=e1,e1", &col).find("twice"), std::string::npos);
  EXPECT_EQ(col, 42);
  EXPECT_NE(error_of(v, base + "missile=z9", &col).find("takes squares"), std::string::npos);
  EXPECT_EQ(col, 39);
  EXPECT_NE(error_of(v, base + "missile=e1,", &col).find("takes squares"), std::string::npos);
  EXPECT_NE(error_of(v, base + "missile=|e1", &col).find("takes squares"), std::string::npos);
  EXPECT_NE(error_of(make_variant("chess"), base + "missile=e1", &col).find("no meaning in chess"),
            std::string::npos);
  EXPECT_EQ(col, 31);
  EXPECT_NE(error_of(make_variant("missile"), base + "has-moved=e1").find("no meaning"), std::string::npos);
}

// ---- the missile shot (RULES.md §4.1) ----

// White: Ke1, Nf3, Pd5; Black: Ke8, Pe5, Pc6 (just after ...e7-e5? no: e.p. right on e6 given).
// Shots: the knight at e5 (its leap), the pawn at c6 and e.p. at e6 (the e5 pawn); no shot at e8 (no man
// of the pawn's pattern) — 3 shots, named in UCI with ^.
TEST(MissileShot, TargetsAreTheCapturePatternsEnPassantIncluded) {
  const Variant v = make_variant("missile");
  Game g(v, "4k3/8/2p5/3Pp3/8/5N2/8/4K3 w - e6 0 1");
  MoveList list;
  g.pos.ops().legal_moves(g.pos, list);
  std::vector<std::string> shots;
  for (Move m : list)
    if (m.kind() == MoveKind::kShot) shots.push_back(to_uci(m));
  std::sort(shots.begin(), shots.end());
  EXPECT_EQ(shots, (std::vector<std::string>{"d5^c6", "d5^e6", "f3^e5"}));
  EXPECT_EQ(g.play("d5^e6"), "d^e6");
  EXPECT_EQ(g.fen(), "4k3/8/2p5/3P4/8/5N2/8/4K3 b - - 0 1 missile=e1,f3,c6,e8");
}

// A spent missile gives no shot; a pinned man fires anywhere (it stays on the line); a king fires at a
// neighbour.
TEST(MissileShot, SpentPinnedAndKing) {
  const Variant v = make_variant("missile");
  // Ke1, Re2 pinned by the rook on e7 (defended by Ke8? no: e7 is beside e8), Bf1 spent; Black Nd2 beside e1.
  Game g(v, "4k3/4r3/8/8/8/8/3nR3/4KB2 w - - 0 1 missile=e1,e2,e7,e8,d2");
  MoveList list;
  g.pos.ops().legal_moves(g.pos, list);
  std::vector<std::string> shots;
  for (Move m : list)
    if (m.kind() == MoveKind::kShot) shots.push_back(to_uci(m));
  std::sort(shots.begin(), shots.end());
  // Re2, pinned, fires at e7 and at d2 (it does not leave the line); the king fires at d2; Bf1 has no
  // missile. No shot at e8 or elsewhere.
  EXPECT_EQ(shots, (std::vector<std::string>{"e1^d2", "e2^d2", "e2^e7"}));
}

TEST(MissileShot, NotationParsesAndRefuses) {
  const Variant v = make_variant("missile");
  Game g(v, "4k3/8/2p5/3Pp3/8/5N2/8/4K3 w - e6 0 1");
  EXPECT_EQ(to_uci(parse_san(g.pos, "N^e5")), "f3^e5");
  EXPECT_EQ(to_uci(parse_san(g.pos, "Nf^e5")), "f3^e5");
  EXPECT_EQ(to_uci(parse_move(g.pos, "f3^e5")), "f3^e5");
  EXPECT_EQ(parse_move(g.pos, "f3e5").kind(), MoveKind::kNormal);  // the capture, not the shot
  EXPECT_THROW(parse_move(g.pos, "f3^e4"), NotationError);
  EXPECT_THROW(parse_san(g.pos, "N^e4"), NotationError);
  EXPECT_THROW(parse_san(g.pos, "N^"), NotationError);
  EXPECT_THROW(parse_san(g.pos, "N?^e5"), NotationError);
  Game chess(make_variant("chess"), "4k3/8/2p5/3Pp3/8/5N2/8/4K3 w - e6 0 1");
  EXPECT_THROW(parse_move(chess.pos, "f3^e5"), NotationError);
}

// ---- the removal (RULES.md §4.7 suicide-piece-removal) ----

// Ke1, Nd2 pinned by Bb4, Qe2 behind Ne5 facing Ke8, Ra1, Rh1: removals of a1, h1, e2, e5 (with check), not
// d2 (pinned) nor e1 (the king).
TEST(Removal, OwnMenButTheKingAndPinnedMen) {
  const Variant v = make_variant("suicide-piece-removal");
  Game g(v, "r3k2r/p6p/8/4N3/1b6/8/3NQ3/R3K2R w KQkq - 0 1");
  MoveList list;
  g.pos.ops().legal_moves(g.pos, list);
  std::vector<std::string> removals;
  for (Move m : list)
    if (m.kind() == MoveKind::kRemoval) removals.push_back(to_uci(m));
  std::sort(removals.begin(), removals.end());
  EXPECT_EQ(removals, (std::vector<std::string>{"a1a1", "e2e2", "e5e5", "h1h1"}));
  EXPECT_EQ(g.play("e5e5"), "~Ne5+");
  EXPECT_EQ(g.fen(), "r3k2r/p6p/8/8/1b6/8/3NQ3/R3K2R b KQkq - 0 1");
  g.undo_all();
  EXPECT_EQ(g.play("~Ra1"), "~Ra1");
  EXPECT_EQ(g.fen(), "r3k2r/p6p/8/4N3/1b6/8/3NQ3/4K2R b Kkq - 0 1");  // the rook's right goes with it
  Game h(v, "r3k2r/p6p/8/4N3/1b6/8/3NQ3/R3K2R w KQkq - 0 1");
  EXPECT_THROW(parse_san(h.pos, "~Nd2"), NotationError);  // pinned
  EXPECT_THROW(parse_san(h.pos, "~Ke1"), NotationError);
  EXPECT_THROW(parse_san(h.pos, "~N"), NotationError);
  EXPECT_THROW(parse_move(h.pos, "e1e1"), NotationError);
}
