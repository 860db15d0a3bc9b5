#include "variants/registry.hpp"

#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>

#include "core/men.hpp"
#include "notation/quote.hpp"
#include "rules/generic_kernel.hpp"
#include "variants/components.hpp"
#include "variants/variant_file.hpp"

namespace hc {

namespace {

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
const KernelOps* pick_fast(const Rules& r) {
  switch (r.capture) {
    case CaptureKind::kShoot:
      return pick_paralysis<components::Shoot>(r);
    case CaptureKind::kExplosion:
      return pick_paralysis<components::Explosion>(r);
    case CaptureKind::kKamikaze:
      return pick_paralysis<components::Kamikaze>(r);
    case CaptureKind::kDisplacement:
    case CaptureKind::kNone:  // no fast kernel: kernel_for routes it to the generic one (generic_only)
      break;
  }
  return pick_paralysis<components::Displacement>(r);
}

// Catalogues once installed are kept for the whole run, so that references into one stay valid.
std::mutex g_install_mutex;
std::vector<std::unique_ptr<const Catalogue>> g_installed;
std::atomic<const Catalogue*> g_current{nullptr};

}  // namespace

// The men of a FEN's placement field (Rules::start_men).
static std::uint16_t men_of_placement(std::string_view fen) {
  std::uint16_t men = 0;
  for (char c : fen.substr(0, fen.find(' ')))
    if (const PieceType t = man_of_letter(c); t != kNoType) men |= men_bit(t);
  return men;
}

const KernelOps* fast_kernel_ops(const Rules& r) { return pick_fast(r); }

// Rules only the generic kernel plays: the fast kernels' components know none of these settings (capture of
// own men, e.p. by any man, goals and kings that are ordinary men, moves to empty squares only, sweeps and
// turn-start removals,
// capture by the victim's move, check by both colours, per-man attributes (missiles, has-moved), removal
// moves, follow-up shots, volleys, rebirth, paralysis without both its effects (the fast Madrasi has
// both), men beyond the orthodox six (fers, alfil) or a promotion set other than Q, R, B, N
// (Rules::unorthodox_men), the END-OF-TURN check regime (also chosen per turn) or escape_first_move, settings
// per colour (Rules::colours_differ), check other than by every man's attack (check_by), forward-only
// movement, twins (composition.twins), the refill chain, pawns that do not promote and the king's journey over
// an own pawn: generic kernel hooks only).
static bool generic_only(const Rules& r) {
  return r.unorthodox_men() || r.capture_own_men || r.ep_capturers != EpCapturers::kPawns || r.has_goal() ||
         r.any_regime(CheckRegime::kEndOfTurn) || r.any_regime(CheckRegime::kEndOfTurnWhenInCheck) ||
         r.escape_first_move || r.colours_differ || r.check_by != CheckBy::kEveryMan ||
         r.check_only_last_move || !r.pawns_promote || r.king_over_own_pawn ||
         r.capture == CaptureKind::kNone || r.sweep != SweepKind::kNone ||
         r.turn_start != TurnStartKind::kNone || r.capture_pattern != CapturePattern::kCapturers ||
         r.check_attackers != CheckAttackers::kEnemy || r.attributes() || r.own_man_removal ||
         r.follow_up_shot || r.volley || r.rebirth != RebirthKind::kNone || r.butting != Butting::kNone ||
         r.movement != Movement::kFree || r.twins || r.refill_chain != RefillChain::kNone ||
         (r.paralysis != ParalysisKind::kNone && !(r.paralysed_cannot_move && r.paralysed_give_no_check));
}

const KernelOps* kernel_for(const Rules& r) {
  if (r.kernel == KernelChoice::kGeneric || generic_only(r)) return generic_kernel_ops();
  return pick_fast(r);  // every combination of today's components has a fast kernel
}

const VariantInfo* Catalogue::find(std::string_view id) const {
  for (const auto& v : variants)
    if (v.id == id) return &v;
  return nullptr;
}

const Catalogue& builtin_catalogue() {
  static const Catalogue c = read_builtin_catalogue();
  return c;
}

const Catalogue& current_catalogue() {
  const Catalogue* c = g_current.load(std::memory_order_acquire);
  return c ? *c : builtin_catalogue();
}

void install_catalogue(Catalogue c) {
  std::lock_guard<std::mutex> lock(g_install_mutex);
  g_installed.push_back(std::make_unique<const Catalogue>(std::move(c)));
  g_current.store(g_installed.back().get(), std::memory_order_release);
}

const std::vector<VariantInfo>& variant_catalogue() { return current_catalogue().variants; }
const std::vector<std::string>& showcase_compositions() { return current_catalogue().showcase; }

void check_dimensions(const std::vector<const VariantInfo*>& parts) {
  std::vector<std::pair<Dimension, std::string>> owner;
  for (const VariantInfo* info : parts) {
    for (Dimension d : info->sets) {
      auto it = std::find_if(owner.begin(), owner.end(), [&](auto& o) { return o.first == d; });
      if (it != owner.end())
        throw VariantError("variant ids '" + it->second + "' and '" + info->id + "' both set the " +
                           dimension_name(d) + " dimension; they cannot be combined");
      owner.emplace_back(d, info->id);
    }
  }
}

namespace {

// Options after ':' tune single rule keys, as RULES.md's per-variant options do (e.g. "alice:ep=none"):
// variants/rule_keys.cpp lists them. Returns whether the option changed the rules.
bool apply_option(Rules& r, const std::string& key, const std::string& value, const std::string& spec) {
  auto bad = [&] {
    return VariantError("bad option '" + quote_input(key + "=" + value) + "' in '" + quote_input(spec) + "'");
  };
  const IdOption* opt = nullptr;
  std::string known;
  for (const IdOption& o : id_options()) {
    known += (known.empty() ? "" : ", ") + std::string(o.name);
    if (key == o.name) opt = &o;
  }
  if (!opt)
    throw VariantError("unknown option '" + quote_input(key) + "' in '" + quote_input(spec) +
                       "' (known: " + known + ")");
  const RuleKey& k = *find_rule_key(opt->key);
  const long before = k.get(r);
  long v = 0;
  if (opt->flag) {
    if (value != "true" && value != "false") throw bad();
    long bit = 0;
    for (const KeyValue& kv : k.values)
      if (std::string_view(kv.name) == opt->flag) bit = kv.value;
    v = value == "true" ? before | bit : before & ~bit;
  } else {
    std::string name = value;
    if (!opt->spellings.empty()) {
      auto it = std::find_if(opt->spellings.begin(), opt->spellings.end(),
                             [&](auto& s) { return value == s.first; });
      if (it == opt->spellings.end()) throw bad();
      name = it->second;
    }
    if (k.kind == KeyKind::kChoice) {
      auto it = std::find_if(k.values.begin(), k.values.end(), [&](auto& kv) { return name == kv.name; });
      if (it == k.values.end()) throw bad();
      v = it->value;
    } else if (k.kind == KeyKind::kBoolean) {
      if (name != "true" && name != "false") throw bad();
      v = name == "true";
    } else if (k.kind == KeyKind::kInteger) {
      if (name.empty() || name.size() > 9 || name.find_first_not_of("0123456789") != std::string::npos)
        throw bad();
      v = std::stol(name);
      if (v < k.min || v > k.max) throw bad();
    } else {
      throw bad();
    }
  }
  k.set(r, v);
  return k.get(r) != before;
}

// The components' canonical spelling: catalogue order, "chess" (which sets nothing) left out of a
// composition, and the alias when the components are exactly an alias's ("kamikaze+progressive" ->
// "progressive-kamikaze").
std::vector<std::string> canonical_components(std::vector<const VariantInfo*> parts, const Catalogue& cat) {
  if (parts.size() > 1) parts.erase(std::remove(parts.begin(), parts.end(), cat.find("chess")), parts.end());
  auto rank = [&](const VariantInfo* i) { return i - cat.variants.data(); };
  std::sort(parts.begin(), parts.end(), [&](auto* a, auto* b) { return rank(a) < rank(b); });
  std::string joined;
  std::vector<std::string> ids;
  for (const VariantInfo* p : parts) {
    joined += (joined.empty() ? "" : "+") + p->id;
    ids.push_back(p->id);
  }
  for (const auto& info : cat.variants)
    if (!info.alias_of.empty() && info.alias_of == joined) return {info.id};
  return ids;
}

}  // namespace

Variant make_variant(const std::string& full_spec) { return make_variant(full_spec, current_catalogue()); }

Variant make_variant(const std::string& full_spec, const Catalogue& cat) {
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
  // Split on '+', expanding aliases (whose components are catalogue ids that are not aliases); each component
  // at most once.
  std::vector<const VariantInfo*> parts;
  std::stringstream ss(spec);
  for (std::string part; std::getline(ss, part, '+');) {
    if (part.empty())
      throw VariantError("malformed variant id '" + quote_input(spec) + "' (empty component)");
    const VariantInfo* info = cat.find(part);
    if (!info)
      throw VariantError("unknown variant id '" + quote_input(part) + "' (see 'heterochess variants')");
    std::vector<const VariantInfo*> expanded{info};
    if (!info->alias_of.empty()) {
      expanded.clear();
      std::stringstream as(info->alias_of);
      for (std::string a; std::getline(as, a, '+');) expanded.push_back(cat.find(a));
    }
    for (const VariantInfo* e : expanded) {
      if (std::find(parts.begin(), parts.end(), e) != parts.end())
        throw VariantError("variant id '" + e->id + "' given twice in '" + quote_input(spec) + "'");
      parts.push_back(e);
    }
  }
  check_dimensions(parts);
  Variant v;
  // Keys in a `white` / `black` sub-table (ColourRules) after every unscoped key, which sets both colours:
  // a colour's own setting wins whatever the order it was written in.
  for (const bool scoped : {false, true})
    for (const VariantInfo* info : parts)
      for (const RuleSetting& s : info->settings) {
        const std::string_view key = s.key->key;
        if ((key.starts_with("white.") || key.starts_with("black.")) == scoped) s.key->set(v.rules, s.value);
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
  for (const auto& [key, value] : given)
    if (apply_option(v.rules, key, value, full_spec)) kept += (kept.empty() ? ":" : ",") + key + "=" + value;
  v.components = canonical_components(parts, cat);
  for (const std::string& c : v.components) v.id += (v.id.empty() ? "" : "+") + c;
  v.id += kept;
  if (std::string why = rules_problem(v.rules); !why.empty())
    throw VariantError("variant '" + quote_input(full_spec) + "' cannot be played: " + why);
  v.start_fen = v.rules.castling ? "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
                                 : "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
  for (const VariantInfo* info : parts)  // at most one sets the array dimension (check_dimensions)
    if (!info->start.empty()) v.start_fen = info->start;
  v.rules.start_men = men_of_placement(v.start_fen);
  v.ops = kernel_for(v.rules);
  return v;
}

}  // namespace hc
