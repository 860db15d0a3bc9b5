// The moves made instead of moving (docs/formats.md): a missile shot `f3^e5` and a removal `f3f3`, their squares
// and their effects as the server sends them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { moveEffects } from '../src/effects';
import { isRemoval, isShot, uciSquares } from '../src/uci';

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
