#!/usr/bin/env node
// Random reachable positions with peer perft counts.
//   node random_positions.mjs --variant atomic --count N --seed S [--plies-max P] [--depth D] [--deeper K]
// Plays seeded random games from the start position (chessops moves for chess/atomic, ffish-alice-es6 moves for
// alice), keeps N distinct end positions and prints `variant<TAB>fen<TAB>depth<TAB>nodes` for depth 1..D
// (1..D+1 for the first K positions). For chess/atomic a row is printed only where chessops and ffish-es6 agree;
// disagreements go to stderr and are counted. Alice rows come from ffish-alice-es6 alone.
// As a module: randomFens() and peerPerft() (used by live_check.mjs).
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { makeFen } from 'chessops/fen';
import { squareRank } from 'chessops/util';
import { chessopsPosition, ffishModule, parseArgs, perftFunction, prng } from './peers.mjs';

export const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

// The peers that count a variant's positions: both for chess/atomic, ffish-alice-es6 alone for alice.
export const peersFor = variant => (variant === 'alice' ? ['ffish-alice-es6'] : ['chessops', 'ffish-es6']);

export function chessopsMoves(pos) {
  const moves = [];
  for (const [from, dests] of pos.allDests()) {
    const promotes = pos.board.pawn.has(from) && squareRank(from) === (pos.turn === 'white' ? 6 : 1);
    for (const to of dests) {
      for (const promotion of promotes ? ['queen', 'rook', 'bishop', 'knight'] : [undefined]) moves.push({ from, to, promotion });
    }
  }
  return moves;
}

// `count` distinct final positions (six-field FENs) of seeded random games of 1..pliesMax moves from the start
// position. A game that ends early (mate, stalemate, exploded king) is kept only one time in four, so that most
// positions have moves to count. Same arguments => same list, on every machine.
export async function randomFens({ variant, count, seed, pliesMax = 60 }) {
  const random = prng(seed);
  const pick = list => list[Math.floor(random() * list.length)];
  const ff = variant === 'alice' ? await ffishModule('ffish-alice-es6') : null;
  const board = ff ? new ff.Board('alice', START) : null; // reused: constructing a Board costs ~8 ms

  function playout() {
    const plies = 1 + Math.floor(random() * pliesMax);
    let ended = false;
    if (board) {
      board.setFen(START);
      for (let i = 0; i < plies && !ended; i++) {
        const moves = board.legalMoves().split(' ').filter(Boolean);
        if (moves.length) board.push(pick(moves));
        else ended = true;
      }
      const fen = board.fen().split(' ').slice(0, 6).join(' ');
      return ended && random() >= 0.25 ? null : fen;
    }
    const pos = chessopsPosition(variant, START);
    for (let i = 0; i < plies && !ended; i++) {
      const moves = chessopsMoves(pos);
      if (moves.length) pos.play(pick(moves));
      else ended = true;
    }
    return ended && random() >= 0.25 ? null : makeFen(pos.toSetup());
  }

  const fens = [];
  const seen = new Set();
  try {
    for (let attempts = 0; fens.length < count && attempts < count * 100; attempts++) {
      const fen = playout();
      if (fen && !seen.has(fen)) seen.add(fen), fens.push(fen);
    }
  } finally {
    board?.delete();
  }
  return fens;
}

// Returns (fen, depth) => { counts, agree }: one count per peer of peersFor(variant), in that order.
export async function peerPerft(variant) {
  const perft = await Promise.all(peersFor(variant).map(perftFunction));
  return (fen, depth) => {
    const counts = perft.map(fn => fn(variant, fen, depth));
    return { counts, agree: counts.every(n => n === counts[0]) };
  };
}

async function main() {
  const args = parseArgs(process.argv.slice(2), { variant: 'atomic', count: 100, seed: 1, 'plies-max': 60, depth: 3, deeper: 0 });
  const { variant, count, seed } = args;
  const fens = await randomFens({ variant, count, seed, pliesMax: args['plies-max'] });
  if (fens.length < count) console.error(`only ${fens.length} distinct positions found`);

  const peers = peersFor(variant);
  const perft = await peerPerft(variant);
  let rows = 0, disagreements = 0;
  fens.forEach((fen, index) => {
    const maxDepth = args.depth + (index < args.deeper ? 1 : 0);
    for (let depth = 1; depth <= maxDepth; depth++) {
      const { counts, agree } = perft(fen, depth);
      if (agree) {
        rows++;
        console.log([variant, fen, depth, counts[0]].join('\t'));
      } else {
        disagreements++;
        console.error(`DISAGREE\t${variant}\t${fen}\t${depth}\t${peers.map((p, i) => `${p}=${counts[i]}`).join(' ')}`);
      }
    }
  });
  console.error(`${variant} seed ${seed}: ${fens.length} positions, ${rows} rows agreed by ${peers.join(' + ')}, ${disagreements} disagreements`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) await main();
