// The refill chain (RULES.md §3.7 kazan: a free move, then each vacated square refilled by an own man that has
// not moved, P > N > B > R > Q > K; the king safe at the chain's end). The expected values are counted by hand
// from the rules text, not by the code under test.
#include <gtest/gtest.h>

#include "notation/fen.hpp"
#include "rules/game.hpp"
#include "support.hpp"

namespace hc {
namespace {

using test::legal;

void play(Position& pos, const std::string& uci, Undo& u) { pos.ops().make(pos, parse_uci(pos, uci), u); }

// From the start, e2-e4 vacates e2: the knight g1 refills it (before Bf1, Qd1 and Ke1); g1 is then reachable by
// the rook h1 only; nobody reaches h1, and the turn is over.
TEST(RefillChain, StartPositionChain) {
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  EXPECT_EQ(legal("kazan", start).size(), 20u);  // the first move is free
  const Variant v = make_variant("kazan");
  Position pos;
  set_fen(pos, v, start);
  Undo u1, u2, u3;
  play(pos, "e2e4", u1);
  EXPECT_FALSE(u1.turn_ended);
  EXPECT_NE(to_fen(pos).find(" vacated=e2"), std::string::npos);
  EXPECT_EQ(legal("kazan", to_fen(pos)), (std::vector<std::string>{"g1e2"}));
  play(pos, "g1e2", u2);
  EXPECT_FALSE(u2.turn_ended);
  EXPECT_EQ(legal("kazan", to_fen(pos)), (std::vector<std::string>{"h1g1"}));
  play(pos, "h1g1", u3);
  EXPECT_TRUE(u3.turn_ended);
  EXPECT_EQ(pos.side(), kBlack);
}

// Castling first (decision: the king's square's chain, then the rook's). O-O vacates e1 and h1: e1 is refilled
// by Ra1 (R before Qe2; the castled rook f1 has moved), then a1 by Nb3 (N before Bb2), b3 by nobody; then h1:
// nobody (the king and the rook on g1/f1 have moved). O-O-O vacates e1 and a1: Rh1-e1, then h1 by nobody, then
// a1 by Nb3: the rook's chain waits until the king's is over.
TEST(RefillChain, CastlingKingsSquareFirst) {
  const Variant v = make_variant("kazan");
  Position pos;
  set_fen(pos, v, "r3k2r/pbppqp1p/1n6/8/8/1N6/PBPPQP1P/R3K2R w KQkq - 0 5");
  Undo u;
  play(pos, "e1g1", u);
  EXPECT_NE(to_fen(pos).find(" vacated=e1,h1"), std::string::npos);
  EXPECT_EQ(legal("kazan", to_fen(pos)), (std::vector<std::string>{"a1e1"}));
  pos.undo(u);
  play(pos, "e1c1", u);
  EXPECT_NE(to_fen(pos).find(" vacated=e1,a1"), std::string::npos);
  EXPECT_EQ(legal("kazan", to_fen(pos)), (std::vector<std::string>{"h1e1"}));
  Undo u2;
  play(pos, "h1e1", u2);
  EXPECT_NE(to_fen(pos).find(" vacated=a1"), std::string::npos);  // h1 had no filler: dropped
  EXPECT_EQ(legal("kazan", to_fen(pos)), (std::vector<std::string>{"b3a1"}));
}

// White Ke1, Ne2 (shielding the king from Re8), Bg3. Every knight move leaves e2 to the king only, on the
// rook's file: no refill, the turn ends in check (illegal). Every bishop move but Be5 forces Ne2-g3 (the only
// man reaching g3), and then e2 has no filler: illegal too, though the bishop's move itself was harmless. Be5
// blocks the file: Ne2-g3, then the king must refill e2 (safe now). King moves: d1, d2, f1 (then Bg3-e1 and
// Ne2-g3, the king safe), f2 (it blocks g3-f2-e1: nobody refills e1). 5 first moves.
// With the option (refills optional) every bishop move is legal (the turn may stop at once, the knight still
// shielding): 8 bishop moves (f2, h2, f4, h4, e5, d6, c7, b8) and the 4 king moves; the knight's stay illegal.
TEST(RefillChain, ForcedChainExposingTheKingIsIllegal) {
  const std::string fen = "4r2k/8/8/8/8/6B1/4N3/4K3 w - - 0 5";
  EXPECT_EQ(legal("kazan", fen), (std::vector<std::string>{"e1d1", "e1d2", "e1f1", "e1f2", "g3e5"}));
  EXPECT_EQ(legal("kazan:optional=true", fen).size(), 12u);
  const Variant v = make_variant("kazan");
  Position pos;
  set_fen(pos, v, fen);
  Undo u1, u2;
  play(pos, "g3e5", u1);
  play(pos, "e2g3", u2);
  EXPECT_EQ(legal("kazan", to_fen(pos)), (std::vector<std::string>{"e1e2"}));  // the king, onto a safe square
}

// The FEN token: required mid-turn, refused elsewhere, only on an empty square with a filler.
TEST(RefillChain, FenToken) {
  const Variant v = make_variant("kazan");
  Position pos;
  const std::string after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 made=1 moved=e4";
  EXPECT_THROW(set_fen(pos, v, after_e4), NotationError);                  // no vacated=
  EXPECT_THROW(set_fen(pos, v, after_e4 + " vacated=e4"), NotationError);  // occupied
  EXPECT_THROW(set_fen(pos, v, after_e4 + " vacated=e3"), NotationError);  // nobody can refill e3
  set_fen(pos, v, after_e4 + " vacated=e2");
  EXPECT_EQ(to_fen(pos), after_e4 + " vacated=e2");
  const Variant chess = make_variant("chess");
  EXPECT_THROW(set_fen(pos, chess, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 vacated=e2"), NotationError);
}

}  // namespace
}  // namespace hc
