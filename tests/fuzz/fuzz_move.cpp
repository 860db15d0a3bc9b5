// libFuzzer target: move text (src/notation/move_text.cpp).
// Input: byte 0 picks the variant (fuzz_common.hpp), byte 1 a start position from kFens (the variant's start
// position if that FEN does not hold under the variant), the rest is move text: up to 16 moves separated by
// spaces or commas, played in order until one does not parse.
// parse_move either throws NotationError or returns a legal move without changing the position; then
// to_san -> parse_san and to_uci -> parse_uci give the same move back. Anything else is a bug.
#include <exception>
#include <string>
#include <vector>

#include "fuzz_common.hpp"
#include "notation/fen.hpp"
#include "notation/move_text.hpp"

using namespace hc;

namespace {

const char* const kFens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R b KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6,f6 0 3",
    "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
    "4k3/8/3p4/8/2N1N3/R7/8/R3K3 w - - 0 1",
    "rnb1kbnr/pppp1ppp/8/4p3/5PPq/8/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    "8/8/8/8/8/5K2/kp6/3Q4 b - - 0 1",
    "8/8/8/8/7r/8/5Kpk/Q7 w - - 0 1",
    "r7/3n2p1/1p6/pN1P1pr1/P3pK1k/1P2P2P/3B4/R4R2 w - - 0 14",
    "rnb3R1/2pp1ppp/1|p1k1|p2/|p1b5/2|B|P4/2|N|K4/PPP1rP1P/4|R3 w - - 4 16",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 made=1",
    "r1bqkbnr/pppppppp/2n5/8/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
};
constexpr int kFenCount = int(sizeof kFens / sizeof *kFens);

std::vector<std::string> split_moves(const std::string& s, std::size_t max) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == ' ' || c == ',' || c == '\n' || c == '\t') {
      if (!cur.empty()) out.push_back(cur), cur.clear();
      if (out.size() == max) return out;
    } else {
      cur += c;
    }
  }
  if (!cur.empty() && out.size() < max) out.push_back(cur);
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const Variant& v = fuzz::pick_variant(data[0]);
  Position pos;
  try {
    set_fen(pos, v, kFens[data[1] % kFenCount]);
  } catch (const NotationError&) {
    set_fen(pos, v, v.start_fen);
  }
  const std::string text(reinterpret_cast<const char*>(data + 2), size - 2);
  std::string ctx = "start FEN: \"" + to_fen(pos) + "\"\nmove text: \"" + text + "\"";
  for (const std::string& word : split_moves(text, 16)) {
    const std::string fen = to_fen(pos);
    const std::string here = ctx + "\nposition: \"" + fen + "\"\nmove: \"" + word + "\"";
    Move m;
    try {
      m = parse_move(pos, word);
    } catch (const NotationError&) {
      return 0;
    } catch (const std::exception& e) {
      fuzz::fail(v, here, "parse_move threw something other than NotationError: %s", e.what());
    }
    if (to_fen(pos) != fen) fuzz::fail(v, here, "parse_move changed the position");
    MoveList legal;
    pos.ops().legal_moves(pos, legal);
    if (!legal.contains(m)) fuzz::fail(v, here, "parse_move returned %s, which is not legal", to_uci(m).c_str());

    const std::string san = to_san(pos, m);
    try {
      if (Move back = parse_san(pos, san); back != m)
        fuzz::fail(v, here, "to_san gave \"%s\", which parse_san reads as %s, not %s", san.c_str(),
                   to_uci(back).c_str(), to_uci(m).c_str());
    } catch (const NotationError& e) {
      fuzz::fail(v, here, "parse_san rejects to_san's \"%s\" for %s: %s", san.c_str(), to_uci(m).c_str(), e.what());
    }
    const std::string uci = to_uci(m);
    try {
      if (Move back = parse_uci(pos, uci); back != m)
        fuzz::fail(v, here, "parse_uci(\"%s\") gives a different move", uci.c_str());
    } catch (const NotationError& e) {
      fuzz::fail(v, here, "parse_uci rejects to_uci's \"%s\": %s", uci.c_str(), e.what());
    }
    if (to_fen(pos) != fen) fuzz::fail(v, here, "to_san/parse_san changed the position");

    Undo u;
    pos.ops().make(pos, m, u);
    if (!pos.is_consistent()) fuzz::fail(v, here, "position not consistent after %s", uci.c_str());
  }
  return 0;
}
