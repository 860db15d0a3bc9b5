// Input text inside error messages: whole UTF-8 characters, never a piece of one, so that every message is
// valid UTF-8 (JSON output, HTTP answers) whatever bytes came in.
#pragma once
#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>

namespace hc {

// The length in bytes of the character that starts at byte `i` of `text`: 1 to 4 for a well-formed UTF-8
// sequence (no overlong forms, surrogates or values above U+10FFFF), else 1 (a stray byte is a character of
// its own). 0 when `i` is at or past the end.
std::size_t utf8_char_length(std::string_view text, std::size_t i);

// `text` made printable for a message: well-formed characters as they are, each byte of a malformed sequence
// and of a control character (U+0000-U+001F, U+007F-U+009F) as \xNN. At most `max_chars` characters are kept
// (cut at a character boundary, then "..." is appended).
std::string quote_input(std::string_view text, std::size_t max_chars = 120);

// Message pieces joined (appended in turn: GCC 12 warns falsely about chains of operator+ under -O2).
inline std::string concat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view p : parts) out += p;
  return out;
}

// quote_input between single quotes: 'text'.
std::string in_quotes(std::string_view text);

// The whole character at byte `i` of `text`, printable as by quote_input.
std::string quote_char_at(std::string_view text, std::size_t i);

// Columns in messages count characters (as utf8_char_length splits them), not bytes: the 1-based column of
// byte offset `byte_offset` of `text`. Offsets past the end count the bytes after it one each.
int char_column(std::string_view text, std::size_t byte_offset);

}  // namespace hc
