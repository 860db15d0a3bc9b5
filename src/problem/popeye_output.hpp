// Solutions written the way Popeye prints them (issue 13 §3): long algebraic moves with English letters
// (`Rh1-h8`, captures `Qh2*h7`, `b2-b1=S`, `0-0`, en passant `e5*d6 ep.`, Alice's arrival board `Ke5-f4A`), a
// check, mate or stalemate mark after the turn (` +`, ` #`, ` =`), and the numbering of each kind of play.
#pragma once
#include <string>
#include <vector>

#include "problem/stipulation.hpp"
#include "rules/position.hpp"

namespace hc {

// One solution as Popeye prints it (without its indentation): help play "1.Ka1-a2 Rh1-h8   2.Ka2-a3 Rh8-a8 #"
// (h#n.5: "1...Rd1-h1 #", "1...Kf6-f5   2.Kh6-h5 Rd1-h1 #"), series "1.Kf5-g6   2.Rd1-d8 #" (ser-h, ser-s:
// the other side's last turn after the last series turn), battle play the key "1.Qh2-g1 !". The moves of a
// turn of several moves are joined by commas. `pos` is left as it was.
std::string popeye_solution(Position& pos, const Stipulation& st,
                            const std::vector<std::vector<Move>>& turns);

// A try as Popeye prints it (Option Try): "1.Rh1-a1 ?", then "but", then each refutation "1...Kb8-c8 !" — the
// lines without their indentation.
std::vector<std::string> popeye_try(Position& pos, const Stipulation& st, const std::vector<Move>& turn,
                                    const std::vector<std::vector<Move>>& refutations);

}  // namespace hc
