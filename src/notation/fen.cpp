#include "notation/fen.hpp"

#include "rules/goal.hpp"

#include "core/men.hpp"
#include "notation/quote.hpp"
#include "rules/kernel.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

namespace hc {

namespace {

struct Field {
  std::string_view text;
  int column;  // 1-based
};

std::vector<Field> split_fields(std::string_view s) {
  std::vector<Field> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    if (i >= s.size()) break;
    std::size_t j = i;
    while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
    out.push_back({s.substr(i, j - i), int(i) + 1});
    i = j;
  }
  return out;
}

PieceType type_from_char(char c) { return man_of_letter(c); }

char piece_char(Piece p) { return piece_letter(p); }

int parse_int(const Field& f, const char* what) {
  if (f.text.size() > 8) throw NotationError(std::string(what) + " too large (at most 99999999)", f.column);
  if (f.text.empty()) throw NotationError(std::string("bad ") + what, f.column);
  int v = 0;
  for (char c : f.text) {
    if (!std::isdigit(static_cast<unsigned char>(c)))
      throw NotationError(std::string("bad ") + what + " '" + quote_input(f.text) + "'", f.column);
    v = v * 10 + (c - '0');
  }
  return v;
}

Bitboard parse_square_list(const Field& f, const char* what) {
  Bitboard out = 0;
  if (f.text == "-") return 0;
  std::size_t i = 0;
  while (i <= f.text.size()) {
    std::size_t j = f.text.find(',', i);
    if (j == std::string_view::npos) j = f.text.size();
    Square s = parse_square(f.text.substr(i, j - i));
    if (s == kNoSquare)
      throw NotationError(
          std::string("bad ") + what + " square '" + quote_input(f.text.substr(i, j - i)) + "'",
          f.column + int(i));
    out |= bb(s);
    i = j + 1;
  }
  return out;
}

}  // namespace

std::string square_name(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }

Square parse_square(std::string_view s) {
  if (s.size() != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8') return kNoSquare;
  return make_square(s[0] - 'a', s[1] - '1');
}

namespace {

void parse_fen(Position& pos, const Variant& v, std::string_view fen) {
  pos.reset(&v.rules, v.ops);
  auto fields = split_fields(fen);
  if (fields.size() < 4)
    throw NotationError("FEN needs at least 4 fields (placement, side, castling, e.p.)", 1);
  const int nboards = v.rules.boards;

  // 1. Placement.
  {
    const Field& f = fields[0];
    int rank = 7, file = 0, width = -1, on_board = 0;
    for (std::size_t i = 0; i <= f.text.size(); ++i) {
      int col = f.column + int(i);
      char c = i < f.text.size() ? f.text[i] : '/';
      if (c == '/') {
        if (width < 0) {
          width = file;
          if (width != 8 && !(width == 16 && nboards == 2))
            throw NotationError("rank 8 has " + std::to_string(file) + " files (expected 8" +
                                    std::string(nboards == 2 ? " or 16" : "") + ")",
                                col);
        } else if (file != width) {
          throw NotationError("rank " + std::to_string(rank + 1) + " has " + std::to_string(file) +
                                  " files (expected " + std::to_string(width) + ")",
                              col);
        }
        if (on_board) throw NotationError("'|' must be followed by a man", col);
        if (i == f.text.size()) break;
        if (--rank < 0) throw NotationError("too many ranks in placement", col);
        file = 0;
        continue;
      }
      if (std::isdigit(static_cast<unsigned char>(c))) {
        int n = c - '0';
        if (i + 1 < f.text.size() && std::isdigit(static_cast<unsigned char>(f.text[i + 1])))
          n = n * 10 + (f.text[++i] - '0');
        if (n == 0) throw NotationError("empty-square count 0", col);
        file += n;
        if (file > 16) throw NotationError("rank too long", col);
        continue;
      }
      if (c == '|') {
        if (nboards < 2) throw NotationError("'|' (board B) used in a one-board variant", col);
        on_board = 1;
        continue;
      }
      PieceType t = type_from_char(c);
      if (t == kNoType) throw NotationError("unknown man '" + quote_char_at(f.text, i) + "'", col);
      if (t == kCapricorn && v.rules.rook_role() != kCapricorn)
        throw NotationError("a capricorn '" + quote_char_at(f.text, i) + "' in " + v.id + ", which has none",
                            col);
      if (!(v.rules.fen_men() & men_bit(t)))  // Rules::men: the start array's men and the promotion set
        throw NotationError("a " + std::string(man_name(t)) + " '" + quote_char_at(f.text, i) + "' in " +
                                v.id + ", which has none",
                            col);
      if (file >= 16 || (file >= 8 && nboards < 2)) throw NotationError("rank too long", col);
      int b = on_board;
      int fl = file;
      if (file >= 8) b = 1, fl = file - 8;
      Square s = make_square(fl, rank);
      if (t == kPawn && (rank == 0 || rank == 7)) {
        // Under the promotion race a pawn on its own last rank has won (rules/goal.hpp): a finished game.
        const bool own_last = rank == (std::isupper(static_cast<unsigned char>(c)) ? 7 : 0);
        // Under capture by the victim's move a pawn may have captured backwards onto its own first rank.
        if (!(own_last ? pawn_may_stand_on_last_rank(v.rules) : v.rules.pawns_on_first_rank()))
          throw NotationError("pawn on the first or last rank", col);
      }
      for (int ob = 0; ob < nboards; ++ob)
        if (pos.at(ob, s)) throw NotationError("square " + square_name(s) + " occupied on both boards", col);
      pos.put_raw(b, s, make_piece(std::isupper(static_cast<unsigned char>(c)) ? kWhite : kBlack, t));
      on_board = 0;
      ++file;
    }
    if (rank != 0)
      throw NotationError("placement has " + std::to_string(8 - rank) + " ranks (expected 8)", f.column);
  }
  // Any number of men the boards hold; the only limit is the variant's: under royal kings (RULES.md §1.1)
  // a side has at most one king.
  if (v.rules.royal_king)
    for (Color c : {kWhite, kBlack}) {
      int kings = 0;
      for (int b = 0; b < nboards; ++b) kings += popcount(pos.pieces(b, c, kKing));
      if (kings > 1)
        throw NotationError(std::string(c == kWhite ? "White" : "Black") + " has more than one king (" +
                                std::to_string(kings) + "); the king is royal in " + v.id +
                                " (RULES.md §1.1): at most one a side",
                            1);
    }
  // Follow-up shots multiply a side's captures (up to 8 shots each): with at most 16 men a side (as in any
  // game from the start) the moves stay within MoveList's bound (generic_kernel.hpp follow_up_targets).
  if (v.rules.follow_up_shot)
    for (Color c : {kWhite, kBlack}) {
      int men = 0;
      for (int b = 0; b < nboards; ++b) men += popcount(pos.pieces(b, c));
      if (men > 16)
        throw NotationError(std::string(c == kWhite ? "White" : "Black") + " has " + std::to_string(men) +
                                " men; " + v.id + " allows at most 16 a side (follow-up shots)",
                            1);
    }
  TurnState& st = pos.state();

  // 2. Side.
  if (fields[1].text == "w")
    st.side = kWhite;
  else if (fields[1].text == "b")
    st.side = kBlack;
  else
    throw NotationError("side to move must be 'w' or 'b'", fields[1].column);

  // 3. Castling: KQkq (outermost rook on that side, X-FEN) or rook files (Shredder-FEN: HAha).
  if (fields[2].text != "-") {
    CastlingGeometry& geo = pos.castling();
    for (std::size_t i = 0; i < fields[2].text.size(); ++i) {
      const char c = fields[2].text[i];
      const int col_no = fields[2].column + int(i);
      const bool white = std::isupper(static_cast<unsigned char>(c));
      const Color col = white ? kWhite : kBlack;
      const char lc = char(std::tolower(static_cast<unsigned char>(c)));
      if (lc != 'k' && lc != 'q' && (lc < 'a' || lc > 'h'))
        throw NotationError("bad castling flag '" + quote_char_at(fields[2].text, i) + "'", col_no);
      const int rank = white ? 0 : 7;
      const Bitboard kings = pos.pieces(0, col, kKing) & rank_bb(rank);
      if (!kings)
        throw NotationError(std::string("castling flag '") + c + "' but the king is not on its first rank",
                            col_no);
      const Square ksq = lsb(kings);
      const Bitboard rooks = pos.pieces(0, col, v.rules.rook_role()) & rank_bb(rank);
      Square rsq = kNoSquare;
      if (lc == 'k') {
        for (int file = 7; file > file_of(ksq) && rsq == kNoSquare; --file)
          if (rooks & bb(make_square(file, rank))) rsq = make_square(file, rank);
      } else if (lc == 'q') {
        for (int file = 0; file < file_of(ksq) && rsq == kNoSquare; ++file)
          if (rooks & bb(make_square(file, rank))) rsq = make_square(file, rank);
      } else if (rooks & bb(make_square(lc - 'a', rank))) {
        rsq = make_square(lc - 'a', rank);
      }
      if (rsq == kNoSquare)
        throw NotationError(std::string("castling flag '") + c + "' but there is no rook for it", col_no);
      const bool king_side = file_of(rsq) > file_of(ksq);
      const int idx = (white ? 0 : 2) + (king_side ? 0 : 1);
      CastlingSide& cs = geo.sides[idx];
      if (st.castling & cs.right) throw NotationError("repeated castling flag", col_no);
      cs = {cs.right, ksq, make_square(king_side ? 6 : 2, rank), rsq, make_square(king_side ? 5 : 3, rank)};
      st.castling |= cs.right;
      if (file_of(ksq) != 4 || (file_of(rsq) != 0 && file_of(rsq) != 7)) geo.chess960 = true;
    }
    geo.refresh();
  }

  // 4. En passant.
  Bitboard ep = parse_square_list(fields[3], "en-passant");
  Bitboard ep_rank = rank_bb(st.side == kWhite ? 5 : 2);
  if (ep & ~ep_rank)
    throw NotationError("en-passant square on the wrong rank for the side to move", fields[3].column);

  // 5, 6. Counters.
  if (fields.size() >= 5) st.no_progress = parse_int(fields[4], "no-progress counter");
  if (fields.size() >= 6) {
    st.fullmove = parse_int(fields[5], "move number");
    if (st.fullmove < 1) throw NotationError("move number must be at least 1", fields[5].column);
  }
  const Rules& r = v.rules;
  st.quota = r.schedule.static_quota(pos.turn_index());
  if (st.castling && !r.castling)
    throw NotationError("castling rights, but " + v.id + " has no castling", fields[2].column);

  // Extensions (docs/formats.md): read all, then applied in the table's order, each refused where the variant
  // has no use for it.
  struct Token {
    Field value;
    int column;
  };
  std::vector<std::pair<std::string, Token>> tokens;
  for (std::size_t i = 6; i < fields.size(); ++i) {
    const Field& f = fields[i];
    auto eq = f.text.find('=');
    if (eq == std::string_view::npos) throw NotationError("expected key=value after field 6", f.column);
    std::string key(f.text.substr(0, eq));
    for (const auto& t : tokens)
      if (t.first == key)
        throw NotationError("FEN extension '" + quote_input(key) + "' given twice", f.column);
    tokens.push_back({key, Token{Field{f.text.substr(eq + 1), f.column + int(eq) + 1}, f.column}});
  }
  auto token = [&](const char* key) -> const Token* {
    for (const auto& t : tokens)
      if (t.first == key) return &t.second;
    return nullptr;
  };
  for (const auto& t : tokens) {
    static const char* const kKnown[] = {
        "made", "pend",  "progress", "forbid",  "quota",    "checks", "capture",          "moved",  "frozen",
        "used", "spent", "last",     "lastlen", "sputniks", "due",    "started-in-check", "vacated"};
    if (std::find_if(std::begin(kKnown), std::end(kKnown), [&](const char* k) { return t.first == k; }) ==
            std::end(kKnown) &&
        std::none_of(std::begin(kAttributes), std::end(kAttributes),
                     [&](const AttributeInfo& a) { return t.first == a.name; }))
      throw NotationError("unknown FEN extension '" + quote_input(t.first) + "'", t.second.column);
  }
  auto refuse_unless = [&](const Token* t, bool used, const std::string& what) {
    if (t && !used) throw NotationError(what + " has no meaning in " + v.id, t->column);
  };
  if (const Token* t = token("quota")) {
    refuse_unless(t, r.schedule.dynamic(), "quota= (a quota set by the game)");
    const int q = parse_int(t->value, "quota");
    // Every dynamic schedule but the checks-counting one gives at most the progressive quota t.
    const std::uint32_t most =
        r.schedule.kind == ScheduleKind::kPlusChecksGiven ? kMaxQuota : std::uint32_t(pos.turn_index());
    if (q < 1 || std::uint32_t(q) > std::min(most, kMaxQuota))
      throw NotationError("quota= must be 1 to " + std::to_string(std::min(most, kMaxQuota)) + " here",
                          t->value.column);
    st.quota = std::uint32_t(q);
  }
  const Token* made_token = token("made");
  if (made_token) {
    const int made = parse_int(made_token->value, "made");
    if (made < 1 || std::uint32_t(made) >= st.quota)
      throw NotationError(
          "made=" + std::to_string(made) + " but this turn has " + std::to_string(st.quota) + " move(s)",
          made_token->value.column);
    st.made = std::uint32_t(made);
  }
  if (const Token* t = token("pend")) {
    st.ep_pending = parse_square_list(t->value, "pending e.p.");
    if (st.ep_pending & ~rank_bb(st.side == kWhite ? 2 : 5))
      throw NotationError("pending e.p. square on the wrong rank", t->value.column);
  }
  if (const Token* t = token("progress")) {
    if (t->value.text != "1") throw NotationError("progress= takes 1", t->value.column);
    st.turn_progress = true;
  }
  if (const Token* t = token("forbid")) {
    refuse_unless(t, r.forbid_null_turn, "forbid= (the null-turn rule)");
    Square a = parse_square(t->value.text.substr(0, 2)),
           b = parse_square(t->value.text.size() >= 4 ? t->value.text.substr(2, 2) : "");
    if (a == kNoSquare || b == kNoSquare || t->value.text.size() != 4)
      throw NotationError("forbid= needs a move like f3g1", t->value.column);
    int fb = pos.board_of(a);
    if (fb < 0) throw NotationError("forbid= names an empty square", t->value.column);
    st.forbid = Move(a, b, MoveKind::kNormal, kNoType, fb, r.transfer == TransferKind::kAlice ? fb ^ 1 : fb);
  }
  if (!st.made && (st.ep_pending || !st.forbid.is_none() || st.turn_progress))
    throw NotationError("pend=/forbid=/progress= only make sense in the middle of a turn (made=N)", 1);
  const bool mid_turn = st.made > 0;
  auto need_mid_turn = [&](const Token* t, const char* key) {
    if (t && !mid_turn)
      throw NotationError(std::string(key) + "= only makes sense in the middle of a turn (made=N)",
                          t->column);
  };
  if (const Token* t = token("checks")) {
    refuse_unless(t, r.schedule.kind == ScheduleKind::kPlusChecksGiven,
                  "checks= (checks counted by the schedule)");
    const std::string_view text = t->value.text;
    const auto comma = text.find(',');
    if (comma == std::string_view::npos)
      throw NotationError("checks= needs two counts: W,B", t->value.column);
    const int w = parse_int(Field{text.substr(0, comma), t->value.column}, "checks");
    const int bl = parse_int(Field{text.substr(comma + 1), t->value.column + int(comma) + 1}, "checks");
    if (w > 65535 || bl > 65535) throw NotationError("checks= counts at most 65535", t->value.column);
    st.checks[kWhite] = std::uint16_t(w);
    st.checks[kBlack] = std::uint16_t(bl);
  }
  if (r.schedule.kind == ScheduleKind::kPlusChecksGiven) {
    // The quota follows from the move number and the checks the side to move has given.
    const std::uint32_t q =
        std::min(kMaxQuota, r.schedule.static_quota(pos.turn_index()) + st.checks[st.side]);
    if (token("quota") && st.quota != q)
      throw NotationError("quota= must be " + std::to_string(q) + " (the move number plus the checks given)",
                          token("quota")->value.column);
    st.quota = q;
    if (st.made >= st.quota)
      throw NotationError(
          "made=" + std::to_string(st.made) + " but this turn has " + std::to_string(q) + " move(s)",
          made_token->value.column);
  }
  if (const Token* t = token("capture")) {
    refuse_unless(t, r.schedule.kind == ScheduleKind::kCaptureStreak, "capture= (a capture streak schedule)");
    need_mid_turn(t, "capture");
    if (t->value.text != "1") throw NotationError("capture= takes 1", t->value.column);
    st.turn_capture = true;
  }
  // Squares of the side to move's men, each once ("moved=", "frozen=", "sputniks=").
  auto own_men = [&](const Token* t, const char* key, bool counts) {
    std::vector<std::pair<Square, int>> out;
    if (t->value.text == "-") return out;
    std::size_t i = 0;
    const std::string_view text = t->value.text;
    Bitboard seen = 0;
    while (i <= text.size()) {
      std::size_t j = text.find(',', i);
      if (j == std::string_view::npos) j = text.size();
      std::string_view item = text.substr(i, j - i);
      const int col = t->value.column + int(i);
      int board = 0;
      if (!item.empty() && item[0] == '|') board = 1, item.remove_prefix(1);
      int count = 1;
      if (auto colon = item.find(':'); colon != std::string_view::npos) {
        if (!counts) throw NotationError(std::string(key) + "= takes squares only", col);
        count = parse_int(Field{item.substr(colon + 1), col + int(colon) + 1}, "count");
        if (count < 2 || count > 255) throw NotationError("a man's count must be 2 to 255", col);
        item = item.substr(0, colon);
      }
      const Square sq = parse_square(item);
      if (sq == kNoSquare || board >= pos.boards())
        throw NotationError(std::string("bad square in ") + key + "=", col);
      const Piece p = pos.at(board, sq);
      if (!p || color_of(p) != st.side)
        throw NotationError(
            std::string(key) + "= names " + square_name(sq) + ", not a man of the side to move", col);
      if (seen & bb(sq)) throw NotationError(std::string(key) + "= names " + square_name(sq) + " twice", col);
      seen |= bb(sq);
      out.push_back({sq, count});
      i = j + 1;
    }
    return out;
  };
  if (const Token* t = token("moved")) {
    refuse_unless(t, r.counts_moves(), "moved= (men counted in a turn)");
    need_mid_turn(t, "moved");
    for (auto [sq, count] : own_men(t, "moved", true)) {
      if (r.moves_per_man && count > r.moves_per_man)
        throw NotationError("moved= gives " + square_name(sq) + " more moves than a man may make in a turn",
                            t->value.column);
      if (std::uint32_t(count) > st.made)
        throw NotationError("moved= gives " + square_name(sq) + " more moves than the turn has made",
                            t->value.column);
      pos.men().set_moves(sq, count);
    }
  }
  if (const Token* t = token("frozen")) {
    refuse_unless(t, r.promoted_man_stays, "frozen= (promoted men stay)");
    need_mid_turn(t, "frozen");
    for (auto [sq, count] : own_men(t, "frozen", false)) {
      if (!pos.men().moves[sq])
        throw NotationError("frozen= names " + square_name(sq) + ", which has not moved (moved=)",
                            t->value.column);
      pos.men().frozen |= bb(sq);
    }
  }
  if (const Token* t = token("used")) {
    refuse_unless(t,
                  r.categories != MoveCategories::kNone && r.categories != MoveCategories::kPieceThenPawn &&
                      r.categories != MoveCategories::kAnyThenPawn,
                  "used= (move categories)");
    need_mid_turn(t, "used");
    const auto names = category_names(r.categories);
    const int count = names[2] ? 3 : 2;
    const std::string_view text = t->value.text;
    std::size_t i = 0;
    while (i <= text.size()) {
      std::size_t j = text.find(',', i);
      if (j == std::string_view::npos) j = text.size();
      const std::string_view item = text.substr(i, j - i);
      int bit = 0;
      for (int c = 0; c < count; ++c)
        if (item == names[c]) bit = 1 << c;
      if (!bit)
        throw NotationError("used= takes " + std::string(names[0]) + ", " + std::string(names[1]) +
                                (count == 3 ? ", " + std::string(names[2]) : std::string()),
                            t->value.column + int(i));
      if (st.used & bit) throw NotationError("used= names a category twice", t->value.column + int(i));
      st.used |= std::uint8_t(bit);
      i = j + 1;
    }
    if (count == 2 && st.used == 3)
      throw NotationError("used= names both categories: the turn would be over", t->value.column);
  }
  if (mid_turn && !st.used && r.categories != MoveCategories::kNone &&
      r.categories != MoveCategories::kPieceThenPawn && r.categories != MoveCategories::kAnyThenPawn)
    throw NotationError("a turn in progress needs used= (the category already used)", 1);
  if (const Token* t =
          token("due")) {  // forward-only movement: the last move went sideways to an empty square
    refuse_unless(t, r.movement == Movement::kForwardOnly, "due= (forward-only movement)");
    need_mid_turn(t, "due");
    if (t->value.text != "forward") throw NotationError("due= takes forward", t->value.column);
    st.used = kForwardDue;
  }
  if (const Token* t = token("started-in-check")) {  // END-OF-TURN chosen per turn: this turn began in check
    refuse_unless(t, r.regime == CheckRegime::kEndOfTurnWhenInCheck,
                  "started-in-check= (check = \"end-of-turn-when-in-check\")");
    need_mid_turn(t, "started-in-check");
    if (t->value.text != "1") throw NotationError("started-in-check= takes 1", t->value.column);
    st.used = kStartedInCheck;
  }
  if (const Token* t = token("spent")) {
    refuse_unless(t, r.length_budget > 0, "spent= (a length budget)");
    need_mid_turn(t, "spent");
    const int spent = parse_int(t->value, "spent");
    // Each move has length 1 at least, and a turn that has spent everything is over.
    if (spent < int(st.made) || spent >= r.length_budget)
      throw NotationError(
          "spent= must be " + std::to_string(st.made) + " to " + std::to_string(r.length_budget - 1),
          t->value.column);
    st.spent = std::uint8_t(spent);
  }
  if (mid_turn && !st.spent && r.length_budget)
    throw NotationError("a turn in progress needs spent= (the length used)", 1);
  if (const Token* t = token("last")) {
    refuse_unless(t, r.first_move == FirstMoveRule::kImitateType, "last= (imitation of the last move)");
    const std::string_view text = t->value.text;
    const PieceType type = text.size() == 1 ? type_from_char(text[0]) : kNoType;
    if (text == "c")
      st.last_type = 7;
    else if (type != kNoType && type != kCapricorn && (r.fen_men() & men_bit(type)) &&
             std::islower(static_cast<unsigned char>(text[0])))
      st.last_type = type;
    else
      throw NotationError(
          "last= takes the lower-case letter of a man of the game (p, n, b, r, q, k, …) or c "
          "(castling)",
          t->value.column);
  }
  if (const Token* t = token("lastlen")) {
    refuse_unless(t, r.first_move == FirstMoveRule::kImitateLength, "lastlen= (imitation of the last move)");
    const int len = parse_int(t->value, "lastlen");
    bool possible = len == 5;  // a knight; lines: k^2 (castling 16, 25 among them) or 2k^2
    for (int k = 1; k < 8; ++k) possible = possible || len == k * k || len == 2 * k * k;
    if (!possible) throw NotationError("lastlen= is not the squared length of a move", t->value.column);
    st.last_len2 = std::uint8_t(len);
  }
  if (r.sputniks) {
    const Token* t = token("sputniks");
    if (t) {
      need_mid_turn(t, "sputniks");
      for (auto [sq, count] : own_men(t, "sputniks", false)) {
        const PieceType type = type_of(pos.at(pos.board_of(sq), sq));
        if (type != kRook && type != kBishop && type != kKnight)
          throw NotationError("sputniks= names " + square_name(sq) + ", not a rook, bishop or knight",
                              t->value.column);
        if (!(sputniks_at_turn_start(pos) & bb(sq)))
          throw NotationError("sputniks= names " + square_name(sq) + ", not in the enemy half",
                              t->value.column);
        pos.men().sputniks |= bb(sq);
      }
    } else if (mid_turn) {
      throw NotationError("a turn in progress needs sputniks= (the sputniks still to move, or -)", 1);
    } else {
      pos.men().sputniks = sputniks_at_turn_start(pos);
    }
  } else {
    refuse_unless(token("sputniks"), false, "sputniks=");
  }
  // The refill chain (Rules::refill_chain): the vacated square to refill next, then the waiting one.
  if (const Token* t = token("vacated")) {
    refuse_unless(t, r.refill_chain != RefillChain::kNone, "vacated= (the refill chain)");
    need_mid_turn(t, "vacated");
    const std::string_view text = t->value.text;
    const std::size_t comma = text.find(',');
    const Square a = parse_square(text.substr(0, comma)),
                 b = comma == std::string_view::npos ? kNoSquare : parse_square(text.substr(comma + 1));
    if (a == kNoSquare || (comma != std::string_view::npos && (b == kNoSquare || b == a)))
      throw NotationError("vacated= takes one square or two different squares (e1 or e1,h1)",
                          t->value.column);
    for (Square sq : {a, b})
      if (sq != kNoSquare && pos.at(0, sq))
        throw NotationError("vacated= names " + square_name(sq) + ", where a man stands", t->value.column);
    st.refill = std::uint8_t(a);
    st.refill_next = std::uint8_t(b);
    if (!refill_fillers(pos, a))
      throw NotationError("vacated= names " + square_name(a) + ", which no man may refill (the turn is over)",
                          t->value.column);
  } else if (mid_turn && r.refill_chain != RefillChain::kNone) {
    throw NotationError("a turn in progress needs vacated= (the square to refill next)", 1);
  }
  // Per-man attributes (docs/formats.md): one token per attribute the rules keep, named after it, listing the
  // men of both sides that hold it (board B prefixed |), or -. Without it every man holds the attribute or
  // none (AttributeInfo::every_man_at_start).
  pos.reset_attrs_to_start();
  for (const AttributeInfo& info : kAttributes) {
    const std::string key(info.name);
    const Token* t = token(key.c_str());
    if (!t) continue;
    refuse_unless(t, r.attributes() & attr_bit(info.attr), key + "= (a man's " + key + " attribute)");
    for (int b = 0; b < pos.boards(); ++b)
      for (Bitboard m = pos.attribute(b, info.attr); m;) pos.set_attr_raw(b, pop_lsb(m), info.attr, false);
    if (t->value.text == "-") continue;
    const std::string_view text = t->value.text;
    std::size_t i = 0;
    while (i <= text.size()) {
      std::size_t j = text.find(',', i);
      if (j == std::string_view::npos) j = text.size();
      std::string_view item = text.substr(i, j - i);
      const int col = t->value.column + int(i);
      int board = 0;
      if (!item.empty() && item[0] == '|') board = 1, item.remove_prefix(1);
      const Square sq = parse_square(item);
      if (sq == kNoSquare || board >= pos.boards())
        throw NotationError(
            key + "= takes squares like a1,|b2 or -, not '" + quote_input(text.substr(i, j - i)) + "'", col);
      if (!pos.at(board, sq))
        throw NotationError(
            key + "= names " + std::string(board ? "|" : "") + square_name(sq) + ", where no man stands",
            col);
      if (pos.attribute(board, info.attr) & bb(sq))
        throw NotationError(key + "= names " + square_name(sq) + " twice", col);
      pos.set_attr_raw(board, sq, info.attr, true);
      i = j + 1;
    }
  }

  // E.p. rights: keep those some enemy pawn could use (docs/formats.md), so FENs round-trip.
  st.ep_now = ep_capturable(pos, ep, ~st.side);
  st.ep_pending = ep_capturable(pos, st.ep_pending, st.side, v.rules.ep_passed == EpPassed::kNeverOccupied);
  pos.refresh_key();
  // A finished game (the side to move has lost its king) may leave the winner's king attacked (atomic).
  // Under END-OF-TURN the mover's king is tested at the end of its turn only: in the middle of a turn either
  // king may be attacked.
  const bool end_of_turn =
      v.rules.regime_of(st.side) == CheckRegime::kEndOfTurn ||
      (v.rules.regime_of(st.side) == CheckRegime::kEndOfTurnWhenInCheck && (st.used & kStartedInCheck));
  if (v.rules.regime != CheckRegime::kNone && !(end_of_turn && mid_turn) && pos.king_board(~st.side) >= 0 &&
      pos.king_board(st.side) >= 0 && pos.ops().checkers(pos, ~st.side))
    throw NotationError(
        std::string("the side not to move (") + (st.side == kWhite ? "Black" : "White") + ") is in check",
        fields[1].column);
  // Under a check rule, every move of a turn leaves the mover's king safe, and the opponent does not move in
  // between: a turn in progress cannot find the side to move in check (a voluntary stop would end the turn
  // so).
  if (mid_turn && v.rules.regime != CheckRegime::kNone && !end_of_turn && pos.king_board(st.side) >= 0 &&
      pos.ops().checkers(pos, st.side))
    throw NotationError(
        std::string("the side to move (") + (st.side == kWhite ? "White" : "Black") +
            ") is in check in the middle of its turn (made=), which its own moves cannot cause",
        made_token->column);
}

}  // namespace

void set_fen(Position& pos, const Variant& v, std::string_view fen) {
  try {
    parse_fen(pos, v, fen);
  } catch (const NotationError& e) {
    // Columns are found as byte offsets; messages count characters (docs/formats.md).
    if (e.column() <= 1) throw;
    throw NotationError(e.what(), char_column(fen, std::size_t(e.column() - 1)), e.line());
  }
}

std::string to_fen(const Position& pos) {
  std::string s;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      Square sq = make_square(file, rank);
      int b = pos.board_of(sq);
      if (b < 0) {
        ++empty;
        continue;
      }
      if (empty) s += char('0' + empty), empty = 0;
      if (b == 1) s += '|';
      s += piece_char(pos.at(b, sq));
    }
    if (empty) s += char('0' + empty);
    if (rank) s += '/';
  }
  const TurnState& st = pos.state();
  s += st.side == kWhite ? " w " : " b ";
  std::string cr;
  const CastlingGeometry& geo = pos.castling();
  for (const auto& cs : geo.sides) {
    if (!(st.castling & cs.right)) continue;
    const bool white = cs.right & (kWhiteOO | kWhiteOOO), king_side = cs.right & (kWhiteOO | kBlackOO);
    // X-FEN: K/Q when the castling rook is the outermost one on its side, else the rook's file.
    Bitboard beyond = 0;
    for (int file = file_of(cs.rook_from) + (king_side ? 1 : -1); file >= 0 && file < 8;
         file += king_side ? 1 : -1)
      beyond |= bb(make_square(file, rank_of(cs.rook_from)));
    const PieceType rook = pos.rules().rook_role();
    char c = (beyond & pos.pieces(0, white ? kWhite : kBlack, rook)) ? char('a' + file_of(cs.rook_from))
                                                                     : (king_side ? 'k' : 'q');
    cr += white ? char(std::toupper(static_cast<unsigned char>(c))) : c;
  }
  s += cr.empty() ? "-" : cr;
  auto squares = [](Bitboard b) {
    std::string out;
    for (; b;) {
      if (!out.empty()) out += ',';
      out += square_name(pop_lsb(b));
    }
    return out.empty() ? std::string("-") : out;
  };
  s += ' ';
  s += squares(st.ep_now);
  s += ' ';
  s += std::to_string(st.no_progress);
  s += ' ';
  s += std::to_string(st.fullmove);
  if (st.made) s += " made=" + std::to_string(st.made);
  if (st.ep_pending) {
    s += " pend=";
    s += squares(st.ep_pending);
  }
  if (st.turn_progress) s += " progress=1";
  if (!st.forbid.is_none()) s += " forbid=" + square_name(st.forbid.from()) + square_name(st.forbid.to());
  const Rules& r = pos.rules();
  if (r.schedule.dynamic() && st.quota != r.schedule.static_quota(pos.turn_index()))
    s += " quota=" + std::to_string(st.quota);
  if (st.checks[kWhite] || st.checks[kBlack])
    s += " checks=" + std::to_string(st.checks[kWhite]) + "," + std::to_string(st.checks[kBlack]);
  if (st.turn_capture) s += " capture=1";
  auto men_list = [&](Bitboard set, bool counts) {
    std::string out;
    for (int b = 0; b < pos.boards(); ++b)
      for (Bitboard m = set & pos.occupied(b); m;) {
        const Square sq = pop_lsb(m);
        if (!out.empty()) out += ',';
        if (b == 1) out += '|';
        out += square_name(sq);
        if (counts && pos.men().moves[sq] > 1) {
          out += ':';
          out += std::to_string(pos.men().moves[sq]);
        }
      }
    return out.empty() ? std::string("-") : out;
  };
  if (r.counts_moves()) {
    Bitboard moved = 0;
    for (Square sq = 0; sq < 64; ++sq)
      if (pos.men().moves[sq]) moved |= bb(sq);
    if (moved) s += " moved=" + men_list(moved, true);
  }
  if (r.follows_men() && pos.men().frozen) s += " frozen=" + men_list(pos.men().frozen, false);
  if (st.used && r.movement == Movement::kForwardOnly) {
    s += " due=forward";
  } else if (st.used && r.regime == CheckRegime::kEndOfTurnWhenInCheck) {
    s += " started-in-check=1";

  } else if (st.used) {
    const auto names = category_names(r.categories);
    s += " used=";
    bool first = true;
    for (int c = 0; c < 3; ++c)
      if (st.used >> c & 1 && names[c]) s += (first ? "" : ",") + std::string(names[c]), first = false;
  }
  if (st.refill != kNoSquare) {
    s += " vacated=" + square_name(st.refill);
    if (st.refill_next != kNoSquare) s += "," + square_name(st.refill_next);
  }

  if (st.spent) s += " spent=" + std::to_string(st.spent);
  if (st.last_type)
    s += std::string(" last=") + (st.last_type == 7 ? 'c' : man_letter_lower(PieceType(st.last_type)));
  if (st.last_len2) s += " lastlen=" + std::to_string(st.last_len2);
  if (r.sputniks && st.made) s += " sputniks=" + men_list(pos.men().sputniks, false);
  // Per-man attributes: written when they differ from "every man holds it" or "none does" (the default).
  for (const AttributeInfo& info : kAttributes) {
    if (!(pos.attributes_used() & attr_bit(info.attr))) continue;
    bool all = true, none = true;
    std::string list;
    for (int b = 0; b < pos.boards(); ++b) {
      const Bitboard held = pos.attribute(b, info.attr);
      all = all && held == pos.occupied(b);
      none = none && !held;
      for (Bitboard m = held; m;) {
        if (!list.empty()) list += ',';
        if (b == 1) list += '|';
        list += square_name(pop_lsb(m));
      }
    }
    if (info.every_man_at_start ? all : none) continue;
    s += ' ';
    s += info.name;
    s += '=';
    s += list.empty() ? std::string("-") : list;
  }
  return s;
}

}  // namespace hc
