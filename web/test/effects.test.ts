// Unit tests of the UI's rule-free readings: the extended FEN's placement (Alice's board B), and what a move did,
// from the move's journal as the server sends it (`effects`, docs/server.md). The positions and journals are
// written by hand from the rules (RULES.md, docs/formats.md), not produced by the server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boardFen, parsePlacement, sideToMove } from '../src/fen';
import { type Effect, moveEffects } from '../src/effects';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

test('placement: the standard array on board A, nothing on B', () => {
  const [a, b] = parsePlacement(START);
  assert.equal(a.size, 32);
  assert.equal(b.size, 0);
  assert.deepEqual(a.get('e1'), { role: 'king', color: 'white' });
  assert.deepEqual(a.get('d8'), { role: 'queen', color: 'black' });
  assert.equal(boardFen(a), START.split(' ')[0]);
  assert.equal(sideToMove(START), 'white');
  assert.equal(sideToMove('8/8/8/8/8/8/8/8 b - - 0 1 made=1'), 'black');
});

test("placement: Alice's '|' prefix and the 16-file side-by-side form put men on board B", () => {
  const [a, b] = parsePlacement('rnbqkbnr/ppp1pppp/8/3|p4/4|P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
  assert.deepEqual(b.get('d5'), { role: 'pawn', color: 'black' });
  assert.deepEqual(b.get('e4'), { role: 'pawn', color: 'white' });
  assert.equal(a.has('d5') || a.has('e4'), false);
  assert.equal(a.size, 30);
  // Files i-p are board B: a white knight on B's c3 and a black king on A's h8.
  const [a16, b16] = parsePlacement('7k8/16/16/16/16/10N5/16/4K11 w - - 0 1');
  assert.deepEqual(a16.get('h8'), { role: 'king', color: 'black' });
  assert.deepEqual(b16.get('c3'), { role: 'knight', color: 'white' });
  assert.deepEqual(a16.get('e1'), { role: 'king', color: 'white' });
  assert.equal(b16.size, 1);
});

const fx = (board: number, square: string, piece: string, action: 'put' | 'remove', cause: string): Effect => ({
  board,
  square,
  piece,
  action,
  cause,
});

test('a plain capture: the victim vanishes, the mover arrives', () => {
  const m = moveEffects('e4d5', [
    fx(0, 'd5', 'p', 'remove', 'capture'),
    fx(0, 'e4', 'P', 'remove', 'move'),
    fx(0, 'd5', 'P', 'put', 'move'),
  ]);
  assert.equal(m.fromBoard, 0);
  assert.equal(m.toBoard, 0);
  assert.deepEqual(m.vanished, [{ board: 0, key: 'd5', kind: 'capture' }]);
});

test('en passant: the pawn passed by vanishes from its own square', () => {
  const m = moveEffects('e5f6', [
    fx(0, 'f5', 'p', 'remove', 'capture'),
    fx(0, 'e5', 'P', 'remove', 'move'),
    fx(0, 'f6', 'P', 'put', 'move'),
  ]);
  assert.deepEqual(m.vanished, [{ board: 0, key: 'f5', kind: 'capture' }]);
});

test('a capture of an own man (reform-tabi): the man on the destination vanishes though its square stays white', () => {
  // Nb1xd2, taking White's own pawn.
  const knight = moveEffects('b1d2', [
    fx(0, 'd2', 'P', 'remove', 'capture'),
    fx(0, 'b1', 'N', 'remove', 'move'),
    fx(0, 'd2', 'N', 'put', 'move'),
  ]);
  assert.equal(knight.toBoard, 0);
  assert.deepEqual(knight.vanished, [{ board: 0, key: 'd2', kind: 'capture' }]);
  // The king takes its own rook beside it: no castling, the rook is gone.
  const king = moveEffects('e1f1', [
    fx(0, 'f1', 'R', 'remove', 'capture'),
    fx(0, 'e1', 'K', 'remove', 'move'),
    fx(0, 'f1', 'K', 'put', 'move'),
  ]);
  assert.deepEqual(king.vanished, [{ board: 0, key: 'f1', kind: 'capture' }]);
});

test('a knight takes en passant (ekstrom-en-passant): the pawn passed by vanishes from its own square', () => {
  const m = moveEffects('e4d6', [
    fx(0, 'd5', 'p', 'remove', 'capture'),
    fx(0, 'e4', 'N', 'remove', 'move'),
    fx(0, 'd6', 'N', 'put', 'move'),
  ]);
  assert.equal(m.toBoard, 0);
  assert.deepEqual(m.vanished, [{ board: 0, key: 'd5', kind: 'capture' }]);
});

test('a Rifle shot: the shooter stays on its square, the target vanishes', () => {
  const m = moveEffects('e4d5', [fx(0, 'd5', 'p', 'remove', 'shot')]);
  assert.equal(m.toBoard, undefined);
  assert.deepEqual(m.vanished, [{ board: 0, key: 'd5', kind: 'shot' }]);
});

test('an Atomic capture: victim and the pieces (not pawns) around vanish in a burst; the capturer is not marked', () => {
  // White's knight takes the pawn on d5: the black knight on c6 and bishop on e6 stand next to it and go too.
  const m = moveEffects('c3d5', [
    fx(0, 'd5', 'p', 'remove', 'capture'),
    fx(0, 'c3', 'N', 'remove', 'capturer'),
    fx(0, 'c6', 'n', 'remove', 'explosion'),
    fx(0, 'e6', 'b', 'remove', 'explosion'),
  ]);
  assert.equal(m.toBoard, undefined);
  assert.equal(m.fromBoard, 0);
  assert.deepEqual(
    m.vanished.map((v) => `${v.key} ${v.kind}`),
    ['d5 burst', 'c6 burst', 'e6 burst'],
  );
});

test('a capricorn butts (capricorn): the enemy men next to its arrival square vanish, marked as butts', () => {
  // RULES.md §9.21: Ce1-e6 removes d5, d6, e7 and f5.
  const m = moveEffects('e1e6', [
    fx(0, 'e1', 'C', 'remove', 'move'),
    fx(0, 'e6', 'C', 'put', 'move'),
    fx(0, 'd5', 'p', 'remove', 'butt'),
    fx(0, 'f5', 'p', 'remove', 'butt'),
    fx(0, 'd6', 'p', 'remove', 'butt'),
    fx(0, 'e7', 'p', 'remove', 'butt'),
  ]);
  assert.equal(m.toBoard, 0);
  assert.deepEqual(
    m.vanished.map((v) => `${v.key} ${v.kind}`),
    ['d5 butt', 'f5 butt', 'd6 butt', 'e7 butt'],
  );
});

test('castling: the rook that moves with the king has not vanished', () => {
  const m = moveEffects('e1g1', [
    fx(0, 'e1', 'K', 'remove', 'move'),
    fx(0, 'h1', 'R', 'remove', 'castling-rook'),
    fx(0, 'g1', 'K', 'put', 'move'),
    fx(0, 'f1', 'R', 'put', 'castling-rook'),
  ]);
  assert.deepEqual(m.vanished, []);
  assert.equal(m.toBoard, 0);
});

test('a promotion replaces the pawn: nothing vanishes', () => {
  const m = moveEffects('a7a8q', [fx(0, 'a7', 'P', 'remove', 'move'), fx(0, 'a8', 'Q', 'put', 'promotion')]);
  assert.deepEqual(m.vanished, []);
  assert.equal(m.toBoard, 0);
});

test('a removal after a quiet move (a sweep) is shown though nothing was captured on the destination', () => {
  const m = moveEffects('g1f3', [
    fx(0, 'g1', 'N', 'remove', 'move'),
    fx(0, 'f3', 'N', 'put', 'move'),
    fx(0, 'e5', 'p', 'remove', 'sweep'),
  ]);
  assert.deepEqual(m.vanished, [{ board: 0, key: 'e5', kind: 'capture' }]);
  assert.equal(m.toBoard, 0);
});

test("the removals at the next turn's start (archimedes) are shown with the move that ended the turn", () => {
  // 1...Kd8: White's turn starts with the knight d4 and then the king d8 removed (attacked twice each).
  const m = moveEffects('e8d8', [
    fx(0, 'e8', 'k', 'remove', 'move'),
    fx(0, 'd8', 'k', 'put', 'move'),
    fx(0, 'd4', 'n', 'remove', 'turn-start'),
    fx(0, 'd8', 'k', 'remove', 'turn-start'),
  ]);
  assert.deepEqual(m.vanished, [
    { board: 0, key: 'd4', kind: 'capture' },
    { board: 0, key: 'd8', kind: 'capture' },
  ]);
});

test('Alice: a move from board A arrives on board B (the transfer), a capture on B arrives on A', () => {
  const push = moveEffects('e2e4', [fx(0, 'e2', 'P', 'remove', 'move'), fx(1, 'e4', 'P', 'put', 'move')]);
  assert.equal(push.fromBoard, 0);
  assert.equal(push.toBoard, 1);
  assert.deepEqual(push.vanished, []);
  // 2. exd5 on board B: the black pawn on B's d5 is taken, the white pawn goes through to A's d5.
  const m = moveEffects('e4d5', [
    fx(1, 'd5', 'p', 'remove', 'capture'),
    fx(1, 'e4', 'P', 'remove', 'move'),
    fx(1, 'd5', 'P', 'put', 'move'),
    fx(1, 'd5', 'P', 'remove', 'transfer'),
    fx(0, 'd5', 'P', 'put', 'transfer'),
  ]);
  assert.equal(m.fromBoard, 1);
  assert.equal(m.toBoard, 0);
  assert.deepEqual(m.vanished, [{ board: 1, key: 'd5', kind: 'capture' }]);
});

test('Circe rebirth: the captured pawn vanishes from d5 and reappears on d7', () => {
  const m = moveEffects('e4d5', [
    fx(0, 'd5', 'p', 'remove', 'capture'),
    fx(0, 'e4', 'P', 'remove', 'move'),
    fx(0, 'd5', 'P', 'put', 'move'),
    fx(0, 'd7', 'p', 'put', 'rebirth'),
  ]);
  assert.equal(m.toBoard, 0);
  assert.deepEqual(m.vanished, [{ board: 0, key: 'd5', kind: 'capture' }]);
  assert.deepEqual(m.reborn, [{ board: 0, key: 'd7' }]);
});
