// Variant files (variants/variant_file.hpp, docs/variants.md): the built-in catalogue is one, read from the
// text compiled in; user files add ids with inheritance and aliases, every error is reported with its line,
// column and key, and a loaded id plays like a built-in one.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "rules/game.hpp"
#include "support.hpp"
#include "variants/registry.hpp"
#include "variants/variant_file.hpp"

using namespace hc;

namespace {

VariantFileResult read(const std::string& text) {
  return read_variants_text(text, "test.toml", builtin_catalogue());
}

std::vector<std::string> dims(const VariantInfo& v) {
  std::vector<std::string> out;
  for (Dimension d : v.sets) out.push_back(dimension_name(d));
  return out;
}

const VariantInfo& entry(const Catalogue& c, const std::string& id) {
  const VariantInfo* v = c.find(id);
  if (!v) throw std::runtime_error("no id " + id);
  return *v;
}

std::string refusal(const std::string& spec, const Catalogue& c) {
  try {
    make_variant(spec, c);
  } catch (const VariantError& e) {
    return e.what();
  }
  return "";
}

std::uint64_t perft_of(const Variant& v, int depth) {
  Position pos;
  set_fen(pos, v, v.start_fen);
  return perft(pos, depth);
}

std::string temp_file(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / ("hc_variant_file_test_" + name);
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

// Restores the built-in catalogue when a test that loads a file ends.
struct BuiltinAfter {
  ~BuiltinAfter() { install_catalogue(builtin_catalogue()); }
};

}  // namespace

TEST(VariantFile, TheBuiltinCatalogueIsTheDataFile) {
  const Catalogue& c = builtin_catalogue();
  std::vector<std::string> ids;
  for (const auto& v : c.variants) ids.push_back(v.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"chess",
                                           "marseillais",
                                           "balanced-marseillais",
                                           "double-move-galvin",
                                           "progressive",
                                           "progressive-italian",
                                           "marseillais-alternative",
                                           "alternating-marseillais",
                                           "different-men-marseillais",
                                           "piece-and-pawn-marseillais",
                                           "bilateral-marseillais",
                                           "central-marseillais",
                                           "black-and-white-marseillais",
                                           "maximummer-marseillais",
                                           "equivalent-marseillais",
                                           "equidistant-marseillais",
                                           "balanced-equidistant-marseillais",
                                           "citizen",
                                           "power-pawn",
                                           "doublet",
                                           "double-trouble",
                                           "king-and-pawns",
                                           "king-and-pawns-medieval",
                                           "king-and-pawns-verney",
                                           "king-and-pawns-gik",
                                           "monster",
                                           "imperatore",
                                           "one-two",
                                           "triplets",
                                           "triplets-gardner",
                                           "threesum",
                                           "hurricane",
                                           "battle-ratushny",
                                           "omni-chess",
                                           "sputnik",
                                           "swarm",
                                           "kazan",
                                           "progressive-symmetric",
                                           "fibonacci",
                                           "slow-progressive",
                                           "progressive-cyclical",
                                           "scottish-modern",
                                           "bank-of-scotland",
                                           "bank-of-scotland-modern",
                                           "very-scottish",
                                           "capturing-progressive",
                                           "switchback",
                                           "logical-progressive",
                                           "progressive-forwards",
                                           "progressive-late-mate",
                                           "progressive-pribylinec",
                                           "progressive-english",
                                           "atomic",
                                           "rifle",
                                           "kamikaze",
                                           "madras",
                                           "alice",
                                           "ekstrom-en-passant",
                                           "reform-tabi",
                                           "spite",
                                           "machine-gun",
                                           "progressive-machine-gun",
                                           "progressive-circe",
                                           "moss",
                                           "bicolour",
                                           "bicolour-tylor",
                                           "bicolour-ridley",
                                           "bicapture",
                                           "suicide-piece-removal",
                                           "capricorn",
                                           "poloschach",
                                           "butters",
                                           "archimedes",
                                           "missile",
                                           "goliath",
                                           "rapid-fire",
                                           "progressive-kamikaze",
                                           "progressive-take-all",
                                           "marseillais-losing",
                                           "kamikaze-promotion-race"}));
  // The dimensions are derived from the keys an id (and its parent) sets.
  EXPECT_EQ(dims(entry(c, "chess")), std::vector<std::string>{});
  EXPECT_EQ(dims(entry(c, "ekstrom-en-passant")), std::vector<std::string>{"en-passant"});
  EXPECT_EQ(dims(entry(c, "reform-tabi")), std::vector<std::string>{"capture"});
  EXPECT_EQ(dims(entry(c, "moss")), std::vector<std::string>{"capture"});
  EXPECT_EQ(entry(c, "moss").rules.capture_pattern, CapturePattern::kVictims);
  EXPECT_EQ(dims(entry(c, "bicolour")), (std::vector<std::string>{"schedule", "check", "array"}));
  EXPECT_EQ(entry(c, "bicolour").rules.check_attackers, CheckAttackers::kBothColours);
  EXPECT_EQ(entry(c, "bicapture").alias_of, "reform-tabi+bicolour");
  EXPECT_TRUE(make_variant("bicapture").rules.capture_own_men);
  EXPECT_EQ(make_variant("bicapture").start_fen, make_variant("bicolour").start_fen);
  EXPECT_EQ(make_variant("bicolour").start_fen, "rqbnkbnr/pppppppp/8/8/8/8/PPPPPPPP/RQBNKBNR w - - 0 1");
  EXPECT_EQ(entry(c, "bicolour-tylor").rules.check_attackers, CheckAttackers::kBothColoursOnceMoved);
  EXPECT_FALSE(entry(c, "bicolour-tylor").rules.castling);
  EXPECT_TRUE(entry(c, "bicolour-ridley").rules.castling);
  EXPECT_EQ(make_variant("bicolour-ridley").start_fen, make_variant("chess").start_fen);
  EXPECT_EQ(entry(c, "archimedes").rules.turn_start, TurnStartKind::kDoubleAttacked);
  EXPECT_EQ(entry(c, "archimedes").rules.capture, CaptureKind::kNone);
  EXPECT_EQ(dims(entry(c, "missile")), std::vector<std::string>{"capture"});
  // butting (RULES.md §4.3): capricorns with their array; poloschach the same rules; butters every man.
  EXPECT_EQ(dims(entry(c, "capricorn")), (std::vector<std::string>{"capture", "array"}));
  EXPECT_EQ(make_variant("capricorn").rules.butting, Butting::kCapricorns);
  EXPECT_EQ(make_variant("capricorn").start_fen, "cnbqkbnc/pppppppp/8/8/8/8/PPPPPPPP/CNBQKBNC w KQkq - 0 1");
  EXPECT_EQ(make_variant("poloschach").start_fen, make_variant("capricorn").start_fen);
  EXPECT_EQ(make_variant("poloschach").rules.butting, Butting::kCapricorns);
  EXPECT_EQ(make_variant("butters").rules.butting, Butting::kEveryMan);
  EXPECT_EQ(make_variant("butters").rules.capture, CaptureKind::kNone);
  EXPECT_EQ(dims(entry(c, "suicide-piece-removal")), std::vector<std::string>{"capture"});
  EXPECT_TRUE(entry(c, "missile").rules.missiles);
  EXPECT_TRUE(entry(c, "suicide-piece-removal").rules.own_man_removal);
  EXPECT_EQ(dims(entry(c, "goliath")), std::vector<std::string>{"capture"});
  EXPECT_TRUE(entry(c, "goliath").rules.follow_up_shot);
  EXPECT_TRUE(entry(c, "rapid-fire").rules.volley);
  EXPECT_EQ(entry(c, "rapid-fire").rules.capture, CaptureKind::kShoot);
  EXPECT_EQ(dims(entry(c, "balanced-marseillais")), (std::vector<std::string>{"schedule", "en-passant"}));
  EXPECT_EQ(dims(entry(c, "double-move-galvin")),
            (std::vector<std::string>{"schedule", "check", "en-passant"}));
  EXPECT_EQ(dims(entry(c, "progressive-italian")),
            (std::vector<std::string>{"schedule", "check", "en-passant", "game-end"}));
  EXPECT_EQ(dims(entry(c, "rifle")), (std::vector<std::string>{"capture", "obligations"}));
  EXPECT_EQ(dims(entry(c, "alice")), std::vector<std::string>{"boards"});
  EXPECT_EQ(entry(c, "balanced-marseillais").inherits, "marseillais");
  EXPECT_EQ(entry(c, "progressive-kamikaze").alias_of, "progressive+kamikaze");
  EXPECT_EQ(entry(c, "alice").rules.boards, 2);
  EXPECT_EQ(entry(c, "progressive-kamikaze").rules.capture, CaptureKind::kKamikaze);
  EXPECT_EQ(c.showcase,
            (std::vector<std::string>{"marseillais+atomic", "progressive+alice", "alice+madras",
                                      "balanced-marseillais+rifle", "fibonacci+atomic",
                                      "progressive-english+alice", "hurricane+rifle",
                                      "different-men-marseillais+madras", "alice+rifle", "marseillais+spite",
                                      "progressive+moss", "machine-gun+madras", "alice+capricorn",
                                      "triplets+alice", "swarm+kamikaze", "monster+atomic"}));
  // The rules each id's keys set (what registry.cpp's code set before the catalogue became data).
  const Rules m = make_variant("balanced-marseillais").rules;
  EXPECT_EQ(m.schedule.quota, 2);
  EXPECT_EQ(m.schedule.white_first_quota, 1);
  EXPECT_TRUE(m.ends_on_check);
  EXPECT_TRUE(m.complete_turn);
  EXPECT_EQ(m.ep_when, EpWhen::kMarseillaisPair);
  const Rules g = make_variant("double-move-galvin").rules;
  EXPECT_EQ(g.regime, CheckRegime::kNone);
  EXPECT_TRUE(g.forbid_null_turn);
  EXPECT_FALSE(g.ends_on_check);
  const Rules pi = make_variant("progressive-italian").rules;
  EXPECT_EQ(pi.schedule.kind, ScheduleKind::kProgressive);
  EXPECT_FALSE(pi.ends_on_check);
  EXPECT_EQ(pi.regime, CheckRegime::kItalian);
  EXPECT_EQ(pi.ep_passed, EpPassed::kEmptyNow);
  EXPECT_EQ(pi.progress_unit, ProgressUnit::kTurns);
  EXPECT_EQ(pi.progress_limit, 10);
  EXPECT_TRUE(make_variant("rifle").rules.compulsory_capture);
  // spite: moves to empty squares, the attackers of the arrival square swept off, no check (RULES.md §4.4).
  EXPECT_EQ(dims(entry(c, "spite")), (std::vector<std::string>{"check", "capture"}));
  const Rules sp = make_variant("spite").rules;
  EXPECT_EQ(sp.capture, CaptureKind::kNone);
  EXPECT_EQ(sp.sweep, SweepKind::kAttackersOfArrival);
  EXPECT_EQ(sp.regime, CheckRegime::kNone);
  EXPECT_TRUE(sp.royal_king);
  // machine-gun: every attacked man of either side swept off, the king an ordinary man (RULES.md §4.1).
  const Rules mg = make_variant("machine-gun").rules;
  EXPECT_EQ(mg.capture, CaptureKind::kNone);
  EXPECT_EQ(mg.sweep, SweepKind::kAllAttacked);
  EXPECT_FALSE(mg.royal_king);
  EXPECT_EQ(mg.goal, Goal::kAnnihilation);
  const Rules pmg = make_variant("progressive-machine-gun").rules;
  EXPECT_EQ(pmg.schedule.kind, ScheduleKind::kProgressive);
  EXPECT_EQ(pmg.sweep, SweepKind::kAllAttacked);
  EXPECT_TRUE(pmg.lost_move);
  EXPECT_FALSE(pmg.ends_on_check);
  // progressive-circe: Progressive with standard Circe rebirth (RULES.md §6), the rebirth a capture setting.
  const Rules pc = make_variant("progressive-circe").rules;
  EXPECT_EQ(pc.schedule.kind, ScheduleKind::kProgressive);
  EXPECT_TRUE(pc.ends_on_check);
  EXPECT_EQ(pc.rebirth, RebirthKind::kGameArray);
  EXPECT_EQ(pc.capture, CaptureKind::kDisplacement);
  EXPECT_EQ(dims(entry(c, "progressive-circe")),
            (std::vector<std::string>{"schedule", "en-passant", "capture", "game-end"}));
  // Madrasi paralysis both immobilises and disarms (the two effects of paralysis_effects, by default).
  const Rules md = make_variant("madras").rules;
  EXPECT_TRUE(md.paralysed_cannot_move);
  EXPECT_TRUE(md.paralysed_give_no_check);
}

TEST(VariantFile, InheritanceTakesTheParentsKeysAndDimensions) {
  auto r = read(R"(
[triple]
inherits = "marseillais"
name = "Triple"
quota = 3

["progressive-atomic: progressive"]
capture = "explosion"

[from-alias]
inherits = "progressive-kamikaze"
ep.when = "none"

[grandchild]
inherits = "triple"
complete_turn = false
)");
  ASSERT_TRUE(r.issues.empty()) << r.issues[0].text("test.toml");
  EXPECT_EQ(r.declared, 4u);
  const Catalogue& c = r.catalogue;
  const VariantInfo& t = entry(c, "triple");
  EXPECT_EQ(t.name, "Triple");
  EXPECT_FALSE(t.builtin);
  EXPECT_EQ(t.rules.schedule.quota, 3);
  EXPECT_TRUE(t.rules.ends_on_check);
  EXPECT_EQ(t.rules.ep_when, EpWhen::kMarseillaisPair);
  EXPECT_EQ(dims(t), (std::vector<std::string>{"schedule", "en-passant"}));
  const VariantInfo& pa = entry(c, "progressive-atomic");
  EXPECT_EQ(pa.inherits, "progressive");
  EXPECT_EQ(pa.name, "progressive-atomic");  // no name: the id
  EXPECT_EQ(dims(pa), (std::vector<std::string>{"schedule", "en-passant", "capture", "game-end"}));
  EXPECT_EQ(pa.rules.capture, CaptureKind::kExplosion);
  const VariantInfo& fa = entry(c, "from-alias");
  EXPECT_EQ(fa.rules.capture, CaptureKind::kKamikaze);
  EXPECT_EQ(fa.rules.ep_when, EpWhen::kNone);
  EXPECT_EQ(dims(fa), (std::vector<std::string>{"schedule", "en-passant", "capture", "game-end"}));
  const VariantInfo& gc = entry(c, "grandchild");
  EXPECT_EQ(gc.rules.schedule.quota, 3);
  EXPECT_FALSE(gc.rules.complete_turn);
  // Ids that set one dimension do not combine, whatever key of it they set.
  EXPECT_EQ(
      refusal("triple+progressive", c),
      "variant ids 'triple' and 'progressive' both set the schedule dimension; they cannot be combined");
  EXPECT_EQ(refusal("progressive-atomic+atomic", c),
            "variant ids 'progressive-atomic' and 'atomic' both set the capture dimension; they cannot be "
            "combined");
  EXPECT_EQ(make_variant("triple+alice", c).id, "alice+triple") << "user ids come after the built-in ones";
  EXPECT_EQ(make_variant("triple+alice:ep=none", c).rules.ep_when, EpWhen::kNone);
}

TEST(VariantFile, AnAliasIsItsCompositionInCatalogueOrder) {
  auto r = read(R"(
[alice-pk]
alias_of = "alice+progressive-kamikaze"
[no-ep]
ep.when = "none"
[mine]
alias_of = "no-ep+chess+atomic"
)");
  ASSERT_TRUE(r.issues.empty()) << r.issues[0].text("test.toml");
  const Catalogue& c = r.catalogue;
  EXPECT_EQ(entry(c, "alice-pk").alias_of, "progressive+kamikaze+alice");
  EXPECT_EQ(entry(c, "alice-pk").rules.boards, 2);
  EXPECT_EQ(entry(c, "mine").alias_of, "atomic+no-ep") << "chess left out, catalogue order";
  EXPECT_EQ(make_variant("kamikaze+alice+progressive", c).id, "alice-pk");
  EXPECT_EQ(make_variant("alice+progressive-kamikaze", c).id, "alice-pk");
  EXPECT_EQ(make_variant("atomic+no-ep", c).id, "mine");
  EXPECT_EQ(make_variant("atomic+no-ep", c).components, std::vector<std::string>{"mine"});
  EXPECT_EQ(refusal("alice-pk+kamikaze", c), "variant id 'kamikaze' given twice in 'alice-pk+kamikaze'");
  EXPECT_EQ(perft_of(make_variant("alice-pk", c), 3),
            perft_of(make_variant("progressive+kamikaze+alice"), 3));
}

struct Expected {
  int line, column;
  std::string id, key, message;  // message: a part of it
};

TEST(VariantFile, EveryErrorIsReportedWithItsLineColumnAndKey) {
  std::ifstream in(std::string(HC_TEST_DATA_DIR) + "/variants/errors.toml");
  std::stringstream text;
  text << in.rdbuf();
  auto r = read(text.str());
  const std::vector<Expected> want = {
      {2, 2, "chess", "", "'chess' is a built-in id; a variants file cannot redefine it"},
      {6, 1, "typos", "capure", "unknown key"},
      {7, 11, "typos", "capture",
       "bad value 'kamikazi' (one of: displacement, shoot, explosion, kamikaze, none)"},
      {8, 9, "typos", "quota", "bad value 0 (an integer from 1 to 1000000)"},
      {9, 21, "typos", "ends_on",
       "bad list item 'mate' (a list of: check, capture, move-to-attacked-square)"},
      {10, 17, "typos", "complete_turn", "bad value 'yes' (true or false)"},
      {11, 1, "typos", "ep", "a table of the keys ep.when, ep.passed_square, ep.from, ep.capturers expected"},
      {14, 12, "orphan", "inherits", "unknown parent id 'nowhere'"},
      {16, 2, "ping", "", "cycle of inheritance or aliases: ping -> pong -> ping"},
      {23, 12, "clash", "alias_of", "variant ids 'atomic' and 'kamikaze' both set the capture dimension"},
      {26, 12, "dangling", "alias_of", "unknown variant id 'nope'"},
      {27, 1, "dangling", "capture", "an alias sets no keys of its own"},
      {29, 2, "typos", "", "duplicate id 'typos' (first declared at line 5)"},
      {31, 2, "", "", "bad variant id 'Upper_Case'"},
      {33, 2, "two-boards", "", "boards = 2 goes with transfer = \"alice\""},
  };
  ASSERT_EQ(r.issues.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    SCOPED_TRACE(r.issues[i].text("errors.toml"));
    EXPECT_EQ(r.issues[i].line, want[i].line);
    EXPECT_EQ(r.issues[i].column, want[i].column);
    EXPECT_EQ(r.issues[i].id, want[i].id);
    EXPECT_EQ(r.issues[i].key, want[i].key);
    EXPECT_NE(r.issues[i].message.find(want[i].message), std::string::npos);
  }
  EXPECT_TRUE(r.catalogue.variants.empty()) << "a file with errors gives nothing";
  EXPECT_EQ(r.issues[3].text("errors.toml"),
            "errors.toml:8:9: [typos] key 'quota': bad value 0 (an integer from 1 to 1000000)");
}

TEST(VariantFile, MoreErrorKinds) {
  struct Case {
    std::string text;
    Expected want;
  };
  const std::vector<Case> cases = {
      {"[a]\nquota = \n", {2, 9, "", "", "not valid TOML: "}},
      {"[a]\ncapture = \"shoot\"\ncapture = \"shoot\"\n", {3, 11, "", "", "not valid TOML: "}},
      {"\xff[a]\n", {1, 1, "", "", "not valid TOML: Encountered invalid utf-8 sequence"}},
      {"x = 1\n", {1, 1, "x", "", "a variant is a table: write [x] before its keys"}},
      {"showcase = [\"alice\"]\n", {1, 1, "", "showcase", "only the built-in catalogue has a showcase"}},
      {"[a]\nname = 3\n", {2, 8, "a", "name", "a string expected"}},
      {"[a]\nboards = 1.5\n",
       {2, 10, "a", "boards", "bad value (a floating-point number) (an integer from 1 to 2)"}},
      {"[a]\nobligations = \"compulsory-capture\"\n",
       {2, 15, "a", "obligations", "bad value 'compulsory-capture'"}},
      {"[a]\nno_progress = { unit = \"plies\" }\n", {2, 24, "a", "no_progress.unit", "bad value 'plies'"}},
      {"[a]\nroyal_king = false\n",
       {1, 2, "a", "",
        "royal_king = false goes with check = \"none\" (a king that is an ordinary man is never in check)"}},
      {"[a]\npromotion = \"with-king\"\n",
       {1, 2, "a", "", "promotion = \"with-king\" needs royal_king = false (a side has one royal king)"}},
      {"[a]\nend.win = \"annihilation\"\n",
       {1, 2, "a", "",
        "end.win other than \"checkmate\" needs royal_king = false (the king's capture would end the game "
        "first)"}},
      {"[a]\nschedule = \"progressive\"\nblack_quota = 1\n",
       {1, 2, "a", "", "black_quota only goes with schedule = \"fixed\""}},
      {"[a]\nescape_first_move = true\n",
       {1, 2, "a", "",
        "escape_first_move goes with check = \"end-of-turn\" or with check = \"none\" and royal kings"}},
      {"[a]\ncheck = \"none\"\nroyal_king = false\nescape_first_move = true\n",
       {1, 2, "a", "", "escape_first_move goes with check = \"end-of-turn\" or with check = \"none\""}},
      {"[a]\ncomposition.castling_counts_rook = false\n",
       {1, 2, "a", "", "composition.castling_counts_rook = false goes with composition.moves_per_man"}},
      {"[a]\nschedule = \"unbounded\"\ncomposition.moves_per_man = 1\n",
       {1, 2, "a", "", "schedule = \"unbounded\" needs a way to end the turn"}},
      {"[a]\nend.stalemate = \"lose\"\n", {2, 17, "a", "end.stalemate", "bad value 'lose'"}},
      {"[a]\ninherits = \"a\"\n", {1, 2, "a", "", "cycle of inheritance or aliases: a -> a"}},
      {"[a]\ninherits = \"Bad\"\n", {2, 12, "a", "inherits", "bad parent id 'Bad'"}},
      {"[\"a: chess\"]\ninherits = \"chess\"\n",
       {2, 1, "a", "inherits", "the parent is already given in the header"}},
      {"[a]\nalias_of = \"alice\"\n",
       {2, 12, "a", "alias_of", "an alias names a composition of two ids or more"}},
      {"[a]\nalias_of = \"alice:ep=none+atomic\"\n", {2, 12, "a", "alias_of", "without options"}},
      {"[a]\nalias_of = \"alice++atomic\"\n",
       {2, 12, "a", "alias_of", "malformed composition 'alice++atomic'"}},
      {"[a]\nalias_of = \"alice+alice\"\n", {2, 12, "a", "alias_of", "variant id 'alice' given twice"}},
      {"[a]\nalias_of = \"alice+atomic\"\ninherits = \"chess\"\n",
       {2, 12, "a", "alias_of", "an alias does not inherit"}},
      {"[a]\nalias_of = \"b+atomic\"\n[b]\nalias_of = \"a+alice\"\n",
       {1, 2, "a", "", "cycle of inheritance or aliases: a -> b -> a"}},
  };
  // Table headers toml++ 3.3 cannot read (it asserts, or has undefined behaviour without assertions): refused
  // before it reads them. The same bytes inside strings and arrays are not headers.
  const std::string header = "not valid TOML here (toml++ 3.3 cannot read it safely): a table header";
  for (const std::string text : {"[&", "[[=", "[ &", "[\x01", "[[[1]]]", "[\n", "[a]\nquota = 2\n  [[ =\n"}) {
    SCOPED_TRACE(text);
    auto r = read(text);
    ASSERT_EQ(r.issues.size(), 1u);
    EXPECT_EQ(r.issues[0].message.substr(0, header.size()), header);
    EXPECT_EQ(r.issues[0].line, text.front() == '[' && text[1] == 'a' ? 3 : 1);
  }
  // Characters where toml++ 3.3 asks whether they are blanks (undefined behaviour for many of U+00A1 to
  // U+FEFE) are read as any other: an error where TOML does not allow them, the text itself in strings; with
  // the line, column and text of the file.
  struct Text {
    std::string text, message;
  };
  for (const auto& [text, message] : std::vector<Text>{
           {"a = 1\xC3\xA9\n", "not valid TOML: "},
           {"x = \"\"\"a\\\n  \xC3\xA9\"\"\"\n", "a variant is a table"},
           {"x = \"\"\"\\\xD0\xB4\"\"\"\n", "not valid TOML: "},
           {"[c]\nalias_of =0\"alep\xD1\x8F\"\n", "not valid TOML: "},
           {"[a]\ncapture = \"\xE3\x80\x81\"\n", "bad value '\xE3\x80\x81' (one of:"},
           {"[a]\n\"\xD0\xB4\" = 1\n", "unknown key"},
           {"[a]\nname = \"\xF4\x80\x80\x80\"\n", "a private-use character of plane 16"},
       }) {
    SCOPED_TRACE(text);
    auto r = read(text);
    ASSERT_EQ(r.issues.size(), 1u);
    EXPECT_NE(r.issues[0].message.find(message), std::string::npos) << r.issues[0].message;
  }
  EXPECT_EQ(read("[a]\n\"\xD0\xB4\" = 1\n").issues[0].key, "\xD0\xB4");
  {
    auto r = read(
        "# \xC3\xA9"
        "checs\n[a]\nname = \"\xC3\x89"
        "checs \xC3\xA0"
        " trois\"\ndescription = "
        "\"\"\"\n\xD0\xB4"
        "\"\"\"\n");
    ASSERT_TRUE(r.issues.empty()) << r.issues[0].text("test.toml");
    EXPECT_EQ(entry(r.catalogue, "a").name,
              "\xC3\x89"
              "checs \xC3\xA0"
              " trois");
  }
  // Other text toml++ 3.3 checks only by assertion: its parser's assertions stay on in variant_file.cpp and
  // throw, whatever the build type.
  for (const std::string text : {"x = [}]\n", "x = [1,\n}]\n", "[a]\nx = { b = [#c\n}] }\n"}) {
    SCOPED_TRACE(text);
    auto r = read(text);
    ASSERT_EQ(r.issues.size(), 1u);
    EXPECT_EQ(r.issues[0].message.substr(0, 14), "not valid TOML");
  }
  for (const std::string text :
       {"x = \"\"\"\n[&\n\"\"\"\n", "x = [\n[1], [\n2]]\n", "x = '[&'\n", "x = 1 # [&\n"}) {
    SCOPED_TRACE(text);
    auto r = read(text);
    ASSERT_EQ(r.issues.size(), 1u);
    EXPECT_EQ(r.issues[0].message, "a variant is a table: write [x] before its keys");
  }
  for (const auto& [text, want] : cases) {
    SCOPED_TRACE(text);
    auto r = read(text);
    ASSERT_FALSE(r.issues.empty());
    const auto& got = r.issues[0];
    SCOPED_TRACE(got.text("test.toml"));
    EXPECT_EQ(got.line, want.line);
    EXPECT_EQ(got.column, want.column);
    EXPECT_EQ(got.id, want.id);
    EXPECT_EQ(got.key, want.key);
    EXPECT_NE(got.message.find(want.message), std::string::npos);
  }
}

TEST(VariantFile, ALoadedFileAddsPlayableIds) {
  BuiltinAfter restore;
  const std::string path = std::string(HC_TEST_DATA_DIR) + "/variants/user.toml";
  EXPECT_EQ(load_variants_file(path), 4u);
  const auto& cat = variant_catalogue();
  ASSERT_EQ(cat.size(), builtin_catalogue().variants.size() + 4);
  EXPECT_FALSE(cat.back().builtin);
  EXPECT_EQ(showcase_compositions(), builtin_catalogue().showcase);
  // Three moves a turn: White's 20 first moves, each followed by every legal second and third move.
  Variant triple = make_variant("triple-marseillais");
  EXPECT_EQ(triple.rules.schedule.quota, 3);
  GameRecord g(triple);
  for (const char* m : {"e2e4", "d2d4", "g1f3"}) {
    EXPECT_EQ(g.position().side(), kWhite);
    g.play(parse_uci(g.position(), m));
  }
  EXPECT_EQ(g.position().side(), kBlack);
  EXPECT_EQ(perft_of(make_variant("progressive-atomic"), 3), perft_of(make_variant("progressive+atomic"), 3));
  EXPECT_EQ(make_variant("no-ep+alice+atomic").id, "atomic+alice+no-ep");
  // A bad file throws every problem and leaves the loaded ids in place.
  const std::string bad = temp_file("bad.toml", "[x]\nquota = 0\n[y]\ncapure = 1\n");
  try {
    load_variants_file(bad);
    ADD_FAILURE() << "a bad file loaded";
  } catch (const VariantFileError& e) {
    EXPECT_EQ(e.issues().size(), 2u);
    EXPECT_NE(std::string(e.what()).find(":2:9: [x] key 'quota': bad value 0"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find(":4:1: [y] key 'capure': unknown key"), std::string::npos)
        << e.what();
  }
  EXPECT_NO_THROW(make_variant("triple-marseillais"));
  // A user file may not redefine a built-in id, also not one of its own loaded before.
  const std::string redefine = temp_file("redefine.toml", "[atomic]\ncapture = \"kamikaze\"\n");
  EXPECT_THROW(load_variants_file(redefine), VariantFileError);
  EXPECT_EQ(make_variant("atomic").rules.capture, CaptureKind::kExplosion);
  // Loading another file replaces the ids of the first.
  const std::string other = temp_file("other.toml", "[quad]\ninherits = \"marseillais\"\nquota = 4\n");
  EXPECT_EQ(load_variants_file(other), 1u);
  EXPECT_EQ(make_variant("quad").rules.schedule.quota, 4);
  EXPECT_THROW(make_variant("triple-marseillais"), VariantError);
  std::remove(bad.c_str());
  std::remove(redefine.c_str());
  std::remove(other.c_str());
}

TEST(VariantFile, UnreadableAndHugeFilesAreInputErrors) {
  EXPECT_THROW(read_variants_file("/nonexistent/variants.toml", builtin_catalogue()), VariantError);
  const std::string huge = temp_file("huge.toml", std::string(kMaxVariantFileBytes + 1, '#'));
  try {
    read_variants_file(huge, builtin_catalogue());
    ADD_FAILURE() << "a huge file was read";
  } catch (const VariantError& e) {
    EXPECT_NE(std::string(e.what()).find("larger than"), std::string::npos) << e.what();
  }
  std::remove(huge.c_str());
}

// The key table: every value of every key sets its field and reads back, and docs/variants.md documents each
// key.
TEST(VariantFile, EveryKeySetsItsFieldAndIsDocumented) {
  std::ifstream in(std::string(HC_TEST_DATA_DIR) + "/../../docs/variants.md");
  std::stringstream docs;
  docs << in.rdbuf();
  ASSERT_FALSE(docs.str().empty());
  for (const RuleKey& k : rule_keys()) {
    SCOPED_TRACE(k.key);
    std::string quoted = "`";
    quoted.append(k.key).push_back('`');
    EXPECT_NE(docs.str().find(quoted), std::string::npos) << "not in docs/variants.md";
    std::vector<long> values;
    if (k.kind == KeyKind::kChoice)
      for (const KeyValue& v : k.values) values.push_back(v.value);
    else if (k.kind == KeyKind::kList)
      values = {0, k.values.front().value};
    else
      values = {k.min, k.max};
    for (long v : values) {
      Rules r;
      k.set(r, v);
      EXPECT_EQ(k.get(r), v) << format_value(k, v);
    }
    EXPECT_TRUE(find_rule_key(k.key) == &k);
  }
  for (const IdOption& o : id_options()) EXPECT_NE(find_rule_key(o.key), nullptr) << o.name;
}

// Every built-in id is documented (issue 10, "every id is whole"): a rules page docs/rules/<id>.md, which the
// web UI renders (web/build.mjs), a row of the index docs/rules/README.md and a row of docs/variants.md.
TEST(VariantFile, EveryBuiltinIdHasARulesPageAndDocsRows) {
  const std::string docs = std::string(HC_TEST_DATA_DIR) + "/../../docs/";
  auto slurp = [](const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  };
  const std::string index = slurp(docs + "rules/README.md"), variants = slurp(docs + "variants.md");
  ASSERT_FALSE(index.empty());
  ASSERT_FALSE(variants.empty());
  for (const auto& v : builtin_catalogue().variants) {
    SCOPED_TRACE(v.id);
    const std::string page = slurp(docs + "rules/" + v.id + ".md");
    EXPECT_FALSE(page.empty()) << "no docs/rules/" << v.id << ".md";
    EXPECT_NE(page.find("(`" + v.id + "`)"), std::string::npos) << "the page's title names another id";
    EXPECT_NE(index.find("| `" + v.id + "` |"), std::string::npos) << "not in docs/rules/README.md";
    EXPECT_NE(index.find("(" + v.id + ".md)"), std::string::npos) << "no link in docs/rules/README.md";
    EXPECT_NE(variants.find("| `" + v.id + "` |"), std::string::npos) << "not in docs/variants.md";
  }
}

// Key `start`: an id's own array (RULES.md §2 boards.arrays), inherited, setting the array dimension, and
// checked as a position a game can start from.
TEST(VariantFile, AStartArrayIsInheritedSetsTheArrayDimensionAndIsChecked) {
  const std::string swapped = "rqbnkbnr/pppppppp/8/8/8/8/PPPPPPPP/RQBNKBNR w - - 0 1";
  auto r = read("[swapped]\nstart = \"" + swapped +
                "\"\ncastling = false\n[\"swapped-child: swapped\"]\n"
                "[other-array]\nstart = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n"
                "[swapped-atomic]\nalias_of = \"swapped+atomic\"\n[\"alias-child: swapped-atomic\"]\n");
  ASSERT_TRUE(r.issues.empty()) << r.issues[0].text("t");
  EXPECT_EQ(make_variant("swapped", r.catalogue).start_fen, swapped);
  EXPECT_EQ(make_variant("swapped-child", r.catalogue).start_fen, swapped);
  EXPECT_EQ(make_variant("swapped+atomic", r.catalogue).start_fen, swapped);
  EXPECT_EQ(entry(r.catalogue, "alias-child").start, swapped);  // inherited through an alias's component
  EXPECT_EQ(make_variant("alias-child", r.catalogue).start_fen, swapped);
  EXPECT_EQ(dims(entry(r.catalogue, "other-array")), std::vector<std::string>{"array"});
  EXPECT_NE(refusal("swapped+other-array", r.catalogue).find("both set the array dimension"),
            std::string::npos);
  // An id without a start key keeps the orthodox array.
  EXPECT_EQ(make_variant("atomic", r.catalogue).start_fen, make_variant("chess").start_fen);

  struct Bad {
    std::string start, extra, message;
  };
  const Bad bad[] = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "", "not a start position: unknown man"},
      {"rqbnkbnr/pppppppp/8/8/8/8/PPPPPPPP/RQBNKBNR w KQkq - 0 1", "castling = false\n",
       "castling rights, but arr has no castling"},
      {"8/8/8/8/8/8/8/4K3 w - - 0 1", "", "Black has no king"},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1 made=1", "quota = 2\n", "no made="},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "", ""},  // a bare-kings start is fine
  };
  for (const Bad& b : bad) {
    SCOPED_TRACE(b.start);
    auto e = read("[arr]\n" + b.extra + "start = \"" + b.start + "\"\n");
    if (b.message.empty()) {
      EXPECT_TRUE(e.issues.empty());
      continue;
    }
    ASSERT_EQ(e.issues.size(), 1u);
    EXPECT_EQ(e.issues[0].key, "start");
    EXPECT_EQ(e.issues[0].line, b.extra.empty() ? 2 : 3);
    EXPECT_EQ(e.issues[0].column, 9);
    EXPECT_NE(e.issues[0].message.find(b.message), std::string::npos) << e.issues[0].message;
  }
  // An alias sets no start of its own.
  auto a = read("[ali]\nalias_of = \"atomic+progressive\"\nstart = \"" + swapped + "\"\n");
  ASSERT_FALSE(a.issues.empty());
  EXPECT_NE(a.issues[0].message.find("an alias sets no keys of its own"), std::string::npos);
}
