// heterochess: the command-line tool. The non-interactive commands live in src/cli/cli.hpp (callable
// in-process); this adds the interactive ones: the UCI and CECP protocols and the play server.
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/cli.hpp"
#include "cli/numbers.hpp"
#include "cli/serve_flags.hpp"
#include "protocol/uci.hpp"
#include "protocol/xboard.hpp"
#include "server/http_api.hpp"
#include "variants/registry.hpp"
#include "variants/variant_file.hpp"

using namespace hc;

int main(int argc, char** argv) {
  const cli::Io io{std::cin, std::cout, std::cerr};
  CLI::App app{cli::kDescription, "heterochess"};
  app.require_subcommand(1);
  cli::ToolCommands tools(app);

  auto* uci = app.add_subcommand("uci", "speak UCI on standard input/output (see docs/protocols.md)");
  auto* xboard = app.add_subcommand(
      "xboard", "speak CECP (XBoard/WinBoard protocol 2) on standard input/output (see docs/protocols.md)");
  std::string variants_file;
  const std::string variants_help = "also read the variants declared in this file (TOML, docs/variants.md)";
  uci->add_option("--variants", variants_file, variants_help);
  xboard->add_option("--variants", variants_file, variants_help);

  auto* serve =
      app.add_subcommand("serve", "the play server: HTTP JSON API and live updates (docs/server.md)");
  server::ServeOptions so;
  serve->add_option("--address", so.address, "address to listen on (default 127.0.0.1)");
  serve->add_option("--port", so.port, "port (default 8080; 0 = any free port, printed at start)")
      ->check(cli::integer_range(0, 65535));
  serve->add_option("--data", so.data_dir, "data directory for the game database (default heterochess-data)");
  serve
      ->add_option(
          "--rate-limit", so.limits.writes_per_second,
          "writes (POST) a second per client address, 3 s worth at once; 429 beyond (default 0 = none)")
      ->check(cli::real_range(0, 100000));
  serve->add_option("--variants", variants_file, variants_help);
  serve->add_option("--web", so.web_dir, "folder of the built browser UI (default " + so.web_dir + ")");
  cli::add_network_flags(serve, so.limits);
  serve
      ->add_option("--engine-workers", so.engine.workers,
                   "engine worker threads, each with its own engine (default " +
                       std::to_string(server::EnginePool::default_workers()) +
                       " here: 4 per hardware thread, 4 to 32)")
      ->check(cli::integer_range(server::EnginePool::kMinWorkers, server::EnginePool::kMaxWorkers));
  serve
      ->add_option("--engine-per-client", so.engine.per_client,
                   "engine turns of one client address computed at once (default: half of the workers "
                   "engine turns may use; behind a proxy that hides addresses, set it to that number)")
      ->check(cli::integer_range(1, server::EnginePool::kMaxWorkers));
  serve
      ->add_option("--max-movetime-ms", so.engine.max_movetime_ms,
                   "the highest engine level in time per turn a game may ask for (default 60000)")
      ->check(cli::integer_range(1, 3600 * 1000));
  serve
      ->add_option("--max-depth", so.engine.max_depth,
                   "the highest engine level in depth a game may ask for (default 20)")
      ->check(cli::integer_range(1, 64));

  if (auto code = cli::parse_command_line(app, std::vector<std::string>(argv + 1, argv + argc), io))
    return *code;
  try {
    if ((*serve || *uci || *xboard) && !variants_file.empty()) load_variants_file(variants_file);
    if (*serve) return server::run_server(so);
  } catch (const VariantError& e) {
    return cli::report_error(e.what(), false, io);
  }
  if (*uci) return run_uci(std::cin, std::cout);
  if (*xboard) return run_xboard(std::cin, std::cout);
  return tools.run(io).value_or(0);
}
