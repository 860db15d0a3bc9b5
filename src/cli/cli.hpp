// The command-line tool as a library: the non-interactive commands (variants, moves, perft, validate, solve,
// bench, match) run in-process on given streams, so that tests and fuzzers call them without a child process.
// src/cli/main.cpp adds the interactive ones (uci, xboard, serve) to the same command line.
#pragma once
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace hc::cli {

struct Io {
  std::istream& in;  // "-" as a file name (validate -, perft --batch -)
  std::ostream& out;
  std::ostream& err;
};

inline constexpr const char* kDescription =
    "heterochess: rules library and tools for multi-move, unorthodox-capture and multi-board chess";

// The non-interactive subcommands, added to `app` with their options.
class ToolCommands {
 public:
  explicit ToolCommands(CLI::App& app);
  ~ToolCommands();
  ToolCommands(const ToolCommands&) = delete;
  ToolCommands& operator=(const ToolCommands&) = delete;
  // After a successful parse: the exit code of the subcommand given, or nullopt when it is none of these.
  // Input errors are reported (report_error) and give 2; validate gives 1 when a game has an illegal move.
  std::optional<int> run(const Io& io);

 private:
  struct State;
  std::unique_ptr<State> s_;
};

// Parses `args` (without the program name) into `app`. nullopt when the command can run; otherwise the exit
// code: 0 after --help (the help on io.out), 2 for a bad command line (the message names the option).
std::optional<int> parse_command_line(CLI::App& app, const std::vector<std::string>& args, const Io& io);

// Reports an input error as every command does: "error: MESSAGE" on io.err, or {"error": MESSAGE} on io.out
// when `json`. Returns 2, the exit code of bad input.
int report_error(const std::string& message, bool json, const Io& io);

// The whole non-interactive tool: exit code 0, 1 (validate found an illegal move) or 2 (bad input).
int run_cli(const std::vector<std::string>& args, const Io& io);

}  // namespace hc::cli
