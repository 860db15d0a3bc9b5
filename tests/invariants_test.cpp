// Fuzzed invariants on seeded random positions of every slice id and composition (DESIGN.md §5):
// make+unmake restores position and hash; incremental hash = recomputed (turn state included), and the hash
// moves with the quota, never with the move number; FEN round-trips exactly; the fast
// orthodox generator agrees with generation by make/test/unmake; turn-level rules only remove moves.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "support.hpp"

using namespace hc;

namespace {

std::vector<std::uint32_t> sorted_raw(const MoveList& l) {
  std::vector<std::uint32_t> v;
  for (Move m : l) v.push_back(m.raw());
  std::sort(v.begin(), v.end());
  return v;
}

// The same FEN one move number later (fields after the sixth, the extended turn state, kept).
std::string next_move_number(const std::string& fen) {
  std::vector<std::string> f;
  std::stringstream ss(fen);
  for (std::string x; ss >> x;) f.push_back(x);
  f.at(5) = std::to_string(std::stoi(f.at(5)) + 1);
  std::string out;
  for (const auto& x : f) out += (out.empty() ? "" : " ") + x;
  return out;
}

class Invariants : public ::testing::TestWithParam<std::string> {};

}  // namespace

TEST_P(Invariants, HoldOnRandomPositions) {
  const std::string id = GetParam();
  const int count = int(test::env_long("HC_RANDOM_POSITIONS", 2000));
  Variant v = make_variant(id);
  auto fens = test::random_positions(id, count, 0xC0FFEE ^ std::hash<std::string>()(id));
  Position pos, again;
  int moves_checked = 0;
  for (const auto& fen : fens) {
    set_fen(pos, v, fen);
    ASSERT_EQ(to_fen(pos), fen) << "FEN round trip";
    ASSERT_TRUE(pos.is_consistent()) << fen;
    MoveList legal, per_move, by_make;
    pos.ops().legal_moves(pos, legal);
    pos.ops().per_move_legal(pos, per_move, Origins());
    pos.ops().per_move_by_make(pos, by_make, Origins());
    ASSERT_EQ(sorted_raw(per_move), sorted_raw(by_make)) << "fast generator vs make/test/unmake: " << fen;
    // Generating from the men the turn rules let move (turn_origins) gives the full list's moves of those
    // men, by either generator.
    const Origins from = turn_origins(pos);
    MoveList of_men, of_men_by_make, expected;
    pos.ops().per_move_legal(pos, of_men, from);
    pos.ops().per_move_by_make(pos, of_men_by_make, from);
    for (Move m : per_move) {
      const CastlingSide* cs =
          m.kind() == MoveKind::kCastling ? pos.castling().find(m.from(), m.to()) : nullptr;
      const bool allowed = cs ? (from.castlers & bb(cs->king_from)) && (from.castlers & bb(cs->rook_from))
                              : (from.men & bb(m.from())) != 0;
      if (allowed) expected.push(m);
    }
    ASSERT_EQ(sorted_raw(of_men), sorted_raw(expected)) << "generation from turn_origins: " << fen;
    ASSERT_EQ(sorted_raw(of_men_by_make), sorted_raw(expected)) << "by make from turn_origins: " << fen;
    for (Move m : legal)  // the voluntary stop is the one move the turn rules add
      ASSERT_TRUE(per_move.contains(m) || m.kind() == MoveKind::kEndTurn)
          << "turn rules may only remove moves: " << fen;
    const Key key = pos.key();
    // The key covers the turn counters, not the move number (RULES.md D-3): one move number later the key is
    // the same exactly when the quota is (Progressive: never).
    try {
      set_fen(again, v, next_move_number(fen));
      if (again.state().quota == pos.state().quota)
        ASSERT_EQ(again.key(), key) << "the move number changed the key: " << fen;
      else
        ASSERT_NE(again.key(), key) << "quotas " << int(pos.state().quota) << " and "
                                    << int(again.state().quota) << " share a key: " << fen;
    } catch (const NotationError&) {  // e.g. made=N no longer below a shorter quota
    }
    for (Move m : legal) {
      Undo u;
      pos.ops().make(pos, m, u);
      ASSERT_TRUE(pos.is_consistent()) << fen << " after " << to_uci(m);
      ASSERT_EQ(pos.key(), pos.compute_key()) << "incremental vs from-scratch key (turn state included)";
      std::string child = to_fen(pos);
      set_fen(again, v, child);
      ASSERT_EQ(to_fen(again), child) << "child FEN round trip after " << to_uci(m) << " from " << fen;
      ASSERT_EQ(again.key(), pos.key()) << "hash of parsed child differs: " << child;
      pos.undo(u);
      ASSERT_EQ(pos.key(), key);
      ASSERT_EQ(to_fen(pos), fen) << "unmake of " << to_uci(m);
      ++moves_checked;
    }
  }
  std::printf("%s: %zu positions, %d moves checked\n", id.c_str(), fens.size(), moves_checked);
}

// Positions with many men (FEN sets no limit on their number): the move list holds every move, both
// generators agree, and every move makes and unmakes cleanly (MoveList is sized for the worst case,
// rules/movelist.hpp; the 28 queens have 270 moves, more than 256).
TEST_P(Invariants, HoldWithManyMen) {
  const std::string id = GetParam();
  Variant v = make_variant(id);
  std::vector<std::string> fens = {"kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1",
                                   "qqqqkqqq/qqqqqqqq/8/8/8/Q7/QQQQQQQQ/QQQQKQQQ w - - 0 1"};
  if (v.rules.boards == 2)
    fens.push_back("kn2|Q2Q/nn1Q1Q|Q1/Q2|Q4/|Q1Q2|QQ1/2|Q1Q2|Q/1Q2|Q3/1|Q4|QQ/Q2|Q1Q1K w - - 0 1");
  // The promotion race ends once a side has no pawns (rules/goal.hpp): the pawnless positions above are
  // finished games with no move, so it gets a crowded one with a pawn a side, the most crowded a search found
  // (267 moves), and its own floor.
  int floor = 270;
  // Under capture by the victim's move every man next to a king checks it (RULES.md §4.4), so the first
  // position (Black's king touching b8, a7, b7) would have the side not to move in check: it gets the same
  // crowd with the king's neighbours empty instead (263 moves, still more than 256).
  if (v.rules.capture_pattern == CapturePattern::kVictims) {
    fens[0] = "k1QQQQQQ/2Q4Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1";
    floor = 263;
  }
  // Under check by both colours a king's own queens check it: the positions above would leave a side in check
  // by its own men (the side not to move, which the FEN reader refuses). It gets a crowd whose kings are
  // walled in by knights, which attack neither king, and its own floor (232 moves).
  if (v.rules.check_attackers == CheckAttackers::kBothColours) {
    fens = {"QQQQQQNk/Q5NN/Q6Q/Q6Q/Q6Q/Q6Q/NN5Q/KNQQQQQQ w - - 0 1"};
    floor = 232;
  }
  // Follow-up shots allow at most 16 men a side (the FEN reader's bound, generic_kernel.hpp
  // follow_up_targets): a crowd of 15 queens among enemy knights, each capture followed by shots (245 moves).
  if (v.rules.follow_up_shot) {
    fens = {"kb6/bb6/2n1n1n1/1Q1Q1Q1Q/n1n1n1n1/1Q1Q1Q1Q/n1n1n1n1/QQQQQQQK w - - 0 1"};
    floor = 245;
  }
  // Under check by own men once they or the king have moved (RULES.md §4.8 Tylor) the crowds above are legal
  // (nobody has moved), but a queen that moves onto a line to its own king checks it, so they have fewer
  // moves: Bicolour's knight wall is added, with its kings and walls marked as moved (has-moved=), where
  // every line to a king is walled as in Bicolour (the same 232 moves).
  if (v.rules.check_attackers == CheckAttackers::kBothColoursOnceMoved) {
    fens.push_back("QQQQQQNk/Q5NN/Q6Q/Q6Q/Q6Q/Q6Q/NN5Q/KNQQQQQQ w - - 0 1 has-moved=a1,b1,c1,a2,b2,g7,h7,g8");
    floor = 232;
  }
  // A game whose men are medieval (king-and-pawns-medieval: no queens or bishops, RULES.md §3.3) cannot hold
  // the crowds above: six rooks on the first rank (each 7 squares up its file, the g1 rook also h1) and the
  // king a1 (a2, b2): 45 moves, by hand; no medieval position comes near MoveList's bound.
  if (!(v.rules.fen_men() & men_bit(kQueen))) {
    fens = {"7k/8/8/8/8/8/8/KRRRRRR1 w - - 0 1"};
    floor = 45;
  }
  // Under forward-only movement (RULES.md §3.5 progressive-forwards) the first crowd has fewer moves, counted
  // by hand: rank 8 none; Rb7 and Qh7 5 sideways each; queens a6-a2 0+2+3+4+5 forward-diagonal and 6
  // sideways each (44); queens h6-h2 1+2+3+4+5 and 6 sideways each (45); Ka1-b2; queens b1-h1 10, 11, 11, 11,
  // 11, 11, 5 — 170 (fewer than 256: the direction rule only removes moves, so the list's bound is the
  // orthodox crowds' concern).
  if (v.rules.movement == Movement::kForwardOnly) floor = 170;
  if (v.rules.goal == Goal::kPromotionRace) {
    fens.push_back("QQQQQQQQ/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/pP5Q/NQQQQQQQ w - - 0 1");
    floor = 267;
  }
  // Under White's two-move threat (imperatore) White's queens would threaten Black's king in both crowds (a
  // queen moves off b8 or takes on e7): Black, the side not to move, would be in check. The first crowd with
  // the colours swapped and the board turned: Black's 28 queens to move, White's lone king walled by a Black
  // rook and bishops (the same 270 moves; no White man reaches Black's king in two moves).
  if (v.rules.colour(kWhite).check_by == CheckBy::kTwoMoveThreat)
    fens = {"kqqqqqqq/q6q/q6q/q6q/q6q/q6q/br5q/Kbqqqqqq b - - 0 1"};
  Position pos;
  int most = 0;
  for (const auto& fen : fens) {
    SCOPED_TRACE(fen);
    ASSERT_NO_THROW(set_fen(pos, v, fen));
    ASSERT_TRUE(pos.is_consistent());
    MoveList legal, per_move, by_make;
    pos.ops().legal_moves(pos, legal);
    pos.ops().per_move_legal(pos, per_move, Origins());
    pos.ops().per_move_by_make(pos, by_make, Origins());
    ASSERT_EQ(sorted_raw(per_move), sorted_raw(by_make)) << "fast generator vs make/test/unmake";
    for (Move m : legal) ASSERT_TRUE(per_move.contains(m)) << "turn rules may only remove moves";
    most = std::max(most, per_move.size());
    const Key key = pos.key();
    for (Move m : legal) {
      Undo u;
      pos.ops().make(pos, m, u);
      ASSERT_TRUE(pos.is_consistent()) << "after " << to_uci(m);
      ASSERT_EQ(pos.key(), pos.compute_key());
      pos.undo(u);
      ASSERT_EQ(pos.key(), key);
      ASSERT_EQ(to_fen(pos), fen) << "unmake of " << to_uci(m);
    }
  }
  EXPECT_GE(most, floor);
  std::printf("%s: at most %d moves\n", id.c_str(), most);
}

INSTANTIATE_TEST_SUITE_P(Slice, Invariants, ::testing::ValuesIn(test::slice_variants()), test::param_name);

// Position::is_consistent (asserted after every make and undo in debug builds) notices each kind of broken
// state; every change below keeps the stored key equal to the recomputed one, so only the other checks can
// see it.
TEST(IsConsistent, NoticesBrokenStates) {
  const Variant v = make_variant("chess");
  Position pos;
  auto fresh = [&](const char* fen) {
    set_fen(pos, v, fen);
    EXPECT_TRUE(pos.is_consistent()) << fen;
  };
  const char* bare = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
  fresh(bare);  // a pawn on the last rank
  pos.put_raw(0, make_square(0, 7), make_piece(kWhite, kPawn));
  pos.refresh_key();
  EXPECT_FALSE(pos.is_consistent()) << "pawn on a8";
  fresh(bare);  // a second royal king
  pos.put_raw(0, make_square(0, 0), make_piece(kWhite, kKing));
  pos.refresh_key();
  EXPECT_FALSE(pos.is_consistent()) << "two white kings";
  fresh("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");  // a castling right without its rook
  pos.remove_raw(0, make_square(7, 0));
  pos.refresh_key();
  EXPECT_FALSE(pos.is_consistent()) << "K right without the h1 rook";
  fresh(bare);  // a turn that has made its whole quota
  pos.state().made = pos.state().quota;
  pos.refresh_key();
  EXPECT_FALSE(pos.is_consistent()) << "made == quota";
  fresh(bare);  // an e.p. right on the fourth rank
  pos.state().ep_now = bb(make_square(4, 3));
  pos.refresh_key();
  EXPECT_FALSE(pos.is_consistent()) << "e.p. on e4";
  fresh(bare);  // the incremental placement key differs from the recomputed one
  pos.state().piece_key ^= 1;
  EXPECT_FALSE(pos.is_consistent()) << "piece key";
}
