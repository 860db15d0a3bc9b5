// Golden transcripts of `heterochess uci` and `heterochess xboard` (tests/data/protocol/*.txt), run against
// the real binary over pipes. A transcript is a sequence of
//   > LINE        sent to the engine
//   < LINE        the next line the engine must print (after normalisation, below); a LINE ending in "..."
//                 only gives the line's start (for lists that grow with the registry of variants)
//   ! quiet MS    the engine must print nothing for MS milliseconds
//   ! eof         close the engine's input
//   ! until TEXT  skip lines until one that starts with TEXT (a search's varying number of info lines)
//   ! exit        the engine prints nothing more and exits (its output closes)
//   # comment
// A line is sent only after every expected line before it has been read, so the order of input and output is
// the order of the file. At the end the engine's input is closed; it must then print nothing more and exit.
// Normalisation replaces what varies from run to run by '*': in UCI "info" lines the values of seldepth,
// nodes, nps, hashfull and time; in CECP thinking lines the time and node fields.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "match/uci_process.hpp"
#include "support.hpp"

using namespace hc;

namespace {

std::string normalise(const std::string& line) {
  static const std::regex uci_info(R"(\b(seldepth|nodes|nps|hashfull|time) \d+)");
  static const std::regex cecp_thinking(R"(^(-?\d+) (-?\d+) \d+ \d+( |$))");
  if (line.rfind("info ", 0) == 0) return std::regex_replace(line, uci_info, "$1 *");
  return std::regex_replace(line, cecp_thinking, "$1 $2 * *$3");
}

void run_transcript(const std::string& name, const std::string& protocol) {
  const std::string path = std::string(HC_TEST_DATA_DIR) + "/protocol/" + name;
  std::ifstream file(path);
  ASSERT_TRUE(file) << "cannot read " << path;
  UciProcess engine(std::string(HC_BINARY) + " " + protocol);
  std::string log;  // the conversation so far, for failure messages
  int number = 0;
  for (std::string line; std::getline(file, line);) {
    ++number;
    const std::string where = name + ":" + std::to_string(number);
    if (line.empty() || line[0] == '#') continue;
    const std::string body = line.size() > 2 ? line.substr(2) : "";
    if (line[0] == '>') {
      engine.send(body);
      log += "> " + body + "\n";
    } else if (line[0] == '<') {
      auto got = engine.read_line(20);
      ASSERT_TRUE(got) << where << ": expected '" << body << "', the engine printed nothing\n" << log;
      log += "< " + *got + "\n";
      const std::string want =
          body.size() > 3 && body.substr(body.size() - 3) == "..." ? body.substr(0, body.size() - 3) : body;
      if (want.size() < body.size())
        ASSERT_EQ(normalise(*got).substr(0, want.size()), want) << where << "\n" << log;
      else
        ASSERT_EQ(normalise(*got), body) << where << "\n" << log;
    } else if (line.rfind("! quiet ", 0) == 0) {
      auto got = engine.read_line(std::stod(line.substr(8)) / 1000);
      ASSERT_FALSE(got) << where << ": expected silence, got '" << *got << "'\n" << log;
    } else if (line == "! eof") {
      engine.close_input();
      log += "(end of input)\n";
    } else if (line.rfind("! until ", 0) == 0) {
      const std::string prefix = line.substr(8);
      std::string found;
      std::vector<std::string> seen;
      const bool ok = engine.wait_for(prefix, 20, &found, &seen);
      for (const auto& l : seen) log += "< " + l + "\n";
      ASSERT_TRUE(ok) << where << ": no line starting with '" << prefix << "' within 20 s\n" << log;
      log += "< " + found + "\n";
    } else if (line == "! exit") {
      auto got = engine.read_line(20);
      ASSERT_FALSE(got) << where << ": expected the engine to exit, got '" << *got << "'\n" << log;
      ASSERT_FALSE(engine.alive()) << where << ": the engine did not exit within 20 s\n" << log;
    } else {
      FAIL() << where << ": bad transcript line '" << line << "'";
    }
  }
  engine.close_input();
  auto extra = engine.read_line(20);
  EXPECT_FALSE(extra) << name << ": unexpected output after the transcript: '" << *extra << "'\n" << log;
}

}  // namespace

TEST(ProtocolGolden, UciHandshakeAndErrors) { run_transcript("uci_basics.txt", "uci"); }
TEST(ProtocolGolden, UciTurnsAndSearch) { run_transcript("uci_turns.txt", "uci"); }
TEST(ProtocolGolden, UciPonder) { run_transcript("uci_ponder.txt", "uci"); }
TEST(ProtocolGolden, XboardHandshake) { run_transcript("xboard_basics.txt", "xboard"); }
TEST(ProtocolGolden, XboardBadInput) { run_transcript("xboard_errors.txt", "xboard"); }
TEST(ProtocolGolden, XboardMultiMoveTurns) { run_transcript("xboard_turns.txt", "xboard"); }
TEST(ProtocolGolden, XboardTheStop) { run_transcript("xboard_stop.txt", "xboard"); }
TEST(ProtocolGolden, UciBadLimits) { run_transcript("uci_limits.txt", "uci"); }
TEST(ProtocolGolden, UciEndOfInputStopsTheSearch) { run_transcript("uci_eof.txt", "uci"); }
TEST(ProtocolGolden, XboardBadLimits) { run_transcript("xboard_limits.txt", "xboard"); }
TEST(ProtocolGolden, XboardEndOfInputWhileThinking) { run_transcript("xboard_eof.txt", "xboard"); }
TEST(ProtocolGolden, XboardAlice) { run_transcript("xboard_alice.txt", "xboard"); }
TEST(ProtocolGolden, XboardPonder) { run_transcript("xboard_ponder.txt", "xboard"); }
TEST(ProtocolGolden, UciStartPositionNeedsKings) { run_transcript("uci_start_position.txt", "uci"); }
TEST(ProtocolGolden, XboardStartPositionNeedsKings) { run_transcript("xboard_start_position.txt", "xboard"); }
TEST(ProtocolGolden, XboardMedievalMen) {
  run_transcript("xboard_medieval.txt",
                 "xboard --variants " + std::string(HC_TEST_DATA_DIR) + "/variants/medieval.toml");
}
