// Unorthodox capture and the engine: an Atomic capture flashes a burst where the men vanished, and a game against
// the engine gets its reply live (server-sent events) and a hint on request.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE,
  api,
  createFriendGame,
  launch,
  newPage,
  pieces,
  playMove,
  playTurn,
  screenshot,
  waitTurns,
} from './helpers.mjs';

test('atomic: a capture explodes, shown as bursts on the board', async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    const { id, invite } = await createFriendGame(page, 'atomic');
    await page.goto(invite);
    await page.waitForSelector(`.game[data-game="${id}"]`);
    await playTurn(page, id, ['e2e4']);
    await playTurn(page, id, ['d7d5']);
    await playMove(page, 'e4d5');
    const bursts = await page.$$eval('.fx-burst', (els) => els.map((el) => el.dataset.square).sort());
    assert.deepEqual(bursts, ['d5']);
    const [board] = await pieces(page);
    assert.equal(board.d5, undefined);
    assert.equal(board.e4, undefined);
    await screenshot(page, 'atomic-explosion');
    await page.click('#submit');
    const state = await waitTurns(page, id, 3);
    assert.ok(state.fen.startsWith('rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR b'), state.fen);
  } finally {
    await browser.close();
  }
});

test('engine: an unknown variant is refused clearly; the reply arrives live; the hint answers or says it is not available', async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${BASE}/#/`);
    await page.fill('#variant', 'no-such-variant');
    await page.click('#create');
    await page.waitForSelector('#error:not([hidden])');
    assert.match(await page.textContent('#error'), /Cannot create the game: .*variant/i);
    await screenshot(page, 'error-message');
    await page.fill('#variant', 'marseillais');
    await page.fill('#movetime', '200');
    await page.click('#create');
    await page.waitForSelector('.game[data-game]');
    const id = await page.getAttribute('.game', 'data-game');
    await page.click('#hint');
    await page.waitForFunction(() =>
      /Best turn|not available/.test(document.querySelector('#hint-text')?.textContent ?? ''),
    );
    await playMove(page, 'e2e4');
    await playMove(page, 'd2d4');
    await page.click('#submit');
    const state = await waitTurns(page, id, 2);
    assert.equal(state.players.black, 'engine');
    assert.equal(state.to_move, 'white');
    assert.match(await page.textContent('#status'), /Your turn/);
    await screenshot(page, 'engine-reply');

    await page.goto(`${BASE}/#/`);
    await page.waitForSelector(`#my-games a[href="#/game/${id}"]`);
    assert.match(await page.textContent('#my-games tr.your-turn'), /your turn/);
    await screenshot(page, 'home-my-games');
  } finally {
    await browser.close();
  }
});
