// The placement field with the men chessground has no letter for (web/src/fen.ts): the capricorn C and the medieval
// fers F and alfil A (src/core/men.hpp) are read into their own roles and written back with the same letters.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ALFIL, CAPRICORN, FERS, OWN_ROLES, boardFen, parsePlacement } from '../src/fen';

test('fers and alfil are read by letter, both colours', () => {
  const [a] = parsePlacement('rnakfanr/pppppppp/8/8/8/8/PPPPPPPP/RNAKFANR w - - 0 1');
  assert.deepEqual(a.get('c1'), { role: ALFIL, color: 'white' });
  assert.deepEqual(a.get('e1'), { role: FERS, color: 'white' });
  assert.deepEqual(a.get('f8'), { role: ALFIL, color: 'black' });
  assert.deepEqual(a.get('e8'), { role: FERS, color: 'black' });
  assert.equal(a.get('d1')?.role, 'king');
});

test('the placement is written back with the same letters', () => {
  const fen = 'rnakfanr/pppppppp/8/8/3F4/2a5/PPPPPPPP/RNAK1ANR';
  assert.equal(boardFen(parsePlacement(fen + ' w - - 0 1')[0]), fen);
});

test('the roles put on the board by role', () => {
  assert.deepEqual([...OWN_ROLES].sort(), [ALFIL, CAPRICORN, FERS].sort());
});
