#include "notation/move_text.hpp"

#include <cctype>

#include "core/men.hpp"
#include "notation/fen.hpp"
#include "notation/quote.hpp"
#include "rules/kernel.hpp"

namespace hc {

namespace {

char promo_char(PieceType t) { return man_letter_lower(t); }  // UCI's promotion letter (core/men.hpp)
const char* piece_name(PieceType t) { return man_name(t); }

// The type of an upper-case letter of SAN (P included); kNoType for any other character.
PieceType letter_type(char c) { return c >= 'A' && c <= 'Z' ? man_of_letter(c) : kNoType; }

MoveList legal_list(Position& pos) {
  MoveList list;
  pos.ops().legal_moves(pos, list);
  return list;
}

bool gives_check_and_mate(Position& pos, Move m, bool& mate) {
  Undo u;
  Color them = ~pos.side();
  const bool had_king = pos.king_board(them) >= 0;  // a test position without kings loses none
  pos.ops().make(pos, m, u);
  bool check = pos.ops().checkers(pos, them) != 0;
  mate = false;
  if (check && pos.side() == them) {
    MoveList l;
    pos.ops().legal_moves(pos, l);
    mate = l.empty();
  }
  if (pos.rules().royal_king && had_king && pos.king_board(them) < 0)
    check = true, mate = true;  // royal king captured / exploded
  pos.undo(u);
  return check;
}

// The voluntary stop, where the rules allow it now.
Move stop_if_legal(Position& pos, std::string_view text) {
  MoveList list = legal_list(pos);
  for (Move m : list)
    if (m.kind() == MoveKind::kEndTurn) return m;
  throw NotationError(
      "'" + quote_input(text) +
          "': " + (list.empty() ? "the game is over" : "the turn cannot end here (no voluntary stop)"),
      1);
}

}  // namespace

std::string to_uci(Move m) {
  if (m.kind() == MoveKind::kEndTurn) return "0000";  // the voluntary stop (docs/formats.md)
  // A missile shot: the firer's square, '^', the target's (docs/formats.md); a removal: its square twice.
  if (m.kind() == MoveKind::kShot) return square_name(m.from()) + "^" + square_name(m.to());
  std::string s = square_name(m.from()) + square_name(m.to());
  if (m.kind() == MoveKind::kPromotion) s += promo_char(m.promotion());
  if (m.has_shot()) s += '^', s += square_name(m.shot());  // a capture's follow-up shot: `g6g2^f1`
  return s;
}

Move parse_uci(Position& pos, std::string_view text) {
  if (text == "0000") return stop_if_legal(pos, text);
  const std::string_view whole = text;
  Square shot = kNoSquare;
  if (const auto hat = text.find('^'); hat == 4 || hat == 5) {  // `g6g2^f1`, `e7d8q^c7`: a follow-up shot
    shot = text.size() == hat + 3 ? parse_square(text.substr(hat + 1)) : kNoSquare;
    if (shot == kNoSquare) throw NotationError("'" + quote_input(text) + "' is not a UCI move", 1);
    text = text.substr(0, hat);
  }
  if (text.size() < 4 || text.size() > 5)
    throw NotationError("'" + quote_input(text) + "' is not a UCI move", 1);
  const bool missile = text.size() == 5 && text[2] == '^';  // `f3^e5`: the man on f3 fires at e5
  if (missile) {
    const Square from = parse_square(text.substr(0, 2)), to = parse_square(text.substr(3, 2));
    if (from == kNoSquare || to == kNoSquare)
      throw NotationError("'" + quote_input(text) + "' is not a UCI move", 1);
    MoveList list = legal_list(pos);
    for (Move m : list)
      if (m.kind() == MoveKind::kShot && m.from() == from && m.to() == to) return m;
    std::string why = pos.board_of(from) < 0 ? "there is no man on " + square_name(from)
                      : list.empty()         ? "the game is over"
                                     : "no missile shot from " + square_name(from) + " at " + square_name(to);
    throw NotationError("illegal move " + quote_input(text) + ": " + why, 1);
  }
  Square from = parse_square(text.substr(0, 2)), to = parse_square(text.substr(2, 2));
  if (from == kNoSquare || to == kNoSquare)
    throw NotationError("'" + quote_input(text) + "' is not a UCI move", 1);
  PieceType promo = kNoType;
  if (text.size() == 5) {
    promo = letter_type(char(std::toupper(static_cast<unsigned char>(text[4]))));
    if (promo == kNoType || promo == kPawn || (promo == kKing && !pos.rules().promote_to_king))
      throw NotationError("bad promotion letter in '" + quote_input(text) + "'", 5);
  }
  MoveList list = legal_list(pos);
  for (Move m : list)
    if (m.from() == from && m.to() == to && m.kind() != MoveKind::kShot && m.shot() == shot &&
        (m.kind() == MoveKind::kPromotion ? m.promotion() == promo : promo == kNoType))
      return m;
  std::string why = pos.board_of(from) < 0 ? "there is no man on " + square_name(from)
                    : list.empty()         ? "the game is over"
                    : shot != kNoSquare    ? "no capture there followed by a shot at " + square_name(shot)
                                           : "it is not legal here";
  throw NotationError("illegal move " + quote_input(whole) + ": " + why, 1);
}

std::string to_san(Position& pos, Move m) {
  if (m.kind() == MoveKind::kEndTurn) return "--";  // the voluntary stop (docs/formats.md)
  const int b = m.from_board();
  const Piece p = pos.at(b, m.from());
  std::string s;
  if (m.kind() == MoveKind::kCastling) {
    s = file_of(m.to()) > file_of(m.from()) ? "O-O" : "O-O-O";
  } else if (m.kind() == MoveKind::kRemoval) {  // `~Nf3`, a pawn `~e4` (docs/formats.md)
    s = "~";
    if (type_of(p) != kPawn) s += man_letter(type_of(p));
    s += square_name(m.from());
  } else if (m.kind() == MoveKind::kShot) {  // `N^e5`, a pawn `d^e5`, disambiguated as a capture
    if (type_of(p) == kPawn) {
      s += char('a' + file_of(m.from()));
    } else {
      s += man_letter(type_of(p));
      bool same_file = false, same_rank = false, ambiguous = false;
      for (Move o : legal_list(pos)) {
        if (o == m || o.kind() != MoveKind::kShot || o.to() != m.to() || o.from() == m.from()) continue;
        if (pos.at(o.from_board(), o.from()) != p) continue;
        ambiguous = true;
        same_file |= file_of(o.from()) == file_of(m.from());
        same_rank |= rank_of(o.from()) == rank_of(m.from());
      }
      if (ambiguous)
        s += !same_file   ? std::string(1, char('a' + file_of(m.from())))
             : !same_rank ? std::string(1, char('1' + rank_of(m.from())))
                          : square_name(m.from());
    }
    s += '^';
    s += square_name(m.to());
  } else {
    const bool capture = pos.ops().removes_men(pos, m);  // SAN's `x`: the move removes men
    if (type_of(p) == kPawn) {
      if (capture) s += char('a' + file_of(m.from()));
      // Where a capture is the victim's move (RULES.md §4.4), two pawns of one file may take on one square:
      // the rank tells them apart (`d2xd4`).
      if (capture && pos.rules().capture_pattern == CapturePattern::kVictims)
        for (Move o : legal_list(pos))
          if (o.to() == m.to() && o.from() != m.from() && file_of(o.from()) == file_of(m.from()) &&
              pos.at(o.from_board(), o.from()) == p) {
            s += char('1' + rank_of(m.from()));
            break;
          }
    } else {
      s += man_letter(type_of(p));
      bool same_file = false, same_rank = false, ambiguous = false;
      for (Move o : legal_list(pos)) {
        if (o == m || o.to() != m.to() || o.from() == m.from() || o.shot() != m.shot()) continue;
        if (o.kind() == MoveKind::kShot || o.kind() == MoveKind::kRemoval) continue;
        if (pos.at(o.from_board(), o.from()) != p) continue;
        ambiguous = true;
        same_file |= file_of(o.from()) == file_of(m.from());
        same_rank |= rank_of(o.from()) == rank_of(m.from());
      }
      if (ambiguous) {
        if (!same_file)
          s += char('a' + file_of(m.from()));
        else if (!same_rank)
          s += char('1' + rank_of(m.from()));
        else
          s += square_name(m.from());
      }
    }
    if (capture) s += 'x';
    s += square_name(m.to());
    if (m.kind() == MoveKind::kPromotion)
      s += std::string("=") + char(std::toupper(promo_char(m.promotion())));
    if (m.has_shot()) s += 'x', s += square_name(m.shot());  // the follow-up shot: `Qxg2xf1`
  }
  if (pos.boards() > 1) s += std::string(">") + char('A' + m.to_board());
  bool mate;
  if (gives_check_and_mate(pos, m, mate)) s += mate ? '#' : '+';
  return s;
}

Move parse_san(Position& pos, std::string_view text) {
  std::string t(text);
  auto fail = [&](const std::string& why) -> Move {
    throw NotationError("'" + quote_input(text) + "': " + why, 1);
  };
  // Strip annotations.
  while (!t.empty() && (t.back() == '+' || t.back() == '#' || t.back() == '!' || t.back() == '?'))
    t.pop_back();
  if (t == "--" || t == "0000") return stop_if_legal(pos, text);
  int want_board = -1;
  if (auto gt = t.find('>'); gt != std::string::npos) {
    if (gt + 2 != t.size() || (t[gt + 1] != 'A' && t[gt + 1] != 'B'))
      return fail("board marker must be >A or >B");
    want_board = t[gt + 1] - 'A';
    if (want_board >= pos.boards()) return fail("this variant has one board");
    t.erase(gt);
  }
  MoveList list = legal_list(pos);
  if (list.empty()) return fail("the game is over");
  auto pick = [&](auto pred, const std::string& what) -> Move {
    Move found{};
    int n = 0;
    for (Move m : list)
      if (pred(m) && (want_board < 0 || m.to_board() == want_board)) found = m, ++n;
    if (n == 1) return found;
    return fail(n ? "ambiguous (" + std::to_string(n) + " legal moves match)" : what);
  };
  if (!t.empty() && t[0] == '~') {  // a removal: `~Nf3`, a pawn `~e4`
    std::string_view rest = std::string_view(t).substr(1);
    PieceType type = kPawn;
    if (!rest.empty() && letter_type(rest[0]) != kNoType) type = letter_type(rest[0]), rest.remove_prefix(1);
    const Square sq = rest.size() == 2 ? parse_square(rest) : kNoSquare;
    if (sq == kNoSquare) return fail("a removal is ~ with a man and its square, like ~Nf3");
    return pick(
        [&](Move m) {
          return m.kind() == MoveKind::kRemoval && m.from() == sq &&
                 type_of(pos.at(m.from_board(), sq)) == type;
        },
        "no removal of a " + std::string(piece_name(type)) + " on " + square_name(sq));
  }
  if (auto hat = t.find('^'); hat != std::string::npos) {  // a missile shot: `N^e5`, `d^e5`, `Nb^e5`
    const Square target = t.size() == hat + 3 ? parse_square(std::string_view(t).substr(hat + 1)) : kNoSquare;
    if (target == kNoSquare) return fail("a missile shot names its target after ^, like N^e5");
    std::string_view who = std::string_view(t).substr(0, hat);
    PieceType type = kPawn;
    if (!who.empty() && letter_type(who[0]) != kNoType && who[0] != 'P')
      type = letter_type(who[0]), who.remove_prefix(1);
    int file = -1, rank = -1;
    for (std::size_t i = 0; i < who.size(); ++i) {
      if (who[i] >= 'a' && who[i] <= 'h')
        file = who[i] - 'a';
      else if (who[i] >= '1' && who[i] <= '8')
        rank = who[i] - '1';
      else
        return fail("unexpected '" + quote_char_at(who, i) + "'");
    }
    return pick(
        [&](Move m) {
          return m.kind() == MoveKind::kShot && m.to() == target &&
                 type_of(pos.at(m.from_board(), m.from())) == type &&
                 (file < 0 || file_of(m.from()) == file) && (rank < 0 || rank_of(m.from()) == rank);
        },
        std::string("no ") + piece_name(type) + " can fire its missile at " + square_name(target));
  }
  // A capture's follow-up shot (`Qxg2xf1`, `exd8=Qxc7`): a trailing x and square after a capture.
  Square shot = kNoSquare;
  if (t.size() >= 6 && t[t.size() - 3] == 'x' && t.find('x') < t.size() - 3) {
    shot = parse_square(std::string_view(t).substr(t.size() - 2));
    if (shot == kNoSquare) return fail("a follow-up shot names its target after the capture, like Qxg2xf1");
    t.erase(t.size() - 3);
  }
  if (t == "O-O" || t == "0-0" || t == "O-O-O" || t == "0-0-0") {
    bool king_side = t.size() == 3;
    return pick(
        [&](Move m) {
          return m.kind() == MoveKind::kCastling && (file_of(m.to()) > file_of(m.from())) == king_side;
        },
        "castling is not legal here");
  }
  // Promotion suffix: "=Q", "(Q)", "Q".
  PieceType promo = kNoType;
  if (t.size() >= 3 && t.back() == ')' && t[t.size() - 3] == '(') {
    promo = letter_type(t[t.size() - 2]);
    t.erase(t.size() - 3);
  } else if (!t.empty() && letter_type(t.back()) != kNoType && t.size() >= 3 &&
             std::isdigit(static_cast<unsigned char>(t[t.size() - 2]))) {
    promo = letter_type(t.back());
    t.pop_back();
    if (!t.empty() && t.back() == '=') t.pop_back();
  } else if (t.size() >= 2 && t[t.size() - 2] == '=') {
    promo = letter_type(t.back());
    t.erase(t.size() - 2);
  }
  if (promo == kPawn || (promo == kKing && !pos.rules().promote_to_king))
    return fail("cannot promote to that man");
  if (t.size() < 2) return fail("not a move");
  Square to = parse_square(t.substr(t.size() - 2));
  if (to == kNoSquare) return fail("no destination square");
  t.erase(t.size() - 2);
  bool capture = !t.empty() && (t.back() == 'x' || t.back() == ':');
  if (capture) t.pop_back();
  PieceType type = kPawn;
  bool any_man = false;
  if (!t.empty() && letter_type(t[0]) != kNoType && t[0] != 'P') {
    type = letter_type(t[0]);
    t.erase(0, 1);
  } else if (!t.empty() && t[0] == 'P') {
    t.erase(0, 1);
  } else if (t.empty() && capture) {
    any_man = true;  // Rifle source notation "xe4": some man captures (shoots) on e4
  }
  int from_file = -1, from_rank = -1;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const char c = t[i];
    if (c >= 'a' && c <= 'h')
      from_file = c - 'a';
    else if (c >= '1' && c <= '8')
      from_rank = c - '1';
    else
      return fail("unexpected '" + quote_char_at(t, i) + "'");
  }
  return pick(
      [&](Move m) {
        Piece p = pos.at(m.from_board(), m.from());
        if (m.kind() == MoveKind::kCastling || m.to() != to || m.shot() != shot) return false;
        if (m.kind() == MoveKind::kShot || m.kind() == MoveKind::kRemoval) return false;
        if (!any_man && type_of(p) != type) return false;
        if (from_file >= 0 && file_of(m.from()) != from_file) return false;
        if (from_rank >= 0 && rank_of(m.from()) != from_rank) return false;
        if (capture && !pos.ops().removes_men(pos, m)) return false;
        if (!capture && type == kPawn && pos.ops().removes_men(pos, m)) return false;
        if ((m.kind() == MoveKind::kPromotion ? m.promotion() : kNoType) != promo) return false;
        return true;
      },
      any_man ? "no man can capture on " + square_name(to)
              : std::string("no legal ") + piece_name(type) + (capture ? " capture on " : " move to ") +
                    square_name(to));
}

Move parse_move(Position& pos, std::string_view text) {
  if (text.size() >= 4 && text.size() <= 5 && parse_square(text.substr(0, 2)) != kNoSquare &&
      parse_square(text.substr(2, 2)) != kNoSquare)
    return parse_uci(pos, text);
  if (text.size() == 5 && text[2] == '^' && parse_square(text.substr(0, 2)) != kNoSquare &&
      parse_square(text.substr(3, 2)) != kNoSquare)
    return parse_uci(pos, text);  // a missile shot in UCI, `f3^e5`
  if ((text.size() == 7 || text.size() == 8) && text[text.size() - 3] == '^' &&
      parse_square(text.substr(0, 2)) != kNoSquare && parse_square(text.substr(2, 2)) != kNoSquare)
    return parse_uci(pos, text);  // a capture and its follow-up shot in UCI, `g6g2^f1`
  return parse_san(pos, text);
}

std::string join_turn(const std::vector<std::string>& moves) {
  std::string s;
  for (const auto& m : moves) {
    if (!s.empty()) s += ',';
    s += m;
  }
  return s;
}

}  // namespace hc
