// The rule vocabulary: one field per dimension of RULES.md §2. A variant id (src/variants/) is a named
// setting of some of these fields; the kernel reads only this struct, never a variant name.
#pragma once
#include <algorithm>
#include <cstdint>

#include "core/types.hpp"
#include "rules/attributes.hpp"

namespace hc {

// kNone: no man captures by moving; every move goes to an empty square (men are removed by a sweep, below).
enum class CaptureKind : std::uint8_t { kDisplacement, kShoot, kExplosion, kKamikaze, kNone };
// Men removed after a move because of where men stand (RULES.md §1.9 sweeps; generic kernel only):
//   kAttackersOfArrival: the moved man (castling: king and rook) removes every enemy man attacking its
//     arrival square at that moment, and after a two-step every enemy pawn attacking the passed square
//     (while e.p. exists); simultaneous.
//   kAllAttacked: every man of either colour attacked by an enemy man is removed, simultaneously, and again
//     in the position that leaves, until no man is attacked.
enum class SweepKind : std::uint8_t { kNone, kAttackersOfArrival, kAllAttacked, kDoubleAttacked };
// An effect at the start of every turn, before the side to move moves (generic::turn_start): none, or
// double-attacked (RULES.md §4.1 archimedes: every enemy man attacked by two or more of his men is removed,
// repeatedly until none is).
enum class TurnStartKind : std::uint8_t { kNone, kDoubleAttacked };
// Where a captured man goes (RULES.md §6 progressive-circe, standard Circe): off the board, or back onto his
// game-array square (kGameArray: a pawn on its own second rank of the capture square's file; a rook, bishop
// or knight on his side's home square of that type whose colour is the capture square's; a queen on d1/d8; a
// king is never reborn), when that square is vacant (on every board), else he is lost. The man is reborn as
// what he is now (a promoted man as his new type). Generic kernel only.
enum class RebirthKind : std::uint8_t { kNone, kGameArray };
// Butting (RULES.md §1.3, §1.9 BUTT, §4.3; generic kernel only): the men that butt. After such a man's move
// to an empty square every enemy man on the 8 squares adjacent to its arrival square is removed
// (Cause::kButt), and such a man attacks a square when it can move to a vacant square adjacent to it (butting
// reach).
//   kCapricorns: the rooks are capricorns (PieceType kCapricorn, letter C: rook lines, empty squares only,
//     never a displacement capture); they alone butt; the castled capricorn does not (castling is a king
//     move).
//   kEveryMan: every man butts and none captures otherwise (with capture = "none"); castling butts from the
//     king's arrival square (a king move), not the rook's.
enum class Butting : std::uint8_t { kNone, kCapricorns, kEveryMan };
// Which men are paralysed (what paralysis does is Rules::paralysed_cannot_move / paralysed_give_no_check).
enum class ParalysisKind : std::uint8_t { kNone, kMadrasi };
enum class TransferKind : std::uint8_t { kNone, kAlice };
// kEndOfTurn (RULES.md §1.6 END-OF-TURN): only the position at the end of a turn is tested for the mover's
// king; a move that would capture the enemy king is not a move; castling's attack conditions are dropped
// (D-1).
// kEndOfTurnWhenInCheck (RULES.md §3.5 progressive-late-mate): the regime is chosen per turn — END-OF-TURN
// for a side in check at the start of its turn (it need not escape with its first move, only be safe at the
// turn's end), OBSERVED otherwise. The turn's first move records which (TurnState::used bit kStartedInCheck,
// FEN `started-in-check=1`); turn.hpp end_of_turn_now() answers for a position. A series that runs out of
// moves with the king safe ends there (progressive stalemate) and counts as complete. Generic kernel only.
enum class CheckRegime : std::uint8_t { kObserved, kItalian, kNone, kEndOfTurn, kEndOfTurnWhenInCheck };
enum class EpWhen : std::uint8_t { kFirst, kMarseillaisPair, kAny, kNone };
enum class EpPassed : std::uint8_t { kNeverOccupied, kEmptyNow };
// Which men may capture e.p. (RULES.md §1.8): pawns (orthodox), or any man that attacks the passed square.
enum class EpCapturers : std::uint8_t { kPawns, kAnyMan };
// Whose move a capture follows (RULES.md §1.9): the capturer's own capture pattern (orthodox), or the
// victim's (IMITATION, §4.4: a man captures only by making, from its own square, a move of the victim's type
// onto it; a pawn victim by a one-square forward diagonal step of the capturer). Attack follows the same
// pattern, so it depends on the attacked man's type (§1.3 target-dependent attack).
enum class CapturePattern : std::uint8_t { kCapturers, kVictims };
// Whose men give check to a king (RULES.md §1.6 `self_check`): the enemy's, or both colours' (an own man
// attacking its own king by its capture pattern checks it too; own pawns attack in their own forward
// direction).
// Who checks a king (RULES.md §4.8): enemy men; men of both colours (Bicolour); or enemy men and those own
// men that have moved, all own men once the king has moved (Tylor: Attr::kHasMoved; castling marks neither
// man).
enum class CheckAttackers : std::uint8_t { kEnemy, kBothColours, kBothColoursOnceMoved };
// How a colour's men give check to the enemy king (RULES.md §1.3, §3.3; rule key `gives_check`, settable per
// colour): every man by its attack (orthodox); every man but the king (king-and-pawns: "the White king cannot
// check"); or every man, the king also at two king steps: the enemy king is within king distance 2 and some
// square next to both kings is empty or holds a man of the checked side (a 1- or 2-step king path: "could
// capture it with its king in one turn", king-and-pawns-gik); or the two-move threat (RULES.md §1.3: "the
// single-mover's king is attacked if the double-mover could capture it within one complete turn"): a man
// attacks the enemy king now, or some man's move (pseudo-legal: the mover's own king is not asked about, a
// king capture ends the game) is followed by an attack on it (generic::two_move_threat). Generic kernel only.
enum class CheckBy : std::uint8_t { kEveryMan, kNotKing, kKingTwoSteps, kTwoMoveThreat };
enum class ProgressUnit : std::uint8_t { kMoves, kTurns };
// The directions men move and attack in (RULES.md §3.5 progressive-forwards). kFree: their own. kForwardOnly:
// a man moves, captures and attacks only towards the opponent (increasing rank for White) or, for the men
// whose lines run along the rank (rook, queen, king), sideways along its rank; never backwards (a knight's
// four forward leaps, a bishop's forward diagonals; pawns as usual). A sideways move that captures nothing
// must be followed by a forward move as the next move of the same turn: it is not legal as the turn's last
// move, nor where no legal move would follow it, and after it only forward moves are generated
// (TurnState::used bit kForwardDue). Castling is the catalogue's to forbid (castling = false). Generic
// kernel only.
enum class Movement : std::uint8_t { kFree, kForwardOnly };
// TurnState::used under Movement::kForwardOnly: the turn's last move was a sideways move to an empty square,
// so the next move must go forward (formats.md `due=forward`).
inline constexpr std::uint8_t kForwardDue = 1;
// TurnState::used under CheckRegime::kEndOfTurnWhenInCheck: the turn in progress began in check, so its
// regime is END-OF-TURN (formats.md `started-in-check=1`).
inline constexpr std::uint8_t kStartedInCheck = 2;
enum class MadrasiEp : std::uint8_t { kBothInert, kCapturerOnly, kStepperOnly };
// Which kernel plays the rules (docs/architecture.md "Two tiers"): the fast templated one where one exists
// for the combination, else the generic one; or the generic one always.
enum class KernelChoice : std::uint8_t { kAuto, kGeneric };
// What wins the game (RULES.md §1.10 `win`). kCheckmate: checkmate, or the capture of the (royal) king under
// CheckRegime::kNone (today's games). The others need kings that are ordinary men (royal_king false).
enum class Goal : std::uint8_t {
  kCheckmate,
  kAnnihilation,   // capture all the opponent's men: a side with no men loses
  kLoseAllMen,     // losing games: a side that has lost all its men wins
  kPromotionRace,  // the first pawn to reach its last rank wins (it stays a pawn: the game ends on arrival);
                   // while no pawn has, a side with no pawns left draws the game
};
// The result of stalemate for the stalemated side (RULES.md §1.5, §1.10 `stalemate`).
enum class StalemateResult : std::uint8_t { kDraw, kLoss, kWin };

// How many moves a turn allows (RULES.md §1.2, §2 `schedule`). t = turn index of the game (1, 2, 3 …, White's
// turns odd), n = own-turn index (the full-move number). Static kinds are a function of t alone; dynamic
// kinds (the last four) depend on the game and are computed when a turn ends (rules/turn.cpp next_quota).
enum class ScheduleKind : std::uint8_t {
  kFixed,           // `quota` every turn (`black_quota` for Black's turns and `white_first_quota` for White's
                    // first turn, when set)
  kProgressive,     // t
  kOddEvenOwnTurn,  // 1 when n is odd, `quota` when n is even
  kOwnTurnIndex,    // n
  kFibonacci,       // F(t): 1, 1, 2, 3, 5, 8 …
  kStepEvery,       // 1 + floor((t - 1) / period)
  kCycle,           // ((t - 1) mod period) + 1
  kUnbounded,       // no quota: the turn ends by the composition rules or a voluntary stop
  kOwnTurnUpTo,     // min(n, quota): 1, 2, 3, 3, 3 … with quota 3
  kPlusChecksGiven,  // dynamic: t + check-giving moves this side made in its previous turns
  kCaptureStreak,    // dynamic: previous quota + 1 after a turn with a capture, else 1
  kCheckCutsNext,    // dynamic: t, but (checking turn's quota - 1) right after a turn that ended with check
  kOpponentMadePlusOne,  // dynamic: 1 + moves the opponent made in his previous turn
};

// A quota larger than any turn can use (a Fibonacci quota saturates here; a turn with more moves would need
// more than 10^6 moves before the game's no-progress rule, which no game reaches).
inline constexpr std::uint32_t kMaxQuota = 1'000'000;

struct Schedule {
  ScheduleKind kind = ScheduleKind::kFixed;
  int quota = 1;  // kFixed: moves in every turn; kOddEvenOwnTurn: moves in even own turns
  int white_first_quota =
      0;           // kFixed: White's first turn, when it differs (Balanced Marseillais, Galvin); 0 = same
  int period = 0;  // kStepEvery, kCycle
  // kFixed: moves in each of Black's turns, when they differ from White's (RULES.md §3.3, two moves against
  // one: the sides' schedules differ); 0 = quota
  int black_quota = 0;

  bool dynamic() const { return kind >= ScheduleKind::kPlusChecksGiven; }

  // The quota of the turn with index t = 1, 2, 3 … (White's turns odd) as far as t alone decides it; for a
  // dynamic schedule, the value it starts from (formats.md: `quota=` is written when the state differs).
  std::uint32_t static_quota(int turn_index) const {
    const std::uint32_t t = std::uint32_t(turn_index), n = (t + 1) / 2;
    switch (kind) {
      case ScheduleKind::kFixed:
        if (turn_index == 1 && white_first_quota) return white_first_quota;
        return t % 2 == 0 && black_quota ? black_quota : quota;
      case ScheduleKind::kProgressive:
      case ScheduleKind::kPlusChecksGiven:
      case ScheduleKind::kCheckCutsNext:
        return std::min(t, kMaxQuota);
      case ScheduleKind::kOddEvenOwnTurn:
        return n % 2 ? 1 : quota;
      case ScheduleKind::kOwnTurnIndex:
        return std::min(n, kMaxQuota);
      case ScheduleKind::kFibonacci: {
        std::uint32_t a = 1, b = 1;  // F(1), F(2)
        for (std::uint32_t i = 2; i < t && b < kMaxQuota; ++i) b = a + b, a = b - a;
        return std::min(b, kMaxQuota);
      }
      case ScheduleKind::kStepEvery:
        return std::min(1 + (t - 1) / std::uint32_t(period), kMaxQuota);
      case ScheduleKind::kCycle:
        return 1 + (t - 1) % std::uint32_t(period);
      case ScheduleKind::kUnbounded:
        return kMaxQuota;
      case ScheduleKind::kOwnTurnUpTo:
        return std::min(n, std::uint32_t(quota));
      case ScheduleKind::kCaptureStreak:
      case ScheduleKind::kOpponentMadePlusOne:
        return 1;
    }
    return 1;
  }
};

// When a voluntary stop (the move `0000`) is allowed.
enum class StopRule : std::uint8_t { kNever, kAfterFirstMove };

// The forced refill chain (RULES.md §3.7 kazan; rules/turn.hpp "refill chain"): after the turn's first move,
// each square an own man vacated must be refilled by a move of an own man that has not moved in the turn
// (a non-capturing move to it), the highest-priority man P > N > B > R > Q > K (the player choosing among
// equals); the filler's own square is refilled next. kOptional: a refill is never due (the turn may be
// stopped, `0000`) and any man that can refill may (no priority).
enum class RefillChain : std::uint8_t { kNone, kCompulsory, kOptional };

// The settings a colour may have of its own (RULES.md §3.3 two moves against one: the double-mover plays
// END-OF-TURN, the single-mover OBSERVED; each side's men check the other king their own way): the rule keys
// `check`, `escape_first_move`, `check_only_last_move`, `ends_on` (check), `stop_early`, `gives_check`,
// `pawns_promote` and `king_over_own_pawn` written in a `white` or
// `black` sub-table of an entry (docs/variants.md). Rules::colour(c) reads them.
struct ColourRules {
  CheckRegime regime = CheckRegime::kObserved;
  bool escape_first_move = false;
  bool ends_on_check = false;
  StopRule stop = StopRule::kNever;
  CheckBy check_by = CheckBy::kEveryMan;
  bool check_only_last_move = false;
  bool pawns_promote = true;
  bool king_over_own_pawn = false;
  bool operator==(const ColourRules&) const = default;
};

// The men a turn may be made of (RULES.md §3.1 compositions), as categories of moves used at most once each.
enum class MoveCategories : std::uint8_t {
  kNone,
  kPieceAndPawn,        // one piece move (castling included) and one pawn move, either order
  kFileHalves,          // one move departing files a-d and one departing e-h (castling: e-h)
  kCentreAndPeriphery,  // one move departing c3-f6 and one departing elsewhere (castling: periphery)
  kLightThenDark,       // first a man departing a light square, then one departing a dark square
  kPieceThenPawn,       // a piece move, then optionally a pawn move
  // Up to three categories, each once, as many as the turn's quota: a pawn move (quota 1); a piece move (a
  // man other than pawn and king) and a pawn move (quota 2); a pawn, a piece and a king move (quota 3 or
  // more; castling is the king move), in any order. Bits of TurnState::used: 1 piece, 2 pawn, 4 king.
  kPawnPieceKing,
  kAnyThenPawn,  // any move (castling included), then a pawn move by another man (with moves_per_man = 1)
};

// An obligation on the first move of a turn, among the moves legal under every other rule.
enum class FirstMoveRule : std::uint8_t {
  kFree,
  kLongest,        // one of the longest (squared Euclidean length; castling 16 / 25)
  kImitateType,    // by a man of the type the opponent moved last, if possible
  kImitateLength,  // of the length of the opponent's last move, if possible
};

// A set of men: bit 1 << type (Rules::men, promotion_pieces).
constexpr std::uint16_t men_bit(PieceType t) { return std::uint16_t(1u << t); }
constexpr std::uint16_t kOrthodoxMen =
    men_bit(kPawn) | men_bit(kKnight) | men_bit(kBishop) | men_bit(kRook) | men_bit(kQueen) | men_bit(kKing);
constexpr std::uint16_t kOrthodoxPromotions =
    men_bit(kQueen) | men_bit(kRook) | men_bit(kBishop) | men_bit(kKnight);

struct Rules {
  // boards / transfer
  int boards = 1;
  TransferKind transfer = TransferKind::kNone;
  // schedule and turn
  Schedule schedule;
  bool ends_on_check = false;     // a check-giving move ends the turn (Marseillais, Progressive)
  bool complete_turn = false;     // D-5: a first move must allow the turn to be completed
  bool forbid_null_turn = false;  // a turn may not restore its start position (double-move-galvin decision 2)
  // turn endings beyond the quota (RULES.md §2 `ends_on`)
  bool ends_on_capture = false;           // a capturing move ends the turn
  bool ends_on_attacked_arrival = false;  // a move whose man lands on a square an enemy man attacks ends it
  bool lost_move = false;  // when nothing legal is left to complete the turn, the turn ends (instead of D-5)
  StopRule stop = StopRule::kNever;
  // composition of a turn (RULES.md §2 `turn.composition`)
  int moves_per_man = 0;            // 0: any; 1: each man at most once a turn; 2: at most twice
  bool every_mobile_man = false;    // a man moves only if no other mobile man has moved fewer times
  bool promoted_man_stays = false;  // a pawn that promotes may not move again in the same turn
  // A promoted man (Attr::kPromoted) makes at most one move a turn: a pawn that promotes may not move again
  // in that turn, and a piece promoted earlier never makes two moves of one turn. Generic kernel only.
  bool promoted_moves_once = false;
  MoveCategories categories = MoveCategories::kNone;
  // Twins (bits men_bit(type)): a turn's first move by a man of one of these types may be followed by a move
  // of another man of the same type; a first move by a man of another type (castling: the king), or of a
  // listed type with no other man of its side on the board, ends the turn. 0: off. Needs moves_per_man = 1.
  std::uint8_t twins = 0;
  int length_budget =
      0;  // 0: none; else the turn's moves' lengths (king distance, knight 2) sum to at most this
  bool sputniks = false;  // own R, B, N in the enemy half at the turn's start may each move first
  FirstMoveRule first_move = FirstMoveRule::kFree;
  // Castling counts toward moves_per_man for the rook as well as the king (false: for the king only; the
  // rook still owes its own move).
  bool castling_counts_rook = true;
  RefillChain refill_chain = RefillChain::kNone;  // the forced refill chain after the first move
  // moves the variant lacks
  bool pawn_double_step = true;
  bool castling = true;
  // check
  CheckRegime regime = CheckRegime::kObserved;
  // RULES.md §1.6 modifiers (read under kEndOfTurn): a side in check at the start of its turn must remove the
  // check with its first move; a king move (castling too: the king's arrival square) may not land in check
  // even in the middle of a turn.
  bool escape_first_move = false;
  bool no_king_step_into_check = false;
  // The Italian ban as a modifier (RULES.md §3.3 king-and-pawns-verney: "White may give check only with the
  // second move"): a move that gives check is illegal unless it is the last of a full-quota turn. Implied by
  // check = "italian"; per colour.
  bool check_only_last_move = false;
  // Who checks a king: enemy men, or men of both colours (Bicolour), or own men only once they or the king
  // have moved (keeps Attr::kHasMoved). Generic kernel only.
  CheckAttackers check_attackers = CheckAttackers::kEnemy;
  // How the men give check to the enemy king (CheckBy). Generic kernel only when not kEveryMan.
  CheckBy check_by = CheckBy::kEveryMan;
  // Pawns promote (RULES.md §3.3 one-two: "White pawns may not promote (a White pawn cannot move or capture
  // onto rank 8)"): when false, a pawn of the colour has no move onto its last rank and attacks no square
  // there (it could not capture a man on it). Per colour; generic kernel only when false.
  bool pawns_promote = true;
  // The king's journey over an own pawn (RULES.md §3.3 one-two: "the White king may use both moves of a turn
  // to make a two-square king journey passing over a square occupied by a White pawn"): one move of the king
  // to a square two king steps away (empty or an enemy man's) through a square next to both that holds an own
  // pawn, made as the first move of a turn of two or more moves, and ending it (it uses both moves). Per
  // colour; generic kernel only.
  bool king_over_own_pawn = false;
  // Per colour (ColourRules): the fields regime, escape_first_move, ends_on_check, stop and check_by above
  // are White's, and Black's too unless colours_differ, when Black's are black_rules. A key written unscoped
  // sets both; one in a `white` / `black` sub-table sets that colour's (docs/variants.md). Read them through
  // colour(c) wherever the side matters; rules whose colours differ are generic kernel only.
  bool colours_differ = false;
  ColourRules black_rules;
  // RULES.md §1.1: the king is royal (its loss ends the game) unless the variant says otherwise; a game under
  // royal kings starts only from a position where each side has one (rules/start_position.hpp).
  bool royal_king = true;
  // Pawns may also promote to king (RULES.md losing games; only where the king is an ordinary man).
  bool promote_to_king = false;
  // The men of the game (RULES.md §3.3 medieval men): a set of PieceTypes, bit 1 << type (men_bit).
  // promotion_pieces: what a pawn may promote to (rule key `promotion_pieces`, letters of core/men.hpp; the
  // rook's bit means the man in the rook's place, rook_role()); K is added by promote_to_king. start_men: the
  // men of the start array (set by make_variant from it; the orthodox array's by default). A set other than
  // Q, R, B, N, or a man other than the six orthodox ones and the capricorn, is generic kernel only.
  std::uint16_t promotion_pieces = kOrthodoxPromotions;
  std::uint16_t start_men = kOrthodoxMen;
  // en passant (RULES.md §1.8)
  EpWhen ep_when = EpWhen::kFirst;
  EpPassed ep_passed = EpPassed::kNeverOccupied;
  bool ep_from_last_move_only = false;  // rights only from the last move of the opponent's turn
  // Who may take e.p.: pawns, or any man attacking the passed square (it moves there and the double-stepped
  // pawn is removed; a man moving to a usable passed square always makes that capture). Generic kernel only.
  EpCapturers ep_capturers = EpCapturers::kPawns;
  // capture
  CaptureKind capture = CaptureKind::kDisplacement;
  bool compulsory_capture = false;
  // A man may also capture its own men (never its own king) by its capture pattern (RULES.md §4.7); attack
  // and check are unchanged. Generic kernel only.
  bool capture_own_men = false;
  // Men removed after every move (SweepKind; each removal journalled with Cause::kSweep). Generic kernel
  // only.
  SweepKind sweep = SweepKind::kNone;
  // What becomes of the victim of a capture (RebirthKind; the man put back is journalled with
  // Cause::kRebirth). Generic kernel only.
  RebirthKind rebirth = RebirthKind::kNone;
  // The men that butt (Butting). Generic kernel only.
  Butting butting = Butting::kNone;
  // Men removed at the start of every turn (TurnStartKind; Cause::kTurnStart, journalled with the move that
  // ended the previous turn). Generic kernel only.
  TurnStartKind turn_start = TurnStartKind::kNone;
  // Captures (and attacks) by the capturer's pattern, or by the victim's (Moss). Generic kernel only.
  CapturePattern capture_pattern = CapturePattern::kCapturers;
  // Every man starts with one missile (Attr::kMissile); instead of moving, a man holding it may fire it at an
  // enemy man it attacks (its capture pattern, e.p. too): the target is removed, the firer stays, the missile
  // is spent (MoveKind::kShot; RULES.md §4.1 missile). Generic kernel only.
  bool missiles = false;
  // Instead of moving, the side to move may remove one of its own men, never a king (MoveKind::kRemoval;
  // RULES.md §4.7 suicide-piece-removal). Generic kernel only.
  bool own_man_removal = false;
  // After a displacement capture (e.p. and promotion captures too) the capturer may also shoot, without
  // moving, one enemy man other than a king that it attacks from its new square (its own capture pattern,
  // a promoted man's as the new piece; no e.p. shot): one move, Move::with_shot (RULES.md §4.5 goliath).
  // Generic kernel only.
  bool follow_up_shot = false;
  // Under CaptureKind::kShoot: a shot removes every enemy man the shooter attacks at that moment, at once
  // (only the first man on each line); one move per shooter, written with its lowest target square (RULES.md
  // §4.1 rapid-fire). Generic kernel only.
  bool volley = false;
  // Each man's Attr::kHasMoved is kept (rules/attributes.hpp has its contract). No catalogue key sets it yet.
  bool tracks_has_moved = false;
  // The directions men move and attack in (Movement). Generic kernel only.
  Movement movement = Movement::kFree;
  // paralysis
  ParalysisKind paralysis = ParalysisKind::kNone;
  MadrasiEp madrasi_ep = MadrasiEp::kBothInert;
  // What paralysis does to a paralysed man (RULES.md §4.6; Madrasi: both, the default): he cannot move (no
  // move, capture, shot or castling), and he gives no check (nor, under a sweep of attacked men, removes
  // anyone: his attack counts for nothing). Paralysed men always still observe. The fast kernels know both
  // together only; either one alone is generic kernel only.
  bool paralysed_cannot_move = true;
  bool paralysed_give_no_check = true;
  // implementation: the same rules on either kernel
  KernelChoice kernel = KernelChoice::kAuto;
  // game end
  ProgressUnit progress_unit = ProgressUnit::kMoves;
  int progress_limit = 100;  // D-4: 100 atomic moves; Progressive: 10 turns
  Goal goal = Goal::kCheckmate;
  StalemateResult stalemate = StalemateResult::kDraw;

  // The per-colour settings of colour c (ColourRules).
  ColourRules colour(Color c) const {
    if (c == kBlack && colours_differ) return black_rules;
    return {regime,   escape_first_move,    ends_on_check, stop,
            check_by, check_only_last_move, pawns_promote, king_over_own_pawn};
  }
  CheckRegime regime_of(Color c) const { return c == kBlack && colours_differ ? black_rules.regime : regime; }
  CheckBy check_by_of(Color c) const {
    return c == kBlack && colours_differ ? black_rules.check_by : check_by;
  }
  bool escape_first_move_of(Color c) const {
    return c == kBlack && colours_differ ? black_rules.escape_first_move : escape_first_move;
  }
  // One field of colour(c), read on every move (the turn layer's hot path): no ColourRules built.
  bool ends_on_check_of(Color c) const {
    return c == kBlack && colours_differ ? black_rules.ends_on_check : ends_on_check;
  }
  StopRule stop_of(Color c) const { return c == kBlack && colours_differ ? black_rules.stop : stop; }
  bool king_over_own_pawn_of(Color c) const {
    return c == kBlack && colours_differ ? black_rules.king_over_own_pawn : king_over_own_pawn;
  }
  bool pawns_promote_of(Color c) const {
    return c == kBlack && colours_differ ? black_rules.pawns_promote : pawns_promote;
  }
  // The Italian ban on checks before the last move of a full-quota turn applies to colour c.
  bool italian_ban(Color c) const {
    return regime_of(c) == CheckRegime::kItalian ||
           (c == kBlack && colours_differ ? black_rules.check_only_last_move : check_only_last_move);
  }
  // Either colour plays regime x / may stop voluntarily.
  bool any_regime(CheckRegime x) const { return regime == x || (colours_differ && black_rules.regime == x); }
  bool any_stop() const {
    return stop != StopRule::kNever || (colours_differ && black_rules.stop != StopRule::kNever);
  }
  // Make the colours' settings separate (a scoped key is about to set one colour's): Black's start as the
  // shared ones.
  void split_colours() {
    if (!colours_differ) black_rules = colour(kBlack), colours_differ = true;
  }

  // Properties of the capture, paralysis and board components, for readers that reason about rules rather
  // than components (the engine's evaluation).
  bool capture_explodes() const { return capture == CaptureKind::kExplosion; }
  bool capturer_stays() const { return capture == CaptureKind::kShoot; }
  bool capturer_removed() const {
    return capture == CaptureKind::kExplosion || capture == CaptureKind::kKamikaze;
  }
  // Some man captures by moving onto (or shooting) an enemy man (false: every move goes to an empty square).
  bool captures_by_moving() const { return capture != CaptureKind::kNone; }
  // A royal king never captures where its capturer is removed (it would destroy itself); a king that is an
  // ordinary man does (dying in the act).
  bool kings_capture() const { return !capturer_removed() || !royal_king; }
  // The rules of §1.10 beyond checkmate and king capture: read by the generic kernel only.
  bool has_goal() const {
    return goal != Goal::kCheckmate || stalemate != StalemateResult::kDraw || !royal_king || promote_to_king;
  }
  // A pawn may stand on its own first rank: a pawn capturing by the victim's move may land there (it stays a
  // pawn and later steps forward one square).
  bool pawns_on_first_rank() const { return capture_pattern == CapturePattern::kVictims; }
  // The per-man attributes these rules keep (Position::attributes_used).
  AttrMask attributes() const {
    return AttrMask((missiles ? attr_bit(Attr::kMissile) : 0) |
                    (tracks_has_moved || check_attackers == CheckAttackers::kBothColoursOnceMoved
                         ? attr_bit(Attr::kHasMoved)
                         : 0) |
                    (promoted_moves_once ? attr_bit(Attr::kPromoted) : 0));
  }
  // The type in the rook's place: in the array, castling's partner and promotion (the capricorn where the
  // rooks are capricorns).
  PieceType rook_role() const { return butting == Butting::kCapricorns ? kCapricorn : kRook; }
  // The types a pawn may promote to (men_bit set): promotion_pieces with the rook's place as rook_role(),
  // and the king under promote_to_king. The order of promotion_choices is Q, R, B, N, then the others by
  // type.
  std::uint16_t promotion_men() const {
    std::uint16_t m = promotion_pieces;
    if ((m & men_bit(kRook)) && rook_role() != kRook)
      m = std::uint16_t((m & ~men_bit(kRook)) | men_bit(rook_role()));
    if (promote_to_king) m |= men_bit(kKing);
    return m;
  }
  // Every type of man the game has: those of the start array and those a pawn promotes to. The FEN reader
  // refuses any other but as fen_men() says.
  std::uint16_t men() const { return std::uint16_t(start_men | promotion_men()); }
  // The men a FEN may hold: men(), and, where the start array has only orthodox men (and capricorns), all six
  // orthodox ones, as before there were other men (analysis positions: a rook in capricorn, the invariants'
  // many-queen positions in every id). A game with medieval men in its array holds its own men only.
  std::uint16_t fen_men() const {
    return std::uint16_t(men() | ((start_men & ~(kOrthodoxMen | men_bit(kCapricorn))) ? 0 : kOrthodoxMen));
  }
  // The game has men beyond the orthodox six and the capricorn, or a promotion set other than Q, R, B, N:
  // only the generic kernel plays it.
  // (men() less promotion_men()'s capricorn and king, which are orthodox here: read per generation by
  // soundness(), so kept to two tests.)
  bool unorthodox_men() const {
    return (start_men & ~(kOrthodoxMen | men_bit(kCapricorn))) || promotion_pieces != kOrthodoxPromotions;
  }
  // Does the man of type t butt (Butting)? Castling's men excepted (the generic kernel's place).
  bool butts(PieceType t) const {
    return butting == Butting::kEveryMan || (butting == Butting::kCapricorns && t == kCapricorn);
  }
  bool same_type_paralysis() const { return paralysis == ParalysisKind::kMadrasi; }
  // The paralysed men cannot move / give no check (false without paralysis).
  bool paralysis_immobilises() const { return paralysis != ParalysisKind::kNone && paralysed_cannot_move; }
  bool paralysis_disarms() const { return paralysis != ParalysisKind::kNone && paralysed_give_no_check; }
  bool transfers() const { return transfer != TransferKind::kNone; }

  bool multi_move() const {
    return schedule.kind != ScheduleKind::kFixed || schedule.quota > 1 || schedule.white_first_quota > 1 ||
           schedule.black_quota > 1;
  }
  // The men moved in a turn are followed (rules/turn.hpp ManMemory): compositions that count a man's moves.
  bool follows_men() const { return counts_moves() || promoted_man_stays || sputniks; }
  // Each man's moves in the turn are counted (formats.md `moved=`).
  bool counts_moves() const { return moves_per_man > 0 || every_mobile_man || promoted_moves_once; }
  // Colour c's king can be checkmated: check is a rule in every regime but king capture, where
  // escape_first_move makes a check at the start of a turn binding (RULES.md swarm).
  bool checkmate_possible(Color c) const {
    return regime_of(c) != CheckRegime::kNone || colour(c).escape_first_move;
  }
  // Some rule keeps a memory of the moves of a turn (rules/turn.cpp note_move).
  bool notes_moves() const {
    return follows_men() || categories != MoveCategories::kNone || length_budget > 0 ||
           first_move == FirstMoveRule::kImitateType || first_move == FirstMoveRule::kImitateLength ||
           ends_on_capture || ends_on_attacked_arrival || schedule.kind == ScheduleKind::kCaptureStreak ||
           movement != Movement::kFree || refill_chain != RefillChain::kNone || king_over_own_pawn ||
           (colours_differ && black_rules.king_over_own_pawn);
  }
  // Some rule filters the moves beyond per-move legality (rules/turn.cpp apply_turn_rules).
  bool turn_filters() const {
    return follows_men() || categories != MoveCategories::kNone || length_budget > 0 ||
           first_move != FirstMoveRule::kFree || !pawn_double_step || !castling || any_stop() ||
           refill_chain != RefillChain::kNone;
  }
};

}  // namespace hc
