#include "cli/cli.hpp"

#include <fmt/ostream.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <limits>

#include "cli/commands.hpp"
#include "cli/json_out.hpp"
#include "cli/numbers.hpp"
#include "notation/error.hpp"
#include "notation/quote.hpp"
#include "variants/registry.hpp"
#include "variants/variant_file.hpp"

namespace hc::cli {

namespace {

void add_variants_file(CLI::App* cmd, Common& c) {
  cmd->add_option("--variants", c.variants_file,
                  "also read the variants declared in this file (TOML, docs/variants.md)");
}

void add_common(CLI::App* cmd, Common& c, bool with_fen = true) {
  cmd->add_option("--variant,-v", c.variant, "variant id, or ids joined by '+' (see 'heterochess variants')");
  add_variants_file(cmd, c);
  if (with_fen)
    cmd->add_option("--fen,-f", c.fen, "position (extended FEN, docs/formats.md); default: start");
  cmd->add_flag("--json", c.json, "print one JSON object");
}

constexpr std::int64_t kMaxInt = std::numeric_limits<int>::max();
constexpr std::int64_t kMaxInt64 = std::numeric_limits<std::int64_t>::max();

}  // namespace

struct ToolCommands::State {
  Common c;
  CLI::App *variants = nullptr, *moves = nullptr, *perft = nullptr, *validate = nullptr, *solve = nullptr,
           *bench = nullptr, *match = nullptr, *tune = nullptr, *popeye = nullptr;
  bool turns = false, divide = false, progress = false, write_pgn = false, first_only = false,
       checks_only = false, all_keys = false, tries = false;
  int defence = 1;
  std::uint64_t limit = 100000, node_limit = 0;
  int depth = 1, mate = 1, bench_depth = kBenchDepth;
  std::int64_t bench_nodes = kBenchNodes;
  double time_limit = 0;
  std::size_t max_solutions = 1000;
  std::string batch, file, check_file, stipulation;
  bool keys = false;
  MatchArgs match_args;
  std::string tune_family = "all";
  int tune_skip = 8;
};

ToolCommands::ToolCommands(CLI::App& app) : s_(std::make_unique<State>()) {
  State& s = *s_;
  Common& c = s.c;
  s.variants = app.add_subcommand("variants", "list variant ids, their descriptions and dimensions");
  s.variants->add_flag("--json", c.json, "print one JSON object");
  add_variants_file(s.variants, c);
  s.variants->add_option("--check", s.check_file,
                         "check a variants file: every error with its line and key, or 'ok: N variants'");
  s.variants->add_flag("--keys", s.keys, "list the keys of a variants file, their values and dimensions");

  s.moves = app.add_subcommand("moves", "legal moves of a position (or, with --turns, complete turns)");
  add_common(s.moves, c);
  s.moves->add_flag("--turns", s.turns, "list complete legal turns instead of single moves");
  s.moves->add_option("--limit", s.limit, "stop listing turns after this many (default 100000)")
      ->check(integer_range(1, kMaxInt64));

  s.perft = app.add_subcommand("perft", "count move sequences (or complete turns) to a depth");
  add_common(s.perft, c);
  s.perft->add_option("--depth,-d", s.depth, "depth in moves (or turns with --turns), 0 to 64")
      ->check(integer_range(0, kMaxDepth));
  s.perft->add_option("--batch", s.batch, "read 'variant<TAB>fen<TAB>depth' lines from FILE ('-' = stdin)");
  s.perft->add_flag("--turns", s.turns, "count depth in complete turns");
  s.perft->add_flag("--divide", s.divide, "node count per first move");
  s.perft->add_flag("--progress", s.progress, "report each finished first move on stderr");

  s.validate =
      app.add_subcommand("validate", "replay a game record (PGN or move list) and report the outcome");
  add_common(s.validate, c);
  s.validate->add_option("file", s.file, "game record ('-' = standard input)")->required();
  s.validate->add_flag("--pgn", s.write_pgn, "also print the legal part of the game as PGN in our notation");

  s.solve = app.add_subcommand(
      "solve", "mate in N turns of the side to move (Progressive: N=1 = one series), or a stipulation");
  add_common(s.solve, c);
  auto* mate_opt = s.solve->add_option("--mate,-m", s.mate, "number of the side to move's turns, 1 to 64")
                       ->check(integer_range(1, kMaxDepth));
  auto* stip_opt = s.solve->add_option("--stipulation,-s", s.stipulation,
                                       "Popeye's notation: #2, h#2.5, s#3, r#2, ser-h=5, +1, ~1, … "
                                       "(the side to move starts; docs/problems.md)");
  mate_opt->excludes(stip_opt);
  s.solve->add_flag("--all", s.all_keys,
                    "every key mating within N, the shortest first (default: one proven key, found fast)");
  s.solve->add_flag("--first", s.first_only,
                    "with --stipulation: stop at the first solution (--mate: the default, one key)");
  s.solve->add_flag("--checks", s.checks_only,
                    "try only turns that give check (fast; 'no mate' is then not proven)");
  s.solve->add_option("--nodes", s.node_limit, "give up after this many nodes")
      ->check(integer_range(1, kMaxInt64));
  s.solve->add_option("--time", s.time_limit, "give up after this many seconds")
      ->check(real_range(0, kMaxSeconds, true));
  s.solve
      ->add_option(
          "--max-solutions", s.max_solutions,
          "list at most this many keys (a series can often be played in several orders; default 1000)")
      ->check(integer_range(1, kMaxInt));
  s.solve->add_flag("--progress", s.progress, "report each finished depth on stderr");
  s.solve->add_flag("--tries", s.tries,
                    "with a direct or self stipulation: also the tries, with their refutation");
  s.solve
      ->add_option("--defence", s.defence,
                   "with --tries: a try fails to at most this many defences (Popeye's Defence n; default 1)")
      ->check(integer_range(1, 100));

  s.popeye = app.add_subcommand("popeye", "solve the problems of a Popeye input file (docs/problems.md)");
  s.popeye->add_option("file", s.file, "Popeye input ('-' = standard input)")->required();
  s.popeye->add_flag("--json", c.json, "print one JSON object");
  s.popeye
      ->add_option("--max-solutions", s.max_solutions, "solutions listed at most per problem (default 1000)")
      ->check(integer_range(1, kMaxInt));
  s.popeye->add_option("--nodes", s.node_limit, "give up a problem after this many nodes")
      ->check(integer_range(1, kMaxInt64));
  s.popeye->add_option("--time", s.time_limit, "give up a problem after this many seconds")
      ->check(real_range(0, kMaxSeconds, true));

  s.bench = app.add_subcommand("bench", "fixed searches: the bench signature and search speed per id");
  s.bench
      ->add_option("--depth,-d", s.bench_depth,
                   fmt::format("deepest search in turns, 1 to 64 (default {})", kBenchDepth))
      ->check(integer_range(1, kMaxDepth));
  s.bench
      ->add_option("--nodes", s.bench_nodes,
                   fmt::format("node budget of each search, 1000 or more (default {})", kBenchNodes))
      ->check(integer_range(1000, kMaxInt));
  s.bench->add_flag("--json", c.json, "print one JSON object");

  s.tune =
      app.add_subcommand("tune", "fit the evaluation's weights to the results of games (Texel's method)");
  s.tune->add_option("--variant,-v", c.variant, "variant id of games without a Variant tag");
  add_variants_file(s.tune, c);
  s.tune->add_option("pgn", s.file, "games (PGN, '-' = standard input), e.g. from 'match --pgn'")->required();
  s.tune->add_option("--family", s.tune_family,
                     "the weights to fit: a family (the prefix of their names, e.g. explosion) or all");
  s.tune->add_option("--skip-turns", s.tune_skip, "leave out each game's first N turns (default 8)")
      ->check(integer_range(0, 100000));

  s.match = app.add_subcommand("match", "play two UCI engines against each other, refereed by our kernel");
  MatchArgs& ma = s.match_args;
  CLI::App* m = s.match;
  m->add_option("--variant,-v", c.variant, "variant id or composition");
  add_variants_file(m, c);
  m->add_option("--engine,-e", ma.engines, "NAME=COMMAND (twice)")->required();
  m->add_option("--engine-option", ma.engine_options, "NAME:option=value (setoption)");
  m->add_option("--engine-depth", ma.engine_depths, "NAME=DEPTH: that engine searches to a fixed depth");
  m->add_option("--engine-movetime", ma.engine_movetimes, "NAME=MS: that engine's time per turn");
  m->add_option("--games,-g", ma.games, "number of games (each opening twice, colours reversed)")
      ->check(integer_range(1, 1000000));
  m->add_option("--tc", ma.tc, "clock BASE+INC in seconds");
  m->add_option("--movetime", ma.movetime_ms, "milliseconds per turn")
      ->check(real_range(0, kMaxMilliseconds, true));
  m->add_option("--depth", ma.depth, "fixed depth for both, 1 to 64")->check(integer_range(1, kMaxDepth));
  m->add_option("--nodes", ma.nodes, "fixed nodes for both")->check(integer_range(1, kMaxInt64));
  m->add_option("--concurrency", ma.concurrency, "games played at once, 1 to 256")
      ->check(integer_range(1, 256));
  m->add_option("--openings", ma.openings, "file: 'FEN|startpos [; turn turn …]' per line");
  m->add_option("--random-openings", ma.random_openings, "start each pair after N random turns (seeded)")
      ->check(integer_range(0, 1000));
  m->add_option("--seed", ma.seed, "seed for --random-openings (default 1)")
      ->check(integer_range(0, kMaxInt64));
  m->add_option("--max-turns", ma.max_turns, "adjudicate a draw after this many turns (default 300)")
      ->check(integer_range(1, 1000000));
  m->add_option("--pgn", ma.pgn, "write the games to this PGN file");
  m->add_option("--sprt", ma.sprt, "ELO0,ELO1: stop when the SPRT decides");
  m->add_flag("--json", c.json, "print one JSON object");
}

ToolCommands::~ToolCommands() = default;

std::optional<int> ToolCommands::run(const Io& io) {
  State& s = *s_;
  const Common& c = s.c;
  try {
    if (!c.variants_file.empty()) load_variants_file(c.variants_file);
    if (*s.variants) {
      if (!s.check_file.empty()) return cmd_variants_check(s.check_file, c.json, io);
      if (s.keys) return cmd_variant_keys(c.json, io);
      return cmd_variants(c, io);
    }
    if (*s.moves) return cmd_moves(c, s.turns, s.limit, io);
    if (*s.perft) {
      if (!s.batch.empty()) return cmd_perft_batch(s.batch, s.turns, io);
      if (!s.perft->count("--depth")) throw UserError("perft needs --depth N (or --batch FILE)");
      return cmd_perft(c, s.depth, s.turns, s.divide, s.progress, io);
    }
    if (*s.bench) return cmd_bench(c, s.bench_depth, std::uint64_t(s.bench_nodes), io);
    if (*s.match) return cmd_match(c, s.match_args, io);
    if (*s.tune) return cmd_tune(c, s.file, s.tune_family, s.tune_skip, io);
    if (*s.popeye) return cmd_popeye(s.file, c.json, s.max_solutions, s.node_limit, s.time_limit, io);
    if (*s.solve && !s.stipulation.empty()) {
      if (s.checks_only) throw UserError("--checks applies to --mate only");
      if (s.all_keys) throw UserError("--all applies to --mate (a stipulation lists every solution)");
      if (s.solve->count("--defence") && !s.tries) throw UserError("--defence applies with --tries");
      return cmd_problem(c, s.stipulation, s.first_only ? 1 : s.max_solutions, s.node_limit, s.time_limit,
                         s.progress, s.tries ? s.defence : 0, io);
    }
    if (*s.solve && !s.solve->count("--mate")) throw UserError("solve needs --mate N or --stipulation S");
    if (*s.solve && s.tries) throw UserError("--tries applies with --stipulation");
    if (*s.solve)
      return cmd_solve(c, s.mate, s.all_keys, s.node_limit, s.time_limit, s.progress, s.checks_only,
                       s.max_solutions, io);
    if (*s.validate) return cmd_validate(c, s.file, s.validate->count("--variant") > 0, s.write_pgn, io);
  } catch (const UserError& e) {
    return report_error(e.what(), c.json, io);
  } catch (const VariantError& e) {
    return report_error(e.what(), c.json, io);
  } catch (const NotationError& e) {
    return report_error(e.what(), c.json, io);
  }
  return std::nullopt;
}

int report_error(const std::string& message, bool json, const Io& io) {
  if (json)
    io.out << dump_json(nlohmann::json{{"error", message}}) << "\n";
  else
    fmt::print(io.err, "error: {}\n", message);
  return 2;
}

std::optional<int> parse_command_line(CLI::App& app, const std::vector<std::string>& args, const Io& io) {
  std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes them last first
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    io.out << app.help();
    return 0;
  } catch (const CLI::CallForAllHelp&) {
    io.out << app.help("", CLI::AppFormatMode::All);
    return 0;
  } catch (const CLI::ParseError& e) {
    // Every bad command line is bad input (exit 2), whichever CLI11 error it was; the message names the
    // option.
    const bool json = std::find(args.begin(), args.end(), "--json") != args.end();
    std::string message = quote_input(e.what(), std::string::npos);
    if (!json) message += "\nRun with --help for more information.";
    return report_error(message, json, io);
  }
  return std::nullopt;
}

int run_cli(const std::vector<std::string>& args, const Io& io) {
  CLI::App app{kDescription, "heterochess"};
  app.require_subcommand(1);
  ToolCommands tools(app);
  if (auto code = parse_command_line(app, args, io)) return *code;
  return tools.run(io).value_or(0);
}

}  // namespace hc::cli
