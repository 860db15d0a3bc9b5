// The engine in huge turns (issue 12): positions of the ids whose turn can move every man (battle-ratushny,
// omni-chess, swarm, hurricane), many men a side, where the side to move wins within its current turn
// (tests/data/turn_mates.tsv). Every verdict comes from the reference generator (tests/reference/, written
// apart from src/): the row's own turn first, then the complete turn the search plays under a node limit
// (not time, so the machine's load does not matter), then the solver's first key.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

#include "engine/search.hpp"
#include "engine/solver.hpp"
#include "reference.hpp"
#include "support.hpp"

using namespace hc;
namespace ref = hc::reference;

namespace {

struct Row {
  std::string id, variant, fen, turn;
};

std::vector<Row> rows() {
  std::vector<Row> out;
  std::ifstream in(std::string(HC_TEST_DATA_DIR) + "/turn_mates.tsv");
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#' || line.rfind("id\t", 0) == 0) continue;
    std::vector<std::string> f;
    std::stringstream ss(line);
    for (std::string x; std::getline(ss, x, '\t');) f.push_back(x);
    if (f.size() >= 4) out.push_back({f[0], f[1], f[2], f[3]});
  }
  return out;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  for (std::string x; std::getline(ss, x, sep);) out.push_back(x);
  return out;
}

char side_of(const std::string& fen) { return split(fen, ' ').at(1).at(0); }

// Men of each side in the FEN's board field (letters: every man is one letter).
std::pair<int, int> men(const std::string& fen) {
  int w = 0, b = 0;
  const std::string board = split(fen, ' ').at(0);
  for (char c : board) {
    if (c >= 'A' && c <= 'Z') ++w;
    if (c >= 'a' && c <= 'z') ++b;
  }
  return {w, b};
}

// The reference's verdict on `turn` (UCI moves) from `fen`: "" when every move is legal, the turn is complete
// after its last move and not before, and the mover has won (checkmate, the king captured, or a result naming
// the mover); otherwise what is wrong.
std::string reference_verdict(const std::string& variant, const std::string& fen,
                              const std::vector<std::string>& turn) {
  if (turn.empty()) return "empty turn";
  const char side = side_of(fen);
  std::string cur = fen;
  for (std::size_t i = 0; i < turn.size(); ++i) {
    if (side_of(cur) != side) return "the turn ended before move " + std::to_string(i + 1);
    const auto legal = ref::legal_moves(variant, cur);
    if (std::find(legal.begin(), legal.end(), turn[i]) == legal.end())
      return "move " + std::to_string(i + 1) + " (" + turn[i] + ") is illegal";
    cur = ref::play(variant, cur, turn[i]);
  }
  // The turn is complete when the side changed, or when no legal move is left (the game is over).
  if (side_of(cur) == side && !ref::legal_moves(variant, cur).empty()) return "the turn is not complete";
  const std::string o = ref::outcome(variant, cur), mover = side == 'w' ? "-white" : "-black";
  const bool named = o.size() > mover.size() && o.compare(o.size() - mover.size(), mover.size(), mover) == 0;
  if (o == "checkmate" || o == "king-captured" || named) return "";
  return "no win: " + o;
}

// By the reference: does a single move win, alone or followed by the stop "0000" where the turn goes on?
// (The rows want turns of several moves: this must be false.)
bool one_move_wins(const std::string& variant, const std::string& fen) {
  for (const auto& m : ref::legal_moves(variant, fen)) {
    const std::string after = ref::play(variant, fen, m);
    if (reference_verdict(variant, fen, {m}).empty()) return true;
    if (side_of(after) == side_of(fen)) {
      const auto next = ref::legal_moves(variant, after);
      if (std::find(next.begin(), next.end(), "0000") != next.end() &&
          reference_verdict(variant, fen, {m, "0000"}).empty())
        return true;
    }
  }
  return false;
}

std::vector<std::string> uci(const std::vector<Move>& turn) {
  std::vector<std::string> out;
  for (Move m : turn) out.push_back(to_uci(m));
  return out;
}

std::string joined(const std::vector<std::string>& t) {
  std::string s;
  for (const auto& m : t) s += (s.empty() ? "" : ",") + m;
  return s;
}

}  // namespace

// The data: enough rows of every id, many men a side, each row's turn a win by the reference, and no
// single move (with the stop after it) a win.
TEST(TurnMates, EveryRowIsAWinWithinTheTurnByTheReference) {
  const auto all = rows();
  std::map<std::string, int> per_id;
  for (const auto& r : all) {
    ++per_id[r.variant];
    const auto [w, b] = men(r.fen);
    EXPECT_GE(std::min(w, b), 8) << r.id << ": too few men for a huge turn";
    EXPECT_EQ(reference_verdict(r.variant, r.fen, split(r.turn, ',')), "") << r.id;
    EXPECT_FALSE(one_move_wins(r.variant, r.fen)) << r.id << ": a single move wins";
  }
  for (const char* id : {"battle-ratushny", "omni-chess", "swarm", "hurricane"})
    EXPECT_GE(per_id[id], 8) << id;
}

// The search, limited by nodes, plays a complete turn that wins at once.
TEST(TurnMates, SearchPlaysAWinningTurn) {
  const std::uint64_t nodes = std::uint64_t(test::env_long("HC_TURN_MATES_NODES", 200000));
  for (const auto& r : rows()) {
    Variant v = make_variant(r.variant);
    Position pos;
    set_fen(pos, v, r.fen);
    Search search(16);
    SearchLimits lim;
    lim.nodes = nodes;
    const auto turn = uci(search.think(pos, {}, lim, nullptr));
    EXPECT_EQ(reference_verdict(r.variant, r.fen, turn), "")
        << r.id << ": the search played " << joined(turn);
  }
}

// The solver (mate in 1, the CLI's `solve --mate 1`) finds a winning turn within its node limit.
TEST(TurnMates, SolverFindsAWinningTurn) {
  const std::uint64_t nodes = std::uint64_t(test::env_long("HC_TURN_MATES_SOLVER_NODES", 1000000));
  for (const auto& r : rows()) {
    Variant v = make_variant(r.variant);
    Position pos;
    set_fen(pos, v, r.fen);
    MateSolver solver;
    SolveOptions opt;
    opt.mate_in = 1;
    opt.all_solutions = false;
    opt.node_limit = nodes;
    const SolveResult res = solver.solve(pos, opt);
    ASSERT_TRUE(res.mate && !res.keys.empty()) << r.id << ": no mate found in " << res.nodes << " nodes";
    EXPECT_EQ(reference_verdict(r.variant, r.fen, uci(res.keys.front())), "")
        << r.id << ": the solver's key " << joined(uci(res.keys.front()));
  }
}
