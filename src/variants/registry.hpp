// Variant ids (RULES.md §8) as declarative compositions of rule components, and their composition with '+'.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

#include "rules/kernel.hpp"
#include "rules/rules.hpp"

namespace hc {

// One dimension of RULES.md §2; two ids that set the same dimension cannot be combined.
enum class Dimension { kBoards, kSchedule, kCheck, kEnPassant, kCapture, kParalysis, kObligations, kGameEnd };
const char* dimension_name(Dimension d);

// The id a new engine or protocol session starts with (every dimension at its default).
inline constexpr const char* kDefaultVariant = "chess";

struct VariantInfo {
  std::string id;
  std::string name;         // name in the sources
  std::string rules_ref;    // RULES.md section
  std::string description;  // one line
  std::vector<Dimension> sets;
  void (*apply)(Rules&);
  std::string alias_of;  // non-empty: this id is a name for a composition
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
};

class VariantError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A variant spec longer than this is refused before it is read (every valid composition, with every option
// spelt out, is well under it: variant_id_test).
inline constexpr std::size_t kMaxVariantIdLength = 200;

const std::vector<VariantInfo>& variant_catalogue();
// Resolves "id" or "id+id+…" with options "…:key=value,…"; throws VariantError naming the problem (too long,
// unknown id, an id or option given twice, clashing dimensions, a bad option).
Variant make_variant(const std::string& id);

}  // namespace hc
