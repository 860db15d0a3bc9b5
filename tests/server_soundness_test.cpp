// Games stay sound (issue 9): an imported record is played under exactly the rules of a live game (draws
// included), a game starts only from a position with the kings its rules need, and a variant is stored under
// its canonical id. Against GameService over a real SQLite store (the HTTP layer maps kBadRequest to 400 and
// kIllegal to 422).
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "server/game_service.hpp"
#include "server/sqlite_store.hpp"

using namespace hc::server;
using json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

class Soundness : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("hc_soundness_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    store_ = std::make_unique<SqliteStore>((dir_ / "games.sqlite3").string());
    service_ = std::make_unique<GameService>(*store_);
  }
  void TearDown() override {
    service_.reset();
    store_.reset();
    fs::remove_all(dir_);
  }

  int stored_games() {
    sqlite3* db = nullptr;
    EXPECT_EQ(sqlite3_open_v2((dir_ / "games.sqlite3").c_str(), &db, SQLITE_OPEN_READONLY, nullptr),
              SQLITE_OK);
    sqlite3_stmt* st = nullptr;
    EXPECT_EQ(sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM games", -1, &st, nullptr), SQLITE_OK);
    EXPECT_EQ(sqlite3_step(st), SQLITE_ROW);
    int n = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return n;
  }

  // The request is refused with `kind` and a message containing every one of `words`; nothing is stored.
  void expect_refused(ServiceError::Kind kind, const std::vector<std::string>& words,
                      const std::function<void()>& request) {
    const int before = stored_games();
    try {
      request();
      ADD_FAILURE() << "accepted";
    } catch (const ServiceError& e) {
      EXPECT_EQ(e.kind(), kind) << e.what();
      for (const std::string& w : words)
        EXPECT_NE(std::string(e.what()).find(w), std::string::npos) << e.what();
    }
    EXPECT_EQ(stored_games(), before);
  }

  json create(const std::string& variant, const std::string& fen = "") {
    CreateOptions opt;
    opt.variant = variant;
    opt.fen = fen;
    opt.opponent = PlayerKind::kHuman;
    return service_->create(opt);
  }

  fs::path dir_;
  std::unique_ptr<SqliteStore> store_;
  std::unique_ptr<GameService> service_;
};

// Knights out and back twice: the start position stands at the start of White's turn for the third time after
// Black's 4th turn (turn 8), a draw by repetition (RULES.md D-3).
const std::vector<std::string> kShuffle = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"};
const char* kShufflePgn = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8";

TEST_F(Soundness, LivePlayEndsAThreefoldRepetition) {
  json g = create("chess");
  const std::string id = g["id"], white = g["token"], black = g["invite_token"];
  json s;
  for (std::size_t i = 0; i < kShuffle.size(); ++i)
    s = service_->play_turn(id, i % 2 ? black : white, kShuffle[i]);
  EXPECT_EQ(s["result"], "1/2-1/2");
  EXPECT_EQ(s["termination"], "draw by repetition");
  try {
    service_->play_turn(id, white, "e2e4");
    ADD_FAILURE() << "a turn after the end was accepted";
  } catch (const ServiceError& e) {
    EXPECT_EQ(e.kind(), ServiceError::kConflict);
  }
}

TEST_F(Soundness, AnImportEndsWhereLivePlayEnds) {
  json imp = service_->import_pgn(std::string(kShufflePgn) + " *\n");
  EXPECT_EQ(imp["game"]["turns"], json(kShuffle));
  EXPECT_EQ(imp["game"]["result"], "1/2-1/2");
  EXPECT_EQ(imp["game"]["termination"], "draw by repetition");
}

TEST_F(Soundness, AnImportThatGoesOnAfterTheEndIsRefusedNamingTheTurn) {
  expect_refused(
      ServiceError::kIllegal,
      {"after turn 8 the game is over (1/2-1/2, draw by repetition)", "turn 9 (white: e2e4) follows"},
      [&] { service_->import_pgn(std::string(kShufflePgn) + " 5. e4 *\n"); });
  // A 6,000-turn shuffle is refused the same way, at the same turn.
  std::string pgn;
  for (int i = 0; i < 1500; ++i) {
    pgn += std::to_string(2 * i + 1) + ". Nf3 Nf6 " + std::to_string(2 * i + 2) + ". Ng1 Ng8 ";
  }
  expect_refused(ServiceError::kIllegal, {"after turn 8", "turn 9 (white: g1f3) follows"},
                 [&] { service_->import_pgn(pgn + "*\n"); });
}

// RULES.md progressive decision 5: the quota is part of the state, so one placement at the start of White's
// turns with quotas 9, 11 and 13 is no repetition (the rook goes a1-a2-a3-a1 and shuttles a1-b1-a1, the king
// h8-g8-h8). The same game in tests/data/games/progressive_quota_no_repetition.pgn.
std::vector<std::string> progressive_shuffle() {
  auto white = [](int quota) {
    std::string t = "a1a2,a2a3,a3a1";
    for (int i = 3; i < quota; i += 2) t += ",a1b1,b1a1";
    return t;
  };
  auto black = [](int quota) {
    std::string t = "h8g8,g8h8";
    for (int i = 2; i < quota; i += 2) t += ",h8g8,g8h8";
    return t;
  };
  return {white(9), black(10), white(11), black(12), white(13)};
}
const char* kProgressiveShuffleFen = "7k/8/8/8/8/8/8/R6K w - - 0 5";

TEST_F(Soundness, AProgressivePlacementAtAnotherQuotaIsNoRepetition) {
  json g = create("progressive", kProgressiveShuffleFen);
  const std::string id = g["id"], white = g["token"], black = g["invite_token"];
  const auto turns = progressive_shuffle();
  json s;
  for (std::size_t i = 0; i < turns.size(); ++i) {
    s = service_->play_turn(id, i % 2 ? black : white, turns[i]);
    ASSERT_EQ(s["result"], "*") << "after turn " << i + 1 << ": " << s["termination"];
  }
  // The game goes on: Black plays his 14-move series.
  std::string next = "h8g8,g8h8";
  for (int i = 2; i < 14; i += 2) next += ",h8g8,g8h8";
  s = service_->play_turn(id, black, next);
  EXPECT_EQ(s["result"], "*");
}

TEST_F(Soundness, AProgressiveImportAtGrowingQuotasIsNoRepetition) {
  std::ifstream in(std::string(HC_TEST_DATA_DIR) + "/games/progressive_quota_no_repetition.pgn");
  ASSERT_TRUE(in.good());
  std::stringstream pgn;
  pgn << in.rdbuf();
  json imp = service_->import_pgn(pgn.str());
  EXPECT_EQ(imp["game"]["turns"], json(progressive_shuffle()));
  EXPECT_EQ(imp["game"]["result"], "*");
  EXPECT_EQ(imp["game"]["termination"], "");
}

TEST_F(Soundness, AnImportOfAFinishedStartPositionHasNoTurns) {
  // Fool's mate position, White mated: the game is over before any turn.
  const std::string fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
  json imp = service_->import_pgn("[FEN \"" + fen + "\"]\n\n*\n");
  EXPECT_EQ(imp["game"]["termination"], "checkmate");
}

TEST_F(Soundness, AGameStartsOnlyWithTheKingsItsRulesNeed) {
  expect_refused(ServiceError::kBadRequest, {"bad FEN", "Black has no king"},
                 [&] { create("chess", "8/8/8/8/8/8/8/4K3 w - - 0 1"); });
  expect_refused(ServiceError::kBadRequest, {"neither side has a king"},
                 [&] { create("atomic", "8/8/8/8/8/8/8/8 w - - 0 1"); });
  expect_refused(ServiceError::kBadRequest, {"White has no king"},
                 [&] { create("marseillais", "4k3/pppppppp/8/8/8/8/PPPPPPPP/8 w - - 0 1"); });
  expect_refused(ServiceError::kBadRequest, {"bad FEN tag", "Black has no king"},
                 [&] { service_->import_pgn("[FEN \"8/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 *\n"); });
  // With both kings, a bare-kings position is a game (drawn at once as a dead position).
  json g = create("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(g["game"]["termination"], "draw by insufficient material");
}

TEST_F(Soundness, VariantsAreStoredUnderTheirCanonicalId) {
  EXPECT_EQ(create("alice+progressive")["game"]["variant"], "progressive+alice");
  EXPECT_EQ(create("kamikaze+progressive")["game"]["variant"], "progressive-kamikaze");
  EXPECT_EQ(create("rifle:compulsory=true")["game"]["variant"], "rifle");
  json imp = service_->import_pgn("[Variant \"Atomic+Marseillais\"]\n\n*\n");
  EXPECT_EQ(imp["game"]["variant"], "marseillais+atomic");
  EXPECT_EQ(store_->load(imp["id"])->meta.variant, "marseillais+atomic");
  expect_refused(ServiceError::kBadRequest, {"variant id 'chess' given twice"},
                 [&] { create("chess+chess"); });
  std::string huge = "chess";
  while (huge.size() < 40000) huge += "+chess";
  expect_refused(ServiceError::kBadRequest, {"variant id too long: 40001 characters (at most 200)"},
                 [&] { create(huge); });
  expect_refused(ServiceError::kBadRequest, {"too long"},
                 [&] { service_->import_pgn("[Variant \"" + huge + "\"]\n\n*\n"); });
}

}  // namespace
