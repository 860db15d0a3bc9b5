// CECP (the XBoard/WinBoard protocol, version 2) over the Engine facade: every variant id under its XBoard
// name where XBoard knows the variant ("normal", "atomic"), the others announced by `setup` (multi-board
// variants drawn side by side, Alice as 16x8); a turn of several moves sent as one `move` with the moves
// joined by commas, and accepted either whole or one move at a time. See docs/protocols.md.
#pragma once
#include <iosfwd>

namespace hc {

// Runs the protocol until "quit" or end of input (a search on the engine's move is finished and its move sent
// first; a ponder search is dropped).
int run_xboard(std::istream& in, std::ostream& out);

}  // namespace hc
