// Reference move generator: a plain mailbox (one std::array<char, 64> per board), copy-make for everything,
// and legality decided by playing the move on a copy and testing the rule as RULES.md words it. No bitboards,
// no pins, no incremental state. Slow on purpose; every rule is a small function with its RULES.md reference
// above it: variant.cpp (ids), board.cpp (one move), turn.cpp (the turn), fen.cpp (the text).
#include "reference.hpp"

#include <stdexcept>

#include "model.hpp"

namespace hc::reference {

using namespace detail;

std::vector<std::string> legal_moves(const std::string& variant, const std::string& fen) {
  Variant v = parse_variant(variant);
  std::vector<std::string> out;
  for (const Legal& l : legal_list(v, parse_fen(v, fen))) out.push_back(uci(l.move));
  return out;
}

std::string play(const std::string& variant, const std::string& fen, const std::string& move) {
  Variant v = parse_variant(variant);
  for (const Legal& l : legal_list(v, parse_fen(v, fen)))
    if (uci(l.move) == move) return write_fen(v, l.after.pos);
  throw std::invalid_argument("illegal move " + move + " in " + fen + " (" + variant + ")");
}

std::uint64_t perft(const std::string& variant, const std::string& fen, int depth) {
  Variant v = parse_variant(variant);
  return perft_pos(v, parse_fen(v, fen), depth);
}

std::uint64_t count_turns(const std::string& variant, const std::string& fen, int max_moves) {
  Variant v = parse_variant(variant);
  return count_turns_pos(v, parse_fen(v, fen), max_moves);
}

std::string outcome(const std::string& variant, const std::string& fen) {
  Variant v = parse_variant(variant);
  return outcome_pos(v, parse_fen(v, fen));
}

std::string normalize_fen(const std::string& variant, const std::string& fen) {
  Variant v = parse_variant(variant);
  return write_fen(v, parse_fen(v, fen));
}

}  // namespace hc::reference
