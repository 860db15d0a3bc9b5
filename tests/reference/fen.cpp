// Extended FEN of the reference generator (docs/formats.md; the turn spec's tokens). Tokens are written in
// one canonical order — made= pend= progress= forbid=, then the turn spec's table: quota= checks= capture=
// moved= frozen= used= spent= last= lastlen= sputniks= — each only when not default. Malformed, out-of-range
// or meaningless (for the variant) input is refused with std::invalid_argument.
#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "model.hpp"

namespace hc::reference::detail {
namespace {

[[noreturn]] void bad_fen(const std::string& fen, const std::string& why) {
  throw std::invalid_argument("bad FEN (" + why + "): " + fen);
}

bool is_number(const std::string& s) {
  return !s.empty() && s.size() <= 9 &&
         std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

int parse_number(const std::string& s, const std::string& fen, const std::string& what) {
  if (!is_number(s)) bad_fen(fen, what + " " + s);
  return std::stoi(s);
}

int parse_square(const std::string& s, const std::string& fen) {
  if (s.size() != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8') bad_fen(fen, "square " + s);
  return (s[1] - '1') * 8 + (s[0] - 'a');
}

// A man's place: a square, prefixed `|` on board B (Alice).
int parse_place(const Variant& v, const std::string& s, const std::string& fen) {
  if (!s.empty() && s[0] == '|') {
    if (!v.alice) bad_fen(fen, "`|` outside Alice in " + s);
    return place(1, parse_square(s.substr(1), fen));
  }
  return place(0, parse_square(s, fen));
}

std::string place_name(int w) {
  std::string s = w >= 64 ? "|" : "";
  s += square_name(w % 64);
  return s;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  for (std::string item; std::getline(ss, item, sep);) out.push_back(item);
  if (!s.empty() && s.back() == sep) out.push_back("");
  return out;
}

std::vector<int> parse_square_list(const std::string& s, const std::string& fen, int owner) {
  std::vector<int> out;
  if (s == "-") return out;
  for (const std::string& item : split(s, ',')) {
    int sq = parse_square(item, fen);
    if (rank_of(sq) != (owner == WHITE ? 2 : 5)) bad_fen(fen, "e.p. square " + item);
    out.push_back(sq);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The squared lengths a move can have (Maximummer metric): k² and 2k² for k = 1..7, knight 5, O-O-O 25.
bool possible_squared_length(int n) {
  for (int k = 1; k <= 7; ++k)
    if (n == k * k || n == 2 * k * k) return true;
  return n == 5 || n == 25;
}

// field 1: placement; `|` marks a man on board B; 16-file ranks are the side-by-side form (files i–p = board
// B)
void parse_placement(const Variant& v, const std::string& field, const std::string& fen, Pos& p) {
  std::vector<std::string> ranks = split(field, '/');
  if (ranks.size() != 8) bad_fen(fen, "need 8 ranks");
  int width = -1;
  for (int i = 0; i < 8; ++i) {
    const std::string& rs = ranks[i];
    const int rank = 7 - i;
    int file = 0;
    bool on_b = false;
    std::vector<std::pair<int, char>> men;  // (column, piece) with column >= 100 meaning board B via `|`
    for (size_t k = 0; k < rs.size(); ++k) {
      char c = rs[k];
      if (std::isdigit(static_cast<unsigned char>(c))) {
        if (on_b) bad_fen(fen, "`|` before a digit");
        int n = 0;
        while (k < rs.size() && std::isdigit(static_cast<unsigned char>(rs[k])) && n <= 16)
          n = n * 10 + (rs[k++] - '0');
        --k;
        if (n == 0) bad_fen(fen, "zero run");
        file += n;
      } else if (c == '|') {
        if (!v.alice || on_b) bad_fen(fen, "`|` outside Alice");
        on_b = true;
      } else if (std::string("kqrbnpcfaKQRBNPCFA").find(c) != std::string::npos) {
        if ((c == 'c' || c == 'C') && v.butting != Butting::Capricorns)
          bad_fen(fen, "capricorn outside capricorn");
        if (std::string("faFA").find(c) != std::string::npos && !v.medieval_men)
          bad_fen(fen, "fers or alfil outside the medieval men");
        men.push_back({file + (on_b ? 100 : 0), c});
        on_b = false;
        ++file;
      } else {
        bad_fen(fen, std::string("character ") + c);
      }
    }
    if (on_b) bad_fen(fen, "dangling `|`");
    if (width < 0) width = file;
    if (file != width || (width != 8 && width != 16) || (width == 16 && !v.alice)) bad_fen(fen, "rank width");
    for (auto [col, c] : men) {
      int board = col >= 100 ? 1 : (col >= 8 ? 1 : 0);
      if (col >= 100 && width == 16) bad_fen(fen, "`|` in the 16-file form");
      int file_ = (col >= 100 ? col - 100 : col) % 8;
      p.bd[board][rank * 8 + file_] = c;
    }
  }
  for (int s = 0; s < 64; ++s)
    if (p.bd[0][s] != EMPTY && p.bd[1][s] != EMPTY) bad_fen(fen, "square occupied on both boards");
}

// The turn spec's tokens (and today's made= pend= progress= forbid=), each at most once.
void parse_tokens(const Variant& v, const std::vector<std::string>& tokens, const std::string& fen, Pos& p) {
  std::set<std::string> seen;
  bool has_quota = false, has_used = false, has_spent = false, has_sputniks = false;
  std::string used_text, moved_text, frozen_text, sputniks_text, missile_text, has_moved_text, promoted_text;
  for (const std::string& t : tokens) {
    const std::size_t eq = t.find('=');
    if (eq == std::string::npos) bad_fen(fen, "token " + t);
    const std::string key = t.substr(0, eq), val = t.substr(eq + 1);
    if (val.empty()) bad_fen(fen, "empty token " + t);
    if (!seen.insert(key).second) bad_fen(fen, "token given twice: " + key);
    auto only_for = [&](bool ok) {
      if (!ok) bad_fen(fen, "token " + key + "= makes no sense for this variant");
    };
    if (key == "made") {
      p.made = parse_number(val, fen, "made=");
    } else if (key == "pend") {
      only_for(v.ep_when != EpWhen::None);
      for (int passed : parse_square_list(val, fen, p.stm))
        if (stepper_board(p, passed, p.stm) >= 0 && ep_capturer_exists(v, p, passed, p.stm))
          p.pend.push_back(passed);
    } else if (key == "progress") {
      if (val != "1") bad_fen(fen, "token " + t);
      p.progress = true;
    } else if (key == "forbid") {
      if (val.size() < 4) bad_fen(fen, "token " + t);
      p.forbid = val;
    } else if (key == "quota") {
      only_for(is_dynamic(v.schedule));
      p.quota = parse_number(val, fen, "quota=");
      if (p.quota < 1 || p.quota > kUnbounded) bad_fen(fen, "quota= out of range");
      has_quota = true;
    } else if (key == "checks") {
      only_for(v.schedule == Schedule::BankOfScotland);
      std::vector<std::string> c = split(val, ',');
      if (c.size() != 2) bad_fen(fen, "token " + t);
      p.checks = {parse_number(c[0], fen, "checks="), parse_number(c[1], fen, "checks=")};
      if (p.checks[0] > kUnbounded || p.checks[1] > kUnbounded) bad_fen(fen, "checks= out of range");
    } else if (key == "capture") {
      only_for(v.schedule == Schedule::Capturing);
      if (val != "1") bad_fen(fen, "token " + t);
      p.captured = true;
    } else if (key == "moved") {
      only_for(v.tracks_men());
      moved_text = val;
    } else if (key == "frozen") {
      only_for(v.composition == Composition::English);
      frozen_text = val;
    } else if (key == "used") {
      only_for(v.tracks_categories());
      used_text = val;
      has_used = true;
    } else if (key == "started-in-check") {
      only_for(v.regime == Regime::EndOfTurnIfChecked);
      if (val != "1") bad_fen(fen, "token " + t);
      p.began_in_check = true;
    } else if (key == "vacated") {
      only_for(v.kazan);
      std::size_t i = 0;
      while (i <= val.size()) {
        std::size_t j = val.find(',', i);
        if (j == std::string::npos) j = val.size();
        const std::string sq = val.substr(i, j - i);
        if (sq.size() != 2 || sq[0] < 'a' || sq[0] > 'h' || sq[1] < '1' || sq[1] > '8')
          bad_fen(fen, "token " + t);
        p.vacated.push_back((sq[1] - '1') * 8 + (sq[0] - 'a'));
        i = j + 1;
      }
      if (p.vacated.size() > 2) bad_fen(fen, "token " + t);
    } else if (key == "due") {
      only_for(v.forwards);
      if (val != "forward") bad_fen(fen, "token " + t);
      p.forward_due = true;
    } else if (key == "spent") {
      only_for(v.composition == Composition::Threesum);
      p.spent = parse_number(val, fen, "spent=");
      has_spent = true;
    } else if (key == "last") {
      only_for(v.obligation == Obligation::Equivalent);
      if (val.size() != 1 || std::string("pnbrqkc").find(val[0]) == std::string::npos)
        bad_fen(fen, "token " + t);
      p.last = val[0];
    } else if (key == "lastlen") {
      only_for(v.obligation == Obligation::Equidistant);
      p.lastlen = parse_number(val, fen, "lastlen=");
      if (!possible_squared_length(p.lastlen)) bad_fen(fen, "lastlen= is no move's squared length");
    } else if (key == "sputniks") {
      only_for(v.composition == Composition::Sputnik);
      sputniks_text = val;
      has_sputniks = true;
    } else if (key == "missile") {
      only_for(v.missiles);
      missile_text = val;
    } else if (key == "has-moved") {
      only_for(v.own_check_once_moved);
      has_moved_text = val;
    } else if (key == "promoted") {
      only_for(v.promoted_once);
      promoted_text = val;
    } else {
      bad_fen(fen, "token " + t);
    }
  }
  // missile=SQ,…|- — the men (of both sides) still holding their missile; without it, every man holds one
  if (v.missiles) {
    for (int b = 0; b < p.nboards; ++b)
      for (int s = 0; s < 64; ++s)
        if (missile_text.empty() && p.bd[b][s] != EMPTY) p.missiles.insert(place(b, s));
    if (!missile_text.empty() && missile_text != "-")
      for (const std::string& item : split(missile_text, ',')) {
        const int w = parse_place(v, item, fen);
        if (p.bd[w / 64][w % 64] == EMPTY) bad_fen(fen, "missile= names an empty square: " + item);
        if (!p.missiles.insert(w).second) bad_fen(fen, "missile= names a square twice: " + item);
      }
  }

  // has-moved=SQ,…|- — the men (of both sides) that have moved in the game; without it, none has
  // promoted=SQ,…|- — the men (of both sides) that arrived by promotion; without it, none did
  if (!promoted_text.empty() && promoted_text != "-")
    for (const std::string& item : split(promoted_text, ',')) {
      const int w = parse_place(v, item, fen);
      if (p.bd[w / 64][w % 64] == EMPTY) bad_fen(fen, "promoted= names an empty square: " + item);
      if (!p.promoted.insert(w).second) bad_fen(fen, "promoted= names a square twice: " + item);
    }
  if (!has_moved_text.empty() && has_moved_text != "-")
    for (const std::string& item : split(has_moved_text, ',')) {
      const int w = parse_place(v, item, fen);
      if (p.bd[w / 64][w % 64] == EMPTY) bad_fen(fen, "has-moved= names an empty square: " + item);
      if (!p.has_moved.insert(w).second) bad_fen(fen, "has-moved= names a square twice: " + item);
    }

  // quota of the turn in progress
  const int t = turn_index(p.stm, p.full);
  if (!has_quota)
    p.quota = v.schedule == Schedule::BankOfScotland
                  ? std::min(static_quota(v, p.stm, p.full) + p.checks[p.stm], kUnbounded)
                  : static_quota(v, p.stm, p.full);
  if (v.schedule == Schedule::BankOfScotland && p.quota != std::min(t + p.checks[p.stm], kUnbounded))
    bad_fen(fen, "quota= is not t plus the side's checks");
  if ((v.schedule == Schedule::Switchback || v.schedule == Schedule::Capturing ||
       v.schedule == Schedule::VeryScottish) &&
      p.quota > t)
    bad_fen(fen, "quota= above the turn index");
  if (p.made >= p.quota) bad_fen(fen, "made= not below the quota");
  const bool mid = p.made >= 1;
  auto mid_turn_only = [&](bool present, const std::string& key) {
    if (present && !mid) bad_fen(fen, key + "= needs made= >= 1");
  };
  mid_turn_only(p.captured, "capture");
  mid_turn_only(!moved_text.empty(), "moved");
  mid_turn_only(!frozen_text.empty(), "frozen");
  mid_turn_only(has_used, "used");
  mid_turn_only(has_spent, "spent");
  mid_turn_only(p.forward_due, "due");
  mid_turn_only(!p.vacated.empty(), "vacated");
  if (v.kazan && mid && p.vacated.empty()) bad_fen(fen, "a kazan turn in progress needs vacated=");
  mid_turn_only(p.began_in_check, "started-in-check");
  mid_turn_only(has_sputniks, "sputniks");

  // moved=SQ[:k],… — men of the side to move, k >= 2 written, at most the id's moves per man
  if (!moved_text.empty()) {
    for (const std::string& item : split(moved_text, ',')) {
      const std::size_t colon = item.find(':');
      const int w = parse_place(v, item.substr(0, colon), fen);
      const int k =
          colon == std::string::npos ? 1 : parse_number(item.substr(colon + 1), fen, "moved= count");
      if (colon != std::string::npos && k < 2) bad_fen(fen, "moved= count below 2: " + item);
      if (v.moves_per_man > 0 && k > v.moves_per_man) bad_fen(fen, "moved= count above the rule: " + item);
      if (k > p.made) bad_fen(fen, "moved= count above made=: " + item);
      if (color_of(p.bd[w / 64][w % 64]) != p.stm)
        bad_fen(fen, "moved= names no man of the side to move: " + item);
      if (!p.moved.emplace(w, k).second) bad_fen(fen, "moved= names a square twice: " + item);
    }
  }
  // frozen=SQ,… — promoted pieces of the side to move that moved this turn
  if (!frozen_text.empty()) {
    for (const std::string& item : split(frozen_text, ',')) {
      const int w = parse_place(v, item, fen);
      const char c = p.bd[w / 64][w % 64];
      if (color_of(c) != p.stm || type_of(c) == 'p' || type_of(c) == 'k' || !p.moved.count(w))
        bad_fen(fen, "frozen= names no promoted man of the side to move: " + item);
      if (!p.frozen.insert(w).second) bad_fen(fen, "frozen= names a square twice: " + item);
    }
  }
  // used=a[,b] — one category per move made (the turn ends after the second)
  if (v.tracks_categories() && mid) {
    if (!has_used) bad_fen(fen, "used= missing");
    p.used = split(used_text, ',');
    std::vector<std::string> names;
    if (v.composition == Composition::PieceAndPawn) names = {"piece", "pawn"};
    if (v.composition == Composition::Bilateral) names = {"queenside", "kingside"};
    if (v.composition == Composition::Central) names = {"centre", "periphery"};
    if (v.composition == Composition::BlackAndWhite) names = {"light"};  // a dark move ends the turn
    if (v.composition == Composition::Triplets) names = {"piece", "pawn", "king"};
    if (static_cast<int>(p.used.size()) != p.made) bad_fen(fen, "used= needs one category per move made");
    for (const std::string& u : p.used)
      if (std::find(names.begin(), names.end(), u) == names.end()) bad_fen(fen, "used= category " + u);
  }
  // spent=N — threesum: at least one square per move, and below 3 while the turn goes on
  if (v.composition == Composition::Threesum && mid) {
    if (!has_spent) bad_fen(fen, "spent= missing");
    if (p.spent < p.made || p.spent > 2) bad_fen(fen, "spent= out of range");
  }
  // sputniks=SQ,…|- — sputniks of the side to move not yet moved (still in the opponent's half)
  if (v.composition == Composition::Sputnik && mid) {
    if (!has_sputniks) bad_fen(fen, "sputniks= missing");
    if (sputniks_text != "-") {
      const std::vector<int> possible = start_sputniks(p);
      for (const std::string& item : split(sputniks_text, ',')) {
        const int w = parse_place(v, item, fen);
        if (std::find(possible.begin(), possible.end(), w) == possible.end())
          bad_fen(fen, "sputniks= names no rook, bishop or knight in the opponent's half: " + item);
        if (std::find(p.sputniks.begin(), p.sputniks.end(), w) != p.sputniks.end())
          bad_fen(fen, "sputniks= names a square twice: " + item);
        p.sputniks.push_back(w);
      }
      std::sort(p.sputniks.begin(), p.sputniks.end());
    }
  }
}

std::string join_squares(const std::vector<int>& v) {
  std::string s;
  for (int sq : v) {
    if (!s.empty()) s += ',';
    s += square_name(sq);
  }
  return s.empty() ? "-" : s;
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += (s.empty() ? "" : ",") + x;
  return s;
}

}  // namespace

Pos parse_fen(const Variant& v, const std::string& fen) {
  std::istringstream in(fen);
  std::vector<std::string> f;
  for (std::string w; in >> w;) f.push_back(w);
  if (f.size() < 4) bad_fen(fen, "fewer than 4 fields");
  Pos p;
  p.nboards = v.alice ? 2 : 1;
  p.bd[0].fill(EMPTY);
  p.bd[1].fill(EMPTY);
  parse_placement(v, f[0], fen, p);
  // field 2
  if (f[1] != "w" && f[1] != "b") bad_fen(fen, "side to move");
  p.stm = f[1] == "w" ? WHITE : BLACK;
  // field 3: castling; rights whose king and rook are not both at home on one board are dropped
  if (f[2] != "-") {
    if (v.no_castling) bad_fen(fen, "castling rights in a variant without castling");
    for (char c : f[2]) {
      size_t i = std::string("KQkq").find(c);
      if (i == std::string::npos) bad_fen(fen, "castling field");
      p.castle[i] = true;
    }
  }
  for (int i = 0; i < 4; ++i) {
    const CastleSpec& cs = castle_specs()[i];
    bool home = false;
    for (int b = 0; b < p.nboards; ++b)
      home = home || (p.bd[b][cs.king_from] == make_piece('k', cs.color) &&
                      p.bd[b][cs.rook_from] == make_piece(v.rook(), cs.color));
    p.castle[i] = p.castle[i] && home;
  }
  // field 4: e.p. passed squares (owner = the side not to move); kept only while usable (formats.md); none
  // in the ids without e.p.
  for (int passed : parse_square_list(f[3], fen, 1 - p.stm))
    if (v.ep_when != EpWhen::None && ep_usable(v, p, passed, 1 - p.stm)) p.ep.push_back(passed);
  // fields 5, 6 (optional in some suites)
  size_t k = 4;
  if (k < f.size() && is_number(f[k])) p.half = std::stoi(f[k++]);
  if (k < f.size() && is_number(f[k])) p.full = std::stoi(f[k++]);
  if (p.full < 1) bad_fen(fen, "full-move number");
  parse_tokens(v, std::vector<std::string>(f.begin() + static_cast<long>(k), f.end()), fen, p);
  return p;
}

std::string write_fen(const Variant& v, const Pos& p) {
  std::string s;
  for (int rank = 7; rank >= 0; --rank) {
    int run = 0;
    for (int file = 0; file < 8; ++file) {
      int sq = rank * 8 + file;
      char c = p.bd[0][sq];
      bool on_b = false;
      if (c == EMPTY && p.nboards == 2 && p.bd[1][sq] != EMPTY) {
        c = p.bd[1][sq];
        on_b = true;
      }
      if (c == EMPTY) {
        ++run;
        continue;
      }
      if (run) s += std::to_string(run);
      run = 0;
      if (on_b) s += '|';
      s += c;
    }
    if (run) s += std::to_string(run);
    if (rank) s += '/';
  }
  s += p.stm == WHITE ? " w " : " b ";
  std::string c;
  for (int i = 0; i < 4; ++i)
    if (p.castle[i]) c += "KQkq"[i];
  s += c.empty() ? "-" : c;
  std::ostringstream out;
  out << s << ' ' << join_squares(p.ep) << ' ' << p.half << ' ' << p.full;
  if (p.made) out << " made=" << p.made;
  if (!p.pend.empty()) out << " pend=" << join_squares(p.pend);
  if (p.progress) out << " progress=1";
  if (!p.forbid.empty()) out << " forbid=" << p.forbid;
  if (is_dynamic(v.schedule) && p.quota != static_quota(v, p.stm, p.full)) out << " quota=" << p.quota;
  if (p.checks[0] || p.checks[1]) out << " checks=" << p.checks[0] << ',' << p.checks[1];
  if (p.captured) out << " capture=1";
  if (!p.moved.empty()) {
    std::vector<std::string> items;
    for (auto [w, k] : p.moved) {
      items.push_back(place_name(w));
      if (k >= 2) items.back() += ':' + std::to_string(k);
    }
    out << " moved=" << join(items);
  }
  if (!p.frozen.empty()) {
    std::vector<std::string> items;
    for (int w : p.frozen) items.push_back(place_name(w));
    out << " frozen=" << join(items);
  }
  if (!p.used.empty() && v.composition == Composition::Triplets) {  // formats.md: piece, pawn, king order
    std::vector<std::string> items;
    for (const char* c : {"piece", "pawn", "king"})
      if (std::find(p.used.begin(), p.used.end(), c) != p.used.end()) items.push_back(c);
    out << " used=" << join(items);
  } else if (!p.used.empty()) {
    out << " used=" << join(p.used);
  }
  if (p.forward_due) out << " due=forward";
  if (p.began_in_check) out << " started-in-check=1";
  if (!p.vacated.empty()) {
    std::vector<std::string> items;
    for (int s : p.vacated) items.push_back(square_name(s));
    out << " vacated=" << join(items);
  }
  if (p.made && v.composition == Composition::Threesum) out << " spent=" << p.spent;
  if (p.last) out << " last=" << p.last;
  if (p.lastlen >= 0) out << " lastlen=" << p.lastlen;
  if (p.made && v.composition == Composition::Sputnik) {
    std::vector<std::string> items;
    for (int w : p.sputniks) items.push_back(place_name(w));
    out << " sputniks=" << (items.empty() ? "-" : join(items));
  }
  if (v.missiles) {
    std::vector<std::string> items;
    bool all = true;
    for (int b = 0; b < p.nboards; ++b)
      for (int s = 0; s < 64; ++s)
        if (p.bd[b][s] != EMPTY && !p.missiles.count(place(b, s))) all = false;
    for (int w : p.missiles) items.push_back(place_name(w));
    if (!all) out << " missile=" << (items.empty() ? "-" : join(items));
  }
  if (v.own_check_once_moved && !p.has_moved.empty()) {
    std::vector<std::string> items;
    for (int w : p.has_moved) items.push_back(place_name(w));
    out << " has-moved=" << join(items);
  }
  if (v.promoted_once && !p.promoted.empty()) {
    std::vector<std::string> items;
    for (int w : p.promoted) items.push_back(place_name(w));
    out << " promoted=" << join(items);
  }
  return out.str();
}

}  // namespace hc::reference::detail
