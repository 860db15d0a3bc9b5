// libFuzzer target: extended FEN (src/notation/fen.cpp).
// Input: byte 0 picks the variant (fuzz_common.hpp), the rest is the FEN text.
// set_fen either throws NotationError or succeeds; then: is_consistent(); to_fen round-trips (same text, same hash);
// every legal move can be made (position consistent, the child's FEN round-trips) and undone (same FEN, same hash).
// Anything else is a bug.
#include <exception>
#include <string>

#include "fuzz_common.hpp"
#include "notation/fen.hpp"
#include "notation/move_text.hpp"

using namespace hc;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const Variant& v = fuzz::pick_variant(data[0]);
  const std::string input(reinterpret_cast<const char*>(data + 1), size - 1);
  const std::string ctx = "input FEN: \"" + input + "\"";
  Position pos;
  try {
    set_fen(pos, v, input);
  } catch (const NotationError&) {
    return 0;
  } catch (const std::exception& e) {
    fuzz::fail(v, ctx, "set_fen threw something other than NotationError: %s", e.what());
  }
  const std::string fen = to_fen(pos);
  const std::string ctx2 = ctx + "\nto_fen: \"" + fen + "\"";
  if (!pos.is_consistent()) fuzz::fail(v, ctx2, "position not consistent after set_fen");

  // Round trip: our own output must be accepted and reproduce itself.
  Position again;
  try {
    set_fen(again, v, fen);
  } catch (const std::exception& e) {
    fuzz::fail(v, ctx2, "set_fen rejects to_fen's output: %s", e.what());
  }
  if (const std::string f2 = to_fen(again); f2 != fen)
    fuzz::fail(v, ctx2, "FEN round trip differs: \"%s\"", f2.c_str());
  if (again.key() != pos.key()) fuzz::fail(v, ctx2, "hash differs after FEN round trip");

  // Legal moves: make / undo each.
  MoveList legal;
  try {
    pos.ops().legal_moves(pos, legal);
  } catch (const std::exception& e) {
    fuzz::fail(v, ctx2, "legal_moves threw: %s", e.what());
  }
  if (legal.size() > MoveList::kCapacity) fuzz::fail(v, ctx2, "move list overflow (%d moves)", legal.size());
  const Key key = pos.key();
  for (Move m : legal) {
    Undo u;
    pos.ops().make(pos, m, u);
    if (!pos.is_consistent()) fuzz::fail(v, ctx2, "position not consistent after %s", to_uci(m).c_str());
    // The child's FEN round-trips too (as in tests/invariants_test.cpp).
    const std::string child = to_fen(pos);
    try {
      set_fen(again, v, child);
    } catch (const std::exception& e) {
      fuzz::fail(v, ctx2, "after %s, set_fen rejects to_fen's \"%s\": %s", to_uci(m).c_str(), child.c_str(), e.what());
    }
    if (to_fen(again) != child || again.key() != pos.key())
      fuzz::fail(v, ctx2, "after %s, child FEN \"%s\" does not round-trip (or its hash differs)", to_uci(m).c_str(),
                 child.c_str());
    pos.undo(u);
    if (const std::string f2 = to_fen(pos); f2 != fen)
      fuzz::fail(v, ctx2, "make/undo of %s changed the FEN to \"%s\"", to_uci(m).c_str(), f2.c_str());
    if (pos.key() != key) fuzz::fail(v, ctx2, "make/undo of %s changed the hash", to_uci(m).c_str());
  }
  return 0;
}
