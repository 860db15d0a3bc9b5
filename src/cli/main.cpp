// heterochess: the command-line tool (variants, moves, perft, validate).
#include <fmt/core.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "engine/search.hpp"
#include "engine/solver.hpp"
#include "match/referee.hpp"
#include "notation/fen.hpp"
#include "notation/move_text.hpp"
#include "notation/pgn.hpp"
#include "protocol/uci.hpp"
#include "protocol/xboard.hpp"
#include "rules/game.hpp"
#include "server/http_api.hpp"
#include "variants/registry.hpp"

using namespace hc;
using json = nlohmann::json;

namespace {

struct Common {
  std::string variant = "chess";
  std::string fen;
  bool json = false;
};

void add_common(CLI::App* cmd, Common& c, bool with_fen = true) {
  cmd->add_option("--variant,-v", c.variant, "variant id, or ids joined by '+' (see 'heterochess variants')");
  if (with_fen)
    cmd->add_option("--fen,-f", c.fen, "position (extended FEN, docs/formats.md); default: start");
  cmd->add_flag("--json", c.json, "print one JSON object");
}

// Thrown for user errors: printed as "error: …" (or {"error": …}) with exit code 2.
struct UserError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

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

std::string dims(const VariantInfo& v) {
  std::string s;
  for (Dimension d : v.sets) {
    if (!s.empty()) s += ',';
    s += dimension_name(d);
  }
  return s;
}

int cmd_variants(const Common& c) {
  if (c.json) {
    json arr = json::array();
    for (const auto& v : variant_catalogue()) {
      json dj = json::array();
      for (Dimension d : v.sets) dj.push_back(dimension_name(d));
      json o = {{"id", v.id},
                {"name", v.name},
                {"rules", v.rules_ref},
                {"description", v.description},
                {"dimensions", dj}};
      if (!v.alias_of.empty()) o["alias_of"] = v.alias_of;
      arr.push_back(o);
    }
    std::cout << json{{"variants", arr}}.dump() << "\n";
    return 0;
  }
  for (const auto& v : variant_catalogue()) {
    std::string d = v.alias_of.empty() ? dims(v) : "= " + v.alias_of;
    fmt::print("{:<22} {:<58} [{}]\n", v.id, v.description, d.empty() ? "defaults" : d);
  }
  fmt::print("\nCombine ids across dimensions with '+', e.g. progressive+alice, marseillais+atomic.\n");
  return 0;
}

int cmd_moves(const Common& c, bool turns, std::uint64_t limit) {
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
      std::cout << out.dump() << "\n";
    else {
      for (std::size_t i = 0; i < uci.size(); ++i)
        fmt::print("{} {}\n", uci[i].get<std::string>(), san[i].get<std::string>());
      fmt::print("{} legal move(s)\n", list.size());
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
          fmt::print("{}\n", join_turn(s));
      },
      limit);
  bool truncated = n >= limit;
  if (c.json) {
    out["turns"] = arr;
    out["count"] = n;
    out["truncated"] = truncated;
    std::cout << out.dump() << "\n";
  } else {
    fmt::print("{}{} legal turn(s){}\n", truncated ? "at least " : "", n,
               truncated ? " (stopped at --limit)" : "");
  }
  return 0;
}

// Many positions at once: lines "variant<TAB>fen<TAB>depth" (from a file or '-'), answered "…<TAB>nodes" in
// order; a bad line is answered "…<TAB>error: message" and makes the exit code 2 (the rest still runs).
int cmd_perft_batch(const std::string& file, bool turns) {
  std::ifstream fin;
  std::istream* in = &std::cin;
  if (file != "-") {
    fin.open(file);
    if (!fin) throw UserError("cannot read '" + file + "'");
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
        depth = std::stoi(f[2]);
      } catch (const std::exception&) {
        throw UserError(fmt::format("line {}: bad depth '{}'", line_no, f[2]));
      }
      Variant v = make_variant(f[0]);
      Position pos;
      set_fen(pos, v, f[1]);
      std::uint64_t n = turns ? perft_turns(pos, depth) : perft(pos, depth);
      fmt::print("{}\t{}\t{}\t{}\n", f[0], f[1], depth, n);
    } catch (const std::exception& e) {
      ++bad;
      fmt::print("{}\terror: {}\n", line, e.what());
    }
    std::fflush(stdout);
  }
  return bad ? 2 : 0;
}

int cmd_perft(const Common& c, int depth, bool turns, bool divide, bool progress) {
  if (depth < 0) throw UserError("--depth must be at least 0");
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
      if (!c.json) fmt::print("{}: {}\n", name, n);
      if (progress) fmt::print(stderr, "[{}/{}] {}\n", ++i, list.size(), name);
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
    std::cout << out.dump() << "\n";
  } else {
    fmt::print("{}nodes {} ({} {}, {:.3f} s, {:.1f} Mnps)\n", divide ? "\n" : "", total, depth,
               turns ? "turns" : "moves", secs, secs > 0 ? total / secs / 1e6 : 0.0);
  }
  return 0;
}

int cmd_validate(const Common& c, const std::string& file, bool variant_given, bool write) {
  std::string text;
  if (file == "-") {
    std::stringstream ss;
    ss << std::cin.rdbuf();
    text = ss.str();
  } else {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw UserError("cannot read '" + file + "'");
    std::stringstream ss;
    ss << in.rdbuf();
    text = ss.str();
  }
  std::vector<PgnGame> games;
  try {
    games = split_pgn(text);
  } catch (const NotationError& e) {
    throw UserError(fmt::format("{}: {}: {}", file, e.where(), e.what()));
  }
  if (games.empty()) throw UserError("'" + file + "' contains no game");
  json results = json::array();
  int bad = 0;
  for (std::size_t gi = 0; gi < games.size(); ++gi) {
    const PgnGame& g = games[gi];
    std::string vid = c.variant;
    if (auto tag = g.tag("Variant")) {
      std::string from_tag = variant_from_tag(*tag);
      if (variant_given && from_tag != c.variant && !(from_tag == "standard" && c.variant == "chess"))
        throw UserError("game " + std::to_string(gi + 1) + " says [Variant \"" + *tag +
                        "\"] but --variant is " + c.variant);
      vid = from_tag == "standard" ? "chess" : from_tag;
    }
    Variant v;
    try {
      v = make_variant(vid);
    } catch (const VariantError& e) {
      throw UserError(fmt::format("game {}: {}", gi + 1, e.what()));
    }
    GameRecord game(v);
    std::string fen = c.fen;
    if (auto tag = g.tag("FEN")) fen = *tag;
    if (!fen.empty()) {
      try {
        game.set_fen(fen);
      } catch (const NotationError& e) {
        throw UserError(fmt::format("game {}: bad FEN: {}", gi + 1, e.what()));
      }
    }
    Replay rep = replay_movetext(game, g);
    GameResult res = game.result();
    Position& pos = game.position();
    json o = {
        {"variant", v.id}, {"fen", to_fen(pos)}, {"moves", rep.moves_played}, {"turns", rep.turns_played}};
    if (rep.error) {
      ++bad;
      o["ok"] = false;
      o["outcome"] = "illegal";
      o["error"] = rep.error->message;
      o["line"] = rep.error->line;
      o["column"] = rep.error->column;
      o["move_number"] = rep.error->move_number;
      if (!rep.error->move_text.empty()) o["move"] = rep.error->move_text;
    } else {
      o["ok"] = true;
      o["outcome"] = outcome_name(res.outcome);
      o["result"] = res.result_tag();
      if (res.winner) o["winner"] = *res.winner == kWhite ? "white" : "black";
      o["in_check"] = pos.king_board(pos.side()) >= 0 && in_check(pos);
    }
    if (!rep.recorded_result.empty()) o["recorded_result"] = rep.recorded_result;
    if (write) {
      std::vector<std::pair<std::string, std::string>> tags;
      for (const auto& [k, val] : g.tags)
        if (k != "Variant" && k != "FEN" && k != "SetUp" && k != "Result") tags.emplace_back(k, val);
      std::string result = rep.error                          ? "*"
                           : res.outcome != Outcome::kOngoing ? res.result_tag()
                           : rep.recorded_result.empty()      ? "*"
                                                              : rep.recorded_result;
      o["pgn"] = write_pgn(v, game.start_fen(), game.moves(), tags, result);
    }
    o["side_to_move"] = pos.side() == kWhite ? "white" : "black";
    results.push_back(o);
    if (!c.json) {
      std::string head = games.size() > 1 ? fmt::format("game {}: ", gi + 1) : "";
      if (rep.error) {
        fmt::print("{}illegal at {}:{}:{} (move {}{}): {}\n", head, file, rep.error->line, rep.error->column,
                   rep.error->move_number,
                   rep.error->move_text.empty() ? "" : " '" + rep.error->move_text + "'", rep.error->message);
      } else {
        fmt::print("{}{} moves in {} turns, all legal; outcome: {} ({})\n", head, rep.moves_played,
                   rep.turns_played, outcome_name(res.outcome), res.result_tag());
        if (!rep.recorded_result.empty() && rep.recorded_result != res.result_tag())
          fmt::print("{}recorded result: {}\n", head, rep.recorded_result);
      }
      fmt::print("{}final position: {}\n", head, to_fen(pos));
      if (write) fmt::print("\n{}\n", o["pgn"].get<std::string>());
    }
  }
  if (c.json) std::cout << (results.size() == 1 ? results[0] : json{{"games", results}}).dump() << "\n";
  return bad ? 1 : 0;
}

std::string turn_text(const std::vector<Move>& t) {
  std::vector<std::string> s;
  for (Move m : t) s.push_back(to_uci(m));
  return join_turn(s);
}

int cmd_solve(const Common& c, int mate, bool first, std::uint64_t nodes, double seconds, bool progress,
              bool checks, std::size_t max_solutions) {
  if (mate < 1) throw UserError("--mate must be at least 1");
  Variant v = make_variant(c.variant);
  GameRecord game(v);
  setup(game, c);
  Position& pos = game.position();
  GameResult before = evaluate(pos);
  if (before.outcome != Outcome::kOngoing)
    throw UserError(std::string("the game is already over: ") + outcome_name(before.outcome));
  SolveOptions opt;
  opt.mate_in = mate;
  opt.all_solutions = !first;
  opt.checks_only = checks;
  opt.max_solutions = max_solutions;
  opt.node_limit = nodes;
  opt.time_limit_s = seconds;
  progress = progress || (!c.json && isatty(2));
  if (progress) opt.progress = [](const std::string& s) { fmt::print(stderr, "{}\n", s); };
  MateSolver solver;
  SolveResult r = solver.solve(pos, opt);
  json sols = json::array(), lines = json::array();
  for (const auto& k : r.keys) sols.push_back(json::array({turn_text(k)}));
  for (const auto& l : r.lines) {
    json turns = json::array();
    for (const auto& t : l) turns.push_back(turn_text(t));
    lines.push_back(turns);
  }
  if (c.json) {
    json out = {{"variant", v.id},        {"fen", to_fen(pos)},
                {"mate", r.mate},         {"mate_in", mate},
                {"solutions", sols},      {"lines", lines},
                {"nodes", r.nodes},       {"time_ms", std::int64_t(r.seconds * 1000)},
                {"complete", r.complete}, {"truncated", r.truncated},
                {"pruned", r.pruned}};
    if (r.mate) out["length"] = r.mate_length;
    std::cout << out.dump() << "\n";
  } else {
    if (r.mate) {
      fmt::print("mate in {} ({}{} key{}):\n", r.mate_length, r.truncated ? "the first " : "", r.keys.size(),
                 r.keys.size() == 1 ? "" : "s");
      for (const auto& l : lines) {
        std::string s;
        for (const auto& t : l) s += (s.empty() ? "" : "  ") + t.get<std::string>();
        fmt::print("  {}\n", s);
      }
    } else {
      fmt::print("{}\n", r.complete ? fmt::format("no mate in {}", mate)
                                    : fmt::format("no mate found in {} before the limit", mate));
    }
    fmt::print("{} nodes, {:.3f} s\n", r.nodes, r.seconds);
  }
  return 0;
}

// Fixed searches from every slice id's start position (and a few §9 positions): the node total is the bench
// signature that catches unintended changes to search or rules; nps per id is the search speed.
int cmd_bench(const Common& c, int depth) {
  struct Case {
    const char* variant;
    const char* fen;
  };
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const Case cases[] = {
      {"chess", ""},
      {"marseillais", ""},
      {"balanced-marseillais", ""},
      {"double-move-galvin", ""},
      {"progressive", ""},
      {"progressive-italian", ""},
      {"atomic", ""},
      {"rifle", ""},
      {"kamikaze", ""},
      {"madras", ""},
      {"alice", ""},
      {"progressive+kamikaze", ""},
      {"marseillais+atomic", ""},
      {"progressive+alice", ""},
      {"alice+madras", ""},
      {"balanced-marseillais+rifle", ""},
      {"alice", "rnb3R1/2pp1ppp/1|p1k1|p2/|p1b5/2|B|P4/2|N|K4/PPP1rP1P/4|R3 w - - 4 16"},
      {"progressive", "rn1q1bnr/pp1kpppp/8/3K4/8/N7/PPP2PPP/R1Bb1BNR w - - 0 3"},
  };
  std::uint64_t total = 0;
  double secs_total = 0;
  json rows = json::array();
  for (const auto& k : cases) {
    Variant v = make_variant(k.variant);
    Position pos;
    set_fen(pos, v, *k.fen ? k.fen : start);
    Search search(16);
    SearchLimits lim;
    lim.depth = depth;
    auto t0 = std::chrono::steady_clock::now();
    std::vector<Move> best = search.think(pos, {}, lim, nullptr);
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::vector<std::string> s;
    for (Move m : best) s.push_back(to_uci(m));
    total += search.nodes();
    secs_total += secs;
    if (c.json) {
      rows.push_back({{"variant", v.id},
                      {"fen", to_fen(pos)},
                      {"nodes", search.nodes()},
                      {"best", join_turn(s)},
                      {"nps", std::uint64_t(search.nodes() / std::max(secs, 1e-9))}});
    } else {
      fmt::print("{:<28} {:>10} nodes {:>9.0f} nps  best {}\n", v.id, search.nodes(),
                 search.nodes() / std::max(secs, 1e-9), join_turn(s));
    }
  }
  if (c.json) {
    std::cout << json{{"depth", depth}, {"signature", total}, {"results", rows}}.dump() << "\n";
  } else {
    fmt::print("bench signature (depth {}): {} nodes, {:.0f} nps\n", depth, total,
               total / std::max(secs_total, 1e-9));
  }
  return 0;
}

struct MatchArgs {
  std::vector<std::string> engines, engine_options, engine_depths, engine_movetimes;
  int games = 2, concurrency = 1, depth = 0, max_turns = 300, random_openings = 0;
  std::uint64_t seed = 1;
  std::uint64_t nodes = 0;
  std::string tc, openings, pgn, sprt;
  double movetime_ms = 0;
};

int cmd_match(const Common& c, const MatchArgs& a) {
  MatchOptions o;
  o.variant = c.variant;
  make_variant(o.variant);  // a bad id is a user error before any engine starts
  if (a.engines.size() != 2) throw UserError("match needs exactly two --engine NAME=COMMAND");
  for (int i = 0; i < 2; ++i) {
    auto eq = a.engines[std::size_t(i)].find('=');
    if (eq == std::string::npos || eq == 0) throw UserError("--engine takes NAME=COMMAND");
    o.engines[i].name = a.engines[std::size_t(i)].substr(0, eq);
    o.engines[i].command = a.engines[std::size_t(i)].substr(eq + 1);
  }
  if (o.engines[0].name == o.engines[1].name) throw UserError("the two engines need different names");
  auto engine_index = [&](const std::string& name) {
    for (int i = 0; i < 2; ++i)
      if (o.engines[i].name == name) return i;
    throw UserError("no engine named '" + name + "'");
  };
  for (const auto& s : a.engine_options) {  // NAME:option=value
    auto colon = s.find(':'), eq = s.find('=');
    if (colon == std::string::npos || eq == std::string::npos || eq < colon)
      throw UserError("--engine-option takes NAME:option=value");
    o.engines[engine_index(s.substr(0, colon))].options.emplace_back(s.substr(colon + 1, eq - colon - 1),
                                                                     s.substr(eq + 1));
  }
  for (const auto& s : a.engine_depths) {  // NAME=D
    auto eq = s.find('=');
    if (eq == std::string::npos) throw UserError("--engine-depth takes NAME=DEPTH");
    o.engines[engine_index(s.substr(0, eq))].depth = std::atoi(s.substr(eq + 1).c_str());
  }
  for (const auto& s : a.engine_movetimes) {  // NAME=MS
    auto eq = s.find('=');
    if (eq == std::string::npos) throw UserError("--engine-movetime takes NAME=MILLISECONDS");
    o.engines[engine_index(s.substr(0, eq))].movetime_s = std::atof(s.substr(eq + 1).c_str()) / 1000.0;
  }
  if (a.games < 1) throw UserError("--games must be at least 1");
  o.games = a.games;
  o.concurrency = std::max(1, a.concurrency);
  o.depth = a.depth;
  o.nodes = a.nodes;
  o.movetime_s = a.movetime_ms / 1000.0;
  o.max_turns = a.max_turns;
  o.random_openings = a.random_openings;
  o.seed = a.seed;
  if (!a.tc.empty()) {  // BASE+INC in seconds
    auto plus = a.tc.find('+');
    try {
      o.base_s = std::stod(a.tc.substr(0, plus));
      o.inc_s = plus == std::string::npos ? 0 : std::stod(a.tc.substr(plus + 1));
    } catch (const std::exception&) {
      throw UserError("--tc takes BASE+INC in seconds, e.g. 10+0.1");
    }
  }
  if (!a.sprt.empty()) {
    auto comma = a.sprt.find(',');
    try {
      o.sprt_elo0 = std::stod(a.sprt.substr(0, comma));
      o.sprt_elo1 = std::stod(a.sprt.substr(comma + 1));
    } catch (const std::exception&) {
      throw UserError("--sprt takes ELO0,ELO1");
    }
    o.sprt = true;
  }
  try {
    if (!a.openings.empty()) o.openings = read_openings(a.openings);
  } catch (const std::exception& e) {
    throw UserError(e.what());
  }
  if (!c.json) o.progress = [](const std::string& s) { fmt::print("{}\n", s); };
  MatchResult r;
  try {
    r = run_match(o);
  } catch (const std::exception& e) {
    throw UserError(e.what());
  }
  if (!a.pgn.empty()) {
    std::ofstream out(a.pgn);
    if (!out) throw UserError("cannot write '" + a.pgn + "'");
    for (const auto& g : r.games) out << g.pgn << "\n";
  }
  if (c.json) {
    json games = json::array();
    for (const auto& g : r.games)
      games.push_back({{"white", o.engines[g.white].name},
                       {"black", o.engines[1 - g.white].name},
                       {"result", g.result},
                       {"termination", g.termination}});
    json out = {{"variant", o.variant}, {"engines", {o.engines[0].name, o.engines[1].name}},
                {"wins", r.wins},       {"draws", r.draws},
                {"losses", r.losses},   {"score", r.score},
                {"elo", r.elo},         {"elo_95", {r.elo_low, r.elo_high}},
                {"games", games}};
    if (o.sprt)
      out["sprt"] = {{"llr", r.llr}, {"bounds", {r.llr_low, r.llr_high}}, {"verdict", r.sprt_verdict}};
    std::cout << out.dump() << "\n";
  } else {
    fmt::print("{} vs {}: +{} ={} -{} ({:.1f}%), Elo {:+.0f} [{:+.0f}, {:+.0f}] (95%)\n", o.engines[0].name,
               o.engines[1].name, r.wins, r.draws, r.losses, 100 * r.score, r.elo, r.elo_low, r.elo_high);
    if (o.sprt)
      fmt::print("SPRT [{}, {}]: LLR {:.2f} in [{:.2f}, {:.2f}]: {}\n", o.sprt_elo0, o.sprt_elo1, r.llr,
                 r.llr_low, r.llr_high, r.sprt_verdict);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "heterochess: rules library and tools for multi-move, unorthodox-capture and multi-board chess"};
  app.require_subcommand(1);
  Common c;

  auto* variants = app.add_subcommand("variants", "list variant ids, their descriptions and dimensions");
  variants->add_flag("--json", c.json, "print one JSON object");

  auto* moves = app.add_subcommand("moves", "legal moves of a position (or, with --turns, complete turns)");
  add_common(moves, c);
  bool turns = false;
  std::uint64_t limit = 100000;
  moves->add_flag("--turns", turns, "list complete legal turns instead of single moves");
  moves->add_option("--limit", limit, "stop listing turns after this many (default 100000)");

  auto* perft = app.add_subcommand("perft", "count move sequences (or complete turns) to a depth");
  add_common(perft, c);
  int depth = 1;
  bool divide = false, progress = false;
  std::string batch;
  perft->add_option("--depth,-d", depth, "depth in moves (or turns with --turns)");
  perft->add_option("--batch", batch, "read 'variant<TAB>fen<TAB>depth' lines from FILE ('-' = stdin)");
  perft->add_flag("--turns", turns, "count depth in complete turns");
  perft->add_flag("--divide", divide, "node count per first move");
  perft->add_flag("--progress", progress, "report each finished first move on stderr");

  auto* validate =
      app.add_subcommand("validate", "replay a game record (PGN or move list) and report the outcome");
  add_common(validate, c);
  std::string file;
  validate->add_option("file", file, "game record ('-' = standard input)")->required();
  bool write_pgn_out = false;
  validate->add_flag("--pgn", write_pgn_out, "also print the legal part of the game as PGN in our notation");

  auto* solve =
      app.add_subcommand("solve", "mate in N turns of the side to move (Progressive: N=1 = one series)");
  add_common(solve, c);
  int mate = 1;
  bool first_only = false;
  std::uint64_t node_limit = 0;
  double time_limit = 0;
  solve->add_option("--mate,-m", mate, "number of the side to move's turns")->required();
  solve->add_flag("--first", first_only, "stop at the first key instead of listing all");
  bool checks_only = false;
  solve->add_flag("--checks", checks_only,
                  "try only turns that give check (fast; 'no mate' is then not proven)");
  solve->add_option("--nodes", node_limit, "give up after this many nodes");
  solve->add_option("--time", time_limit, "give up after this many seconds");
  std::size_t max_solutions = 1000;
  solve
      ->add_option(
          "--max-solutions", max_solutions,
          "list at most this many keys (a series can often be played in several orders; default 1000)")
      ->check(CLI::PositiveNumber);
  solve->add_flag("--progress", progress, "report each finished depth on stderr");

  auto* bench = app.add_subcommand("bench", "fixed searches: the bench signature and search speed per id");
  int bench_depth = 5;
  bench->add_option("--depth,-d", bench_depth, "search depth in turns (default 5)");
  bench->add_flag("--json", c.json, "print one JSON object");
  auto* match =
      app.add_subcommand("match", "play two UCI engines against each other, refereed by our kernel");
  MatchArgs ma;
  match->add_option("--variant,-v", c.variant, "variant id or composition");
  match->add_option("--engine,-e", ma.engines, "NAME=COMMAND (twice)")->required();
  match->add_option("--engine-option", ma.engine_options, "NAME:option=value (setoption)");
  match->add_option("--engine-depth", ma.engine_depths, "NAME=DEPTH: that engine searches to a fixed depth");
  match->add_option("--engine-movetime", ma.engine_movetimes, "NAME=MS: that engine's time per turn");
  match->add_option("--games,-g", ma.games, "number of games (each opening twice, colours reversed)");
  match->add_option("--tc", ma.tc, "clock BASE+INC in seconds");
  match->add_option("--movetime", ma.movetime_ms, "milliseconds per turn");
  match->add_option("--depth", ma.depth, "fixed depth for both");
  match->add_option("--nodes", ma.nodes, "fixed nodes for both");
  match->add_option("--concurrency", ma.concurrency, "games played at once");
  match->add_option("--openings", ma.openings, "file: 'FEN|startpos [; turn turn …]' per line");
  match->add_option("--random-openings", ma.random_openings, "start each pair after N random turns (seeded)");
  match->add_option("--seed", ma.seed, "seed for --random-openings (default 1)");
  match->add_option("--max-turns", ma.max_turns, "adjudicate a draw after this many turns (default 300)");
  match->add_option("--pgn", ma.pgn, "write the games to this PGN file");
  match->add_option("--sprt", ma.sprt, "ELO0,ELO1: stop when the SPRT decides");
  match->add_flag("--json", c.json, "print one JSON object");
  auto* uci = app.add_subcommand("uci", "speak UCI on standard input/output (see docs/protocols.md)");
  auto* xboard = app.add_subcommand(
      "xboard", "speak CECP (XBoard/WinBoard protocol 2) on standard input/output (see docs/protocols.md)");

  auto* serve =
      app.add_subcommand("serve", "the play server: HTTP JSON API and live updates (docs/server.md)");
  server::ServeOptions so;
  serve->add_option("--address", so.address, "address to listen on (default 127.0.0.1)");
  serve->add_option("--port", so.port, "port (default 8080; 0 = any free port, printed at start)")
      ->check(CLI::Range(0, 65535));
  serve->add_option("--data", so.data_dir, "data directory for the game database (default heterochess-data)");
  serve
      ->add_option(
          "--rate-limit", so.writes_per_second,
          "writes (POST) a second per client address, 3 s worth at once; 429 beyond (default 0 = none)")
      ->check(CLI::Range(0.0, 100000.0));
  serve->add_option("--web", so.web_dir, "folder of the built browser UI (default " + so.web_dir + ")");
  serve
      ->add_option("--engine-workers", so.engine.workers,
                   "engine worker threads, each with its own engine (default " +
                       std::to_string(server::EnginePool::default_workers()) +
                       " here: 4 per hardware thread, 4 to 32)")
      ->check(CLI::Range(server::EnginePool::kMinWorkers, server::EnginePool::kMaxWorkers));
  serve
      ->add_option("--engine-per-client", so.engine.per_client,
                   "engine turns of one client address computed at once (default: half of the workers "
                   "engine turns may use; behind a proxy that hides addresses, set it to that number)")
      ->check(CLI::Range(1, server::EnginePool::kMaxWorkers));
  serve
      ->add_option("--max-movetime-ms", so.engine.max_movetime_ms,
                   "the highest engine level in time per turn a game may ask for (default 60000)")
      ->check(CLI::Range(1, 3600 * 1000));
  serve
      ->add_option("--max-depth", so.engine.max_depth,
                   "the highest engine level in depth a game may ask for (default 20)")
      ->check(CLI::Range(1, 64));

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  try {
    if (*variants) return cmd_variants(c);
    if (*moves) return cmd_moves(c, turns, limit);
    if (*perft) {
      if (!batch.empty()) return cmd_perft_batch(batch, turns);
      if (!perft->count("--depth")) throw UserError("perft needs --depth N (or --batch FILE)");
      return cmd_perft(c, depth, turns, divide, progress);
    }
    if (*serve) return server::run_server(so);
    if (*uci) return run_uci(std::cin, std::cout);
    if (*xboard) return run_xboard(std::cin, std::cout);
    if (*bench) return cmd_bench(c, bench_depth);
    if (*match) return cmd_match(c, ma);
    if (*solve)
      return cmd_solve(c, mate, first_only, node_limit, time_limit, progress, checks_only, max_solutions);
    if (*validate) return cmd_validate(c, file, validate->count("--variant") > 0, write_pgn_out);
  } catch (const UserError& e) {
    if (c.json)
      std::cout << json{{"error", e.what()}}.dump() << "\n";
    else
      fmt::print(stderr, "error: {}\n", e.what());
    return 2;
  } catch (const VariantError& e) {
    if (c.json)
      std::cout << json{{"error", e.what()}}.dump() << "\n";
    else
      fmt::print(stderr, "error: {}\n", e.what());
    return 2;
  }
  return 0;
}
