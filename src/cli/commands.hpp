// The commands behind src/cli/cli.hpp, one function each (internal to the CLI library).
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "cli/cli.hpp"

namespace hc {
class GameRecord;
class Position;
struct PgnGame;
struct ProblemResult;
struct Stipulation;
}  // namespace hc

namespace hc::cli {

struct Common {
  std::string variant = "chess";
  std::string fen;
  std::string variants_file;  // --variants FILE: user-declared variants, loaded before the command runs
  bool json = false;
};

// Thrown for user errors: printed as "error: …" (or {"error": …}) with exit code 2.
struct UserError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Sets the game's position from --fen (the variant's start when none); a bad FEN is a UserError.
void setup(GameRecord& game, const Common& c);

int cmd_variants(const Common& c, const Io& io);
// `variants --check FILE`: 0 and "ok: N variants", or 1 and every problem of the file (line, column, key).
int cmd_variants_check(const std::string& file, bool json, const Io& io);
// `variants --keys`: the vocabulary of variants files.
int cmd_variant_keys(bool json, const Io& io);
int cmd_moves(const Common& c, bool turns, std::uint64_t limit, const Io& io);
int cmd_perft(const Common& c, int depth, bool turns, bool divide, bool progress, const Io& io);
int cmd_perft_batch(const std::string& file, bool turns, const Io& io);
int cmd_validate(const Common& c, const std::string& file, bool variant_given, bool write, const Io& io);
// solve --stipulation: the problem solver (problem/problem_solver.hpp); --first is max_solutions 1.
int cmd_problem(const Common& c, const std::string& stipulation, std::size_t max_solutions,
                std::uint64_t nodes, double seconds, bool progress, int tries, const Io& io);
// One solved problem as JSON (solve --stipulation --json, popeye --json; docs/problems.md): variant, fen,
// stipulation, solutions (UCI, turns flattened), details, tries, nodes, time_ms, complete, truncated.
nlohmann::json problem_json(Position& pos, const Stipulation& st, const ProblemResult& r,
                            const std::string& variant);
// popeye FILE: a Popeye input file's problems solved (docs/problems.md).
int cmd_popeye(const std::string& file, bool as_json, std::size_t max_solutions, std::uint64_t nodes,
               double seconds, const Io& io);
int cmd_solve(const Common& c, int mate, bool all, std::uint64_t nodes, double seconds, bool progress,
              bool checks, std::size_t max_solutions, const Io& io);
// The bench's defaults: every search deepens to kBenchDepth or until kBenchNodes nodes (cmd_bench.cpp).
constexpr int kBenchDepth = 16;
constexpr int kBenchNodes = 25000;
int cmd_bench(const Common& c, int depth, std::uint64_t nodes, const Io& io);

// The games of a PGN file ('-' = standard input); a UserError when it cannot be read or its tags are
// malformed (with the line and column).
// The whole text of FILE, or of standard input for "-"; a file that cannot be read is a UserError.
std::string read_input(const std::string& file, const Io& io);
std::vector<PgnGame> read_games(const std::string& file, const Io& io);

// `tune`: fits the evaluation's weights of a family ("explosion", … or "all") to the results of the games of
// a PGN file (Texel's method), from turn skip_turns + 1 of each game; prints the fitted values.
int cmd_tune(const Common& c, const std::string& pgn_file, const std::string& family, int skip_turns,
             const Io& io);

struct MatchArgs {
  std::vector<std::string> engines, engine_options, engine_depths, engine_movetimes;
  int games = 2, concurrency = 1, depth = 0, max_turns = 300, random_openings = 0;
  std::uint64_t seed = 1;
  std::uint64_t nodes = 0;
  std::string tc, openings, pgn, sprt;
  double movetime_ms = 0;
};
int cmd_match(const Common& c, const MatchArgs& a, const Io& io);

// Upper bounds of the numeric options: depths beyond any search or count that can finish, times of about
// four months.
inline constexpr int kMaxDepth = 64;
inline constexpr double kMaxSeconds = 1e7, kMaxMilliseconds = 1e10;

}  // namespace hc::cli
