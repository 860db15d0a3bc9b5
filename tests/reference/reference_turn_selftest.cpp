// Self-test of the reference generator's turn layer (issue 10): the 28 turn-layer ids of RULES.md §3 with the
// coordinator's turn spec, on small positions counted by hand (each count is explained next to it), the §9.12
// English Progressive legality examples, the schedules, count_turns and the extended-FEN tokens.
#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

#include "reference.hpp"

namespace ref = hc::reference;

namespace {

const std::string START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// White Ra1 Ke1, Black Ke8: the small position most counts below use.
const std::string RK = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
const std::set<std::string> KING_E1 = {"e1d1", "e1d2", "e1e2", "e1f1", "e1f2"};

std::set<std::string> moves(const std::string& variant, const std::string& fen) {
  auto v = ref::legal_moves(variant, fen);
  return {v.begin(), v.end()};
}

std::string replay(const std::string& variant, std::string fen, const std::vector<std::string>& line) {
  for (const std::string& m : line) {
    if (!moves(variant, fen).count(m)) {
      ADD_FAILURE() << variant << ": " << m << " not legal in " << fen;
      return fen;
    }
    fen = ref::play(variant, fen, m);
  }
  return fen;
}

std::string side_to_move(const std::string& fen) { return fen.substr(fen.find(' ') + 1, 1); }

// The moves of the side to move's turn in progress, by playing the first legal move (other than the stop)
// until the side changes. Used with bare kings, which can never give check, so the quota alone ends the turn.
int turn_length(const std::string& variant, std::string fen) {
  const std::string side = side_to_move(fen);
  int n = 0;
  while (side_to_move(fen) == side && n < 100) {
    auto list = ref::legal_moves(variant, fen);
    std::erase(list, "0000");
    if (list.empty()) return -1;
    fen = ref::play(variant, fen, *std::min_element(list.begin(), list.end()));
    ++n;
  }
  return n;
}

// Bare kings far apart, White to move at fullmove n (side "b": Black to move).
std::string kings(int fullmove, const std::string& side = "w", const std::string& extra = "") {
  return "8/8/8/3k4/8/8/8/3K4 " + side + " - - 0 " + std::to_string(fullmove) + extra;
}

}  // namespace

// ------------------------------------------------------------------------------------------------ schedules

TEST(ReferenceSchedules, StaticQuotasPerTurn) {
  // alternating-marseillais W1 B1 W2 B2 W1 …
  EXPECT_EQ(turn_length("alternating-marseillais", kings(1)), 1);
  EXPECT_EQ(turn_length("alternating-marseillais", kings(1, "b")), 1);
  EXPECT_EQ(turn_length("alternating-marseillais", kings(2)), 2);
  EXPECT_EQ(turn_length("alternating-marseillais", kings(2, "b")), 2);
  EXPECT_EQ(turn_length("alternating-marseillais", kings(3)), 1);
  // progressive-symmetric: quota = fullmove number for both sides
  EXPECT_EQ(turn_length("progressive-symmetric", kings(1, "b")), 1);
  EXPECT_EQ(turn_length("progressive-symmetric", kings(3)), 3);
  EXPECT_EQ(turn_length("progressive-symmetric", kings(3, "b")), 3);
  // fibonacci: t = 1..8 -> 1 1 2 3 5 8 13 21
  const int fib[] = {1, 1, 2, 3, 5, 8, 13, 21};
  for (int t = 1; t <= 8; ++t)
    EXPECT_EQ(turn_length("fibonacci", kings((t + 1) / 2, t % 2 ? "w" : "b")), fib[t - 1]) << "t=" << t;
  // slow-progressive: 1 + floor((t-1)/4): t 1–4 one move, 5–8 two, 9 three
  EXPECT_EQ(turn_length("slow-progressive", kings(2, "b")), 1);  // t = 4
  EXPECT_EQ(turn_length("slow-progressive", kings(3)), 2);       // t = 5
  EXPECT_EQ(turn_length("slow-progressive", kings(4, "b")), 2);  // t = 8
  EXPECT_EQ(turn_length("slow-progressive", kings(5)), 3);       // t = 9
  // progressive-cyclical: ((t-1) mod cycle) + 1, cycle 6 by default
  EXPECT_EQ(turn_length("progressive-cyclical", kings(3, "b")), 6);  // t = 6
  EXPECT_EQ(turn_length("progressive-cyclical", kings(4)), 1);       // t = 7
  EXPECT_EQ(turn_length("progressive-cyclical:cycle=8", kings(4)), 7);
  EXPECT_EQ(turn_length("progressive-cyclical:cycle=8", kings(4, "b")), 8);
  EXPECT_EQ(turn_length("progressive-cyclical:cycle=8", kings(5)), 1);
  // the classical ones are unchanged; balanced-equidistant: W 1,2,2… B 2,2,…
  EXPECT_EQ(turn_length("balanced-equidistant-marseillais", kings(1)), 1);
  EXPECT_EQ(turn_length("balanced-equidistant-marseillais", kings(1, "b")), 2);
  EXPECT_EQ(turn_length("balanced-equidistant-marseillais", kings(2)), 2);
  // Fibonacci saturates at 1,000,000 (turn spec): made= below that is accepted, at it refused
  EXPECT_NO_THROW(ref::normalize_fen("fibonacci", kings(100, "w", " made=999999")));
  EXPECT_THROW(ref::normalize_fen("fibonacci", kings(100, "w", " made=1000000")), std::invalid_argument);
}

TEST(ReferenceSchedules, BankOfScotlandAddsOwnChecks) {
  // quota = t + own earlier checks: White at t = 3 with one check given: 4 (written quota=4)
  EXPECT_EQ(turn_length("bank-of-scotland", kings(2, "w", " checks=1,0")), 4);
  EXPECT_EQ(ref::normalize_fen("bank-of-scotland", kings(2, "w", " checks=1,0")),
            kings(2, "w", " quota=4 checks=1,0"));
  EXPECT_THROW(ref::normalize_fen("bank-of-scotland", kings(2, "w", " quota=3 checks=1,0")),
               std::invalid_argument);  // quota contradicts the checks
  // 1 Ra8+ (White's only move of t = 1, a check) 2 Ke7, Ke6: White's t = 3 has 3 + 1 moves
  std::string f = replay("bank-of-scotland", RK, {"a1a8"});
  EXPECT_EQ(f, "R3k3/8/8/8/8/8/8/4K3 b - - 1 1 checks=1,0");
  f = replay("bank-of-scotland", f, {"e8e7", "e7e6"});
  EXPECT_EQ(f, "R7/8/4k3/8/8/8/8/4K3 w - - 2 2 quota=4 checks=1,0");
  // modern branch: also ends on a move to an attacked square (Ra8-a7: not attacked; -d8: next to the king)
  EXPECT_EQ(side_to_move(ref::play("bank-of-scotland-modern", "8/4k3/8/8/8/8/8/R3K3 w - - 0 2", "a1d1")),
            "w");
  EXPECT_EQ(side_to_move(ref::play("bank-of-scotland-modern", "8/4k3/8/8/8/8/8/R3K3 w - - 0 2", "a1a6")),
            "w");
  EXPECT_EQ(side_to_move(ref::play("bank-of-scotland-modern", "8/4k3/8/8/8/8/8/3RK3 w - - 0 2", "d1d6")),
            "b");
}

TEST(ReferenceSchedules, VeryScottishCountsTheMovesMade) {
  // quota = 1 + the moves the opponent made in his previous turn (0000 not counted); White's first turn 1
  std::string f = replay("very-scottish", START, {"e2e4"});
  EXPECT_EQ(f, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 quota=2");
  EXPECT_EQ(moves("very-scottish", f).count("0000"), 0u);  // a stop needs one move first
  std::string stopped = replay("very-scottish", f, {"e7e5", "0000"});
  EXPECT_EQ(stopped, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 quota=2");
  std::string full = replay("very-scottish", f, {"e7e5", "d7d6"});
  EXPECT_EQ(full, "rnbqkbnr/ppp2ppp/3p4/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 quota=3");
  EXPECT_EQ(turn_length("very-scottish", kings(5, "w", " quota=4")), 4);
}

TEST(ReferenceSchedules, CapturingProgressiveGrowsOnlyWithCaptures) {
  // next quota = this quota + 1 after a turn with a capture, else 1
  std::string f = replay("capturing-progressive", "4k3/8/8/8/8/8/p7/R3K3 w - - 0 1", {"a1a2"});
  EXPECT_EQ(f, "4k3/8/8/8/8/8/R7/4K3 b - - 0 1 quota=2");
  std::string mid = replay("capturing-progressive", "4k3/8/8/8/8/8/p7/R3K3 w - - 0 3 quota=3", {"a1a2"});
  EXPECT_EQ(mid, "4k3/8/8/8/8/8/R7/4K3 w - - 0 3 made=1 progress=1 quota=3 capture=1");
  f = replay("capturing-progressive", f, {"e8e7", "e7e6"});  // no capture: back to 1
  EXPECT_EQ(f, "8/8/4k3/8/8/8/R7/4K3 w - - 1 2");
}

TEST(ReferenceSchedules, SwitchbackAfterCheck) {
  // Italian rules; after a turn ending with check the defender's quota is (that quota − 1)
  std::string f = replay("switchback", "4k3/8/8/8/8/8/8/R3K3 w - - 0 2", {"a1a2", "a2a3"});
  EXPECT_EQ(moves("switchback", "4k3/8/8/8/8/8/8/R3K3 w - - 0 2").count("a1a8"), 0u);  // early check: illegal
  f = replay("switchback", f, {"a3a8"});  // t = 3, quota 3: check on the last move
  EXPECT_EQ(f, "R3k3/8/8/8/8/8/8/4K3 b - - 1 2 quota=2");
  f = replay("switchback", f, {"e8e7", "e7e6"});  // then the normal progression: t = 5
  EXPECT_EQ(f, "R7/8/4k3/8/8/8/8/4K3 w - - 2 3");
  // a checking one-move turn leaves quota 0 − decision: at least 1
  EXPECT_EQ(ref::play("switchback", RK, "a1a8"), "R3k3/8/8/8/8/8/8/4K3 b - - 1 1 quota=1");
}

// ------------------------------------------------------------------------------------------------ §3.1 ids

TEST(ReferenceTurnIds, MarseillaisAlternative) {
  // A first-move check is illegal (White's Ra8+ only as second move) ...
  EXPECT_EQ(moves("marseillais-alternative", RK).count("a1a8"), 0u);
  EXPECT_EQ(moves("marseillais-alternative", ref::play("marseillais-alternative", RK, "e1d1")).count("a1a8"),
            1u);
  // ... so in check with only checking escapes is mate: Ke5 must leave the e-file (Ra5 checks along rank 5,
  // Ng5 covers e4/e6, f5/d5 stay on the rook's line), and every such move uncovers Re8 on Ke1.
  const std::string mate = "4r3/8/8/R3k1N1/8/8/8/4K3 b - - 0 1";
  EXPECT_EQ(moves("marseillais", mate), (std::set<std::string>{"e5d4", "e5d6", "e5f4", "e5f6"}));
  EXPECT_TRUE(moves("marseillais-alternative", mate).empty());
  EXPECT_EQ(ref::outcome("marseillais-alternative", mate), "checkmate");
  // e.p. only against the two-step of the opponent's LAST move
  const std::string ep = "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 2";
  EXPECT_EQ(
      moves("marseillais-alternative", replay("marseillais-alternative", ep, {"e2e4", "e1d1"})).count("d4e3"),
      0u);
  EXPECT_EQ(moves("marseillais", replay("marseillais", ep, {"e2e4", "e1d1"})).count("d4e3"), 1u);
  EXPECT_EQ(
      moves("marseillais-alternative", replay("marseillais-alternative", ep, {"e1d1", "e2e4"})).count("d4e3"),
      1u);
}

TEST(ReferenceTurnIds, DifferentMen) {
  // after Ra2 only the king on h1 may move: g1, g2, h2
  std::string f = ref::play("different-men-marseillais", "7k/8/8/8/8/8/8/R6K w - - 0 1", "a1a2");
  EXPECT_EQ(f, "7k/8/8/8/8/8/R7/7K w - - 1 1 made=1 moved=a2");
  EXPECT_EQ(moves("different-men-marseillais", f), (std::set<std::string>{"h1g1", "h1g2", "h1h2"}));
  // castling moves king and rook: with a pawn the second move must be the pawn's (a3, a4) ...
  f = ref::play("different-men-marseillais", "4k3/8/8/8/8/8/P7/4K2R w K - 0 1", "e1g1");
  EXPECT_EQ(f, "4k3/8/8/8/8/8/P7/5RK1 w - - 1 1 made=1 moved=f1,g1");
  EXPECT_EQ(moves("different-men-marseillais", f), (std::set<std::string>{"a2a3", "a2a4"}));
  // ... without one, castling leaves no second move and is illegal (D-5)
  EXPECT_EQ(moves("different-men-marseillais", "4k3/8/8/8/8/8/8/4K2R w K - 0 1").count("e1g1"), 0u);
  // a man promoted by the first move may not make the second: after a8=N only the king moves
  f = ref::play("different-men-marseillais", "4k3/P7/8/8/8/8/8/7K w - - 0 1", "a7a8n");
  EXPECT_EQ(moves("different-men-marseillais", f), (std::set<std::string>{"h1g1", "h1g2", "h1h2"}));
}

TEST(ReferenceTurnIds, PieceAndPawn) {
  // one piece move (5 king moves) and one pawn move (a3, a4), either order: 2 x 5 + 5 x 2 = 20 turns
  const std::string f = "4k3/8/8/8/8/8/P7/4K3 w - - 0 1";
  EXPECT_EQ(ref::count_turns("piece-and-pawn-marseillais", f, 2), 20u);
  EXPECT_EQ(ref::play("piece-and-pawn-marseillais", f, "a2a3"),
            "4k3/8/8/8/8/P7/8/4K3 w - - 0 1 made=1 used=pawn");
  EXPECT_EQ(moves("piece-and-pawn-marseillais", "4k3/8/8/8/8/P7/8/4K3 w - - 0 1 made=1 used=pawn"), KING_E1);
  // lost move: no pawn can move (a2 blocked), so a king move is the whole turn: 5 turns of one move
  const std::string blocked = "4k3/8/8/8/8/p7/P7/4K3 w - - 0 1";
  EXPECT_EQ(ref::count_turns("piece-and-pawn-marseillais", blocked, 2), 5u);
  EXPECT_EQ(ref::play("piece-and-pawn-marseillais", blocked, "e1d1"), "4k3/8/8/8/8/p7/P7/3K4 b - - 1 1");
  // e.p. by the first move only: after a king move the e5 pawn may only push
  const std::string ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
  EXPECT_EQ(moves("piece-and-pawn-marseillais", ep).count("e5d6"), 1u);
  EXPECT_EQ(moves("piece-and-pawn-marseillais", ref::play("piece-and-pawn-marseillais", ep, "e1d1")),
            (std::set<std::string>{"e5e6"}));
}

TEST(ReferenceTurnIds, Bilateral) {
  // Ra1 queenside, Ke1 kingside; a man that crosses may move again (zone by departure square).
  // Rook first: a2..a7, b1, c1 (8) x 5 king moves + d1 x 4 (d1 taken) + a8+ (ends) = 45.
  // King first: Kd1 (now queenside): 5 king moves + rook a2..a8, b1, c1 = 14; Kd2: 8 + 7 + b1..h1 7 = 22;
  // Ke2: 7 + 7 = 14; Kf1: 7 + b1..e1 = 11; Kf2: 14. Total 45 + 75 = 120.
  EXPECT_EQ(ref::count_turns("bilateral-marseillais", RK, 2), 120u);
  EXPECT_EQ(ref::play("bilateral-marseillais", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1"),
            "4k3/8/8/8/8/8/8/2KR3R w - - 1 1 made=1 used=kingside");  // castling = kingside (decision 2)
  // lost move: only kingside men, none crossing (Kh1-g1, g2, h2): three turns of one move
  EXPECT_EQ(ref::count_turns("bilateral-marseillais", "4k3/8/8/8/8/8/8/7K w - - 0 1", 2), 3u);
  // but Ke1-d1 / d2 cross to the queenside and may move again: d1 then 5, d2 then 8, e2 f1 f2 alone: 16
  EXPECT_EQ(ref::count_turns("bilateral-marseillais", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 2), 16u);
}

TEST(ReferenceTurnIds, Central) {
  // after Nd4-b5 (centre) the second move departs from the periphery: 5 king moves and the knight again
  // from b5 (a3, a7, c3, c7, d4, d6): 11
  std::string f = ref::play("central-marseillais", "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", "d4b5");
  EXPECT_EQ(f, "4k3/8/8/1N6/8/8/8/4K3 w - - 1 1 made=1 used=centre");
  EXPECT_EQ(moves("central-marseillais", f).size(), 11u);
  // after Nd4-c6 (still centre) only the king: 5
  f = ref::play("central-marseillais", "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", "d4c6");
  EXPECT_EQ(moves("central-marseillais", f), KING_E1);
}

TEST(ReferenceTurnIds, BlackAndWhite) {
  // a1 and e1 are dark, b1 light: the first move is the knight's (a3, c3, d2)
  const std::string f = "4k3/8/8/8/8/8/8/RN2K3 w - - 0 1";
  EXPECT_EQ(moves("black-and-white-marseillais", f), (std::set<std::string>{"b1a3", "b1c3", "b1d2"}));
  // Nc3 lands on a dark square and may move again: rook 10, king 5, knight 8 = 23
  std::string g = ref::play("black-and-white-marseillais", f, "b1c3");
  EXPECT_EQ(g, "4k3/8/8/8/8/2N5/8/R3K3 w - - 1 1 made=1 used=light");
  EXPECT_EQ(moves("black-and-white-marseillais", g).size(), 23u);
  // no light man: the dark move opens the turn and ends it (15 moves, each a whole turn)
  EXPECT_EQ(ref::count_turns("black-and-white-marseillais", RK, 2), 15u);
  EXPECT_EQ(side_to_move(ref::play("black-and-white-marseillais", RK, "a1a5")), "b");
  // castling is the light move when it exists (then the set is not empty: only O-O-O)
  EXPECT_EQ(moves("black-and-white-marseillais", "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"),
            (std::set<std::string>{"e1c1"}));
  // in check (Re7): the dark king escapes d1, d2, f1, f2, each the whole turn
  const std::string chk = "4k3/4r3/8/8/8/8/8/RN2K3 w - - 0 1";
  EXPECT_EQ(moves("black-and-white-marseillais", chk),
            (std::set<std::string>{"e1d1", "e1d2", "e1f1", "e1f2"}));
  EXPECT_EQ(side_to_move(ref::play("black-and-white-marseillais", chk, "e1d1")), "b");
}

TEST(ReferenceTurnIds, Maximummer) {
  // longest first move: Ra8 (7 squares, squared 49; Black's king on h6 is not checked); then another man
  const std::string f = "8/8/7k/8/8/8/8/R3K3 w Q - 0 1";
  EXPECT_EQ(moves("maximummer-marseillais", f), (std::set<std::string>{"a1a8"}));
  EXPECT_EQ(moves("maximummer-marseillais", ref::play("maximummer-marseillais", f, "a1a8")), KING_E1);
  // from the start the knights' moves (√5) beat the two-steps (2)
  EXPECT_EQ(moves("maximummer-marseillais", START), (std::set<std::string>{"b1a3", "b1c3", "g1f3", "g1h3"}));
}

TEST(ReferenceTurnIds, Equivalent) {
  // last=k: a king move (or castling) if possible; last=r: a rook move; last=q: none possible, free
  EXPECT_EQ(moves("equivalent-marseillais", RK + " last=k"), KING_E1);
  EXPECT_EQ(moves("equivalent-marseillais", RK + " last=r").size(), 10u);  // a2..a8, b1, c1, d1
  EXPECT_EQ(moves("equivalent-marseillais", RK + " last=q").size(), 15u);
  EXPECT_EQ(moves("equivalent-marseillais", RK).size(), 15u);  // no last move known: free
  // castling imitates and is imitated by a king or rook move: last=c allows the 15 king and rook moves;
  // O-O-O itself would leave no different man for the second move (D-5)
  EXPECT_EQ(moves("equivalent-marseillais", "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 last=c").size(), 15u);
  EXPECT_EQ(moves("equivalent-marseillais", "4k3/8/8/8/8/8/P7/R3K3 w Q - 0 1 last=k").count("e1c1"), 1u);
  // the FEN carries the most recent move's type, promotion = p
  EXPECT_EQ(ref::play("equivalent-marseillais", "4k3/P7/8/8/8/8/8/7K w - - 0 1", "a7a8n"),
            "N3k3/8/8/8/8/8/8/7K w - - 0 1 made=1 moved=a8 last=p");
}

TEST(ReferenceTurnIds, Equidistant) {
  // lastlen=1: the length-1 moves Kd1, Ke2, Kf1, Ra2, Rb1; lastlen=5 (knight): none, free
  EXPECT_EQ(moves("equidistant-marseillais", RK + " lastlen=1"),
            (std::set<std::string>{"e1d1", "e1e2", "e1f1", "a1a2", "a1b1"}));
  EXPECT_EQ(moves("equidistant-marseillais", RK + " lastlen=5").size(), 15u);
  // the different-man rule: equidistant forbids the rook's second move, balanced-equidistant allows it
  const std::string f = "4k3/8/8/8/8/8/8/R3K3 w - - 0 2";
  EXPECT_EQ(moves("equidistant-marseillais", ref::play("equidistant-marseillais", f, "a1a2")), KING_E1);
  EXPECT_EQ(
      moves("balanced-equidistant-marseillais", ref::play("balanced-equidistant-marseillais", f, "a1a2"))
          .count("a2a7"),
      1u);
  EXPECT_EQ(ref::play("balanced-equidistant-marseillais", f, "a1a2"),
            "4k3/8/8/8/8/8/R7/4K3 w - - 1 2 made=1 lastlen=1");
}

TEST(ReferenceTurnIds, Citizen) {
  // first a piece move (5 king moves), then the stop or a pawn move (a3, a4): 5 x 3 = 15 turns
  const std::string f = "4k3/8/8/8/8/8/P7/4K3 w - - 0 1";
  EXPECT_EQ(moves("citizen", f), KING_E1);
  EXPECT_EQ(moves("citizen", ref::play("citizen", f, "e1d1")),
            (std::set<std::string>{"a2a3", "a2a4", "0000"}));
  EXPECT_EQ(ref::count_turns("citizen", f, 2), 15u);
  // a capture by the first move ends the turn
  EXPECT_EQ(side_to_move(ref::play("citizen", "4k3/8/8/8/8/8/P3p3/4K3 w - - 0 1", "e1e2")), "b");
  // no piece move and not in check: stalemate, although a2 could move (chess: a3, a4, axb3)
  const std::string stale = "k7/8/8/8/8/1q6/P7/K7 w - - 0 1";
  EXPECT_EQ(ref::outcome("citizen", stale), "stalemate");
  EXPECT_EQ(ref::outcome("chess", stale), "ongoing");
  // in check (Bf6) with no piece move (Ka1 boxed by Pa2 and Rb8): mate, although c3 would block
  const std::string mate = "1r5k/8/5b2/8/8/8/P1P5/K7 w - - 0 1";
  EXPECT_EQ(ref::outcome("citizen", mate), "checkmate");
  EXPECT_EQ(moves("chess", mate), (std::set<std::string>{"c2c3"}));
  // e.p. by the pawn (second) move against the opponent's previous turn; field 4 keeps the right meanwhile
  const std::string ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
  const std::string after = ref::play("citizen", ep, "e1d1");
  EXPECT_EQ(after, "4k3/8/8/3pP3/8/8/8/3K4 w - d6 1 2 made=1");
  EXPECT_EQ(moves("citizen", after), (std::set<std::string>{"e5d6", "e5e6", "0000"}));
}

// ------------------------------------------------------------------------------------------------ §3.4, §3.7

TEST(ReferenceTurnIds, Threesum) {
  // first moves of length <= 3: rook a2 a3 a4 b1 c1 d1, five king steps = 11
  EXPECT_EQ(moves("threesum", RK).size(), 11u);
  // Turns (each man once, lengths summing to <= 3): Ra4 / Rd1 (length 3, end) 2; Ra3 / Rc1 (2): stop or a
  // king step (5) = 6 each; Ra2 / Rb1 (1): stop or a king step = 6 each; a king step (5): stop or a rook move
  // of length <= 2 (a2 a3 b1 c1) = 5 each. 2 + 12 + 12 + 25 = 51.
  EXPECT_EQ(ref::count_turns("threesum", RK, 3), 51u);
  EXPECT_EQ(ref::play("threesum", RK, "a1a3"), "4k3/8/8/8/8/R7/8/4K3 w - - 1 1 made=1 moved=a3 spent=2");
  EXPECT_EQ(side_to_move(ref::play("threesum", RK, "a1a4")), "b");
  EXPECT_THROW(ref::normalize_fen("threesum", "4k3/8/8/8/8/R7/8/4K3 w - - 1 1 made=1 moved=a3"),
               std::invalid_argument);  // spent= missing
}

TEST(ReferenceTurnIds, Hurricane) {
  // each man at most once, stop after one move. Rook first: a2..a7, b1, c1 (8) x (stop + 5 king steps) +
  // d1 x (1 + 4) + a8+ (check ends) = 54. King first: Kd1: stop + a2..a8, b1, c1 = 10; Kd2, Ke2, Kf2: 1 + 7 +
  // b1..h1 7 = 15 each; Kf1: 1 + 7 + b1..e1 4 = 12. 54 + 67 = 121.
  EXPECT_EQ(ref::count_turns("hurricane", RK, 3), 121u);
  // when every man has moved the turn ends
  EXPECT_EQ(ref::play("hurricane", "4k3/8/8/8/8/8/R7/4K3 w - - 1 1 made=1 moved=a2", "e1d1"),
            "4k3/8/8/8/8/8/R7/3K4 b - - 2 1");
}

TEST(ReferenceTurnIds, Sputnik) {
  // the knight on b5 is a sputnik. King first: 5 normal moves. Knight: c7+ and d6+ check (end): 2; Na3: stop
  // + 5 king + Na3-b1 c2 c4 b5 = 10; Na7: 1 + 5 + 3 = 9; Nc3: 1 + 5 + 8 = 14; Nd4: 1 + 5 + 8 = 14. Total 54.
  const std::string f = "4k3/8/8/1N6/8/8/8/4K3 w - - 0 1";
  EXPECT_EQ(ref::count_turns("sputnik", f, 3), 54u);
  std::string g = ref::play("sputnik", f, "b5a3");
  EXPECT_EQ(g, "4k3/8/8/8/8/N7/8/4K3 w - - 1 1 made=1 sputniks=-");
  EXPECT_EQ(side_to_move(ref::play("sputnik", g, "a3b1")), "b");  // a moved sputnik's move is the normal move
  EXPECT_EQ(ref::play("sputnik", g, "0000"), "4k3/8/8/8/8/N7/8/4K3 b - - 1 1");
  // two sputniks: after one moves, the other is still listed
  EXPECT_EQ(ref::play("sputnik", "4k3/8/8/1N4B1/8/8/8/4K3 w - - 0 1", "b5a3"),
            "4k3/8/8/6B1/8/N7/8/4K3 w - - 1 1 made=1 sputniks=g5");
}

// ------------------------------------------------------------------------------------------------ §3.5 ids

TEST(ReferenceTurnIds, ScottishModern) {
  // Rd1-d7 lands next to Black's king (attacked): the series ends; in Progressive it goes on
  const std::string f = "4k3/8/8/8/8/8/8/3RK3 w - - 0 3";
  EXPECT_EQ(side_to_move(ref::play("scottish-modern", f, "d1d7")), "b");
  EXPECT_EQ(side_to_move(ref::play("progressive", f, "d1d7")), "w");
  EXPECT_EQ(side_to_move(ref::play("scottish-modern", f, "d1d6")), "w");
  // no e.p. in Scottish Modern
  EXPECT_EQ(moves("scottish-modern", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").count("e5d6"), 0u);
}

TEST(ReferenceTurnIds, LogicalProgressive) {
  EXPECT_EQ(moves("logical-progressive", "4k3/8/8/8/8/8/P7/4K3 w - - 0 1").count("a2a4"), 0u);
  EXPECT_EQ(moves("logical-progressive", "4k3/8/8/8/8/8/P7/4K3 w - - 0 1").count("a2a3"), 1u);
  EXPECT_THROW(ref::legal_moves("logical-progressive", START), std::invalid_argument);  // castling rights
  EXPECT_EQ(ref::perft("logical-progressive", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 1),
            12u);  // 8 single steps + 4 knight moves
}

TEST(ReferenceTurnIds, Pribylinec) {
  // t = 3: after Ra2, Ra3 the rook has moved twice; the third move is the king's (g1, g2, h2)
  std::string f = replay("progressive-pribylinec", "7k/8/8/8/8/8/8/R6K w - - 0 2", {"a1a2", "a2a3"});
  EXPECT_EQ(f, "7k/8/8/8/8/R7/8/7K w - - 0 2 made=2 moved=a3:2");
  EXPECT_EQ(moves("progressive-pribylinec", f), (std::set<std::string>{"h1g1", "h1g2", "h1h2"}));
  EXPECT_GT(
      moves("progressive", replay("progressive", "7k/8/8/8/8/8/8/R6K w - - 0 2", {"a1a2", "a2a3"})).size(),
      3u);
}

TEST(ReferenceTurnIds, EnglishLegalityExamples_9_12) {
  // 1.e4 2.e6 f6 3.e5 Nf3 Bc4 — legal (three different White men)
  std::string f = replay("progressive-english", START, {"e2e4", "e7e6", "f7f6", "e4e5", "g1f3", "f1c4"});
  EXPECT_EQ(side_to_move(f), "b");
  // 1.e4 2.e6 f6 3.e5 Ba6 Bxb7 — illegal at Bxb7: the bishop's second move while other mobile men have none
  std::string g = replay("progressive-english", START, {"e2e4", "e7e6", "f7f6", "e4e5", "f1a6"});
  EXPECT_EQ(g, "rnbqkbnr/pppp2pp/B3pp2/4P3/8/8/PPPP1PPP/RNBQK1NR w KQkq - 0 2 made=2 progress=1 moved=e5,a6");
  EXPECT_EQ(moves("progressive-english", g).count("a6b7"), 0u);
  EXPECT_EQ(moves("progressive", replay("progressive", START, {"e2e4", "e7e6", "f7f6", "e4e5", "f1a6"}))
                .count("a6b7"),
            1u);
  // a promoted pawn is immobile for the rest of the series: after a8=N only the king moves, and again
  f = ref::play("progressive-english", "4k3/P7/8/8/8/8/8/4K3 w - - 0 2", "a7a8n");
  EXPECT_EQ(f, "N3k3/8/8/8/8/8/8/4K3 w - - 0 2 made=1 progress=1 moved=a8 frozen=a8");
  EXPECT_EQ(moves("progressive-english", f), KING_E1);
  EXPECT_EQ(moves("progressive-english", ref::play("progressive-english", f, "e1d1")).count("a8b6"), 0u);
  // no e.p. in English Progressive
  EXPECT_EQ(moves("progressive-english", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").count("e5d6"), 0u);
}

// ------------------------------------------------------------------------------------------------
// compositions

TEST(ReferenceTurnIds, Compositions) {
  // fibonacci+atomic: W1 B1 W2 is chess-like for three plies (atomic perft 3 = 8902); an explosion ends the
  // game mid-turn (t = 5, quota 5)
  EXPECT_EQ(ref::perft("fibonacci+atomic", START, 3), 8902u);
  std::string won = ref::play("fibonacci+atomic", "4k3/4p3/8/8/8/8/8/4QK2 w - - 0 3", "e1e7");
  EXPECT_EQ(ref::outcome("fibonacci+atomic", won), "king-captured");
  // hurricane+rifle: the shot is the rook's move (it stays on a1 and may not move again)
  const std::string shoot = "4k3/8/8/8/8/8/p7/R3K3 w - - 0 1";
  EXPECT_EQ(moves("hurricane+rifle", shoot), (std::set<std::string>{"a1a2"}));
  std::string shot = ref::play("hurricane+rifle", shoot, "a1a2");
  EXPECT_EQ(shot, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 made=1 moved=a1");
  std::set<std::string> after_shot = KING_E1;
  after_shot.insert("0000");
  EXPECT_EQ(moves("hurricane+rifle", shot), after_shot);
  // different-men-marseillais+madras: Ra1 and Ra8 paralyse each other, so after any king move no other man
  // can move: no complete turn (D-5), stalemate
  const std::string para = "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1";
  EXPECT_TRUE(moves("different-men-marseillais+madras", para).empty());
  EXPECT_EQ(ref::outcome("different-men-marseillais+madras", para), "stalemate");
  EXPECT_FALSE(moves("different-men-marseillais", para).empty());
  // progressive-english+alice: after 1 e4 2 e6 the e-pawn (now on board B) may not move again while other
  // black men are mobile
  std::string alice = replay("progressive-english+alice", START, {"e2e4", "e7e6"});
  for (const std::string& m : moves("progressive-english+alice", alice)) EXPECT_NE(m.substr(0, 2), "e6") << m;
  EXPECT_EQ(alice.substr(alice.find("moved=")), "moved=|e6");
}

// ------------------------------------------------------------------------------------------------
// count_turns

TEST(ReferenceCountTurns, SmallPositions) {
  // chess: a turn is one move
  EXPECT_EQ(ref::count_turns("chess", START, 1), 20u);
  // Progressive, Black's t = 2 with a bare king on h8: Kg8 then 5, Kg7 then 8, Kh7 then 5 = 18 two-move
  // turns; none of one move
  EXPECT_EQ(ref::count_turns("progressive", "7k/8/8/8/8/8/8/7K b - - 0 1", 2), 18u);
  EXPECT_EQ(ref::count_turns("progressive", "7k/8/8/8/8/8/8/7K b - - 0 1", 1), 0u);
  // progressive stalemate mid-series: a5-a6 and the series is stuck — that is a complete turn (of one move)
  EXPECT_EQ(ref::count_turns("progressive", "6r1/p7/8/P7/8/7k/8/7K w - - 0 2", 3), 1u);
  // Marseillais D-5: b5 then a6 or b6; a6 then b5 (the king is boxed): 3
  EXPECT_EQ(ref::count_turns("marseillais", "6r1/p7/8/P7/1P6/7k/8/7K w - - 0 5", 2), 3u);
  // the stop counts as a move: very-scottish Black quota 2 after e4: 20 x (stop + 20 or so) = perft 2
  const std::string f = ref::play("very-scottish", START, "e2e4");
  EXPECT_EQ(ref::count_turns("very-scottish", f, 2), ref::perft("very-scottish", f, 2));
  // a turn longer than max_moves is not counted
  EXPECT_EQ(ref::count_turns("very-scottish", f, 1), 0u);
}

// ------------------------------------------------------------------------------------------------ FEN tokens

TEST(ReferenceTurnFen, TokensRoundTripAndRefusals) {
  const std::string mid = "4k3/8/8/8/8/8/R7/4K3 w - - 1 3 made=1 moved=a2";
  EXPECT_EQ(ref::normalize_fen("progressive-pribylinec", mid), mid);
  EXPECT_EQ(ref::normalize_fen("progressive-pribylinec", "4k3/8/8/8/8/8/R7/4K3 w - - 1 3 made=2 moved=a2:2"),
            "4k3/8/8/8/8/8/R7/4K3 w - - 1 3 made=2 moved=a2:2");
  auto refused = [](const std::string& variant, const std::string& fen) {
    EXPECT_THROW(ref::normalize_fen(variant, fen), std::invalid_argument) << variant << ": " << fen;
  };
  refused("chess", kings(2, "w", " quota=3"));                    // no dynamic schedule
  refused("progressive", kings(2, "w", " quota=3"));              // static schedule
  refused("progressive", mid);                                    // moved= means nothing there
  refused("progressive-pribylinec", kings(2, "w", " moved=d1"));  // moved= needs made >= 1
  refused("progressive-pribylinec", "4k3/8/8/8/8/8/R7/4K3 w - - 1 3 made=2 moved=a2:3");   // above 2
  refused("progressive-pribylinec", "4k3/8/8/8/8/8/R7/4K3 w - - 1 3 made=2 moved=a2:1");   // :1 not written
  refused("progressive-pribylinec", "4k3/8/8/8/8/8/R7/4K3 w - - 1 3 made=1 moved=a3");     // no man there
  refused("progressive-pribylinec", "4k3/8/8/8/8/8/R7/4K3 w - - 1 3 made=1 moved=a2,a2");  // twice
  refused("different-men-marseillais", "4k3/8/8/8/8/8/R7/4K3 w - - 1 1 made=1 moved=a2:2");
  refused("capturing-progressive", kings(2, "w", " quota=9"));    // above t
  refused("capturing-progressive", kings(2, "w", " capture=1"));  // needs made >= 1
  refused("bank-of-scotland", kings(2, "w", " checks=1"));        // two counters
  refused("bank-of-scotland", kings(2, "w", " checks=1,0 checks=1,0"));
  refused("bilateral-marseillais", kings(2, "w", " made=1"));  // used= missing
  refused("bilateral-marseillais", kings(2, "w", " made=1 used=left"));
  refused("black-and-white-marseillais", kings(2, "w", " made=1 used=dark"));  // dark ends the turn
  refused("equivalent-marseillais", kings(2, "w", " last=x"));
  refused("equidistant-marseillais", kings(2, "w", " lastlen=3"));  // no move has squared length 3
  refused("equivalent-marseillais", kings(2, "w", " lastlen=1"));
  refused("sputnik", "4k3/8/8/8/8/N7/8/4K3 w - - 1 1 made=1");                        // sputniks= missing
  refused("sputnik", "4k3/8/8/8/8/N7/8/4K3 w - - 1 1 made=1 sputniks=a3");            // a3 is in White's half
  refused("progressive-english", "N3k3/8/8/8/8/8/8/4K3 w - - 0 2 made=1 frozen=a8");  // not in moved=
  refused("progressive-pribylinec", "4k3/8/8/8/8/8/R7/4K3 w - - 1 3 made=1 moved=");  // empty values
  refused("sputnik", "4k3/8/8/8/8/N7/8/4K3 w - - 1 1 made=1 sputniks=");
  refused("progressive-cyclical:cycle=7", kings(2));
  refused("progressive-cyclical:cycle=66", kings(2));
  refused("progressive-cyclical:turns=8", kings(2));
  refused("progressive:cycle=8", kings(2));
  refused("fibonacci+progressive", kings(2));
  refused("hurricane+sputnik", kings(2));
  // every new id parses and round-trips the start position (logical-progressive without castling rights)
  for (const char* id : {"marseillais-alternative",
                         "alternating-marseillais",
                         "progressive-symmetric",
                         "fibonacci",
                         "slow-progressive",
                         "progressive-cyclical",
                         "different-men-marseillais",
                         "piece-and-pawn-marseillais",
                         "bilateral-marseillais",
                         "central-marseillais",
                         "black-and-white-marseillais",
                         "maximummer-marseillais",
                         "equivalent-marseillais",
                         "equidistant-marseillais",
                         "balanced-equidistant-marseillais",
                         "citizen",
                         "threesum",
                         "hurricane",
                         "sputnik",
                         "scottish-modern",
                         "bank-of-scotland",
                         "bank-of-scotland-modern",
                         "very-scottish",
                         "capturing-progressive",
                         "switchback",
                         "progressive-pribylinec",
                         "progressive-english"})
    EXPECT_EQ(ref::normalize_fen(id, START), START) << id;
}
