// UCI for every variant id and composition: UCI_Variant (combo of ids), Variant (string, for compositions
// such as progressive+alice, overriding UCI_Variant when set), turns as comma-joined tokens in "position …
// moves" and "bestmove", or one move per token with PlyByPly.
#pragma once
#include <iosfwd>

namespace hc {

// Runs the protocol until "quit" (stops the search) or end of input (waits for a running search to finish).
int run_uci(std::istream& in, std::ostream& out);

}  // namespace hc
