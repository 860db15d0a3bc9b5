#include "cli/numbers.hpp"

#include <fmt/core.h>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include "notation/quote.hpp"

namespace hc::cli {

std::optional<std::int64_t> parse_integer(std::string_view text) {
  std::int64_t v = 0;
  const char* first = text.data();
  const char* last = text.data() + text.size();
  if (first == last) return std::nullopt;
  // No leading zeros: CLI11 would read "010" as octal.
  const std::string_view digits = text[0] == '-' ? text.substr(1) : text;
  if (digits.size() > 1 && digits[0] == '0') return std::nullopt;
  auto [end, ec] = std::from_chars(first, last, v);
  if (ec != std::errc() || end != last) return std::nullopt;
  return v;
}

std::optional<double> parse_real(std::string_view text) {
  // Digits, one '.', an optional exponent, an optional leading '-' or '+': what strtod reads without its
  // "inf"/"nan"/hex forms.
  if (text.empty() || text.size() > 64) return std::nullopt;
  std::size_t i = 0;
  if (text[i] == '-' || text[i] == '+') ++i;
  std::size_t digits = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i, ++digits;
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i, ++digits;
  }
  if (digits == 0) return std::nullopt;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
    std::size_t exp_digits = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i, ++exp_digits;
    if (exp_digits == 0) return std::nullopt;
  }
  if (i != text.size()) return std::nullopt;
  const std::string s(text);
  errno = 0;
  const double v = std::strtod(s.c_str(), nullptr);
  if (errno == ERANGE || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::string integer_range_message(std::string_view text, std::int64_t lo, std::int64_t hi) {
  return fmt::format("must be an integer from {} to {}, not {}", lo, hi, in_quotes(text));
}

std::string real_range_message(std::string_view text, double lo, double hi, bool lo_open) {
  if (lo_open)
    return fmt::format("must be a number above {} and at most {}, not {}", lo, hi, in_quotes(text));
  return fmt::format("must be a number from {} to {}, not {}", lo, hi, in_quotes(text));
}

std::int64_t integer_in(std::string_view text, std::int64_t lo, std::int64_t hi) {
  auto v = parse_integer(text);
  if (!v || *v < lo || *v > hi) throw std::invalid_argument(integer_range_message(text, lo, hi));
  return *v;
}

double real_in(std::string_view text, double lo, double hi, bool lo_open) {
  auto v = parse_real(text);
  if (!v || *v < lo || *v > hi || (lo_open && *v == lo))
    throw std::invalid_argument(real_range_message(text, lo, hi, lo_open));
  return *v;
}

CLI::Validator integer_range(std::int64_t lo, std::int64_t hi) {
  return CLI::Validator(
      [lo, hi](std::string& text) -> std::string {
        try {
          integer_in(text, lo, hi);
          return {};
        } catch (const std::invalid_argument& e) {
          return e.what();
        }
      },
      fmt::format("INT in [{} - {}]", lo, hi));
}

CLI::Validator real_range(double lo, double hi, bool lo_open) {
  return CLI::Validator(
      [lo, hi, lo_open](std::string& text) -> std::string {
        try {
          real_in(text, lo, hi, lo_open);
          return {};
        } catch (const std::invalid_argument& e) {
          return e.what();
        }
      },
      fmt::format("NUMBER in {}{} - {}]", lo_open ? "(" : "[", lo, hi));
}

}  // namespace hc::cli
