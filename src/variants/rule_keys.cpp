#include "variants/rule_keys.hpp"

#include <deque>

namespace hc {

const char* dimension_name(Dimension d) {
  switch (d) {
    case Dimension::kBoards:
      return "boards";
    case Dimension::kSchedule:
      return "schedule";
    case Dimension::kCheck:
      return "check";
    case Dimension::kEnPassant:
      return "en-passant";
    case Dimension::kCapture:
      return "capture";
    case Dimension::kParalysis:
      return "paralysis";
    case Dimension::kObligations:
      return "obligations";
    case Dimension::kGameEnd:
      return "game-end";
    case Dimension::kArray:
      return "array";
    case Dimension::kKernel:
      return "kernel";
    case Dimension::kMovement:
      return "movement";
  }
  return "?";
}

namespace {

using D = Dimension;
using K = KeyKind;

// The setter and getter of a scalar Rules member ("capture", "schedule.quota") of type T.
#define HC_FIELD(T, member) \
  [](Rules& r, long v) { r.member = T(v); }, [](const Rules& r) { return long(r.member); }
// A per-colour setting written unscoped (ColourRules): both colours'.
#define HC_BOTH(T, member)                                          \
  [](Rules& r, long v) { r.member = r.black_rules.member = T(v); }, \
      [](const Rules& r) { return long(r.member); }

// The same setting in a `white` or `black` sub-table: that colour's alone (Rules::split_colours).
template <Color C>
void set_scoped_regime(Rules& r, long v) {
  r.split_colours();
  (C == kWhite ? r.regime : r.black_rules.regime) = CheckRegime(v);
}
template <Color C>
void set_scoped_escape(Rules& r, long v) {
  r.split_colours();
  (C == kWhite ? r.escape_first_move : r.black_rules.escape_first_move) = v != 0;
}
template <Color C>
void set_scoped_ends_on(Rules& r, long v) {
  r.split_colours();
  (C == kWhite ? r.ends_on_check : r.black_rules.ends_on_check) = v & 1;
}
template <Color C>
void set_scoped_stop(Rules& r, long v) {
  r.split_colours();
  (C == kWhite ? r.stop : r.black_rules.stop) = StopRule(v);
}
template <Color C>
void set_scoped_check_by(Rules& r, long v) {
  r.split_colours();
  (C == kWhite ? r.check_by : r.black_rules.check_by) = CheckBy(v);
}
template <Color C>
void set_scoped_last_only(Rules& r, long v) {
  r.split_colours();
  (C == kWhite ? r.check_only_last_move : r.black_rules.check_only_last_move) = v != 0;
}
template <Color C>
void set_scoped_pawns_promote(Rules& r, long v) {
  r.split_colours();
  (C == kWhite ? r.pawns_promote : r.black_rules.pawns_promote) = v != 0;
}
template <Color C>
long get_scoped_pawns_promote(const Rules& r) {
  return long(r.pawns_promote_of(C));
}
template <Color C>
void set_scoped_king_over_own_pawn(Rules& r, long v) {
  r.split_colours();
  (C == kWhite ? r.king_over_own_pawn : r.black_rules.king_over_own_pawn) = v != 0;
}
template <Color C>
long get_scoped_king_over_own_pawn(const Rules& r) {
  return long(r.king_over_own_pawn_of(C));
}
template <Color C>
long get_scoped_last_only(const Rules& r) {
  return long(r.colour(C).check_only_last_move);
}
template <Color C>
long get_scoped_regime(const Rules& r) {
  return long(r.colour(C).regime);
}
template <Color C>
long get_scoped_escape(const Rules& r) {
  return long(r.colour(C).escape_first_move);
}
template <Color C>
long get_scoped_ends_on(const Rules& r) {
  return long(r.colour(C).ends_on_check);
}
template <Color C>
long get_scoped_stop(const Rules& r) {
  return long(r.colour(C).stop);
}
template <Color C>
long get_scoped_check_by(const Rules& r) {
  return long(r.colour(C).check_by);
}

// A fixed quota's bound: the turn state counts to hc::kMaxQuota (rules/rules.hpp).
constexpr long kMaxFixedQuota = long(hc::kMaxQuota);

const std::vector<RuleKey> kBaseKeys = {
    // ---- boards (RULES.md §1.7) ----
    {"boards", D::kBoards, K::kInteger, {}, 1, 2, HC_FIELD(int, boards), "number of boards"},
    {"transfer",
     D::kBoards,
     K::kChoice,
     {{"none", long(TransferKind::kNone)}, {"alice", long(TransferKind::kAlice)}},
     0,
     0,
     HC_FIELD(TransferKind, transfer),
     "board transfer after a move (alice: the moved man passes to the other board)"},
    // ---- schedule and turn (RULES.md §1.2, §2 schedule/turn) ----
    {"schedule",
     D::kSchedule,
     K::kChoice,
     {{"fixed", long(ScheduleKind::kFixed)},
      {"progressive", long(ScheduleKind::kProgressive)},
      {"odd-even", long(ScheduleKind::kOddEvenOwnTurn)},
      {"own-turn", long(ScheduleKind::kOwnTurnIndex)},
      {"fibonacci", long(ScheduleKind::kFibonacci)},
      {"step", long(ScheduleKind::kStepEvery)},
      {"cycle", long(ScheduleKind::kCycle)},
      {"unbounded", long(ScheduleKind::kUnbounded)},
      {"own-turn-up-to", long(ScheduleKind::kOwnTurnUpTo)},
      {"plus-checks-given", long(ScheduleKind::kPlusChecksGiven)},
      {"capture-streak", long(ScheduleKind::kCaptureStreak)},
      {"check-cuts-next", long(ScheduleKind::kCheckCutsNext)},
      {"opponent-made-plus-one", long(ScheduleKind::kOpponentMadePlusOne)}},
     0,
     0,
     HC_FIELD(ScheduleKind, schedule.kind),
     "moves a turn (t: the game's turn index, n: the own-turn index): fixed (quota), progressive (t), "
     "odd-even "
     "(1 in odd n, quota in even n), own-turn (n), fibonacci (F(t)), step (1 + (t-1)/period), cycle "
     "(1 … period), unbounded, own-turn-up-to (min(n, quota)); set by the game: plus-checks-given (t + the "
     "side's checks), capture-streak "
     "(+1 after a turn with a capture, else 1), check-cuts-next (t, or the checking turn's quota - 1), "
     "opponent-made-plus-one"},
    {"period",
     D::kSchedule,
     K::kInteger,
     {},
     0,
     64,
     HC_FIELD(int, schedule.period),
     "step and cycle schedules: turns per step, or the cycle's length (even)"},
    {"quota",
     D::kSchedule,
     K::kInteger,
     {},
     1,
     kMaxFixedQuota,
     HC_FIELD(int, schedule.quota),
     "fixed schedule: moves in every turn; own-turn-up-to: the most moves a turn"},
    {"white_first_quota",
     D::kSchedule,
     K::kInteger,
     {},
     0,
     kMaxFixedQuota,
     HC_FIELD(int, schedule.white_first_quota),
     "fixed schedule: moves in White's first turn (0: as quota)"},
    {"black_quota",
     D::kSchedule,
     K::kInteger,
     {},
     0,
     kMaxFixedQuota,
     HC_FIELD(int, schedule.black_quota),
     "fixed schedule: moves in each of Black's turns (0: as quota)"},
    {"ends_on",
     D::kSchedule,
     K::kList,
     {{"check", 1}, {"capture", 2}, {"move-to-attacked-square", 4}},
     0,
     0,
     [](Rules& r, long v) {
       r.ends_on_check = r.black_rules.ends_on_check = v & 1;
       r.ends_on_capture = v & 2;
       r.ends_on_attacked_arrival = v & 4;
     },
     [](const Rules& r) {
       return long(r.ends_on_check) | long(r.ends_on_capture) << 1 | long(r.ends_on_attacked_arrival) << 2;
     },
     "what ends a turn before its quota: a check-giving move, a capture, a man moved to a square an enemy "
     "man "
     "attacks"},
    {"stop_early",
     D::kSchedule,
     K::kChoice,
     {{"no", long(StopRule::kNever)}, {"voluntary", long(StopRule::kAfterFirstMove)}},
     0,
     0,
     HC_BOTH(StopRule, stop),
     "voluntary: after at least one move the player may end the turn (the move 0000)"},
    {"lost_move",
     D::kSchedule,
     K::kBoolean,
     {},
     0,
     1,
     HC_FIELD(bool, lost_move),
     "when nothing legal is left for the rest of the turn, the turn ends (instead of D-5)"},
    {"composition.moves_per_man",
     D::kSchedule,
     K::kInteger,
     {},
     0,
     255,
     HC_FIELD(int, moves_per_man),
     "moves a man may make in one turn (0: any; castling counts for king and rook unless "
     "composition.castling_counts_rook = false)"},
    {"composition.castling_counts_rook",
     D::kSchedule,
     K::kBoolean,
     {},
     0,
     1,
     HC_FIELD(bool, castling_counts_rook),
     "castling counts toward composition.moves_per_man for the rook too (false: the king only; the rook "
     "still owes its own move)"},
    {"composition.refill_chain",
     D::kSchedule,
     K::kChoice,
     {{"none", long(RefillChain::kNone)},
      {"compulsory", long(RefillChain::kCompulsory)},
      {"optional", long(RefillChain::kOptional)}},
     0,
     0,
     HC_FIELD(RefillChain, refill_chain),
     "after the turn's first move each vacated square is refilled by an own man that has not moved "
     "(priority P > N > B > R > Q > K; the chain goes on from the filler's square): compulsory, or "
     "optional (any filler, the turn may stop)"},
    {"composition.every_mobile_man",
     D::kSchedule,
     K::kBoolean,
     {},
     0,
     1,
     HC_FIELD(bool, every_mobile_man),
     "a man moves only if no other mobile man has moved fewer times in this turn"},
    {"composition.promoted_man_stays",
     D::kSchedule,
     K::kBoolean,
     {},
     0,
     1,
     HC_FIELD(bool, promoted_man_stays),
     "a pawn that promotes may not move again in the same turn"},
    {"composition.promoted_moves_once",
     D::kSchedule,
     K::kBoolean,
     {},
     0,
     1,
     HC_FIELD(bool, promoted_moves_once),
     "a promoted man moves at most once a turn: a pawn that promotes moves no more in that turn, and a piece "
     "promoted earlier never makes two moves of one turn (the man keeps the FEN attribute promoted)"},
    {"composition.categories",
     D::kSchedule,
     K::kChoice,
     {{"none", long(MoveCategories::kNone)},
      {"piece-and-pawn", long(MoveCategories::kPieceAndPawn)},
      {"file-halves", long(MoveCategories::kFileHalves)},
      {"centre-and-periphery", long(MoveCategories::kCentreAndPeriphery)},
      {"light-then-dark", long(MoveCategories::kLightThenDark)},
      {"piece-then-pawn", long(MoveCategories::kPieceThenPawn)},
      {"pawn-piece-king", long(MoveCategories::kPawnPieceKing)},
      {"any-then-pawn", long(MoveCategories::kAnyThenPawn)}},
     0,
     0,
     HC_FIELD(MoveCategories, categories),
     "the two moves of a turn come from two categories, each once: piece and pawn, files a-d and e-h, centre "
     "c3-f6 and periphery, a light-square man then a dark-square man, a piece then a pawn; pawn-piece-king: "
     "one move of each category the quota allows, in any order (quota 1: a pawn move; 2: a piece move, not "
     "the king's, and a pawn move; 3: a pawn, a piece and a king move, castling being the king move); "
     "any-then-pawn: any move, then a pawn move"},
    {"composition.length_budget",
     D::kSchedule,
     K::kInteger,
     {},
     0,
     255,
     HC_FIELD(int, length_budget),
     "the lengths of a turn's moves (king distance, a knight 2, castling 1) sum to at most this (0: no "
     "limit)"},
    {"composition.sputniks",
     D::kSchedule,
     K::kBoolean,
     {},
     0,
     1,
     HC_FIELD(bool, sputniks),
     "rooks, bishops and knights in the enemy half at the turn's start may each move first; then one normal "
     "move"},
    {"composition.twins",
     D::kSchedule,
     K::kList,
     {{"pawn", men_bit(kPawn)},
      {"knight", men_bit(kKnight)},
      {"bishop", men_bit(kBishop)},
      {"rook", men_bit(kRook)},
      {"queen", men_bit(kQueen)},
      {"king", men_bit(kKing)}},
     0,
     0,
     HC_FIELD(std::uint8_t, twins),
     "a first move by a man of one of these types may be followed by a move of another man of the same type "
     "(its twin); a first move by a man of another type (castling: the king's), or of a listed type with no "
     "other man of its side, ends the turn (needs composition.moves_per_man = 1)"},
    {"pawn_double_step",
     D::kSchedule,
     K::kBoolean,
     {},
     0,
     1,
     HC_FIELD(bool, pawn_double_step),
     "pawns may advance two squares from their first rank"},
    {"castling",
     D::kSchedule,
     K::kBoolean,
     {},
     0,
     1,
     HC_FIELD(bool, castling),
     "castling exists (false: the start position has no castling rights)"},
    {"complete_turn",
     D::kSchedule,
     K::kBoolean,
     {},
     0,
     1,
     HC_FIELD(bool, complete_turn),
     "D-5: a first move must allow the turn to be completed"},
    {"forbid_null_turn",
     D::kSchedule,
     K::kBoolean,
     {},
     0,
     1,
     HC_FIELD(bool, forbid_null_turn),
     "a turn may not restore the position it started from"},
    // ---- movement (RULES.md §3.5 progressive-forwards) ----
    {"movement",
     D::kMovement,
     K::kChoice,
     {{"free", long(Movement::kFree)}, {"forward-only", long(Movement::kForwardOnly)}},
     0,
     0,
     HC_FIELD(Movement, movement),
     "the directions men move and attack in: free (their own), forward-only (towards the opponent, or "
     "sideways along the rank for rook, queen and king; never backwards; a sideways move to an empty square "
     "must be followed by a forward move in the same turn; a man attacks only where it may move; generic "
     "kernel only)"},
    // ---- check (RULES.md §1.6) ----
    {"check",
     D::kCheck,
     K::kChoice,
     {{"observed", long(CheckRegime::kObserved)},
      {"italian", long(CheckRegime::kItalian)},
      {"none", long(CheckRegime::kNone)},
      {"end-of-turn", long(CheckRegime::kEndOfTurn)},
      {"end-of-turn-when-in-check", long(CheckRegime::kEndOfTurnWhenInCheck)}},
     0,
     0,
     HC_BOTH(CheckRegime, regime),
     "check regime: observed, italian (check only by the last move of a full turn), none (capture the king), "
     "end-of-turn (only the position at the end of a turn is tested for the mover's king; the enemy king is "
     "never captured; castling's attack conditions dropped), end-of-turn-when-in-check (end-of-turn for a "
     "turn "
     "that begins in check, observed otherwise; a turn that runs out of moves with the king safe is "
     "complete)"},
    {"escape_first_move",
     D::kCheck,
     K::kBoolean,
     {},
     0,
     1,
     HC_BOTH(bool, escape_first_move),
     "check = \"end-of-turn\" or \"none\" (king capture): a side in check at the start of its turn must "
     "remove the check with its first move"},
    {"check_only_last_move",
     D::kCheck,
     K::kBoolean,
     {},
     0,
     1,
     HC_BOTH(bool, check_only_last_move),
     "a move that gives check is illegal unless it is the last of a full-quota turn (the Italian ban as a "
     "modifier, e.g. under end-of-turn; per colour in a white or black table)"},
    {"pawns_promote",
     D::kArray,
     K::kBoolean,
     {},
     0,
     1,
     HC_BOTH(bool, pawns_promote),
     "false: a pawn cannot move or capture onto its last rank, and attacks no square there (RULES.md "
     "one-two: "
     "\"White pawns may not promote\"); per colour in a white or black table"},
    {"king_over_own_pawn",
     D::kMovement,
     K::kBoolean,
     {},
     0,
     1,
     HC_BOTH(bool, king_over_own_pawn),
     "the king may go two king steps in one move through a square holding an own pawn (to an empty square "
     "or an enemy man's), as the first move of a turn of two or more moves, which it ends (RULES.md one-two: "
     "a journey that uses both moves); per colour in a white or black table"},
    {"no_king_step_into_check",
     D::kCheck,
     K::kBoolean,
     {},
     0,
     1,
     HC_FIELD(bool, no_king_step_into_check),
     "check = \"end-of-turn\": a king move (castling: the king's arrival square) may not land in check, even "
     "in the middle of a turn"},
    {"royal_king",
     D::kCheck,
     K::kBoolean,
     {},
     0,
     1,
     HC_FIELD(bool, royal_king),
     "the king is royal: its loss ends the game, and a game starts only with one king a side; false: the "
     "king is an ordinary man (no check, its capture ends neither the game nor the turn; with check = "
     "\"none\")"},
    {"promotion",
     D::kCheck,
     K::kChoice,
     {{"ortho", 0}, {"with-king", 1}},
     0,
     0,
     HC_FIELD(bool, promote_to_king),
     "what a pawn promotes to: ortho (Q, R, B or N), with-king (also K, where the king is an ordinary man)"},
    {"promotion_pieces",
     D::kArray,
     K::kList,
     {{"q", men_bit(kQueen)},
      {"r", men_bit(kRook)},
      {"b", men_bit(kBishop)},
      {"n", men_bit(kKnight)},
      {"f", men_bit(kFers)},
      {"a", men_bit(kAlfil)}},
     0,
     0,
     HC_FIELD(std::uint16_t, promotion_pieces),
     "the men a pawn may promote to, by letter (default [\"q\", \"r\", \"b\", \"n\"]; r is the man in the "
     "rook's place, a capricorn where rooks are; f fers, a alfil); with promotion = \"with-king\" also K"},
    {"check_attackers",
     D::kCheck,
     K::kChoice,
     {{"enemy", long(CheckAttackers::kEnemy)},
      {"both-colours", long(CheckAttackers::kBothColours)},
      {"both-colours-once-moved", long(CheckAttackers::kBothColoursOnceMoved)}},
     0,
     0,
     HC_FIELD(CheckAttackers, check_attackers),
     "whose men check a king: the enemy's, or both colours' (an own man attacking its king checks it; own "
     "pawns attack forward), or both colours' once moved (an own man checks only if it or the king has "
     "moved in the game; castling moves neither for this rule; FEN token has-moved=)"},
    {"gives_check",
     D::kCheck,
     K::kChoice,
     {{"every-man", long(CheckBy::kEveryMan)},
      {"not-king", long(CheckBy::kNotKing)},
      {"king-two-steps", long(CheckBy::kKingTwoSteps)},
      {"two-move-threat", long(CheckBy::kTwoMoveThreat)}},
     0,
     0,
     HC_BOTH(CheckBy, check_by),
     "how a side's men give check to the enemy king: every-man (each by its attack), not-king (every man "
     "but the king), king-two-steps (every man, and the king also when the enemy king is within two king "
     "steps through a square that is empty or holds a man of the checked side), two-move-threat (the enemy "
     "king is in check when these men could capture it within a turn of two moves: attacked now, or "
     "attacked after some move of theirs); per colour in a white or black table"},
    // ---- en passant (RULES.md §1.8) ----
    {"ep.when",
     D::kEnPassant,
     K::kChoice,
     {{"first", long(EpWhen::kFirst)},
      {"marseillais-pair", long(EpWhen::kMarseillaisPair)},
      {"any", long(EpWhen::kAny)},
      {"none", long(EpWhen::kNone)}},
     0,
     0,
     HC_FIELD(EpWhen, ep_when),
     "which moves of a turn may capture en passant"},
    {"ep.passed_square",
     D::kEnPassant,
     K::kChoice,
     {{"never-occupied", long(EpPassed::kNeverOccupied)}, {"empty-now", long(EpPassed::kEmptyNow)}},
     0,
     0,
     HC_FIELD(EpPassed, ep_passed),
     "the passed square must have stayed empty since the two-step, or only be empty now"},
    {"ep.from",
     D::kEnPassant,
     K::kChoice,
     {{"whole-turn", 0}, {"last-move", 1}},
     0,
     0,
     HC_FIELD(bool, ep_from_last_move_only),
     "rights come from every two-step of the opponent's turn, or only from its last move"},
    {"ep.capturers",
     D::kEnPassant,
     K::kChoice,
     {{"pawns", long(EpCapturers::kPawns)}, {"any", long(EpCapturers::kAnyMan)}},
     0,
     0,
     HC_FIELD(EpCapturers, ep_capturers),
     "who may take e.p.: pawns, or any man attacking the passed square (it moves there; the pawn is "
     "removed)"},
    // ---- capture (RULES.md §1.9) ----
    {"capture",
     D::kCapture,
     K::kChoice,
     {{"displacement", long(CaptureKind::kDisplacement)},
      {"shoot", long(CaptureKind::kShoot)},
      {"explosion", long(CaptureKind::kExplosion)},
      {"kamikaze", long(CaptureKind::kKamikaze)},
      {"none", long(CaptureKind::kNone)}},
     0,
     0,
     HC_FIELD(CaptureKind, capture),
     "what a capture does (none: no man captures by moving, every move goes to an empty square)"},
    {"sweep",
     D::kCapture,
     K::kChoice,
     {{"none", long(SweepKind::kNone)},
      {"attackers-of-arrival", long(SweepKind::kAttackersOfArrival)},
      {"all-attacked", long(SweepKind::kAllAttacked)},
      {"double-attacked", long(SweepKind::kDoubleAttacked)}},
     0,
     0,
     HC_FIELD(SweepKind, sweep),
     "men removed after every move: attackers-of-arrival (every enemy man attacking the moved man's arrival "
     "square, and after a two-step the enemy pawns attacking the passed square), all-attacked (every man of "
     "either colour attacked by an enemy man, repeated until none is), double-attacked (every enemy man "
     "attacked by two or more of the mover's men, repeated until none is)"},
    {"rebirth",
     D::kCapture,
     K::kChoice,
     {{"none", long(RebirthKind::kNone)}, {"game-array", long(RebirthKind::kGameArray)}},
     0,
     0,
     HC_FIELD(RebirthKind, rebirth),
     "what becomes of a captured man: none (he leaves the board), game-array (Circe: he is reborn on his "
     "game-array square — a pawn on its second rank of the capture's file, a rook, knight or bishop on its "
     "home square of the capture square's colour, a queen on d1/d8 — if it is vacant, else he is lost; kings "
     "are not reborn)"},
    {"butting",
     D::kCapture,
     K::kChoice,
     {{"none", long(Butting::kNone)},
      {"capricorns", long(Butting::kCapricorns)},
      {"every-man", long(Butting::kEveryMan)}},
     0,
     0,
     HC_FIELD(Butting, butting),
     "men that butt: after such a man's move every enemy man adjacent to its arrival square is removed, and "
     "it "
     "attacks the squares next to those it can move to (butting reach); capricorns (the rooks are "
     "capricorns, "
     "letter C: rook lines to empty squares only), every-man (with capture = \"none\"; castling butts from "
     "the "
     "king's arrival square)"},
    {"turn_start",
     D::kCapture,
     K::kChoice,
     {{"none", long(TurnStartKind::kNone)}, {"double-attacked", long(TurnStartKind::kDoubleAttacked)}},
     0,
     0,
     HC_FIELD(TurnStartKind, turn_start),
     "men removed at the start of every turn, before the side to move moves: double-attacked (every enemy "
     "man attacked by two or more of his men, repeated until none is; journalled with the move that ended "
     "the previous turn, so every position is the one after it)"},
    {"capture_own_men",
     D::kCapture,
     K::kBoolean,
     {},
     0,
     1,
     HC_FIELD(bool, capture_own_men),
     "a man may also capture its own men (never its king) by its capture pattern; attack and check "
     "unchanged"},
    {"capture_pattern",
     D::kCapture,
     K::kChoice,
     {{"capturers", long(CapturePattern::kCapturers)}, {"victims", long(CapturePattern::kVictims)}},
     0,
     0,
     HC_FIELD(CapturePattern, capture_pattern),
     "whose move a capture is: the capturer's own pattern, or the victim's (a man takes a pawn by a forward "
     "diagonal step, a piece by that piece's move; attack and check follow it: a king is checked by every "
     "adjacent enemy man)"},
    {"missiles",
     D::kCapture,
     K::kBoolean,
     {},
     0,
     1,
     HC_FIELD(bool, missiles),
     "every man starts with one missile: instead of moving, it may fire it once at an enemy man it attacks "
     "(the target is removed, the firer stays)"},
    {"own_man_removal",
     D::kCapture,
     K::kBoolean,
     {},
     0,
     1,
     HC_FIELD(bool, own_man_removal),
     "instead of moving, a side may remove one of its own men (never its king)"},
    {"follow_up_shot",
     D::kCapture,
     K::kBoolean,
     {},
     0,
     1,
     HC_FIELD(bool, follow_up_shot),
     "after a displacement capture the capturer may also shoot, without moving, one enemy man other than a "
     "king that it attacks from its new square"},
    {"volley",
     D::kCapture,
     K::kBoolean,
     {},
     0,
     1,
     HC_FIELD(bool, volley),
     "with capture = \"shoot\": a shot removes every enemy man the shooter attacks, at once (the first man "
     "on each line)"},
    // ---- obligations ----
    {"obligations",
     D::kObligations,
     K::kList,
     {{"compulsory-capture", 1}},
     0,
     0,
     [](Rules& r, long v) { r.compulsory_capture = v & 1; },
     [](const Rules& r) { return long(r.compulsory_capture); },
     "what a side must do when it can"},
    {"first_move",
     D::kObligations,
     K::kChoice,
     {{"free", long(FirstMoveRule::kFree)},
      {"longest", long(FirstMoveRule::kLongest)},
      {"imitate-type", long(FirstMoveRule::kImitateType)},
      {"imitate-length", long(FirstMoveRule::kImitateLength)}},
     0,
     0,
     HC_FIELD(FirstMoveRule, first_move),
     "the first move of a turn: one of the longest, or (if possible) by the type of man or of the length of "
     "the opponent's last move"},
    // ---- paralysis ----
    {"paralysis",
     D::kParalysis,
     K::kChoice,
     {{"none", long(ParalysisKind::kNone)}, {"madrasi", long(ParalysisKind::kMadrasi)}},
     0,
     0,
     HC_FIELD(ParalysisKind, paralysis),
     "which men are paralysed"},
    {"madrasi_ep",
     D::kParalysis,
     K::kChoice,
     {{"both-inert", long(MadrasiEp::kBothInert)},
      {"capturer-only", long(MadrasiEp::kCapturerOnly)},
      {"stepper-only", long(MadrasiEp::kStepperOnly)}},
     0,
     0,
     HC_FIELD(MadrasiEp, madrasi_ep),
     "madrasi: which men an e.p. right paralyses"},
    {"paralysis_effects",
     D::kParalysis,
     K::kList,
     {{"cannot-move", 1}, {"gives-no-check", 2}},
     0,
     0,
     [](Rules& r, long v) {
       r.paralysed_cannot_move = v & 1;
       r.paralysed_give_no_check = v & 2;
     },
     [](const Rules& r) { return long(r.paralysed_cannot_move) | long(r.paralysed_give_no_check) << 1; },
     "what paralysis does to a paralysed man (default both): cannot-move (no move, capture or castling), "
     "gives-no-check (his attack gives no check and removes nobody in a sweep); he still observes"},
    // ---- game end (RULES.md §1.10, D-4) ----
    {"no_progress.unit",
     D::kGameEnd,
     K::kChoice,
     {{"moves", long(ProgressUnit::kMoves)}, {"turns", long(ProgressUnit::kTurns)}},
     0,
     0,
     HC_FIELD(ProgressUnit, progress_unit),
     "the no-progress rule counts moves (D-4) or whole turns"},
    {"no_progress.limit",
     D::kGameEnd,
     K::kInteger,
     {},
     1,
     1000000,
     HC_FIELD(int, progress_limit),
     "draw after this many moves or turns without capture or pawn move"},
    {"end.win",
     D::kGameEnd,
     K::kChoice,
     {{"checkmate", long(Goal::kCheckmate)},
      {"annihilation", long(Goal::kAnnihilation)},
      {"lose-all-men", long(Goal::kLoseAllMen)},
      {"promotion-race", long(Goal::kPromotionRace)}},
     0,
     0,
     HC_FIELD(Goal, goal),
     "what wins: checkmate (or the king's capture under check = \"none\"), annihilation (a side with no men "
     "loses), lose-all-men (a side with no men wins), promotion-race (the first pawn on its last rank wins; "
     "a side with no pawns left draws); all but checkmate need royal_king = false"},
    {"end.stalemate",
     D::kGameEnd,
     K::kChoice,
     {{"draw", long(StalemateResult::kDraw)},
      {"loss-for-stalemated", long(StalemateResult::kLoss)},
      {"win-for-stalemated", long(StalemateResult::kWin)}},
     0,
     0,
     HC_FIELD(StalemateResult, stalemate),
     "the result for a side that cannot make the turn the rules require (RULES.md §1.5 stalemate)"},
    // ---- implementation (docs/architecture.md "Two tiers") ----
    {"kernel",
     D::kKernel,
     K::kChoice,
     {{"auto", long(KernelChoice::kAuto)}, {"generic", long(KernelChoice::kGeneric)}},
     0,
     0,
     HC_FIELD(KernelChoice, kernel),
     "which kernel plays the rules: auto (a fast one where one exists) or generic (always the generic one)"},
};

#undef HC_FIELD
#undef HC_BOTH

// The per-colour keys (ColourRules): `white.KEY` and `black.KEY` for each key a colour may set alone, with
// the unscoped key's values and a line of its own.
template <Color C>
void add_scoped(std::vector<RuleKey>& keys) {
  const char* w = C == kWhite ? "white." : "black.";
  const char* side = C == kWhite ? "White's" : "Black's";
  static std::deque<std::string> names, docs;  // the keys' text lives as long as the table
  auto add = [&](const char* base, KeyKind kind, std::vector<KeyValue> values, long max,
                 void (*set)(Rules&, long), long (*get)(const Rules&)) {
    const RuleKey* k = nullptr;
    for (const RuleKey& b : kBaseKeys)
      if (std::string_view(b.key) == base) k = &b;
    names.push_back(std::string(w) + base);
    docs.push_back(std::string(side) + " own " + base + " (ColourRules; the unscoped key sets both colours)");
    keys.push_back({names.back().c_str(), k->dimension, kind, values.empty() ? k->values : values, 0, max,
                    set, get, docs.back().c_str()});
  };
  add("check", K::kChoice, {}, 0, set_scoped_regime<C>, get_scoped_regime<C>);
  add("escape_first_move", K::kBoolean, {}, 1, set_scoped_escape<C>, get_scoped_escape<C>);
  add("check_only_last_move", K::kBoolean, {}, 1, set_scoped_last_only<C>, get_scoped_last_only<C>);
  add("ends_on", K::kList, {{"check", 1}}, 0, set_scoped_ends_on<C>, get_scoped_ends_on<C>);
  add("stop_early", K::kChoice, {}, 0, set_scoped_stop<C>, get_scoped_stop<C>);
  add("gives_check", K::kChoice, {}, 0, set_scoped_check_by<C>, get_scoped_check_by<C>);
  add("pawns_promote", K::kBoolean, {}, 1, set_scoped_pawns_promote<C>, get_scoped_pawns_promote<C>);
  add("king_over_own_pawn", K::kBoolean, {}, 1, set_scoped_king_over_own_pawn<C>,
      get_scoped_king_over_own_pawn<C>);
}

const std::vector<RuleKey> kKeys = [] {
  std::vector<RuleKey> keys = kBaseKeys;
  add_scoped<kWhite>(keys);
  add_scoped<kBlack>(keys);
  return keys;
}();

const std::vector<IdOption> kOptions = {
    {"ep",
     "ep.when",
     nullptr,
     {{"none", "none"}, {"first", "first"}, {"pair", "marseillais-pair"}, {"any", "any"}}},
    {"compulsory", "obligations", "compulsory-capture", {}},
    {"ends-on-check", "ends_on", "check", {}},
    {"cycle", "period", nullptr, {}},
    {"kernel", "kernel", nullptr, {}},
    {"escape-first-move", "escape_first_move", nullptr, {}},
    {"no-king-step-into-check", "no_king_step_into_check", nullptr, {}},
    {"optional", "composition.refill_chain", nullptr, {{"true", "optional"}, {"false", "compulsory"}}},
    {"no-promoted-double", "composition.promoted_moves_once", nullptr, {}},
    {"madras-ep",
     "madrasi_ep",
     nullptr,
     {{"both", "both-inert"}, {"capturer-only", "capturer-only"}, {"stepper-only", "stepper-only"}}},
};

}  // namespace

const std::vector<RuleKey>& rule_keys() { return kKeys; }

const RuleKey* find_rule_key(std::string_view key) {
  for (const RuleKey& k : kKeys)
    if (key == k.key) return &k;
  return nullptr;
}

bool is_key_prefix(std::string_view prefix) {
  for (const RuleKey& k : kKeys) {
    std::string_view s = k.key;
    if (s.size() > prefix.size() && s.substr(0, prefix.size()) == prefix && s[prefix.size()] == '.')
      return true;
  }
  return false;
}

const std::vector<IdOption>& id_options() { return kOptions; }

std::string describe_values(const RuleKey& k) {
  auto names = [&] {
    std::string s;
    for (const KeyValue& v : k.values) s += (s.empty() ? "" : ", ") + std::string(v.name);
    return s;
  };
  switch (k.kind) {
    case K::kChoice:
      return "one of: " + names();
    case K::kInteger:
      return "an integer from " + std::to_string(k.min) + " to " + std::to_string(k.max);
    case K::kBoolean:
      return "true or false";
    case K::kList:
      return "a list of: " + names();
  }
  return "";
}

std::string format_value(const RuleKey& k, long value) {
  switch (k.kind) {
    case K::kChoice:
      for (const KeyValue& v : k.values)
        if (v.value == value) return '"' + std::string(v.name) + '"';
      return "?";
    case K::kInteger:
      return std::to_string(value);
    case K::kBoolean:
      return value ? "true" : "false";
    case K::kList: {
      std::string s;
      for (const KeyValue& v : k.values)
        if (value & v.value) s += (s.empty() ? "\"" : ", \"") + std::string(v.name) + '"';
      return "[" + s + "]";
    }
  }
  return "?";
}

std::string rules_problem(const Rules& r) {
  if ((r.boards == 2) != (r.transfer == TransferKind::kAlice))
    return "boards = 2 goes with transfer = \"alice\" (and one board with transfer = \"none\")";
  if (!r.royal_king && r.regime != CheckRegime::kNone)
    return "royal_king = false goes with check = \"none\" (a king that is an ordinary man is never in check)";
  if (r.promotion_pieces == 0)
    return "promotion_pieces needs at least one man (a pawn on its last rank must become one)";
  if (r.royal_king && r.promote_to_king)
    return "promotion = \"with-king\" needs royal_king = false (a side has one royal king)";
  if (r.royal_king && r.goal != Goal::kCheckmate)
    return "end.win other than \"checkmate\" needs royal_king = false (the king's capture would end the game "
           "first)";
  const ScheduleKind k = r.schedule.kind;
  if (k == ScheduleKind::kCycle && (r.schedule.period < 2 || r.schedule.period % 2))
    return "schedule = \"cycle\" needs an even period of 2 to 64 (the cycle ends with Black's turn)";
  if (k == ScheduleKind::kStepEvery && r.schedule.period < 1) return "schedule = \"step\" needs a period";
  if (k != ScheduleKind::kCycle && k != ScheduleKind::kStepEvery && r.schedule.period != 0)
    return "period only goes with schedule = \"step\" or \"cycle\"";
  if (k != ScheduleKind::kFixed && r.schedule.black_quota != 0)
    return "black_quota only goes with schedule = \"fixed\"";
  if (k == ScheduleKind::kUnbounded &&
      (r.stop == StopRule::kNever || r.colour(kBlack).stop == StopRule::kNever) && !r.sputniks &&
      !r.lost_move && r.refill_chain == RefillChain::kNone)
    return "schedule = \"unbounded\" needs a way to end the turn: stop_early, composition.sputniks, "
           "composition.refill_chain or "
           "lost_move (the turn ends when nothing legal is left)";
  if (r.butting == Butting::kEveryMan && r.capture != CaptureKind::kNone)
    return "butting = \"every-man\" goes with capture = \"none\" (every man captures only by butting)";
  if (r.butting == Butting::kCapricorns && r.capture != CaptureKind::kDisplacement)
    return "butting = \"capricorns\" goes with capture = \"displacement\" (the other men capture normally)";
  if (r.butting != Butting::kNone && r.sweep != SweepKind::kNone)
    return "butting and a sweep both remove men after a move: set one of them";
  if (r.butting != Butting::kNone && r.paralysis != ParalysisKind::kNone)
    return "butting with paralysis is not implemented (observation would be butting reach)";
  if (r.butting == Butting::kCapricorns && r.first_move == FirstMoveRule::kImitateType)
    return "butting = \"capricorns\" with the imitation of the last man's type is not implemented (last=c "
           "names castling)";
  if (!r.colours_differ && r.escape_first_move && r.regime != CheckRegime::kEndOfTurn &&
      !(r.regime == CheckRegime::kNone && r.royal_king))
    return "escape_first_move goes with check = \"end-of-turn\" or with check = \"none\" and royal kings "
           "(the other regimes imply it)";
  if (!r.colours_differ && r.no_king_step_into_check && r.regime != CheckRegime::kEndOfTurn)
    return "no_king_step_into_check goes with check = \"end-of-turn\" (the other regimes imply or exclude "
           "it)";
  // Per colour (ColourRules): an unscoped escape_first_move also reaches the colour whose regime implies it
  // (observed, Italian: RULES.md §1.6 "implied by OBSERVED"), where it changes nothing.
  if (r.colours_differ) {
    for (Color c : {kWhite, kBlack})
      if (r.colour(c).regime == CheckRegime::kNone)
        return "check = \"none\" (royal capture) is for both colours or neither";
    if (r.no_king_step_into_check && !r.any_regime(CheckRegime::kEndOfTurn))
      return "no_king_step_into_check goes with check = \"end-of-turn\" (the other regimes imply or exclude "
             "it)";
    if (r.any_regime(CheckRegime::kEndOfTurnWhenInCheck))
      return "check = \"end-of-turn-when-in-check\" is for both colours (not in a white or black table)";
  }
  for (Color c : {kWhite, kBlack})
    if (r.italian_ban(c) && r.regime_of(c) == CheckRegime::kNone)
      return "check_only_last_move needs a check regime (not check = \"none\")";
  if (!r.castling_counts_rook && !r.counts_moves())
    return "composition.castling_counts_rook = false goes with composition.moves_per_man";
  if (r.refill_chain != RefillChain::kNone) {
    if (r.moves_per_man != 1 || r.schedule.kind != ScheduleKind::kUnbounded || !r.castling_counts_rook)
      return "composition.refill_chain goes with schedule = \"unbounded\" and composition.moves_per_man = 1 "
             "(castling counting for the rook)";
    if (r.boards != 1 || r.transfer != TransferKind::kNone || r.movement != Movement::kFree ||
        r.unorthodox_men() || r.paralysis != ParalysisKind::kNone || r.butting != Butting::kNone ||
        r.every_mobile_man || r.sputniks || r.categories != MoveCategories::kNone || r.length_budget ||
        r.any_stop() || r.lost_move || !r.captures_by_moving())
      return "composition.refill_chain is implemented on one board with the orthodox men and movement, no "
             "paralysis or butting, no other composition rule, stop or lost move";
  }
  if (r.movement != Movement::kFree &&
      (r.butting != Butting::kNone || r.capture_pattern != CapturePattern::kCapturers || r.missiles ||
       r.follow_up_shot || r.ep_capturers != EpCapturers::kPawns))
    return "movement = \"forward-only\" with butting, capture by the victim's move, missiles, follow-up "
           "shots or e.p. by any man is not implemented (their reach would ignore the directions)";
  if (r.twins && r.moves_per_man != 1)
    return "composition.twins goes with composition.moves_per_man = 1 (the twin is another man)";
  if (r.twins && (r.capture == CaptureKind::kExplosion || r.capture == CaptureKind::kKamikaze))
    return "composition.twins with a capture that removes the capturer is not implemented (the first "
           "mover's type is read from the man)";
  for (Color c : {kWhite, kBlack})
    if (r.colour(c).check_by == CheckBy::kTwoMoveThreat &&
        (r.boards != 1 || (r.capture != CaptureKind::kDisplacement && r.capture != CaptureKind::kExplosion) ||
         r.paralysis != ParalysisKind::kNone || r.butting != Butting::kNone ||
         r.capture_pattern != CapturePattern::kCapturers || r.movement != Movement::kFree ||
         r.check_attackers != CheckAttackers::kEnemy || r.capture_own_men ||
         r.ep_capturers != EpCapturers::kPawns || r.missiles || r.follow_up_shot || r.volley ||
         r.sweep != SweepKind::kNone || r.rebirth != RebirthKind::kNone ||
         r.turn_start != TurnStartKind::kNone || r.own_man_removal || r.regime_of(c) == CheckRegime::kNone))
      return "gives_check = \"two-move-threat\" is implemented for one board, displacement or explosion "
             "captures by the capturer's own pattern, free movement and a check regime only";
  if ((r.king_over_own_pawn || r.king_over_own_pawn_of(kBlack)) && r.boards != 1)
    return "king_over_own_pawn is implemented on one board only";
  if (r.lost_move && r.complete_turn) return "lost_move replaces complete_turn (D-5): set one of them";
  if (r.complete_turn && r.any_stop())
    return "complete_turn (D-5) and stop_early = \"voluntary\" contradict each other";
  return "";
}

}  // namespace hc
