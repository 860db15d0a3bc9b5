// What a move did beyond moving one man, read from the server's journal of the move (`effects`, docs/server.md):
// the men it removed and why (a shot, a burst where the capturer died or an explosion took bystanders, a plain
// capture otherwise), the men put back (Circe rebirth) and the board the mover ended on (a transfer when it
// differs from its origin board). Nothing is read from the positions before and after: the server says every
// removal, whatever the rule.
import type { Key } from 'chessground/types';
import type { BoardIndex } from './fen';
import { uciSquares } from './uci';

/** One entry of a move's journal, as the server sends it. */
export interface Effect {
  board: number;
  square: string;
  piece: string;
  action: 'put' | 'remove';
  cause: string;
}

export type VanishKind = 'shot' | 'burst' | 'capture' | 'butt';

export interface MoveEffects {
  from: Key;
  to: Key;
  fromBoard: BoardIndex;
  /** The board the mover stands on afterwards (undefined: it vanished, or stayed to shoot). */
  toBoard: BoardIndex | undefined;
  vanished: { board: BoardIndex; key: Key; kind: VanishKind }[];
  /** Captured men put back on the board (Circe rebirth, cause `rebirth`), where they reappear. */
  reborn: { board: BoardIndex; key: Key }[];
}

/** Causes under which a removal takes a man off the board (rules/position.hpp is_removing, and turn-start: the
 * opponent's turn-start removal, journalled with the move that ended the turn). */
const REMOVING = new Set(['capture', 'capturer', 'explosion', 'shot', 'sweep', 'removal', 'butt', 'turn-start']);
/** Causes under which the mover (or the promoted man replacing it) arrives somewhere. */
const ARRIVING = new Set(['move', 'promotion', 'transfer']);

const boardIndex = (n: number): BoardIndex => (n === 1 ? 1 : 0);

export function moveEffects(uci: string, effects: readonly Effect[]): MoveEffects {
  const squares = uciSquares(uci); // a missile shot `f3^e5` names its target after the '^'
  const from = squares.from as Key;
  const to = squares.to as Key;
  const leaving = effects.find((e) => e.action === 'remove' && (e.cause === 'move' || e.cause === 'capturer'));
  const fromBoard = boardIndex(leaving?.board ?? 0);
  const arrivals = effects.filter((e) => e.action === 'put' && ARRIVING.has(e.cause));
  const last = arrivals[arrivals.length - 1];
  const toBoard = last ? boardIndex(last.board) : undefined;
  const capturerDied = effects.some((e) => e.action === 'remove' && e.cause === 'capturer');
  const kindOf = (cause: string): VanishKind =>
    cause === 'shot' ? 'shot' : cause === 'butt' ? 'butt' : cause === 'explosion' || capturerDied ? 'burst' : 'capture';
  // The capturer's own end is shown by the burst where it struck, not by a mark on the square it left.
  const vanished = effects
    .filter((e) => e.action === 'remove' && REMOVING.has(e.cause) && e.cause !== 'capturer')
    .map((e) => ({ board: boardIndex(e.board), key: e.square as Key, kind: kindOf(e.cause) }));
  const reborn = effects
    .filter((e) => e.action === 'put' && e.cause === 'rebirth')
    .map((e) => ({ board: boardIndex(e.board), key: e.square as Key }));
  return { from, to, fromBoard, toBoard, vanished, reborn };
}
