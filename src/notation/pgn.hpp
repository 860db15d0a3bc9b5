// PGN read/write with the multi-move notation (DESIGN.md §3): turns as comma-joined moves, and on input the
// source notations of RULES.md §0.3 ("Nf3/e4", series numbering "1 d4 2 c5, cxd4", "d4>B", Rifle "xe4").
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "notation/error.hpp"
#include "rules/game.hpp"

namespace hc {

struct PgnGame {
  std::vector<std::pair<std::string, std::string>> tags;
  std::string movetext;
  int movetext_line = 1;  // line of the first movetext character in the file
  std::optional<std::string> tag(const std::string& name) const;
};

// Splits a file into games (tags + movetext). Throws NotationError with line/column on malformed tags.
std::vector<PgnGame> split_pgn(const std::string& text);

// "Progressive+Kamikaze" / "progressive kamikaze" → "progressive+kamikaze"; "Standard" (PGN's chess) →
// "chess"
std::string variant_from_tag(const std::string& tag);
std::string variant_tag(const std::string& id);

struct ReplayError {
  std::string message;
  int line = 0, column = 0;
  int move_number = 0;  // full-move number where it happened
  std::string move_text;
};

struct Replay {
  std::optional<ReplayError> error;  // first illegal/unreadable move
  std::string recorded_result;       // from the movetext terminator or the Result tag
  int moves_played = 0;
  int turns_played = 0;
};

// Plays the movetext on `game` (already set to its start position), move by move, checking the record's turn
// grouping against the rules. Stops at the first error.
Replay replay_movetext(GameRecord& game, const PgnGame& pgn);

// Movetext of the game in our notation: "1. e4,Nf3 d5,dxe4 2. …"; Progressive schedules number every turn by
// its series ("1. d4 2. c5,cxd4 3. e4,e5,Na3"), as the sources do.
std::string write_movetext(const Variant& v, const std::string& start_fen, const std::vector<Move>& moves);
std::string write_pgn(const Variant& v, const std::string& start_fen, const std::vector<Move>& moves,
                      const std::vector<std::pair<std::string, std::string>>& extra_tags,
                      const std::string& result);

}  // namespace hc
