#include "engine/capture_gain.hpp"

#include "engine/eval.hpp"
#include "rules/kernel.hpp"

namespace hc {

int capture_gain(Position& pos, Move m) {
  if (!pos.ops().removes_men(pos, m)) return kNotCapture;
  const Rules& r = pos.rules();
  const Color us = pos.side();
  const Piece mover = pos.at(m.from_board(), m.from());
  Undo u;
  pos.ops().make(pos, m, u);
  bool enemy = false;
  int gain = 0, landed = -1;  // landed: the journal entry that put our man where it ends (after a transfer)
  for (int i = 0; i < u.count; ++i) {
    const Effect& e = u.effects[i];
    if (e.put && color_of(e.piece) == us) landed = i;
    if (!e.removes()) continue;
    const PieceType t = type_of(e.piece);
    const int v = t == kKing && r.royal_king ? kRoyalGain : piece_value(r, t);
    if (color_of(e.piece) == us) {
      gain -= v;
    } else {
      gain += v;
      enemy = true;
    }
  }
  if (enemy && landed >= 0) {
    const Effect& e = u.effects[landed];
    if (type_of(e.piece) != type_of(mover))  // a promotion
      gain += piece_value(r, type_of(e.piece)) - piece_value(r, type_of(mover));
    if (u.turn_ended && gain < kRoyalGain / 2 && pos.ops().attackers_to(pos, e.board, Square(e.square), ~us))
      gain -= piece_value(r, type_of(e.piece));
  }
  pos.undo(u);
  return enemy ? gain : kNotCapture;
}

}  // namespace hc
