// Progressive played to checkmate by one player holding both seats (the creator opens the invitation link too):
// series of 1, 2 and 3 moves, the check ending White's third series after one move, "1-0 checkmate" shown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  bothSeats,
  moveListText,
  movesLeft,
  playMove,
  playTurn,
  screenshot,
  waitTurns,
  withBrowser,
} from './helpers.mjs';

test('progressive: series 1, 2, 3 played to checkmate (1. e4 2. f6,g5 3. Qh5#)', async () => {
  await withBrowser(async (page) => {
    const id = await bothSeats(page, 'progressive');

    assert.equal(await movesLeft(page), 1);
    await playTurn(page, id, ['e2e4']);
    assert.equal(await movesLeft(page), 2);
    await playMove(page, 'f7f6');
    assert.equal(await movesLeft(page), 1);
    await playMove(page, 'g7g5');
    await page.click('#submit');
    await waitTurns(page, id, 2);

    // The third series has three moves, but the mating check ends it at once.
    assert.equal(await movesLeft(page), 3);
    await playMove(page, 'd1h5');
    assert.equal(await movesLeft(page), 0);
    assert.match(await page.textContent('#moves-left'), /Turn complete/);
    await page.click('#submit');
    const state = await waitTurns(page, id, 3);
    await page.waitForSelector('#result:not([hidden])');
    assert.equal((await page.textContent('#result')).trim(), '1-0 checkmate');
    assert.equal(state.result, '1-0');
    assert.equal(state.termination, 'checkmate');
    assert.equal(state.movetext, '1. e4 2. f6,g5 3. Qh5#');
    assert.equal(await moveListText(page), '1.e4 2.f6,g5 3.Qh5#');
    assert.ok(await page.isDisabled('#resign'));
    await page.waitForSelector('cg-board square.check');
    // After the game, engine help is offered to its players: the mated side has no legal turn.
    assert.ok(!(await page.isDisabled('#hint')));
    await page.click('#hint');
    await page.waitForFunction(() => /No legal turn/.test(document.querySelector('#hint-text')?.textContent ?? ''));
    await screenshot(page, 'progressive-mate');
  });
});
