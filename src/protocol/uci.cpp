#include "protocol/uci.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <iostream>
#include <limits>
#include <mutex>
#include <sstream>

#include "engine/engine.hpp"
#include "notation/move_text.hpp"
#include "notation/quote.hpp"
#include "variants/variant_file.hpp"

namespace hc {

namespace {

class Uci {
 public:
  Uci(std::ostream& out) : out_(out) {}

  void say(const std::string& line) {
    std::lock_guard<std::mutex> lock(mutex_);
    out_ << line << "\n" << std::flush;
  }

  bool handle(const std::string& line) {
    std::istringstream is(line);
    std::string cmd;
    if (!(is >> cmd)) return true;
    if (cmd == "uci")
      identify();
    else if (cmd == "isready")
      say("readyok");
    else if (cmd == "ucinewgame")
      engine_.new_game();
    else if (cmd == "setoption")
      set_option(is);
    else if (cmd == "position")
      position(is);
    else if (cmd == "go")
      go(is);
    else if (cmd == "stop")
      engine_.stop();
    else if (cmd == "ponderhit")
      engine_.ponderhit();
    else if (cmd == "quit") {
      engine_.stop();
      engine_.wait();
      return false;
    } else if (cmd == "d")
      say(to_fen_line());
    else
      say("info string unknown command '" + quote_input(cmd) + "'");
    return true;
  }

  // End of input: a running search is stopped and answers (bestmove), then the engine exits.
  void finish() {
    engine_.stop();
    engine_.wait();
  }

 private:
  void identify() {
    say("id name heterochess");
    say("id author the heterochess developers");
    std::string combo = "option name UCI_Variant type combo default chess";
    for (const auto& v : variant_catalogue()) combo += " var " + v.id;
    say(combo);
    say("option name Variant type string default <empty>");
    say("option name PlyByPly type check default false");
    say("option name Hash type spin default 16 min 1 max 4096");
    say("option name TurnProbes type check default true");
    say("option name Ponder type check default false");
    say("option name VariantsFile type string default <empty>");
    say("uciok");
  }

  std::string to_fen_line();

  void set_variant(const std::string& id) {
    try {
      engine_.set_variant(id);
      say("info string variant " + engine_.variant().id);
    } catch (const std::exception& e) {
      say(std::string("info string error: ") + e.what());
    }
  }

  // VariantsFile: the ids a file declares join the built-in ones (<empty>: the built-in ones alone); the
  // variant chosen before is set again, as it may be one of the file's.
  void load_variants(const std::string& path) {
    try {
      if (path.empty() || path == "<empty>") {
        install_catalogue(builtin_catalogue());
        say("info string variants: the built-in ones");
      } else {
        const std::size_t n = load_variants_file(path);
        say("info string variants file '" + quote_input(path) + "': " + std::to_string(n) + " variant" +
            (n == 1 ? "" : "s"));
      }
    } catch (const VariantFileError& e) {
      for (const auto& i : e.issues()) say("info string error: " + i.text(e.source()));
      return;
    } catch (const VariantError& e) {
      say(std::string("info string error: ") + e.what());
      return;
    }
    const std::string wanted = composition_.empty() ? selected_ : composition_;
    try {
      if (make_variant(wanted).id != engine_.variant().id) set_variant(wanted);
    } catch (const VariantError& e) {
      say("info string note: the variant '" + quote_input(wanted) + "' is not known now (" + e.what() +
          "); the engine keeps '" + engine_.variant().id + "'");
    }
  }

  void set_option(std::istringstream& is) {
    std::string word, name, value;
    is >> word;  // "name"
    while (is >> word && word != "value") name += (name.empty() ? "" : " ") + word;
    std::getline(is, value);
    value.erase(0, value.find_first_not_of(' '));
    std::string lname = name;
    std::transform(lname.begin(), lname.end(), lname.begin(), ::tolower);
    if (lname == "uci_variant") {
      if (composition_.empty())
        set_variant(value);
      else
        say("info string note: Variant '" + quote_input(composition_) + "' is set and takes precedence");
      selected_ = value;
    } else if (lname == "variant") {
      composition_ = value == "<empty>" ? "" : value;
      set_variant(composition_.empty() ? selected_ : composition_);
    } else if (lname == "variantsfile") {
      load_variants(value);
    } else if (lname == "plybyply") {
      ply_by_ply_ = value == "true";
    } else if (lname == "turnprobes") {
      turn_probes_ = value == "true";
    } else if (lname == "hash") {
      try {
        engine_.set_hash_mb(std::size_t(std::max(1, std::min(4096, std::stoi(value)))));
      } catch (const std::exception&) {
        say("info string error: bad Hash value '" + quote_input(value) + "'");
      }
    } else if (lname == "ponder") {
      // Only tells us that the GUI may send "go ponder"; nothing to set.
    } else {
      say("info string error: unknown option '" + quote_input(name) + "'");
    }
  }

  void position(std::istringstream& is) {
    std::string word, fen;
    is >> word;
    if (word == "fen") {
      while (is >> word && word != "moves") fen += (fen.empty() ? "" : " ") + word;
    } else if (word == "startpos") {
      is >> word;
    } else {
      say("info string error: position needs 'startpos' or 'fen'");
      return;
    }
    std::vector<std::string> tokens;
    while (is >> word) tokens.push_back(word);
    try {
      engine_.set_position(fen, tokens, ply_by_ply_);
    } catch (const std::exception& e) {
      say(std::string("info string error: ") + e.what());
      try {
        engine_.set_position(fen, {}, ply_by_ply_);
      } catch (const std::exception&) {
        engine_.set_position("", {}, ply_by_ply_);
      }
    }
  }

  // "go": a limit that is zero, negative, not a number or out of range (or a clock that has run out) gets an
  // answer at once: "info string error" naming the token, then the bestmove of a depth-1 search, never a
  // search without end.
  void go(std::istringstream& is) {
    SearchLimits lim;
    lim.turn_probes = turn_probes_;
    double wtime = 0, btime = 0, winc = 0, binc = 0;
    bool wtime_given = false, btime_given = false;
    int movestogo = 0;
    bool bad = false;
    std::string word;
    // The next token as an integer in [lo, hi]; otherwise says which token is bad and returns lo.
    auto number = [&](std::int64_t lo, std::int64_t hi) -> std::int64_t {
      const std::string name = word;
      std::string text;
      if (!(is >> text)) {
        say("info string error: '" + name + "' needs a number");
        bad = true;
        return lo;
      }
      std::int64_t v = 0;
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
      if (ec != std::errc() || end != text.data() + text.size() || v < lo || v > hi) {
        say("info string error: bad go limit '" + quote_input(name + " " + text) +
            "' (expected an integer from " + std::to_string(lo) + " to " + std::to_string(hi) +
            "); answering with a depth-1 search");
        bad = true;
        return lo;
      }
      return v;
    };
    constexpr std::int64_t kInt = std::numeric_limits<int>::max(),
                           kMax = std::numeric_limits<std::int64_t>::max();
    while (is >> word) {
      if (word == "depth")
        lim.depth = int(number(1, kInt));
      else if (word == "nodes")
        lim.nodes = std::uint64_t(number(1, kMax));
      else if (word == "movetime")
        lim.movetime_s = double(number(1, kMax)) / 1000.0;
      else if (word == "wtime")
        wtime = double(number(0, kMax)) / 1000.0, wtime_given = true;
      else if (word == "btime")
        btime = double(number(0, kMax)) / 1000.0, btime_given = true;
      else if (word == "winc")
        winc = double(number(0, kMax)) / 1000.0;
      else if (word == "binc")
        binc = double(number(0, kMax)) / 1000.0;
      else if (word == "movestogo")
        movestogo = int(number(1, kInt));
      else if (word == "mate")
        lim.mate = int(number(1, kInt));
      else if (word == "infinite")
        lim.infinite = true;
      else if (word == "ponder")
        lim.ponder = true;
      else if (word == "searchmoves") {
        say("info string error: searchmoves is not supported; searching all turns");
        break;
      } else
        say("info string error: unknown go parameter '" + quote_input(word) + "'");
    }
    const bool white = engine_.game().position().side() == kWhite;
    const double left = white ? wtime : btime, inc = white ? winc : binc;
    if (bad) {
      lim = SearchLimits();
      lim.turn_probes = turn_probes_;
      lim.depth = 1;
    } else if ((white ? wtime_given : btime_given) && left <= 0) {
      lim.depth = 1;  // no time left on our clock: the quickest answer
    } else if (!lim.infinite) {
      budget_time(lim, left, inc, movestogo, &engine_.game().position());
    }
    const bool ply = ply_by_ply_;
    engine_.go(
        lim, [this](const SearchInfo& i) { say(info_line(i)); },
        [this, ply](const std::vector<Move>& best, const std::vector<std::vector<Move>>& pv) {
          if (best.empty()) {
            say("bestmove (none)");
            return;
          }
          std::string line = "bestmove " + turn_text(best, ply);
          // The expected reply: the PV's second turn, when the PV starts with the turn we play.
          // With PlyByPly only after a one-move turn (otherwise our own turn continues).
          if (pv.size() >= 2 && pv[0] == best && (!ply || best.size() == 1))
            line += " ponder " + turn_text(pv[1], ply);
          say(line);
        });
  }

  // A turn as one token (comma-joined), or with PlyByPly only its first move.
  static std::string turn_text(const std::vector<Move>& turn, bool ply_by_ply) {
    std::vector<std::string> s;
    for (Move m : turn) s.push_back(to_uci(m));
    return ply_by_ply ? s.front() : join_turn(s);
  }

  std::string info_line(const SearchInfo& i) const {
    std::ostringstream o;
    o << "info depth " << i.depth << " seldepth " << i.seldepth << " score ";
    if (i.mate)
      o << "mate " << i.mate_turns;
    else
      o << "cp " << i.score;
    const double secs = std::max(i.seconds, 1e-6);
    o << " nodes " << i.nodes << " nps " << std::uint64_t(i.nodes / secs) << " hashfull " << i.hashfull
      << " time " << std::uint64_t(i.seconds * 1000) << " pv";
    for (const auto& t : i.pv) {
      std::vector<std::string> s;
      for (Move m : t) s.push_back(to_uci(m));
      if (ply_by_ply_)
        for (const auto& x : s) o << " " << x;
      else
        o << " " << join_turn(s);
    }
    return o.str();
  }

  std::ostream& out_;
  std::mutex mutex_;
  Engine engine_;
  std::string selected_ = "chess", composition_;
  bool ply_by_ply_ = false;
  bool turn_probes_ = true;  // Search::think's proof searches around multi-move turns
};

}  // namespace

}  // namespace hc

#include "notation/fen.hpp"

namespace hc {
namespace {
std::string Uci::to_fen_line() { return "info string fen " + to_fen(engine_.game().position()); }
}  // namespace

int run_uci(std::istream& in, std::ostream& out) {
  Uci uci(out);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!uci.handle(line)) return 0;
  }
  uci.finish();
  return 0;
}

}  // namespace hc
