#include "variants/registry.hpp"

#include <algorithm>
#include <map>
#include <sstream>

#include "notation/quote.hpp"
#include "variants/components.hpp"

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

// RULES.md §3.1 family defaults: two moves a turn, check observed and ending the turn, Alekhine's e.p. pair,
// D-5.
void marseillais_family(Rules& r) {
  r.schedule = {ScheduleKind::kFixed, 2, 0, 0};
  r.ends_on_check = true;
  r.complete_turn = true;
  r.ep_when = EpWhen::kMarseillaisPair;
}

// RULES.md §3.5 family defaults (Scottish progressive).
void progressive_family(Rules& r) {
  r.schedule = {ScheduleKind::kProgressive, 1, 0, 0};
  r.ends_on_check = true;
  r.ep_when = EpWhen::kFirst;
  r.ep_passed = EpPassed::kNeverOccupied;
  r.progress_unit = ProgressUnit::kTurns;  // ten turns without capture or pawn move
  r.progress_limit = 10;
}

// RULES.md §3.5 progressive-italian: checks only by the last move of a full series; e.p. passed square empty now.
void italian_progressive(Rules& r) {
  progressive_family(r);
  r.ends_on_check = false;
  r.regime = CheckRegime::kItalian;
  r.ep_passed = EpPassed::kEmptyNow;
}

const std::vector<VariantInfo> kCatalogue = {
    {"chess",
     "Orthodox chess",
     "§2 defaults",
     "FIDE chess: the defaults of every dimension",
     {},
     [](Rules&) {},
     ""},
    {"marseillais",
     "Marseillais Chess",
     "§3.1",
     "two moves a turn; a check ends the turn; complete-turn principle",
     {D::kSchedule, D::kEnPassant},
     [](Rules& r) { marseillais_family(r); },
     ""},
    {"balanced-marseillais",
     "Balanced Marseillais Chess",
     "§3.1",
     "Marseillais with White's first turn a single move",
     {D::kSchedule, D::kEnPassant},
     [](Rules& r) {
       marseillais_family(r);
       r.schedule.white_first_quota = 1;
     },
     ""},
    {"double-move-galvin",
     "Double-Move Chess [Galvin]",
     "§3.2",
     "two moves a turn (White opens with one), no check: capture the king",
     {D::kSchedule, D::kCheck, D::kEnPassant},
     [](Rules& r) {
       r.schedule = {ScheduleKind::kFixed, 2, 1, 0};
       r.regime = CheckRegime::kNone;
       r.complete_turn = true;     // decision 1
       r.forbid_null_turn = true;  // decision 2
       r.ep_when = EpWhen::kMarseillaisPair;
     },
     ""},
    {"progressive",
     "Progressive Chess (Scottish)",
     "§3.5",
     "turn n has n moves; a check ends the series; running out of moves is a draw",
     {D::kSchedule, D::kEnPassant, D::kGameEnd},
     [](Rules& r) { progressive_family(r); },
     ""},
    {"progressive-italian",
     "Italian Progressive Chess",
     "§3.5",
     "Progressive where check may be given only by the last move of a full series",
     {D::kSchedule, D::kCheck, D::kEnPassant, D::kGameEnd},
     [](Rules& r) { italian_progressive(r); },  // decision 3: e.p. passed square empty now (AISE)
     ""},
    {"atomic",
     "Atomic Chess",
     "§4.3",
     "captures explode: capturer and neighbouring pieces die",
     {D::kCapture},
     [](Rules& r) { r.capture = CaptureKind::kExplosion; },
     ""},
    {"rifle",
     "Rifle Chess",
     "§4.1",
     "captures are shots: the shooter stays; capture is compulsory",
     {D::kCapture, D::kObligations},
     [](Rules& r) {
       r.capture = CaptureKind::kShoot;
       r.compulsory_capture = true;
     },
     ""},
    {"kamikaze",
     "Kamikaze Chess [Laws]",
     "§4.5",
     "a capturing man dies with its victim; kings never capture",
     {D::kCapture},
     [](Rules& r) { r.capture = CaptureKind::kKamikaze; },
     ""},
    {"madras",
     "Madras Chess (Madrasi)",
     "§4.6",
     "men observed by an enemy man of their own type are paralysed",
     {D::kParalysis},
     [](Rules& r) { r.paralysis = ParalysisKind::kMadrasi; },
     ""},
    {"alice",
     "Alice Chess",
     "§5.1",
     "two boards; every moved man passes through the looking-glass",
     {D::kBoards},
     [](Rules& r) {
       r.boards = 2;
       r.transfer = TransferKind::kAlice;
     },
     ""},
    // ---- RULES.md §3.1: two moves a turn, Marseillais family (issue 10) ----
    {"marseillais-alternative",
     "Marseillais with the historical alternative rules",
     "§3.1",
     "Marseillais where check may be given only by the second move; e.p. only against the last move",
     {D::kSchedule, D::kCheck, D::kEnPassant},
     [](Rules& r) {
       marseillais_family(r);
       r.regime = CheckRegime::kItalian;  // a checking first move is illegal, mate included (decision 1)
       r.ep_from_last_move_only = true;
     },
     ""},
    {"alternating-marseillais",
     "Alternating Marseillais Chess",
     "§3.1",
     "Marseillais where each side alternates one-move and two-move turns",
     {D::kSchedule, D::kEnPassant},
     [](Rules& r) {
       marseillais_family(r);
       r.schedule = {ScheduleKind::kOddEvenOwnTurn, 2, 0, 0};
     },
     ""},
    {"different-men-marseillais",
     "Different Men Marseillais Chess",
     "§3.1",
     "Marseillais where the two moves are made by different men",
     {D::kSchedule, D::kEnPassant},
     [](Rules& r) {
       marseillais_family(r);
       r.moves_per_man = 1;
     },
     ""},
    {"piece-and-pawn-marseillais",
     "Piece and Pawn Marseillais Chess",
     "§3.1",
     "one piece move and one pawn move a turn, either order; a missing one is lost",
     {D::kSchedule, D::kEnPassant},
     [](Rules& r) {
       marseillais_family(r);
       r.categories = MoveCategories::kPieceAndPawn;
       r.lost_move = true;
       r.complete_turn = false;
       r.ep_when = EpWhen::kFirst;
     },
     ""},
    {"bilateral-marseillais",
     "Bilateral Marseillais Chess",
     "§3.1",
     "one move departing the queen's side and one the king's side; a missing one is lost",
     {D::kSchedule, D::kEnPassant},
     [](Rules& r) {
       marseillais_family(r);
       r.categories = MoveCategories::kFileHalves;
       r.lost_move = true;
       r.complete_turn = false;
     },
     ""},
    {"central-marseillais",
     "Central Marseillais Chess",
     "§3.1",
     "one move departing the centre c3-f6 and one the periphery; a missing one is lost",
     {D::kSchedule, D::kEnPassant},
     [](Rules& r) {
       marseillais_family(r);
       r.categories = MoveCategories::kCentreAndPeriphery;
       r.lost_move = true;
       r.complete_turn = false;
     },
     ""},
    {"black-and-white-marseillais",
     "Black and White Marseillais Chess",
     "§3.1",
     "first a man on a light square moves, then a man on a dark square; a missing one is lost",
     {D::kSchedule, D::kEnPassant},
     [](Rules& r) {
       marseillais_family(r);
       r.categories = MoveCategories::kLightThenDark;
       r.lost_move = true;
       r.complete_turn = false;
     },
     ""},
    {"maximummer-marseillais",
     "Maximummer Marseillais Chess",
     "§3.1",
     "the first move of a turn is one of the longest; the second by another man",
     {D::kSchedule, D::kEnPassant, D::kObligations},
     [](Rules& r) {
       marseillais_family(r);
       r.first_move = FirstMoveRule::kLongest;
       r.moves_per_man = 1;
     },
     ""},
    {"equivalent-marseillais",
     "Equivalent Marseillais Chess",
     "§3.1",
     "the first move imitates the type of man the opponent moved last; the second by another man",
     {D::kSchedule, D::kEnPassant, D::kObligations},
     [](Rules& r) {
       marseillais_family(r);
       r.first_move = FirstMoveRule::kImitateType;
       r.moves_per_man = 1;
     },
     ""},
    {"equidistant-marseillais",
     "Equidistant Marseillais Chess",
     "§3.1",
     "the first move has the length of the opponent's last move; the second by another man",
     {D::kSchedule, D::kEnPassant, D::kObligations},
     [](Rules& r) {
       marseillais_family(r);
       r.first_move = FirstMoveRule::kImitateLength;
       r.moves_per_man = 1;
     },
     ""},
    {"balanced-equidistant-marseillais",
     "Balanced Equidistant Marseillais Chess",
     "§3.1",
     "Equidistant Marseillais with White's first turn a single move and no different-man rule",
     {D::kSchedule, D::kEnPassant, D::kObligations},
     [](Rules& r) {
       marseillais_family(r);
       r.schedule.white_first_quota = 1;
       r.first_move = FirstMoveRule::kImitateLength;
     },
     ""},
    {"citizen",
     "Citizen Chess",
     "§3.1",
     "a piece move, then optionally a pawn move; a capture or check by the first move ends the turn",
     {D::kSchedule, D::kEnPassant},
     [](Rules& r) {
       r.schedule = {ScheduleKind::kFixed, 2, 0, 0};
       r.categories = MoveCategories::kPieceThenPawn;
       r.stop = StopRule::kAfterFirstMove;
       r.ends_on_check = true;
       r.ends_on_capture = true;
       r.ep_when = EpWhen::kAny;  // e.p. by the second (pawn) move against the opponent's previous turn
     },
     ""},
    // ---- RULES.md §3.4, §3.7: more moves, different men ----
    {"threesum",
     "Threesum Chess",
     "§3.4",
     "up to three moves by different men, their lengths summing to at most three",
     {D::kSchedule, D::kEnPassant},
     [](Rules& r) {
       r.schedule = {ScheduleKind::kFixed, 3, 0, 0};
       r.moves_per_man = 1;
       r.length_budget = 3;
       r.stop = StopRule::kAfterFirstMove;
       r.ends_on_check = true;
     },
     ""},
    {"hurricane",
     "Hurricane Chess",
     "§3.7",
     "any number of moves a turn, each man at most once; a check ends the turn",
     {D::kSchedule, D::kEnPassant},
     [](Rules& r) {
       r.schedule = {ScheduleKind::kUnbounded, 1, 0, 0};
       r.moves_per_man = 1;
       r.stop = StopRule::kAfterFirstMove;
       r.ends_on_check = true;
     },
     ""},
    {"sputnik",
     "Sputnik Chess",
     "§3.7",
     "rooks, bishops and knights in the enemy half may each move first, then one normal move",
     {D::kSchedule, D::kEnPassant},
     [](Rules& r) {
       r.schedule = {ScheduleKind::kUnbounded, 1, 0, 0};
       r.sputniks = true;
       r.stop = StopRule::kAfterFirstMove;
       r.ends_on_check = true;
     },
     ""},
    // ---- RULES.md §3.5: Progressive family ----
    {"progressive-symmetric",
     "Progressive, each side one move, then two, …",
     "§3.5",
     "Progressive where both sides play one move, then both two, and so on",
     {D::kSchedule, D::kEnPassant, D::kGameEnd},
     [](Rules& r) {
       progressive_family(r);
       r.schedule = {ScheduleKind::kOwnTurnIndex, 1, 0, 0};
     },
     ""},
    {"fibonacci",
     "Fibonacci Chess",
     "§3.5",
     "Progressive with Fibonacci quotas: 1, 1, 2, 3, 5, 8, …",
     {D::kSchedule, D::kEnPassant, D::kGameEnd},
     [](Rules& r) {
       progressive_family(r);
       r.schedule = {ScheduleKind::kFibonacci, 1, 0, 0};
     },
     ""},
    {"slow-progressive",
     "Slow Progressive Chess",
     "§3.5",
     "Italian Progressive where the quota grows by one every fourth turn",
     {D::kSchedule, D::kCheck, D::kEnPassant, D::kGameEnd},
     [](Rules& r) {
       italian_progressive(r);
       r.schedule = {ScheduleKind::kStepEvery, 1, 0, 4};
     },
     ""},
    {"progressive-cyclical",
     "Progressive Cyclical Chess",
     "§3.5",
     "Italian Progressive whose quotas cycle 1 … n (option cycle=n, even; default 6)",
     {D::kSchedule, D::kCheck, D::kEnPassant, D::kGameEnd},
     [](Rules& r) {
       italian_progressive(r);
       r.schedule = {ScheduleKind::kCycle, 1, 0, 6};
     },
     ""},
    {"scottish-modern",
     "Scottish Modern Chess",
     "§3.5",
     "Progressive where a man moved to an attacked square also ends the series; no e.p.",
     {D::kSchedule, D::kEnPassant, D::kGameEnd},
     [](Rules& r) {
       progressive_family(r);
       r.ends_on_attacked_arrival = true;
       r.ep_when = EpWhen::kNone;
     },
     ""},
    {"bank-of-scotland",
     "Bank of Scotland, Main Branch",
     "§3.5",
     "Progressive where each check a player gives adds a move to all his later series",
     {D::kSchedule, D::kEnPassant, D::kGameEnd},
     [](Rules& r) {
       progressive_family(r);
       r.schedule = {ScheduleKind::kPlusChecksGiven, 1, 0, 0};
     },
     ""},
    {"bank-of-scotland-modern",
     "Bank of Scotland, Modern Branch",
     "§3.5",
     "Bank of Scotland where a man moved to an attacked square also ends the series",
     {D::kSchedule, D::kEnPassant, D::kGameEnd},
     [](Rules& r) {
       progressive_family(r);
       r.schedule = {ScheduleKind::kPlusChecksGiven, 1, 0, 0};
       r.ends_on_attacked_arrival = true;
     },
     ""},
    {"very-scottish",
     "Very Scottish Chess",
     "§3.5",
     "a series has one move more than the opponent's last; a player may stop early",
     {D::kSchedule, D::kEnPassant, D::kGameEnd},
     [](Rules& r) {
       progressive_family(r);
       r.schedule = {ScheduleKind::kOpponentMadePlusOne, 1, 0, 0};
       r.stop = StopRule::kAfterFirstMove;
     },
     ""},
    {"capturing-progressive",
     "Capturing Progressive Chess",
     "§3.5",
     "the quota grows by one after a series with a capture, and falls back to one otherwise",
     {D::kSchedule, D::kEnPassant, D::kGameEnd},
     [](Rules& r) {
       progressive_family(r);
       r.schedule = {ScheduleKind::kCaptureStreak, 1, 0, 0};
     },
     ""},
    {"switchback",
     "Switchback Chess",
     "§3.5",
     "Italian Progressive where a checked player's next series has one move less than the checker's",
     {D::kSchedule, D::kCheck, D::kEnPassant, D::kGameEnd},
     [](Rules& r) {
       italian_progressive(r);
       r.schedule = {ScheduleKind::kCheckCutsNext, 1, 0, 0};
     },
     ""},
    {"logical-progressive",
     "Logical Progressive Chess",
     "§3.5",
     "Progressive without the pawn's two-step and without castling",
     {D::kSchedule, D::kEnPassant, D::kGameEnd},
     [](Rules& r) {
       progressive_family(r);
       r.pawn_double_step = false;
       r.castling = false;
       r.ep_when = EpWhen::kNone;
     },
     ""},
    {"progressive-pribylinec",
     "Progressive, no man more than twice a series (Pribylinec)",
     "§3.5",
     "Progressive where no man moves more than twice in a series",
     {D::kSchedule, D::kEnPassant, D::kGameEnd},
     [](Rules& r) {
       progressive_family(r);
       r.moves_per_man = 2;
     },
     ""},
    {"progressive-english",
     "English Progressive Chess",
     "§3.5",
     "Progressive where no man moves again before every other mobile man has moved as often; no e.p.",
     {D::kSchedule, D::kEnPassant, D::kGameEnd},
     [](Rules& r) {
       progressive_family(r);
       r.every_mobile_man = true;
       r.promoted_man_stays = true;
       r.ep_when = EpWhen::kNone;
     },
     ""},
    {"progressive-kamikaze",
     "Progressive Kamikaze",
     "§4.5",
     "Scottish Progressive with kamikaze captures",
     {},
     nullptr,
     "progressive+kamikaze"},
};

// One kernel instantiation per combination of components (chosen once, when the variant is set).
template <class Cap, class Par, class Brd, bool Royal>
const KernelOps* kernel_instance() {
  static constexpr KernelOps ops = Kernel<Cap, Par, Brd, Royal>::ops();
  return &ops;
}

template <class Cap, class Par, class Brd>
const KernelOps* pick_royal(bool royal) {
  return royal ? kernel_instance<Cap, Par, Brd, true>() : kernel_instance<Cap, Par, Brd, false>();
}
template <class Cap, class Par>
const KernelOps* pick_boards(const Rules& r) {
  bool royal = r.regime == CheckRegime::kNone;
  return r.transfer == TransferKind::kAlice ? pick_royal<Cap, Par, components::AliceBoards>(royal)
                                            : pick_royal<Cap, Par, components::SingleBoard>(royal);
}
template <class Cap>
const KernelOps* pick_paralysis(const Rules& r) {
  return r.paralysis == ParalysisKind::kMadrasi ? pick_boards<Cap, components::Madrasi>(r)
                                                : pick_boards<Cap, components::NoParalysis>(r);
}
const KernelOps* pick_kernel(const Rules& r) {
  switch (r.capture) {
    case CaptureKind::kShoot:
      return pick_paralysis<components::Shoot>(r);
    case CaptureKind::kExplosion:
      return pick_paralysis<components::Explosion>(r);
    case CaptureKind::kKamikaze:
      return pick_paralysis<components::Kamikaze>(r);
    case CaptureKind::kDisplacement:
      break;
  }
  return pick_paralysis<components::Displacement>(r);
}

const VariantInfo* find_info(const std::string& id) {
  for (const auto& v : kCatalogue)
    if (v.id == id) return &v;
  return nullptr;
}

}  // namespace

const std::vector<VariantInfo>& variant_catalogue() { return kCatalogue; }

namespace {

// Options after ':' tune single rule fields, as RULES.md's per-variant options do (e.g. "alice:ep=none").
void apply_option(Rules& r, const std::string& key, const std::string& value, const std::string& spec) {
  auto bad = [&] {
    return VariantError("bad option '" + quote_input(key + "=" + value) + "' in '" + quote_input(spec) + "'");
  };
  if (key == "ep") {
    if (value == "none")
      r.ep_when = EpWhen::kNone;
    else if (value == "first")
      r.ep_when = EpWhen::kFirst;
    else if (value == "pair")
      r.ep_when = EpWhen::kMarseillaisPair;
    else if (value == "any")
      r.ep_when = EpWhen::kAny;
    else
      throw bad();
  } else if (key == "cycle") {  // progressive-cyclical: the agreed even n
    if (r.schedule.kind != ScheduleKind::kCycle) throw bad();
    int n = 0;
    for (char c : value) n = (c >= '0' && c <= '9' && n < 1000) ? n * 10 + (c - '0') : 10000;
    if (value.empty() || n < 2 || n > 64 || n % 2) throw bad();
    r.schedule.period = n;
  } else if (key == "compulsory") {  // rifle decision 2
    if (value != "true" && value != "false") throw bad();
    r.compulsory_capture = value == "true";
  } else if (key == "madras-ep") {  // madras e.p. options
    if (value == "both")
      r.madrasi_ep = MadrasiEp::kBothInert;
    else if (value == "capturer-only")
      r.madrasi_ep = MadrasiEp::kCapturerOnly;
    else if (value == "stepper-only")
      r.madrasi_ep = MadrasiEp::kStepperOnly;
    else
      throw bad();
  } else {
    throw VariantError("unknown option '" + quote_input(key) + "' in '" + quote_input(spec) +
                       "' (known: ep, compulsory, madras-ep, cycle)");
  }
}

// The fields the options set (apply_option): equal when an option only restated the components' setting.
bool same_optional_fields(const Rules& a, const Rules& b) {
  return a.ep_when == b.ep_when && a.compulsory_capture == b.compulsory_capture &&
         a.madrasi_ep == b.madrasi_ep && a.schedule.period == b.schedule.period;
}

// The components' canonical spelling: catalogue order, "chess" (which sets nothing) left out of a
// composition, and the alias when the components are exactly an alias's ("kamikaze+progressive" ->
// "progressive-kamikaze").
std::string canonical_components(std::vector<const VariantInfo*> parts) {
  if (parts.size() > 1) parts.erase(std::remove(parts.begin(), parts.end(), find_info("chess")), parts.end());
  auto rank = [](const VariantInfo* i) { return i - kCatalogue.data(); };
  std::sort(parts.begin(), parts.end(), [&](auto* a, auto* b) { return rank(a) < rank(b); });
  std::string joined;
  for (const VariantInfo* p : parts) joined += (joined.empty() ? "" : "+") + p->id;
  for (const auto& info : kCatalogue)
    if (!info.alias_of.empty() && info.alias_of == joined) return info.id;
  return joined;
}

}  // namespace

Variant make_variant(const std::string& full_spec) {
  if (full_spec.empty()) throw VariantError("empty variant id");
  if (full_spec.size() > kMaxVariantIdLength)
    throw VariantError("variant id too long: " + std::to_string(full_spec.size()) + " characters (at most " +
                       std::to_string(kMaxVariantIdLength) + ")");
  std::string spec = full_spec, options;
  if (auto colon = full_spec.find(':'); colon != std::string::npos) {
    spec = full_spec.substr(0, colon);
    options = full_spec.substr(colon + 1);
  }
  if (spec.empty()) throw VariantError("empty variant id in '" + quote_input(full_spec) + "'");
  if (spec.front() == '+' || spec.back() == '+')
    throw VariantError("malformed variant id '" + quote_input(spec) + "' (empty component)");
  // Split on '+', expanding aliases; each component at most once.
  std::vector<const VariantInfo*> parts;
  std::stringstream ss(spec);
  for (std::string part; std::getline(ss, part, '+');) {
    if (part.empty())
      throw VariantError("malformed variant id '" + quote_input(spec) + "' (empty component)");
    const VariantInfo* info = find_info(part);
    if (!info)
      throw VariantError("unknown variant id '" + quote_input(part) + "' (see 'heterochess variants')");
    std::vector<const VariantInfo*> expanded{info};
    if (!info->alias_of.empty()) {
      expanded.clear();
      std::stringstream as(info->alias_of);
      for (std::string a; std::getline(as, a, '+');) expanded.push_back(find_info(a));
    }
    for (const VariantInfo* e : expanded) {
      if (std::find(parts.begin(), parts.end(), e) != parts.end())
        throw VariantError("variant id '" + e->id + "' given twice in '" + quote_input(spec) + "'");
      parts.push_back(e);
    }
  }
  Variant v;
  std::vector<std::pair<Dimension, std::string>> owner;
  for (const VariantInfo* info : parts) {
    for (Dimension d : info->sets) {
      auto it = std::find_if(owner.begin(), owner.end(), [&](auto& o) { return o.first == d; });
      if (it != owner.end())
        throw VariantError("variant ids '" + it->second + "' and '" + info->id + "' both set the " +
                           dimension_name(d) + " dimension; they cannot be combined");
      owner.emplace_back(d, info->id);
    }
    info->apply(v.rules);
  }
  // Options: each key once; applied in key order (they set distinct fields), and one that changes nothing
  // (the components' own setting) is left out of the canonical id.
  std::map<std::string, std::string> given;
  std::stringstream os(options);
  for (std::string opt; std::getline(os, opt, ',');) {
    auto eq = opt.find('=');
    if (eq == std::string::npos) throw VariantError("option '" + quote_input(opt) + "' needs key=value");
    if (!given.emplace(opt.substr(0, eq), opt.substr(eq + 1)).second)
      throw VariantError("option '" + quote_input(opt.substr(0, eq)) + "' given twice in '" +
                         quote_input(full_spec) + "'");
  }
  std::string kept;
  for (const auto& [key, value] : given) {
    const Rules before = v.rules;
    apply_option(v.rules, key, value, full_spec);
    if (same_optional_fields(before, v.rules)) continue;
    kept += (kept.empty() ? ":" : ",") + key + "=" + value;
  }
  v.id = canonical_components(parts) + kept;
  v.ops = pick_kernel(v.rules);
  v.start_fen = v.rules.castling ? "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
                                 : "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
  return v;
}

}  // namespace hc
