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
  std::string id;  // canonical id as given (components joined by '+')
  Rules rules;
  const KernelOps* ops = nullptr;
  std::string start_fen;
};

class VariantError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

const std::vector<VariantInfo>& variant_catalogue();
// Resolves "id" or "id+id+…"; throws VariantError naming the offending ids (unknown id, clashing dimensions).
Variant make_variant(const std::string& id);

}  // namespace hc
