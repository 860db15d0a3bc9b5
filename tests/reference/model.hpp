// Reference generator internals: the variant settings (RULES.md §2 dimensions), the position (one extended
// FEN, docs/formats.md and the turn-spec tokens) and moves, shared by the reference's source files. Plain
// data and small helpers only; the rules live in board.cpp (one move) and turn.cpp (the turn).
#pragma once

#include <array>
#include <cctype>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace hc::reference::detail {

// ---------------------------------------------------------------------------------------------------------------
// Variant settings. Each id sets one group of dimensions; "a+b" combines disjoint groups (variant.cpp).
// ---------------------------------------------------------------------------------------------------------------

// Moves per turn (RULES.md §2 `schedule`, §3.1, §3.5; dynamic ones per the turn spec).
enum class Schedule {
  One,             // chess: 1,1,1…
  Two,             // §3.1 classical: 2,2,2…
  Balanced,        // §3.1 balanced / §3.2 Galvin: W 1,2,2… B 2,2,…
  Alternating,     // alternating-marseillais: 1 at odd fullmove, 2 at even
  TwoAgainstOne,   // §3.3 two moves against one: W 2,2,… B 1,1,…
  OneAgainstTwo,   // §3.3 monster: W 1,1,… B 2,2,…
  Progressive,     // §3.5: quota = t
  Symmetric,       // progressive-symmetric: quota = fullmove
  Fibonacci,       // fibonacci: F(t)
  Slow,            // slow-progressive: 1 + floor((t-1)/4)
  Cyclical,        // progressive-cyclical: ((t-1) mod cycle) + 1
  Three,           // threesum: at most three moves
  Unbounded,       // hurricane, sputnik: no count (the composition ends the turn)
  BankOfScotland,  // dynamic: t + own earlier checks
  Capturing,       // dynamic: previous quota + 1 after a turn with a capture, else 1
  Switchback,      // dynamic: t, or (checking turn's quota − 1) right after a turn that ended with check
  VeryScottish,    // dynamic: 1 + moves the opponent made in his previous turn
  UpToThree,       // triplets: the own-turn index n, but at most 3 (1, 2, 3, 3, …)
};
bool is_dynamic(Schedule s);

// §1.6; EndOfTurnIfChecked: §3.5 progressive-late-mate, END-OF-TURN for a side in check at the start of its
// series, OBSERVED otherwise
enum class Regime { Observed, Italian, None, EndOfTurn, EndOfTurnIfChecked };
enum class EpWhen { First, Pair, Second, None, Any };  // §1.8 ep.when; Second = citizen's pawn move only
enum class Capture { Displacement, Shoot, Explosion, Kamikaze };
// Men removed after a move (§1.9 sweeps): spite (§4.4), machine-gun (§4.1).
enum class Sweep { None, Spite, MachineGun };
// Which men butt (§1.9 BUTT, §4.3): capricorn (the rooks are capricorns, letter c), butters (every man).
enum class Butting { None, Capricorns, EveryMan };

// Which men or moves may make up a turn (RULES.md §2 `turn.composition`).
enum class Composition {
  None,
  PieceAndPawn,   // one piece move and one pawn move
  Bilateral,      // one move departing from each side of the board (files a–d / e–h)
  Central,        // one move departing from the centre c3–f6 and one from the periphery
  BlackAndWhite,  // first move from a light square, second from a dark one
  Citizen,        // a piece move, then optionally a pawn move
  Threesum,       // lengths summing to at most 3
  Sputnik,        // sputnik moves, then one normal move
  English,        // every mobile man before any man twice
  Triplets,       // §3.4: n=1 a pawn move; n=2 a piece and a pawn move; n>=3 a pawn, a piece, a king move
  PowerPawn,      // power-pawn: one orthodox move, then one pawn move (another pawn: moves_per_man = 1)
  Doublet,        // doublet: after a rook, bishop or knight move, optionally one move of another such man
};

// What wins (RULES.md §1.10 `win`) and the result of stalemate (§1.5), with the king's royalty (§1.1).
enum class Win { Checkmate, Annihilation, LoseAllMen, PromotionRace };
enum class StalemateResult { Draw, LossForStalemated, WinForStalemated };
struct GoalRules {
  bool royal_king = true;       // §1.1: false = the king is an ordinary man (no check, capturable)
  bool king_promotion = false;  // pawns may also promote to king
  Win win = Win::Checkmate;
  StalemateResult stalemate = StalemateResult::Draw;
  bool operator==(const GoalRules&) const = default;
};

// Obligations on the first move of a turn (applied after D-5, "if possible").
enum class Obligation { None, Maximummer, Equivalent, Equidistant };

struct Variant {
  // turn group
  Schedule schedule = Schedule::One;
  int cycle = 6;  // progressive-cyclical option `cycle`
  Regime regime = Regime::Observed;
  bool ends_on_check = false;      // §1.6 `ends_on: check`
  bool ends_on_capture = false;    // citizen: a capturing first move ends the turn
  bool ends_on_attacked = false;   // scottish-modern: move to an attacked square ends the turn
  EpWhen ep_when = EpWhen::First;  // §1.8 `ep.when`
  bool ep_last_move_only = false;  // marseillais-alternative: rights only from the opponent's last move
  bool ep_empty_now = false;       // §1.8 option `empty-now` (progressive-italian decision 3)
  bool complete_turn = false;      // D-5
  // §1.6 modifier (END-OF-TURN): in check at the start, the first move escapes; swarm (regime NONE): "a side
  // in check must get out of check with its first move", and only then is check a rule at all
  bool escape_first_move = false;
  bool no_king_step_into_check = false;  // §1.6 modifier (END-OF-TURN): a king move never lands in check
  bool lost_move = false;                // bilateral decision 3: the lost move replaces D-5
  bool forbid_null_turn = false;         // double-move-galvin decision 2
  bool counter_in_turns = false;         // formats.md field 5: Progressive family counts turns
  bool voluntary_stop = false;           // `stop_early: voluntary` (the move `0000`)
  bool no_double_step = false;           // logical-progressive
  bool no_castling = false;              // logical-progressive
  // The medieval men (RULES.md §3.3): fers 'f' ("moves one square diagonally") and alfil 'a' ("leaps exactly
  // two squares diagonally, over any man") may stand in a FEN; `promotions` is what a pawn may become
  // (empty: Q, R, B, N as D-2).
  bool medieval_men = false;
  std::string promotions;
  Composition composition = Composition::None;
  int moves_per_man = 0;  // 0 = free; 1 = different men; 2 = Pribylinec
  // swarm decision: "castling is the king's move (the rook, displaced by castling, still owes its own move if
  // it can make one)"; elsewhere castling is the move of both king and rook
  bool castling_counts_rook = true;
  // kazan (§3.7): "a turn = one freely chosen move, followed by a compulsory chain: whenever a square is
  // vacated by a move, a friendly man that can legally move to it (non-capturing) must do so; if several can,
  // priority P > N > B > R > Q > K"; option optional=true: "chain moves and the choice of man are optional"
  bool kazan = false;
  bool kazan_optional = false;
  Obligation obligation = Obligation::None;
  // capture group
  Capture capture = Capture::Displacement;
  bool compulsory_capture = false;  // rifle: obligations: compulsory-capture
  bool own_men = false;             // reform-tabi (§4.7): a man may also capture its own men
  bool empty_squares_only = false;  // spite, machine-gun: "every move goes to an empty square"
  Sweep sweep = Sweep::None;
  Butting butting = Butting::None;
  char rook() const { return butting == Butting::Capricorns ? 'c' : 'r'; }  // capricorn: "C for R"
  bool imitation = false;  // moss (§4.4): a man captures only by making the victim's move
  bool missiles = false;   // missile (§4.1): every man starts with one missile
  bool removal = false;    // suicide-piece-removal (§4.7): a player may remove one of his own men
  bool goliath = false;    // goliath (§4.5): a displacement capture may be followed by one shot
  bool volley = false;     // rapid-fire (§4.1): a shot removes every enemy man the shooter attacks
  bool rebirth = false;    // progressive-circe (§6): standard Circe rebirth of a captured man
  // en-passant group
  bool ep_any_man = false;  // ekstrom-en-passant (§4.5): any man attacking the passed square takes e.p.
  // paralysis group
  bool madras = false;
  // movement (§3.5 progressive-forwards): "no man may move backwards"; sideways (along the rank) only as a
  // capture or as a non-capturing move immediately followed by a forward move; men attack only in the
  // directions they may move (pawns as usual)
  bool forwards = false;
  // check group
  bool self_check = false;  // bicolour (§4.8): a king is in check when attacked by a man of either colour
  // bicolour-tylor (§4.8): "an own man checks its own king only if that king or that man has already moved"
  bool own_check_once_moved = false;
  bool promoted_once = false;  // verney option: a piece promoted by White may not be moved twice in one turn
  // archimedes (§4.1): at the start of each player's turn every enemy man attacked by two or more of his men
  // is removed, until none remains
  bool double_attack_at_turn_start = false;
  // §3.3 two moves against one: "the double-mover's check regime is END-OF-TURN …; the single-mover's is
  // OBSERVED". Where `white_own` is set, White (the double-mover here) plays the rules in `white` (its regime
  // and modifier, its turn ending on check, its voluntary stop, D-5 as the search of END-OF-TURN) and Black
  // the fields above (side_rules). How White's king checks: king-and-pawns "the White king cannot check".
  struct WhiteRules {
    Regime regime = Regime::EndOfTurn;
    bool escape_first_move = false, ends_on_check = false, voluntary_stop = false;
    bool check_only_second = false;  // verney: "White may give check only with the second move"
  };
  bool white_own = false;
  // monster: the double-mover is Black; the rules in `white` are then his (side_rules reads them for him).
  int double_mover = 0;  // WHITE
  bool check_only_last =
      false;  // the side to move's copy (side_rules): a check only by a full turn's last move
  WhiteRules white;
  bool white_king_never_checks = false;
  // king-and-pawns-gik: "the Black king is in check if White could capture it with its king in one turn, i.e.
  // it is within king-distance 2 and there is a 1- or 2-step king path whose intermediate square is empty or
  // holds a Black man"
  bool white_king_checks_in_two = false;
  // monster, imperatore (§1.3 two-move threat): "the single-mover's king is 'attacked' if the double-mover
  // could capture it within one complete turn" — by brute force in in_check: every move of the double-mover,
  // then an attack on the king.
  bool two_move_threat = false;
  // one-two (§3.3): "White pawns may not promote (a White pawn cannot move or capture onto rank 8)"; "the
  // White king may use both moves of a turn to make a two-square king journey passing over a square occupied
  // by a White pawn (… the destination must be empty or hold a Black man)".
  bool white_pawns_stop_short = false;
  bool white_king_journey = false;
  // boards group
  bool alice = false;
  // goal group
  GoalRules goal;

  // The turn-spec tokens each id uses.
  bool tracks_men() const {
    return moves_per_man > 0 || composition == Composition::English || promoted_once;
  }
  bool tracks_categories() const {
    return composition == Composition::PieceAndPawn || composition == Composition::Bilateral ||
           composition == Composition::Triplets || composition == Composition::Central ||
           composition == Composition::BlackAndWhite;
  }
};

Variant parse_variant(const std::string& id);
// The rules the side `color` plays (§3.3): v itself, or with White's own settings where v.white_own.
Variant side_rules(const Variant& v, int color);

// The schedule's value for the turn of `stm` at fullmove `full` (for dynamic schedules: the value a plain FEN
// means — t for bank-of-scotland and switchback, 1 for capturing-progressive and very-scottish).
int static_quota(const Variant& v, int stm, int full);
constexpr int kUnbounded = 1000000;  // also Fibonacci's saturation

// ---------------------------------------------------------------------------------------------------------------
// Position and moves
// ---------------------------------------------------------------------------------------------------------------

constexpr int WHITE = 0, BLACK = 1;
constexpr char EMPTY = '.';
using Board = std::array<char, 64>;  // square = rank * 8 + file, a1 = 0

// A man's place: board * 64 + square (board B = 1, Alice only).
inline int place(int board, int sq) { return board * 64 + sq; }

struct Pos {
  std::array<Board, 2> bd{};  // bd[1] (board B) is used by Alice only
  int nboards = 1;
  int stm = WHITE;
  std::array<bool, 4> castle{};  // K Q k q
  std::vector<int> ep;           // passed squares the side to move may capture e.p. in this turn (field 4)
  std::vector<int> pend;         // e.p. rights created by the side to move in this turn (`pend=`)
  int half = 0, full = 1;
  int made = 0;           // `made=`
  std::string forbid;     // `forbid=`
  bool progress = false;  // `progress=1`: this turn made a capture or pawn move (turn-counted rule)
  // turn-spec state
  int quota = 1;                // moves allowed in the turn in progress (`quota=` when not the static value)
  std::array<int, 2> checks{};  // `checks=W,B` (bank-of-scotland)
  bool captured = false;        // `capture=1` (capturing-progressive)
  std::map<int, int> moved;     // `moved=`: place -> moves made this turn by the man standing there
  std::set<int> frozen;         // `frozen=` (progressive-english: promoted this turn)
  std::vector<std::string> used;  // `used=` categories used this turn, in order
  int spent = 0;                  // `spent=` (threesum)
  char last = 0;                  // `last=` (equivalent): p n b r q k c, 0 = unknown
  int lastlen = -1;               // `lastlen=` (equidistant): squared length, -1 = unknown
  std::vector<int> sputniks;      // `sputniks=`: places of sputniks not yet moved (made >= 1)
  std::set<int> missiles;         // `missile=`: places of the men still holding their missile (missile)
  std::set<int> has_moved;        // `has-moved=`: places of the men that have moved in the game (tylor)
  std::set<int> promoted;         // `promoted=`: places of the men that arrived by promotion (verney option)
  bool forward_due = false;  // `due=forward` (progressive-forwards): the last move went sideways, no capture
  bool began_in_check = false;  // `started-in-check=1` (progressive-late-mate): this series began in check
  std::vector<int> vacated;     // `vacated=` (kazan): the squares still to refill, the one due now first
};

struct Move {
  int board = 0, from = 0, to = 0;
  char promo = 0;  // 'q','r','b','n' or 0
  bool capture = false, ep = false, castle = false, double_step = false;
  int rook_from = -1, rook_to = -1;
  bool stop = false;     // the voluntary stop `0000`
  bool fire = false;     // missile: the man on `from` fires at `to` and stays (capture is set too)
  bool removal = false;  // suicide-piece-removal: the man on `from` is removed (to == from)
  int shot = -1;         // goliath: after its capture the man on `to` shoots the man on this square
};

inline int color_of(char c) {
  return c == EMPTY ? -1 : (std::isupper(static_cast<unsigned char>(c)) ? WHITE : BLACK);
}
inline char type_of(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }
inline char make_piece(char type, int color) {
  return color == WHITE ? static_cast<char>(std::toupper(static_cast<unsigned char>(type))) : type;
}
inline int file_of(int s) { return s % 8; }
inline int rank_of(int s) { return s / 8; }
inline int sgn(int x) { return (x > 0) - (x < 0); }
std::string square_name(int s);
std::string uci(const Move& m);
// formats.md field 6: t = 2*(fullmove-1)+1 for White, +2 for Black.
inline int turn_index(int stm, int full) { return 2 * (full - 1) + 1 + stm; }

// ---------------------------------------------------------------------------------------------------------------
// One move (board.cpp): attack, check, paralysis, pseudo-legal moves, physical effects
// ---------------------------------------------------------------------------------------------------------------

bool has_king(const Pos& p, int color);
bool occupied_anywhere(const Pos& p, int s);
bool attacks(const Board& b, int from, int to);
bool imitates(const Board& b, int from, int to);
bool may_capture_on(const Variant& v, const Board& b, int from, int to);
bool square_attacked_by(const Variant& v, const Pos& p, int board, int sq, int by);
int landing_square(int passed, int owner);
int stepper_board(const Pos& p, int passed, int owner);
bool ep_capturer_exists(const Variant& v, const Pos& p, int passed, int owner);
bool pawn_attacks_passed_square(const Pos& p, int passed, int owner);
bool ep_usable(const Variant& v, const Pos& p, int passed, int owner);
bool in_check(const Variant& v, const Pos& p, int color);
// Is the series in progress played under END-OF-TURN (§1.6; progressive-late-mate: when it began in check)?
bool end_of_turn_series(const Variant& v, const Pos& p);
void archimedes_turn_start(Pos& q);
// §1.10 goals: -2 = not reached, -1 = reached with a draw, WHITE / BLACK = reached, that colour wins.
int goal_result(const Variant& v, const Pos& p);
struct CastleSpec {
  int color;
  int king_from, king_to, rook_from, rook_to;
  std::vector<int> empty, king_path;
};
const std::array<CastleSpec, 4>& castle_specs();
std::vector<Move> pseudo_moves(const Variant& v, const Pos& p);
Pos move_effects(const Variant& v, const Pos& p, const Move& m);
// Where the men a move displaces stand afterwards: (place before, place after) for each man that moved and
// survived (castling: king and rook; a Rifle shooter stays; a kamikaze or exploding capturer is gone).
std::vector<std::pair<int, int>> displaced_men(const Variant& v, const Move& m);

// ---------------------------------------------------------------------------------------------------------------
// The turn (turn.cpp)
// ---------------------------------------------------------------------------------------------------------------

struct After {
  Pos pos;
  bool gives_check = false;
  bool turn_ended = false;
};
struct Legal {
  Move move;
  After after;
};

int quota(const Variant& v, const Pos& p);
std::vector<Legal> legal_list(const Variant& v, const Pos& p);
std::uint64_t perft_pos(const Variant& v, const Pos& p, int depth);
std::uint64_t count_turns_pos(const Variant& v, const Pos& p, int max_moves);
std::string outcome_pos(const Variant& v, const Pos& p);
std::vector<int> start_sputniks(const Pos& p);

// ---------------------------------------------------------------------------------------------------------------
// Extended FEN (fen.cpp)
// ---------------------------------------------------------------------------------------------------------------

Pos parse_fen(const Variant& v, const std::string& fen);
std::string write_fen(const Variant& v, const Pos& p);

}  // namespace hc::reference::detail
