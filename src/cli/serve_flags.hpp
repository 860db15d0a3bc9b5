// The `serve` flags for the server's network limits (docs/server.md, "Limits"): connection caps, deadlines,
// handler threads, the game-creation limit and running behind a reverse proxy.
#pragma once
#include <CLI/CLI.hpp>
#include <sstream>
#include <string>
#include <type_traits>

#include "cli/numbers.hpp"
#include "server/http_api.hpp"

namespace hc::cli {

inline void add_network_flags(CLI::App* serve, server::ApiLimits& l) {
  auto num = [&](const std::string& name, auto& value, auto lo, auto hi, const std::string& what) {
    std::ostringstream def;
    def << value;
    // cli::*_range, not CLI::Range: that one lets "nan" through and reads "-1" modulo 2^32.
    CLI::Validator range;
    if constexpr (std::is_floating_point_v<std::decay_t<decltype(value)>>)
      range = real_range(double(lo), double(hi));
    else
      range = integer_range(std::int64_t(lo), std::int64_t(hi));
    serve->add_option(name, value, what + " (default " + def.str() + ")")->check(range);
  };
  num("--games-burst", l.games_burst, 1.0, 1e6, "games a client address may create (or import) at once");
  num("--games-per-minute", l.games_per_minute, 0.0, 1e6,
      "then games a minute per client address; 429 beyond; 0 = no creation limit");
  serve->add_flag("--trust-forwarded-for", l.trust_forwarded_for,
                  "behind a reverse proxy: the client address is the last X-Forwarded-For entry, and the "
                  "per-address connection cap is off (every connection comes from the proxy)");
  num("--max-conns-per-address", l.max_conns_per_address, 0, 1000000,
      "open connections from one address; the next is refused; 0 = no cap");
  num("--max-connections", l.max_connections, 1, 10000000,
      "open connections in all (also kept below the open-file limit)");
  num("--backlog", l.backlog, 1, 65535, "listen queue of connections not yet accepted");
  num("--header-timeout", l.header_timeout_s, 1, 3600, "seconds to send a request's whole header");
  num("--body-timeout", l.body_timeout_s, 1, 3600, "seconds to send a request's body, or to read an answer");
  num("--idle-timeout", l.idle_timeout_s, 1, 3600,
      "seconds a kept-alive connection may wait between requests");
  num("--handler-threads", l.handler_threads, 1, 4096, "threads running requests that may block");
  num("--handler-queue", l.handler_queue, 0, 100000,
      "requests waiting for a handler thread; 503 with Retry-After beyond");
  num("--io-threads", l.io_threads, 1, 64, "network threads");
}

}  // namespace hc::cli
