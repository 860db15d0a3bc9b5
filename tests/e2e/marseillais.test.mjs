// Marseillais between two friends, each in their own browser context: two-move turns entered move by move, the
// moves-left indicator, undo within a turn, the friend's turns arriving live, comma turns in the move list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  api,
  createFriendGame,
  moveListText,
  movesLeft,
  newPage,
  playMove,
  playTurn,
  screenshot,
  waitTurns,
  withBrowser,
} from './helpers.mjs';

test('marseillais: two friends play two-move turns with undo; the move list shows comma turns', async () => {
  await withBrowser(async (white, browser) => {
    const { id, invite } = await createFriendGame(white, 'marseillais');
    const black = await newPage(browser);
    await black.goto(invite);
    await black.waitForSelector(`.game[data-game="${id}"]`);
    assert.match(await black.textContent('#status'), /Waiting for White/);

    // White's first turn, with a move taken back: the indicator counts 2, 1, back to 2 after undo, 1, 0.
    assert.equal(await movesLeft(white), 2);
    // No engine help during a game between people.
    assert.ok(await white.isDisabled('#hint'));
    assert.ok(await white.isDisabled('#submit'));
    await playMove(white, 'e2e4');
    assert.equal(await movesLeft(white), 1);
    await playMove(white, 'g1f3');
    assert.equal(await movesLeft(white), 0);
    assert.ok(await white.isEnabled('#submit'));
    await screenshot(white, 'marseillais-turn-complete');
    await white.click('#undo');
    await white.waitForFunction(() => document.querySelector('#pending')?.getAttribute('data-count') === '1');
    assert.equal(await movesLeft(white), 1);
    assert.ok(await white.isDisabled('#submit'));
    await playMove(white, 'd2d4');
    await white.click('#submit');
    await waitTurns(white, id, 1);

    // Black sees it arrive live, then answers; each side's turns go back and forth.
    await waitTurns(black, id, 1);
    await playTurn(black, id, ['e7e6', 'd7d5']);
    await waitTurns(white, id, 2);
    await playTurn(white, id, ['b1c3', 'g1f3']);
    await waitTurns(black, id, 3);
    await playTurn(black, id, ['g8f6', 'f8e7']);
    await waitTurns(white, id, 4);

    const list = await moveListText(white);
    assert.equal(list, '1.e4,d4 e6,d5 2.Nc3,Nf3 Nf6,Be7');
    const state = await api(`/api/games/${id}`);
    assert.deepEqual(state.turns, ['e2e4,d2d4', 'e7e6,d7d5', 'b1c3,g1f3', 'g8f6,f8e7']);
    assert.equal(state.movetext, '1. e4,d4 e6,d5 2. Nc3,Nf3 Nf6,Be7');
    assert.equal(state.result, '*');
    await screenshot(white, 'marseillais-white');
    await screenshot(black, 'marseillais-black');
  });
});
