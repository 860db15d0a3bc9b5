// Numbers given on the command line: read strictly (decimal, whole text, no overflow, finite), with a range,
// so that a bad value is an input error naming the option (exit 2), never a wrapped, truncated or endless
// value.
#pragma once
#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hc::cli {

// A decimal integer ("-12", "7"; no sign-only, spaces, hex, exponent or overflow of std::int64_t).
std::optional<std::int64_t> parse_integer(std::string_view text);
// A finite decimal real ("0.5", "-3", "1e3"; no "nan", "inf", hex floats or trailing text).
std::optional<double> parse_real(std::string_view text);

// The message for a bad value: "must be an integer from LO to HI, not 'TEXT'" (the text quoted
// whole-character).
std::string integer_range_message(std::string_view text, std::int64_t lo, std::int64_t hi);
std::string real_range_message(std::string_view text, double lo, double hi, bool lo_open);

// `text` as an integer in [lo, hi]; throws std::invalid_argument with integer_range_message otherwise.
std::int64_t integer_in(std::string_view text, std::int64_t lo, std::int64_t hi);
// `text` as a finite real in [lo, hi] ((lo, hi] when lo_open); throws std::invalid_argument otherwise.
double real_in(std::string_view text, double lo, double hi, bool lo_open = false);

// CLI11 checks run on the option's text before CLI11 converts it (CLI11 alone wraps "-1" into an unsigned,
// reads "0x10" and "nan", and exits 104/105): a failure is a CLI::ValidationError "--name: message".
CLI::Validator integer_range(std::int64_t lo, std::int64_t hi);
CLI::Validator real_range(double lo, double hi, bool lo_open = false);

}  // namespace hc::cli
