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
// "progressive+alice", "alice+madras", "balanced-marseillais+rifle", "fibonacci+atomic",
// "progressive-english+alice", "hurricane+rifle", "different-men-marseillais+madras"; options after a colon:
// "progressive-cyclical:cycle=8"). A move is legal iff it begins some legal complete turn (RULES.md D-5 where
// the id has it; the coordinator's turn spec). Where a voluntary stop is legal the list holds "0000". Empty
// when the game is over (king missing / checkmate / stalemate, incl. progressive stalemate mid-series). Draw
// rules (repetition, no-progress) are ignored here, as in perft.
std::vector<std::string> legal_moves(const std::string& variant, const std::string& fen);

// Extended FEN after playing `uci` (which must be one of legal_moves) — including side change when the turn
// ends.
std::string play(const std::string& variant, const std::string& fen, const std::string& uci);

// perft counted in moves (each legal move is a node, the stop "0000" too; depth counts moves, not turns)
std::uint64_t perft(const std::string& variant, const std::string& fen, int depth);

// The number of distinct legal complete turns of the side to move from the position (from the middle of the
// turn if made= says so): sequences of legal moves, the stop "0000" counted as a move, that end the turn
// (quota, check, capture, move to an attacked square, king loss, lost move, the composition's own end, the
// stop) or that run out of moves (progressive stalemate: the sequence so far is complete). Only turns of at
// most `max_moves` moves are counted; longer ones are left out, so the count is exact only when max_moves
// covers the longest turn (e.g. the quota). 0 when the side has no legal move.
std::uint64_t count_turns(const std::string& variant, const std::string& fen, int max_moves);

// "ongoing", "checkmate" (side to move is mated: in check at the start of its turn and no legal first move
// under the check regime and the composition — incl. Italian mate, citizen's "no parrying piece move";
// D-5 never counts), "king-captured" (side to move has lost its king: Galvin capture or Atomic explosion),
// "stalemate" (incl. progressive stalemate mid-series, Marseillais "cannot complete a turn", citizen's "no
// piece move" with pawn moves left; "stalemate-white" / "-black" names the winner where stalemate is not a
// draw), and the §1.10 goals: "all-men-lost-white" / "-black" (annihilation or losing: the winner),
// "promotion-white" / "-black" (the promotion race), "no-pawns" (its draw); "all-men-lost" when both sides
// have none.
std::string outcome(const std::string& variant, const std::string& fen);

// Parse and re-print a FEN under the variant (canonical form; used by the self-test for round trips).
std::string normalize_fen(const std::string& variant, const std::string& fen);

// All functions throw std::invalid_argument on unknown id, clashing composition, bad FEN or illegal move.

}  // namespace hc::reference
