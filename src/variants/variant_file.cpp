#include "variants/variant_file.hpp"

#include <algorithm>
#include <fstream>
#include <functional>
#include <iterator>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "notation/fen.hpp"
#include "notation/quote.hpp"
#include "rules/start_position.hpp"
#include "variants/toml_guard.hpp"

namespace hc {
namespace {
// A precondition of toml++'s parser that the text broke (see below).
struct TomlDefect {
  const char* condition;
};
[[noreturn]] void toml_defect(const char* condition) { throw TomlDefect{condition}; }
}  // namespace
}  // namespace hc

// toml++ 3.3 (Debian 12) checks some preconditions of its parser only by assertions, which bad text can break
// (upstream issues 294 and PR 301: "[&", "x = [}]"): with NDEBUG they are compiler assumptions, i.e.
// undefined behaviour. In this file, the only one that includes toml++, they stay checked whatever the build
// type, and a broken one throws TomlDefect, which the reader reports as text that is not valid TOML.
#pragma push_macro("NDEBUG")
#undef NDEBUG
#define TOML_ASSERT(expr) ((expr) ? static_cast<void>(0) : ::hc::toml_defect(#expr))
#include <toml++/toml.h>
#pragma pop_macro("NDEBUG")

namespace hc {

extern const char* const kBuiltinCatalogueText;  // catalogue.toml, generated at build time

std::string VariantFileIssue::text(const std::string& source) const {
  std::string s = source;
  if (line) s += ":" + std::to_string(line) + (column ? ":" + std::to_string(column) : "");
  s += ": ";
  if (!id.empty()) s += "[" + quote_input(id) + "] ";
  if (!key.empty()) s += "key '" + quote_input(key) + "': ";
  return s + message;
}

namespace {

std::string join_issues(const std::string& source, const std::vector<VariantFileIssue>& issues) {
  std::string s;
  for (const auto& i : issues) {
    if (!s.empty()) s += '\n';
    s += i.text(source);
  }
  return s;
}

}  // namespace

VariantFileError::VariantFileError(std::string source, std::vector<VariantFileIssue> issues)
    : VariantError(join_issues(source, issues)), source_(std::move(source)), issues_(std::move(issues)) {}

namespace {

constexpr std::size_t kMaxIdLength = 64, kMaxTextLength = 500;

struct Where {
  int line = 0, column = 0;
};
Where where(const toml::source_region& r) { return {int(r.begin.line), int(r.begin.column)}; }

bool valid_id(std::string_view id) {
  if (id.empty() || id.size() > kMaxIdLength) return false;
  for (char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  return id.front() != '-' && id.back() != '-';
}

std::string trim(std::string_view s) {
  const auto b = s.find_first_not_of(' '), e = s.find_last_not_of(' ');
  return b == std::string_view::npos ? "" : std::string(s.substr(b, e - b + 1));
}

// An entry of the file as written, before inheritance and aliases are resolved.
struct Entry {
  VariantInfo info;
  Where header;
  Where inherits_at, alias_at, start_at;
  bool alias = false;                                   // it has alias_of
  std::vector<std::pair<std::string, Where>> own_keys;  // rule keys it sets itself
  // Resolution state: 0 not yet, 1 in progress, 2 done, 3 failed.
  int state = 0;
  std::vector<std::size_t> parts;  // an alias: the indices of its components (not aliases)
};

class Reader {
 public:
  Reader(const Catalogue& base, bool builtin) : builtin_(builtin) {
    for (const VariantInfo& v : base.variants) {
      Entry e;
      e.info = v;
      e.state = 2;
      entries_.push_back(std::move(e));
    }
    for (std::size_t i = 0; i < entries_.size(); ++i)
      if (!entries_[i].info.alias_of.empty()) {
        std::stringstream ss(entries_[i].info.alias_of);
        for (std::string a; std::getline(ss, a, '+');) entries_[i].parts.push_back(index_of(a));
      }
    base_count_ = entries_.size();
    result_.catalogue.showcase = base.showcase;
  }

  VariantFileResult read(std::string_view text, const std::string& source) {
    toml::table doc;
    if (auto p = toml_guard(text)) {
      issue({p->line, p->column}, "", "", p->message);
      return std::move(result_);
    }
    try {
      doc = toml::parse(toml_safe_text(text), source);
    } catch (const toml::parse_error& e) {
      const Where w = where(e.source());
      issue(w, "", "", "not valid TOML: " + quote_input(toml_original_text(e.description()), 300));
      return std::move(result_);
    } catch (const TomlDefect&) {
      issue({}, "", "", "not valid TOML (the TOML reader could not say where)");
      return std::move(result_);
    }
    for (const auto& [k, v] : in_source_order(doc)) top_level(*k, *v);
    for (std::size_t i = base_count_; i < entries_.size(); ++i) resolve(i);
    for (std::size_t i = base_count_; i < entries_.size(); ++i) finish(entries_[i]);
    if (result_.issues.empty()) {
      std::vector<Where> start_at;
      for (Entry& e : entries_) {
        start_at.push_back(e.start_at);
        result_.catalogue.variants.push_back(std::move(e.info));
      }
      check_showcase();
      check_starts(start_at);
    }
    if (!result_.issues.empty()) result_.catalogue.variants.clear();
    std::stable_sort(result_.issues.begin(), result_.issues.end(), [](auto& a, auto& b) {
      return std::tie(a.line, a.column) < std::tie(b.line, b.column);
    });
    return std::move(result_);
  }

 private:
  using Pair = std::pair<const toml::key*, const toml::node*>;

  // toml++ keeps a table's keys sorted by name; the catalogue's order is the file's.
  static std::vector<Pair> in_source_order(const toml::table& t) {
    std::vector<Pair> out;
    for (auto&& [k, v] : t) out.emplace_back(&k, &v);
    std::stable_sort(out.begin(), out.end(), [](const Pair& a, const Pair& b) {
      const auto &x = a.first->source().begin, &y = b.first->source().begin;
      return std::tie(x.line, x.column) < std::tie(y.line, y.column);
    });
    return out;
  }

  void issue(Where w, std::string id, std::string key, std::string message) {
    result_.issues.push_back({w.line, w.column, std::move(id), std::move(key), std::move(message)});
  }

  std::size_t index_of(std::string_view id) const {
    for (std::size_t i = 0; i < entries_.size(); ++i)
      if (entries_[i].info.id == id) return i;
    return npos;
  }
  static constexpr std::size_t npos = std::size_t(-1);

  std::optional<std::string> string_of(const toml::node& v, const std::string& id, const std::string& key) {
    if (const auto* s = v.as_string()) {
      std::string text = toml_original_text(s->get());
      if (text.size() > kMaxTextLength) {
        issue(where(v.source()), id, key, "longer than " + std::to_string(kMaxTextLength) + " bytes");
        return std::nullopt;
      }
      return text;
    }
    issue(where(v.source()), id, key, "a string expected");
    return std::nullopt;
  }

  void top_level(const toml::key& k, const toml::node& v) {
    const Where at = where(k.source());
    const std::string name = toml_original_text(k.str());
    if (name == "showcase") {
      if (!builtin_) {
        issue(at, "", name, "only the built-in catalogue has a showcase");
        return;
      }
      result_.catalogue.showcase.clear();
      const auto* arr = v.as_array();
      if (!arr) return issue(where(v.source()), "", name, "a list of compositions expected");
      for (const toml::node& item : *arr)
        if (auto s = string_of(item, "", name)) {
          result_.catalogue.showcase.push_back(*s);
          showcase_at_.push_back(where(item.source()));
        }
      return;
    }
    Entry e;
    e.header = at;
    e.info.builtin = builtin_;
    std::string id = name;
    if (auto colon = name.find(':'); colon != std::string::npos) {
      id = trim(std::string_view(name).substr(0, colon));
      e.info.inherits = trim(std::string_view(name).substr(colon + 1));
      e.inherits_at = at;
    }
    e.info.id = id;
    if (!valid_id(id))
      return issue(at, "", "",
                   "bad variant id '" + quote_input(id) + "' (1 to " + std::to_string(kMaxIdLength) +
                       " lower-case letters, digits and inner '-')");
    if (!v.is_table()) return issue(at, id, "", "a variant is a table: write [" + id + "] before its keys");
    if (const std::size_t prev = index_of(id); prev != npos) {
      const Entry& p = entries_[prev];
      if (prev < base_count_)
        return issue(at, id, "", "'" + id + "' is a built-in id; a variants file cannot redefine it");
      return issue(
          at, id, "",
          "duplicate id '" + id + "' (first declared at line " + std::to_string(p.header.line) + ")");
    }
    if (!e.info.inherits.empty() && !valid_id(e.info.inherits))
      issue(at, id, "", "bad parent id '" + quote_input(e.info.inherits) + "' after ':'");
    keys(*v.as_table(), "", e);
    if (e.alias) {
      if (!e.info.inherits.empty()) issue(e.alias_at, id, "alias_of", "an alias does not inherit");
      for (const auto& [key, w] : e.own_keys)
        issue(w, id, key, "an alias sets no keys of its own (its components set them)");
    }
    if (e.info.name.empty()) e.info.name = id;
    ++result_.declared;
    entries_.push_back(std::move(e));
  }

  // The keys of an entry: the descriptive ones, inherits, alias_of, and rule keys (a dotted key may be a
  // table).
  void keys(const toml::table& t, const std::string& prefix, Entry& e) {
    const std::string& id = e.info.id;
    for (const auto& [k, node] : in_source_order(t)) {
      const std::string key = prefix + toml_original_text(k->str());
      const Where at = where(k->source());
      const toml::node& v = *node;
      if (prefix.empty() && (key == "name" || key == "rules" || key == "description")) {
        if (auto s = string_of(v, id, key))
          (key == "name" ? e.info.name : key == "rules" ? e.info.rules_ref : e.info.description) = *s;
      } else if (prefix.empty() && key == "inherits") {
        if (auto s = string_of(v, id, key)) {
          if (!e.info.inherits.empty())
            issue(at, id, key,
                  "the parent is already given in the header [" + id + ": " + e.info.inherits + "]");
          else if (!valid_id(*s))
            issue(where(v.source()), id, key, "bad parent id '" + quote_input(*s) + "'");
          e.info.inherits = *s;
          e.inherits_at = where(v.source());
        }
      } else if (prefix.empty() && key == "start") {
        if (auto s = string_of(v, id, key)) {
          e.info.start = *s;
          e.start_at = where(v.source());
          e.own_keys.emplace_back(key, at);
        }
      } else if (prefix.empty() && key == "alias_of") {
        if (auto s = string_of(v, id, key)) {
          e.info.alias_of = *s;
          e.alias = true;
          e.alias_at = where(v.source());
        }
      } else if (const RuleKey* rk = find_rule_key(key)) {
        if (auto value = rule_value(*rk, v, id)) {
          e.info.settings.push_back({rk, *value});
          e.own_keys.emplace_back(key, at);
        }
      } else if (is_key_prefix(key)) {
        if (v.is_table())
          keys(*v.as_table(), key + ".", e);
        else
          issue(at, id, key, "a table of the keys " + keys_under(key) + " expected");
      } else {
        issue(at, id, key, "unknown key (the keys: 'heterochess variants --keys', docs/variants.md)");
      }
    }
  }

  static std::string keys_under(const std::string& prefix) {
    std::string s;
    for (const RuleKey& k : rule_keys())
      if (std::string_view(k.key).substr(0, prefix.size() + 1) == prefix + ".")
        s += (s.empty() ? "" : ", ") + std::string(k.key);
    return s;
  }

  std::optional<long> rule_value(const RuleKey& k, const toml::node& v, const std::string& id) {
    const Where at = where(v.source());
    auto bad = [&](const std::string& what) {
      issue(at, id, k.key, "bad value" + what + " (" + describe_values(k) + ")");
      return std::nullopt;
    };
    auto named = [&](const toml::node& n) -> std::optional<long> {
      const auto* s = n.as_string();
      if (!s) return std::nullopt;
      for (const KeyValue& kv : k.values)
        if (s->get() == kv.name) return kv.value;
      return std::nullopt;
    };
    auto shown = [](const toml::node& n) -> std::string {
      if (const auto* s = n.as_string()) return " '" + quote_input(toml_original_text(s->get())) + "'";
      if (const auto* i = n.as_integer()) return " " + std::to_string(i->get());
      if (const auto* b = n.as_boolean()) return b->get() ? " true" : " false";
      if (n.is_floating_point()) return " (a floating-point number)";
      if (n.is_array()) return " (a list)";
      if (n.is_table()) return " (a table)";
      return " (a date or time)";
    };
    switch (k.kind) {
      case KeyKind::kChoice:
        if (auto x = named(v)) return x;
        return bad(shown(v));
      case KeyKind::kInteger:
        if (const auto* i = v.as_integer(); i && i->get() >= k.min && i->get() <= k.max)
          return long(i->get());
        return bad(shown(v));
      case KeyKind::kBoolean:
        if (const auto* b = v.as_boolean()) return long(b->get());
        return bad(shown(v));
      case KeyKind::kList: {
        const auto* arr = v.as_array();
        if (!arr) return bad(shown(v));
        long bits = 0;
        for (const toml::node& item : *arr) {
          auto x = named(item);
          if (!x) {
            issue(where(item.source()), id, k.key,
                  "bad list item" + shown(item) + " (" + describe_values(k) + ")");
            return std::nullopt;
          }
          bits |= *x;
        }
        return bits;
      }
    }
    return std::nullopt;
  }

  // Inheritance and aliases, depth first: an entry's full settings (the parent's, then its own), an alias's
  // components. A cycle or an unknown id fails the entries on it.
  bool resolve(std::size_t i) {
    Entry& e = entries_[i];
    if (e.state == 2) return true;
    if (e.state == 3) return false;
    const std::string& id = e.info.id;
    if (e.state == 1) {
      std::string chain;
      for (auto j = std::find(stack_.begin(), stack_.end(), i); j != stack_.end(); ++j)
        chain += entries_[*j].info.id + " -> ";
      chain += id;
      issue(e.header, id, "", "cycle of inheritance or aliases: " + chain);
      return false;
    }
    e.state = 1;
    stack_.push_back(i);
    bool ok = e.alias ? resolve_alias(i) : resolve_parent(i);
    stack_.pop_back();
    entries_[i].state = ok ? 2 : 3;
    return ok;
  }

  bool resolve_parent(std::size_t i) {
    if (entries_[i].info.inherits.empty()) return true;
    const std::string parent_id = entries_[i].info.inherits;
    const std::size_t p = index_of(parent_id);
    if (p == npos) {
      issue(entries_[i].inherits_at, entries_[i].info.id, "inherits",
            "unknown parent id '" + quote_input(parent_id) + "'");
      return false;
    }
    if (!resolve(p)) return false;
    // What the parent gives: its settings and array, or an alias's components' (at most one of them has an
    // array: check_dimensions).
    const std::vector<std::size_t> sources =
        entries_[p].info.alias_of.empty() ? std::vector<std::size_t>{p} : entries_[p].parts;
    Entry& e = entries_[i];
    std::vector<RuleSetting> settings;
    for (std::size_t c : sources) {
      const Entry& source = entries_[c];
      settings.insert(settings.end(), source.info.settings.begin(), source.info.settings.end());
      if (e.info.start.empty() && !source.info.start.empty()) {
        e.info.start = source.info.start;
        e.start_at = source.start_at;
      }
    }
    settings.insert(settings.end(), e.info.settings.begin(), e.info.settings.end());
    e.info.settings = std::move(settings);
    return true;
  }

  bool resolve_alias(std::size_t i) {
    const std::string id = entries_[i].info.id, spec = entries_[i].info.alias_of;
    const Where at = entries_[i].alias_at;
    if (spec.find(':') != std::string::npos) {
      issue(at, id, "alias_of", "an alias names ids joined by '+', without options");
      return false;
    }
    if (spec.empty() || spec.front() == '+' || spec.back() == '+' || spec.find("++") != std::string::npos) {
      issue(at, id, "alias_of", "malformed composition '" + quote_input(spec) + "' (empty component)");
      return false;
    }
    std::vector<std::size_t> parts;
    std::stringstream ss(spec);
    for (std::string name; std::getline(ss, name, '+');) {
      const std::size_t c = index_of(name);
      if (c == npos) {
        issue(at, id, "alias_of", "unknown variant id '" + quote_input(name) + "'");
        return false;
      }
      if (!resolve(c)) return false;
      std::vector<std::size_t> expanded{c};
      if (!entries_[c].info.alias_of.empty()) expanded = entries_[c].parts;
      for (std::size_t x : expanded) {
        if (std::find(parts.begin(), parts.end(), x) != parts.end()) {
          issue(at, id, "alias_of",
                "variant id '" + entries_[x].info.id + "' given twice in '" + quote_input(spec) + "'");
          return false;
        }
        parts.push_back(x);
      }
    }
    std::vector<const VariantInfo*> infos;
    for (std::size_t x : parts) {
      set_dimensions(entries_[x].info);
      infos.push_back(&entries_[x].info);
    }
    try {
      check_dimensions(infos);
    } catch (const VariantError& err) {
      issue(at, id, "alias_of", err.what());
      return false;
    }
    // Canonical: catalogue order, without "chess" (which sets nothing).
    std::sort(parts.begin(), parts.end());
    parts.erase(std::remove(parts.begin(), parts.end(), index_of("chess")), parts.end());
    if (parts.size() < 2) {
      issue(at, id, "alias_of", "an alias names a composition of two ids or more");
      return false;
    }
    Entry& e = entries_[i];
    e.parts = parts;
    e.info.alias_of.clear();
    for (std::size_t x : parts) e.info.alias_of += (e.info.alias_of.empty() ? "" : "+") + entries_[x].info.id;
    return true;
  }

  static void set_dimensions(VariantInfo& info) {
    info.sets.clear();
    for (const RuleSetting& s : info.settings)
      if (std::find(info.sets.begin(), info.sets.end(), s.key->dimension) == info.sets.end())
        info.sets.push_back(s.key->dimension);
    if (!info.start.empty() &&
        std::find(info.sets.begin(), info.sets.end(), Dimension::kArray) == info.sets.end())
      info.sets.push_back(Dimension::kArray);  // the start array; promotion_pieces is of this dimension too
    std::sort(info.sets.begin(), info.sets.end());
  }

  // The derived fields of a resolved entry: its dimensions and rules, and whether the kernel can play them.
  void finish(Entry& e) {
    if (e.state != 2) return;
    VariantInfo& info = e.info;
    info.rules = Rules();
    if (info.alias_of.empty()) {
      set_dimensions(info);
      for (const RuleSetting& s : info.settings) s.key->set(info.rules, s.value);
    } else {
      for (std::size_t c : e.parts)
        for (const RuleSetting& s : entries_[c].info.settings) s.key->set(info.rules, s.value);
    }
    if (std::string why = rules_problem(info.rules); !why.empty()) issue(e.header, info.id, "", why);
  }

  void check_showcase() {
    for (std::size_t i = 0; i < result_.catalogue.showcase.size(); ++i) {
      const std::string& spec = result_.catalogue.showcase[i];
      try {
        if (spec.find(':') != std::string::npos) throw VariantError("a composition is ids joined by '+'");
        make_variant(spec, result_.catalogue);
      } catch (const VariantError& err) {
        issue(showcase_at_[i], "", "showcase", err.what());
      }
    }
  }

  // Each start array of this file's ids is a position its variant can start a game from: the FEN reader
  // accepts it (which also refuses castling rights where the rules have no castling), no turn is in progress,
  // and each side has a king where the king is royal.
  void check_starts(const std::vector<Where>& start_at) {
    const auto& vs = result_.catalogue.variants;
    for (std::size_t i = base_count_; i < vs.size(); ++i) {
      if (vs[i].start.empty() || !vs[i].alias_of.empty()) continue;
      try {
        const Variant v = make_variant(vs[i].id, result_.catalogue);
        Position pos;
        set_fen(pos, v, vs[i].start);
        require_royal_kings(pos);
        if (pos.state().made) throw NotationError("a game starts at a turn's beginning (no made=)", 1);
      } catch (const NotationError& err) {
        issue(start_at[i], vs[i].id, "start", std::string("not a start position: ") + err.what());
      } catch (const VariantError& err) {
        issue(start_at[i], vs[i].id, "start", err.what());
      }
    }
  }

  bool builtin_;
  std::vector<Entry> entries_;
  std::size_t base_count_ = 0;
  std::vector<std::size_t> stack_;
  std::vector<Where> showcase_at_;
  VariantFileResult result_;
};

}  // namespace

VariantFileResult read_variants_text(std::string_view text, const std::string& source, const Catalogue& base,
                                     bool builtin) {
  return Reader(base, builtin).read(text, source);
}

VariantFileResult read_variants_file(const std::string& path, const Catalogue& base) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw VariantError("cannot read the variants file '" + quote_input(path) + "'");
  std::string text;
  char buffer[4096];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, std::size_t(in.gcount()));
    if (text.size() > kMaxVariantFileBytes)
      throw VariantError("the variants file '" + quote_input(path) + "' is larger than " +
                         std::to_string(kMaxVariantFileBytes) + " bytes");
  }
  if (in.bad()) throw VariantError("cannot read the variants file '" + quote_input(path) + "'");
  return read_variants_text(text, quote_input(path), base);
}

std::size_t load_variants_file(const std::string& path) {
  VariantFileResult r = read_variants_file(path, builtin_catalogue());
  if (!r.issues.empty()) throw VariantFileError(quote_input(path), std::move(r.issues));
  install_catalogue(std::move(r.catalogue));
  return r.declared;
}

Catalogue read_builtin_catalogue() {
  VariantFileResult r = read_variants_text(kBuiltinCatalogueText, "catalogue.toml", Catalogue(), true);
  if (!r.issues.empty()) throw std::logic_error(join_issues("catalogue.toml", r.issues));
  return std::move(r.catalogue);
}

}  // namespace hc
