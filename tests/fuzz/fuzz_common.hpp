// Shared by the libFuzzer targets: the catalogue's ids and showcase compositions resolved once, and a failure
// report that names the variant and the input before aborting (libFuzzer then saves the input as a crash
// artifact).
#pragma once
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "notation/fen.hpp"
#include "variants/registry.hpp"

namespace hc::fuzz {

// The built-in ids, then the showcase compositions, in the order of tests/support.hpp's slice_variants: an
// input byte modulo their number picks one. (With the 16 of issue 10's start, printable seed bytes: '0'..'9'
// = 0..9, ':' ';' '<' '=' '>' '?' = 10..15.)
inline const std::vector<Variant>& variants() {
  static const std::vector<Variant> v = [] {
    std::vector<Variant> out;
    for (const auto& info : builtin_catalogue().variants) out.push_back(make_variant(info.id));
    for (const auto& spec : builtin_catalogue().showcase) out.push_back(make_variant(spec));
    return out;
  }();
  return v;
}

inline const Variant& pick_variant(std::uint8_t byte) { return variants()[byte % variants().size()]; }

// Prints "fuzz invariant violated (<variant>): <message>" plus the context lines, then aborts.
[[noreturn]] inline void fail(const Variant& v, const std::string& context, const char* fmt, ...) {
  std::fprintf(stderr, "\n==== fuzz invariant violated (variant %s): ", v.id.c_str());
  va_list ap;
  va_start(ap, fmt);
  std::vfprintf(stderr, fmt, ap);
  va_end(ap);
  std::fprintf(stderr, "\n%s\n", context.c_str());
  std::abort();
}

}  // namespace hc::fuzz
