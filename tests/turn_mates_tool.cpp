// turn_mates_tool: finds candidate rows for tests/data/turn_mates.tsv (how they were found; the test
// turn_mates_test verifies every row with the reference generator, independently of src/). Plays seeded
// random games from the start array of VARIANT (uniformly random legal moves, the stop "0000" included, so
// turns have random lengths) and, at the start of each turn where both sides keep at least MIN_MEN men, asks
// the mate solver (src/engine/solver.cpp, mate in 1, a node limit) for a mating turn. Prints
// "VARIANT<TAB>FEN<TAB>TURN<TAB>men<TAB>solver nodes" for every position where one was found and no single
// move wins.
//
//   turn_mates_tool VARIANT SEED GAMES [MIN_MEN [NODES [AS]]]
//
// NODES 0: prints the position at the start of the seventh turn of each game instead (midgame positions for
// speed measurements). With AS (another id on the same board, e.g. battle-ratushny for omni-chess, whose
// mates are rarer: the defender has a whole turn to end out of check), the games and the solver run under
// VARIANT and a row is printed for AS when the found turn also wins under AS (the kernel's evaluate).
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "engine/solver.hpp"
#include "notation/fen.hpp"
#include "notation/move_text.hpp"
#include "rules/game.hpp"
#include "rules/turn.hpp"
#include "variants/registry.hpp"

using namespace hc;

namespace {

int men(const Position& pos, Color c) {
  int n = 0;
  for (int b = 0; b < pos.boards(); ++b) n += __builtin_popcountll(pos.pieces(b, c));
  return n;
}

// Does a single move (followed by the stop "0000" where the turn goes on and allows it) already win? Such
// positions are left out: the test wants turns of several moves.
bool one_move_wins(Position& pos) {
  const Color us = pos.side();
  MoveList list;
  pos.ops().legal_moves(pos, list);
  for (Move m : list) {
    Undo u;
    pos.ops().make(pos, m, u);
    bool win = false;
    if (!u.turn_ended) {
      MoveList next;
      pos.ops().legal_moves(pos, next);
      if (next.contains(kStopMove)) {
        Undo s;
        pos.ops().make(pos, kStopMove, s);
        const GameResult r = evaluate(pos);
        win = r.winner && *r.winner == us;
        pos.undo(s);
      }
    }
    const GameResult r = evaluate(pos);
    win = win || (r.winner && *r.winner == us);
    pos.undo(u);
    if (win) return true;
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: turn_mates_tool VARIANT SEED GAMES [MIN_MEN [NODES]]\n");
    return 2;
  }
  const std::string id = argv[1];
  std::mt19937_64 rng(std::strtoull(argv[2], nullptr, 10));
  const int games = std::atoi(argv[3]);
  const int min_men = argc > 4 ? std::atoi(argv[4]) : 8;
  const std::uint64_t nodes = argc > 5 ? std::strtoull(argv[5], nullptr, 10) : 200000;
  Variant v = make_variant(id);
  const std::string as = argc > 6 ? argv[6] : id;
  Variant w = make_variant(as);
  for (int g = 0; g < games; ++g) {
    Position pos;
    set_fen(pos, v, v.start_fen);
    for (int moves = 0; moves < 400; ++moves) {
      if (evaluate(pos).outcome != Outcome::kOngoing) break;
      if (nodes == 0 && pos.state().made == 0 && pos.turn_index() >= 7) {  // NODES 0: a midgame position
        std::printf("%s\t%s\n", id.c_str(), to_fen(pos).c_str());
        break;
      }
      if (nodes && pos.state().made == 0 && moves > 0 && men(pos, kWhite) >= min_men &&
          men(pos, kBlack) >= min_men) {
        MateSolver solver;
        SolveOptions opt;
        opt.mate_in = 1;
        opt.all_solutions = false;
        opt.node_limit = nodes;
        SolveResult r = solver.solve(pos, opt);
        bool found = r.mate && !r.keys.empty() && !one_move_wins(pos);
        std::string t;
        if (found) {
          for (Move m : r.keys.front()) {
            if (!t.empty()) t += ',';
            t += to_uci(m);
          }
          if (as != id) {  // the same turn under AS
            Position p2;
            set_fen(p2, w, to_fen(pos));
            const Color mover = p2.side();
            const bool short_win = one_move_wins(p2);
            for (Move m : r.keys.front()) {
              MoveList l;
              p2.ops().legal_moves(p2, l);
              if (!l.contains(m)) break;
              Undo u;
              p2.ops().make(p2, m, u);
            }
            const GameResult g = evaluate(p2);
            found = g.winner && *g.winner == mover && !short_win;
          }
        }
        if (found) {
          std::printf("%s\t%s\t%s\t%d+%d\t%llu\n", as.c_str(), to_fen(pos).c_str(), t.c_str(),
                      men(pos, kWhite), men(pos, kBlack), (unsigned long long)r.nodes);
          std::fflush(stdout);
          break;  // one position per game
        }
      }
      MoveList list;
      pos.ops().legal_moves(pos, list);
      if (list.empty()) break;
      Undo u;
      pos.ops().make(pos, list[int(rng() % list.size())], u);
    }
  }
  return 0;
}
