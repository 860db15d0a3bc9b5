// heterochess moves, perft: the position commands of the CLI.
#include <fmt/ostream.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/json_out.hpp"
#include "cli/numbers.hpp"
#include "notation/fen.hpp"
#include "notation/move_text.hpp"
#include "notation/quote.hpp"
#include "rules/game.hpp"
#include "variants/registry.hpp"

namespace hc::cli {

using json = nlohmann::json;

void setup(GameRecord& game, const Common& c) {
  if (!c.fen.empty()) {
    try {
      game.set_fen(c.fen);
    } catch (const NotationError& e) {
      throw UserError(std::string("bad FEN: ") + e.what() +
                      (e.column() ? " (column " + std::to_string(e.column()) + ")" : ""));
    }
  }
}

int cmd_moves(const Common& c, bool turns, std::uint64_t limit, const Io& io) {
  Variant v = make_variant(c.variant);
  GameRecord game(v);
  setup(game, c);
  Position& pos = game.position();
  json out = {{"variant", v.id}, {"fen", to_fen(pos)}};
  if (!turns) {
    MoveList list;
    pos.ops().legal_moves(pos, list);
    json uci = json::array(), san = json::array();
    for (Move m : list) uci.push_back(to_uci(m)), san.push_back(to_san(pos, m));
    out["moves"] = uci;
    out["san"] = san;
    out["count"] = list.size();
    if (c.json)
      io.out << dump_json(out) << "\n";
    else {
      for (std::size_t i = 0; i < uci.size(); ++i)
        fmt::print(io.out, "{} {}\n", uci[i].get<std::string>(), san[i].get<std::string>());
      fmt::print(io.out, "{} legal move(s)\n", list.size());
    }
    return 0;
  }
  json arr = json::array();
  std::uint64_t n = for_each_turn(
      pos,
      [&](const std::vector<Move>& t) {
        std::vector<std::string> s;
        for (Move m : t) s.push_back(to_uci(m));
        if (c.json)
          arr.push_back(join_turn(s));
        else
          fmt::print(io.out, "{}\n", join_turn(s));
      },
      limit);
  bool truncated = n >= limit;
  if (c.json) {
    out["turns"] = arr;
    out["count"] = n;
    out["truncated"] = truncated;
    io.out << dump_json(out) << "\n";
  } else {
    fmt::print(io.out, "{}{} legal turn(s){}\n", truncated ? "at least " : "", n,
               truncated ? " (stopped at --limit)" : "");
  }
  return 0;
}

// Many positions at once: lines "variant<TAB>fen<TAB>depth" (from a file or '-'), answered "…<TAB>nodes" in
// order; a bad line is answered "…<TAB>error: message" and makes the exit code 2 (the rest still runs).
int cmd_perft_batch(const std::string& file, bool turns, const Io& io) {
  std::ifstream fin;
  std::istream* in = &io.in;
  if (file != "-") {
    fin.open(file);
    if (!fin) throw UserError("cannot read " + in_quotes(file));
    in = &fin;
  }
  int bad = 0, line_no = 0;
  for (std::string line; std::getline(*in, line);) {
    ++line_no;
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f;
    std::stringstream ss(line);
    for (std::string x; std::getline(ss, x, '\t');) f.push_back(x);
    try {
      if (f.size() < 3) throw UserError(fmt::format("line {}: expected variant<TAB>fen<TAB>depth", line_no));
      int depth = 0;
      try {
        depth = int(integer_in(f[2], 0, kMaxDepth));
      } catch (const std::invalid_argument& e) {
        throw UserError(fmt::format("line {}: depth {}", line_no, e.what()));
      }
      Variant v = make_variant(f[0]);
      Position pos;
      set_fen(pos, v, f[1]);
      std::uint64_t n = turns ? perft_turns(pos, depth) : perft(pos, depth);
      fmt::print(io.out, "{}\t{}\t{}\t{}\n", f[0], f[1], depth, n);
    } catch (const std::exception& e) {
      ++bad;
      fmt::print(io.out, "{}\terror: {}\n", quote_input(line, std::string::npos), e.what());
    }
    io.out.flush();
  }
  return bad ? 2 : 0;
}

int cmd_perft(const Common& c, int depth, bool turns, bool divide, bool progress, const Io& io) {
  Variant v = make_variant(c.variant);
  GameRecord game(v);
  setup(game, c);
  Position& pos = game.position();
  auto t0 = std::chrono::steady_clock::now();
  std::uint64_t total = 0;
  json div = json::object();
  progress = progress || (!c.json && isatty(2) && depth >= 5);
  if (divide && depth > 0) {
    MoveList list;
    pos.ops().legal_moves(pos, list);
    int i = 0;
    for (Move m : list) {
      Undo u;
      std::string name = to_uci(m);
      pos.ops().make(pos, m, u);
      int rest = turns && !u.turn_ended ? depth : depth - 1;
      std::uint64_t n = turns ? perft_turns(pos, rest) : perft(pos, rest);
      pos.undo(u);
      total += n;
      div[name] = n;
      if (!c.json) fmt::print(io.out, "{}: {}\n", name, n);
      if (progress) fmt::print(io.err, "[{}/{}] {}\n", ++i, list.size(), name);
    }
  } else {
    total = turns ? perft_turns(pos, depth) : perft(pos, depth);
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (c.json) {
    json out = {{"variant", v.id}, {"fen", to_fen(pos)},
                {"depth", depth},  {"unit", turns ? "turns" : "moves"},
                {"nodes", total},  {"time_ms", std::int64_t(secs * 1000)}};
    if (divide) out["divide"] = div;
    io.out << dump_json(out) << "\n";
  } else {
    fmt::print(io.out, "{}nodes {} ({} {}, {:.3f} s, {:.1f} Mnps)\n", divide ? "\n" : "", total, depth,
               turns ? "turns" : "moves", secs, secs > 0 ? total / secs / 1e6 : 0.0);
  }
  return 0;
}

}  // namespace hc::cli
