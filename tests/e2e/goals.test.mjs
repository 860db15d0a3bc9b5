// Goals beyond checkmate in the browser (issue 11): where the king is an ordinary man the promotion dialog also
// offers a king (its choices are the server's legal moves), and a game won by its goal — the promotion race's pawn
// on the last rank — ends with that result shown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, bothSeats, clickSquare, pieces, playMove, screenshot, waitTurns, withBrowser } from './helpers.mjs';

test('marseillais-losing: the promotion dialog offers a king, and the new king moves on', async () => {
  await withBrowser(async (page) => {
    const id = await bothSeats(page, 'marseillais-losing', '7k/4P3/8/8/8/8/8/r7 w - - 0 1');
    await clickSquare(page, 0, 'e7');
    await clickSquare(page, 0, 'e8');
    await page.waitForSelector('#promotion');
    const offered = await page.$$eval('#promotion button[data-uci]', (bs) => bs.map((b) => b.getAttribute('data-uci')));
    assert.deepEqual([...offered].sort(), ['e7e8b', 'e7e8k', 'e7e8n', 'e7e8q', 'e7e8r']);
    assert.match(await page.textContent('#promotion'), /e8=K/);
    await screenshot(page, 'losing-promotion-to-king');
    await page.click('#promotion button[data-uci="e7e8k"]');
    // The promotion is entered once the server's /legal answered (playMove counts the moves entered from here).
    await page.waitForFunction(() => Number(document.querySelector('#pending')?.getAttribute('data-count')) === 1);
    await playMove(page, 'e8d7'); // the second move of the turn, by the new king
    await page.click('#submit');
    const state = await waitTurns(page, id, 1);
    assert.deepEqual(state.turns, ['e7e8k,e8d7']);
    assert.match((await pieces(page))[0].d7, /^white king/);
  });
});

test('kamikaze-promotion-race: the first pawn on the last rank wins, and the page says so', async () => {
  await withBrowser(async (page) => {
    const id = await bothSeats(page, 'kamikaze-promotion-race', 'k7/4P3/8/8/8/8/p7/4K3 w - - 0 1');
    await playMove(page, 'e7e8'); // no promotion piece to choose: the pawn stays a pawn and the game ends
    assert.equal(await page.isVisible('#promotion'), false);
    await page.click('#submit');
    const state = await waitTurns(page, id, 1);
    assert.equal(state.result, '1-0');
    assert.equal(state.termination, 'pawn reached the last rank');
    assert.match((await pieces(page))[0].e8, /^white pawn/);
    await page.waitForFunction(() => /1-0 pawn reached the last rank/.test(document.body.textContent ?? ''));
    const again = await api(`/api/games/${id}`);
    assert.deepEqual(again.legal_moves, []);
  });
});
