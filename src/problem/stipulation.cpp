#include "problem/stipulation.hpp"

#include <cctype>

#include "notation/error.hpp"
#include "notation/fen.hpp"
#include "notation/quote.hpp"

namespace hc {

namespace {

// Popeye's goals that we do not solve yet, longest first so that a prefix does not hide a longer one.
constexpr std::string_view kUnsupportedGoals[] = {"##!", "<>r", "ctr", "c81", "!=",  "#=",  "!#",
                                                  "==",  "<>",  "ct",  "%",   "dia", "a=>b"};

}  // namespace

Stipulation parse_stipulation(std::string_view text) {
  std::string s;  // lower case, without spaces; columns below count in it
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c))) s += char(std::tolower(static_cast<unsigned char>(c)));
  // Messages quote the input as given; the position is not reported as a column, as spaces were dropped.
  auto fail = [&](const std::string& why, std::size_t) -> Stipulation {
    throw NotationError(concat({"stipulation ", in_quotes(text), ": ", why}));
  };
  if (s.empty()) fail("empty", 0);
  Stipulation st;
  std::size_t i = 0;
  std::string_view v(s);
  for (std::string_view p : {"exact-", "pser-", "phser-", "reci-"})
    if (v.starts_with(p)) fail(concat({in_quotes(p), " is Popeye's but not solved here yet"}), 0);
  if (s.find("->") != std::string::npos) fail("'m->' is Popeye's but not solved here yet", s.find("->"));
  if (v.starts_with("ser-")) st.series = true, i = 4;
  if (v.substr(i).starts_with("semi-")) {
    if (st.series) fail("semi- does not combine with ser-", i);
    i += 5;
    if (!v.substr(i).starts_with("r")) fail("semi- needs reflex play (semi-r)", i);
    st.play = Play::kSemiReflex, ++i;
  } else if (v.substr(i).starts_with("hs") || v.substr(i).starts_with("hr")) {
    fail(concat({in_quotes(v.substr(i, 2)),
                 " (help-self and help-reflex play) is Popeye's but not solved here yet"}),
         i);
  } else if (v.substr(i).size() > 0 && (v[i] == 'h' || v[i] == 's' || v[i] == 'r')) {
    st.play = v[i] == 'h' ? Play::kHelp : v[i] == 's' ? Play::kSelf : Play::kReflex;
    ++i;
  }
  if (st.series && st.play == Play::kReflex) fail("ser-r (series reflex play) is not solved here yet", i);
  // The goal.
  std::string_view g = v.substr(i);
  for (std::string_view u : kUnsupportedGoals)
    if (g.starts_with(u))
      fail(concat({"the goal ", in_quotes(u), " is Popeye's but not solved here yet"}), i);
  if (g.starts_with("##")) {
    st.goal = GoalKind::kDoubleMate, i += 2;
  } else if (g.starts_with("#")) {
    st.goal = GoalKind::kMate, ++i;
  } else if (g.starts_with("=")) {
    st.goal = GoalKind::kStalemate, ++i;
  } else if (g.starts_with("+")) {
    st.goal = GoalKind::kCheck, ++i;
  } else if (g.starts_with("x")) {
    st.goal = GoalKind::kCapture, ++i;
  } else if (g.starts_with("00")) {
    st.goal = GoalKind::kCastling, i += 2;
  } else if (g.starts_with("~")) {
    st.goal = GoalKind::kAnyMove, ++i;
  } else if (g.starts_with("ep")) {
    st.goal = GoalKind::kEnPassant, i += 2;
  } else if (g.starts_with("z")) {
    if (g.size() < 3 || g[1] < 'a' || g[1] > 'h' || g[2] < '1' || g[2] > '8')
      fail("the target goal needs a square: zXY, e.g. ze5", i);
    st.goal = GoalKind::kTarget, st.target = make_square(g[1] - 'a', g[2] - '1'), i += 3;
  } else if (g.starts_with("k") && g.size() >= 3 && g[1] >= 'a' && g[1] <= 'h') {
    fail("the goal 'kXY' (king to a square) is Popeye's but not solved here yet", i);
  } else {
    fail(g.empty() ? "no goal (# = ## + x 00 ~ ep zXY)" : concat({"unknown goal at ", in_quotes(g)}), i);
  }
  // The count: n or n.5.
  const std::size_t count_at = i;
  int n = 0, digits = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])) && digits < 4)
    n = n * 10 + (s[i] - '0'), ++i, ++digits;
  if (!digits) fail("no move count after the goal", count_at);
  if (i < s.size() && s[i] == '.') {
    if (s.substr(i) != ".5") fail("a move count ends in .5 or nothing", i);
    if (st.play != Play::kHelp || st.series) fail("n.5 is for help play only (h#n.5)", i);
    st.half = true, i += 2;
  }
  if (i != s.size()) fail(concat({"unexpected ", in_quotes(v.substr(i))}), i);
  if (n < 1 && !(n == 0 && st.half)) fail("the move count must be at least 1", count_at);
  if (n > 64) fail("the move count must be at most 64", count_at);
  st.moves = n;
  return st;
}

std::string Stipulation::text() const {
  std::string s = series ? "ser-" : "";
  switch (play) {
    case Play::kDirect:
      break;
    case Play::kHelp:
      s += "h";
      break;
    case Play::kSelf:
      s += "s";
      break;
    case Play::kReflex:
      s += "r";
      break;
    case Play::kSemiReflex:
      s += "semi-r";
      break;
  }
  switch (goal) {
    case GoalKind::kMate:
      s += "#";
      break;
    case GoalKind::kStalemate:
      s += "=";
      break;
    case GoalKind::kDoubleMate:
      s += "##";
      break;
    case GoalKind::kCheck:
      s += "+";
      break;
    case GoalKind::kCapture:
      s += "x";
      break;
    case GoalKind::kCastling:
      s += "00";
      break;
    case GoalKind::kAnyMove:
      s += "~";
      break;
    case GoalKind::kEnPassant:
      s += "ep";
      break;
    case GoalKind::kTarget:
      s += 'z';
      s += square_name(target);
      break;
  }
  s += std::to_string(moves);
  if (half) s += ".5";
  return s;
}

int Stipulation::total_turns() const {
  if (series) return moves + (play == Play::kDirect ? 0 : 1);
  if (play == Play::kHelp) return 2 * moves + (half ? 1 : 0);
  return 2 * moves - 1;
}

}  // namespace hc
