// The voluntary stop in the browser: "End turn here" is shown only while the server says a stop is legal, is reached
// and pressed with the keyboard, sends the turn with the stop (`0000`, shown `--` in the move list), and the next
// quota follows from it (Very Scottish: one more than the moves the opponent made). A Hurricane turn has no count
// of moves left: the page says so instead of showing the kernel's internal quota.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  api,
  bothSeats,
  moveListText,
  movesLeft,
  playMove,
  playTurn,
  screenshot,
  waitTurns,
  withBrowser,
} from './helpers.mjs';

test('very-scottish: "End turn here" after one move, by keyboard; the next quota is 2', async () => {
  await withBrowser(async (page) => {
    const id = await bothSeats(page, 'very-scottish');
    assert.equal(await movesLeft(page), 1);
    assert.ok(!(await page.isVisible('#end-turn')), 'no stop before the first move');
    await playTurn(page, id, ['e2e4']);

    // Black's turn of two moves: no stop before a move, one after it.
    assert.equal(await movesLeft(page), 2);
    assert.ok(!(await page.isVisible('#end-turn')));
    await playMove(page, 'e7e5');
    assert.equal(await movesLeft(page), 1);
    await page.waitForSelector('#end-turn', { state: 'visible' });
    assert.match(await page.textContent('#moves-left'), /end the turn here/);
    // Reached with Tab from the button before it, pressed with Enter.
    await page.focus('#undo');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'end-turn');
    await screenshot(page, 'very-scottish-end-turn');
    await page.keyboard.press('Enter');
    const state = await waitTurns(page, id, 2);
    assert.deepEqual(state.turns, ['e2e4', 'e7e5,0000']);
    assert.equal(state.movetext, '1. e4 2. e5,--'); // numbered by turns, as Progressive
    assert.match(await moveListText(page), /e5,--/);

    // White's quota: 1 + the one move Black made (the stop does not count).
    assert.equal(state.moves_left, 2);
    assert.equal(await movesLeft(page), 2);
    assert.ok(!(await page.isVisible('#end-turn')));
    await playMove(page, 'g1f3');
    await page.waitForSelector('#end-turn', { state: 'visible' });
    await playMove(page, 'b1c3');
    // The quota is used up: the turn is complete, to be submitted; no stop any more.
    assert.equal(await movesLeft(page), 0);
    assert.ok(!(await page.isVisible('#end-turn')));
    await page.click('#submit');
    const after = await waitTurns(page, id, 3);
    assert.equal(after.moves_left, 3);
    assert.equal(await movesLeft(page), 3);
  });
});

test('hurricane: a turn with no fixed number of moves, ended by the button', async () => {
  await withBrowser(async (page) => {
    const id = await bothSeats(page, 'hurricane');
    assert.equal(await movesLeft(page), null);
    const text = `${await page.textContent('#status')} ${await page.textContent('#moves-left')}`;
    assert.match(text, /no fixed number of moves/);
    assert.doesNotMatch(text, /\d{4,}/, 'no internal quota shown');
    await playMove(page, 'e2e4');
    await playMove(page, 'g1f3');
    assert.equal(await movesLeft(page), null);
    await page.click('#end-turn');
    const state = await waitTurns(page, id, 1);
    assert.deepEqual(state.turns, ['e2e4,g1f3,0000']);
    assert.equal(state.moves_left, null);
    assert.equal(state.turn_unbounded, true);
    assert.equal(await moveListText(page), '1.e4,Nf3,--');
    // Black, in the same page (both seats): also unbounded, and the stop is offered after a move only.
    assert.equal(await movesLeft(page), null);
    assert.ok(!(await page.isVisible('#end-turn')));
    const { legal_moves } = await api(`/api/games/${id}`);
    assert.ok(!legal_moves.some((m) => m.uci === '0000'));
  });
});
