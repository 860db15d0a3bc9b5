#include "problem/popeye_input.hpp"

#include <array>
#include <cctype>
#include <cstring>
#include <optional>

#include "notation/error.hpp"
#include "notation/quote.hpp"
#include "problem/stipulation.hpp"
#include "variants/registry.hpp"

namespace hc {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

struct Token {
  std::string text;
  int line = 0, column = 0;
};

// Whitespace-separated tokens with their places; `rest_of_line` reads the remaining text of a line.
class Tokens {
 public:
  explicit Tokens(std::string_view text) : text_(text) {}
  std::optional<Token> next() {
    skip_space();
    if (i_ >= text_.size()) return std::nullopt;
    Token t{"", line_, column()};
    while (i_ < text_.size() && !std::isspace(static_cast<unsigned char>(text_[i_]))) t.text += text_[i_++];
    return t;
  }
  std::optional<Token> peek() {
    const std::size_t i = i_, start = line_start_;
    const int line = line_;
    auto t = next();
    i_ = i, line_start_ = start, line_ = line;
    return t;
  }
  std::string rest_of_line() {
    std::string s;
    while (i_ < text_.size() && text_[i_] != '\n') s += text_[i_++];
    return s;
  }

 private:
  void skip_space() {
    while (i_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[i_]))) {
      if (text_[i_] == '\n') ++line_, line_start_ = i_ + 1;
      ++i_;
    }
  }
  int column() const { return int(i_ - line_start_) + 1; }
  std::string_view text_;
  std::size_t i_ = 0, line_start_ = 0;
  int line_ = 1;
};

enum class Keyword {
  kBegin,
  kEnd,
  kNext,
  kPieces,
  kStipulation,
  kCondition,
  kOption,
  kRemark,
  kAuthor,
  kOrigin,
  kTitle,
  kProtocol,
  kTwin,
  kForsyth,
  kSStipulation,
  kZeroPosition,
  kNone
};

// Popeye's commands (English) and unique prefixes of them (Popeye accepts any; "begin" for BeginProblem).
Keyword keyword(std::string_view token) {
  static const std::pair<const char*, Keyword> words[] = {{"beginproblem", Keyword::kBegin},
                                                          {"endproblem", Keyword::kEnd},
                                                          {"nextproblem", Keyword::kNext},
                                                          {"pieces", Keyword::kPieces},
                                                          {"stipulation", Keyword::kStipulation},
                                                          {"condition", Keyword::kCondition},
                                                          {"option", Keyword::kOption},
                                                          {"remark", Keyword::kRemark},
                                                          {"author", Keyword::kAuthor},
                                                          {"origin", Keyword::kOrigin},
                                                          {"title", Keyword::kTitle},
                                                          {"protocol", Keyword::kProtocol},
                                                          {"twin", Keyword::kTwin},
                                                          {"forsyth", Keyword::kForsyth},
                                                          {"sstipulation", Keyword::kSStipulation},
                                                          {"zeroposition", Keyword::kZeroPosition}};
  const std::string t = lower(token);
  if (t.size() < 2) return Keyword::kNone;
  Keyword found = Keyword::kNone;
  int matches = 0;
  for (const auto& [word, k] : words) {
    if (std::string_view(word) == t) return k;
    if (std::string_view(word).substr(0, t.size()) == t) found = k, ++matches;
  }
  return matches == 1 ? found : Keyword::kNone;
}

enum class Lang { kEnglish, kGerman, kFrench };

// Piece letters per language, in the order K Q R B N P (our FEN letters).
constexpr std::array<const char*, 3> kLetters = {"kqrbsp", "kdtlsb", "rdtfcp"};
constexpr char kFenLetters[] = "kqrbnp";

}  // namespace

std::vector<PopeyeProblem> read_popeye(std::string_view text) {
  std::vector<PopeyeProblem> out;
  Tokens tokens(text);
  auto fail = [](const std::string& why, const Token& at) -> void {
    throw NotationError(why, at.column, at.line);
  };
  bool in_problem = false;
  PopeyeProblem p;
  std::array<char, 64> board{};  // FEN letter per square, 0 = empty
  std::array<bool, 64> on_b{};   // AliceB
  std::vector<std::string> conditions;
  bool have_stipulation = false;
  bool try_ = false;  // Option Try
  int defence = 1;    // Option Defence n

  auto finish = [&](const Token& at) {
    if (!have_stipulation) fail("a problem without a stipulation", at);
    const Stipulation st = parse_stipulation(p.stipulation);
    // The side Popeye starts with: Black in help play of whole moves and in series help play, else White.
    const bool black_starts = st.play == Play::kHelp && (st.series || !st.half);
    std::string placement;
    for (int rank = 7; rank >= 0; --rank) {
      int empty = 0;
      for (int file = 0; file < 8; ++file) {
        const int s = rank * 8 + file;
        if (!board[std::size_t(s)]) {
          ++empty;
          continue;
        }
        if (empty) placement += char('0' + empty), empty = 0;
        if (on_b[std::size_t(s)]) placement += '|';
        placement += board[std::size_t(s)];
      }
      if (empty) placement += char('0' + empty);
      if (rank) placement += '/';
    }
    // Castling as Popeye allows it: a king and a rook on their squares.
    std::string castling;
    auto at_sq = [&](int s) { return board[std::size_t(s)]; };
    if (at_sq(4) == 'K' && !on_b[4]) {
      if (at_sq(7) == 'R' && !on_b[7]) castling += 'K';
      if (at_sq(0) == 'R' && !on_b[0]) castling += 'Q';
    }
    if (at_sq(60) == 'k' && !on_b[60]) {
      if (at_sq(63) == 'r' && !on_b[63]) castling += 'k';
      if (at_sq(56) == 'r' && !on_b[56]) castling += 'q';
    }
    p.fen = concat({placement, black_starts ? " b " : " w ", castling.empty() ? "-" : castling, " - 0 1"});
    if (!conditions.empty()) {
      p.variant.clear();
      for (const auto& c : conditions) p.variant = p.variant.empty() ? c : concat({p.variant, "+", c});
    }
    bool any_b = false;
    for (bool b : on_b) any_b |= b;
    if (any_b && p.variant.find("alice") == std::string::npos) {
      // Popeye: declaring AliceA/AliceB men turns AliceChess on.
      p.variant = p.variant == "chess" ? std::string("alice") : concat({p.variant, "+alice"});
    }
    p.try_refutations = try_ ? defence : 0;
    out.push_back(p);
  };
  auto reset = [&](int line) {
    p = PopeyeProblem{};
    p.line = line;
    board.fill(0);
    on_b.fill(false);
    conditions.clear();
    have_stipulation = false;
    try_ = false;
    defence = 1;
  };

  while (auto t = tokens.next()) {
    const Keyword k = keyword(t->text);
    if (!in_problem) {
      if (k != Keyword::kBegin) fail(concat({"expected BeginProblem, not ", in_quotes(t->text)}), *t);
      in_problem = true;
      reset(t->line);
      continue;
    }
    switch (k) {
      case Keyword::kBegin:
        fail("BeginProblem inside a problem (NextProblem separates problems)", *t);
        break;
      case Keyword::kEnd:
        finish(*t);
        in_problem = false;
        break;
      case Keyword::kNext:
        finish(*t);
        reset(t->line);
        break;
      case Keyword::kRemark:
      case Keyword::kAuthor:
      case Keyword::kOrigin:
      case Keyword::kTitle:
      case Keyword::kProtocol: {
        std::string s = tokens.rest_of_line();
        while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.erase(s.begin());
        if (k != Keyword::kProtocol && !s.empty()) p.title = p.title.empty() ? s : concat({p.title, "; ", s});
        break;
      }
      case Keyword::kStipulation: {
        auto s = tokens.next();
        if (!s) fail("stipulation without a value", *t);
        p.stipulation = s->text;
        try {
          parse_stipulation(p.stipulation);
        } catch (const NotationError& e) {
          fail(e.what(), *s);
        }
        have_stipulation = true;
        break;
      }
      case Keyword::kCondition: {
        // Conditions run to the next command.
        for (auto c = tokens.peek(); c && keyword(c->text) == Keyword::kNone; c = tokens.peek()) {
          tokens.next();
          const std::string name = lower(c->text);
          if (name == "alicechess") {
            conditions.push_back("alice");
          } else if (name == "madrasi" || name == "bicolores" || name == "isardam") {
            fail(concat(
                     {"the condition ", in_quotes(c->text),
                      " is not mapped to our catalogue yet (its conventions are not yet compared with ours: "
                      "name our own variant id, e.g. madras or bicolour, to solve under RULES.md's rules)"}),
                 *c);
          } else {
            try {
              make_variant(name);
            } catch (const std::exception&) {
              fail(concat({"unknown condition ", in_quotes(c->text),
                           " (AliceChess, or one of our variant ids: heterochess variants)"}),
                   *c);
            }
            conditions.push_back(name);
          }
        }
        break;
      }
      case Keyword::kOption: {
        for (auto o = tokens.peek(); o && keyword(o->text) == Keyword::kNone; o = tokens.peek()) {
          tokens.next();
          const std::string name = lower(o->text);
          if (name == "noboard") continue;
          if (name == "try") {
            try_ = true;
            continue;
          }
          if (name == "defence" || name == "defense") {
            auto n = tokens.next();
            int v = 0;
            bool ok = n && !n->text.empty() && n->text.size() <= 3;
            if (ok)
              for (char c : n->text)
                ok &= std::isdigit(static_cast<unsigned char>(c)) != 0, v = v * 10 + (c - '0');
            if (!ok || v < 1 || v > 100) fail("Defence needs a number from 1 to 100", n ? *n : *o);
            defence = v;
            continue;
          }
          if (name == "maxsolutions" || name == "maxsol") {
            auto n = tokens.next();
            std::size_t v = 0;
            bool ok = n && !n->text.empty() && n->text.size() <= 9;
            if (ok)
              for (char c : n->text)
                ok &= std::isdigit(static_cast<unsigned char>(c)) != 0, v = v * 10 + (c - '0');
            if (!ok || v == 0) fail("MaxSolutions needs a number from 1 to 999999999", n ? *n : *o);
            p.max_solutions = v;
            continue;
          }
          fail(concat({"the option ", in_quotes(o->text),
                       " is Popeye's but not supported here yet (NoBoard, MaxSolutions, Try, Defence)"}),
               *o);
        }
        break;
      }
      case Keyword::kPieces: {
        std::optional<bool> white;  // the colour of the men that follow
        std::optional<Lang> lang;
        bool alice_b = false;
        for (auto w = tokens.peek(); w && keyword(w->text) == Keyword::kNone; w = tokens.peek()) {
          tokens.next();
          const std::string word = lower(w->text);
          const std::pair<const char*, std::pair<bool, Lang>> colours[] = {
              {"white", {true, Lang::kEnglish}}, {"black", {false, Lang::kEnglish}},
              {"weiss", {true, Lang::kGerman}},  {"schwarz", {false, Lang::kGerman}},
              {"blanc", {true, Lang::kFrench}},  {"noir", {false, Lang::kFrench}}};
          bool colour_word = false;
          for (const auto& [name, cl] : colours)
            if (word == name) {
              if (lang && *lang != cl.second) fail("colour words of two languages in one problem", *w);
              white = cl.first, lang = cl.second, alice_b = false, colour_word = true;
            }
          if (colour_word) continue;
          if (word == "alicea" || word == "aliceb") {
            alice_b = word == "aliceb";
            continue;
          }
          if (!white) fail(concat({"a man before its colour (white, black, …): ", in_quotes(w->text)}), *w);
          // A piece: its letter, then one or more squares.
          const char* letters = kLetters[std::size_t(*lang)];
          const char* found = word.empty() ? nullptr : std::strchr(letters, word[0]);
          if (!found || word.size() < 3 || (word.size() - 1) % 2 != 0)
            fail(concat({"not a man of ours: ", in_quotes(w->text),
                         " (orthodox letters and squares, e.g. kb6 or pa2b2c2; fairy pieces and attributes "
                         "other than "
                         "AliceA/AliceB are not supported)"}),
                 *w);
          const char fen = kFenLetters[found - letters];
          for (std::size_t i = 1; i + 1 < word.size(); i += 2) {
            const char f = word[i], r = word[i + 1];
            if (f < 'a' || f > 'h' || r < '1' || r > '8')
              fail(concat({"not a square in ", in_quotes(w->text)}), *w);
            const int s = (r - '1') * 8 + (f - 'a');
            if (board[std::size_t(s)]) fail(concat({"two men on one square in ", in_quotes(w->text)}), *w);
            board[std::size_t(s)] = *white ? char(std::toupper(fen)) : fen;
            on_b[std::size_t(s)] = alice_b;
          }
        }
        break;
      }
      case Keyword::kTwin:
      case Keyword::kForsyth:
      case Keyword::kSStipulation:
      case Keyword::kZeroPosition:
        fail(concat({in_quotes(t->text), " is Popeye's but not supported here yet"}), *t);
        break;
      case Keyword::kNone:
        fail(concat({"unknown command ", in_quotes(t->text)}), *t);
        break;
    }
  }
  if (in_problem) throw NotationError("the input ends inside a problem (EndProblem missing)");
  if (out.empty()) throw NotationError("no problem in the input (BeginProblem … EndProblem)");
  return out;
}

}  // namespace hc
