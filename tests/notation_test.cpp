// Text formats: FEN errors say what and where; SAN and UCI round-trip for every legal move; PGN written by us
// reads back to the same game; variant ids compose and clash with clear messages.
#include <gtest/gtest.h>

#include <random>

#include "notation/pgn.hpp"
#include "support.hpp"

using namespace hc;

namespace {
struct BadFen {
  const char* variant;
  const char* fen;
  const char* message_part;
  int column;
};
}  // namespace

TEST(Fen, ErrorsSayWhatAndWhere) {
  const BadFen cases[] = {
      {"chess", "", "at least 4 fields", 1},
      {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", "rank 1 has 7 files", 43},
      {"chess", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 has 9 files", 20},
      {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "unknown man 'X'", 43},
      {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move", 45},
      {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1", "bad castling flag 'z'", 50},
      {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "castling flag 'K'", 47},
      {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "bad en-passant square", 52},
      {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "wrong rank", 52},
      {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "no-progress counter", 54},
      {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "at least 1", 56},
      {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 made=1",
       "made=1 but this turn has 1", 63},
      {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 foo=1",
       "unknown FEN extension 'foo'", 58},
      {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R|NBQKBNR w KQkq - 0 1",
       "'|' (board B) used in a one-board", 37},
      {"chess", "rnbqkbnr/ppppPppp/8/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1", "", 0},  // legal: pawn on 7th
      {"chess", "Pnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "pawn on the first or last rank",
       1},
      {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1", "more than one king", 1},
      {"chess", "4k3/8/8/8/8/8/8/4K2r b - - 0 1", "is in check", 22},
      {"alice", "4k3/8/8/8/8/8/8/4K3|K7 w - - 0 1", "16 files", 0},
      {"marseillais", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 made=2", "made=2 but this turn has 2", 36},
      // Found by fuzzing: more than 16 men a side overflowed the move list in Alice; huge counters
      // overflowed.
      {"alice", "kn2|Q2Q/nn1Q1Q|Q1/Q2|Q4/|Q1Q2|QQ1/2|Q1Q2|Q/1Q2|Q3/1|Q4|QQ/Q2|Q1Q1K w - - 0 1",
       "White has 23 men", 1},
      {"chess", "4k3/8/8/8/8/8/8/4K3 b - - 999999999 1", "no-progress counter too large", 27},
      {"chess", "4k3/8/8/8/8/8/8/4K3 b - - 0 123456789", "move number too large", 29},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.fen);
    Variant v = make_variant(c.variant);
    Position pos;
    if (!*c.message_part) {
      EXPECT_NO_THROW(set_fen(pos, v, c.fen));
      continue;
    }
    try {
      set_fen(pos, v, c.fen);
      ADD_FAILURE() << "accepted";
    } catch (const NotationError& e) {
      EXPECT_NE(std::string(e.what()).find(c.message_part), std::string::npos) << e.what();
      if (c.column) {
        EXPECT_EQ(e.column(), c.column) << e.what();
      }
    }
  }
}

TEST(Fen, AliceSideBySideInputAndMidTurnState) {
  Variant alice = make_variant("alice");
  Position pos;
  set_fen(pos, alice, "rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w KQkq - 0 1");
  EXPECT_EQ(to_fen(pos), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  set_fen(pos, alice, "4k11/16/16/16/16/16/16/4K10N w - - 0 1");
  EXPECT_EQ(to_fen(pos), "4k3/8/8/8/8/8/8/4K2|N w - - 0 1");
  EXPECT_EQ(pos.at(1, parse_square("h1")), make_piece(kWhite, kKnight));
  Variant mars = make_variant("marseillais");
  set_fen(pos, mars, "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
  // Mid-turn state round-trips.
  const char* mid = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 2 made=1 pend=d6";
  EXPECT_THROW(set_fen(pos, mars, mid), NotationError);  // pend is White's own two-step: must be rank 3
  const char* mid_ok = "4k3/8/8/8/2pP4/8/8/4K3 w - - 0 2 made=1 pend=d3";
  set_fen(pos, mars, mid_ok);
  EXPECT_EQ(to_fen(pos), mid_ok);
  // A pending right no black pawn could use is not state (formats.md field 4): it is dropped.
  set_fen(pos, mars, "4k3/8/8/8/3P4/8/8/4K3 w - - 0 2 made=1 pend=d3");
  EXPECT_EQ(to_fen(pos), "4k3/8/8/8/3P4/8/8/4K3 w - - 0 2 made=1");
}

TEST(MoveText, SanAndUciRoundTripForEveryLegalMove) {
  for (const auto& id : test::slice_variants()) {
    SCOPED_TRACE(id);
    Variant v = make_variant(id);
    Position pos;
    int checked = 0;
    for (const auto& fen : test::random_positions(id, 300, 7)) {
      set_fen(pos, v, fen);
      MoveList list;
      pos.ops().legal_moves(pos, list);
      for (Move m : list) {
        std::string san = to_san(pos, m), uci = to_uci(m);
        ASSERT_EQ(parse_san(pos, san), m) << fen << " " << san;
        ASSERT_EQ(parse_uci(pos, uci), m) << fen << " " << uci;
        ++checked;
      }
    }
    EXPECT_GT(checked, 1000);
  }
}

TEST(MoveText, IllegalMovesAreRejectedWithAReason) {
  Variant v = make_variant("chess");
  Position pos;
  set_fen(pos, v, v.start_fen);
  EXPECT_THROW(parse_uci(pos, "e2e5"), NotationError);
  EXPECT_THROW(parse_uci(pos, "e3e4"), NotationError);
  EXPECT_THROW(parse_uci(pos, "zz"), NotationError);
  EXPECT_THROW(parse_san(pos, "Nf4"), NotationError);
  EXPECT_THROW(parse_san(pos, "Qxe8"), NotationError);
  try {
    parse_uci(pos, "e3e4");
  } catch (const NotationError& e) {
    EXPECT_NE(std::string(e.what()).find("no man on e3"), std::string::npos) << e.what();
  }
}

TEST(Pgn, WrittenGamesReadBack) {
  for (const auto& id : test::slice_variants()) {
    SCOPED_TRACE(id);
    Variant v = make_variant(id);
    std::mt19937_64 rng(99);
    for (int game = 0; game < 20; ++game) {
      GameRecord g(v);
      for (int i = 0; i < 60; ++i) {
        MoveList list;
        g.position().ops().legal_moves(g.position(), list);
        if (list.empty()) break;
        g.play(list[int(rng() % list.size())]);
      }
      std::string pgn = write_pgn(v, v.start_fen, g.moves(), {{"Event", "round trip"}}, "*");
      auto games = split_pgn(pgn);
      ASSERT_EQ(games.size(), 1u);
      GameRecord back(make_variant(variant_from_tag(*games[0].tag("Variant"))));
      Replay rep = replay_movetext(back, games[0]);
      ASSERT_FALSE(rep.error) << pgn << "\n" << rep.error->message;
      ASSERT_EQ(back.moves().size(), g.moves().size()) << pgn;
      ASSERT_EQ(to_fen(back.position()), to_fen(g.position())) << pgn;
    }
  }
}

TEST(Pgn, TurnGroupingIsChecked) {
  Variant v = make_variant("marseillais");
  GameRecord g(v);
  PgnGame pg;
  pg.movetext = "1. e4,d4,Nf3 *";  // three moves joined in a two-move turn
  Replay rep = replay_movetext(g, pg);
  ASSERT_TRUE(rep.error);
  EXPECT_NE(rep.error->message.find("already ended"), std::string::npos) << rep.error->message;
  EXPECT_EQ(rep.error->column, 10);
  GameRecord g2(v);
  pg.movetext = "1. e4 2. d5";
  rep = replay_movetext(g2, pg);
  ASSERT_TRUE(rep.error);
  EXPECT_NE(rep.error->message.find("middle of a turn"), std::string::npos) << rep.error->message;
}

TEST(Variants, CompositionAndClashes) {
  EXPECT_EQ(make_variant("progressive+kamikaze").rules.capture, CaptureKind::kKamikaze);
  EXPECT_EQ(make_variant("progressive-kamikaze").rules.schedule.kind, ScheduleKind::kProgressive);
  auto message = [](const std::string& id) {
    try {
      make_variant(id);
    } catch (const VariantError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(
      message("marseillais+progressive"),
      "variant ids 'marseillais' and 'progressive' both set the schedule dimension; they cannot be combined");
  EXPECT_EQ(message("atomic+rifle"),
            "variant ids 'atomic' and 'rifle' both set the capture dimension; they cannot be combined");
  EXPECT_NE(message("atomix").find("unknown variant id 'atomix'"), std::string::npos);
  EXPECT_NE(message("alice+").find("empty component"), std::string::npos);
  EXPECT_NE(message("alice:ep=sometimes").find("bad option"), std::string::npos);
}

// Found by fuzzing: after an e.p. capture by the first move of a Marseillais turn, the other right stays only
// while some pawn can still use it (otherwise the played position and its FEN disagreed).
TEST(Fen, MarseillaisPairRightDroppedWhenUnusable) {
  Variant v = make_variant("marseillais");
  Position pos, again;
  set_fen(pos, v, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6,f6 0 3");
  Undo u;
  pos.ops().make(pos, parse_uci(pos, "e5d6"), u);
  EXPECT_EQ(to_fen(pos), "rnbqkbnr/ppp1p1pp/3P4/5p2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3 made=1");
  set_fen(again, v, to_fen(pos));
  EXPECT_EQ(again.key(), pos.key());
  // With a second white pawn on g5 the f6 right survives for the second move.
  set_fen(pos, v, "rnbqkbnr/ppp1p1pp/8/3pPpP1/8/8/PPPP1P1P/RNBQKBNR w KQkq d6,f6 0 3");
  pos.ops().make(pos, parse_uci(pos, "e5d6"), u);
  EXPECT_EQ(to_fen(pos), "rnbqkbnr/ppp1p1pp/3P4/5pP1/8/8/PPPP1P1P/RNBQKBNR w KQkq f6 0 3 made=1");
  EXPECT_NO_THROW(parse_uci(pos, "g5f6"));
}

TEST(Pgn, VariantTagCapitalisesIdsNotOptions) {
  EXPECT_EQ(variant_tag("balanced-marseillais"), "Balanced-Marseillais");
  EXPECT_EQ(variant_tag("progressive+alice"), "Progressive+Alice");
  EXPECT_EQ(variant_tag("madras:madras-ep=stepper-only"), "Madras:madras-ep=stepper-only");
  EXPECT_EQ(variant_tag("alice+madras:ep=none,madras-ep=both"), "Alice+Madras:ep=none,madras-ep=both");
}

TEST(Pgn, TagPairsShareALineWithEachOtherAndWithMovetext) {
  auto games = split_pgn("[Event \"x\"] [Site \"a \\\"b\\\" \\\\c\"]   1. e4 e5 1-0\n");
  ASSERT_EQ(games.size(), 1u);
  ASSERT_EQ(games[0].tags.size(), 2u);
  EXPECT_EQ(games[0].tags[0], (std::pair<std::string, std::string>("Event", "x")));
  EXPECT_EQ(games[0].tags[1], (std::pair<std::string, std::string>("Site", "a \"b\" \\c")));
  EXPECT_NE(games[0].movetext.find("1. e4 e5 1-0"), std::string::npos) << games[0].movetext;
  // Garbage after a tag is movetext, so the move reader refuses it instead of it vanishing.
  games = split_pgn("[Variant \"marseillais\"] zz9 *\n");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_NE(games[0].movetext.find("zz9"), std::string::npos);
  EXPECT_THROW(split_pgn("[Event x]\n"), NotationError);
  EXPECT_THROW(split_pgn("[Event \"x\"\n"), NotationError);
  EXPECT_THROW(split_pgn("[Event \"x]\n"), NotationError);
  EXPECT_THROW(split_pgn("[ \"x\"]\n"), NotationError);
}
