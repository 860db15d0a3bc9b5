// What paralysis does (Rules::paralysed_cannot_move, paralysed_give_no_check; issue 11 item 4): Madrasi has
// both effects; a rules setting may have one without the other (Shock's shocked men cannot move but still
// give check). Hand-made position; every move list is worked out by hand in the comments.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "notation/fen.hpp"
#include "notation/move_text.hpp"
#include "rules/game.hpp"
#include "rules/generic_kernel.hpp"
#include "variants/registry.hpp"
#include "variants/variant_file.hpp"

using namespace hc;

namespace {

// Madrasi paralysis with only one of its two effects (user-declared ids, docs/variants.md
// `paralysis_effects`).
const Catalogue& split_catalogue() {
  static const Catalogue c = [] {
    auto r = read_variants_text(R"(
[madras-immobile-only]
inherits = "madras"
name = "Madrasi paralysis: cannot move, still checks"
paralysis_effects = ["cannot-move"]

[madras-disarmed-only]
inherits = "madras"
name = "Madrasi paralysis: gives no check, still moves"
paralysis_effects = ["gives-no-check"]

[madras-no-effect]
inherits = "madras"
name = "Madrasi paralysis that does nothing"
paralysis_effects = []
)",
                                "split.toml", builtin_catalogue());
    if (!r.issues.empty()) throw std::runtime_error(r.issues[0].text("split.toml"));
    return r.catalogue;
  }();
  return c;
}

struct Legal {
  std::vector<std::string> moves;
  bool in_check = false;
};
Legal legal(const std::string& id, const std::string& fen) {
  Variant v = make_variant(id, split_catalogue());
  Position pos;
  set_fen(pos, v, fen);
  MoveList list;
  pos.ops().legal_moves(pos, list);
  Legal l;
  for (Move m : list) l.moves.push_back(to_uci(m));
  std::sort(l.moves.begin(), l.moves.end());
  l.in_check = pos.ops().checkers(pos, pos.side()) != 0;
  return l;
}

// White Kh1, Ra8; Black Rh8, Kc6. The rooks a8 and h8 observe each other along the 8th rank: both paralysed.
// Rh8 also attacks the king on the open h-file.
const std::string kRooks = "R6r/8/2k5/8/8/8/8/7K w - - 0 1";

}  // namespace

TEST(Paralysis, MadrasiHasBothEffects) {
  // No check (Rh8 is paralysed); Ra8 cannot move; the king goes to g1, g2 or h2 (h2 is attacked only by the
  // paralysed rook).
  const Legal l = legal("madras", kRooks);
  EXPECT_FALSE(l.in_check);
  EXPECT_EQ(l.moves, (std::vector<std::string>{"h1g1", "h1g2", "h1h2"}));
}

TEST(Paralysis, ParalysedManThatStillChecks) {
  // Rh8 cannot move but gives check: White is in check; Ra8 cannot move (so cannot take h8); the king must
  // leave the h-file: g1 or g2.
  const Legal l = legal("madras-immobile-only", kRooks);
  EXPECT_TRUE(l.in_check);
  EXPECT_EQ(l.moves, (std::vector<std::string>{"h1g1", "h1g2"}));
}

TEST(Paralysis, ParalysedManThatStillMoves) {
  // No check (Rh8 is paralysed, it gives none); Ra8 may move although paralysed: along the 8th rank to b8..g8
  // (it still observes h8, which stays paralysed) or Rxh8 — but not down the a-file, which would free Rh8 to
  // check the king; the king's three moves as in Madrasi. 3 + 6 + 1 = 10.
  const Legal l = legal("madras-disarmed-only", kRooks);
  EXPECT_FALSE(l.in_check);
  EXPECT_EQ(l.moves, (std::vector<std::string>{"a8b8", "a8c8", "a8d8", "a8e8", "a8f8", "a8g8", "a8h8", "h1g1",
                                               "h1g2", "h1h2"}));
}

TEST(Paralysis, ParalysisWithNoEffectIsChess) {
  // Neither effect: both rooks move and check as in chess. White is in check from Rh8; Kg1 and Kg2 leave the
  // h-file, Rxh8 takes the checker (Ra8 moving along the rank does not block: the rook is beside, not between).
  const Legal l = legal("madras-no-effect", kRooks);
  EXPECT_TRUE(l.in_check);
  EXPECT_EQ(l.moves, (std::vector<std::string>{"a8h8", "h1g1", "h1g2"}));
}

TEST(Paralysis, EitherEffectAlonePlaysOnTheGenericKernel) {
  EXPECT_NE(make_variant("madras").ops, generic_kernel_ops());
  EXPECT_EQ(make_variant("madras-immobile-only", split_catalogue()).ops, generic_kernel_ops());
  EXPECT_EQ(make_variant("madras-disarmed-only", split_catalogue()).ops, generic_kernel_ops());
  EXPECT_EQ(make_variant("madras-no-effect", split_catalogue()).ops, generic_kernel_ops());
}
