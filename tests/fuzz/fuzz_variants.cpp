// libFuzzer target: variants files (src/variants/variant_file.cpp, docs/variants.md).
// Input: the text of a user file, read on top of the built-in catalogue. read_variants_text never throws: bad
// text gives issues, each with a message in valid UTF-8. A file without issues gives ids that make_variant
// resolves (alone, and composed with alice where the dimensions allow), whose start position has legal moves
// that make and undo consistently. Anything else is a bug.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "notation/fen.hpp"
#include "notation/move_text.hpp"
#include "notation/quote.hpp"
#include "rules/game.hpp"
#include "variants/registry.hpp"
#include "variants/variant_file.hpp"

using namespace hc;

namespace {

[[noreturn]] void fail(const std::string& input, const std::string& what) {
  std::fprintf(stderr, "\n==== fuzz invariant violated (variants file): %s\ninput:\n%s\n", what.c_str(),
               input.c_str());
  std::abort();
}

bool valid_utf8(const std::string& s) {
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = utf8_char_length(s, i);
    if (n == 1 && static_cast<unsigned char>(s[i]) >= 0x80) return false;
    i += n;
  }
  return true;
}

void play_start(const Variant& v, const std::string& input) {
  // The kernel's D-5 filter (rules/turn.cpp can_complete) searches the rest of the turn: its time grows
  // exponentially with the quota (quota 8: seconds). Such ids are read and resolved, not played.
  // So does a turn with lost moves under END-OF-TURN: whether the turn goes on after a move is asked of the
  // legal moves after it, each filtered by the completion search over the rest of the turn (quota 5: about 13
  // times quota 4's cost, seconds under the fuzzer's instrumentation).
  const Schedule& s = v.rules.schedule;
  const bool completion_search =
      v.rules.complete_turn || (v.rules.lost_move && v.rules.any_regime(CheckRegime::kEndOfTurn));
  if (completion_search && std::max(s.quota, s.white_first_quota) > 4) return;
  Position pos;
  set_fen(pos, v, v.start_fen);
  MoveList list;
  pos.ops().legal_moves(pos, list);
  if (list.empty()) fail(input, v.id + ": no legal move in the start position");
  const std::string fen = to_fen(pos);
  for (Move m : list) {
    Undo u;
    pos.ops().make(pos, m, u);
    if (!pos.is_consistent()) fail(input, v.id + ": inconsistent after " + to_uci(m));
    pos.undo(u);
    if (to_fen(pos) != fen) fail(input, v.id + ": undo of " + to_uci(m) + " changed the position");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const Catalogue& base = builtin_catalogue();
  VariantFileResult r;
  try {
    r = read_variants_text(input, "fuzz.toml", base);
  } catch (const std::exception& e) {
    fail(input, std::string("read_variants_text threw: ") + e.what());
  }
  for (const auto& issue : r.issues) {
    const std::string text = issue.text("fuzz.toml");
    if (issue.message.empty() || issue.line < 0 || !valid_utf8(text)) fail(input, "bad issue: " + text);
  }
  if (!r.issues.empty()) {
    if (!r.catalogue.variants.empty()) fail(input, "a file with issues gave variants");
    return 0;
  }
  if (r.catalogue.variants.size() != base.variants.size() + r.declared) fail(input, "ids lost or added");
  for (std::size_t i = base.variants.size(); i < r.catalogue.variants.size(); ++i) {
    const std::string& id = r.catalogue.variants[i].id;
    try {
      const Variant v = make_variant(id, r.catalogue);
      if (make_variant(v.id, r.catalogue).id != v.id) fail(input, id + ": canonical id is not a fixed point");
      play_start(v, input);
    } catch (const std::exception& e) {
      fail(input, id + ": a checked id does not play: " + e.what());
    }
    try {
      play_start(make_variant(id + "+alice", r.catalogue), input);
    } catch (const VariantError&) {
      // the dimensions clash (or alice is already in it): refused, as it should be
    } catch (const std::exception& e) {
      fail(input, id + "+alice: " + e.what());
    }
  }
  return 0;
}
