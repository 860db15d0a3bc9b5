// UCI for every variant id and composition: UCI_Variant (combo of ids), Variant (string, for compositions
// such as progressive+alice, overriding UCI_Variant when set), turns as comma-joined tokens in "position …
// moves" and "bestmove", or one move per token with PlyByPly.
#pragma once
#include <iosfwd>

namespace hc {

// Runs the protocol until "quit" or end of input; either stops a running search, which still answers
// (bestmove).
int run_uci(std::istream& in, std::ostream& out);

}  // namespace hc
