#include "notation/quote.hpp"

namespace hc {

namespace {

bool continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

bool control(std::string_view ch) {
  const auto c0 = static_cast<unsigned char>(ch[0]);
  if (ch.size() == 1) return c0 < 0x20 || c0 == 0x7F;
  // U+0080-U+009F (C1) are C2 80 - C2 9F.
  return ch.size() == 2 && c0 == 0xC2 && static_cast<unsigned char>(ch[1]) < 0xA0;
}

void append_escaped(std::string& out, std::string_view bytes) {
  static const char kHex[] = "0123456789ABCDEF";
  for (char b : bytes) {
    const auto c = static_cast<unsigned char>(b);
    out += "\\x";
    out += kHex[c >> 4];
    out += kHex[c & 15];
  }
}

}  // namespace

std::size_t utf8_char_length(std::string_view text, std::size_t i) {
  if (i >= text.size()) return 0;
  const auto c = static_cast<unsigned char>(text[i]);
  if (c < 0x80) return 1;
  std::size_t n = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) lo = 0xA0;  // overlong
    if (c == 0xED) hi = 0x9F;  // surrogates
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) lo = 0x90;  // overlong
    if (c == 0xF4) hi = 0x8F;  // above U+10FFFF
  } else {
    return 1;  // a continuation byte, C0/C1 (overlong) or F5-FF
  }
  if (i + n > text.size()) return 1;
  const auto second = static_cast<unsigned char>(text[i + 1]);
  if (second < lo || second > hi) return 1;
  for (std::size_t k = 2; k < n; ++k)
    if (!continuation(static_cast<unsigned char>(text[i + k]))) return 1;
  return n;
}

std::string quote_input(std::string_view text, std::size_t max_chars) {
  std::string out;
  std::size_t chars = 0;
  for (std::size_t i = 0; i < text.size(); ++chars) {
    if (chars == max_chars) {
      out += "...";
      break;
    }
    const std::size_t n = utf8_char_length(text, i);
    const std::string_view ch = text.substr(i, n);
    const bool malformed = n == 1 && static_cast<unsigned char>(ch[0]) >= 0x80;
    if (malformed || control(ch))
      append_escaped(out, ch);
    else
      out += ch;
    i += n;
  }
  return out;
}

std::string in_quotes(std::string_view text) {
  std::string out = "'";
  out += quote_input(text);
  out += '\'';
  return out;
}

std::string quote_char_at(std::string_view text, std::size_t i) {
  return quote_input(text.substr(i, utf8_char_length(text, i)));
}

int char_column(std::string_view text, std::size_t byte_offset) {
  // The number of characters that start at or before the offset (the one containing it included).
  int column = 0;
  for (std::size_t i = 0; i <= byte_offset && i < text.size(); i += utf8_char_length(text, i)) ++column;
  if (byte_offset >= text.size()) column += 1 + int(byte_offset - text.size());
  return column;
}

}  // namespace hc
