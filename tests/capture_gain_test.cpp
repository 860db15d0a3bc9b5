// capture_gain (engine/capture_gain.hpp): what a capture wins under each capture rule, against values worked
// out by hand from piece_value's tables (orthodox 100/320/330/500/900; where the capturer is removed
// 150/300/300/450/800; shots 100/290/350/525/1000).
#include <gtest/gtest.h>

#include "engine/capture_gain.hpp"
#include "notation/fen.hpp"
#include "notation/move_text.hpp"
#include "support.hpp"

using namespace hc;

namespace {

int gain(const std::string& variant, const std::string& fen, const std::string& move) {
  Variant v = make_variant(variant);
  Position pos;
  set_fen(pos, v, fen);
  const Key before = pos.key();
  const int g = capture_gain(pos, parse_move(pos, move));
  EXPECT_EQ(pos.key(), before) << "the position is left as it was";
  return g;
}

TEST(CaptureGain, DisplacementTakesTheVictim) {
  EXPECT_EQ(gain("chess", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "exd5"), 100);
}

TEST(CaptureGain, DisplacementLosesTheCapturerWhereTheEnemyAttacksIt) {
  // c6 takes back on d5: pawn for pawn, and a queen for a pawn.
  EXPECT_EQ(gain("chess", "4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "exd5"), 0);
  EXPECT_EQ(gain("chess", "4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "Qxd5"), 100 - 900);
}

TEST(CaptureGain, PromotionAddsTheNewMan) {
  EXPECT_EQ(gain("chess", "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "axb8=Q"), 500 + 900 - 100);
}

TEST(CaptureGain, ExplosionCountsTheCapturerAndTheBystanders) {
  // The queen dies with the pawn; the pawn next to d5 (e5) is spared, the knight (c4) is not.
  EXPECT_EQ(gain("atomic", "4k3/8/8/3pp3/2n5/8/8/3QK3 w - - 0 1", "Qxd5"), 150 + 300 - 800);
  // d7 is next to the black king: it explodes.
  EXPECT_EQ(gain("atomic", "4k3/3p4/8/8/8/8/8/3QK3 w - - 0 1", "Qxd7"), 150 + kRoyalGain - 800);
}

TEST(CaptureGain, DyingCapturerTradesItself) {
  EXPECT_EQ(gain("kamikaze", "4k3/8/8/3r4/8/8/8/3QK3 w - - 0 1", "Qxd5"), 450 - 800);
}

TEST(CaptureGain, ShotCannotBeTakenBack) {
  // The queen shoots from d1 and stays there: c6 attacks d5, where nobody stands.
  EXPECT_EQ(gain("rifle", "4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "Qxd5"), 100);
}

TEST(CaptureGain, QuietMoveIsNoCapture) {
  EXPECT_EQ(gain("chess", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e5"), kNotCapture);
}

}  // namespace
