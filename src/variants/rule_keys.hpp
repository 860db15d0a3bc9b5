// The vocabulary of the variant catalogue and of user variant files (docs/variants.md): one row per key, in
// RULES.md §2's words, naming the dimension it belongs to, the values it takes and the hc::Rules field it
// sets. Adding a Rules field is adding a row to rule_keys.cpp (and a line to docs/variants.md).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "rules/rules.hpp"

namespace hc {

// One dimension of RULES.md §2; two ids that set the same dimension cannot be combined.
enum class Dimension {
  kBoards,
  kSchedule,
  kCheck,
  kEnPassant,
  kCapture,
  kParalysis,
  kObligations,
  kGameEnd,
  kArray,  // the start position (catalogue key `start`, not a rule key)
  kKernel,
  kMovement,  // the directions men move and attack in (Rules::movement)
};
const char* dimension_name(Dimension d);

enum class KeyKind {
  kChoice,   // one name of `values` (a TOML string)
  kInteger,  // an integer from `min` to `max`
  kBoolean,  // true or false
  kList,     // a list of names of `values` (a TOML array of strings), each a bit of the field's value
};

struct KeyValue {
  const char* name;  // as written in a file
  long value;        // kChoice: the enumerator; kList: its bit
};

struct RuleKey {
  const char* key;  // as written in a file; a dotted key ("ep.when") may also be written as a table
  Dimension dimension;
  KeyKind kind;
  std::vector<KeyValue> values;  // kChoice, kList
  long min, max;                 // kInteger
  void (*set)(Rules&, long);     // the value: an enumerator, an integer, 0/1, or the bits of a list
  long (*get)(const Rules&);
  const char* doc;  // what it means, one line
};

// Options after ':' in an id ("alice:ep=none"): each sets one rule key.
struct IdOption {
  const char* name;  // in the id
  const char* key;   // the RuleKey it sets
  // A kList key: "true" adds this name to the list and "false" takes it out; nullptr otherwise.
  const char* flag;
  // The option's values and the key's value names they mean; empty: the key's own names (or an integer).
  std::vector<std::pair<const char*, const char*>> spellings;
};

const std::vector<RuleKey>& rule_keys();
const RuleKey* find_rule_key(std::string_view key);
// True when some key starts with "prefix." (so "ep" may be a table).
bool is_key_prefix(std::string_view prefix);
const std::vector<IdOption>& id_options();

// The values a key takes, for messages and the docs: "one of: a, b", "an integer from 1 to 200", …
std::string describe_values(const RuleKey& k);
// The value of a key in `r`, in the file's syntax ("\"italian\"", "2", "true", "[\"check\"]").
std::string format_value(const RuleKey& k, long value);

// What the kernel cannot play in a whole set of rules (two keys that contradict each other, a value not
// implemented yet): the first problem, or "" when there is none.
std::string rules_problem(const Rules& r);

}  // namespace hc
