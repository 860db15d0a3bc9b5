// Reads the placement field of the extended FEN (docs/formats.md) into one piece map per board: board 0 is the
// ordinary board (Alice's A), board 1 holds the men written with a '|' prefix (Alice's B).
import type { Key, Piece, Role } from 'chessground/types';

export type BoardIndex = 0 | 1;
export type Placement = [Map<Key, Piece>, Map<Key, Piece>];

// The capricorn (letter C, RULES.md §4.3) is a role chessground does not know: it only names the piece's CSS
// class (`piece.capricorn`, drawn in style.css), and its moves come from the server like every man's.
export const CAPRICORN = 'capricorn' as Role;
// The medieval men (RULES.md §3.3): fers (F, one square diagonally) and alfil (A, a leap of two diagonally),
// drawn the same way (`piece.fers`, `piece.alfil` in style.css). The letters are the engine's (src/core/men.hpp).
export const FERS = 'fers' as Role;
export const ALFIL = 'alfil' as Role;
/** Roles chessground has no letter for: put on the board by role after its FEN (board.ts). */
export const OWN_ROLES: ReadonlySet<Role> = new Set([CAPRICORN, FERS, ALFIL]);
const ROLES: Record<string, Role> = {
  p: 'pawn',
  n: 'knight',
  b: 'bishop',
  r: 'rook',
  q: 'queen',
  k: 'king',
  c: CAPRICORN,
  f: FERS,
  a: ALFIL,
};
const LETTERS: Record<string, string> = {
  pawn: 'p',
  knight: 'n',
  bishop: 'b',
  rook: 'r',
  queen: 'q',
  king: 'k',
  capricorn: 'c',
  fers: 'f',
  alfil: 'a',
};
const FILES = 'abcdefgh';

export function parsePlacement(fen: string): Placement {
  const boards: Placement = [new Map(), new Map()];
  const ranks = fen.split(' ')[0].split('/');
  ranks.forEach((row, i) => {
    const rank = 8 - i;
    let file = 0;
    let onB = false;
    let run = ''; // the digits of an empty run: two of them in the 16-file form ("10")
    for (const ch of row) {
      if (/\d/.test(ch)) {
        run += ch;
        continue;
      }
      file += Number(run || 0);
      run = '';
      if (ch === '|') {
        onB = true;
      } else if (ROLES[ch.toLowerCase()]) {
        const key = `${FILES[file % 8]}${rank}` as Key;
        const color = ch === ch.toUpperCase() ? 'white' : 'black';
        // The 16-file side-by-side form puts board B on files i-p.
        boards[onB || file >= 8 ? 1 : 0].set(key, { role: ROLES[ch.toLowerCase()], color });
        file += 1;
        onB = false;
      }
    }
  });
  return boards;
}

/** A chessground placement FEN of one board. */
export function boardFen(pieces: Map<Key, Piece>): string {
  const rows: string[] = [];
  for (let rank = 8; rank >= 1; rank--) {
    let row = '';
    let empty = 0;
    for (const f of FILES) {
      const piece = pieces.get(`${f}${rank}` as Key);
      if (!piece) {
        empty += 1;
        continue;
      }
      if (empty) row += empty;
      empty = 0;
      const letter = LETTERS[piece.role];
      row += piece.color === 'white' ? letter.toUpperCase() : letter;
    }
    rows.push(empty ? row + empty : row);
  }
  return rows.join('/');
}

export function sideToMove(fen: string): 'white' | 'black' {
  return fen.split(' ')[1] === 'b' ? 'black' : 'white';
}

/** The board a man on this square stands on (undefined: empty on both). */
export function boardOf(placement: Placement, key: Key): BoardIndex | undefined {
  if (placement[0].has(key)) return 0;
  if (placement[1].has(key)) return 1;
  return undefined;
}

export const samePiece = (a?: Piece, b?: Piece) => !!a && !!b && a.role === b.role && a.color === b.color;
