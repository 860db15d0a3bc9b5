#include "rules/game.hpp"

#include "rules/goal.hpp"
#include "rules/soundness.hpp"

#include <algorithm>

#include "notation/fen.hpp"

namespace hc {

const char* outcome_name(Outcome o) {
  switch (o) {
    case Outcome::kOngoing:
      return "unfinished";
    case Outcome::kCheckmate:
      return "checkmate";
    case Outcome::kKingCaptured:
      return "king captured";
    case Outcome::kStalemate:
      return "stalemate";
    case Outcome::kNoProgress:
      return "draw by no-progress rule";
    case Outcome::kRepetition:
      return "draw by repetition";
    case Outcome::kInsufficient:
      return "draw by insufficient material";
    case Outcome::kAllMenLost:
      return "all men lost";
    case Outcome::kPromotion:
      return "pawn reached the last rank";
    case Outcome::kNoPawns:
      return "draw: no pawns left";
  }
  return "?";
}

std::string GameResult::result_tag() const {
  if (outcome == Outcome::kOngoing) return "*";
  if (!winner) return "1/2-1/2";
  return *winner == kWhite ? "1-0" : "0-1";
}

namespace {

// D-7: dead positions, only where everything is orthodox and a turn is one move; bare kings in any check
// regime.
bool insufficient_material(const Position& pos) {
  const Rules& r = pos.rules();
  if (r.regime == CheckRegime::kNone) return false;
  int men = 0, minors = 0;
  Bitboard bishops = 0;
  for (int b = 0; b < pos.boards(); ++b) {
    men += popcount(pos.occupied(b));
    minors += popcount(pos.pieces(b, kKnight) | pos.pieces(b, kBishop));
    bishops |= pos.pieces(b, kBishop);
  }
  if (men == 2) return true;
  if (!pos.sound().dead_position) return false;
  if (men == 3 && minors == 1) return true;
  constexpr Bitboard kDark = 0xAA55AA55AA55AA55ULL;
  if (men == minors + 2 && bishops && popcount(bishops) == minors &&
      (!(bishops & kDark) || !(bishops & ~kDark)))
    return true;
  return false;
}

}  // namespace

GameResult evaluate(Position& pos) {
  GameResult res;
  const Color us = pos.side();
  if (pos.rules().goal != Goal::kCheckmate) {  // RULES.md §1.10: the goal is read first, whoever is to move
    const GoalReached g = goal_reached(pos);
    if (g.reached) {
      res.winner = g.winner;
      res.outcome = pos.rules().goal != Goal::kPromotionRace ? Outcome::kAllMenLost
                    : g.winner                               ? Outcome::kPromotion
                                                             : Outcome::kNoPawns;
      return res;
    }
  }
  if (const std::optional<Color> loser = royal_king_lost(pos)) {
    res.outcome = Outcome::kKingCaptured;
    res.winner = ~*loser;
    return res;
  }
  MoveList list;
  pos.ops().legal_moves(pos, list);
  if (list.empty()) {
    // §1.5: mate = in check at the start of the turn with no legal first move (Italian: none that avoids
    // giving check); otherwise the side cannot make its turn: stalemate (D-5, progressive stalemate).
    bool mated = false;
    if (end_of_turn_now(pos)) {
      // END-OF-TURN: in check at the start and no complete legal turn ends with the king safe (the legal
      // moves are those after which the turn can be completed).
      mated = pos.state().made == 0 && in_check(pos);
    } else if (pos.rules().checkmate_possible(us) && pos.state().made == 0 && in_check(pos)) {
      MoveList first;  // every rule applies (Italian check, the turn's composition) but D-5
      moves_without_completion(pos, first);
      mated = first.empty();
    }
    res.outcome = mated ? Outcome::kCheckmate : Outcome::kStalemate;
    if (mated) res.winner = ~us;
    if (!mated && pos.rules().stalemate != StalemateResult::kDraw)  // §1.5: the result is per variant
      res.winner = pos.rules().stalemate == StalemateResult::kWin ? us : ~us;
    return res;
  }
  const TurnState& st = pos.state();
  const Rules& r = pos.rules();
  if (st.made == 0) {
    if (st.no_progress >= r.progress_limit) {  // in the variant's unit: moves (D-4) or turns (Progressive)
      res.outcome = Outcome::kNoProgress;
      return res;
    }
  }
  if (insufficient_material(pos)) res.outcome = Outcome::kInsufficient;
  return res;
}

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  return pos.ops().perft(pos, depth);
}

std::uint64_t perft_turns(Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList list;
  pos.ops().legal_moves(pos, list);
  std::uint64_t n = 0;
  Undo u;
  for (Move m : list) {
    pos.ops().make(pos, m, u);
    n += u.turn_ended ? perft_turns(pos, depth - 1) : perft_turns(pos, depth);
    pos.undo(u);
  }
  return n;
}

namespace {
void enumerate_turns(Position& pos, std::vector<Move>& prefix,
                     const std::function<void(const std::vector<Move>&)>& visit, std::uint64_t limit,
                     std::uint64_t& found) {
  MoveList list;
  pos.ops().legal_moves(pos, list);
  Undo u;
  for (Move m : list) {
    if (found >= limit) return;
    pos.ops().make(pos, m, u);
    prefix.push_back(m);
    if (u.turn_ended) {
      ++found;
      if (visit) visit(prefix);
    } else {
      enumerate_turns(pos, prefix, visit, limit, found);
    }
    prefix.pop_back();
    pos.undo(u);
  }
}
}  // namespace

std::uint64_t for_each_turn(Position& pos, const std::function<void(const std::vector<Move>&)>& visit,
                            std::uint64_t limit) {
  std::vector<Move> prefix;
  std::uint64_t found = 0;
  enumerate_turns(pos, prefix, visit, limit, found);
  return found;
}

GameRecord::GameRecord(const Variant& v) : variant_(v) { set_fen(v.start_fen); }

void GameRecord::set_fen(const std::string& fen) {
  hc::set_fen(pos_, variant_, fen);
  start_fen_ = to_fen(pos_);
  moves_.clear();
  turn_start_keys_.assign(1, pos_.key());
}

void GameRecord::play(Move m) {
  Undo u;
  pos_.ops().make(pos_, m, u);
  moves_.push_back(m);
  if (u.turn_ended) turn_start_keys_.push_back(pos_.key());
}

GameResult GameRecord::result() {
  GameResult r = evaluate(pos_);
  if (r.outcome != Outcome::kOngoing || pos_.state().made) return r;
  // D-3: the state at the start of a turn occurring for the third time.
  if (std::count(turn_start_keys_.begin(), turn_start_keys_.end(), pos_.key()) >= 3)
    r.outcome = Outcome::kRepetition;
  return r;
}

}  // namespace hc
