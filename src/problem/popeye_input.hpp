// Popeye's input language (issue 13 §3): `begin … end` problem blocks read into positions and stipulations of
// our catalogue. Supported: BeginProblem / NextProblem / EndProblem (and their unique prefixes, e.g. `begin`,
// `next`, `end`), `pieces` with piece letters in English (K Q R B S P), German (K D T L S B) or French (R D T
// F C P), the language told by the colour words (white/black, weiss/schwarz, blanc/noir), squares listed
// after the letter (`pa2b2c2`) and the attributes AliceA/AliceB; `stipulation`; `condition` (AliceChess,
// Madrasi, Bicolores, or one of our variant ids; several are composed with '+'); `option` NoBoard and
// MaxSolutions n; and `remark`, `author`, `origin`, `title`, `protocol`, whose text runs to the end of the
// line. Everything else Popeye knows (twins, forsyth, other options, conditions and fairy pieces) is refused
// by name with a NotationError (line and column), never read approximately.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace hc {

struct PopeyeProblem {
  std::string variant = "chess";  // our id, or a composition
  std::string fen;                // the side to move is the side Popeye starts the stipulation with
  std::string stipulation;        // as written
  std::size_t max_solutions = 0;  // option MaxSolutions (0: not given)
  int try_refutations = 0;        // option Try: 1, or Defence n (0: no tries)
  std::string title;              // remark/title/author/origin text, joined (for display)
  int line = 0;                   // where the problem starts
};

std::vector<PopeyeProblem> read_popeye(std::string_view text);

}  // namespace hc
