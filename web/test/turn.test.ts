import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { GameState, LegalAnswer } from '../src/api';
import { STOP, TurnEntry } from '../src/turn';

const state = (over: Partial<GameState>): GameState => ({
  id: 'g1',
  variant: 'very-scottish',
  boards: 1,
  components: ['very-scottish'],
  start_fen: '',
  fen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
  turns: ['e2e4'],
  movetext: '1. e4',
  to_move: 'black',
  fullmove: 1,
  moves_this_turn: 2,
  moves_left: 2,
  turn_unbounded: false,
  can_stop: false,
  result: '*',
  termination: '',
  draw_offer: '',
  players: { white: 'human', black: 'human' },
  in_check: false,
  legal_moves: [
    { uci: 'e7e5', san: 'e5' },
    { uci: 'd7d5', san: 'd5' },
  ],
  version: 1,
  ...over,
});

/** Answers every /legal request with `answer` and records the prefixes asked for. */
function serve(answer: Partial<LegalAnswer>): string[] {
  const asked: string[] = [];
  globalThis.fetch = (async (input: string) => {
    asked.push(decodeURIComponent(String(input).split('prefix=')[1] ?? ''));
    const body: LegalAnswer = {
      prefix: '',
      played: [],
      fen: '',
      turn_complete: false,
      moves_left: 1,
      legal_moves: [],
      ...answer,
    };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return asked;
}

test('the stop is offered only when the server says it is legal, and never as a move on the board', async () => {
  const entry = TurnEntry.fromState(state({}));
  assert.equal(entry.canStop, false);
  assert.equal(entry.movesLeft, 2);

  const asked = serve({
    played: [{ uci: 'e7e5', san: 'e5', fen: 'x', effects: [] }],
    moves_left: 1,
    can_stop: true,
    legal_moves: [
      { uci: 'd7d5', san: 'd5' },
      { uci: STOP, san: '--' },
    ],
  });
  await entry.play('e7e5');
  assert.equal(entry.canStop, true);
  assert.equal(entry.movesLeft, 1);
  assert.deepEqual(
    entry.legal.map((m) => m.uci),
    ['d7d5'],
  );

  const askedAfter = serve({
    played: [
      { uci: 'e7e5', san: 'e5', fen: 'x', effects: [] },
      { uci: STOP, san: '--', fen: 'y', effects: [] },
    ],
    turn_complete: true,
    moves_left: 0,
    can_stop: false,
    legal_moves: [],
  });
  await entry.play(STOP);
  assert.equal(entry.complete, true);
  assert.equal(entry.canStop, false);
  assert.equal(entry.movesLeft, 0);
  assert.deepEqual(entry.moves, ['e7e5', STOP]);
  assert.deepEqual(entry.sans, ['e5', '--']);
  assert.deepEqual(asked, ['e7e5']);
  assert.deepEqual(askedAfter, ['e7e5,0000'], 'the stop is asked of the server like any move');
});

test('a turn without a fixed length has no count of moves left; an older server without can_stop still works', async () => {
  const entry = TurnEntry.fromState(
    state({ variant: 'hurricane', moves_this_turn: null, moves_left: null, turn_unbounded: true }),
  );
  assert.equal(entry.movesLeft, null);
  serve({
    played: [{ uci: 'e7e5', san: 'e5', fen: 'x', effects: [] }],
    moves_left: null,
    legal_moves: [{ uci: STOP, san: '--' }],
  });
  await entry.play('e7e5');
  assert.equal(entry.movesLeft, null);
  assert.equal(entry.canStop, true, 'read from the legal moves when can_stop is absent');
  assert.deepEqual(entry.legal, []);
});
