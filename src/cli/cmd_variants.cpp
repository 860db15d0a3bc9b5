// heterochess variants: the catalogue (built-in and loaded ids), the check of a variants file, the file's
// keys.
#include <fmt/ostream.h>

#include <iostream>

#include "cli/commands.hpp"
#include "cli/json_out.hpp"
#include "notation/quote.hpp"
#include "variants/registry.hpp"
#include "variants/variant_file.hpp"

namespace hc::cli {

using json = nlohmann::json;

namespace {

std::string dims(const VariantInfo& v) {
  std::string s;
  for (Dimension d : v.sets) {
    if (!s.empty()) s += ',';
    s += dimension_name(d);
  }
  return s;
}

}  // namespace

int cmd_variants(const Common& c, const Io& io) {
  if (c.json) {
    json arr = json::array();
    for (const auto& v : variant_catalogue()) {
      json dj = json::array();
      for (Dimension d : v.sets) dj.push_back(dimension_name(d));
      json o = {{"id", v.id},           {"name", v.name},
                {"rules", v.rules_ref}, {"description", v.description},
                {"dimensions", dj},     {"boards", v.rules.boards},
                {"builtin", v.builtin}};
      if (!v.alias_of.empty()) o["alias_of"] = v.alias_of;
      if (!v.inherits.empty()) o["inherits"] = v.inherits;
      arr.push_back(o);
    }
    io.out << dump_json(json{{"variants", arr}, {"showcase", showcase_compositions()}}) << "\n";
    return 0;
  }
  for (const auto& v : variant_catalogue()) {
    std::string d = v.alias_of.empty() ? dims(v) : "= " + v.alias_of;
    fmt::print(io.out, "{:<22} {:<58} [{}]{}\n", v.id, v.description, d.empty() ? "defaults" : d,
               v.builtin ? "" : " (user)");
  }
  fmt::print(io.out,
             "\nCombine ids across dimensions with '+', e.g. progressive+alice, marseillais+atomic.\n");
  return 0;
}

int cmd_variants_check(const std::string& file, bool json_out, const Io& io) {
  const VariantFileResult r = read_variants_file(file, builtin_catalogue());
  if (json_out) {
    json errors = json::array();
    for (const auto& i : r.issues)
      errors.push_back(
          {{"line", i.line}, {"column", i.column}, {"id", i.id}, {"key", i.key}, {"message", i.message}});
    json out = {{"ok", r.issues.empty()}, {"variants", r.declared}};
    if (!r.issues.empty()) out["errors"] = errors;
    io.out << dump_json(out) << "\n";
  } else if (r.issues.empty()) {
    fmt::print(io.out, "ok: {} variant{}\n", r.declared, r.declared == 1 ? "" : "s");
  } else {
    for (const auto& i : r.issues) fmt::print(io.out, "{}\n", i.text(quote_input(file)));
    fmt::print(io.out, "{} error{}\n", r.issues.size(), r.issues.size() == 1 ? "" : "s");
  }
  return r.issues.empty() ? 0 : 1;
}

int cmd_variant_keys(bool json_out, const Io& io) {
  json arr = json::array();
  for (const RuleKey& k : rule_keys()) {
    if (json_out)
      arr.push_back({{"key", k.key},
                     {"dimension", dimension_name(k.dimension)},
                     {"values", describe_values(k)},
                     {"default", format_value(k, k.get(Rules()))},
                     {"meaning", k.doc}});
    else
      fmt::print(io.out, "{:<18} {:<12} {} (default {})\n{:<31} {}\n", k.key, dimension_name(k.dimension),
                 describe_values(k), format_value(k, k.get(Rules())), "", k.doc);
  }
  if (json_out) io.out << dump_json(json{{"keys", arr}}) << "\n";
  return 0;
}

}  // namespace hc::cli
