// Variant ids (RULES.md §8) as declarative compositions of rule settings, and their composition with '+'. The
// built-in catalogue is data (src/variants/catalogue.toml, compiled in; format in docs/variants.md); user
// files add ids to it (variants/variant_file.hpp).
#pragma once
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "rules/kernel.hpp"
#include "rules/rules.hpp"
#include "variants/rule_keys.hpp"

namespace hc {

// The id a new engine or protocol session starts with (every dimension at its default).
inline constexpr const char* kDefaultVariant = "chess";

// One rule key as an id sets it.
struct RuleSetting {
  const RuleKey* key;
  long value;
};

struct VariantInfo {
  std::string id;
  std::string name;                   // name in the sources
  std::string rules_ref;              // RULES.md section
  std::string description;            // one line
  std::vector<Dimension> sets;        // the dimensions of `settings`, in Dimension order (empty for an alias)
  std::vector<RuleSetting> settings;  // the inherited id's, then its own (a later setting of a key wins)
  std::string alias_of;  // non-empty: this id is a name for a composition (its ids in catalogue order)
  std::string inherits;  // the id whose settings it starts from, if any
  // The start position (extended FEN, docs/formats.md) where the id has its own array (key `start`; inherited;
  // it sets the array dimension); empty: the orthodox array.
  std::string start;
  bool builtin = true;
  Rules rules;  // its own rules (an alias: its composition's)
};

// The ids known to make_variant: the built-in ones, then those of a loaded user file, in catalogue order (the
// order of the components in a canonical id).
struct Catalogue {
  std::vector<VariantInfo> variants;
  std::vector<std::string> showcase;  // compositions every consumer exercises beside the ids
  const VariantInfo* find(std::string_view id) const;
};

// A resolved variant: the composed rules and the kernel chosen for them.
struct Variant {
  // Canonical id: components in catalogue order joined by '+' ("chess" only alone; an alias's own id when the
  // components are exactly its composition), then the options that change something, by key, after ':'.
  // Equal variants have equal ids whatever the spelling they were given in.
  std::string id;
  Rules rules;
  const KernelOps* ops = nullptr;
  std::string start_fen;
  std::vector<std::string> components;  // the catalogue ids of the canonical id, without options
};

class VariantError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A variant spec longer than this is refused before it is read (every valid composition, with every option
// spelt out, is well under it: variant_id_test).
inline constexpr std::size_t kMaxVariantIdLength = 200;

// The catalogue in use: the built-in ids, and those of the last user file loaded (load_variants_file). The
// references stay valid for the whole run, also after a later load.
const std::vector<VariantInfo>& variant_catalogue();
const std::vector<std::string>& showcase_compositions();
const Catalogue& current_catalogue();
// The built-in catalogue alone.
const Catalogue& builtin_catalogue();
// Makes `c` the catalogue in use (load_variants_file checks a file and installs built-in + its ids).
void install_catalogue(Catalogue c);

// Resolves "id" or "id+id+…" with options "…:key=value,…"; throws VariantError naming the problem (too long,
// unknown id, an id or option given twice, clashing dimensions, a bad option).
Variant make_variant(const std::string& id);
Variant make_variant(const std::string& id, const Catalogue& catalogue);

// The kernel that plays `r` (docs/architecture.md "Two tiers"): the generic one when r.kernel says so or when
// r has a rule the fast kernels do not know (capture of own men, e.p. by any man, goals, capture = none,
// sweeps), else the fast templated
// kernel of its combination of components (a fast one exists for each of today's 32).
const KernelOps* kernel_for(const Rules& r);
// The fast kernel of r's combination (capture, paralysis, transfer, royal capture), whatever r.kernel says.
const KernelOps* fast_kernel_ops(const Rules& r);

// Throws the VariantError make_variant gives when two of `parts` set one dimension.
void check_dimensions(const std::vector<const VariantInfo*>& parts);

}  // namespace hc
