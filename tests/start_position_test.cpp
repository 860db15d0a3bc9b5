// A game starts only from a position its rules can play (rules/start_position.hpp): where the king is royal
// (RULES.md §1.1, unless the variant says otherwise), each side needs one. Perft and analysis still take any
// position.
#include <gtest/gtest.h>

#include <string>

#include "notation/fen.hpp"
#include "rules/start_position.hpp"
#include "variants/registry.hpp"

using namespace hc;

namespace {

// "" when the position may start a game, else the error.
std::string refusal(const std::string& variant, const std::string& fen) {
  Variant v = make_variant(variant);
  Position pos;
  set_fen(pos, v, fen);
  try {
    require_royal_kings(pos);
  } catch (const NotationError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(StartPosition, EveryIdNeedsARoyalKingPerSide) {
  for (const VariantInfo& info : variant_catalogue()) {
    SCOPED_TRACE(info.id);
    Variant v = make_variant(info.id);
    EXPECT_EQ(refusal(info.id, v.start_fen), "") << "the start array is playable";
    EXPECT_EQ(refusal(info.id, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"), "");
    if (!v.rules.royal_king) {  // the ids whose king is an ordinary man (RULES.md "otherwise") need none
      EXPECT_EQ(refusal(info.id, "8/8/8/8/8/8/8/4K3 w - - 0 1"), "");
      EXPECT_EQ(refusal(info.id, "8/8/8/8/8/8/8/8 w - - 0 1"), "");
      continue;
    }
    EXPECT_NE(refusal(info.id, "8/8/8/8/8/8/8/4K3 w - - 0 1").find("Black has no king"), std::string::npos);
    EXPECT_NE(refusal(info.id, "4k3/8/8/8/8/8/8/R7 b - - 0 1").find("White has no king"), std::string::npos);
    EXPECT_NE(refusal(info.id, "8/8/8/8/8/8/8/8 w - - 0 1").find("neither side has a king"),
              std::string::npos);
  }
}

TEST(StartPosition, AKingOnEitherAliceBoardCounts) {
  EXPECT_EQ(refusal("alice", "4k3/8/8/8/8/8/8/4|K3 w - - 0 1"), "");
  EXPECT_EQ(refusal("progressive+alice", "4|k3/8/8/8/8/8/8/4|K3 w - - 0 1"), "");
  EXPECT_NE(refusal("alice", "4|k3/8/8/8/8/8/8/8 w - - 0 1").find("White has no king"), std::string::npos);
}

TEST(StartPosition, RulesWithoutRoyalKingsNeedNone) {
  Variant v = make_variant("chess");
  v.rules.royal_king = false;  // as a variant of RULES.md whose king is not royal would set it
  Position pos;
  set_fen(pos, v, "8/8/8/8/8/8/P7/8 w - - 0 1");
  EXPECT_NO_THROW(require_royal_kings(pos));
}

TEST(StartPosition, AnalysisStillTakesAnyPosition) {
  // RULES.md §9's kingless study position: the FEN reader accepts it (perft and tests use such positions).
  Variant v = make_variant("chess");
  Position pos;
  EXPECT_NO_THROW(set_fen(pos, v, "5qb1/4b3/8/8/p7/8/1P6/8 w - - 0 1"));
}
