import { ffishModule, ffishPerft } from './peers.mjs';
const [variant, fen, depthText, ...pre] = process.argv.slice(2);
const ff = await ffishModule('ffish-alice-es6');
const board = new ff.Board(variant, fen);
for (const m of pre) board.push(m);
const depth = Number(depthText);
for (const m of board.legalMoves().split(' ').filter(Boolean).sort()) { board.push(m); console.log(m, ffishPerft(board, depth - 1)); board.pop(); }
console.log('fen', board.fen());
