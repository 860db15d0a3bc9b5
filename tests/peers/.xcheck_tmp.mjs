// temporary: cross-check a referee PGN with chessops and ffish-es6
import { readFileSync } from 'node:fs';
import { parsePgn, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import { makeUci } from 'chessops/util';
import { makeFen } from 'chessops/fen';
import { ffishModule } from './peers.mjs';
const ff = await ffishModule('ffish-es6');
const games = parsePgn(readFileSync(process.argv[2], 'utf8'));
let gi = 0, bad = 0;
for (const g of games) {
  gi++;
  const pos = startingPosition(g.headers).unwrap();
  const board = new ff.Board('atomic');
  let ply = 0, ok = true;
  for (const node of g.moves.mainline()) {
    ply++;
    const m = parseSan(pos, node.san);
    if (!m) { console.log(`game ${gi} ply ${ply} ${node.san}: chessops says illegal at ${makeFen(pos.toSetup())}`); ok = false; break; }
    let uci = makeUci(m);
    const piece = pos.board.get(m.from);
    const target = pos.board.get(m.to);
    if (piece && piece.role === 'king' && target && target.role === 'rook' && target.color === piece.color)
      uci = uci.slice(0, 2) + (m.to % 8 > m.from % 8 ? 'g' : 'c') + uci[3];
    const legal = board.legalMoves().split(' ');
    if (!legal.includes(uci)) { console.log(`game ${gi} ply ${ply} ${uci}: ffish says illegal at ${board.fen()}`); ok = false; }
    pos.play(m); board.push(uci);
  }
  const out = pos.outcome();
  const res = out ? (out.winner === 'white' ? '1-0' : out.winner === 'black' ? '0-1' : '1/2-1/2') : '*';
  const tag = g.headers.get('Result');
  const ffOver = board.isGameOver(), ffRes = board.result();
  const same = res === tag && ffRes === tag;
  if (!same || !ok) bad++;
  console.log(`game ${gi}: ${ply} plies, tag ${tag} (${g.headers.get('Termination')}), chessops ${res}, ffish ${ffOver ? ffRes : 'not over'} ${same && ok ? 'OK' : 'DIFFER'}`);
  board.delete();
}
console.log(`${games.length - bad} passed, ${bad} failed`);
