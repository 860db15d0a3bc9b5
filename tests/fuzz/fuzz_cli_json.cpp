// libFuzzer target: the CLI's JSON output (src/cli/cli.hpp, run in-process), issue 9: no input may crash the
// tool. Input: byte 0 picks the command, byte 1 its flags, the rest is "VARIANT\0FEN\0RECORD" (missing parts
// are empty), arbitrary bytes each:
//   0 variants --json                    3 perft --depth D [--turns] [--divide] --json (D = 0..2, --turns
//   1 moves --json                          only from the start position, where it stays small)
//   2 moves --turns --limit 50 --json    4 validate - --json [--pgn], RECORD on standard input
// flags: bit 0 passes --variant VARIANT, bit 1 --fen FEN, bit 2 --turns, bit 3 --divide, bit 4 --pgn, bits
// 5-6 the depth. Checked: run_cli returns 0, 1 or 2 and throws nothing; 1 only from validate; standard output
// is one line of valid JSON (nlohmann's parser refuses invalid UTF-8): a lone {"error": …} exactly when the
// code is 2, no top-level "error" when it is 0.
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.hpp"

namespace {

[[noreturn]] void fail(const std::vector<std::string>& args, const std::string& out, const char* what) {
  std::fprintf(stderr, "\n==== fuzz_cli_json: %s\nargs:", what);
  for (const auto& a : args) std::fprintf(stderr, " [%s]", a.c_str());
  std::fprintf(stderr, "\nstdout: %s\n", out.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const int command = data[0] % 5, flags = data[1];
  std::string parts[3];
  int k = 0;
  for (std::size_t i = 2; i < size; ++i) {
    if (data[i] == 0 && k < 2)
      ++k;
    else
      parts[k] += char(data[i]);
  }
  const std::string &variant = parts[0], &fen = parts[1], &record = parts[2];
  std::vector<std::string> args;
  bool turns = false;
  switch (command) {
    case 0:
      args = {"variants"};
      break;
    case 1:
      args = {"moves"};
      break;
    case 2:
      args = {"moves", "--turns", "--limit", "50"};
      break;
    case 3:
      turns = flags & 4;
      args = {"perft", "--depth", std::to_string((flags >> 5) % 3)};
      if (turns) args.push_back("--turns");
      if (flags & 8) args.push_back("--divide");
      break;
    default:
      args = {"validate", "-"};
      if (flags & 16) args.push_back("--pgn");
  }
  if (command != 0 && (flags & 1)) args.insert(args.end(), {"--variant", variant});
  if (command != 0 && (flags & 2) && !turns) args.insert(args.end(), {"--fen", fen});
  args.push_back("--json");

  std::istringstream in(record);
  std::ostringstream out, err;
  const int code = hc::cli::run_cli(args, {in, out, err});
  const std::string text = out.str();
  if (code != 0 && code != 1 && code != 2) fail(args, text, "exit code not 0, 1 or 2");
  if (code == 1 && command != 4) fail(args, text, "exit code 1 from a command other than validate");
  if (text.empty() || text.back() != '\n' || text.find('\n') != text.size() - 1)
    fail(args, text, "standard output is not exactly one line");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    fail(args, text, (std::string("standard output is not valid JSON: ") + e.what()).c_str());
  }
  if (!j.is_object()) fail(args, text, "the JSON is not an object");
  // Exit 2: {"error": …}; exit 0: no error; exit 1 (validate): the illegal move is in the game's own "error".
  if ((code == 2) != (j.size() == 1 && j.contains("error")))
    fail(args, text, "exit code 2 but no lone \"error\"");
  if (code == 0 && j.contains("error")) fail(args, text, "exit code 0 with an \"error\"");
  return 0;
}
