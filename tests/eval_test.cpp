// Evaluation (issue 3 §1): colour symmetry under every rule component, and the family terms pointing the
// right way (Madrasi paralysis, explosion detonators, king danger growing with the enemy's moves, rifle
// hanging men).
#include <gtest/gtest.h>

#include <cctype>

#include "engine/eval.hpp"
#include "notation/fen.hpp"
#include "support.hpp"

using namespace hc;

namespace {

// The same position with colours exchanged and the board turned over (FEN text: ranks reversed, case swapped,
// side, castling and e.p. square mirrored; Alice's '|' marks stay with their man).
std::string mirror_fen(const std::string& fen) {
  std::istringstream in(fen);
  std::string placement, side, castling, ep, half, full;
  in >> placement >> side >> castling >> ep >> half >> full;
  std::vector<std::string> ranks;
  std::string cur;
  for (char ch : placement) {
    if (ch == '/') {
      ranks.push_back(cur);
      cur.clear();
    } else {
      cur += std::isalpha(static_cast<unsigned char>(ch))
                 ? char(std::isupper(static_cast<unsigned char>(ch)) ? std::tolower(ch) : std::toupper(ch))
                 : ch;
    }
  }
  ranks.push_back(cur);
  std::string out;
  for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) out += (out.empty() ? "" : "/") + *it;
  std::string cast;
  for (char ch : castling)
    cast += ch == '-'
                ? ch
                : char(std::isupper(static_cast<unsigned char>(ch)) ? std::tolower(ch) : std::toupper(ch));
  std::string ordered;
  for (char ch : std::string("KQkq"))
    if (cast.find(ch) != std::string::npos) ordered += ch;
  if (ordered.empty()) ordered = "-";
  if (ep != "-") ep[1] = char('9' - (ep[1] - '0'));
  return out + " " + (side == "w" ? "b" : "w") + " " + ordered + " " + ep + " " + half + " " + full;
}

// The evaluation without the tempo for the moves left in the turn (so that schedules can be compared).
int eval_of(const std::string& variant, const std::string& fen) {
  Variant v = make_variant(variant);
  Position pos;
  set_fen(pos, v, fen);
  return evaluate_position(pos) - 12 * (pos.state().quota - pos.state().made);
}

}  // namespace

TEST(Eval, ColourSymmetry) {
  const char* fens[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 10",
      "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 10",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
      "6k1/5ppp/8/3q4/8/2N5/5PPP/3R2K1 w - - 0 30",
      "rnb3R1/2pp1ppp/1|p1k1|p2/|p1b5/2|B|P4/2|N|K4/PPP1rP1P/4|R3 w - - 4 16",
  };
  for (const char* variant : {"chess", "marseillais", "atomic", "rifle", "kamikaze", "madras", "alice",
                              "alice+madras", "double-move-galvin", "marseillais+atomic", "moss"}) {
    // Fullmove 10: no first-turn quota (Galvin, balanced Marseillais) makes the colours differ.
    for (const char* fen : fens) {
      const bool alice_fen = std::string(fen).find('|') != std::string::npos;
      if (alice_fen && std::string(variant).find("alice") == std::string::npos) continue;
      std::string m = mirror_fen(fen);
      EXPECT_EQ(eval_of(variant, fen), eval_of(variant, m)) << variant << " " << fen << " / " << m;
    }
  }
}

// Explosion: an enemy man next to the enemy king that we attack is a threat to explode the king.
TEST(Eval, ExplosionDetonatorThreat) {
  // Black's knight on e7 stands next to its king on e8; White's bishop on b4 attacks e7 (on a4 it does not).
  const int threat = eval_of("atomic", "4k3/4n3/8/8/1B6/8/8/4K3 b - - 0 1");
  const int quiet = eval_of("atomic", "4k3/4n3/8/8/B7/8/8/4K3 b - - 0 1");
  EXPECT_LT(threat, quiet - 30);
  // The same bishop means nothing of the kind in orthodox chess.
  EXPECT_GT(eval_of("chess", "4k3/4n3/8/8/1B6/8/8/4K3 b - - 0 1"),
            eval_of("chess", "4k3/4n3/8/8/B7/8/8/4K3 b - - 0 1") - 30);
}

// King danger grows with the moves the enemy has in its coming turn: one (chess), two (Marseillais), a long
// series (Progressive), for the same placement.
TEST(Eval, KingDangerGrowsWithTheEnemysMoves) {
  const std::string fen = "6k1/5ppp/8/8/8/2q5/5PPP/6K1 w - - 0 20";
  const int one = eval_of("chess", fen), two = eval_of("marseillais", fen),
            many = eval_of("progressive", fen);
  EXPECT_LT(two, one);
  EXPECT_LT(many, two);
}

// Bicolour (check by both colours): an own piece next to its king is a liability, so the same placement
// scores lower than in chess for the side whose knight stands beside its king, and the same where none does.
TEST(Eval, BicolourOwnPieceNextToTheKing) {
  const std::string near = "4k3/8/8/8/8/8/3N4/4K3 w - - 0 1";  // Nd2 touches Ke1 (it does not check it)
  const std::string far = "4k3/8/8/8/8/2N5/8/4K3 w - - 0 1";
  EXPECT_EQ(eval_of("bicolour", far), eval_of("chess", far));
  EXPECT_LT(eval_of("bicolour", near), eval_of("chess", near));
}

// Rifle: a man the enemy attacks is lost whatever defends it (a shot cannot be taken back). White to move has
// a knight and a bishop attacked by the rook on d5, both defended: it can save only one.
TEST(Eval, RifleAttackedMenHang) {
  const std::string fen = "4k3/8/8/1N1r1B2/8/8/8/1R2KR2 w - - 0 1";
  EXPECT_LT(eval_of("rifle", fen), eval_of("chess", fen) - 150);
}
