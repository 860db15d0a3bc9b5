// Independent, deliberately simple reference move generator (mailbox, copy-make, "play it and test the
// rule"). Used only to cross-check the fast generator in src/; it shares no code with it. Rules:
// /work/shared/RULES.md; text formats: docs/formats.md.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hc::reference {

// All legal moves (UCI text, any order) of the side to move, in the position given by the extended FEN, under
// the variant id, which may be a composition "a+b" (e.g. "progressive+kamikaze", "marseillais+atomic",
// "progressive+alice", "alice+madras", "balanced-marseillais+rifle"). Empty when the game is over (king
// missing / checkmate / stalemate). Draw rules (repetition, no-progress) are ignored here, as in perft.
std::vector<std::string> legal_moves(const std::string& variant, const std::string& fen);

// Extended FEN after playing `uci` (which must be one of legal_moves) — including side change when the turn
// ends.
std::string play(const std::string& variant, const std::string& fen, const std::string& uci);

// perft counted in moves (each legal move is a node; depth counts moves, not turns)
std::uint64_t perft(const std::string& variant, const std::string& fen, int depth);

// "ongoing", "checkmate" (side to move is mated, incl. Italian mate), "king-captured" (side to move has lost
// its king: Galvin capture or Atomic explosion), "stalemate" (incl. progressive stalemate mid-series and
// Marseillais "cannot complete a turn").
std::string outcome(const std::string& variant, const std::string& fen);

// Parse and re-print a FEN under the variant (canonical form; used by the self-test for round trips).
std::string normalize_fen(const std::string& variant, const std::string& fen);

// All functions throw std::invalid_argument on unknown id, clashing composition, bad FEN or illegal move.

}  // namespace hc::reference
