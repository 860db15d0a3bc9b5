// The fast generator against the deliberately simple reference generator (tests/reference/, written
// separately from RULES.md, copy-make, no shared code) on seeded random reachable positions of every id and
// composition: the same legal moves, the same outcome, and — for every fifth position — the same FEN after
// every legal move (which checks the turn state: quota, turn end, e.p. rights, counters, null-turn ban).
// HC_REFERENCE_POSITIONS sets the positions per variant (default 10,000; the sanitizer run uses fewer).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "notation/error.hpp"
#include "reference.hpp"
#include "rules/generic_kernel.hpp"
#include "support.hpp"

using namespace hc;

namespace {

std::string outcome_word(const GameResult& r) {
  // The winner is named where the rules decide it beyond mate and king capture (goals, a stalemate result).
  const std::string winner = !r.winner ? "" : *r.winner == kWhite ? "-white" : "-black";
  switch (r.outcome) {
    case Outcome::kCheckmate:
      return "checkmate";
    case Outcome::kKingCaptured:
      return "king-captured";
    case Outcome::kStalemate:
      return "stalemate" + winner;
    case Outcome::kAllMenLost:
      return "all-men-lost" + winner;
    case Outcome::kPromotion:
      return "promotion" + winner;
    case Outcome::kNoPawns:
      return "no-pawns";
    default:
      return "ongoing";  // draw rules are not the reference's business (as in perft)
  }
}

class ReferenceCompare : public ::testing::TestWithParam<std::string> {};

}  // namespace

// The same legal moves and outcome on each of `fens`, and the same children on every fifth. With `outcomes`,
// each position's outcome is also counted there under "id outcome".
void compare_positions(const std::string& id, const std::vector<std::string>& fens,
                       std::map<std::string, int>* outcomes = nullptr) {
  Variant v = make_variant(id);
  Position pos;
  long moves = 0, children = 0;
  for (std::size_t i = 0; i < fens.size(); ++i) {
    const std::string& fen = fens[i];
    set_fen(pos, v, fen);
    ASSERT_EQ(reference::normalize_fen(id, fen), fen) << "FEN normal form";
    MoveList list;
    pos.ops().legal_moves(pos, list);
    std::vector<std::string> ours, theirs = reference::legal_moves(id, fen);
    for (Move m : list) ours.push_back(to_uci(m));
    std::sort(ours.begin(), ours.end());
    std::sort(theirs.begin(), theirs.end());
    ASSERT_EQ(ours, theirs) << id << " " << fen;
    const std::string outcome = outcome_word(evaluate(pos));
    ASSERT_EQ(outcome, reference::outcome(id, fen)) << id << " " << fen;
    if (outcomes) ++(*outcomes)[id + " " + outcome];
    moves += long(ours.size());
    if (i % 5) continue;
    for (Move m : list) {
      Undo u;
      pos.ops().make(pos, m, u);
      ASSERT_EQ(to_fen(pos), reference::play(id, fen, to_uci(m)))
          << id << " " << fen << " after " << to_uci(m);
      pos.undo(u);
      ++children;
    }
  }
  std::printf("%s: %zu positions, %ld legal moves and %ld child positions agree\n", id.c_str(), fens.size(),
              moves, children);
}

// Random play from each start position under each id (options included; "" = the id's start), a twentieth of
// HC_REFERENCE_POSITIONS (at least 20) per pair, seeded by `seed` and the pair, each game at most `length`
// moves; every position compared, and the outcomes reached printed per id.
void compare_endgames(std::initializer_list<const char*> ids, std::initializer_list<const char*> starts,
                      std::uint64_t seed, int length) {
  const int count = std::max<int>(20, int(test::env_long("HC_REFERENCE_POSITIONS", 10000)) / 20);
  std::map<std::string, int> outcomes;
  for (const std::string id : ids)
    for (const std::string start : starts) {
      const Variant v = make_variant(id);
      const auto fens =
          test::random_positions(v, count, seed ^ std::hash<std::string>()(id + start), length, start);
      compare_positions(id, fens, &outcomes);
    }
  for (const auto& [k, n] : outcomes) std::printf("  %s: %d\n", k.c_str(), n);
}

TEST_P(ReferenceCompare, SameMovesOutcomesAndChildren) {
  const std::string id = GetParam();
  const int count = int(test::env_long("HC_REFERENCE_POSITIONS", 10000));
  compare_positions(id, test::random_positions(id, count, 0x5EED ^ std::hash<std::string>()(id), 120));
}

// Goals (RULES.md §1.10) are rarely reached by random play from the start: random play from small endgames
// where they are (a side losing all its men, a pawn reaching its last rank, the last pawn gone, stalemate).
TEST(ReferenceCompareGoals, EndgamesReachTheGoals) {
  const int count = std::max<int>(200, int(test::env_long("HC_REFERENCE_POSITIONS", 10000)) / 10);
  struct Start {
    std::string id, fen;
    int game_length;  // moves of each random game (short where the goal comes at once)
  };
  const std::vector<Start> starts = {
      {"progressive-take-all", "r3k3/1p6/8/8/8/8/1P6/R3K3 w Qq - 0 3", 60},
      {"progressive-take-all", "7k/8/8/8/8/2q5/1q1q4/2K5 b - - 0 2", 12},
      {"marseillais-losing", "4k3/2p5/8/8/8/8/3P4/4K3 w - - 0 1", 60},
      {"marseillais-losing", "2b1k3/2p5/8/8/8/8/3P4/2B1K3 w - - 0 1", 60},
      {"kamikaze-promotion-race", "4k3/1p6/8/8/8/8/6P1/4K3 w - - 0 1", 60},
      {"kamikaze-promotion-race", "3nk3/pp6/8/8/8/8/6PP/3NK3 w - - 0 1", 60},
  };
  std::map<std::string, int> outcomes;
  for (const auto& [id, start, length] : starts) {
    const Variant v = make_variant(id);
    const auto fens =
        test::random_positions(v, count, 0x60A1 ^ std::hash<std::string>()(start), length, start);
    compare_positions(id, fens, &outcomes);
  }
  for (const auto& [k, n] : outcomes) std::printf("  %s: %d\n", k.c_str(), n);
  // Each goal was reached in some of the positions compared.
  for (const char* reached : {"progressive-take-all all-men-lost", "marseillais-losing all-men-lost",
                              "kamikaze-promotion-race promotion", "kamikaze-promotion-race no-pawns"})
    EXPECT_TRUE(std::any_of(outcomes.begin(), outcomes.end(), [&](const auto& o) {
      return o.first.rfind(reached, 0) == 0;
    })) << reached;
}

// END-OF-TURN's modifiers as id options (RULES.md §1.6, triplets decision 1), which the catalogue's ids do
// not set, and its endings (a side that cannot complete its turn; Gardner's skipped components and
// stalemate), rarely reached from the start: random play from small endgames with blocked pawns and few men
// (the reference searches a failing turn exhaustively, which full middlegames make too slow for many
// positions).
TEST(ReferenceCompareEndOfTurn, OptionsAndEndgames) {
  compare_endgames({"triplets", "triplets-gardner", "triplets:no-king-step-into-check=true",
                    "triplets:escape-first-move=true", "triplets-gardner:no-king-step-into-check=true"},
                   {"4k3/p6p/Pn6/8/8/8/6P1/R3K3 w Q - 0 5", "r3k3/7p/8/1p6/1P6/8/7P/4KB2 b q - 0 5"}, 0xE08,
                   20);
}

// A twin move and a compulsory pawn move under END-OF-TURN (RULES.md §3.1 doublet, power-pawn): random play
// from small endgames with pairs of rooks, bishops and knights and a few pawns, where checks mended by the
// second move, stops, lone first moves and mates come often.
TEST(ReferenceCompareSecondMove, TwinsAndPawnMovesInEndgames) {
  compare_endgames({"doublet", "power-pawn"},
                   {"r3k2r/1p4p1/8/2b2b2/8/1N3N2/1P4P1/R3K2R w KQkq - 0 5",
                    "4k3/1n1p2n1/8/8/8/8/1B2P1B1/4K3 b - - 0 5", "6k1/5ppp/8/8/8/8/5PPP/RR4K1 w - - 0 5"},
                   0x7A1, 40);
}

// The refill chain (RULES.md kazan): the option optional=true (any filler, the stop), which the catalogue's
// id does not set, and small positions where chains meet checks: castling with both chains, pinned fillers,
// kings refilling next to attacked squares, mates (the reference searches every chain in full).
TEST(ReferenceCompareRefillChain, OptionAndEndgames) {
  compare_endgames({"kazan", "kazan:optional=true"},
                   {"", "r3k2r/pbppqp1p/1n6/8/8/1N6/PBPPQP1P/R3K2R w KQkq - 0 5",
                    "4k3/1r3ppp/8/8/2b5/8/3PPPPP/2BQK1NR w K - 0 5"},
                   0x4A2, 40);
}

// Two moves against one (RULES.md §3.3, rules per colour): version A / B of White's escape, from small
// endgames where a lone White king with a pawn or two meets a few Black men, so that checks on either king
// are frequent (and now and then a mate: 10,000 reach three).
TEST(ReferenceCompareTwoAgainstOne, VersionsAndEndgames) {
  compare_endgames({"king-and-pawns", "king-and-pawns:escape-first-move=false", "king-and-pawns-gik",
                    "king-and-pawns-gik:escape-first-move=true"},
                   {"r3k3/8/8/8/8/8/5PP1/6K1 w q - 0 5", "4k3/1r6/8/8/3q4/8/P6P/4K3 b - - 0 5"}, 0x2A1, 20);
}

// Verney's option no_promoted_double (RULES.md §3.3 king-and-pawns-verney, the decision: a pawn that promotes
// with the first move may not move again, a promoted piece never makes both moves of a turn), which the
// catalogue's id does not set: random play from endgames where White's pawns promote at once.
TEST(ReferenceComparePromotedOnce, OptionAndEndgames) {
  compare_endgames({"king-and-pawns-verney", "king-and-pawns-verney:no-promoted-double=true"},
                   {"rn5k/2PP4/8/8/8/8/8/4K3 w - - 0 5", "4k2r/P5P1/8/8/8/8/1P6/4K3 b k - 0 5"}, 0x9E1, 30);
}

// The two-move threat (RULES.md §1.3, §3.3 monster, imperatore, one-two): random play from small endgames
// where the double-mover's king and pawns meet the single-mover's king, so that the single-mover is often in
// check by the threat alone (no man of the double-mover attacks his king) and now and then mated.
TEST(ReferenceCompareTwoMoveThreat, EndgamesReachThreatChecks) {
  const int count = std::max<int>(200, int(test::env_long("HC_REFERENCE_POSITIONS", 10000)) / 10);
  std::map<std::string, int> outcomes;
  int threat_only = 0;
  const std::vector<std::pair<std::string, std::string>> starts = {
      {"monster", "8/3p4/8/4k3/8/8/2P5/1R2K3 w - - 0 10"},
      {"monster", "8/2p2p2/8/8/3k4/8/8/4K2R w K - 0 10"},
      {"imperatore", "1r2k3/8/8/3K4/8/8/3P4/8 b - - 0 10"},
      {"imperatore", "4k3/6p1/8/8/2KP4/8/8/7q w - - 0 10"},
      {"one-two", "3k4/8/2P5/8/3P4/2K5/8/8 w - - 0 10"},
      {"one-two", "r3k3/2P5/8/8/3PP3/4K3/8/8 b q - 0 10"},
      // The threat played with explosions (docs/variants.md, "The two-move threat under explosion"): pawns
      // and pieces near both kings.
      {"monster+atomic", "8/2p2p2/8/4k3/8/2N5/3P4/4K3 w - - 0 10"},
      {"monster+atomic", "4k3/3pp3/8/8/8/3P4/2PNP3/3QK3 w - - 0 10"},
      {"imperatore+atomic", "3qk3/3pp3/8/8/8/2K5/3P4/8 w - - 0 10"},
      {"imperatore+atomic", "rnbqkbnr/pppppppp/8/8/8/8/2PPPP2/4K3 w kq - 0 1"},
      {"imperatore+atomic", "4k3/2p1n3/8/2K1P3/8/8/8/8 b - - 0 10"}};
  // Under explosion: positions whose check differs from the same position's under displacement (the base
  // id), each way — the explosion around the king, and the kings that capture nothing.
  int explosion_only = 0, displacement_only = 0;
  for (const auto& [id, start] : starts) {
    const Variant v = make_variant(id);
    const std::size_t plus = id.find('+');
    const bool explosion = plus != std::string::npos;
    const Variant base = make_variant(id.substr(0, plus));
    const auto fens = test::random_positions(v, count, 0x7E2 ^ std::hash<std::string>()(start), 30, start);
    Position pos, plain;
    for (const auto& f : fens) {
      set_fen(pos, v, f);
      const Color single = id.starts_with("monster") ? kWhite : kBlack;
      const int b = pos.king_board(single);
      const bool check = b >= 0 && pos.ops().checkers(pos, single);
      if (check && !generic::attackers(pos, b, pos.king_square(single, b), pos.occupied(b), ~single, kKing))
        ++threat_only;
      if (explosion && b >= 0 && pos.king_board(~single) >= 0) {
        try {  // the base id may find the side not to move in check (the kings that touch)
          set_fen(plain, base, f);
        } catch (const NotationError&) {
          continue;
        }
        const bool plain_check = plain.ops().checkers(plain, single) != 0;
        explosion_only += check && !plain_check;
        displacement_only += plain_check && !check;
      }
    }
    compare_positions(id, fens, &outcomes);
  }
  for (const auto& [k, n] : outcomes) std::printf("  %s: %d\n", k.c_str(), n);
  std::printf("  positions where the single-mover is in check by the threat alone: %d\n", threat_only);
  std::printf("  in check under explosion only: %d; under displacement only: %d\n", explosion_only,
              displacement_only);
  EXPECT_GT(threat_only, 0);
  EXPECT_GT(explosion_only, 0);
  EXPECT_GT(displacement_only, 0);
}

// Forward-only movement (RULES.md §3.5 progressive-forwards): random play from small endgames, where the
// men soon run out of forward moves — stalemate at the start of a series and during one (a win for the
// stalemated side), and the sideways move that must be followed by a forward one (positions with
// due=forward) — all rarely reached from the start array.
TEST(ReferenceCompareForwards, EndgamesReachStalemateAndSidewaysMoves) {
  const int count = std::max<int>(200, int(test::env_long("HC_REFERENCE_POSITIONS", 10000)) / 10);
  std::map<std::string, int> outcomes;
  int sideways = 0;
  for (const std::string start :
       {"r3k3/8/8/8/8/8/8/R3K3 w - - 0 2", "1q2k3/1p3p2/8/8/8/8/1P3P2/1Q2K3 w - - 0 2",
        "4k3/8/2n5/8/8/2B5/8/4K2R b - - 0 2"}) {
    const auto fens = test::random_positions(make_variant("progressive-forwards"), count,
                                             0xF0D ^ std::hash<std::string>()(start), 40, start);
    for (const auto& f : fens) sideways += f.find(" due=forward") != std::string::npos;
    compare_positions("progressive-forwards", fens, &outcomes);
  }
  for (const auto& [k, n] : outcomes) std::printf("  %s: %d\n", k.c_str(), n);
  std::printf("  positions after a sideways move (due=forward): %d\n", sideways);
  EXPECT_GT(sideways, 0);
  EXPECT_GT(
      outcomes["progressive-forwards stalemate-white"] + outcomes["progressive-forwards stalemate-black"], 0);
}

// END-OF-TURN chosen per series (RULES.md §3.5 progressive-late-mate): random play from small endgames where
// series often begin in check (a check ends the checker's series), so the positions in the middle of a series
// begun in check (started-in-check=1), its mates and its stalemates are reached.
TEST(ReferenceCompareLateMate, EndgamesReachSeriesBegunInCheck) {
  const int count = std::max<int>(200, int(test::env_long("HC_REFERENCE_POSITIONS", 10000)) / 10);
  std::map<std::string, int> outcomes;
  int begun_in_check = 0;
  for (const std::string start : {"4k3/8/8/8/8/8/3PPP2/r3K3 w - - 0 2", "7k/3N1K2/4p3/8/8/8/8/1R6 w - - 0 1",
                                  "r3k3/1p6/8/8/8/8/1P6/R3K3 w - - 0 2"}) {
    const auto fens = test::random_positions(make_variant("progressive-late-mate"), count,
                                             0x1A7E ^ std::hash<std::string>()(start), 16, start);
    for (const auto& f : fens) begun_in_check += f.find(" started-in-check=1") != std::string::npos;
    compare_positions("progressive-late-mate", fens, &outcomes);
  }
  for (const auto& [k, n] : outcomes) std::printf("  %s: %d\n", k.c_str(), n);
  std::printf("  positions in a series begun in check (started-in-check=1): %d\n", begun_in_check);
  EXPECT_GT(begun_in_check, 0);
}

INSTANTIATE_TEST_SUITE_P(Slice, ReferenceCompare, ::testing::ValuesIn(test::slice_variants()),
                         test::param_name);

namespace {

// The engine's complete turns of at most `max_moves` moves from the position (the reference's count_turns
// definition: a turn ends by the rules, or runs out of moves mid-series; longer turns are not counted).
std::uint64_t engine_turns(Position& pos, int max_moves, int made = 0, std::uint64_t* nodes = nullptr) {
  MoveList list;
  pos.ops().legal_moves(pos, list);
  if (nodes) ++*nodes;
  if (list.empty()) return made > 0 ? 1 : 0;  // progressive stalemate: the sequence so far is complete
  if (made == max_moves) return 0;
  std::uint64_t n = 0;
  for (Move m : list) {
    Undo u;
    pos.ops().make(pos, m, u);
    n += u.turn_ended ? 1 : engine_turns(pos, max_moves, made + 1, nodes);
    pos.undo(u);
  }
  return n;
}

class TurnCountCompare : public ::testing::TestWithParam<std::string> {};

}  // namespace

// Turn-level comparison (issue 10): the number of complete turns of up to four moves from random reachable
// positions, engine against reference. The reference is slow on turns by the hundred thousand, so a position
// with more than HC_TURN_CAP turns of up to four moves (default 3000), or whose count visits more than ten
// times that many positions (turns that run longer than four moves, where every man must move), is compared
// at three moves (or two, or one) instead; the printed line says how many positions were compared at each
// length. HC_TURN_POSITIONS sets the positions per variant (default 25).
TEST_P(TurnCountCompare, SameCompleteTurns) {
  const std::string id = GetParam();
  const int count = int(test::env_long("HC_TURN_POSITIONS", 25));
  const std::uint64_t cap = std::uint64_t(test::env_long("HC_TURN_CAP", 3000));
  Variant v = make_variant(id);
  auto fens = test::random_positions(id, count, 0x7E57 ^ std::hash<std::string>()(id), 60);
  Position pos;
  std::uint64_t turns = 0;
  int at_length[5] = {0, 0, 0, 0, 0};
  for (const std::string& fen : fens) {
    set_fen(pos, v, fen);
    int length = 4;
    std::uint64_t nodes = 0;
    std::uint64_t ours = engine_turns(pos, length, 0, &nodes);
    while ((ours > cap || nodes > 10 * cap) && length > 1) {
      nodes = 0;
      ours = engine_turns(pos, --length, 0, &nodes);
    }
    ASSERT_EQ(ours, reference::count_turns(id, fen, length))
        << id << " " << fen << " turns of up to " << length;
    turns += ours;
    ++at_length[length];
  }
  std::printf("%s: %llu complete turns agree; positions compared at up to 4/3/2/1 moves: %d/%d/%d/%d\n",
              id.c_str(), static_cast<unsigned long long>(turns), at_length[4], at_length[3], at_length[2],
              at_length[1]);
}

INSTANTIATE_TEST_SUITE_P(Slice, TurnCountCompare, ::testing::ValuesIn(test::slice_variants()),
                         test::param_name);
