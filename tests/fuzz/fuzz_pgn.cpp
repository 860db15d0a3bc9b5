// libFuzzer target: PGN (src/notation/pgn.cpp), as `heterochess validate` reads it.
// Input: byte 0 picks the variant used when a game has no [Variant] tag (fuzz_common.hpp), the rest is PGN text.
// split_pgn, make_variant (from the [Variant] tag) and set_fen (from the [FEN] tag) may throw NotationError or
// VariantError. replay_movetext reports bad moves in Replay::error and must not throw at all (the CLI does not
// catch around it). After the replay the position is consistent, the outcome can be evaluated, and the moves
// played, written back with write_movetext, replay to the same position without error.
#include <exception>
#include <string>

#include "fuzz_common.hpp"
#include "notation/fen.hpp"
#include "notation/pgn.hpp"

using namespace hc;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const Variant& default_variant = fuzz::pick_variant(data[0]);
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  const std::string ctx = "PGN text: \"" + text + "\"";
  std::vector<PgnGame> games;
  try {
    games = split_pgn(text);
  } catch (const NotationError&) {
    return 0;
  } catch (const std::exception& e) {
    fuzz::fail(default_variant, ctx, "split_pgn threw something other than NotationError: %s", e.what());
  }
  for (std::size_t gi = 0; gi < games.size() && gi < 4; ++gi) {
    const PgnGame& g = games[gi];
    Variant v = default_variant;
    try {
      if (auto tag = g.tag("Variant")) {
        v = make_variant(variant_from_tag(*tag));
      }
    } catch (const VariantError&) {
      continue;
    } catch (const std::exception& e) {
      fuzz::fail(v, ctx, "make_variant threw something other than VariantError: %s", e.what());
    }
    GameRecord game(v);
    try {
      if (auto tag = g.tag("FEN")) game.set_fen(*tag);
    } catch (const NotationError&) {
      continue;
    } catch (const std::exception& e) {
      fuzz::fail(v, ctx, "set_fen threw something other than NotationError: %s", e.what());
    }
    Replay rep;
    try {
      rep = replay_movetext(game, g);
    } catch (const std::exception& e) {
      fuzz::fail(v, ctx, "replay_movetext threw (errors belong in Replay::error): %s", e.what());
    }
    Position& pos = game.position();
    const std::string fen = to_fen(pos);
    if (!pos.is_consistent()) fuzz::fail(v, ctx + "\nafter replay: " + fen, "position not consistent");
    try {
      game.result();
    } catch (const std::exception& e) {
      fuzz::fail(v, ctx + "\nafter replay: " + fen, "GameRecord::result threw: %s", e.what());
    }

    // What we write we must read back.
    if (game.moves().empty()) continue;
    std::string written;
    try {
      written = write_movetext(v, game.start_fen(), game.moves());
    } catch (const std::exception& e) {
      fuzz::fail(v, ctx, "write_movetext threw: %s", e.what());
    }
    const std::string ctx2 = ctx + "\nstart: " + game.start_fen() + "\nwritten: " + written + "\nexpected: " + fen;
    GameRecord again(v);
    try {
      again.set_fen(game.start_fen());
    } catch (const std::exception& e) {
      fuzz::fail(v, ctx2, "set_fen rejects the game's own start FEN: %s", e.what());
    }
    PgnGame pg;
    pg.movetext = written;
    Replay rep2;
    try {
      rep2 = replay_movetext(again, pg);
    } catch (const std::exception& e) {
      fuzz::fail(v, ctx2, "replay of written movetext threw: %s", e.what());
    }
    if (rep2.error)
      fuzz::fail(v, ctx2, "written movetext does not replay: %s (column %d, move '%s')", rep2.error->message.c_str(),
                 rep2.error->column, rep2.error->move_text.c_str());
    if (to_fen(again.position()) != fen)
      fuzz::fail(v, ctx2, "written movetext replays to \"%s\"", to_fen(again.position()).c_str());
  }
  return 0;
}
