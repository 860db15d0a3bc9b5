// The position key covers the whole turn state (RULES.md D-3, progressive decision 5): every field that
// decides which moves or turns are legal next changes the key, the draw counters do not, and the engine's
// search does not take a placement seen at another quota for a repetition.
#include <gtest/gtest.h>

#include <functional>
#include <set>

#include "engine/search.hpp"
#include "support.hpp"

using namespace hc;

namespace {

Key key_with(Position& pos, const std::function<void(TurnState&)>& change) {
  const TurnState saved = pos.state();
  change(pos.state());
  pos.refresh_key();
  const Key k = pos.key();
  pos.state() = saved;
  return k;
}

}  // namespace

TEST(TurnStateKey, EveryFieldThatDecidesLegalityChangesTheKey) {
  Variant v = make_variant("progressive");
  Position pos;
  set_fen(pos, v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 5");  // quota 9
  const Key base = pos.key();
  const std::vector<std::pair<const char*, std::function<void(TurnState&)>>> changes = {
      {"side", [](TurnState& s) { s.side = kBlack; }},
      {"castling", [](TurnState& s) { s.castling = 0; }},
      {"ep_now", [](TurnState& s) { s.ep_now = bb(make_square(4, 2)); }},
      {"ep_pending", [](TurnState& s) { s.ep_pending = bb(make_square(4, 5)); }},
      {"forbid", [](TurnState& s) { s.forbid = Move(make_square(0, 0), make_square(0, 1)); }},
      {"made 1", [](TurnState& s) { s.made = 1; }},
      {"made 33", [](TurnState& s) { s.made = 33; }},  // not the key of made 1
      {"quota 11", [](TurnState& s) { s.quota = 11; }},
      {"quota 13", [](TurnState& s) { s.quota = 13; }},
      {"quota 255", [](TurnState& s) { s.quota = 255; }},
  };
  std::set<Key> seen{base};
  for (const auto& [name, change] : changes) {
    const Key k = key_with(pos, change);
    EXPECT_NE(k, base) << name;
    EXPECT_TRUE(seen.insert(k).second) << name << " collides with another change";
  }
  // The draw counters decide draws, not legality: under D-3 they do not make two positions different.
  EXPECT_EQ(key_with(pos, [](TurnState& s) { s.no_progress = 7; }), base);
  EXPECT_EQ(key_with(pos, [](TurnState& s) { s.fullmove = 6; }), base);
  EXPECT_EQ(key_with(pos, [](TurnState& s) { s.turn_progress = true; }), base);
}

TEST(TurnStateKey, OnePlacementAtTwoQuotasHasTwoKeys) {
  Variant v = make_variant("progressive");
  Position nine, eleven;
  set_fen(nine, v, "7k/8/8/8/8/8/8/R6K w - - 0 5");
  set_fen(eleven, v, "7k/8/8/8/8/8/8/R6K w - - 0 6");
  ASSERT_EQ(nine.state().quota, 9);
  ASSERT_EQ(eleven.state().quota, 11);
  EXPECT_NE(nine.key(), eleven.key());
  // Chess: the move number is not part of the state, the key is the same.
  Variant c = make_variant("chess");
  Position five, six;
  set_fen(five, c, "7k/8/8/8/8/8/8/R6K w - - 0 5");
  set_fen(six, c, "7k/8/8/8/8/8/8/R6K w - - 0 6");
  EXPECT_EQ(five.key(), six.key());
}

// White's turn 3 (quota 3) went a1-a2-a3-a1 from the placement below; Black, a rook down, to move with
// quota 4. Kg8, Kh8, Kg8, Kh8 brings back the placement at the start of White's turn 5 — quota 5, not a
// repetition of the start of turn 3, so the search must not score it as a draw (0): it sees White a rook up
// (bound stated generously: worse than -2 pawns for Black).
TEST(TurnStateKey, SearchDoesNotTakeAnotherQuotaForARepetition) {
  Variant v = make_variant("progressive");
  GameRecord g(v);
  g.set_fen("7k/8/8/8/8/8/8/R6K w - - 0 2");
  std::vector<Key> history{g.position().key()};
  for (const char* m : {"a1a2", "a2a3", "a3a1"}) g.play(parse_move(g.position(), m));
  ASSERT_EQ(g.position().state().made, 0);
  ASSERT_EQ(g.position().state().quota, 4);
  history.push_back(g.position().key());
  Search search(4);
  SearchLimits lim;
  lim.depth = 2;
  lim.turn_probes = false;
  int score = 0, depth = 0;
  search.think(g.position(), history, lim, [&](const SearchInfo& info) {
    score = info.score;
    depth = info.depth;
  });
  EXPECT_EQ(depth, 2);
  EXPECT_LT(score, -200);
}

// A lost-move check keeps the moves it generated for the next generation at the same position
// (rules/turn.cpp). That cache must not outlive the rules: the same Position object, reset to another variant
// whose state after the same move has the same key, gets its own moves (the browser e2e test found
// bilateral-marseillais offered piece-and-pawn-marseillais's moves after h2h4 on a server thread).
TEST(TurnStateKey, LostMoveCacheIsNotSharedAcrossVariants) {
  auto moves_after = [](Position& pos, const Variant& v, const char* uci) {
    set_fen(pos, v, v.start_fen);
    Undo u;
    pos.ops().make(pos, parse_uci(pos, uci), u);
    return test::legal(pos);
  };
  const Variant pawn_piece = make_variant("piece-and-pawn-marseillais"),
                halves = make_variant("bilateral-marseillais");
  auto has = [](const std::vector<std::string>& v, const char* m) {
    return std::find(v.begin(), v.end(), m) != v.end();
  };
  // After h2h4 the two states have the same key (made=1, the second category used).
  Position pos;
  const auto pieces = moves_after(pos, pawn_piece, "h2h4");  // a piece move is owed
  EXPECT_TRUE(has(pieces, "g1f3"));
  EXPECT_FALSE(has(pieces, "d2d4"));
  const auto queenside = moves_after(pos, halves, "h2h4");  // a move departing files a-d is owed
  EXPECT_TRUE(has(queenside, "d2d4"));
  EXPECT_FALSE(has(queenside, "g1f3"));
}
