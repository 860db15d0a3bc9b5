// Unorthodox capture and the engine: an Atomic capture flashes a burst where the men vanished, and a game against
// the engine gets its reply live (server-sent events) and a hint on request.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, api, bothSeats, pieces, playMove, playTurn, screenshot, waitTurns, withBrowser } from './helpers.mjs';

test('atomic: a capture explodes, shown as bursts on the board', async () => {
  await withBrowser(async (page) => {
    const id = await bothSeats(page, 'atomic');
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
  });
});

test('engine: an unknown variant is refused clearly; clocks shown; the reply arrives live; the hint gives a whole turn', async () => {
  await withBrowser(async (page) => {
    await page.goto(`${BASE}/#/`);
    await page.fill('#variant', 'no-such-variant');
    await page.click('#create');
    await page.waitForSelector('#error:not([hidden])');
    assert.match(await page.textContent('#error'), /Cannot create the game: .*variant/i);
    await screenshot(page, 'error-message');
    await page.fill('#variant', 'marseillais');
    await page.fill('#movetime', '200');
    await page.fill('#clock-min', '5');
    await page.fill('#clock-inc', '2');
    await page.click('#create');
    await page.waitForSelector('.game[data-game]');
    const id = await page.getAttribute('.game', 'data-game');
    // A 5+2 clock: both shown, White's running (4:5x after a moment), Black's still at 5:00.
    await page.waitForFunction(() => /^White 4:5\d$/.test(document.querySelector('#clock-white')?.textContent ?? ''));
    assert.equal(await page.textContent('#clock-black'), 'Black 5:00');
    const clocked = await (await fetch(`${BASE}/api/games/${id}`)).json();
    assert.equal(clocked.clock.increment_ms, 2000);
    assert.equal(clocked.clock.running, 'white');
    // The hint is the engine's whole turn for White, with its evaluation.
    await page.click('#hint');
    await page.waitForFunction(() => /Best turn/.test(document.querySelector('#hint-text')?.textContent ?? ''), null, {
      timeout: 20000,
    });
    assert.match(
      await page.textContent('#hint-text'),
      /^Best turn: \S+, \S+ — evaluation [-+]\d+\.\d\d \(depth \d+\)$/,
    );
    assert.ok((await page.locator('.cg-shapes line').count()) > 0, 'the hint draws an arrow');
    await screenshot(page, 'engine-hint-clock');
    await playMove(page, 'e2e4');
    await playMove(page, 'd2d4');
    // A hint asked just before submitting answers for a position that is gone: not shown as current.
    const hinted = page.waitForResponse((r) => r.url().endsWith('/hint'));
    await page.click('#hint');
    await page.waitForTimeout(100);
    await page.click('#submit');
    await hinted;
    const state = await waitTurns(page, id, 2);
    await page.waitForFunction(() => document.querySelector('#hint-text')?.textContent !== 'Thinking…');
    assert.match(await page.textContent('#hint-text'), /^(|The position changed — ask again\.)$/);
    assert.equal(await page.locator('.cg-shapes line').count(), 0);
    assert.equal(state.players.black, 'engine');
    assert.equal(state.to_move, 'white');
    assert.match(await page.textContent('#status'), /Your turn/);
    await screenshot(page, 'engine-reply');

    await page.goto(`${BASE}/#/`);
    await page.waitForSelector(`#my-games a[href="#/game/${id}"]`);
    assert.match(await page.textContent('#my-games tr.your-turn'), /your turn/);
    // The 5+2 clock of this seat: under 5 minutes plus the increment, in minutes and seconds.
    assert.match(await page.textContent('#my-games tr.your-turn .clock-cell'), /^[45]:\d\d$/);
    await screenshot(page, 'home-my-games');
  });
});
