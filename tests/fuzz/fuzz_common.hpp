// Shared by the libFuzzer targets: the slice's variant ids (tests/support.hpp) resolved once, and a failure report
// that names the variant and the input before aborting (libFuzzer then saves the input as a crash artifact).
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

// The ids and compositions of the slice, in the order of tests/support.hpp: input byte % 16 picks one.
// (Printable seed bytes: '0'..'9' = 0..9, ':' ';' '<' '=' '>' '?' = 10..15.)
inline const std::vector<Variant>& variants() {
  static const std::vector<Variant> v = [] {
    std::vector<Variant> out;
    for (const char* id : {"chess", "marseillais", "balanced-marseillais", "double-move-galvin", "progressive",
                           "progressive-italian", "atomic", "rifle", "kamikaze", "madras", "alice",
                           "progressive+kamikaze", "marseillais+atomic", "progressive+alice", "alice+madras",
                           "balanced-marseillais+rifle"})
      out.push_back(make_variant(id));
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
