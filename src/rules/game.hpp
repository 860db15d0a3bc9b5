// Game-level services over a position: outcome (RULES.md §1.5 with the stalemate result, §1.10 goals, D-4,
// D-7, D-8), perft in moves and in
// turns, enumeration of complete turns, and a game record with repetition tracking (D-3).
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "rules/kernel.hpp"
#include "variants/registry.hpp"

namespace hc {

enum class Outcome {
  kOngoing,
  kCheckmate,     // side to move is mated (including Italian mate)
  kKingCaptured,  // side to move has lost its king (royal capture, explosion)
  kStalemate,     // side to move cannot make (or complete) its turn, incl. progressive stalemate
  kNoProgress,    // D-4 / the variant's no-progress rule
  kRepetition,    // D-3 threefold repetition of the state at the start of a turn
  kInsufficient,  // D-7 dead position
  // Goals (Rules::goal, rules/goal.hpp): the winner is in GameResult.
  kAllMenLost,  // a side has no men left (annihilation: it lost; losing games: it won)
  kPromotion,   // promotion race: a pawn reached its last rank
  kNoPawns,     // promotion race: a side has no pawns left (draw)
};
const char* outcome_name(Outcome o);

struct GameResult {
  Outcome outcome = Outcome::kOngoing;
  std::optional<Color> winner;     // empty: draw (or ongoing)
  std::string result_tag() const;  // "1-0", "0-1", "1/2-1/2", "*"
};

// Outcome of the position itself (repetition needs the game history: see GameRecord).
GameResult evaluate(Position& pos);

std::uint64_t perft(Position& pos, int depth);
// Perft counted in complete turns: a node is the position after a whole turn.
std::uint64_t perft_turns(Position& pos, int depth);
// Calls `visit` for every complete legal turn (its moves), up to `limit` turns; returns the number found.
std::uint64_t for_each_turn(Position& pos, const std::function<void(const std::vector<Move>&)>& visit,
                            std::uint64_t limit);

// A game in progress: the position plus the history needed for repetition.
class GameRecord {
 public:
  explicit GameRecord(const Variant& v);
  // The position points into this record's variant: a record is not copied.
  GameRecord(const GameRecord&) = delete;
  GameRecord& operator=(const GameRecord&) = delete;
  void set_fen(const std::string& fen);
  Position& position() { return pos_; }
  const Variant& variant() const { return variant_; }
  void play(Move m);  // m must be legal
  GameResult result();
  const std::vector<Move>& moves() const { return moves_; }
  std::string start_fen() const { return start_fen_; }

 private:
  Variant variant_;
  Position pos_;
  std::string start_fen_;
  std::vector<Move> moves_;
  std::vector<Key> turn_start_keys_;
};

}  // namespace hc
