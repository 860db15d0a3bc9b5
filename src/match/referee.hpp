// The match referee (issue 3 §5): plays UCI engines against each other in any variant id or composition,
// refereeing every turn with our kernel: turns as comma-joined tokens, clocks, adjudication, openings played
// with both colours, concurrency, PGN in our notation, and the result as Elo with error bars and an optional
// SPRT.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace hc {

struct EngineSpec {
  std::string name;
  std::string command;
  std::vector<std::pair<std::string, std::string>> options;  // setoption name … value …
  int depth = 0;            // per-engine "go depth"; 0 = use the match limits
  std::uint64_t nodes = 0;  // per-engine "go nodes"
  double movetime_s = 0;    // per-engine "go movetime"
};

struct GameRecordOut {
  int white = 0;            // index into engines
  std::string result;       // "1-0", "0-1", "1/2-1/2"
  std::string termination;  // checkmate, time forfeit, illegal move, …
  std::string pgn;
};

struct MatchOptions {
  std::string variant = "chess";
  EngineSpec engines[2];
  int games = 2;
  double base_s = 0, inc_s = 0;  // clock per side (0 = no clock)
  double movetime_s = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
  int concurrency = 1;
  std::vector<std::pair<std::string, std::vector<std::string>>> openings;  // FEN ("" = start) and turn tokens
  int max_turns = 300;      // adjudicated a draw after this many turns
  int random_openings = 0;  // without an openings file: start each pair of games after this many random turns
  std::uint64_t seed = 1;   // for the random openings
  double sprt_elo0 = 0, sprt_elo1 = 0, sprt_alpha = 0.05, sprt_beta = 0.05;
  bool sprt = false;
  std::function<void(const std::string&)> progress;
  // Called with each game as it ends (under the referee's lock: games arrive one at a time, in the order
  // they end), so a long match's games can be kept as they come.
  std::function<void(const GameRecordOut&)> on_game;
};

struct MatchResult {
  int wins = 0, draws = 0, losses = 0;        // from engines[0]'s point of view
  double score = 0;                           // engines[0]'s score fraction
  double elo = 0, elo_low = 0, elo_high = 0;  // 95% interval
  double llr = 0, llr_low = 0, llr_high = 0;
  // "", "H0 accepted", "H1 accepted", "inconclusive": the verdict when the LLR first left its bounds (the
  // score and the LLR may include games that were still running then).
  std::string sprt_verdict;
  std::vector<GameRecordOut> games;
};

// Throws std::runtime_error on setup problems (unknown variant, an engine that does not answer "uciok").
MatchResult run_match(const MatchOptions& options);

// Reads an openings file: one opening per line, "FEN" or "startpos", optionally followed by ";" and turn
// tokens.
std::vector<std::pair<std::string, std::vector<std::string>>> read_openings(const std::string& path);

}  // namespace hc
