// Self-test of the reference generator: public perft numbers, RULES.md §9 worked examples, and the
// rule decisions listed in the brief (D-5, Galvin null turn, Madras "both inert", Rifle e.p. shot, …).
#include "reference.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

namespace ref = hc::reference;

namespace {

const std::string START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

std::set<std::string> moves(const std::string& variant, const std::string& fen) {
  auto v = ref::legal_moves(variant, fen);
  return {v.begin(), v.end()};
}

// Plays the moves one by one, checking each is legal; returns the final FEN.
std::string replay(const std::string& variant, std::string fen, const std::vector<std::string>& line) {
  for (const std::string& m : line) {
    auto legal = moves(variant, fen);
    EXPECT_TRUE(legal.count(m)) << variant << ": " << m << " not legal in " << fen;
    if (!legal.count(m)) return fen;
    fen = ref::play(variant, fen, m);
  }
  return fen;
}

std::string side_to_move(const std::string& fen) { return fen.substr(fen.find(' ') + 1, 1); }

std::filesystem::path ground_truth_dir() {
  std::filesystem::path compiled = HC_REFERENCE_GROUND_TRUTH;
  if (std::filesystem::exists(compiled / "perft_chess_random.tsv")) return compiled;
  if (const char* env = std::getenv("HC_GROUND_TRUTH")) return env;
  return compiled;
}

}  // namespace

// ------------------------------------------------------------------------------------------------ published
// perft

TEST(ReferencePerft, ChessStart) {
  const std::uint64_t expected[] = {20, 400, 8902, 197281};
  for (int d = 1; d <= 4; ++d) EXPECT_EQ(ref::perft("chess", START, d), expected[d - 1]) << "depth " << d;
}

TEST(ReferencePerft, Kiwipete) {
  const std::string fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  EXPECT_EQ(ref::perft("chess", fen, 1), 48u);
  EXPECT_EQ(ref::perft("chess", fen, 2), 2039u);
  EXPECT_EQ(ref::perft("chess", fen, 3), 97862u);
}

TEST(ReferencePerft, ChessRandomSuite) {
  const auto path = ground_truth_dir() / "perft_chess_random.tsv";
  std::ifstream in(path);
  if (!in) GTEST_SKIP() << "ground truth not found: " << path << " (set HC_GROUND_TRUTH)";
  struct Row {
    std::string fen;
    int depth;
    std::uint64_t nodes;
  };
  std::vector<Row> rows;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::stringstream ss(line);
    std::string variant, fen, depth, nodes;
    std::getline(ss, variant, '\t');
    std::getline(ss, fen, '\t');
    std::getline(ss, depth, '\t');
    std::getline(ss, nodes, '\t');
    if (variant == "chess" && std::stoi(depth) <= 3)
      rows.push_back({fen, std::stoi(depth), std::stoull(nodes)});
  }
  ASSERT_GE(rows.size(), 20u);
  for (size_t i = 0; i < 20; ++i) {  // 20 rows spread over the whole suite
    const Row& r = rows[i * rows.size() / 20 + (i % 3)];
    EXPECT_EQ(ref::perft("chess", r.fen, r.depth), r.nodes) << r.fen << " depth " << r.depth;
  }
}

TEST(ReferencePerft, AtomicPublished) {
  const std::uint64_t expected[] = {20, 400, 8902, 197326};
  for (int d = 1; d <= 4; ++d) EXPECT_EQ(ref::perft("atomic", START, d), expected[d - 1]) << "depth " << d;
  // python-chess / chessops atomic suites (tests/data/atomic.perft.tsv)
  EXPECT_EQ(ref::perft("atomic", "rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1", 3),
            45237u);
  EXPECT_EQ(ref::perft("atomic", "rn1qkb1r/p5pp/2p5/3p4/N3P3/5P2/PPP4P/R1BQK3 w Qkq - 0 1", 3), 23353u);
  EXPECT_EQ(ref::perft("atomic", "rnbqk2r/pp1p2pp/2p3Nn/5p2/1b2P1PP/8/PPP2P2/R1BQKB1R w KQkq - 0 1", 3),
            4973u);
}

TEST(ReferencePerft, AliceAgreesWithFairyStockfishWhereNoEnPassantDiffers) {
  // ffish-alice-es6 gives the same numbers (it differs only on Alice e.p., where RULES.md §5.1 decision 2 is
  // used).
  const std::uint64_t expected[] = {20, 400, 9384, 219236};
  for (int d = 1; d <= 4; ++d) EXPECT_EQ(ref::perft("alice", START, d), expected[d - 1]) << "depth " << d;
  EXPECT_EQ(ref::perft("alice", "rnb3R1/2pp1ppp/1|p1k1|p2/|p1b5/2|B|P4/2|N|K4/PPP1rP1P/4|R3 w - - 4 16", 3),
            40813u);
}

TEST(ReferencePerft, DerivedCounts) {
  // Progressive depth 3 (W, B, B) mirrors chess depth 3 (W, B, W); Galvin removes Black's 4 knight returns
  // after each of White's 20 first moves (null turn): 8902 - 80.
  EXPECT_EQ(ref::perft("progressive", START, 3), 8902u);
  EXPECT_EQ(ref::perft("balanced-marseillais", START, 3), 8902u);
  EXPECT_EQ(ref::perft("double-move-galvin", START, 3), 8822u);
  // Kamikaze and atomic coincide for the first four plies (no explosion reaches a non-pawn neighbour yet).
  EXPECT_EQ(ref::perft("kamikaze", START, 4), 197326u);
  EXPECT_EQ(ref::perft("progressive+kamikaze", START, 4), ref::perft("progressive-kamikaze", START, 4));
}

TEST(ReferencePerft, OwnNumbersRegression) {
  // Measured with this reference (not independent truth): they only guard against accidental changes.
  EXPECT_EQ(ref::perft("marseillais", START, 3), 8864u);
  EXPECT_EQ(ref::perft("marseillais+atomic", START, 3), 8864u);
  EXPECT_EQ(ref::perft("rifle", START, 4), 153023u);
  EXPECT_EQ(ref::perft("madras", START, 4), 195475u);
  EXPECT_EQ(ref::perft("progressive-italian", START, 4), 196812u);
  EXPECT_EQ(ref::perft("alice+madras", START, 3), 9296u);
  EXPECT_EQ(ref::perft("progressive+alice", START, 3), 9384u);
  EXPECT_EQ(ref::perft("balanced-marseillais+rifle", START, 3), 8067u);
}

// ------------------------------------------------------------------------------------------------ ids and
// FEN

TEST(ReferenceIds, UnknownAndClashingCompositionsThrow) {
  EXPECT_THROW(ref::legal_moves("nosuch", START), std::invalid_argument);
  EXPECT_THROW(ref::legal_moves("marseillais+progressive", START), std::invalid_argument);
  EXPECT_THROW(ref::legal_moves("atomic+rifle", START), std::invalid_argument);
  EXPECT_THROW(ref::legal_moves("progressive-kamikaze+atomic", START), std::invalid_argument);
  EXPECT_THROW(ref::legal_moves("alice+alice", START), std::invalid_argument);
  EXPECT_THROW(ref::legal_moves("chess+", START), std::invalid_argument);
  EXPECT_NO_THROW(ref::legal_moves("chess+madras+alice+kamikaze+progressive", START));
  EXPECT_THROW(ref::legal_moves("chess", "rnbqkbnr/pppppppp/8/8 w KQkq - 0 1"), std::invalid_argument);
  EXPECT_THROW(ref::legal_moves("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"),
               std::invalid_argument);
  EXPECT_THROW(ref::legal_moves("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN|R w KQkq - 0 1"),
               std::invalid_argument);
  EXPECT_THROW(ref::play("chess", START, "e2e5"), std::invalid_argument);
}

TEST(ReferenceFen, RoundTrips) {
  EXPECT_EQ(ref::normalize_fen("chess", START), START);
  EXPECT_EQ(ref::normalize_fen("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"), START);
  // e.p. field kept only while an enemy pawn could use it (formats.md field 4)
  EXPECT_EQ(ref::play("chess", START, "e2e4"), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  const std::string alice = "rnb3R1/2pp1ppp/1|p1k1|p2/|p1b5/2|B|P4/2|N|K4/PPP1rP1P/4|R3 w - - 4 16";
  EXPECT_EQ(ref::normalize_fen("alice", alice), alice);
  // 16-file side-by-side input (files i–p = board B)
  EXPECT_EQ(
      ref::normalize_fen("alice", "rnb3R9/2pp1ppp8/3k5p3p2/2b5p7/10BP4/10NK4/PPP1rP1P8/12R3 w - - 4 16"),
      alice);
  const std::string mid = "rnbqkbnr/ppp1pppp/8/8/3pP3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3 made=2 pend=e3";
  EXPECT_EQ(ref::normalize_fen("progressive", mid), mid);
}

// ------------------------------------------------------------------------------------------------ §9
// examples

TEST(ReferenceExamples, Marseillais_9_1) {
  std::string f = replay("marseillais", START, {"g1f3", "e2e4", "d7d5", "d5e4", "f3e5", "f1b5"});
  EXPECT_EQ(side_to_move(f), "b");  // Bb5+ was the second move anyway
  EXPECT_EQ(moves("marseillais", f).count("c7c6"), 1u);
  f = replay("marseillais", f, {"c7c6", "d8c7", "d1f3", "f3f7", "e8d8", "c7e5", "d2d4", "f7f8"});
  EXPECT_EQ(moves("marseillais", f), (std::set<std::string>{"d8c7", "d8d7"}));
  // side line: 2…Bd7/Qc8 3 Nxd7/Nb6+ (discovered check)
  f = replay("marseillais", START,
             {"g1f3", "e2e4", "d7d5", "d5e4", "f3e5", "f1b5", "c8d7", "d8c8", "e5d7", "d7b6"});
  EXPECT_EQ(side_to_move(f), "b");
}

TEST(ReferenceExamples, BalancedMarseillais_9_2) {
  const std::vector<std::string> common = {"d2d4", "g8f6", "d7d5", "b1c3", "g1f3", "c8f5", "f6g4",
                                           "h2h3", "h3g4", "f5c2", "c2d1", "h1h7", "h7h8"};
  std::string f = replay("balanced-marseillais", START, common);
  std::string g1 = replay(
      "balanced-marseillais", f,
      {"d1e2", "e2f1", "e1f1", "f1g1", "c7c5", "c5d4", "f3d4", "c1g5", "d8d7", "f7f6", "d4e6", "h8f8"});
  EXPECT_EQ(ref::outcome("balanced-marseillais", g1), "checkmate");
  std::string side = replay("balanced-marseillais", f, {"d1e2", "e2f1", "e1f1", "c1e3", "d8d6", "d6a6"});
  EXPECT_EQ(side_to_move(side), "w");
  std::string g2 =
      replay("balanced-marseillais", f, {"d1e2", "e2f3", "f1e2", "e2f3", "b8c6", "c6d4", "c3e2", "e2d4",
                                         "c7c5", "c5d4", "c1d2", "g4g5", "d8d7", "d7e6", "e1f1", "h8h4",
                                         "e6d7", "e7e6", "f3d5", "d5f3", "f8d6", "d7e7", "f3b7", "b7a8"});
  EXPECT_EQ(ref::outcome("balanced-marseillais", g2), "ongoing");
}

TEST(ReferenceExamples, MarseillaisBraca_9_3) {
  std::string f = replay("marseillais", "8/8/8/8/8/5K2/kp6/3Q4 w - - 0 1",
                         {"d1d2", "f3e2", "a2a1", "b2b1q", "d2d3", "d3a3", "b1a2", "e2d3", "a3c1", "a2b1",
                          "d3d2", "c1a3", "b1a2", "d2c1", "a3c3", "a2b2", "c3b2"});
  EXPECT_EQ(ref::outcome("marseillais", f), "checkmate");
}

TEST(ReferenceExamples, Galvin_9_4) {
  std::string f = replay("double-move-galvin", START,
                         {"b1c3", "b7b6", "c8b7", "e2e4", "d2d4", "b7a6", "a6f1", "c3d5", "d1f3", "d8c8",
                          "e8d8", "d5b4", "c1g5", "c8b7", "d8c8", "b4d5", "f3c3", "b7d5", "d5c6"});
  EXPECT_EQ(ref::outcome("double-move-galvin", f), "ongoing");
}

TEST(ReferenceExamples, Progressive_9_6_to_9_9) {
  replay("progressive", START,
         {"d2d4", "d7d5", "b8c6", "c1f4", "f4c7", "c7d8", "c8f5", "f5c2", "c2d1", "e8d8"});
  std::string f = replay("progressive", START,
                         {"d2d4", "d7d5", "b8c6", "c1f4", "f4c7", "c7d8", "e8d8", "e7e5", "a7a5", "f8b4"});
  EXPECT_EQ(side_to_move(f), "w");
  // 9.7: every Black reply gives check (and so ends his series)
  f = replay("progressive", START,
             {"d2d4", "c7c5", "c5d4", "e2e4", "e4e5", "b1a3", "d7d5", "c8g4", "g4d1", "e8d7", "e1d2", "d2d3",
              "d3d4", "d4d5", "e5e6"});
  EXPECT_EQ(moves("progressive", f), (std::set<std::string>{"f7e6", "d7e8", "d7c8", "d7c7"}));
  for (const std::string& m : moves("progressive", f))
    EXPECT_EQ(side_to_move(ref::play("progressive", f, m)), "w");
  // 9.8 Galvin (White)
  replay("progressive", START,
         {"d2d4", "c7c5", "c5d4", "e2e4",  "e4e5", "f2f4", "e7e6", "d4d3", "d3c2", "c2d1q", "e1d1",
          "f4f5", "f5e6", "e6e7", "e7d8q", "e8d8", "d7d6", "d6e5", "b7b5", "d8c7", "c8g4",  "f1e2",
          "e2g4", "g4f3", "f3a8", "d1e2",  "b1c3", "c3d5", "c7d7", "g8f6", "f8b4", "h8c8",  "c8c1",
          "c1a1", "f6d5", "d5f4", "e2f3",  "a2a3", "a3b4", "b2b3", "g1e2", "e2f4", "f4h3",  "h1a1",
          "a1a7", "d7e6", "e6f5", "b8c6",  "c6a7", "a7c8", "c8b6", "b6a8", "a8b6", "h7h6",  "e5e4",
          "f3e3", "h3f2", "f2e4", "e4c3",  "c3a4", "a4b6", "b6a4", "a4c3", "c3e2", "e3f3",  "h2h3"});
  // 9.9 Galvin (Black), with the corrected 6…Nxh4; 7 bxa8(B) because bxa8(Q) would check and end the series
  std::string before =
      replay("progressive", START, {"d2d4", "d7d5", "e7e5", "c1g5", "g5d8", "d8h4", "g7g5", "g5h4", "b8c6",
                                    "f8b4", "d1d2", "d2b4", "d4e5", "b4h4", "e1d2", "g8h6", "h6f5", "f5h4",
                                    "c8h3", "h3g2", "g2h1", "e2e4", "e4d5", "d5c6", "c6b7"});
  EXPECT_EQ(side_to_move(ref::play("progressive", before, "b7a8q")), "b");
  EXPECT_EQ(side_to_move(ref::play("progressive", before, "b7a8b")), "w");
  replay("progressive", before,
         {"b7a8b", "a8h1", "b1a3", "h8g8", "g8g1",  "g1h1", "h1f1", "f1a1", "a1a2", "a2a3", "a3f3",
          "b2b4",  "b4b5", "b5b6", "b6c7", "c7c8n", "c8a7", "a7c6", "c6d4", "d4f3", "f7f6", "f6e5",
          "e5e4",  "e4f3", "e8d7", "d7d6", "d6d5",  "h4f5", "h7h5", "h5h4", "d2c3", "c3b4", "b4a5",
          "a5b6",  "b6c7", "c7d8", "d8e8", "e8f7",  "f7g6", "g6f5", "f5f4", "d5c4", "c4c3", "c3c2",
          "c2d2",  "d2e2", "e2f2", "f2g2", "g2h2",  "h2g2", "h4h3", "h3h2", "f3f2"});
}

TEST(ReferenceExamples, ItalianMate_9_10) {
  const std::vector<std::string> line = {"d2d4", "c7c5", "c5d4", "e2e4", "e4e5", "b1a3", "e7e6",
                                         "d8g5", "g5c1", "c1d1", "a1d1", "d1d4", "f1b5", "d4c4",
                                         "c4c8", "e8e7", "b8c6", "a8c8", "c6d4", "d4b5", "b5a3",
                                         "c2c4", "e1d2", "d2c3", "c3b4", "g1f3", "h1d1", "d1d7"};
  std::string it = replay("progressive-italian", START, line);
  EXPECT_EQ(ref::outcome("progressive-italian", it), "checkmate");
  std::string sc = replay("progressive", START, line);
  EXPECT_EQ(moves("progressive", sc), (std::set<std::string>{"e7d7", "e7e8"}));
  EXPECT_EQ(ref::outcome("progressive", sc), "ongoing");
}

TEST(ReferenceExamples, ProgressiveMate_9_11) {
  for (const char* v : {"progressive", "progressive-italian"}) {
    std::string f = replay(v, START, {"e2e4", "e7e5", "g8f6", "f1c4", "d1h5", "h5f7"});
    EXPECT_EQ(ref::outcome(v, f), "checkmate") << v;
    EXPECT_TRUE(ref::legal_moves(v, f).empty());
  }
}

TEST(ReferenceExamples, ProgressiveKamikaze_9_13) {
  for (const char* v : {"progressive-kamikaze", "progressive+kamikaze", "progressive-italian+kamikaze"}) {
    std::string f = replay(v, START, {"e2e3", "f7f6", "g7g6", "f1d3", "d3g6", "d1h5"});
    EXPECT_EQ(f.substr(0, f.find(' ')),
              "rnbqkbnr/ppppp2p/5p2/7Q/8/4P3/PPPP1PPP/RNB1K1NR");  // Bxg6 removed both
    EXPECT_EQ(ref::outcome(v, f), "checkmate") << v;
  }
}

TEST(ReferenceExamples, Rifle_9_14) {
  std::string f = START;
  for (const std::string& m : std::vector<std::string>{"e2e4", "e7e5", "b2b3", "g8f6", "f1b5", "f6e4", "b5d7",
                                                       "e8e7", "c1a3", "e7e6", "a3f8", "d8d2", "d1d8"}) {
    auto legal = moves("rifle", f);
    ASSERT_TRUE(legal.count(m)) << m << " in " << f;
    if (m == "f6e4") {
      EXPECT_EQ(legal, (std::set<std::string>{"f6e4"}));  // compulsory, the only shot
    }
    f = ref::play("rifle", f, m);
  }
  EXPECT_EQ(f, "rnb4r/ppp2ppp/4kn2/1B2p3/8/BP6/P1P2PPP/RN1QK1NR b KQ - 0 7");  // shooters stayed
  f = replay("rifle", START, {"d2d4", "e7e5", "d4e5", "f8b4"});
  EXPECT_EQ(f.substr(0, f.find(' ')), "rnbqk1nr/pppp1ppp/8/8/1b1P4/8/PPP1PPPP/RNBQKBNR");
  EXPECT_EQ(moves("rifle", f), (std::set<std::string>{"c2c3", "b1c3", "b1d2", "c1d2", "d1d2"}));
}

TEST(ReferenceExamples, Madras_9_18) {
  std::string f = replay("madras", START, {"e2e4", "d7d5", "c2c4"});
  for (const std::string& m : moves("madras", f)) EXPECT_NE(m.substr(0, 2), "d5") << m;
  f = replay("madras", f, {"a7a6"});
  for (const std::string& m : moves("madras", f))
    EXPECT_TRUE(m.substr(0, 2) != "e4" && m.substr(0, 2) != "c4") << m;
  std::string q = replay(
      "madras", START,
      {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "f3e5", "d7d6", "d2d4", "c5d4", "d1d4", "d6e5"});
  for (const std::string& m : moves("madras", q)) EXPECT_NE(m.substr(0, 2), "d4") << m;
  const std::vector<std::string> to4 = {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "f3e5", "d7d6"};
  std::string side = replay("madras", START, to4);
  replay("madras", side, {"c4f7", "e8f7"});
  replay("madras", side, {"d1h5", "c8e6"});
}

TEST(ReferenceExamples, Alice_9_24_to_9_26) {
  std::string f = replay("alice", START, {"d2d4", "h7h6", "d1d7", "h6h5", "d7b5"});
  EXPECT_EQ(ref::outcome("alice", f), "checkmate");
  replay("alice", START, {"d2d4", "d7d6", "d1d8"});
  f = replay("alice", START, {"d2d4", "b8c6", "d1d7", "c8e6"});
  int queen_moves = 0;
  for (const std::string& m : moves("alice", f)) queen_moves += m.substr(0, 2) == "d7";
  EXPECT_EQ(queen_moves, 5);
  // 9.25 Turnbull & Coast (reconstructed): 1 Qh1>B! and every defence is mated next move
  const std::string tc = "8/8/8/8/7r/8/5Kpk/Q7 w - - 0 1";
  std::string key = ref::play("alice", tc, "a1h1");
  EXPECT_EQ(key, "8/8/8/8/7r/8/5Kpk/7|Q b - - 1 1");
  for (auto [d, m] : std::vector<std::pair<std::string, std::string>>{{"g2g1q", "h1g2"},
                                                                      {"g2g1n", "h1g2"},
                                                                      {"h4g4", "h1h4"},
                                                                      {"h4a4", "h1h4"},
                                                                      {"h4h5", "h1h5"},
                                                                      {"h4h8", "h1h8"},
                                                                      {"h4h3", "h1g1"}})
    EXPECT_EQ(ref::outcome("alice", replay("alice", key, {d, m})), "checkmate") << d << " " << m;
  // 9.26 postal game reaches the published position; the announced mate in 8
  f = replay("alice", START,
             {"d2d4", "g8f6", "c1g5", "h8g8", "g5f6", "e7f6", "e2e4", "g8g6", "d1f3", "d8e7",
              "g1e2", "e7e4", "e1d2", "a7a5", "b1c3", "f8b4", "f1c4", "g6g2", "f3e3", "e4e3",
              "d2e3", "b7b6", "h1g1", "b4c5", "e3d3", "g2e2", "g1g8", "e8e7", "a1e1", "e7d6"});
  EXPECT_EQ(f, "rnb3R1/2pp1ppp/1|p1k1|p2/|p1b5/2|B|P4/2|N|K4/PPP1rP1P/4|R3 w - - 4 16");
  f = replay("alice", f,
             {"c3b5", "d6c6", "g8c8", "c6b7", "c4d5", "b7a6", "b5c7", "a6a7", "c7b5", "a7a6", "d5b7", "a6b7",
              "c8c7", "b7a6", "c7a7"});
  EXPECT_EQ(ref::outcome("alice", f), "checkmate");
}

TEST(ReferenceExamples, AtomicOpenings_9_27) {
  replay("atomic", START, {"g1f3", "f7f6", "f3d4"});
  replay("atomic", START, {"g1h3", "g8f6"});
  replay("atomic", START, {"e2e4", "d7d5"});
}

// ------------------------------------------------------------------------------------------------ rule
// decisions

TEST(ReferenceRules, CompleteTurnPrinciple) {
  // White's only first move a5-a6 leaves no second move and gives no check: no complete turn, stalemate
  // (D-5).
  EXPECT_TRUE(ref::legal_moves("marseillais", "6r1/p7/8/P7/8/7k/8/7K w - - 0 5").empty());
  EXPECT_EQ(ref::outcome("marseillais", "6r1/p7/8/P7/8/7k/8/7K w - - 0 5"), "stalemate");
  EXPECT_EQ(moves("marseillais", "6r1/p7/8/P7/1P6/7k/8/7K w - - 0 5"),
            (std::set<std::string>{"b4b5", "a5a6"}));
  // Progressive has no D-5: a5-a6 is legal and then the series is stuck (progressive stalemate).
  const std::string prog = "6r1/p7/8/P7/8/7k/8/7K w - - 0 2";
  EXPECT_EQ(moves("progressive", prog), (std::set<std::string>{"a5a6"}));
  std::string mid = ref::play("progressive", prog, "a5a6");
  EXPECT_EQ(mid, "6r1/p7/P7/8/8/7k/8/7K w - - 0 2 made=1 progress=1");  // a pawn move: formats.md field 5
  EXPECT_EQ(ref::outcome("progressive", mid), "stalemate");
}

TEST(ReferenceRules, GalvinNullTurnAndKingCapture) {
  std::string f = replay("double-move-galvin", START, {"b1c3", "g8f6"});
  EXPECT_EQ(f, "rnbqkb1r/pppppppp/5n2/8/8/2N5/PPPPPPPP/R1BQKBNR b KQkq - 2 1 made=1 forbid=f6g8");
  EXPECT_EQ(moves("double-move-galvin", f).count("f6g8"), 0u);
  // king capture ends the game at once, mid-turn; the loser is to move without a king
  const std::string k = "4k3/8/8/8/8/8/4q3/4K3 b - - 0 3";
  EXPECT_EQ(moves("double-move-galvin", k).count("e2e1"), 1u);
  std::string won = ref::play("double-move-galvin", k, "e2e1");
  EXPECT_EQ(won, "4k3/8/8/8/8/8/8/4q3 w - - 0 4");
  EXPECT_EQ(ref::outcome("double-move-galvin", won), "king-captured");
  EXPECT_TRUE(ref::legal_moves("double-move-galvin", won).empty());
}

TEST(ReferenceRules, AtomicExplosionEndsGame) {
  const std::string f = "4k3/4p3/8/8/8/8/8/4QK2 w - - 0 1";  // Qxe7 explodes the king on e8
  std::string won = ref::play("marseillais+atomic", f, "e1e7");
  EXPECT_EQ(won, "8/8/8/8/8/8/8/5K2 b - - 0 1");
  EXPECT_EQ(ref::outcome("marseillais+atomic", won), "king-captured");
}

TEST(ReferenceRules, MarseillaisPairEnPassant) {
  // White made two two-steps (b2-b4 and d2-d4); Black's c4 pawn may take one, and the other by the second
  // move only after the first e.p. capture.
  const std::string f = "4k3/8/8/8/pPpPp3/8/8/4K3 b - b3,d3 0 3";
  auto first = moves("marseillais", f);
  EXPECT_TRUE(first.count("a4b3") && first.count("c4b3") && first.count("c4d3") && first.count("e4d3"));
  std::string after = ref::play("marseillais", f, "c4b3");
  EXPECT_EQ(after, "4k3/8/8/8/p2Pp3/1p6/8/4K3 b - d3 0 3 made=1");
  EXPECT_EQ(moves("marseillais", after).count("e4d3"), 1u);
  std::string quiet = ref::play("marseillais", f, "e8e7");
  EXPECT_EQ(moves("marseillais", quiet).count("c4d3"), 0u);
}

TEST(ReferenceRules, MadrasBothInertEnPassant) {
  std::string f = ref::play("madras", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "e2e4");
  EXPECT_EQ(f, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
  for (const std::string& m : moves("madras", f)) EXPECT_NE(m.substr(0, 2), "d4") << m;
  // the double-stepper gives no check during the reply: Black's king on f5 is not in check
  EXPECT_EQ(ref::outcome("madras", "8/8/8/5k2/3pP3/8/8/4K3 b - e3 0 1"), "ongoing");
  EXPECT_EQ(moves("madras", "8/8/8/5k2/3pP3/8/8/4K3 b - e3 0 1").count("f5f4"), 1u);
}

TEST(ReferenceRules, RifleEnPassantShot) {
  std::string f = ref::play("rifle", "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", "d7d5");
  EXPECT_EQ(f, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  EXPECT_EQ(moves("rifle", f), (std::set<std::string>{"e5d6"}));  // compulsory
  EXPECT_EQ(ref::play("rifle", f, "e5d6"), "4k3/8/8/4P3/8/8/8/4K3 b - - 0 2");
  // pawn shots on the last rank do not promote
  EXPECT_EQ(moves("rifle", "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1"), (std::set<std::string>{"e7d8"}));
}

TEST(ReferenceRules, KamikazeKingsAttackNothing) {
  // Adjacent kings are legal in kamikaze; a capture removes both men; promotion-captures are four moves.
  auto m = moves("kamikaze", "8/8/8/8/8/3k4/8/3K4 w - - 0 1");
  EXPECT_TRUE(m.count("d1d2"));
  auto p = moves("kamikaze", "3r4/4P3/8/8/8/8/k7/K7 w - - 0 1");
  EXPECT_TRUE(p.count("e7d8q") && p.count("e7d8n"));
  EXPECT_EQ(ref::play("kamikaze", "3r4/4P3/8/8/8/8/k7/K7 w - - 0 1", "e7d8q"), "8/8/8/8/8/8/k7/K7 b - - 0 1");
}

TEST(ReferenceRules, ItalianForbidsEarlyCheck) {
  // White's 3-move series: a check with the first or second move is illegal, with the third it is allowed.
  const std::string f = "4k3/8/8/8/8/8/8/R3K3 w - - 0 2";
  EXPECT_EQ(moves("progressive-italian", f).count("a1a8"), 0u);
  EXPECT_EQ(moves("progressive", f).count("a1a8"), 1u);
  std::string two = replay("progressive-italian", f, {"a1a2", "a2a3"});
  EXPECT_EQ(moves("progressive-italian", two).count("a3a8"), 1u);
}

TEST(ReferenceRules, ProgressiveEnPassantNeverOccupiedVsEmptyNow) {
  const std::string f = "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3";
  const std::vector<std::string> line = {"e2e4", "d2d3", "c1e3", "e3g5", "g5h4"};  // the bishop stood on e3
  // Field 5 is 0: the series made pawn moves (formats.md: complete turns without capture or pawn move).
  EXPECT_EQ(replay("progressive", f, line), "rnbqkbnr/ppp1pppp/8/8/3pP2B/3P4/PPP2PPP/RN1QKBNR b KQkq - 0 3");
  EXPECT_EQ(replay("progressive-italian", f, line),
            "rnbqkbnr/ppp1pppp/8/8/3pP2B/3P4/PPP2PPP/RN1QKBNR b KQkq e3 0 3");
}
