import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PlayerGame } from '../src/api';
import { judgeInvite, refusedInviteMessage } from '../src/invite';

const entry = (id: string, color: 'white' | 'black'): PlayerGame => ({
  id,
  variant: 'chess',
  color,
  to_move: 'white',
  your_turn: color === 'white',
  turns: 0,
  result: '*',
  termination: '',
  draw_offer: '',
  clock: null,
});
const people = { white: 'human', black: 'human' } as const;

test('an invitation token is kept only when the server lists it in the game, on the side it plays', () => {
  const link = { gameId: 'g1', color: 'black', token: 't' } as const;
  assert.deepEqual(judgeInvite(link, [entry('g1', 'black')], people), { ok: true, color: 'black' });
  // A garbage token plays nowhere: the server lists no game for it.
  assert.deepEqual(judgeInvite(link, [], people), { ok: false, reason: 'its token does not play in this game' });
  // A token of another game is not a seat in this one.
  assert.equal(judgeInvite(link, [entry('g2', 'black')], people).ok, false);
  // The link names the wrong side: the seat is where the token plays.
  assert.deepEqual(judgeInvite({ ...link, color: 'white' }, [entry('g1', 'black')], people), {
    ok: true,
    color: 'black',
  });
  // The engine's side is no seat for a person.
  assert.equal(judgeInvite(link, [entry('g1', 'black')], { white: 'human', black: 'engine' }).ok, false);
});

test('the message for a refused link says why and that the saved seat is kept', () => {
  assert.equal(
    refusedInviteMessage('its token does not play in this game', true),
    'This invitation link is not valid: its token does not play in this game. Nothing was saved; your own seat in this game is kept.',
  );
  assert.match(refusedInviteMessage('x', false), /Nothing was saved\.$/);
});
