#!/usr/bin/env node
// A small, independent model of the Alice rules as README.md describes ffish-alice-es6, used to check that
// description: reads `alice<TAB>fen<TAB>depth[...]` lines and prints those where the model's perft differs
// from ffish-alice-es6 (or the counts of the input's 4th column with --expect). Silent when all agree.
//   node alice_model.mjs [--expect] < ../data/alice_ffish.tsv
// --ep-sensitive instead prints the input rows whose count could change under an en-passant rule: somewhere
// in the tree, before the last ply, a pawn double-steps beside an enemy pawn (on either board).
import { createInterface } from 'node:readline';
import { attacks } from 'chessops/attacks';
import { SquareSet } from 'chessops/squareSet';
import { perftFunction } from './peers.mjs';

const ROLE = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };
const other = color => (color === 'white' ? 'black' : 'white');

// Position: boards[0] (A) and boards[1] (B) map square (0 = a1 .. 63 = h8) -> { role, color }.
function parse(fen) {
  const [placement, turn, castling] = fen.split(' ');
  const boards = [new Map(), new Map()];
  let rank = 7, file = 0, onB = false;
  for (const ch of placement) {
    if (ch === '/') rank--, file = 0;
    else if (ch === '|') onB = true;
    else if (/\d/.test(ch)) file += Number(ch);
    else {
      boards[onB ? 1 : 0].set(rank * 8 + file++, { role: ROLE[ch.toLowerCase()], color: ch === ch.toLowerCase() ? 'black' : 'white' });
      onB = false;
    }
  }
  return { boards, turn: turn === 'w' ? 'white' : 'black', castling: castling === '-' ? '' : castling };
}

const occupied = (board, without = -1) => [...board.keys()].reduce((occ, s) => (s === without ? occ : occ.with(s)), SquareSet.empty());
// Is `square` attacked by `byColor` on this board (optionally with one square emptied first)?
function attacked(board, square, byColor, without = -1) {
  const occ = occupied(board, without);
  for (const [s, piece] of board) if (piece.color === byColor && s !== square && attacks(piece, s, occ).has(square)) return true;
  return false;
}
const kingOf = (pos, color) => {
  for (const b of [0, 1]) for (const [s, p] of pos.boards[b]) if (p.role === 'king' && p.color === color) return [b, s];
};

const besideEnemyPawn = (boards, to, color) =>
  [to - 1, to + 1].some(s => (s >> 3) === (to >> 3) && boards.some(m => m.get(s)?.role === 'pawn' && m.get(s).color !== color));

function play(pos, b, from, to, promotion, castle) {
  const boards = pos.boards.map(m => new Map(m));
  const piece = boards[b].get(from);
  boards[b].delete(from);
  boards[b].delete(to); // capture, if any
  boards[1 - b].set(to, promotion ? { role: promotion, color: piece.color } : piece);
  if (castle) {
    boards[b].delete(castle.rookFrom);
    boards[1 - b].set(castle.rookTo, { role: 'rook', color: piece.color });
  }
  let castling = pos.castling;
  const lose = { 4: 'KQ', 7: 'K', 0: 'Q', 60: 'kq', 63: 'k', 56: 'q' };
  for (const s of [from, to]) for (const c of lose[s] ?? '') castling = castling.replace(c, '');
  const epChance = piece.role === 'pawn' && Math.abs(to - from) === 16 && besideEnemyPawn(boards, to, piece.color);
  return { boards, turn: other(pos.turn), castling, epChance };
}

function legalMoves(pos) {
  const us = pos.turn, them = other(us), children = [];
  const tryMove = (b, from, to, promotion, castle) => {
    const child = play(pos, b, from, to, promotion, castle);
    const [kb, ks] = kingOf(child, us);
    if (!attacked(child.boards[kb], ks, them)) children.push(child);
  };
  for (const b of [0, 1]) {
    const here = pos.boards[b], there = pos.boards[1 - b];
    for (const [from, piece] of here) {
      if (piece.color !== us) continue;
      const targets = [];
      if (piece.role === 'pawn') {
        const dir = us === 'white' ? 8 : -8, start = us === 'white' ? 1 : 6;
        if (!here.has(from + dir)) {
          targets.push(from + dir);
          if (Math.floor(from / 8) === start && !here.has(from + 2 * dir)) targets.push(from + 2 * dir);
        }
        for (const to of attacks(piece, from, SquareSet.empty())) if (here.get(to)?.color === them) targets.push(to);
      } else {
        for (const to of attacks(piece, from, occupied(here))) if (here.get(to)?.color !== us) targets.push(to);
      }
      for (const to of targets) {
        if (there.has(to)) continue; // the square must be free on the other board
        // The king may not step onto a square attacked on the board it moves on (its origin square removed).
        if (piece.role === 'king' && attacked(here, to, them, from)) continue;
        const promotes = piece.role === 'pawn' && (to >> 3) === (us === 'white' ? 7 : 0);
        for (const promotion of promotes ? ['queen', 'rook', 'bishop', 'knight'] : [undefined]) tryMove(b, from, to, promotion);
      }
    }
  }
  // Castling: king and rook on board A on their original squares; path empty on A; king not attacked on A on
  // its start, passed and arrival squares; king and rook arrival squares empty on B; both move to board B.
  const base = us === 'white' ? 0 : 56, A = pos.boards[0];
  for (const [right, kingTo, rookFrom, rookTo, path] of [['K', 6, 7, 5, [5, 6]], ['Q', 2, 0, 3, [1, 2, 3]]]) {
    const flag = us === 'white' ? right : right.toLowerCase();
    if (!pos.castling.includes(flag)) continue;
    const king = A.get(base + 4), rook = A.get(base + rookFrom);
    if (king?.role !== 'king' || king.color !== us || rook?.role !== 'rook' || rook.color !== us) continue;
    if (path.some(f => A.has(base + f))) continue;
    const walk = kingTo > 4 ? [4, 5, 6] : [4, 3, 2];
    if (walk.some(f => attacked(A, base + f, them, base + 4))) continue;
    if (pos.boards[1].has(base + kingTo) || pos.boards[1].has(base + rookTo)) continue;
    tryMove(0, base + 4, base + kingTo, undefined, { rookFrom: base + rookFrom, rookTo: base + rookTo });
  }
  return children;
}

const perft = (pos, depth) => (depth === 0 ? 1 : legalMoves(pos).reduce((n, c) => n + perft(c, depth - 1), 0));
const epSensitive = (pos, depth) => depth >= 2 && legalMoves(pos).some(c => c.epChance || epSensitive(c, depth - 1));

const expect = process.argv.includes('--expect');
if (process.argv.includes('--ep-sensitive')) {
  let rows = 0, sensitive = 0;
  for await (const line of createInterface({ input: process.stdin })) {
    const [variant, fen, depth] = line.split('\t');
    if (variant !== 'alice') continue;
    rows++;
    if (epSensitive(parse(fen), Number(depth))) sensitive++, console.log(line);
  }
  console.error(`${sensitive} of ${rows} alice rows are en-passant sensitive`);
  process.exit(0);
}
const ffish = expect ? null : await perftFunction('ffish-alice-es6');
let checked = 0, differ = 0;
for await (const line of createInterface({ input: process.stdin })) {
  const [variant, fen, depthText, nodes] = line.split('\t');
  if (variant !== 'alice') continue;
  const depth = Number(depthText), mine = perft(parse(fen), depth);
  const theirs = expect ? Number(nodes) : ffish('alice', fen, depth);
  checked++;
  if (mine !== theirs) differ++, console.log(`${fen}\t${depth}\tmodel=${mine}\tffish-alice-es6=${theirs}`);
}
console.error(`alice model vs ${expect ? 'expected counts' : 'ffish-alice-es6'}: ${checked} rows, ${differ} differ`);
process.exitCode = differ ? 1 : 0;
