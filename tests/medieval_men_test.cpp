// The medieval men (RULES.md §3.3 king-and-pawns-medieval: fers F "moves one square diagonally", alfil A
// "leaps exactly two squares diagonally, over any man") and the promotion set as rule data, on the test
// variant medieval-men of tests/data/variants/medieval.toml (both sides a king and the medieval army; no
// castling, no pawn two-step, promotion to fers only): hand-counted perft, the generic kernel against the
// reference generator on random positions, the FEN reader's refusals, and FEN / SAN / UCI round trips.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/men.hpp"
#include "reference.hpp"
#include "rules/generic_kernel.hpp"
#include "support.hpp"
#include "variants/variant_file.hpp"

using namespace hc;

namespace {

const std::string kId = "medieval-men";

class MedievalMen : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    load_variants_file(std::string(HC_TEST_DATA_DIR) + "/variants/medieval.toml");
  }
};

std::uint64_t perft_of(const std::string& fen, int depth) {
  const Variant v = make_variant(kId);
  Position pos;
  set_fen(pos, v, fen);
  return perft(pos, depth);
}

}  // namespace

TEST_F(MedievalMen, RulesAndKernel) {
  const Variant v = make_variant(kId);
  EXPECT_EQ(v.rules.promotion_pieces, men_bit(kFers));
  // The start array's men and the promotion set.
  EXPECT_EQ(v.rules.men(), men_bit(kPawn) | men_bit(kKnight) | men_bit(kRook) | men_bit(kKing) |
                               men_bit(kFers) | men_bit(kAlfil));
  EXPECT_TRUE(v.rules.unorthodox_men());
  EXPECT_EQ(v.ops, generic_kernel_ops());  // only the generic kernel plays them
  // Chess keeps its fast kernel and its six men.
  const Variant chess = make_variant("chess");
  EXPECT_EQ(chess.rules.men(), kOrthodoxMen);
  EXPECT_FALSE(chess.rules.unorthodox_men());
  EXPECT_NE(chess.ops, generic_kernel_ops());
  // The same rules with the promotion set Q R B N but an alfil in the array: still the generic kernel.
  Rules r = chess.rules;
  r.start_men |= men_bit(kAlfil);
  EXPECT_EQ(kernel_for(r), generic_kernel_ops());
  // The promotion set alone (orthodox men, promotion to fers): the generic kernel too.
  r = chess.rules;
  r.promotion_pieces = men_bit(kFers);
  EXPECT_EQ(kernel_for(r), generic_kernel_ops());
}

TEST_F(MedievalMen, HandCountedPerft) {
  // A lone fers on d4, kings e1 / e8. White: the fers c3, e3, c5, e5 (4) and the king d1, d2, e2, f1, f2 (5)
  // = 9. Depth 2: no fers square reached touches the black king's field (d8 f8 d7 e7 f7), so 9 x 5 = 45.
  EXPECT_EQ(perft_of("4k3/8/8/8/3F4/8/8/4K3 w - - 0 1", 1), 9u);
  EXPECT_EQ(perft_of("4k3/8/8/8/3F4/8/8/4K3 w - - 0 1", 2), 45u);
  // A lone alfil on d4: b2, f2, b6, f6 (4) and the king's 5 = 9. Depth 2: from b6 and from f6 the alfil
  // attacks d8 (b6-d8, f6-d8 are two-square diagonal leaps), leaving Black 4 king moves each; from b2, f2
  // (attacking d4, h4, …) and after the 5 king moves (alfil still on d4: b2 f2 b6 f6) Black has all 5: 4 + 4
  // + 5 + 5 + 5 x 5 = 43.
  EXPECT_EQ(perft_of("4k3/8/8/8/3A4/8/8/4K3 w - - 0 1", 1), 9u);
  EXPECT_EQ(perft_of("4k3/8/8/8/3A4/8/8/4K3 w - - 0 1", 2), 43u);
  // The alfil leaps over any man: with a black pawn on e5 and a white pawn on e3 it still reaches f6 and f2
  // (4 moves); the pawn e3-e4 (1); the king's 5 = 10.
  EXPECT_EQ(perft_of("4k3/8/8/4p3/3A4/4P3/8/4K3 w - - 0 1", 1), 10u);
  // Check by an alfil over a man: the black alfil c3 checks e1 over the pawn d2. The pawn cannot block (the
  // leap passes over anything): d2-d3 stays in check; dxc3 takes the checker (1); the king to d1, e2, f1, f2
  // (none attacked by c3's a1 e1 a5 e5; d2 is his own pawn's) (4) = 5.
  EXPECT_EQ(perft_of("4k3/8/8/8/8/2a5/3P4/4K3 w - - 0 1", 1), 5u);
  // Check by a fers: the black fers f2 checks e1 by its diagonal step; it attacks only e1, g1, e3, g3 and
  // nothing guards it. The king: d1, d2, e2, f1 and Kxf2 = 5.
  EXPECT_EQ(perft_of("4k3/8/8/8/8/8/5f2/4K3 w - - 0 1", 1), 5u);
  // Promotion to fers only: b7-b8=F (1) and the king's 5 = 6; with a black rook on a8 also bxa8=F (7 in all).
  EXPECT_EQ(perft_of("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", 1), 6u);
  EXPECT_EQ(perft_of("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", 1), 7u);
  // The start array: 8 pawn steps (no two-step), knights b1-a3/c3 and g1-f3/h3 (4), the alfils c1, f1 leap to
  // a3/e3 and d3/h3 over the pawns (4); the fers e1, king d1 and rooks are shut in = 16.
  EXPECT_EQ(perft_of(make_variant(kId).start_fen, 1), 16u);
}

TEST_F(MedievalMen, GenericKernelEqualsReference) {
  const int count = int(test::env_long("HC_REFERENCE_POSITIONS", 10000));
  const Variant v = make_variant(kId);
  Position pos;
  long moves = 0, children = 0;
  const auto fens = test::random_positions(v, count, 0x3ED1E7A1, 160);
  for (std::size_t i = 0; i < fens.size(); ++i) {
    const std::string& fen = fens[i];
    set_fen(pos, v, fen);
    ASSERT_EQ(reference::normalize_fen(kId, fen), fen);
    std::vector<std::string> ours = test::legal(pos), theirs = reference::legal_moves(kId, fen);
    std::sort(theirs.begin(), theirs.end());
    ASSERT_EQ(ours, theirs) << fen;
    moves += long(ours.size());
    if (i % 5) continue;
    MoveList list;
    pos.ops().legal_moves(pos, list);
    for (Move m : list) {
      Undo u;
      pos.ops().make(pos, m, u);
      ASSERT_EQ(to_fen(pos), reference::play(kId, fen, to_uci(m))) << fen << " after " << to_uci(m);
      pos.undo(u);
      ++children;
    }
  }
  // The random games reach the new men's moves, captures and checks, and promotions to fers.
  std::printf("%s: %zu positions, %ld legal moves and %ld child positions agree\n", kId.c_str(), fens.size(),
              moves, children);
  EXPECT_GT(moves, 0);
}

TEST_F(MedievalMen, ReferencePerftOfTheStart) {
  // Two generators, written apart, count the same tree from the start array.
  const Variant v = make_variant(kId);
  for (int d = 1; d <= 3; ++d)
    EXPECT_EQ(perft_of(v.start_fen, d), reference::perft(kId, v.start_fen, d)) << d;
}

TEST_F(MedievalMen, FenRefusesMenTheGameLacks) {
  const Variant chess = make_variant("chess");
  Position pos;
  // Chess has no fers nor alfil: a NotationError (the input-error base type) that names the man.
  try {
    set_fen(pos, chess, "4k3/8/8/8/3F4/8/8/4K3 w - - 0 1");
    ADD_FAILURE() << "a fers accepted in chess";
  } catch (const NotationError& e) {
    EXPECT_NE(std::string(e.what()).find("fers 'F'"), std::string::npos) << e.what();
  }
  EXPECT_THROW(set_fen(pos, chess, "4k3/8/8/8/3a4/8/8/4K3 w - - 0 1"), NotationError);
  // medieval-men has no queen and no bishop (neither in its array nor in its promotion set).
  const Variant v = make_variant(kId);
  try {
    set_fen(pos, v, "4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1");
    ADD_FAILURE() << "a queen accepted in medieval-men";
  } catch (const NotationError& e) {
    EXPECT_NE(std::string(e.what()).find("queen 'Q'"), std::string::npos) << e.what();
  }
  EXPECT_THROW(set_fen(pos, v, "4k3/8/8/8/3b4/8/8/4K3 w - - 0 1"), NotationError);
  EXPECT_NO_THROW(set_fen(pos, v, "4k3/8/8/8/3f4/8/2A5/4K3 w - - 0 1"));
}

TEST_F(MedievalMen, NotationRoundTrips) {
  const Variant v = make_variant(kId);
  Position pos;
  // FEN: the letters F and A, both colours.
  const std::string fen = "rn1k1anr/ppp1pppp/8/3p4/3Ff3/2A5/PPPPPPP1/RN1K1ANR w - - 0 1";
  set_fen(pos, v, fen);
  EXPECT_EQ(to_fen(pos), fen);
  EXPECT_EQ(pos.at(0, parse_square("d4")), make_piece(kWhite, kFers));
  EXPECT_EQ(pos.at(0, parse_square("e4")), make_piece(kBlack, kFers));
  EXPECT_EQ(pos.at(0, parse_square("c3")), make_piece(kWhite, kAlfil));
  // SAN and UCI of every legal move read back to the same move.
  MoveList list;
  pos.ops().legal_moves(pos, list);
  for (Move m : list) {
    EXPECT_EQ(parse_san(pos, to_san(pos, m)), m) << to_san(pos, m);
    EXPECT_EQ(parse_uci(pos, to_uci(m)), m) << to_uci(m);
  }
  // By hand: the fers d4 steps to e3, c5, e5 (c3 is its own alfil); the alfil c3 leaps to a5, e5, e1 (a1 its
  // own rook); the other alfil, f1, reaches only d3 and h3: so each is named by its letter alone.
  EXPECT_EQ(to_san(pos, parse_uci(pos, "d4e5")), "Fe5");
  EXPECT_EQ(to_san(pos, parse_uci(pos, "c3a5")), "Aa5");
  EXPECT_EQ(parse_san(pos, "Ae1"), parse_uci(pos, "c3e1"));
  // The promotion letter: UCI b7b8f, SAN b8=F; a queen promotion does not exist here.
  set_fen(pos, v, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
  const Move promo = parse_uci(pos, "b7b8f");
  EXPECT_EQ(promo.kind(), MoveKind::kPromotion);
  EXPECT_EQ(promo.promotion(), kFers);
  EXPECT_EQ(to_uci(promo), "b7b8f");
  EXPECT_EQ(to_san(pos, promo), "b8=F");
  EXPECT_EQ(parse_san(pos, "b8=F"), promo);
  EXPECT_THROW(parse_uci(pos, "b7b8q"), NotationError);
  Undo u;
  pos.ops().make(pos, promo, u);
  EXPECT_EQ(to_fen(pos), "1F2k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

TEST(MedievalMenCore, MoveAndPieceCodes) {
  // A fers or alfil promotion keeps its high type bit in bit 31; every other move's code is unchanged.
  const Move q(parse_square("b7"), parse_square("b8"), MoveKind::kPromotion, kQueen);
  EXPECT_EQ(q.raw(), 49u | 57u << 6 | 1u << 12 | 5u << 15);
  const Move f(parse_square("b7"), parse_square("b8"), MoveKind::kPromotion, kFers);
  EXPECT_EQ(f.promotion(), kFers);
  EXPECT_EQ(f.raw(), 49u | 57u << 6 | 1u << 12 | 0u << 15 | 1u << 31);
  EXPECT_EQ(Move(1, 2, MoveKind::kPromotion, kAlfil).promotion(), kAlfil);
  EXPECT_EQ(Move::from_raw(f.raw()), f);
  EXPECT_EQ(f.with_shot(20).promotion(), kFers);
  // A Piece: colour in bit 4.
  EXPECT_EQ(make_piece(kBlack, kAlfil), Piece(16 | 9));
  EXPECT_EQ(type_of(make_piece(kBlack, kAlfil)), kAlfil);
  EXPECT_EQ(color_of(make_piece(kBlack, kFers)), kBlack);
  // The letter table.
  EXPECT_EQ(man_letter(kFers), 'F');
  EXPECT_EQ(man_letter_lower(kAlfil), 'a');
  EXPECT_EQ(piece_letter(make_piece(kBlack, kFers)), 'f');
  EXPECT_EQ(man_of_letter('c'), kCapricorn);
}
