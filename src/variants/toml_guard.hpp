// Working around Debian 12's toml++ (3.3), which has undefined behaviour on some text instead of a parse
// error:
//   * its is_non_ascii_horizontal_whitespace reaches an "unreachable" branch for many characters of U+00A1 to
//     U+FEFE (Latin-1, Greek, Cyrillic, CJK punctuation …), and the parser asks it about characters in
//     strings after a backslash and about any character its error paths skip;
//   * some preconditions of its parser are assertions only (upstream issue 294, PR 301), e.g. a table header
//   whose
//     first key does not start with a key character ("[&", "[]", "[[=").
// So toml++ never reads a character of U+0080 to U+FFFF: toml_safe_text moves each to plane 16 (U+100000 +
// the character; one character for one, so lines and columns stay), and toml_original_text moves every text
// read back from toml++ back; a file may not hold plane-16 characters itself. toml_guard finds the bad table
// headers (with their line); variant_file.cpp also keeps toml++'s assertions on and throwing, for what this
// does not know.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace hc {

struct TomlGuardProblem {
  int line, column;  // 1-based; the column counts characters
  std::string message;
};

// The first text toml++ must not read, or nullopt.
std::optional<TomlGuardProblem> toml_guard(std::string_view text);
std::string toml_safe_text(std::string_view text);
std::string toml_original_text(std::string_view text);

}  // namespace hc
