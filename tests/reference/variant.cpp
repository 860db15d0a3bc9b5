// Variant ids (RULES.md §3–§5 entries) as settings of the §2 dimensions, and the static schedules.
#include <algorithm>
#include <stdexcept>

#include "model.hpp"

namespace hc::reference::detail {
namespace {

// §3.1 family defaults: ends_on check, ep.when marseillais-pair, D-5 (classical schedule set by the caller).
void marseillais_family(Variant& v, Schedule s) {
  v.schedule = s;
  v.ends_on_check = true;
  v.ep_when = EpWhen::Pair;
  v.complete_turn = true;
}

// §3.1 Boyer's zone/colour/category games: the lost move replaces D-5 (bilateral decision 3, turn spec).
void lost_move_family(Variant& v, Composition c) {
  marseillais_family(v, Schedule::Two);
  v.complete_turn = false;
  v.lost_move = true;
  v.composition = c;
}

// §3.5 family defaults (Scottish): progressive schedule, ends_on check, OBSERVED, ep first move only,
// progressive stalemate (no D-5), no-progress counted in turns.
void progressive_family(Variant& v, Schedule s) {
  v.schedule = s;
  v.ends_on_check = true;
  v.counter_in_turns = true;
}

// §3.5 progressive-italian: ITALIAN regime, AISE e.p. (passed square empty at the moment of capture).
void italian(Variant& v) {
  v.regime = Regime::Italian;
  v.ep_empty_now = true;
}

// One id of the turn group; false if `p` is not one.
bool set_turn_id(Variant& v, const std::string& p) {
  if (p == "marseillais") {  // §3.1
    marseillais_family(v, Schedule::Two);
  } else if (p == "balanced-marseillais") {  // §3.1
    marseillais_family(v, Schedule::Balanced);
  } else if (p == "marseillais-alternative") {  // §3.1: ITALIAN at quota 2; e.p. only from the last move
    marseillais_family(v, Schedule::Two);
    v.regime = Regime::Italian;
    v.ep_when = EpWhen::First;
    v.ep_last_move_only = true;
  } else if (p == "alternating-marseillais") {  // §3.1: W1 B1 W2 B2 …
    marseillais_family(v, Schedule::Alternating);
  } else if (p == "different-men-marseillais") {  // §3.1: the two moves by different men
    marseillais_family(v, Schedule::Two);
    v.moves_per_man = 1;
  } else if (p == "piece-and-pawn-marseillais") {  // §3.1: one piece and one pawn move; e.p. first move only
    lost_move_family(v, Composition::PieceAndPawn);
    v.ep_when = EpWhen::First;
  } else if (p == "bilateral-marseillais") {  // §3.1
    lost_move_family(v, Composition::Bilateral);
  } else if (p == "central-marseillais") {  // §3.1
    lost_move_family(v, Composition::Central);
  } else if (p == "black-and-white-marseillais") {  // §3.1
    lost_move_family(v, Composition::BlackAndWhite);
  } else if (p == "maximummer-marseillais") {  // §3.1: longest first move; second by another man
    marseillais_family(v, Schedule::Two);
    v.obligation = Obligation::Maximummer;
    v.moves_per_man = 1;
  } else if (p == "equivalent-marseillais") {  // §3.1: imitate the type of the last move; another man
    marseillais_family(v, Schedule::Two);
    v.obligation = Obligation::Equivalent;
    v.moves_per_man = 1;
  } else if (p == "equidistant-marseillais") {  // §3.1: imitate the length of the last move; another man
    marseillais_family(v, Schedule::Two);
    v.obligation = Obligation::Equidistant;
    v.moves_per_man = 1;
  } else if (p == "balanced-equidistant-marseillais") {  // §3.1: balanced schedule, no different-man rule
    marseillais_family(v, Schedule::Balanced);
    v.obligation = Obligation::Equidistant;
  } else if (p == "double-trouble") {  // §3.3: "White may not give check with his first move (illegal); if in
    // check White must escape with the first move. White: OBSERVED." Black moves once a turn, so ITALIAN
    // (check only by the last move of a full turn) says exactly that for both sides. D-5 for White's fixed
    // quota of two.
    v.schedule = Schedule::TwoAgainstOne;
    v.regime = Regime::Italian;
    v.complete_turn = true;
  } else if (p == "king-and-pawns" || p == "king-and-pawns-medieval" || p == "king-and-pawns-gik" ||
             p == "king-and-pawns-verney") {  // §3.3
    // "schedule: W: 2,2,2,… (may stop after one: stop_early: voluntary for White); B: 1,1,1,…"; the family
    // note: "the double-mover's check regime is END-OF-TURN with escape_first_move where stated; the
    // single-mover's is OBSERVED"; version A: "if White starts his turn in check he must escape with the
    // first move"; decision 2: "a White first move that gives check ends White's turn"; "the White king
    // cannot check the Black king".
    v.schedule = Schedule::TwoAgainstOne;
    v.regime = Regime::Observed;  // Black
    v.white_own = true;
    v.white.regime = Regime::EndOfTurn;
    v.white.escape_first_move = true;
    v.white.ends_on_check = true;
    v.white.voluntary_stop = true;
    v.white_king_never_checks = true;
    if (p == "king-and-pawns-gik") {
      // "the White king gives check: the Black king is in check if White could capture it with its king in
      // one turn"; "White escapes a check with the second move (version B) — the example needs it"; and
      // §9.23's 3 Kd6 (a first move that checks e8 through d7) is followed by Kxc7: the check does not end
      // the turn.
      v.white_king_never_checks = false;
      v.white_king_checks_in_two = true;
      v.white.escape_first_move = false;
      v.white.ends_on_check = false;
    }
    if (p == "king-and-pawns-verney") {
      // "White may give check only with the second move of his turn (a first-move check is illegal)"; "if
      // White is in check he must escape with the first move (and that escape may not give check)"
      v.white.check_only_second = true;
    }
    if (p == "king-and-pawns-medieval") {  // "as king-and-pawns but … fers … alfil"; "no castling, no pawn
      // two-step (hence no e.p.), promotion to fers only"
      v.medieval_men = true;
      v.no_castling = true;
      v.no_double_step = true;
      v.promotions = "f";
    }
  } else if (p == "monster" || p == "imperatore" || p == "one-two") {  // §3.3
    // monster: "schedule: W: 1,1,… B: 2,2,… (the weaker side moves twice)"; "Black (double-mover):
    // END-OF-TURN — his king may stay in check or step into check with the first move; it must be safe (not
    // orthodox-attacked by White) after the second move"; "White (single-mover): OBSERVED with the two-move
    // threat". imperatore: "monster with colours reversed"; "White (the double-mover) moves first, with two
    // moves". D-5 for the double-mover's fixed quota of two (the END-OF-TURN search). E.p. decision 3: the
    // first move only, White's single move takes either two-step of Black's previous turn (§2 defaults).
    v.double_mover = p == "monster" ? BLACK : WHITE;
    v.schedule = p == "monster" ? Schedule::OneAgainstTwo : Schedule::TwoAgainstOne;
    v.regime = Regime::Observed;  // the single-mover
    v.white_own = true;           // the double-mover's own rules
    v.white.regime = Regime::EndOfTurn;
    v.complete_turn = true;
    v.two_move_threat = true;
    // one-two: "as imperatore plus: White pawns may not promote …; the White king may use both moves of a
    // turn to make a two-square king journey passing over a square occupied by a White pawn"
    v.white_pawns_stop_short = v.white_king_journey = p == "one-two";
  } else if (p == "citizen") {  // §3.1: piece move, then optionally a pawn move
    v.schedule = Schedule::Two;
    v.ends_on_check = true;
    v.ends_on_capture = true;
    v.ep_when = EpWhen::Second;
    v.composition = Composition::Citizen;
    v.voluntary_stop = true;
  } else if (p == "power-pawn") {  // §3.1: "one orthodox move followed by one pawn move"
    v.schedule = Schedule::Two;
    v.composition = Composition::PowerPawn;
    v.moves_per_man = 1;  // "the extra move must be made by a different pawn"
    v.lost_move = true;   // "if no legal extra pawn move exists, the turn consists of the orthodox move"
    v.regime = Regime::EndOfTurn;  // "the mover's king must be safe after the pawn move"
    v.ep_when = EpWhen::Pair;      // §3.1 family default
  } else if (p == "doublet") {  // §3.1: "1 move per turn; if that move is made by a rook, bishop or knight,
    // the player may also move its twin"
    v.schedule = Schedule::Two;
    v.composition = Composition::Doublet;
    v.moves_per_man = 1;  // decision 1: "any one other man of that type"
    v.voluntary_stop = true;
    v.regime = Regime::EndOfTurn;  // "a K is not in check until both moves are made"
    v.complete_turn = true;        // END-OF-TURN: a first move must begin a turn that ends with the king safe
  } else if (p == "triplets" || p == "triplets-gardner") {  // §3.4
    v.schedule = Schedule::UpToThree;
    v.composition = Composition::Triplets;
    v.regime = Regime::EndOfTurn;  // "the three moves count as one"
    v.ep_when = EpWhen::Any;       // "at any stage of the turn"
    if (p == "triplets") {
      v.complete_turn = true;  // "a side that cannot complete its required turn loses"
      v.goal.stalemate = StalemateResult::LossForStalemated;
    } else {
      v.lost_move = true;  // Gardner: "a component that cannot be played is skipped"; stalemate a draw
    }
  } else if (p == "threesum") {  // §3.4
    v.schedule = Schedule::Three;
    v.ends_on_check = true;
    v.composition = Composition::Threesum;
    v.moves_per_man = 1;
    v.voluntary_stop = true;
  } else if (p == "hurricane") {  // §3.7
    v.schedule = Schedule::Unbounded;
    v.ends_on_check = true;
    v.moves_per_man = 1;
    v.voluntary_stop = true;
  } else if (p == "swarm") {  // §3.7
    v.schedule = Schedule::Unbounded;
    v.moves_per_man = 1;             // "every man that can move must move, exactly once, in any order"
    v.castling_counts_rook = false;  // decision: the castled rook still owes its own move
    v.lost_move = true;              // "the turn ends when every remaining man ... has no legal move"
    v.regime = Regime::None;         // "the opposing king may be captured"
    v.escape_first_move = true;
  } else if (p == "kazan") {  // §3.7
    v.schedule = Schedule::Unbounded;
    v.moves_per_man = 1;           // "no man moves more than once in the turn"
    v.kazan = true;                // the chain ends the turn (turn.cpp)
    v.regime = Regime::EndOfTurn;  // "the whole chain is one turn, the mover's king must be safe at its end"
    v.complete_turn = true;        // "a first move whose forced chain ends with the king exposed is illegal"
  } else if (p == "battle-ratushny" || p == "omni-chess") {  // §3.6
    v.schedule = Schedule::Unbounded;  // "any number (>= 1) of moves, each by a different man"
    v.moves_per_man = 1;
    v.voluntary_stop = true;
    v.regime = Regime::EndOfTurn;  // "mover's king safe at the end of the turn"
    v.complete_turn = true;        // a move is legal only if it begins such a turn
    v.ep_when = EpWhen::Any;
    v.escape_first_move = p == "omni-chess";  // "a side in check must remove the check with the first move"
  } else if (p == "sputnik") {                // §3.7
    v.schedule = Schedule::Unbounded;
    v.ends_on_check = true;
    v.composition = Composition::Sputnik;
    v.voluntary_stop = true;
  } else if (p == "double-move-galvin") {  // §3.2
    v.schedule = Schedule::Balanced;
    v.regime = Regime::None;
    v.ep_when = EpWhen::Pair;
    v.complete_turn = true;
    v.forbid_null_turn = true;
  } else if (p == "progressive") {  // §3.5
    progressive_family(v, Schedule::Progressive);
  } else if (p == "progressive-italian") {  // §3.5
    progressive_family(v, Schedule::Progressive);
    italian(v);
  } else if (p == "progressive-symmetric") {  // §3.5: W1 B1 W2 B2 …
    progressive_family(v, Schedule::Symmetric);
  } else if (p == "fibonacci") {  // §3.5
    progressive_family(v, Schedule::Fibonacci);
  } else if (p == "slow-progressive") {  // §3.5: as progressive-italian, quota 1 + floor((t-1)/4)
    progressive_family(v, Schedule::Slow);
    italian(v);
  } else if (p == "progressive-cyclical") {  // §3.5: progressive-italian rules, cyclic quota
    progressive_family(v, Schedule::Cyclical);
    italian(v);
  } else if (p == "scottish-modern" || p == "bank-of-scotland-modern") {  // §3.5: + move to attacked square
    progressive_family(v, p == "scottish-modern" ? Schedule::Progressive : Schedule::BankOfScotland);
    v.ends_on_attacked = true;
    if (p == "scottish-modern") v.ep_when = EpWhen::None;  // bank-of-scotland-modern keeps the family's e.p.
  } else if (p == "bank-of-scotland") {                    // §3.5
    progressive_family(v, Schedule::BankOfScotland);
  } else if (p == "very-scottish") {  // §3.5
    progressive_family(v, Schedule::VeryScottish);
    v.voluntary_stop = true;
  } else if (p == "capturing-progressive") {  // §3.5
    progressive_family(v, Schedule::Capturing);
  } else if (p == "switchback") {  // §3.5: as progressive-italian
    progressive_family(v, Schedule::Switchback);
    italian(v);
  } else if (p == "progressive-forwards") {  // §3.5: as progressive-italian plus the direction rule
    progressive_family(v, Schedule::Progressive);
    italian(v);
    v.forwards = true;
    v.no_castling = true;
    v.goal.stalemate = StalemateResult::WinForStalemated;  // "a stalemated side … wins"
  } else if (p == "progressive-late-mate") {               // §3.5: checkmate only at the end of the series
    progressive_family(v, Schedule::Progressive);
    v.regime = Regime::EndOfTurnIfChecked;  // giving check still ends the series (family default)
  } else if (p == "logical-progressive") {  // §3.5: no pawn two-step, no castling
    progressive_family(v, Schedule::Progressive);
    v.no_double_step = true;
    v.no_castling = true;
  } else if (p == "progressive-pribylinec") {  // §3.5: no man more than twice per series
    progressive_family(v, Schedule::Progressive);
    v.moves_per_man = 2;
  } else if (p == "progressive-take-all") {  // §3.5: kings not royal, capture all the opponent's men
    progressive_family(v, Schedule::Progressive);
    v.ends_on_check = false;  // "no check ends the series"
    v.regime = Regime::None;
    v.goal.royal_king = false;
    v.goal.king_promotion = true;  // "pawns may also promote to king"
    v.goal.win = Win::Annihilation;
  } else if (p == "marseillais-losing") {  // §3.1: Marseillais 2/2 combined with Losing Chess
    marseillais_family(v, Schedule::Two);
    v.ends_on_check = false;  // no check
    // "if after the first move the mover has no legal second move, the turn simply ends"
    v.complete_turn = false;
    v.lost_move = true;
    v.regime = Regime::None;
    v.compulsory_capture = true;  // "capture compulsory on each atomic move"
    v.goal.royal_king = false;
    v.goal.king_promotion = true;
    v.goal.win = Win::LoseAllMen;  // "a player who has lost all his men ... wins"
    // "... or who cannot move at the start of his turn"
    v.goal.stalemate = StalemateResult::WinForStalemated;
  } else if (p == "progressive-english") {  // §3.5: every mobile man before any man twice; no e.p.
    progressive_family(v, Schedule::Progressive);
    v.composition = Composition::English;
    v.ep_when = EpWhen::None;
  } else {
    return false;
  }
  return true;
}

// "name" or "name:key=value" (only progressive-cyclical has an option: cycle, even, 2..64).
void read_options(Variant& v, const std::string& name, const std::string& options, const std::string& id) {
  if (options.empty()) return;
  if (name == "triplets" || name == "triplets-gardner" || name == "battle-ratushny" || name == "omni-chess") {
    // §3.4 decision 1 and §1.6's other modifier; omni-chess's `omni.original=true` is escape-first-move=false
    for (const char* value : {"true", "false"})
      for (const std::string& key :
           {std::string("no-king-step-into-check="), std::string("escape-first-move=")})
        if (options == key + value) {
          (key[0] == 'n' ? v.no_king_step_into_check : v.escape_first_move) = value[0] == 't';
          return;
        }
    throw std::invalid_argument("unknown option '" + options + "' of " + name + " in " + id);
  }
  if (name == "king-and-pawns-verney") {  // "option verney.no_promoted_double=true"
    if (options == "no-promoted-double=true" || options == "no-promoted-double=false") {
      v.promoted_once = options == "no-promoted-double=true";
      return;
    }
    throw std::invalid_argument("unknown option '" + options + "' of " + name + " in " + id);
  }
  if (name == "kazan") {  // "Option kazan.optional=true: chain moves and the choice of man are optional"
    if (options == "optional=true" || options == "optional=false") {
      v.kazan_optional = options == "optional=true";
      v.voluntary_stop = v.kazan_optional;  // declining a chain move ends the turn
      return;
    }
    throw std::invalid_argument("unknown option '" + options + "' of " + name + " in " + id);
  }
  if (name.rfind("king-and-pawns", 0) == 0) {  // §3.3 version A / B of White's escape (the double-mover's)
    if (options == "escape-first-move=true" || options == "escape-first-move=false") {
      v.white.escape_first_move = options == "escape-first-move=true";
      return;
    }
    throw std::invalid_argument("unknown option '" + options + "' of " + name + " in " + id);
  }
  if (name != "progressive-cyclical" || options.rfind("cycle=", 0) != 0)
    throw std::invalid_argument("unknown option '" + options + "' of " + name + " in " + id);
  const std::string n = options.substr(6);
  if (n.empty() || n.size() > 2 || n.find_first_not_of("0123456789") != std::string::npos)
    throw std::invalid_argument("bad cycle in " + id);
  v.cycle = std::stoi(n);
  if (v.cycle < 2 || v.cycle > 64 || v.cycle % 2)
    throw std::invalid_argument("cycle must be even, 2..64: " + id);
}

}  // namespace

bool is_dynamic(Schedule s) {
  return s == Schedule::BankOfScotland || s == Schedule::Capturing || s == Schedule::Switchback ||
         s == Schedule::VeryScottish;
}

Variant parse_variant(const std::string& id) {
  Variant v;
  std::vector<std::string> parts;
  std::string cur;
  for (char c : id + "+") {
    if (c != '+') {
      cur += c;
      continue;
    }
    if (cur.empty()) throw std::invalid_argument("bad variant id: " + id);
    if (cur == "progressive-kamikaze") {  // §4.5 alias: kamikaze capture with the Scottish progressive rules
      parts.push_back("progressive");
      parts.push_back("kamikaze");
    } else if (cur == "bicapture") {  // §4.8: "bicolour (its original rules and array) plus capture of one's
                                      // own men"
      parts.push_back("bicolour");
      parts.push_back("reform-tabi");
    } else {
      parts.push_back(cur);
    }
    cur.clear();
  }
  bool turn_set = false, capture_set = false, paralysis_set = false, boards_set = false, ep_set = false,
       check_set = false;
  auto claim = [&](bool& flag, const std::string& what) {
    if (flag) throw std::invalid_argument("variant composition sets the " + what + " twice: " + id);
    flag = true;
  };
  for (const std::string& part : parts) {
    const std::size_t colon = part.find(':');
    const std::string p = part.substr(0, colon);
    const std::string options = colon == std::string::npos ? "" : part.substr(colon + 1);
    if (colon != std::string::npos && options.empty()) throw std::invalid_argument("bad variant id: " + id);
    if (p == "chess") {
    } else if (Variant t; set_turn_id(t, p)) {
      claim(turn_set, "schedule");
      t.capture = v.capture;
      t.compulsory_capture = t.compulsory_capture || v.compulsory_capture;
      if (t.goal == GoalRules{}) t.goal = v.goal;
      t.own_men = v.own_men;
      t.empty_squares_only = v.empty_squares_only;
      t.sweep = v.sweep;
      t.butting = v.butting;
      t.imitation = v.imitation;
      t.self_check = v.self_check;
      t.own_check_once_moved = v.own_check_once_moved;
      t.double_attack_at_turn_start = v.double_attack_at_turn_start;
      t.missiles = v.missiles;
      t.removal = v.removal;
      t.goliath = v.goliath;
      t.volley = v.volley;
      t.rebirth = v.rebirth;
      t.ep_any_man = v.ep_any_man;
      t.madras = v.madras;
      t.alice = v.alice;
      t.medieval_men = t.medieval_men || v.medieval_men;  // king-and-pawns-medieval sets its own
      if (t.promotions.empty()) t.promotions = v.promotions;
      t.no_castling = t.no_castling || v.no_castling;
      t.no_double_step = t.no_double_step || v.no_double_step;
      v = t;
    } else if (p == "atomic") {  // §4.3
      claim(capture_set, "capture rule");
      v.capture = Capture::Explosion;
    } else if (p == "rifle") {  // §4.1
      claim(capture_set, "capture rule");
      v.capture = Capture::Shoot;
      v.compulsory_capture = true;
    } else if (p == "kamikaze") {  // §4.5
      claim(capture_set, "capture rule");
      v.capture = Capture::Kamikaze;
    } else if (p == "reform-tabi") {  // §4.7: a man may also capture its own men
      claim(capture_set, "capture rule");
      v.own_men = true;
    } else if (p == "moss") {  // §4.4: capture by imitation; check = an enemy man adjacent to the king
      claim(capture_set, "capture rule");
      v.imitation = true;
    } else if (p == "bicolour") {  // §4.8: "a king is in check when attacked by any man of either colour"
      claim(check_set, "check");
      v.self_check = true;
      v.no_castling = true;                                        // "no castling"
    } else if (p == "bicolour-tylor" || p == "bicolour-ridley") {  // §4.8
      claim(check_set, "check");
      v.self_check = true;  // "bicolour rules on the orthodox array"
      // "an own man checks its own king only if that king or that man has already moved in the game"
      v.own_check_once_moved = true;
      v.no_castling = p == "bicolour-tylor";  // tylor: "castling not allowed"; ridley: "castling permitted"
    } else if (p == "archimedes") {           // §4.1
      claim(capture_set, "capture rule");
      claim(ep_set, "en passant");
      v.empty_squares_only = true;  // "no displacement capture; moves go to empty squares only"
      v.double_attack_at_turn_start = true;
      v.regime = Regime::None;    // "object: remove the enemy king. No check"
      v.ep_when = EpWhen::None;   // "No e.p."
    } else if (p == "missile") {  // §4.1: every man starts with one missile
      claim(capture_set, "capture rule");
      v.missiles = true;
    } else if (p == "suicide-piece-removal") {  // §4.7: a player may remove one of his own men
      claim(capture_set, "capture rule");
      v.removal = true;
    } else if (p == "goliath") {  // §4.5: a capture may be followed by one shot without moving
      claim(capture_set, "capture rule");
      v.goliath = true;
    } else if (p == "rapid-fire") {  // §4.1
      claim(capture_set, "capture rule");
      v.capture = Capture::Shoot;  // "capture by shooting (shooter stays), not compulsory"
      v.volley = true;             // "a shooting move removes every enemy man the shooter attacks"
      v.regime = Regime::None;     // "Kings are not royal (check.regime: none)"
      v.goal.royal_king = false;
      v.goal.win = Win::Annihilation;        // "object: annihilation"
      v.ep_when = EpWhen::None;              // "No e.p."
    } else if (p == "ekstrom-en-passant") {  // §4.5: any man attacking the passed square takes e.p.
      claim(ep_set, "en passant");
      v.ep_any_man = true;
    } else if (p == "kamikaze-promotion-race") {  // §4.5 "no checks" version
      claim(capture_set, "capture rule");
      v.capture = Capture::Kamikaze;
      v.regime = Regime::None;
      v.goal.royal_king = false;  // "a king may capture, dying in the act"
      v.goal.win = Win::PromotionRace;
    } else if (p == "spite") {  // §4.4
      claim(capture_set, "capture rule");
      v.empty_squares_only = true;  // "no displacement capture; every move goes to an empty square"
      v.sweep = Sweep::Spite;
      v.regime = Regime::None;  // "no check or mate; the object is to capture the king"
    } else if (p == "machine-gun" || p == "progressive-machine-gun") {  // §4.1
      claim(capture_set, "capture rule");
      if (p == "progressive-machine-gun") {  // "machine-gun rules with the progressive schedule"
        claim(turn_set, "schedule");
        progressive_family(v, Schedule::Progressive);
        v.ends_on_check = false;  // "no check"
        v.lost_move =
            true;  // "a series ends early only when the mover has no legal move (then the turn passes)"
      }
      v.empty_squares_only = true;  // "moves go to empty squares only (no displacement capture)"
      v.sweep = Sweep::MachineGun;
      v.regime = Regime::None;  // "kings: ordinary men (no check)"
      v.goal.royal_king = false;
      v.goal.win = Win::Annihilation;       // "the side with no men left loses"
    } else if (p == "progressive-circe") {  // §6: "Progressive schedule + standard Circe rebirth"
      claim(turn_set, "schedule");
      claim(capture_set, "capture rule");
      progressive_family(v, Schedule::Progressive);
      v.rebirth = true;
    } else if (p == "capricorn" || p == "poloschach") {  // §4.3 (poloschach: "identical to capricorn")
      claim(capture_set, "capture rule");
      v.butting = Butting::Capricorns;
    } else if (p == "butters") {  // §4.3: "every man captures only by butting ... no displacement"
      claim(capture_set, "capture rule");
      v.empty_squares_only = true;
      v.butting = Butting::EveryMan;
    } else if (p == "madras") {  // §4.6
      claim(paralysis_set, "paralysis");
      v.madras = true;
    } else if (p == "medieval-men") {
      // A test id, not of RULES.md (tests/data/variants/medieval.toml): orthodox chess with the medieval men
      // of §3.3 king-and-pawns-medieval — fers and alfil in the array —, and that id's "no castling, no pawn
      // two-step (hence no e.p.), promotion to fers only".
      v.medieval_men = true;
      v.no_castling = true;
      v.no_double_step = true;
      v.promotions = "f";
    } else if (p == "alice") {  // §5.1
      claim(boards_set, "boards");
      v.alice = true;
    } else {
      throw std::invalid_argument("unknown variant id: " + p);
    }
    read_options(v, p, options, id);
  }
  return v;
}

namespace {
// Fibonacci numbers F(1) = F(2) = 1, saturating at kUnbounded (turn spec).
int fibonacci(int t) {
  long a = 1, b = 1;
  for (int i = 3; i <= t && b < kUnbounded; ++i) {
    long c = a + b;
    a = b;
    b = c;
  }
  return static_cast<int>(std::min<long>(b, kUnbounded));
}
}  // namespace

Variant side_rules(const Variant& v, int color) {
  if (!v.white_own || color != v.double_mover) return v;
  Variant w = v;
  w.regime = v.white.regime;
  w.escape_first_move = v.white.escape_first_move;
  w.ends_on_check = v.white.ends_on_check;
  w.voluntary_stop = v.white.voluntary_stop;
  w.check_only_last = v.white.check_only_second;
  // §1.6 END-OF-TURN: a move is legal only if it begins some legal complete turn (the D-5 search, whose
  // leaves are turns that end with the king safe; the stop is one where allowed).
  w.complete_turn = w.complete_turn || w.regime == Regime::EndOfTurn;
  return w;
}

int static_quota(const Variant& v, int stm, int full) {
  const int t = turn_index(stm, full);
  switch (v.schedule) {
    case Schedule::One:
      return 1;
    case Schedule::Two:
      return 2;  // §3.1 classical 2,2,2…
    case Schedule::Balanced:
      return (stm == WHITE && full == 1) ? 1 : 2;  // §3.1 balanced / §3.2 Galvin: W 1,2,2…
    case Schedule::Alternating:
      return full % 2 ? 1 : 2;  // alternating-marseillais: W1 B1 W2 B2 …
    case Schedule::TwoAgainstOne:
      return stm == WHITE ? 2 : 1;
    case Schedule::OneAgainstTwo:
      return stm == WHITE ? 1 : 2;
    case Schedule::Progressive:
    case Schedule::BankOfScotland:
    case Schedule::Switchback:
      return std::min(t, kUnbounded);  // §3.5 quota = t
    case Schedule::Symmetric:
      return std::min(full, kUnbounded);  // progressive-symmetric: W1 B1 W2 B2 …
    case Schedule::Fibonacci:
      return fibonacci(t);
    case Schedule::Slow:
      return 1 + (t - 1) / 4;
    case Schedule::Cyclical:
      return (t - 1) % v.cycle + 1;
    case Schedule::Three:
      return 3;
    case Schedule::Unbounded:
      return kUnbounded;
    case Schedule::UpToThree:
      return std::min(full, 3);
    case Schedule::Capturing:
    case Schedule::VeryScottish:
      return 1;
  }
  return 1;
}

}  // namespace hc::reference::detail
