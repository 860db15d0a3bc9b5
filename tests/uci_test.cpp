// UCI transcripts (issue 3 §3, §7): the handshake as the UCI specification describes it, variant selection
// and compositions, turns as comma-joined tokens, ply-by-ply mode, bad input answered with "info string
// error", and searches that find the RULES.md §9 mates.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <sstream>
#include <thread>

#include "engine/engine.hpp"

#include "engine/search.hpp"
#include "protocol/uci.hpp"
#include "support.hpp"

using namespace hc;

namespace {

// The engine's output, readable while the search thread writes it.
class SharedOutput : public std::streambuf {
 public:
  std::string text() {
    std::lock_guard<std::mutex> lock(mutex_);
    return text_;
  }
  // Waits (at most `seconds`) until `needle` has been printed `count` times at the start of a line.
  void wait_for(const std::string& needle, int count, double seconds) {
    std::unique_lock<std::mutex> lock(mutex_);
    cv_.wait_for(lock, std::chrono::duration<double>(seconds), [&] {
      int n = 0;
      std::istringstream lines(text_);
      for (std::string l; std::getline(lines, l);) n += l.rfind(needle, 0) == 0;
      return n >= count;
    });
  }

 protected:
  int_type overflow(int_type c) override {
    if (c != traits_type::eof()) xsputn(reinterpret_cast<const char*>(&c), 1);
    return c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      text_.append(s, std::size_t(n));
    }
    cv_.notify_all();
    return n;
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  std::string text_;
};

// The input, whose end comes only once every "go" with a limit has been answered, as a GUI waits for
// bestmove: at end of input the engine stops a running search (issue 9), which would cut these searches
// short.
class InputUntilAnswered : public std::streambuf {
 public:
  InputUntilAnswered(std::string text, SharedOutput& out) : text_(std::move(text)), out_(out) {
    std::istringstream lines(text_);
    for (std::string l; std::getline(lines, l);)
      if (l.rfind("go", 0) == 0 && l.find("infinite") == std::string::npos &&
          l.find("ponder") == std::string::npos)
        ++searches_;
  }

 protected:
  int_type underflow() override {
    if (!served_ && !text_.empty()) {
      served_ = true;
      setg(text_.data(), text_.data(), text_.data() + text_.size());
      return traits_type::to_int_type(text_[0]);
    }
    out_.wait_for("bestmove", searches_,
                  120);  // a bound, not a timing assertion: the tests check the answers
    return traits_type::eof();
  }

 private:
  std::string text_;
  SharedOutput& out_;
  int searches_ = 0;
  bool served_ = false;
};

std::vector<std::string> run(const std::string& input) {
  SharedOutput shared;
  std::ostream out(&shared);
  InputUntilAnswered input_buf(input, shared);
  std::istream in(&input_buf);
  run_uci(in, out);
  std::vector<std::string> lines;
  std::istringstream o(shared.text());
  for (std::string l; std::getline(o, l);) lines.push_back(l);
  return lines;
}

std::string last_with(const std::vector<std::string>& lines, const std::string& prefix) {
  std::string found;
  for (const auto& l : lines)
    if (l.rfind(prefix, 0) == 0) found = l;
  return found;
}

}  // namespace

TEST(Uci, Handshake) {
  auto lines = run("uci\nisready\n");
  ASSERT_GE(lines.size(), 9u);
  EXPECT_EQ(lines[0], "id name heterochess");
  EXPECT_EQ(lines[1].rfind("id author ", 0), 0u);
  std::string combo = "option name UCI_Variant type combo default chess";
  for (const auto& v : variant_catalogue()) combo += " var " + v.id;
  EXPECT_EQ(lines[2], combo);
  EXPECT_EQ(lines[3], "option name Variant type string default <empty>");
  EXPECT_EQ(lines[4], "option name PlyByPly type check default false");
  EXPECT_EQ(lines[6], "option name TurnProbes type check default true");
  EXPECT_EQ(lines[7], "option name Ponder type check default false");
  EXPECT_EQ(lines[lines.size() - 2], "uciok");
  EXPECT_EQ(lines.back(), "readyok");
}

TEST(Uci, VariantSelectionAndErrors) {
  auto lines =
      run("setoption name UCI_Variant value atomic\n"
          "setoption name Variant value progressive+alice\n"
          "setoption name Variant value marseillais+progressive\n"
          "setoption name Nonsense value 1\n"
          "position startpos moves e2e5\n"
          "frobnicate\n");
  ASSERT_EQ(lines.size(), 6u);
  EXPECT_EQ(lines[0], "info string variant atomic");
  EXPECT_EQ(lines[1], "info string variant progressive+alice");
  EXPECT_EQ(lines[2].rfind("info string error: variant ids 'marseillais' and 'progressive' both set", 0), 0u);
  EXPECT_EQ(lines[3], "info string error: unknown option 'Nonsense'");
  EXPECT_EQ(lines[4].rfind("info string error: token 1 'e2e5': illegal move e2e5", 0), 0u) << lines[4];
  EXPECT_EQ(lines[5], "info string unknown command 'frobnicate'");
}

TEST(Uci, TurnTokensMustBeWholeTurns) {
  auto lines =
      run("setoption name UCI_Variant value marseillais\n"
          "position startpos moves e2e4\n"
          "position startpos moves e2e4,d2d4,g1f3\n");
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_NE(lines[1].find("the turn is not complete"), std::string::npos) << lines[1];
  EXPECT_NE(lines[2].find("the turn ended after 'd2d4'"), std::string::npos) << lines[2];
}

// The voluntary stop `0000` (SAN `--`) in `position … moves` tokens and in `bestmove`, whole turns and ply by
// ply: Very Scottish's next quota follows from the moves made, the stop not counted; in this Hurricane
// position Black's only turn is Kg8 then the stop. (UCI's "no move" is `bestmove (none)` here, so `0000` is
// never ambiguous.)
TEST(Uci, TheStopInTurnsAndBestmove) {
  auto lines =
      run("setoption name UCI_Variant value very-scottish\n"
          "position startpos moves e2e4 d7d5,0000\n"
          "d\n"
          "position startpos moves e2e4 d7d5,--\n"
          "d\n"
          "position startpos moves e2e4,0000\n"
          "position startpos moves e2e4 0000\n");
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[1], "info string fen rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 quota=2");
  EXPECT_EQ(lines[2], lines[1]);
  EXPECT_NE(lines[3].find("token 1 'e2e4,0000': the turn ended after 'e2e4'"), std::string::npos) << lines[3];
  EXPECT_NE(lines[4].find("token 2 '0000': '0000': the turn cannot end here"), std::string::npos) << lines[4];

  lines =
      run("setoption name UCI_Variant value hurricane\n"
          "position fen 7k/7p/7P/8/8/8/8/K7 b - - 0 1\n"
          "go movetime 100\n"
          "setoption name PlyByPly value true\n"
          "position fen 7k/7p/7P/8/8/8/8/K7 b - - 0 1 moves h8g8\n"
          "go movetime 100\n"
          "position fen 7k/7p/7P/8/8/8/8/K7 b - - 0 1 moves h8g8 0000\n"
          "d\n");
  // The best turn ends with the stop, and ply by ply the stop is sent alone. Whether a ponder turn follows
  // depends on how deep 100 ms got (a loaded machine's search may have a one-turn PV): when one does, it is a
  // turn White can play after h8g8,0000 (the king's step and the stop).
  std::vector<std::string> best, ponder;
  for (const auto& l : lines) {
    if (l.rfind("bestmove ", 0) != 0) continue;
    const auto p = l.find(" ponder ");
    best.push_back(l.substr(0, p));
    if (p != std::string::npos) ponder.push_back(l.substr(p + 8));
  }
  EXPECT_EQ(best, (std::vector<std::string>{"bestmove h8g8,0000", "bestmove 0000"}));
  for (const auto& turn : ponder)
    EXPECT_TRUE(turn == "a1a2,0000" || turn == "a1b1,0000" || turn == "a1b2,0000") << turn;
  EXPECT_EQ(lines.back(), "info string fen 6k1/7p/7P/8/8/8/8/K7 w - - 1 2");
}

// §9.11: from the position before White's third series, the search mates in one series.
TEST(Uci, ProgressiveMateInOneSeries) {
  auto lines =
      run("setoption name UCI_Variant value progressive\n"
          "position startpos moves e2e4 e7e5,g8f6\n"
          "go depth 3\n");
  std::string best = last_with(lines, "bestmove ");
  ASSERT_FALSE(best.empty());
  EXPECT_EQ(best.substr(best.size() - 4), "h5f7") << best;
  EXPECT_NE(last_with(lines, "info depth").find("score mate 1"), std::string::npos);
}

// §9.3: Braca's ending, 6 Qxb2#; and a ply-by-ply session in Marseillais.
TEST(Uci, MarseillaisMateAndPlyByPly) {
  auto lines =
      run("setoption name UCI_Variant value marseillais\n"
          "position fen 8/8/8/8/8/2Q5/1q6/k1K5 w - - 12 6\n"
          "go depth 2\n");
  EXPECT_EQ(last_with(lines, "bestmove "), "bestmove c3b2");
  lines =
      run("setoption name UCI_Variant value marseillais\n"
          "setoption name PlyByPly value true\n"
          "position startpos moves e2e4\n"
          "go depth 2\n");
  std::string best = last_with(lines, "bestmove ");
  // One move (the second of White's turn), then the expected reply: Black's first move.
  ASSERT_EQ(best.size(), std::string("bestmove e2e4 ponder g8f6").size()) << best;
  ASSERT_EQ(best.substr(13, 8), " ponder ") << best;
  best = best.substr(0, 13);
  Variant v = make_variant("marseillais");
  Position pos;
  set_fen(pos, v, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 made=1");
  EXPECT_NO_THROW(parse_uci(pos, best.substr(9)));
}

// Fool's mate found by a plain chess search, reported as mate in 1.
TEST(Uci, ChessMateScore) {
  auto lines = run("position startpos moves f2f3 e7e5 g2g4\ngo depth 2\n");
  EXPECT_EQ(last_with(lines, "bestmove "), "bestmove d8h4");
  EXPECT_NE(last_with(lines, "info depth").find("score mate 1"), std::string::npos);
}

// The bench signature is only useful if a fixed search is deterministic.
TEST(Search, FixedSearchIsDeterministic) {
  for (const char* id : {"chess", "marseillais", "progressive", "alice", "atomic"}) {
    Variant v = make_variant(id);
    std::uint64_t nodes[2];
    std::string best[2];
    for (int run = 0; run < 2; ++run) {
      Position pos;
      set_fen(pos, v, v.start_fen);
      Search search(4);
      SearchLimits lim;
      lim.depth = 3;
      std::vector<std::string> s;
      for (Move m : search.think(pos, {}, lim, nullptr)) s.push_back(to_uci(m));
      nodes[run] = search.nodes();
      best[run] = join_turn(s);
      EXPECT_EQ(to_fen(pos), v.start_fen) << "the search leaves the position as it found it";
    }
    EXPECT_EQ(nodes[0], nodes[1]) << id;
    EXPECT_EQ(best[0], best[1]) << id;
    EXPECT_GT(nodes[0], 0u);
  }
}

// "go mate N" proves the §9.26 Alice mate (a mate in 7 of the announced 8) with the solver, in milliseconds.
TEST(Uci, GoMateUsesTheSolver) {
  auto lines =
      run("setoption name UCI_Variant value alice\n"
          "position fen rnb3R1/2pp1ppp/1|p1k1|p2/|p1b5/2|B|P4/2|N|K4/PPP1rP1P/4|R3 w - - 4 16\n"
          "go mate 8\n");
  EXPECT_EQ(last_with(lines, "bestmove ").substr(0, 21), "bestmove c3b5 ponder ");
  EXPECT_NE(last_with(lines, "info depth").find("score mate 7"), std::string::npos);
}

// Pondering: a ponder search never answers by itself, even when its depth limit is reached; ponderhit makes
// it answer (at once here, since it has finished), and stop answers too.
TEST(Engine, PonderHoldsTheAnswerUntilPonderhitOrStop) {
  for (bool by_stop : {false, true}) {
    Engine engine;
    engine.set_position("", {"e2e4"}, false);
    SearchLimits lim;
    lim.depth = 2;
    lim.ponder = true;
    std::atomic<int> answers{0};
    std::vector<Move> best;
    engine.go(lim, nullptr, [&](const std::vector<Move>& b, const std::vector<std::vector<Move>>&) {
      best = b;
      ++answers;
    });
    EXPECT_TRUE(engine.pondering());
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    EXPECT_EQ(answers.load(), 0) << "a depth-2 search is long finished, but the answer must wait";
    if (by_stop)
      engine.stop();
    else
      engine.ponderhit();
    engine.wait();
    EXPECT_EQ(answers.load(), 1);
    EXPECT_FALSE(engine.pondering());
    ASSERT_EQ(best.size(), 1u);
  }
}

// After ponderhit the search runs under the time limits given to go, counted from the ponderhit: it answers
// well before the (long) pondering would have ended and after at least some of the budget.
TEST(Engine, PonderhitAppliesTheTimeLimits) {
  Engine engine;
  SearchLimits lim;
  lim.ponder = true;
  lim.soft_time_s = 0.1;
  lim.hard_time_s = 0.3;
  std::atomic<bool> done{false};
  engine.go(lim, nullptr,
            [&](const std::vector<Move>&, const std::vector<std::vector<Move>>&) { done = true; });
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  EXPECT_FALSE(done.load()) << "pondering ignores the time limits";
  auto t0 = std::chrono::steady_clock::now();
  engine.ponderhit();
  engine.wait();
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_TRUE(done.load());
  EXPECT_LT(secs, 2.0);
}

TEST(Uci, PonderSession) {
  // Everything arrives at once: the ponder search is held until ponderhit, which applies "movetime 50".
  auto lines =
      run("setoption name Ponder value true\n"
          "position startpos moves e2e4 e7e5\n"
          "go ponder movetime 50\n"
          "ponderhit\n"
          "isready\n");
  int bestmoves = 0;
  for (const auto& l : lines) bestmoves += l.rfind("bestmove ", 0) == 0;
  EXPECT_EQ(bestmoves, 1);
  EXPECT_EQ(lines.back().rfind("bestmove ", 0), 0u) << "isready is answered at once, bestmove later";
  // At end of input a ponder search is stopped and answers with a legal move (and, if its search got that
  // far, the move it expects in reply: that depends on how long the machine let it run).
  lines = run("position startpos\ngo ponder\n");
  std::istringstream answer(last_with(lines, "bestmove "));
  std::string word, move, ponder, reply, rest;
  answer >> word >> move >> ponder >> reply >> rest;
  EXPECT_EQ(word, "bestmove");
  Variant v = make_variant("chess");
  Position pos;
  set_fen(pos, v, v.start_fen);
  MoveList legal;
  pos.ops().legal_moves(pos, legal);
  bool found = false;
  for (Move m : legal) found = found || to_uci(m) == move;
  EXPECT_TRUE(found) << "'" << move << "' is not a legal first move";
  if (!ponder.empty()) {
    EXPECT_EQ(ponder, "ponder");
    EXPECT_EQ(reply.size(), 4u) << reply;
  }
  EXPECT_TRUE(rest.empty()) << rest;
}

// Issue 9: input quoted in an "info string" is quoted by whole characters, other bytes as \xNN.
TEST(Uci, ErrorsQuoteWholeCharacters) {
  auto lines = run("position startpos moves e2e4,\xC3\nfrob\xFF\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_NE(lines[0].find("token 1 'e2e4,\\xC3'"), std::string::npos) << lines[0];
  EXPECT_EQ(lines[1], "info string unknown command 'frob\\xFF'");
}

// The option VariantsFile: a file's ids join the built-in ones, the variant asked for before is set again,
// every problem of a bad file is an "info string error" with its line, and <empty> goes back to the built-in
// ids.
TEST(Uci, VariantsFileAddsIds) {
  const std::string file = std::string(HC_TEST_DATA_DIR) + "/variants/user.toml";
  const std::string bad = std::string(HC_TEST_DATA_DIR) + "/variants/errors.toml";
  auto lines =
      run("setoption name UCI_Variant value triple-marseillais\n"
          "setoption name VariantsFile value " +
          file +
          "\n"
          "position startpos\n"
          "go depth 1\n"
          "setoption name VariantsFile value " +
          bad +
          "\n"
          "setoption name VariantsFile value <empty>\n"
          "setoption name Variant value no-ep+atomic\n");
  auto has = [&](const std::string& line) {
    return std::find(lines.begin(), lines.end(), line) != lines.end();
  };
  EXPECT_TRUE(has("info string error: unknown variant id 'triple-marseillais' (see 'heterochess variants')"));
  EXPECT_TRUE(has("info string variants file '" + file + "': 4 variants"));
  EXPECT_TRUE(has("info string variant triple-marseillais"));
  // Three moves a turn.
  std::string best = last_with(lines, "bestmove ").substr(9);
  EXPECT_EQ(std::count(best.begin(), best.end(), ','), 2) << best;
  EXPECT_TRUE(has("info string error: " + bad +
                  ":8:9: [typos] key 'quota': bad value 0 (an integer from 1 to 1000000)"));
  EXPECT_TRUE(has("info string variants: the built-in ones"));
  EXPECT_TRUE(has("info string error: unknown variant id 'no-ep' (see 'heterochess variants')"));
  EXPECT_EQ(variant_catalogue().size(), builtin_catalogue().variants.size());
}

// Time management (engine.hpp): the rest of the game is counted in the side's turns by its schedule, so a
// turn of many moves gets the share of the clock its moves are of the game.
TEST(TimeManagement, TurnsToGoFollowTheSchedule) {
  auto turns_at = [](const std::string& variant, const std::string& fen) {
    Variant v = make_variant(variant);
    Position pos;
    set_fen(pos, v, fen.empty() ? v.start_fen : fen);
    return expected_turns_to_go(pos);
  };
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  EXPECT_EQ(turns_at("chess", start), 30);
  EXPECT_EQ(turns_at("marseillais", ""), 15);  // 15 x 2 moves
  EXPECT_EQ(turns_at("progressive", ""), 6);   // 1 + 3 + 5 + 7 + 9 + 11 moves
  // Progressive, White's ninth turn (turn 17: a series of 17 moves): 17 + 19 reach 30; at least 4.
  EXPECT_EQ(turns_at("progressive", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 9"), 4);

  Variant chess = make_variant("chess"), progressive = make_variant("progressive");
  Position a, b;
  set_fen(a, chess, start);
  set_fen(b, progressive, progressive.start_fen);
  SearchLimits la, lb, lc;
  budget_time(la, 60, 0, 0, &a);
  budget_time(lb, 60, 0, 0, &b);
  budget_time(lc, 60, 0, 0);
  EXPECT_DOUBLE_EQ(la.soft_time_s, 60.0 / 30 * 0.6);  // chess as before
  EXPECT_DOUBLE_EQ(lc.soft_time_s, la.soft_time_s);   // no position: 30 turns
  EXPECT_DOUBLE_EQ(lb.soft_time_s, 60.0 / 6 * 0.6);
}
