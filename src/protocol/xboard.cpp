#include "protocol/xboard.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <charconv>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <iostream>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include "core/men.hpp"
#include "engine/engine.hpp"
#include "notation/fen.hpp"
#include "notation/move_text.hpp"
#include "notation/quote.hpp"
#include "rules/start_position.hpp"

namespace hc {

namespace {

// XBoard's names for our ids where they differ (CECP's "normal" is orthodox chess).
const std::pair<const char*, const char*> kXboardNames[] = {{"normal", "chess"}};

// The variants XBoard plays by its own rules (CECP §8 "variant"); any other name is engine-defined and needs
// a `setup` reply.
const char* const kXboardNative[] = {"normal",     "wildcastle", "nocastle", "fischerandom", "bughouse",
                                     "crazyhouse", "losers",     "suicide",  "giveaway",     "twokings",
                                     "kriegspiel", "atomic",     "3check",   "xiangqi",      "shogi",
                                     "capablanca", "gothic",     "falcon",   "shatranj",     "courier",
                                     "knightmate", "berolina",   "janus",    "caparandom",   "cylinder",
                                     "super",      "great",      "lion",     "elven",        "chu"};

std::string xboard_name(const std::string& id) {
  for (const auto& [xb, ours] : kXboardNames)
    if (id == ours) return xb;
  return id;
}

std::string our_id(std::string name) {
  // A board-size prefix ("16x8+0_alice") names the same variant.
  const std::size_t underscore = name.find('_');
  if (underscore != std::string::npos && name.find('x') < underscore) name = name.substr(underscore + 1);
  for (const auto& [xb, ours] : kXboardNames)
    if (name == xb) return ours;
  return name;
}

bool xboard_knows(const std::string& name) {
  return std::find(std::begin(kXboardNative), std::end(kXboardNative), name) != std::end(kXboardNative);
}

// Upper bounds of times (seconds) and depths the GUI may set.
constexpr double kMaxSeconds = 1e7, kMaxDepth = 64;

// A finite number (no "nan", "inf" or trailing text), as CECP's time and depth commands take.
std::optional<double> finite_number(std::string_view text) {
  double v = 0;
  const char* end = text.data() + text.size();
  if (!text.empty() && text[0] == '+') return std::nullopt;
  const auto [ptr, ec] = std::from_chars(text.data(), end, v);
  if (ec != std::errc() || ptr != end || !std::isfinite(v)) return std::nullopt;
  return v;
}

// The reason part of a NotationError ("illegal move e2e5: it is not legal here" -> "it is not legal here").
std::string reason_of(const std::exception& e) {
  std::string w = e.what();
  const std::size_t colon = w.rfind(": ");
  if (colon != std::string::npos) w = w.substr(colon + 2);
  std::replace(w.begin(), w.end(), '(', '[');
  std::replace(w.begin(), w.end(), ')', ']');
  return w;
}

// One rank in FEN style: runs of empty cells (0) as digits.
void append_rank(std::string& out, const char* cells, int width) {
  int empty = 0;
  for (int f = 0; f < width; ++f) {
    if (!cells[f]) {
      ++empty;
      continue;
    }
    if (empty) out += std::to_string(empty), empty = 0;
    out += cells[f];
  }
  if (empty) out += std::to_string(empty);
}

// Placement of a multi-board position side by side, board A in files a-h, board B in files i-p (what XBoard
// draws for a 16x8 board), from our FEN where a board-B man is prefixed with '|'.
std::string wide_fen(const std::string& fen, int boards) {
  const std::size_t space = fen.find(' ');
  const std::string placement = fen.substr(0, space),
                    rest = space == std::string::npos ? "" : fen.substr(space);
  std::string out;
  std::istringstream ranks(placement);
  for (std::string rank; std::getline(ranks, rank, '/');) {
    std::vector<char> cells(std::size_t(8 * boards), 0);
    int file = 0, board = 0;
    for (char c : rank) {
      if (c == '|') {
        board = 1;
      } else if (c >= '1' && c <= '8') {
        file += c - '0';
      } else {
        if (file < 8) cells[std::size_t(8 * board + file)] = c;
        ++file;
        board = 0;
      }
    }
    if (!out.empty()) out += '/';
    append_rank(out, cells.data(), int(cells.size()));
  }
  return out + rest;
}

class Xboard {
 public:
  explicit Xboard(std::ostream& out) : out_(out) { reset_game(); }

  int run(std::istream& in) {
    std::thread reader([this, &in] {
      for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        push({Event::kLine, line, 0, {}, {}});
        std::istringstream is(line);
        std::string cmd;
        if (is >> cmd && cmd == "quit") return;
      }
      push({Event::kEof, "", 0, {}, {}});
    });
    bool eof = false;
    for (;;) {
      if (!thinking_ && !deferred_.empty()) {
        const std::string line = deferred_.front();
        deferred_.pop_front();
        if (!handle(line)) break;
        continue;
      }
      if (eof && thinking_) engine_.stop();  // end of input: move now (the answer still comes), then exit
      if (eof && !thinking_) break;
      Event e = pop();
      if (e.kind == Event::kEof) {
        eof = true;
      } else if (e.kind == Event::kDone) {
        if (e.generation == generation_ && thinking_) engine_moved(e.best, e.pv);
      } else if (thinking_ && !is_immediate(e.line)) {
        deferred_.push_back(e.line);  // answered after our move, as CECP asks of "ping"
      } else if (!handle(e.line)) {
        break;
      }
    }
    drop_search();
    reader.join();
    return 0;
  }

 private:
  struct Event {
    enum Kind { kLine, kEof, kDone } kind;
    std::string line;
    int generation = 0;
    std::vector<Move> best;
    std::vector<std::vector<Move>> pv;
  };

  void push(Event e) {
    {
      std::lock_guard<std::mutex> lock(queue_mutex_);
      queue_.push_back(std::move(e));
    }
    queue_cv_.notify_one();
  }

  Event pop() {
    std::unique_lock<std::mutex> lock(queue_mutex_);
    queue_cv_.wait(lock, [this] { return !queue_.empty(); });
    Event e = std::move(queue_.front());
    queue_.pop_front();
    return e;
  }

  void say(const std::string& line) {
    std::lock_guard<std::mutex> lock(out_mutex_);
    out_ << line << "\n" << std::flush;
  }

  // Commands handled at once while the engine thinks on its move; the others wait for the move.
  static bool is_immediate(const std::string& line) {
    std::istringstream is(line);
    std::string cmd;
    is >> cmd;
    for (const char* c : {"?", "quit", "force", "new", "result", "post", "nopost", "hard", "easy"})
      if (cmd == c) return true;
    return false;
  }

  bool handle(const std::string& line) {
    std::istringstream is(line);
    std::string cmd;
    if (!(is >> cmd)) return true;
    std::string arg;
    std::getline(is, arg);
    arg.erase(0, arg.find_first_not_of(' '));
    auto error = [&](const std::string& why) { say("Error (" + why + "): " + quote_input(line)); };
    // The argument as a finite number in [lo, hi]; otherwise "Error (bad number)" and the setting is kept.
    auto number = [&](double& v, double lo, double hi) {
      if (auto x = finite_number(arg); x && *x >= lo && *x <= hi) {
        v = *x;
        return true;
      }
      error("bad number");
      return false;
    };
    double v = 0;
    if (cmd == "xboard" || cmd == "accepted" || cmd == "rejected" || cmd == "random" || cmd == "computer" ||
        cmd == "name" || cmd == "rating" || cmd == "ics" || cmd == "draw" || cmd == "put" || cmd == "hover" ||
        cmd == "." || cmd == "exit") {
      // Nothing to do.
    } else if (cmd == "protover") {
      features();
    } else if (cmd == "new") {
      drop_search();
      force_ = false;
      engine_side_ = kBlack;
      depth_ = 0;
      set_variant("chess", false);
      engine_.new_game();
    } else if (cmd == "variant") {
      drop_search();
      set_variant(our_id(arg), true);
    } else if (cmd == "force") {
      drop_search();
      force_ = true;
    } else if (cmd == "go") {
      drop_search();
      force_ = false;
      engine_side_ = game_->position().side();
      think();
    } else if (cmd == "playother") {
      drop_search();
      force_ = false;
      engine_side_ = ~game_->position().side();
    } else if (cmd == "usermove") {
      user_move(arg, line);
    } else if (cmd == "level") {
      level(arg, line);
    } else if (cmd == "st") {  // seconds a move: 1 ms or more
      if (number(v, 0.001, kMaxSeconds)) move_time_ = v;
    } else if (cmd == "sd") {  // depth: 1 or more
      if (number(v, 1, kMaxDepth)) depth_ = int(v);
    } else if (cmd == "time") {  // centiseconds; below 0 when the clock has run out: then move at once
      if (number(v, -kMaxSeconds * 100, kMaxSeconds * 100)) clock_cs_ = std::max(v, 0.0);
    } else if (cmd == "otim") {
      if (number(v, -kMaxSeconds * 100, kMaxSeconds * 100)) opponent_cs_ = std::max(v, 0.0);
    } else if (cmd == "?") {
      if (thinking_) engine_.stop();
    } else if (cmd == "ping") {
      say("pong " + quote_input(arg));
    } else if (cmd == "result") {
      drop_search();
      game_over_ = true;
    } else if (cmd == "setboard") {
      drop_search();
      set_board(arg);
    } else if (cmd == "undo" || cmd == "remove") {
      drop_search();
      if (!take_back(cmd == "undo" ? 1 : 2)) error("command not legal now");
    } else if (cmd == "hard") {
      ponder_ = true;
    } else if (cmd == "easy") {
      ponder_ = false;
      if (pondering_) drop_search();
    } else if (cmd == "post") {
      post_ = true;
    } else if (cmd == "nopost") {
      post_ = false;
    } else if (cmd == "memory") {
      if (number(v, 0, 1e12)) engine_.set_hash_mb(std::size_t(std::clamp(v, 1.0, 4096.0)));
    } else if (cmd == "hint") {
      if (pondering_) say("Hint: " + turn_text(predicted_));
    } else if (cmd == "lift") {
      highlight(arg);
    } else if (cmd == "quit") {
      return false;
    } else if (looks_like_move(cmd)) {
      user_move(cmd, line);  // protocol 1 style: a move without "usermove"
    } else {
      error("unknown command");
    }
    return true;
  }

  void features() {
    std::string variants;
    for (const auto& v : variant_catalogue()) {
      if (!variants.empty()) variants += ',';
      variants += xboard_name(v.id);
    }
    say("feature done=0");
    say("feature myname=\"heterochess\" variants=\"" + variants + "\"");
    say("feature setboard=1 usermove=1 ping=1 playother=1 colors=0 time=1 draw=0 sigint=0 sigterm=0 reuse=1 "
        "analyze=0 name=0 nps=0 memory=1 highlight=1 done=1");
  }

  // ---- the game
  // --------------------------------------------------------------------------------------------

  void reset_game() {
    game_ = std::make_unique<GameRecord>(engine_.variant());
    if (!start_fen_.empty()) game_->set_fen(start_fen_);
    moves_.clear();
    turn_ends_.clear();
    game_over_ = false;
    bad_position_ = false;
  }

  int boards() const { return engine_.variant().rules.boards; }

  void set_variant(const std::string& id, bool announce) {
    try {
      engine_.set_variant(id);
    } catch (const std::exception& e) {
      say("Error (unsupported variant: " + reason_of(e) + "): variant " + quote_input(id));
      return;
    }
    start_fen_.clear();
    reset_game();
    const std::string name = xboard_name(engine_.variant().id);
    if (announce && !xboard_knows(name)) {
      // An engine-defined variant: board size, the pieces (orthodox) and the start position. Multi-board
      // variants are drawn side by side.
      say("setup (" + piece_table() + ") " + std::to_string(8 * boards()) + "x8+0_fairy " +
          display_fen(start_position()));
    }
  }

  // The `setup` command's piece-to-letter table: the short orthodox one, or, where the game has a fers or an
  // alfil, XBoard's long one (its piece order P N B R Q, ferz, alfil, then 14 fairy pieces, K; white then
  // black) with our letters (core/men.hpp) in the slots of the men we have and '.' elsewhere.
  std::string piece_table() const {
    const std::uint16_t men = engine_.variant().rules.men();
    if (!(men & (men_bit(kFers) | men_bit(kAlfil)))) return "PNBRQKpnbrqk";
    std::string white = "PNBRQ";
    white += men & men_bit(kFers) ? man_letter(kFers) : '.';
    white += men & men_bit(kAlfil) ? man_letter(kAlfil) : '.';
    white += std::string(14, '.') + 'K';
    std::string black = white;
    for (char& c : black) c = char(std::tolower(static_cast<unsigned char>(c)));
    return white + black;
  }

  std::string start_position() {
    GameRecord g(engine_.variant());
    return to_fen(g.position());
  }

  std::string display_fen(const std::string& fen) const {
    return boards() > 1 ? wide_fen(fen, boards()) : fen;
  }

  void set_board(const std::string& fen) {
    const std::string saved = start_fen_;
    try {
      start_fen_ = fen;
      reset_game();
      require_royal_kings(game_->position());
    } catch (const std::exception& e) {
      start_fen_ = saved;
      reset_game();
      bad_position_ = true;
      say("tellusererror Illegal position: " + reason_of(e));
    }
  }

  // Rebuilds the game from its start and the first `n` moves.
  void replay(std::size_t n) {
    std::vector<std::string> moves(moves_.begin(), moves_.begin() + std::ptrdiff_t(n));
    reset_game();
    for (const auto& m : moves) apply(parse_uci(game_->position(), m));
  }

  void apply(Move m) {
    game_->play(m);
    moves_.push_back(to_uci(m));
    if (game_->position().state().made == 0) turn_ends_.push_back(moves_.size());
  }

  // Takes back `turns` turns; a turn in progress counts as one.
  bool take_back(int turns) {
    std::size_t n = moves_.size();
    std::vector<std::size_t> ends = turn_ends_;
    for (int i = 0; i < turns; ++i) {
      if (n == 0) return false;
      if (!ends.empty() && ends.back() == n) ends.pop_back();
      n = ends.empty() ? 0 : ends.back();
    }
    replay(n);
    return true;
  }

  // Announces the end of the game by rule, once.
  void check_result() {
    GameResult r = game_->result();
    if (r.outcome == Outcome::kOngoing || game_over_) return;
    game_over_ = true;
    const std::string winner = r.winner ? (*r.winner == kWhite ? "White" : "Black") : "";
    std::string why;
    switch (r.outcome) {
      case Outcome::kCheckmate:
        why = winner + " mates";
        break;
      case Outcome::kKingCaptured:
        why = winner + " wins: king captured";
        break;
      case Outcome::kStalemate:
        why = "Stalemate";
        break;
      default:
        why = outcome_name(r.outcome);
        why[0] = char(std::toupper(static_cast<unsigned char>(why[0])));
    }
    say(r.result_tag() + " {" + why + "}");
  }

  // ---- moves
  // -----------------------------------------------------------------------------------------------

  // A move as XBoard draws it: on a multi-board board the files of board B follow those of board A.
  std::string display_text(Move m) const {
    std::string s = to_uci(m);
    if (boards() > 1) {
      s[0] = char(s[0] + 8 * m.from_board());
      s[2] = char(s[2] + 8 * m.to_board());
    }
    return s;
  }

  std::string turn_text(const std::vector<Move>& turn) const {
    std::vector<std::string> s;
    for (Move m : turn) s.push_back(display_text(m));
    return join_turn(s);
  }

  // A move or turn sent without `usermove`: coordinates or SAN from a square, or the voluntary stop alone
  // (`0000`, SAN `--`).
  bool looks_like_move(const std::string& s) const {
    if (s == "0000" || s == "--") return true;
    return s.size() >= 4 && s[0] >= 'a' && s[0] <= 'p' && s[1] >= '1' && s[1] <= '8';
  }

  // Reads one move in XBoard's coordinates (or ours, or SAN) in the current position.
  Move read_move(const std::string& text) {
    Position& pos = game_->position();
    if (boards() > 1 && text.size() >= 4 && text[0] >= 'a' && text[0] < char('a' + 8 * boards()) &&
        text[2] >= 'a' && text[2] < char('a' + 8 * boards())) {
      const int from_board = (text[0] - 'a') / 8, to_board = (text[2] - 'a') / 8;
      std::string ours = text;
      ours[0] = char('a' + (text[0] - 'a') % 8);
      ours[2] = char('a' + (text[2] - 'a') % 8);
      Move m = parse_uci(pos, ours);
      // The man is drawn on its own board; he may be dropped on the board he moves on or the one he lands on.
      if (m.from_board() != from_board || (to_board != m.to_board() && to_board != m.from_board()))
        throw NotationError("wrong board");
      return m;
    }
    return parse_move(pos, text);
  }

  void user_move(const std::string& text, const std::string& line) {
    if (text.empty()) {
      say("Error (no move given): " + quote_input(line));
      return;
    }
    if (bad_position_) {
      say("Illegal move (no valid position): " + quote_input(text));
      return;
    }
    // A turn's moves joined by commas, or a single move; either may start mid-turn.
    std::vector<std::string> parts;
    std::istringstream ts(text);
    for (std::string p; std::getline(ts, p, ',');) parts.push_back(p);
    const std::size_t before = moves_.size();
    std::vector<Move> played;
    for (std::size_t i = 0; i < parts.size(); ++i) {
      if (i > 0 && game_->position().state().made == 0) {
        replay(before);
        say("Illegal move (the turn ended after " + quote_input(parts[i - 1]) + "): " + quote_input(text));
        return;
      }
      try {
        Move m = read_move(parts[i]);
        apply(m);
        played.push_back(m);
      } catch (const std::exception& e) {
        replay(before);
        say("Illegal move (" + reason_of(e) + "): " + quote_input(text));
        return;
      }
    }
    check_result();
    const bool turn_over = game_->position().state().made == 0;
    if (pondering_) {
      // Still the predicted turn? Then keep pondering, and at its end the ponder search becomes our search.
      entered_.insert(entered_.end(), played.begin(), played.end());
      const bool prefix = entered_.size() <= predicted_.size() &&
                          std::equal(entered_.begin(), entered_.end(), predicted_.begin());
      if (prefix && !game_over_ && !turn_over) return;
      if (prefix && turn_over && entered_.size() == predicted_.size() && !game_over_) {
        pondering_ = false;
        thinking_ = true;
        engine_.ponderhit(limits());
        return;
      }
      drop_search();
    }
    if (!force_ && !game_over_ && turn_over && game_->position().side() == engine_side_) think();
  }

  // ---- searching
  // -------------------------------------------------------------------------------------------

  SearchLimits limits() const {
    SearchLimits lim;
    lim.depth = depth_;
    if (move_time_ > 0) {
      lim.movetime_s = move_time_;
    } else if (clock_cs_ >= 0 || base_s_ > 0) {
      const double left = clock_cs_ >= 0 ? clock_cs_ / 100.0 : base_s_;
      int to_go = 0;
      if (moves_per_session_ > 0)
        to_go = moves_per_session_ - (game_->position().state().fullmove - 1) % moves_per_session_;
      budget_time(lim, std::max(left, 0.05), inc_s_, to_go, &game_->position());
    } else if (depth_ == 0) {
      lim.movetime_s = 5;  // no time control given at all
    }
    return lim;
  }

  // Searches the engine's position; the answer arrives as a kDone event of this search's generation.
  void start(SearchLimits lim) {
    const int gen = ++generation_;
    engine_.go(
        lim,
        [this](const SearchInfo& i) {
          if (post_) say(thinking_line(i));
        },
        [this, gen](const std::vector<Move>& best, const std::vector<std::vector<Move>>& pv) {
          push({Event::kDone, "", gen, best, pv});
        });
  }

  void think() {
    if (game_over_ || bad_position_) return;
    engine_.set_position(start_fen_, moves_, true);
    start(limits());
    thinking_ = true;
  }

  void engine_moved(const std::vector<Move>& best, const std::vector<std::vector<Move>>& pv) {
    thinking_ = false;
    engine_.wait();
    if (best.empty()) {
      check_result();
      return;
    }
    for (Move m : best) apply(m);
    say("move " + turn_text(best));
    check_result();
    if (ponder_ && !force_ && !game_over_ && pv.size() >= 2 && pv[0] == best) {
      predicted_ = pv[1];
      entered_.clear();
      try {
        std::vector<std::string> moves = moves_;
        for (Move m : predicted_) moves.push_back(to_uci(m));
        engine_.set_position(start_fen_, moves, true);
      } catch (const std::exception&) {
        return;  // the principal variation no longer fits: no pondering
      }
      if (post_) say("Hint: " + turn_text(predicted_));
      SearchLimits lim;
      lim.depth = depth_;
      lim.ponder = true;
      start(lim);
      pondering_ = true;
    }
  }

  // Stops any search and forgets its answer.
  void drop_search() {
    ++generation_;
    engine_.stop();
    engine_.wait();
    thinking_ = pondering_ = false;
  }

  // Thinking output: ply score time(cs) nodes pv; mate as 100000 + N (N of our turns).
  std::string thinking_line(const SearchInfo& i) const {
    std::ostringstream o;
    const int score = i.mate ? (i.mate_turns > 0 ? 100000 + i.mate_turns : -100000 + i.mate_turns) : i.score;
    o << i.depth << " " << score << " " << std::uint64_t(i.seconds * 100) << " " << i.nodes;
    for (const auto& t : i.pv) o << " " << turn_text(t);
    return o.str();
  }

  // "lift SQUARE": mark where the man there can go (legal moves only), so that XBoard refuses the others even
  // with its own legality testing off. Promotions in magenta, so that XBoard asks for the piece.
  void highlight(const std::string& square) {
    const int width = 8 * boards();
    std::vector<char> marks(std::size_t(width * 8), 0);
    if (square.size() == 2 && square[0] >= 'a' && square[0] < char('a' + width) && square[1] >= '1' &&
        square[1] <= '8' && !game_over_) {
      const int file = square[0] - 'a', rank = square[1] - '1';
      Position& pos = game_->position();
      MoveList list;
      pos.ops().legal_moves(pos, list);
      for (Move m : list) {
        if (m.from_board() != file / 8 || m.from() != make_square(file % 8, rank)) continue;
        const int to = rank_of(m.to()) * width + 8 * m.to_board() + file_of(m.to());
        marks[std::size_t(to)] = m.kind() == MoveKind::kPromotion ? 'M' : 'Y';
      }
    }
    std::string out;
    for (int r = 7; r >= 0; --r) {
      append_rank(out, &marks[std::size_t(r * width)], width);
      if (r) out += '/';
    }
    say("highlight " + out);
  }

  void level(const std::string& arg, const std::string& line) {
    std::istringstream is(arg);
    std::string mps, base, inc;
    if (!(is >> mps >> base >> inc)) {
      say("Error (level needs MPS BASE INC): " + quote_input(line));
      return;
    }
    // MPS: moves per session (0 = the whole game); BASE: minutes or minutes:seconds; INC: seconds. Every part
    // a finite number, not below 0, and some time in all.
    const std::size_t colon = base.find(':');
    auto minutes = finite_number(base.substr(0, colon));
    auto seconds =
        colon == std::string::npos ? std::optional<double>(0) : finite_number(base.substr(colon + 1));
    auto moves = finite_number(mps), increment = finite_number(inc);
    const bool ok = minutes && seconds && moves && increment && *moves >= 0 && *moves <= 1e6 &&
                    *moves == double(int(*moves)) && *minutes >= 0 && *seconds >= 0 && *increment >= 0 &&
                    *minutes * 60 + *seconds <= kMaxSeconds && *increment <= kMaxSeconds &&
                    *minutes * 60 + *seconds + *increment > 0;
    if (!ok) {
      say("Error (bad number): " + quote_input(line));
      return;
    }
    moves_per_session_ = int(*moves);
    base_s_ = *minutes * 60 + *seconds;
    inc_s_ = *increment;
    move_time_ = 0;
  }

  std::ostream& out_;
  std::mutex out_mutex_, queue_mutex_;
  std::condition_variable queue_cv_;
  std::deque<Event> queue_;
  std::deque<std::string> deferred_;  // commands that came while the engine was thinking on its move
  Engine engine_;
  std::unique_ptr<GameRecord> game_;  // the game as the GUI sees it (the engine may be pondering ahead)
  std::string start_fen_;             // "" = the variant's start
  std::vector<std::string> moves_;    // every move so far, UCI text
  std::vector<std::size_t> turn_ends_;
  bool game_over_ = false, bad_position_ = false, force_ = false, ponder_ = false;
  std::atomic<bool> post_{false};
  Color engine_side_ = kBlack;
  bool thinking_ = false, pondering_ = false;
  int generation_ = 0;  // answers of searches started earlier are dropped
  std::vector<Move> predicted_, entered_;
  int depth_ = 0, moves_per_session_ = 0;
  double move_time_ = 0, base_s_ = 0, inc_s_ = 0, clock_cs_ = -1, opponent_cs_ = -1;
};

}  // namespace

int run_xboard(std::istream& in, std::ostream& out) {
  Xboard xboard(out);
  return xboard.run(in);
}

}  // namespace hc
