// Every variant the server lists, and its showcase compositions (both from GET /api/variants, i.e. the catalogue),
// can be played in the browser: a game between two people is created through the form, then each side plays its
// first whole turn by clicking. The moves are chosen from the
// server's legal moves (the rules authority), move by move, so multi-move turns are entered the way a person would.
// Where the rules allow a voluntary stop, the first side that may stop ends its turn with "End turn here" and the
// other plays its turn out; the page's count of moves left and its End-turn button follow the server's turn state.
// A Rifle shot is also checked: the shooter stays and the target vanishes with a shot mark.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE,
  api,
  bothSeats,
  createFriendGame,
  movesLeft,
  openGame,
  pieces,
  playMove,
  screenshot,
  withBrowser,
} from './helpers.mjs';

/** The ids and showcase compositions of the catalogue, as the server lists them: [{ id, boards }]. */
async function catalogue() {
  const { variants, showcase } = await api('/api/variants');
  assert.ok(showcase.length >= 1, 'the server lists no showcase compositions');
  return [...variants, ...showcase];
}

const STOP = '0000';
/** Ids whose first turns allow a stop only from another position: Sputnik's stop follows a sputnik move, and the
 * start array has no man in the enemy half (here White's knight on e5 is one). */
const START_FENS = { sputnik: 'rnbqkbnr/pppppppp/8/4N3/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1' };
/** The ids whose rules allow a voluntary stop (turn-spec: after a move). */
const STOP_IDS = ['very-scottish', 'citizen', 'doublet', 'threesum', 'hurricane', 'battle-ratushny', 'omni-chess', 'sputnik'];

/** The move to play: the last one listed (pawn moves come last, so a variety of pushes rather than knight shuffles);
 * with `toStop`, the last one after which the turn may be stopped, if any. */
async function chooseMove(id, played, moves, toStop) {
  if (toStop) {
    for (const { uci } of [...moves].reverse()) {
      const next = await api(`/api/games/${id}/legal?prefix=${[...played, uci].join(',')}`);
      if (next.can_stop) return uci;
    }
  }
  return moves[moves.length - 1].uci;
}

/** Plays the side to move's whole turn by clicking, each move the last legal one the server lists after the prefix
 * (the stop aside). With `stop`, the turn ends with "End turn here" as soon as the rules allow; without, only when
 * nothing else is legal. Returns the state after the turn and whether it ended with the stop. */
async function playSomeTurn(page, id, { stop = false } = {}) {
  const before = await api(`/api/games/${id}`);
  const played = [];
  for (;;) {
    const legal = await api(`/api/games/${id}/legal?prefix=${played.join(',')}`);
    if (legal.turn_complete) break;
    const after = `after ${played.join(',') || 'nothing'}`;
    assert.equal(await movesLeft(page), legal.moves_left, `moves left ${after}`);
    assert.equal(
      legal.can_stop,
      legal.legal_moves.some((m) => m.uci === STOP),
    );
    assert.equal(await page.isVisible('#end-turn'), legal.can_stop, `End turn shown ${after}`);
    const moves = legal.legal_moves.filter((m) => m.uci !== STOP);
    if (legal.can_stop && (stop || !moves.length)) {
      played.push(STOP);
      await page.click('#end-turn'); // sends the turn
      break;
    }
    const move = await chooseMove(id, played, moves, stop);
    await playMove(page, move);
    played.push(move);
  }
  if (played[played.length - 1] !== STOP) {
    assert.equal(await movesLeft(page), 0);
    assert.ok(!(await page.isVisible('#end-turn')), 'no End turn once the turn is complete');
    await page.click('#submit');
  }
  // At least this turn (an engine may already have answered it).
  await page.waitForFunction(
    (n) => document.querySelectorAll('#movelist li.turn:not(.pending)').length >= n,
    before.turns.length + 1,
  );
  const after = await api(`/api/games/${id}`);
  assert.deepEqual(after.turns.slice(0, before.turns.length + 1), [...before.turns, played.join(',')]);
  return { ...after, stopped: played[played.length - 1] === STOP };
}

test('every variant and some compositions: both sides play a whole turn through the UI', async () => {
  const ids = await catalogue();
  assert.ok(ids.length >= 16, `only ${ids.length} ids`);
  const stopped = [];
  await withBrowser(async (page) => {
    for (const { id: variant, boards } of ids) {
      const { id, invite } = await createFriendGame(page, variant, START_FENS[variant] ?? '');
      // The UI draws as many boards as the server says the variant has.
      assert.equal(await page.locator('.board-box').count(), boards, `${variant}: boards drawn`);
      const white = await playSomeTurn(page, id, { stop: true });
      assert.equal(white.to_move, 'black', variant);
      // Black's seat: the view is drawn from the loaded state before its count is read.
      await openGame(page, invite, id);
      const black = await playSomeTurn(page, id, { stop: !white.stopped });
      assert.equal(black.to_move, 'white', variant);
      assert.equal(black.result, '*', variant);
      if (white.stopped || black.stopped) stopped.push(variant);
      // The move list is the server's own notation of the game, turn by turn.
      const shown = (await page.textContent('#movelist')).replace(/\s+/g, ' ');
      for (const piece of black.movetext.split(/\s+/).filter((t) => !/^\d+\.$/.test(t)))
        assert.ok(shown.includes(piece.replace(/^\d+\./, '')), `${variant}: '${piece}' not in '${shown}'`);
      if (variant === 'progressive+alice') await screenshot(page, 'progressive-alice');
    }
  });
  // Every id whose rules allow a stop ended one of its first two turns with it.
  for (const variant of STOP_IDS)
    if (ids.some((v) => v.id === variant)) assert.ok(stopped.includes(variant), `${variant}: no turn ended by a stop`);
});

test('every variant and some compositions: the engine answers a turn played through the UI', async () => {
  const ids = await catalogue();
  await withBrowser(async (page) => {
    for (const { id: variant } of ids) {
      await page.goto(`${BASE}/#/`);
      await page.fill('#variant', variant);
      await page.selectOption('#opponent', 'engine');
      await page.fill('#movetime', '100');
      await page.click('#create');
      await page.waitForSelector('.game[data-game]');
      const id = await page.getAttribute('.game', 'data-game');
      await playSomeTurn(page, id);
      // The engine's reply (a 100 ms search) arrives live and is shown as the second turn of the move list.
      await page
        .waitForFunction(() => document.querySelectorAll('#movelist li.turn:not(.pending)').length === 2, null, {
          timeout: 20000,
        })
        .catch((e) => assert.fail(`${variant}: no engine reply shown within 20 s (${e.message})`));
      const state = await api(`/api/games/${id}`);
      assert.equal(state.players.black, 'engine', variant);
      assert.equal(state.turns.length, 2, variant);
      assert.equal(state.to_move, 'white', variant);
    }
  });
});

test('rifle: a shot removes the target, the shooter stays, and the shot is marked', async () => {
  await withBrowser(async (page) => {
    const id = await bothSeats(page, 'rifle');
    for (const [i, move] of ['e2e4', 'd7d5'].entries()) {
      await playMove(page, move);
      await page.click('#submit');
      await page.waitForFunction(
        (n) => document.querySelectorAll('#movelist li.turn:not(.pending)').length === n,
        i + 1,
      );
    }
    await playMove(page, 'e4d5'); // compulsory, and a shot: the pawn stays on e4
    const shots = await page.$$eval('.fx-shot', (els) => els.map((el) => el.dataset.square));
    assert.deepEqual(shots, ['d5']);
    const [board] = await pieces(page);
    assert.match(board.e4, /white pawn/);
    assert.equal(board.d5, undefined);
    await screenshot(page, 'rifle-shot');
    await page.click('#submit');
    await page.waitForFunction(() => document.querySelectorAll('#movelist li.turn:not(.pending)').length === 3);
    const state = await api(`/api/games/${id}`);
    assert.ok(state.fen.startsWith('rnbqkbnr/ppp1pppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b'), state.fen);
  });
});
