#include "problem/popeye_output.hpp"

#include "notation/fen.hpp"
#include "problem/problem_solver.hpp"
#include "rules/game.hpp"
#include "rules/turn.hpp"

namespace hc {

namespace {

constexpr char kPopeyeLetters[] = " PSBRQK";  // by PieceType: pawn (no letter), knight S, …

char letter(PieceType t) {
  const int i = int(t);
  return i >= 1 && i <= 6 ? kPopeyeLetters[i] : '?';
}

// Writes m (not yet made) and makes it; the arrival board is appended in multi-board games.
std::string write_and_make(Position& pos, Move m, std::vector<Undo>& undos) {
  std::string s;
  const Piece man = pos.at(m.from_board(), m.from());
  const Color us = pos.side();
  if (m.kind() == MoveKind::kEndTurn) {
    s = "stop";
  } else if (m.kind() == MoveKind::kCastling) {
    s = file_of(m.to()) > file_of(m.from()) ? "0-0" : "0-0-0";
  } else {
    if (type_of(man) != kPawn) s += letter(type_of(man));
    s += square_name(m.from());
    const Piece there = pos.at(m.from_board(), m.to());
    const bool capture = m.kind() == MoveKind::kEnPassant || (there && color_of(there) != us);
    s += capture ? '*' : '-';
    s += square_name(m.to());
    if (m.kind() == MoveKind::kPromotion) {
      s += '=';
      s += letter(m.promotion());
    }
    if (m.kind() == MoveKind::kEnPassant) s += " ep.";
  }
  undos.emplace_back();
  pos.ops().make(pos, m, undos.back());
  if (pos.boards() > 1 && m.kind() != MoveKind::kEndTurn) {
    for (int b = 0; b < pos.boards(); ++b) {
      const Piece p = pos.at(b, m.to());
      if (p && color_of(p) == us) {
        s += char('A' + b);
        break;
      }
    }
  }
  return s;
}

// The marks after a complete turn, as Popeye prints them: mate, stalemate or check of the side now to move,
// then the goal of capture (x) or of a target square (z) where the play's last turn reaches it ("Rb3*c3 +
// x").
std::string mark(Position& pos, const Stipulation& st, bool last_turn, Move last, bool captured) {
  const GameResult r = evaluate(pos);
  std::string s = r.outcome == Outcome::kStalemate                   ? " ="
                  : r.winner && *r.winner != pos.side()              ? " #"
                  : pos.king_board(pos.side()) >= 0 && in_check(pos) ? " +"
                                                                     : "";
  if (last_turn && st.goal == GoalKind::kCapture && captured) s += " x";
  if (last_turn && st.goal == GoalKind::kTarget && last.to() == st.target) s += " z";
  return s;
}

// Writes a turn (its moves joined by commas, then the marks) and makes it, its undos appended to `undos`;
// `last_turn`: the play's last turn (the goal's marks).
std::string write_turn(Position& pos, const Stipulation& st, const std::vector<Move>& turn, bool last_turn,
                       std::vector<Undo>& undos) {
  std::string t;
  bool captured = false;  // by the turn's last move
  for (Move m : turn) {
    if (!t.empty()) t += ',';
    const Color us = pos.side();
    t += write_and_make(pos, m, undos);
    captured = removes_enemy_men(undos.back(), us);
  }
  t += mark(pos, st, last_turn, turn.empty() ? Move() : turn.back(), captured);
  return t;
}

void take_back(Position& pos, std::vector<Undo>& undos) {
  while (!undos.empty()) {
    pos.undo(undos.back());
    undos.pop_back();
  }
}

}  // namespace

std::string popeye_solution(Position& pos, const Stipulation& st,
                            const std::vector<std::vector<Move>>& turns) {
  std::vector<Undo> undos;
  std::string out;
  const bool battle = !st.series && st.play != Play::kHelp;
  // Help play of n.5 moves (an odd number of turns) starts with the second half of move 1.
  const bool half_start = !st.series && st.play == Play::kHelp && turns.size() % 2 == 1;
  const int series_turns = int(turns.size()) - (st.series && st.play != Play::kDirect ? 1 : 0);
  for (std::size_t i = 0; i < turns.size(); ++i) {
    const std::string t = write_turn(pos, st, turns[i], i + 1 == turns.size(), undos);
    auto numbered = [&](int number, const char* dots) {
      out += std::to_string(number);
      out += dots;
      out += t;
    };
    if (st.series) {
      if (int(i) < series_turns) {
        if (i) out += "   ";
        numbered(int(i) + 1, ".");
        if (int(i) + 1 < series_turns) {
          undos.emplace_back();
          pass_turn(pos, undos.back());
        }
      } else {
        out += ' ';
        out += t;
      }
    } else if (half_start && i == 0) {
      numbered(1, "...");
    } else if (half_start ? i % 2 == 1 : i % 2 == 0) {
      if (i) out += "   ";
      numbered(half_start ? int(i) / 2 + 2 : int(i) / 2 + 1, ".");
    } else {
      out += ' ';
      out += t;
    }
  }
  if (battle) out += " !";
  take_back(pos, undos);
  return out;
}

std::vector<std::string> popeye_try(Position& pos, const Stipulation& st, const std::vector<Move>& turn,
                                    const std::vector<std::vector<Move>>& refutations) {
  std::vector<std::string> lines;
  std::string key = popeye_solution(pos, st, {turn});
  key.replace(key.size() - 1, 1, "?");  // the key's " !" becomes " ?"
  lines.push_back(key);
  lines.push_back("but");
  std::vector<Undo> undos;
  for (Move m : turn) {
    undos.emplace_back();
    pos.ops().make(pos, m, undos.back());
  }
  for (const auto& r : refutations) {
    std::vector<Undo> ru;
    lines.push_back("1..." + write_turn(pos, st, r, false, ru) + " !");
    take_back(pos, ru);
  }
  take_back(pos, undos);
  return lines;
}

}  // namespace hc
