#include "variants/registry.hpp"

#include <algorithm>
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
  r.schedule = {ScheduleKind::kFixed, 2, 0};
  r.ends_on_check = true;
  r.complete_turn = true;
  r.ep_when = EpWhen::kMarseillaisPair;
}

// RULES.md §3.5 family defaults (Scottish progressive).
void progressive_family(Rules& r) {
  r.schedule = {ScheduleKind::kProgressive, 1, 0};
  r.ends_on_check = true;
  r.ep_when = EpWhen::kFirst;
  r.ep_passed = EpPassed::kNeverOccupied;
  r.progress_unit = ProgressUnit::kTurns;  // ten turns without capture or pawn move
  r.progress_limit = 10;
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
       r.schedule = {ScheduleKind::kFixed, 2, 1};
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
     [](Rules& r) {
       progressive_family(r);
       r.ends_on_check = false;  // a series is never cut short: an early check is illegal
       r.regime = CheckRegime::kItalian;
       r.ep_passed = EpPassed::kEmptyNow;  // decision 3 (AISE wording)
     },
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
                       "' (known: ep, compulsory, madras-ep)");
  }
}

}  // namespace

Variant make_variant(const std::string& full_spec) {
  if (full_spec.empty()) throw VariantError("empty variant id");
  std::string spec = full_spec, options;
  if (auto colon = full_spec.find(':'); colon != std::string::npos) {
    spec = full_spec.substr(0, colon);
    options = full_spec.substr(colon + 1);
  }
  if (spec.empty()) throw VariantError("empty variant id in '" + quote_input(full_spec) + "'");
  if (spec.front() == '+' || spec.back() == '+')
    throw VariantError("malformed variant id '" + quote_input(spec) + "' (empty component)");
  // Split on '+', expanding aliases.
  std::vector<std::string> parts;
  std::stringstream ss(spec);
  for (std::string part; std::getline(ss, part, '+');) {
    if (part.empty())
      throw VariantError("malformed variant id '" + quote_input(spec) + "' (empty component)");
    const VariantInfo* info = find_info(part);
    if (!info)
      throw VariantError("unknown variant id '" + quote_input(part) + "' (see 'heterochess variants')");
    if (!info->alias_of.empty()) {
      std::stringstream as(info->alias_of);
      for (std::string a; std::getline(as, a, '+');) parts.push_back(a);
    } else {
      parts.push_back(part);
    }
  }
  Variant v;
  v.id = spec;
  std::vector<std::pair<Dimension, std::string>> owner;
  for (const auto& part : parts) {
    const VariantInfo* info = find_info(part);
    for (Dimension d : info->sets) {
      auto it = std::find_if(owner.begin(), owner.end(), [&](auto& o) { return o.first == d; });
      if (it != owner.end()) {
        if (it->second == part)
          throw VariantError("variant id '" + part + "' given twice in '" + quote_input(spec) + "'");
        throw VariantError("variant ids '" + it->second + "' and '" + part + "' both set the " +
                           dimension_name(d) + " dimension; they cannot be combined");
      }
      owner.emplace_back(d, part);
    }
    info->apply(v.rules);
  }
  std::stringstream os(options);
  for (std::string opt; std::getline(os, opt, ',');) {
    auto eq = opt.find('=');
    if (eq == std::string::npos) throw VariantError("option '" + quote_input(opt) + "' needs key=value");
    apply_option(v.rules, opt.substr(0, eq), opt.substr(eq + 1), full_spec);
  }
  v.id = full_spec;
  v.ops = pick_kernel(v.rules);
  v.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  return v;
}

}  // namespace hc
