#include "rules/start_position.hpp"

#include <string>

namespace hc {

void require_royal_kings(const Position& pos) {
  if (!pos.rules().royal_king) return;
  const bool white = pos.king_board(kWhite) >= 0, black = pos.king_board(kBlack) >= 0;
  if (white && black) return;
  const std::string missing = !white && !black ? "neither side has a king"
                              : !white         ? "White has no king"
                                               : "Black has no king";
  throw NotationError(missing + " (a game under these rules needs a royal king for each side, RULES.md §1.1)",
                      1);
}

}  // namespace hc
