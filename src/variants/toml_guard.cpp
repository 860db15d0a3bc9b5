#include "variants/toml_guard.hpp"

#include <algorithm>
#include <cstdint>

#include "notation/quote.hpp"

namespace hc {

namespace {

constexpr std::uint32_t kPlane16 = 0x100000;

bool key_start(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
         c == '"' || c == '\'';
}

// The code point of the well-formed UTF-8 character of `n` bytes at `s`.
std::uint32_t decode(const char* s, std::size_t n) {
  auto b = [&](std::size_t i) { return std::uint32_t(static_cast<unsigned char>(s[i])); };
  if (n == 2) return (b(0) & 0x1F) << 6 | (b(1) & 0x3F);
  if (n == 3) return (b(0) & 0x0F) << 12 | (b(1) & 0x3F) << 6 | (b(2) & 0x3F);
  return (b(0) & 0x07) << 18 | (b(1) & 0x3F) << 12 | (b(2) & 0x3F) << 6 | (b(3) & 0x3F);
}

void encode(std::uint32_t c, std::string& out) {
  if (c < 0x800) {
    out += char(0xC0 | c >> 6);
  } else if (c < 0x10000) {
    out += char(0xE0 | c >> 12);
    out += char(0x80 | (c >> 6 & 0x3F));
  } else {
    out += char(0xF0 | c >> 18);
    out += char(0x80 | (c >> 12 & 0x3F));
    out += char(0x80 | (c >> 6 & 0x3F));
  }
  out += char(0x80 | (c & 0x3F));
}

// `text` with each well-formed character whose code point `map` changes replaced (other bytes kept).
template <class Map>
std::string recode(std::string_view text, Map map) {
  std::string out;
  out.reserve(text.size() + text.size() / 2);
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = utf8_char_length(text, i);
    const std::uint32_t c = n > 1 ? decode(text.data() + i, n) : 0;
    if (n > 1 && map(c) != c)
      encode(map(c), out);
    else
      out.append(text.substr(i, n));
    i += n;
  }
  return out;
}

}  // namespace

std::optional<TomlGuardProblem> toml_guard(std::string_view t) {
  int line = 1, depth = 0;  // depth: open arrays and inline tables
  std::size_t line_start = 0, i = 0;
  bool at_line_start = true, header = false;
  auto problem = [&](std::size_t at, const std::string& what) {
    at = std::min(at, t.size());
    return TomlGuardProblem{line, char_column(t.substr(line_start), at - line_start),
                            "not valid TOML here (toml++ 3.3 cannot read it safely): " + what};
  };
  for (; i < t.size(); i += utf8_char_length(t, i)) {
    if (t[i] == '\n') ++line, line_start = i + 1;
    if (utf8_char_length(t, i) == 4 && decode(t.data() + i, 4) >= kPlane16)
      return problem(i, "a private-use character of plane 16");
  }
  line = 1, line_start = 0, i = 0;
  while (i < t.size()) {
    const char c = t[i];
    const std::size_t n = utf8_char_length(t, i);
    if (c == '\n') {
      ++line;
      line_start = ++i;
      at_line_start = depth == 0;
      header = false;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r') {
      ++i;
      continue;
    }
    if (c == '#') {
      while (i < t.size() && t[i] != '\n') ++i;
      continue;
    }
    if (c == '"' || c == '\'') {  // a string: skip it, counting its lines
      at_line_start = false;
      const std::size_t q = t.substr(i, 3) == std::string(3, c) ? 3 : 1;
      for (i += q; i < t.size();) {
        if (c == '"' && t[i] == '\\') {
          if (i + 1 < t.size() && t[i + 1] == '\n') ++line, line_start = i + 2;
          i += 2;
        } else if (t.substr(i, q) == std::string(q, c)) {
          for (i += q; q == 3 && i < t.size() && t[i] == c;) ++i;  // """"" ends with quotes in the string
          break;
        } else {
          if (t[i] == '\n') ++line, line_start = i + 1;
          ++i;
        }
      }
      if (i > t.size()) i = t.size();
      continue;
    }
    if (at_line_start && c == '[') {
      std::size_t j = i + 1;
      if (j < t.size() && t[j] == '[') ++j;
      while (j < t.size() && (t[j] == ' ' || t[j] == '\t')) ++j;
      if (j >= t.size() || !key_start(t[j]))
        return problem(j, "a table header starts with a key (a letter, digit, '_', '-' or quote)");
      header = true;
    } else if (!header && (c == '[' || c == '{')) {
      ++depth;
    } else if (!header && (c == ']' || c == '}')) {
      depth = std::max(0, depth - 1);
    }
    at_line_start = false;
    i += n;
  }
  return std::nullopt;
}

std::string toml_safe_text(std::string_view text) {
  return recode(text, [](std::uint32_t c) { return c >= 0x80 && c <= 0xFFFF ? c + kPlane16 : c; });
}

std::string toml_original_text(std::string_view text) {
  return recode(text, [](std::uint32_t c) {
    return c >= kPlane16 + 0x80 && c <= kPlane16 + 0xFFFF ? c - kPlane16 : c;
  });
}

}  // namespace hc
