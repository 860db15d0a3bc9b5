// What a move did beyond moving one man, read from the positions before and after it (no variant rules here):
// men that vanished (a shot when the mover stayed on its square, a burst when the mover itself is gone, a plain
// capture otherwise) and the board the mover arrived on (a transfer when it differs from its origin board).
import type { Key } from 'chessground/types';
import { type BoardIndex, type Placement, boardOf, samePiece } from './fen';

export type VanishKind = 'shot' | 'burst' | 'capture';

export interface MoveEffects {
  from: Key;
  to: Key;
  fromBoard: BoardIndex;
  /** The board the mover stands on afterwards (undefined: it vanished). */
  toBoard: BoardIndex | undefined;
  vanished: { board: BoardIndex; key: Key }[];
  kind: VanishKind;
}

export function moveEffects(before: Placement, after: Placement, uci: string): MoveEffects {
  const from = uci.slice(0, 2) as Key;
  const to = uci.slice(2, 4) as Key;
  const fromBoard = boardOf(before, from) ?? 0;
  const mover = before[fromBoard].get(from);
  const stayed = samePiece(after[fromBoard].get(from), mover);
  const toBoard = ([0, 1] as const).find((b) => after[b].get(to)?.color === mover?.color);

  // Squares that were occupied and are now empty or hold the other side, except the mover's own trail.
  const vanished: MoveEffects['vanished'] = [];
  for (const board of [0, 1] as const) {
    for (const [key, piece] of before[board]) {
      if (board === fromBoard && key === from) continue;
      const now = after[board].get(key);
      // A square still held by the same side keeps its man, except the mover's destination when an own man stood
      // there and did not move along (a capture of an own man; castling's rook moves along).
      const ownTaken =
        board === fromBoard && key === to && !stayed && !relocated(before, after, piece.role, piece.color, to);
      if (now && now.color === piece.color && !ownTaken) continue;
      // A man of the mover's side reappearing elsewhere moved with it (the castling rook).
      if (!now && piece.color === mover?.color && relocated(before, after, piece.role, piece.color, to)) continue;
      vanished.push({ board, key });
    }
  }
  const kind: VanishKind = stayed ? 'shot' : toBoard === undefined ? 'burst' : 'capture';
  return { from, to, fromBoard, toBoard, vanished, kind };
}

function relocated(before: Placement, after: Placement, role: string, color: string, moverTo: Key): boolean {
  for (const board of [0, 1] as const) {
    for (const [key, piece] of after[board]) {
      if (key === moverTo || piece.role !== role || piece.color !== color) continue;
      if (!before[board].has(key)) return true;
    }
  }
  return false;
}
