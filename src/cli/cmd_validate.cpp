// heterochess validate: replays game records and reports the first illegal move or the outcome.
#include <fmt/ostream.h>

#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/json_out.hpp"
#include "notation/fen.hpp"
#include "notation/pgn.hpp"
#include "notation/quote.hpp"
#include "rules/game.hpp"
#include "rules/start_position.hpp"
#include "variants/registry.hpp"

namespace hc::cli {

using json = nlohmann::json;

std::string read_input(const std::string& file, const Io& io) {
  std::stringstream ss;
  if (file == "-") {
    ss << io.in.rdbuf();
  } else {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw UserError("cannot read " + in_quotes(file));
    ss << in.rdbuf();
  }
  return ss.str();
}

std::vector<PgnGame> read_games(const std::string& file, const Io& io) {
  const std::string text = read_input(file, io);
  try {
    return split_pgn(text);
  } catch (const NotationError& e) {
    throw UserError(fmt::format("{}: {}: {}", quote_input(file), e.where(), e.what()));
  }
}

int cmd_validate(const Common& c, const std::string& file, bool variant_given, bool write, const Io& io) {
  const std::vector<PgnGame> games = read_games(file, io);
  if (games.empty()) throw UserError(in_quotes(file) + " contains no game");
  json results = json::array();
  int bad = 0;
  for (std::size_t gi = 0; gi < games.size(); ++gi) {
    const PgnGame& g = games[gi];
    std::string vid = c.variant;
    if (auto tag = g.tag("Variant")) {
      std::string from_tag = variant_from_tag(*tag);
      if (variant_given && from_tag != c.variant)
        throw UserError("game " + std::to_string(gi + 1) + " says [Variant \"" + quote_input(*tag) +
                        "\"] but --variant is " + quote_input(c.variant));
      vid = from_tag;
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
        require_royal_kings(game.position());
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
        fmt::print(io.out, "{}illegal at {}:{}:{} (move {}{}): {}\n", head,
                   quote_input(file, std::string::npos), rep.error->line, rep.error->column,
                   rep.error->move_number,
                   rep.error->move_text.empty() ? std::string()
                                                : fmt::format(" {}", in_quotes(rep.error->move_text)),
                   rep.error->message);
      } else {
        fmt::print(io.out, "{}{} moves in {} turns, all legal; outcome: {} ({})\n", head, rep.moves_played,
                   rep.turns_played, outcome_name(res.outcome), res.result_tag());
        if (!rep.recorded_result.empty() && rep.recorded_result != res.result_tag())
          fmt::print(io.out, "{}recorded result: {}\n", head, rep.recorded_result);
      }
      fmt::print(io.out, "{}final position: {}\n", head, to_fen(pos));
      if (write) fmt::print(io.out, "\n{}\n", o["pgn"].get<std::string>());
    }
  }
  if (c.json) io.out << dump_json((results.size() == 1 ? results[0] : json{{"games", results}})) << "\n";
  return bad ? 1 : 0;
}

}  // namespace hc::cli
