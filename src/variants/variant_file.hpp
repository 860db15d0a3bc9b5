// Variant files (docs/variants.md): TOML, one table per id, in the vocabulary of variants/rule_keys.hpp, with
// inheritance (`inherits = "marseillais"` or a header `["my-id: marseillais"]`) and aliases
// (`alias_of = "progressive+kamikaze"`). The built-in catalogue (catalogue.toml) is one; a user file adds ids
// to it (--variants FILE, the UCI option VariantsFile, `serve --variants FILE`).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "variants/registry.hpp"

namespace hc {

// One problem of a file, where it is (1-based; 0 when the file as a whole is meant).
struct VariantFileIssue {
  int line = 0, column = 0;
  std::string id;   // the entry, if any
  std::string key;  // the key, if any
  std::string message;
  // "SOURCE:LINE:COLUMN: [id] key 'KEY': message" (the parts that are known).
  std::string text(const std::string& source) const;
};

// A file with problems: what() lists every one, a line each.
class VariantFileError : public VariantError {
 public:
  VariantFileError(std::string source, std::vector<VariantFileIssue> issues);
  const std::vector<VariantFileIssue>& issues() const { return issues_; }
  const std::string& source() const { return source_; }

 private:
  std::string source_;
  std::vector<VariantFileIssue> issues_;
};

struct VariantFileResult {
  Catalogue catalogue;  // the base's ids, then the file's (when there are no issues)
  std::vector<VariantFileIssue> issues;
  std::size_t declared = 0;  // ids the file declares
};

// Files larger than this are refused unread.
inline constexpr std::size_t kMaxVariantFileBytes = 1 << 20;

// Reads a variants file's text on top of `base`: its ids may inherit from and alias the base's, never
// redefine one. `showcase` (a top-level list of compositions) is read only when `builtin`. Never throws for
// bad text.
VariantFileResult read_variants_text(std::string_view text, const std::string& source, const Catalogue& base,
                                     bool builtin = false);
// The same for a file on disk; throws VariantError when it cannot be read or is larger than the limit.
VariantFileResult read_variants_file(const std::string& path, const Catalogue& base);

// Reads `path` on top of the built-in catalogue and installs the result (replacing a file loaded before).
// Throws VariantFileError, and installs nothing, when the file has a problem (VariantError when it cannot be
// read). Returns the number of ids it declares.
std::size_t load_variants_file(const std::string& path);

// The built-in catalogue from the text compiled in (catalogue.toml); throws std::logic_error if it is broken
// (variants_file_test checks it is not).
Catalogue read_builtin_catalogue();

}  // namespace hc
