import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatClock } from '../src/clock';

test('clock text: minutes and seconds, hours, days; partial seconds round up, never negative', () => {
  assert.equal(formatClock(300000), '5:00');
  assert.equal(formatClock(299001), '5:00');
  assert.equal(formatClock(299000), '4:59');
  assert.equal(formatClock(9000), '0:09');
  assert.equal(formatClock(3723000), '1:02:03');
  assert.equal(formatClock(3 * 86400000), '3d 0h');
  assert.equal(formatClock(86400000 + 5 * 3600000 + 59 * 60000), '1d 5h');
  assert.equal(formatClock(-1500), '0:00');
});
