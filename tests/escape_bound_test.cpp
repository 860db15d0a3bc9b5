// Soundness of END-OF-TURN's escape bound (rules/turn.hpp escape_impossible): whenever it claims that the
// turn in progress can no longer end with the mover's king safe, an exhaustive search over every way to go on
// (each man that has not moved moving at most once, in any order, the stop allowed whenever the king is
// safe) must agree. The search is written here, plainly: no bound, no memo of the library's, no move
// ordering. Positions: random play in small armies (so that the search stays small), then random per-move
// legal moves (moves_without_completion: moves into check included) until the mover's king is attacked.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "rules/game.hpp"
#include "rules/turn.hpp"
#include "support.hpp"

namespace hc {
namespace {

// Can the turn still end with the mover's king safe? Plain depth-first search over the per-move legal moves.
bool safe_end_exists(Position& pos, Color us, std::set<Key>& seen) {
  if (pos.side() != us) return pos.ops().checkers(pos, us) == 0;  // the turn ended by itself
  if (pos.state().made > 0 && !in_check(pos)) return true;        // the stop is allowed here
  if (!seen.insert(pos.key()).second) return false;               // searched already, without success
  MoveList list;
  moves_without_completion(pos, list);
  for (Move m : list) {
    if (m.kind() == MoveKind::kEndTurn) continue;
    Undo u;
    pos.ops().make(pos, m, u);
    const bool ok = safe_end_exists(pos, us, seen);
    pos.undo(u);
    if (ok) return true;
  }
  return false;
}

struct Counts {
  int asked = 0, claimed = 0, refuted_by_search = 0;
};

void check_bound(const std::string& id, const std::string& start, std::uint64_t seed, int positions,
                 Counts& c) {
  const Variant v = make_variant(id);
  std::mt19937_64 rng(seed);
  for (const std::string& fen : test::random_positions(v, positions, seed, 40, start)) {
    Position pos;
    set_fen(pos, v, fen);
    // Walk on within the turn by per-move legal moves until the king is attacked.
    for (int step = 0; step < 6 && pos.side() == pos.state().side; ++step) {
      MoveList list;
      moves_without_completion(pos, list);
      list.keep_if([](Move m) { return m.kind() != MoveKind::kEndTurn; });
      if (list.empty()) break;
      Undo u;
      const Color us = pos.side();
      pos.ops().make(pos, list[int(rng() % list.size())], u);
      if (pos.side() != us) break;  // the turn ended
      if (!in_check(pos)) continue;
      ++c.asked;
      if (!escape_impossible(pos)) continue;
      ++c.claimed;
      std::set<Key> seen;
      if (safe_end_exists(pos, us, seen)) {
        ++c.refuted_by_search;
        ADD_FAILURE() << id << ": the bound claims no safe end, the search finds one: " << to_fen(pos);
      }
      break;
    }
  }
}

// Small armies: a king, a rook or two, a minor piece and a few pawns a side, so that the exhaustive search
// over the men still to move stays small. The starts differ in what can block and capture.
const char* const kStarts[] = {
    "r3k2r/ppp5/2n5/8/8/5B2/5PPP/R3K2R w KQkq - 0 1", "2r1k3/1p1p4/4b3/8/8/3N4/1P1P4/2R1K3 w - - 0 1",
    "4k3/pp3q2/8/2b5/5B2/8/PP3Q2/4K3 w - - 0 1",      "r3k3/p1p1p3/8/3n4/8/8/P1P1P3/R3KN2 w Qq - 0 1",
    "1r2k2q/1p2pp2/8/8/8/8/1P2PP2/1R2K2Q w - - 0 1",  // line pieces behind pawns on their files
};

TEST(EscapeBound, NeverClaimsWhatTheSearchRefutes) {
  const int per_start = std::max<int>(50, int(test::env_long("HC_REFERENCE_POSITIONS", 10000)) / 2);
  for (const char* id : {"battle-ratushny", "omni-chess"}) {
    Counts c;
    std::uint64_t seed = 0xB0D;
    for (const char* start : kStarts) check_bound(id, start, seed++, per_start, c);
    EXPECT_EQ(c.refuted_by_search, 0) << id;
    // The test is not vacuous: the walk reaches checks, and the bound fires on some of them.
    EXPECT_GT(c.asked, per_start / 4) << id;
    EXPECT_GT(c.claimed, per_start / 20) << id;
    std::printf("%s: %d positions in check mid-turn, the bound claimed %d, the search agreed with all\n", id,
                c.asked, c.claimed);
  }
}

}  // namespace
}  // namespace hc
