#include "variants/rule_keys.hpp"

namespace hc {

const char* dimension_name(Dimension d) {
  switch (d) {
    case Dimension::kBoards:
      return "boards";
    case Dimension::kSchedule:
      return "schedule";
    case Dimension::kCheck:
      return "check";
    case Dimension::kEnPassant:
      return "en-passant";
    case Dimension::kCapture:
      return "capture";
    case Dimension::kParalysis:
      return "paralysis";
    case Dimension::kObligations:
      return "obligations";
    case Dimension::kGameEnd:
      return "game-end";
  }
  return "?";
}

namespace {

using D = Dimension;
using K = KeyKind;

// The setter and getter of a scalar Rules member ("capture", "schedule.quota") of type T.
#define HC_FIELD(T, member) \
  [](Rules& r, long v) { r.member = T(v); }, [](const Rules& r) { return long(r.member); }

// The per-turn quota is an 8-bit counter of the position (rules/position.hpp).
constexpr long kMaxQuota = 200;

const std::vector<RuleKey> kKeys = {
    // ---- boards (RULES.md §1.7) ----
    {"boards", D::kBoards, K::kInteger, {}, 1, 2, HC_FIELD(int, boards), "number of boards"},
    {"transfer",
     D::kBoards,
     K::kChoice,
     {{"none", long(TransferKind::kNone)}, {"alice", long(TransferKind::kAlice)}},
     0,
     0,
     HC_FIELD(TransferKind, transfer),
     "board transfer after a move (alice: the moved man passes to the other board)"},
    // ---- schedule and turn (RULES.md §1.2, §2 schedule/turn) ----
    {"schedule",
     D::kSchedule,
     K::kChoice,
     {{"fixed", long(ScheduleKind::kFixed)}, {"progressive", long(ScheduleKind::kProgressive)}},
     0,
     0,
     HC_FIELD(ScheduleKind, schedule.kind),
     "moves a turn: fixed (quota every turn) or progressive (turn t has t moves)"},
    {"quota",
     D::kSchedule,
     K::kInteger,
     {},
     1,
     kMaxQuota,
     HC_FIELD(int, schedule.quota),
     "fixed schedule: moves in every turn"},
    {"white_first_quota",
     D::kSchedule,
     K::kInteger,
     {},
     0,
     kMaxQuota,
     HC_FIELD(int, schedule.white_first_quota),
     "fixed schedule: moves in White's first turn (0: as quota)"},
    {"ends_on",
     D::kSchedule,
     K::kList,
     {{"check", 1}},
     0,
     0,
     [](Rules& r, long v) { r.ends_on_check = v & 1; },
     [](const Rules& r) { return long(r.ends_on_check); },
     "what ends a turn before its quota (check: a check-giving move)"},
    {"complete_turn",
     D::kSchedule,
     K::kBoolean,
     {},
     0,
     1,
     HC_FIELD(bool, complete_turn),
     "D-5: a first move must allow the turn to be completed"},
    {"forbid_null_turn",
     D::kSchedule,
     K::kBoolean,
     {},
     0,
     1,
     HC_FIELD(bool, forbid_null_turn),
     "a turn may not restore the position it started from"},
    // ---- check (RULES.md §1.6) ----
    {"check",
     D::kCheck,
     K::kChoice,
     {{"observed", long(CheckRegime::kObserved)},
      {"italian", long(CheckRegime::kItalian)},
      {"none", long(CheckRegime::kNone)}},
     0,
     0,
     HC_FIELD(CheckRegime, regime),
     "check regime: observed, italian (check only by the last move of a full turn), none (capture the king)"},
    {"royal_king",
     D::kCheck,
     K::kBoolean,
     {},
     0,
     1,
     HC_FIELD(bool, royal_king),
     "the king is royal: its loss ends the game, and a game starts only with one king a side"},
    // ---- en passant (RULES.md §1.8) ----
    {"ep.when",
     D::kEnPassant,
     K::kChoice,
     {{"first", long(EpWhen::kFirst)},
      {"marseillais-pair", long(EpWhen::kMarseillaisPair)},
      {"any", long(EpWhen::kAny)},
      {"none", long(EpWhen::kNone)}},
     0,
     0,
     HC_FIELD(EpWhen, ep_when),
     "which moves of a turn may capture en passant"},
    {"ep.passed_square",
     D::kEnPassant,
     K::kChoice,
     {{"never-occupied", long(EpPassed::kNeverOccupied)}, {"empty-now", long(EpPassed::kEmptyNow)}},
     0,
     0,
     HC_FIELD(EpPassed, ep_passed),
     "the passed square must have stayed empty since the two-step, or only be empty now"},
    // ---- capture (RULES.md §1.9) ----
    {"capture",
     D::kCapture,
     K::kChoice,
     {{"displacement", long(CaptureKind::kDisplacement)},
      {"shoot", long(CaptureKind::kShoot)},
      {"explosion", long(CaptureKind::kExplosion)},
      {"kamikaze", long(CaptureKind::kKamikaze)}},
     0,
     0,
     HC_FIELD(CaptureKind, capture),
     "what a capture does"},
    // ---- obligations ----
    {"obligations",
     D::kObligations,
     K::kList,
     {{"compulsory-capture", 1}},
     0,
     0,
     [](Rules& r, long v) { r.compulsory_capture = v & 1; },
     [](const Rules& r) { return long(r.compulsory_capture); },
     "what a side must do when it can"},
    // ---- paralysis ----
    {"paralysis",
     D::kParalysis,
     K::kChoice,
     {{"none", long(ParalysisKind::kNone)}, {"madrasi", long(ParalysisKind::kMadrasi)}},
     0,
     0,
     HC_FIELD(ParalysisKind, paralysis),
     "which men are paralysed"},
    {"madrasi_ep",
     D::kParalysis,
     K::kChoice,
     {{"both-inert", long(MadrasiEp::kBothInert)},
      {"capturer-only", long(MadrasiEp::kCapturerOnly)},
      {"stepper-only", long(MadrasiEp::kStepperOnly)}},
     0,
     0,
     HC_FIELD(MadrasiEp, madrasi_ep),
     "madrasi: which men an e.p. right paralyses"},
    // ---- game end (RULES.md §1.10, D-4) ----
    {"no_progress.unit",
     D::kGameEnd,
     K::kChoice,
     {{"moves", long(ProgressUnit::kMoves)}, {"turns", long(ProgressUnit::kTurns)}},
     0,
     0,
     HC_FIELD(ProgressUnit, progress_unit),
     "the no-progress rule counts moves (D-4) or whole turns"},
    {"no_progress.limit",
     D::kGameEnd,
     K::kInteger,
     {},
     1,
     1000000,
     HC_FIELD(int, progress_limit),
     "draw after this many moves or turns without capture or pawn move"},
};

#undef HC_FIELD

const std::vector<IdOption> kOptions = {
    {"ep",
     "ep.when",
     nullptr,
     {{"none", "none"}, {"first", "first"}, {"pair", "marseillais-pair"}, {"any", "any"}}},
    {"compulsory", "obligations", "compulsory-capture", {}},
    {"madras-ep",
     "madrasi_ep",
     nullptr,
     {{"both", "both-inert"}, {"capturer-only", "capturer-only"}, {"stepper-only", "stepper-only"}}},
};

}  // namespace

const std::vector<RuleKey>& rule_keys() { return kKeys; }

const RuleKey* find_rule_key(std::string_view key) {
  for (const RuleKey& k : kKeys)
    if (key == k.key) return &k;
  return nullptr;
}

bool is_key_prefix(std::string_view prefix) {
  for (const RuleKey& k : kKeys) {
    std::string_view s = k.key;
    if (s.size() > prefix.size() && s.substr(0, prefix.size()) == prefix && s[prefix.size()] == '.')
      return true;
  }
  return false;
}

const std::vector<IdOption>& id_options() { return kOptions; }

std::string describe_values(const RuleKey& k) {
  auto names = [&] {
    std::string s;
    for (const KeyValue& v : k.values) s += (s.empty() ? "" : ", ") + std::string(v.name);
    return s;
  };
  switch (k.kind) {
    case K::kChoice:
      return "one of: " + names();
    case K::kInteger:
      return "an integer from " + std::to_string(k.min) + " to " + std::to_string(k.max);
    case K::kBoolean:
      return "true or false";
    case K::kList:
      return "a list of: " + names();
  }
  return "";
}

std::string format_value(const RuleKey& k, long value) {
  switch (k.kind) {
    case K::kChoice:
      for (const KeyValue& v : k.values)
        if (v.value == value) return '"' + std::string(v.name) + '"';
      return "?";
    case K::kInteger:
      return std::to_string(value);
    case K::kBoolean:
      return value ? "true" : "false";
    case K::kList: {
      std::string s;
      for (const KeyValue& v : k.values)
        if (value & v.value) s += (s.empty() ? "\"" : ", \"") + std::string(v.name) + '"';
      return "[" + s + "]";
    }
  }
  return "?";
}

std::string rules_problem(const Rules& r) {
  if ((r.boards == 2) != (r.transfer == TransferKind::kAlice))
    return "boards = 2 goes with transfer = \"alice\" (and one board with transfer = \"none\")";
  if (!r.royal_king) return "royal_king = false: no kernel plays non-royal kings yet";
  return "";
}

}  // namespace hc
