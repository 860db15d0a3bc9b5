// Stipulations in Popeye's notation (issue 13): what a problem asks for — who plays how (direct, help, self,
// reflex; optionally as a series), towards which goal, in how many moves. The unit of a "move" is the turn:
// one move in chess, a whole turn of several moves in multi-move variants.
//
// Sides are named by the position, not by colour: the side to move of the FEN starts (Popeye fixes colours
// instead: White starts #n, s#n, r#n, h#n.5 and ser-#n; Black starts h#n and ser-h#n). The `attacker` below
// is the side the stipulation is built around: it mates in #n, forces the mate on itself in s#n, delivers the
// last move of h#n (the side not to move in the position) and of h#n.5 (the side to move).
#pragma once
#include <string>
#include <string_view>

#include "core/types.hpp"

namespace hc {

enum class Play {
  kDirect,      // #n: the side to move reaches the goal within n of its turns whatever the other does
  kHelp,        // h#n: both sides cooperate; n pairs of turns (n.5: one more turn first), the last reaches it
  kSelf,        // s#n: the side to move forces the other to reach the goal against it within n turns
  kReflex,      // r#n: s#n where both sides must reach the goal in one turn whenever they can
  kSemiReflex,  // semi-r#n: only the other side must
};

enum class GoalKind {
  kMate,        // #: the side to move after the turn has lost by the variant's rules (not by stalemate)
  kStalemate,   // =: it has no legal turn and is not in check
  kDoubleMate,  // ##: it is mated, and so would the mover be were it to move
  kCheck,       // +: it is in check
  kCapture,     // x: the last move of the turn took an enemy man
  kCastling,    // 00: the last move of the turn castled
  kAnyMove,     // ~: any legal turn (move-generation tests: ~1 lists every legal turn)
  kEnPassant,   // ep: the last move of the turn took en passant
  kTarget,      // zXY: the last move of the turn ended on square XY
};

struct Stipulation {
  Play play = Play::kDirect;
  bool series = false;  // ser-: one side plays all its turns in a row (the other passes)
  GoalKind goal = GoalKind::kMate;
  Square target = 0;  // kTarget
  int moves = 1;      // n (Popeye's "moves": turns of the attacker; pairs of turns in help play)
  bool half = false;  // n.5 (help play only)

  // Popeye's notation: "#2", "h#2.5", "ser-s=7", "hz c3"-less forms like "hze53" (zXY, case-insensitive).
  std::string text() const;
  // Turns played in all (both sides; passes of series play not counted): help play 2n (+1 for .5); series n
  // (+1 for the other side's final turn in ser-h and ser-s); battle play 2n - 1 at most.
  int total_turns() const;
};

// Reads Popeye's stipulation notation (case-insensitive, spaces ignored). Supported: play prefixes
// h, s, r, semi-r and ser- (with direct, h and s play), goals # = ## + x 00 ~ ep zXY, counts 1 to 64 (n.5
// only in help play). Throws NotationError naming what is not recognised, or what Popeye knows but we do not
// solve yet (exact-, pser-, phser-, reci-, m->, hs, hr, dia, a=>b, and the goals ==, !=, #=, !#, ##!, %, ct,
// ctr,
// <>, <>r, c81, kXY).
Stipulation parse_stipulation(std::string_view text);

}  // namespace hc
