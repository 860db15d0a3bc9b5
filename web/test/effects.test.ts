// Unit tests of the UI's rule-free readings of positions: the extended FEN's placement (Alice's board B) and what a
// move did, from the positions before and after it. The positions are written by hand from the rules (RULES.md,
// docs/formats.md), not produced by the server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boardFen, parsePlacement, sideToMove } from '../src/fen';
import { moveEffects } from '../src/effects';

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

test('a plain capture: the victim vanishes, the mover arrives', () => {
  const before = parsePlacement('rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
  const after = parsePlacement('rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2');
  const fx = moveEffects(before, after, 'e4d5');
  assert.equal(fx.kind, 'capture');
  assert.equal(fx.toBoard, 0);
  assert.deepEqual(fx.vanished, [{ board: 0, key: 'd5' }]);
});

test('en passant: the pawn passed by vanishes from its own square', () => {
  const before = parsePlacement('rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3');
  const after = parsePlacement('rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3');
  const fx = moveEffects(before, after, 'e5f6');
  assert.equal(fx.kind, 'capture');
  assert.deepEqual(fx.vanished, [{ board: 0, key: 'f5' }]);
});

test('a capture of an own man (reform-tabi): the man on the destination vanishes though its square stays white', () => {
  const knight = moveEffects(
    parsePlacement(START),
    parsePlacement('rnbqkbnr/pppppppp/8/8/8/8/PPPNPPPP/R1BQKBNR b KQkq - 0 1'),
    'b1d2',
  );
  assert.equal(knight.kind, 'capture');
  assert.deepEqual(knight.vanished, [{ board: 0, key: 'd2' }]);
  // The king takes its own rook beside it: no castling, the rook is gone.
  const king = moveEffects(
    parsePlacement('4k3/8/8/8/8/8/8/4KR2 w - - 0 1'),
    parsePlacement('4k3/8/8/8/8/8/8/5K2 b - - 0 1'),
    'e1f1',
  );
  assert.deepEqual(king.vanished, [{ board: 0, key: 'f1' }]);
});

test('a knight takes en passant (ekstrom-en-passant): the pawn passed by vanishes from its own square', () => {
  const before = parsePlacement('7k/8/8/3p4/4N3/8/8/4K3 w - d6 0 2');
  const after = parsePlacement('7k/8/3N4/8/8/8/8/4K3 b - - 0 2');
  const fx = moveEffects(before, after, 'e4d6');
  assert.equal(fx.kind, 'capture');
  assert.deepEqual(fx.vanished, [{ board: 0, key: 'd5' }]);
});

test('a Rifle shot: the shooter stays on its square, the target vanishes', () => {
  const before = parsePlacement('rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
  const after = parsePlacement('rnbqkbnr/ppp1pppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2');
  const fx = moveEffects(before, after, 'e4d5');
  assert.equal(fx.kind, 'shot');
  assert.deepEqual(fx.vanished, [{ board: 0, key: 'd5' }]);
});

test('an Atomic capture: capturer, victim and the pieces (not pawns) around vanish in a burst', () => {
  // White's knight takes the pawn on d5: the black knight on c6 and bishop on e6 stand next to it and go too.
  const before = parsePlacement('r1bqk2r/ppp1pppp/2n1b3/3p4/8/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 5');
  const after = parsePlacement('r1bqk2r/ppp1pppp/8/8/8/8/PPPP1PPP/R1BQKBNR b KQkq - 0 5');
  const fx = moveEffects(before, after, 'c3d5');
  assert.equal(fx.kind, 'burst');
  assert.equal(fx.toBoard, undefined);
  assert.deepEqual(fx.vanished.map((v) => v.key).sort(), ['c6', 'd5', 'e6']);
});

test('castling: the rook that moves with the king has not vanished', () => {
  const before = parsePlacement('rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4');
  const after = parsePlacement('rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4');
  const fx = moveEffects(before, after, 'e1g1');
  assert.deepEqual(fx.vanished, []);
  assert.equal(fx.kind, 'capture');
  assert.equal(fx.toBoard, 0);
});

test('Alice: a move from board A arrives on board B (the transfer), a capture on B arrives on A', () => {
  const before = parsePlacement(START);
  const after = parsePlacement('rnbqkbnr/pppppppp/8/8/4|P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
  const push = moveEffects(before, after, 'e2e4');
  assert.equal(push.fromBoard, 0);
  assert.equal(push.toBoard, 1);
  assert.deepEqual(push.vanished, []);
  // 2. exd5 on board B: the black pawn on B's d5 is taken, the white pawn goes through to A's d5.
  const onB = parsePlacement('rnbqkbnr/ppp1pppp/8/3|p4/4|P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
  const taken = parsePlacement('rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2');
  const fx = moveEffects(onB, taken, 'e4d5');
  assert.equal(fx.fromBoard, 1);
  assert.equal(fx.toBoard, 0);
  assert.equal(fx.kind, 'capture');
  assert.deepEqual(fx.vanished, [{ board: 1, key: 'd5' }]);
});
