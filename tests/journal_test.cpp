// The journal says what a move did (rules/position.hpp Cause): every put and remove names its cause, and
// "this move removes men" is read from it. Two parts:
// - KernelOps::removes_men, asked before the move, equals "the journal of make(m) holds a removal with a
//   removing cause", for every legal move of seeded random positions of every catalogue id and showcase
//   composition, on the kernel the id runs on and on the generic kernel, and KernelOps::keep_removing keeps
//   exactly the moves that remove men (all of them when none does);
// - hand-made moves (capture, e.p., castling, promotion, explosion, shot, kamikaze, Alice transfer) give the
//   journal written out by hand here, entry by entry, on both kernels.
// HC_RANDOM_POSITIONS sets the positions per id (default 300).
#include <string>
#include <vector>

#include "rules/generic_kernel.hpp"
#include "support.hpp"

namespace hc {
namespace {

Variant on_generic(Variant v) {
  v.rules.kernel = KernelChoice::kGeneric;
  v.ops = kernel_for(v.rules);
  return v;
}

bool journal_removes(const Undo& u) {
  for (int i = 0; i < u.count; ++i)
    if (!u.effects[i].put && is_removing(u.effects[i].cause)) return true;
  return false;
}

void check_equivalence(const Variant& v, const std::string& id, int* removing_moves,
                       int* turn_start_entries) {
  const int count = int(test::env_long("HC_RANDOM_POSITIONS", 300));
  const auto fens = test::random_positions(v, count, 0x10A2 ^ std::hash<std::string>()(id));
  Position pos;
  for (const auto& fen : fens) {
    set_fen(pos, v, fen);
    MoveList list;
    pos.ops().legal_moves(pos, list);
    MoveList removing;  // the legal moves whose journal removes men, in order
    for (Move m : list) {
      const Key before = pos.key();
      const bool asked = pos.ops().removes_men(pos, m);
      ASSERT_EQ(pos.key(), before) << "removes_men changed the position: " << fen;
      Undo u;
      pos.ops().make(pos, m, u);
      const bool made = journal_removes(u);
      ASSERT_EQ(removes_men(u), made);
      for (int i = 0; i < u.count; ++i) *turn_start_entries += u.effects[i].cause == Cause::kTurnStart;
      pos.undo(u);
      ASSERT_EQ(asked, made) << id << " " << fen << " move " << to_uci(m);
      *removing_moves += made;
      if (made) removing.push(m);
    }
    // KernelOps::keep_removing (the compulsory-capture obligation) keeps exactly those, or all if none.
    MoveList kept = list;
    pos.ops().keep_removing(pos, kept);
    const MoveList& want = removing.empty() ? list : removing;
    ASSERT_EQ(std::vector<Move>(kept.begin(), kept.end()), std::vector<Move>(want.begin(), want.end()))
        << id << " " << fen;
  }
}

class RemovesMen : public ::testing::TestWithParam<std::string> {};

// Under Archimedes (capture = "none", a turn-start rule, no sweep, no butting) no move removes men: the men
// removed at the start of the next turn are journalled with the move (Cause::kTurnStart) but are the
// opponent's removal. There the test asks that such entries were made and that removes_men never said yes.
void expect_tried(const Variant& v, const std::string& id, int removing, int turn_start_entries) {
  const Rules& r = v.rules;
  const bool moves_remove = r.captures_by_moving() || r.sweep != SweepKind::kNone ||
                            r.butting != Butting::kNone || r.missiles || r.own_man_removal;
  if (moves_remove)
    EXPECT_GT(removing, 0) << "no move removing men was tried: the test proved nothing for " << id;
  else
    EXPECT_EQ(removing, 0) << id;
  if (r.turn_start != TurnStartKind::kNone)
    EXPECT_GT(turn_start_entries, 0) << "no turn-start removal was journalled: the test proved nothing for "
                                     << id;
  else
    EXPECT_EQ(turn_start_entries, 0) << id;
}

TEST_P(RemovesMen, EqualsTheJournalOfMake) {
  const std::string id = GetParam();
  const Variant v = make_variant(id);
  int removing = 0, turn_start_entries = 0;
  check_equivalence(v, id, &removing, &turn_start_entries);
  expect_tried(v, id, removing, turn_start_entries);
}

TEST_P(RemovesMen, EqualsTheJournalOfMakeOnTheGenericKernel) {
  const std::string id = GetParam();
  const Variant v = on_generic(make_variant(id));
  ASSERT_EQ(v.ops, generic_kernel_ops());
  int removing = 0, turn_start_entries = 0;
  check_equivalence(v, id, &removing, &turn_start_entries);
  expect_tried(v, id, removing, turn_start_entries);
}

INSTANTIATE_TEST_SUITE_P(Catalogue, RemovesMen, ::testing::ValuesIn(test::slice_variants()),
                         test::param_name);

// ---- causes of hand-made moves ----

struct Entry {
  int board;
  const char* square;
  char piece;  // FEN letter
  bool put;
  Cause cause;
};

std::string describe(int board, const std::string& square, char letter, bool put, Cause c) {
  return std::string(put ? "put " : "remove ") + letter + " " + square + (board ? " on B" : "") + " (" +
         cause_name(c) + ")";
}

void expect_journal(const std::string& spec, const std::string& fen, const std::string& uci,
                    const std::vector<Entry>& expected, bool removes) {
  for (bool generic : {false, true}) {
    SCOPED_TRACE(spec + (generic ? " on the generic kernel" : "") + ": " + uci);
    const Variant v = generic ? on_generic(make_variant(spec)) : make_variant(spec);
    Position pos;
    set_fen(pos, v, fen);
    const Move m = parse_uci(pos, uci);
    EXPECT_EQ(pos.ops().removes_men(pos, m), removes);
    Undo u;
    pos.ops().make(pos, m, u);
    EXPECT_EQ(removes_men(u), removes);
    std::vector<std::string> got, want;
    for (int i = 0; i < u.count; ++i) {
      const Effect& e = u.effects[i];
      // The man's letter, written out here rather than read from core/men.hpp: Piece = colour << 4 | type.
      static const char kLetters[] = " PNBRQK          pnbrqk";
      got.push_back(describe(e.board, square_name(e.square), kLetters[e.piece], e.put, e.cause));
    }
    for (const Entry& e : expected) want.push_back(describe(e.board, e.square, e.piece, e.put, e.cause));
    EXPECT_EQ(got, want);
  }
}

TEST(JournalCauses, Capture) {
  expect_journal("chess", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5",
                 {{0, "d5", 'p', false, Cause::kCapture},
                  {0, "e4", 'P', false, Cause::kMove},
                  {0, "d5", 'P', true, Cause::kMove}},
                 true);
}

TEST(JournalCauses, QuietMoveRemovesNothing) {
  expect_journal("chess", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4e5",
                 {{0, "e4", 'P', false, Cause::kMove}, {0, "e5", 'P', true, Cause::kMove}}, false);
}

TEST(JournalCauses, EnPassant) {
  expect_journal("chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6",
                 {{0, "d5", 'p', false, Cause::kCapture},
                  {0, "e5", 'P', false, Cause::kMove},
                  {0, "d6", 'P', true, Cause::kMove}},
                 true);
}

TEST(JournalCauses, CastlingRook) {
  expect_journal("chess", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1",
                 {{0, "e1", 'K', false, Cause::kMove},
                  {0, "h1", 'R', false, Cause::kCastlingRook},
                  {0, "g1", 'K', true, Cause::kMove},
                  {0, "f1", 'R', true, Cause::kCastlingRook}},
                 false);
}

TEST(JournalCauses, Promotion) {
  expect_journal("chess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q",
                 {{0, "a7", 'P', false, Cause::kMove}, {0, "a8", 'Q', true, Cause::kPromotion}}, false);
  expect_journal("chess", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8n",
                 {{0, "b8", 'n', false, Cause::kCapture},
                  {0, "a7", 'P', false, Cause::kMove},
                  {0, "b8", 'N', true, Cause::kPromotion}},
                 true);
}

// Nd4xe6: the victim, the capturer, then the non-pawn men around e6 (f5 before d6: squares in index order);
// the pawn on f7 survives.
TEST(JournalCauses, Explosion) {
  expect_journal("atomic", "4k3/5p2/3rp3/5B2/3N4/8/8/4K3 w - - 0 1", "d4e6",
                 {{0, "e6", 'p', false, Cause::kCapture},
                  {0, "d4", 'N', false, Cause::kCapturer},
                  {0, "f5", 'B', false, Cause::kExplosion},
                  {0, "d6", 'r', false, Cause::kExplosion}},
                 true);
}

TEST(JournalCauses, Shot) {
  expect_journal("rifle", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", {{0, "d5", 'p', false, Cause::kShot}},
                 true);
}

TEST(JournalCauses, Kamikaze) {
  expect_journal("kamikaze", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5",
                 {{0, "d5", 'p', false, Cause::kCapture}, {0, "e4", 'P', false, Cause::kCapturer}}, true);
}

// Alice: the capturer lands on board A, then passes to board B; a quiet move arrives on B directly.
TEST(JournalCauses, AliceTransfer) {
  expect_journal("alice", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5",
                 {{0, "d5", 'p', false, Cause::kCapture},
                  {0, "e4", 'P', false, Cause::kMove},
                  {0, "d5", 'P', true, Cause::kMove},
                  {0, "d5", 'P', false, Cause::kTransfer},
                  {1, "d5", 'P', true, Cause::kTransfer}},
                 true);
  expect_journal("alice", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4e5",
                 {{0, "e4", 'P', false, Cause::kMove}, {1, "e5", 'P', true, Cause::kMove}}, false);
}

// The journal's entries are built as one word (Effect::of): every field reads back as given.
TEST(JournalCauses, EffectKeepsEveryField) {
  for (bool put : {false, true})
    for (int c = 0; c < kCauseCount; ++c) {
      const Effect e = Effect::of(1, 63, make_piece(kBlack, kAlfil), put, Cause(c));  // the highest man
      EXPECT_EQ(e.board, 1);
      EXPECT_EQ(e.square, 63);
      EXPECT_EQ(e.piece, make_piece(kBlack, kAlfil));
      EXPECT_EQ(e.put, put);
      EXPECT_EQ(e.cause, Cause(c));
    }
}

TEST(JournalCauses, OnlyRemovingCausesRemove) {
  for (Cause c : {Cause::kCapture, Cause::kCapturer, Cause::kExplosion, Cause::kShot, Cause::kSweep,
                  Cause::kRemoval, Cause::kButt})
    EXPECT_TRUE(is_removing(c)) << cause_name(c);
  for (Cause c : {Cause::kMove, Cause::kTransfer, Cause::kCastlingRook, Cause::kPromotion, Cause::kRebirth,
                  Cause::kTurnStart})
    EXPECT_FALSE(is_removing(c)) << cause_name(c);
  // A put never removes, whatever its cause.
  EXPECT_FALSE((Effect{0, 0, kNoPiece, true, Cause::kCapture}.removes()));
  EXPECT_TRUE((Effect{0, 0, kNoPiece, false, Cause::kCapture}.removes()));
}

}  // namespace
}  // namespace hc
