// The moves made instead of moving (docs/formats.md): a missile shot `f3^e5` and a removal `f3f3`, their squares
// and their effects as the server sends them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { moveEffects } from '../src/effects';
import { followUpShot, isRemoval, isShot, uciSquares } from '../src/uci';

test('a missile shot names the firer and its target', () => {
  assert.equal(isShot('f3^e5'), true);
  assert.equal(isShot('f3e5'), false);
  assert.deepEqual(uciSquares('f3^e5'), { from: 'f3', to: 'e5' });
  assert.deepEqual(uciSquares('e7e8q'), { from: 'e7', to: 'e8' });
});

test('a removal names its square twice', () => {
  assert.equal(isRemoval('f3f3'), true);
  assert.equal(isRemoval('f3f4'), false);
  assert.equal(isRemoval('0000'), false);
  assert.deepEqual(uciSquares('f3f3'), { from: 'f3', to: 'f3' });
});

test('a missile shot: the firer stays, the target vanishes by a shot', () => {
  const fx = moveEffects('f3^e5', [{ board: 0, square: 'e5', piece: 'p', action: 'remove', cause: 'shot' }]);
  assert.equal(fx.from, 'f3');
  assert.equal(fx.to, 'e5');
  assert.equal(fx.toBoard, undefined);
  assert.deepEqual(fx.vanished, [{ board: 0, key: 'e5', kind: 'shot' }]);
});

test('a removal: the own man vanishes from its square', () => {
  const fx = moveEffects('f3f3', [{ board: 0, square: 'f3', piece: 'N', action: 'remove', cause: 'removal' }]);
  assert.deepEqual(fx.vanished, [{ board: 0, key: 'f3', kind: 'capture' }]);
});

test('a capture followed by a shot names the capture and, after the ^, its target', () => {
  assert.equal(followUpShot('g6g2^f1'), 'f1');
  assert.equal(followUpShot('e7d8q^c7'), 'c7');
  assert.equal(followUpShot('f3^e5'), undefined); // a missile shot
  assert.equal(followUpShot('g6g2'), undefined);
  assert.equal(followUpShot('g6g2^'), undefined);
  assert.equal(isShot('g6g2^f1'), false);
  assert.deepEqual(uciSquares('g6g2^f1'), { from: 'g6', to: 'g2' });
});

test('a Goliath capture and its shot: the capturer arrives, the victim is captured, the target is shot', () => {
  const fx = moveEffects('g6g2^f1', [
    { board: 0, square: 'g2', piece: 'P', action: 'remove', cause: 'capture' },
    { board: 0, square: 'g6', piece: 'q', action: 'remove', cause: 'move' },
    { board: 0, square: 'g2', piece: 'q', action: 'put', cause: 'move' },
    { board: 0, square: 'f1', piece: 'B', action: 'remove', cause: 'shot' },
  ]);
  assert.equal(fx.from, 'g6');
  assert.equal(fx.to, 'g2');
  assert.equal(fx.toBoard, 0);
  assert.deepEqual(fx.vanished, [
    { board: 0, key: 'g2', kind: 'capture' },
    { board: 0, key: 'f1', kind: 'shot' },
  ]);
});

test('a Rapid-Fire volley: the shooter stays, every man it hit vanishes by a shot', () => {
  const fx = moveEffects('d4e3', [
    { board: 0, square: 'e3', piece: 'n', action: 'remove', cause: 'shot' },
    { board: 0, square: 'c4', piece: 'p', action: 'remove', cause: 'shot' },
    { board: 0, square: 'd5', piece: 'r', action: 'remove', cause: 'shot' },
  ]);
  assert.equal(fx.toBoard, undefined);
  assert.deepEqual(
    fx.vanished.map((v) => v.key),
    ['e3', 'c4', 'd5'],
  );
});
