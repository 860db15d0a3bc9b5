#include "notation/pgn.hpp"

#include <cctype>
#include <cstring>

#include "notation/fen.hpp"
#include "notation/move_text.hpp"
#include "notation/quote.hpp"

namespace hc {

std::optional<std::string> PgnGame::tag(const std::string& name) const {
  for (const auto& [k, v] : tags)
    if (k == name) return v;
  return std::nullopt;
}

std::vector<PgnGame> split_pgn(const std::string& text) {
  std::vector<PgnGame> games;
  PgnGame cur;
  bool in_moves = false;
  int line_no = 0;
  std::size_t pos = 0;
  auto flush = [&] {
    if (!cur.tags.empty() || !cur.movetext.empty()) games.push_back(cur);
    cur = PgnGame();
    in_moves = false;
  };
  while (pos <= text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(pos, end - pos);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    ++line_no;
    pos = end + 1;
    std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos) {
      if (end >= text.size()) break;
      continue;
    }
    if (line[first] == '[') {  // tag pairs; after movetext they start the next game
      if (in_moves) flush();
      std::size_t at = first;
      // One or more [Name "value"] on the line (value escapes: \" and \\); text after them is movetext.
      while (at < line.size() && line[at] == '[') {
        std::size_t name_start = at + 1;
        while (name_start < line.size() && std::isspace(static_cast<unsigned char>(line[name_start])))
          ++name_start;
        std::size_t name_end = name_start;
        while (name_end < line.size() && !std::isspace(static_cast<unsigned char>(line[name_end])) &&
               line[name_end] != '"' && line[name_end] != ']')
          ++name_end;
        // Columns count characters (docs/formats.md); `at`, `q`, `i` are byte offsets in the line.
        auto column = [&](std::size_t byte) { return char_column(line, byte); };
        if (name_end == name_start) throw NotationError("tag pair without a name", column(at + 1), line_no);
        std::size_t q = line.find_first_not_of(" \t", name_end);
        if (q == std::string::npos || line[q] != '"')
          throw NotationError("malformed tag pair: the value must be a quoted string", column(name_end),
                              line_no);
        std::string value;
        std::size_t i = q + 1;
        for (; i < line.size() && line[i] != '"'; ++i) {
          if (line[i] == '\\' && i + 1 < line.size()) ++i;
          value += line[i];
        }
        if (i >= line.size())
          throw NotationError("malformed tag pair: unterminated value", column(q), line_no);
        std::size_t close = line.find_first_not_of(" \t", i + 1);
        if (close == std::string::npos || line[close] != ']')
          throw NotationError("malformed tag pair: ']' expected", column(i + 1), line_no);
        cur.tags.emplace_back(line.substr(name_start, name_end - name_start), value);
        at = line.find_first_not_of(" \t", close + 1);
        if (at == std::string::npos) at = line.size();
      }
      if (at >= line.size()) {
        if (end >= text.size()) break;
        continue;
      }
      // The movetext after the tags keeps its columns: one space per character of the tags.
      line = std::string(std::size_t(char_column(line, at) - 1), ' ') + line.substr(at);
    }
    if (!in_moves) cur.movetext_line = line_no, in_moves = true;
    cur.movetext += line + "\n";
    if (end >= text.size()) break;
  }
  flush();
  return games;
}

std::string variant_from_tag(const std::string& tag) {
  std::string out;
  for (char c : tag) {
    if (c == ' ' || c == '_')
      out += '-';
    else
      out += char(std::tolower(static_cast<unsigned char>(c)));
  }
  return out == "standard" ? "chess" : out;  // PGN's name for chess
}

std::string variant_tag(const std::string& id) {
  std::string out;
  bool cap = true;
  bool options = false;  // after ':' the options are written as given (madras-ep=stepper-only)
  for (char c : id) {
    out += cap ? char(std::toupper(static_cast<unsigned char>(c))) : c;
    options = options || c == ':';
    cap = !options && (c == '+' || c == '-');
  }
  return out;
}

namespace {

struct Token {
  enum Kind { kMove, kNumber, kJoin, kResult } kind;
  std::string text;
  int line, column;
  int number = 0;
};

bool is_result(const std::string& s) { return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"; }

std::vector<Token> tokenize(const std::string& mt, int first_line) {
  std::vector<Token> out;
  int line = first_line, col = 1;  // col counts characters (utf8_char_length), not bytes
  std::size_t i = 0, char_end = utf8_char_length(mt, 0);  // char_end: the end of the character at i
  auto advance = [&](std::size_t n) {
    for (std::size_t k = 0; k < n && i < mt.size(); ++k) {
      const bool newline = mt[i] == '\n';
      ++i;
      if (newline)
        ++line, col = 1, char_end = i + utf8_char_length(mt, i);
      else if (i >= char_end)
        ++col, char_end = i + utf8_char_length(mt, i);
    }
  };
  int depth = 0;
  while (i < mt.size()) {
    char c = mt[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      advance(1);
      continue;
    }
    if (c == '{') {
      int l = line, cl = col;
      while (i < mt.size() && mt[i] != '}') advance(1);
      if (i >= mt.size()) throw NotationError("unterminated comment", cl, l);
      advance(1);
      continue;
    }
    if (c == ';') {
      while (i < mt.size() && mt[i] != '\n') advance(1);
      continue;
    }
    if (c == '(') {  // variations are skipped
      ++depth;
      advance(1);
      continue;
    }
    if (c == ')') {
      if (depth == 0) throw NotationError("unbalanced ')'", col, line);
      --depth;
      advance(1);
      continue;
    }
    if (depth > 0) {
      advance(1);
      continue;
    }
    if (c == '$') {
      advance(1);
      while (i < mt.size() && std::isdigit(static_cast<unsigned char>(mt[i]))) advance(1);
      continue;
    }
    if (c == ',' || c == '/') {
      out.push_back({Token::kJoin, std::string(1, c), line, col});
      advance(1);
      continue;
    }
    if (mt.compare(i, 7, "1/2-1/2") == 0) {
      out.push_back({Token::kResult, "1/2-1/2", line, col});
      advance(7);
      continue;
    }
    // A word up to whitespace or a joiner.
    std::size_t j = i;
    auto promotion_paren = [&](std::size_t k) {  // "b1(Q)", "b1(K)": a promotion, not a variation
      return k > i && mt[k] == '(' && k + 2 < mt.size() && std::strchr("QRBNKqrbnk", mt[k + 1]) &&
             mt[k + 2] == ')';
    };
    while (j < mt.size() && !std::isspace(static_cast<unsigned char>(mt[j])) && mt[j] != ',' &&
           mt[j] != '/' && mt[j] != '{' && mt[j] != ';' && mt[j] != ')') {
      if (mt[j] == '(') {
        if (!promotion_paren(j)) break;
        j += 2;
      }
      ++j;
    }
    std::string word = mt.substr(i, j - i);
    int l = line, cl = col;
    advance(word.size());
    if (is_result(word)) {
      out.push_back({Token::kResult, word, l, cl});
      continue;
    }
    // Move number: "12", "12.", "12...", possibly glued to a move ("1.e4").
    std::size_t d = 0;
    while (d < word.size() && std::isdigit(static_cast<unsigned char>(word[d]))) ++d;
    if (d > 0 && (d == word.size() || word[d] == '.')) {
      Token t{Token::kNumber, word.substr(0, d), l, cl};
      if (d > 8) throw NotationError("move number '" + word.substr(0, d) + "' too large", cl, l);
      t.number = std::stoi(word.substr(0, d));
      out.push_back(t);
      std::size_t dots = d;
      while (dots < word.size() && word[dots] == '.') ++dots;
      if (dots < word.size()) out.push_back({Token::kMove, word.substr(dots), l, cl + int(dots)});
      continue;
    }
    out.push_back({Token::kMove, word, l, cl});
  }
  return out;
}

}  // namespace

Replay replay_movetext(GameRecord& game, const PgnGame& pgn) {
  Replay rep;
  if (auto r = pgn.tag("Result")) rep.recorded_result = *r;
  std::vector<Token> tokens;
  try {
    tokens = tokenize(pgn.movetext, pgn.movetext_line);
  } catch (const NotationError& e) {
    rep.error = ReplayError{e.what(), e.line(), e.column(), 0, ""};
    return rep;
  }
  Position& pos = game.position();
  bool joined = false;  // the previous token was a joiner: the next move must continue the same turn
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    const int fullmove = pos.state().fullmove;
    auto fail = [&](const std::string& msg) {
      rep.error = ReplayError{msg, t.line, t.column, fullmove, t.kind == Token::kMove ? t.text : ""};
    };
    switch (t.kind) {
      case Token::kResult:
        rep.recorded_result = t.text;
        if (i + 1 != tokens.size()) {
          const Token& n = tokens[i + 1];
          rep.error = ReplayError{"text after the game result", n.line, n.column, fullmove, ""};
        }
        return rep;
      case Token::kJoin:
        if (joined || rep.moves_played == 0) return fail(in_quotes(t.text) + " does not join two moves"), rep;
        joined = true;
        break;
      case Token::kNumber: {
        if (pos.state().made != 0)
          return fail("move number " + t.text + " in the middle of a turn (" +
                      std::to_string(pos.state().made) + " of " + std::to_string(pos.state().quota) +
                      " moves played)"),
                 rep;
        // Pair numbering (full moves) or series numbering (turn index, Progressive).
        if (t.number != fullmove && t.number != pos.turn_index())
          return fail("move number " + t.text + " does not match the position (move " +
                      std::to_string(fullmove) + ", turn " + std::to_string(pos.turn_index()) + ")"),
                 rep;
        joined = false;
        break;
      }
      case Token::kMove: {
        if (joined && pos.state().made == 0)
          return fail(in_quotes(t.text) + " is joined to the previous turn, but that turn had already ended"),
                 rep;
        Move m{};
        try {
          m = parse_move(pos, t.text);
        } catch (const NotationError& e) {
          return fail(std::string(pos.side() == kWhite ? "White" : "Black") + " move " +
                      std::to_string(fullmove) + ": " + e.what()),
                 rep;
        }
        game.play(m);
        ++rep.moves_played;
        if (pos.state().made == 0) ++rep.turns_played;
        joined = false;
        break;
      }
    }
  }
  return rep;
}

std::string write_movetext(const Variant& v, const std::string& start_fen, const std::vector<Move>& moves) {
  GameRecord g(v);
  g.set_fen(start_fen);
  Position& pos = g.position();
  std::string out;
  bool turn_start = true;
  // The Progressive family (RULES.md §3.5, the games counting turns for the no-progress rule) numbers every
  // turn; the others number pairs of turns, as the sources do.
  const bool series = v.rules.progress_unit == ProgressUnit::kTurns;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (turn_start) {
      if (!out.empty()) out += ' ';
      if (series)  // Progressive family: every turn numbered by its turn index
        out += std::to_string(pos.turn_index()) + ". ";
      else if (pos.side() == kWhite)
        out += std::to_string(pos.state().fullmove) + ". ";
      else if (i == 0)
        out += std::to_string(pos.state().fullmove) + "... ";
    } else {
      out += ',';
    }
    out += to_san(pos, moves[i]);
    g.play(moves[i]);
    turn_start = pos.state().made == 0;
  }
  return out;
}

std::string write_pgn(const Variant& v, const std::string& start_fen, const std::vector<Move>& moves,
                      const std::vector<std::pair<std::string, std::string>>& extra_tags,
                      const std::string& result) {
  std::string out;
  for (const auto& [k, val] : extra_tags) out += "[" + k + " \"" + val + "\"]\n";
  out += "[Variant \"" + variant_tag(v.id) + "\"]\n";
  if (start_fen != v.start_fen) out += "[SetUp \"1\"]\n[FEN \"" + start_fen + "\"]\n";
  out += "[Result \"" + result + "\"]\n\n";
  std::string mt = write_movetext(v, start_fen, moves);
  out += mt + (mt.empty() ? "" : " ") + result + "\n";
  return out;
}

}  // namespace hc
