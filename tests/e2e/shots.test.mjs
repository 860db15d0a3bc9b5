// Shots that follow or widen a capture, entered by clicking: Goliath's follow-up shot (click the capturer, then
// the man it captures; the page asks "Shoot after the capture?" with a button per target and "no shot") and
// Rapid-Fire's volley (click the shooter, then a target: every enemy man it attacks vanishes with a shot mark).
// Each move is one the server lists as legal; the marks are read after the move, the game's FEN after the turn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, bothSeats, clickSquare, pieces, playMove, screenshot, selectMan, withBrowser } from './helpers.mjs';

async function playTurns(page, id, moves) {
  for (const [i, move] of moves.entries()) {
    const legal = await api(`/api/games/${id}/legal?prefix=`);
    assert.ok(
      legal.legal_moves.some((m) => m.uci === move),
      `${move} is not legal`,
    );
    await playMove(page, move);
    await page.click('#submit');
    await page.waitForFunction((n) => document.querySelectorAll('#movelist li.turn:not(.pending)').length === n, i + 1);
  }
}

test('goliath: 5...Qxg2xf1 of RULES.md §9.15, the shot chosen in the dialog', async () => {
  await withBrowser(async (page) => {
    const id = await bothSeats(page, 'goliath');
    await playTurns(page, id, ['d2d4', 'e7e6', 'g1f3', 'd8f6', 'b1d2', 'b8c6', 'd2b3', 'f6g6', 'd1d3']);
    await selectMan(page, 0, 'g6');
    await clickSquare(page, 0, 'g2');
    await page.waitForSelector('#promotion button[data-uci="g6g2^f1"]');
    assert.match(await page.textContent('#promotion p'), /Shoot after the capture/);
    for (const other of ['g6g2', 'g6g2^h1'])
      assert.ok(await page.isVisible(`#promotion button[data-uci="${other}"]`), `${other} is offered too`);
    await page.click('#promotion button[data-uci="g6g2^f1"]');
    await page.waitForFunction(() => Number(document.querySelector('#pending')?.getAttribute('data-count')) === 1);
    const shot = await page.$$eval('.fx-shot', (els) => els.map((el) => el.dataset.square));
    assert.deepEqual(shot, ['f1']);
    const captured = await page.$$eval('.fx-capture', (els) => els.map((el) => el.dataset.square));
    assert.deepEqual(captured, ['g2']);
    const [board] = await pieces(page);
    assert.match(board.g2, /black queen/);
    assert.equal(board.f1, undefined);
    await screenshot(page, 'goliath-follow-up-shot');
    await page.click('#submit');
    await page.waitForFunction(() => document.querySelectorAll('#movelist li.turn:not(.pending)').length === 10);
    const state = await api(`/api/games/${id}`);
    assert.equal(state.fen, 'r1b1kbnr/pppp1ppp/2n1p3/8/3P4/1N1Q1N2/PPP1PPqP/R1B1K2R w KQkq - 0 6');
    assert.equal(state.turns[9], 'g6g2^f1');
  });
});

test('rapid-fire: one shot removes both pawns the queen attacks, and the queen stays', async () => {
  await withBrowser(async (page) => {
    const id = await bothSeats(page, 'rapid-fire');
    await playTurns(page, id, ['e2e4', 'a7a6', 'd1g4', 'a6a5']);
    // The queen on g4 attacks d7 and g7: the shot is named by d7, its lowest target.
    await playMove(page, 'g4d7');
    const shot = await page.$$eval('.fx-shot', (els) => els.map((el) => el.dataset.square).sort());
    assert.deepEqual(shot, ['d7', 'g7']);
    const [board] = await pieces(page);
    assert.match(board.g4, /white queen/);
    assert.equal(board.d7, undefined);
    assert.equal(board.g7, undefined);
    await screenshot(page, 'rapid-fire-volley');
    await page.click('#submit');
    await page.waitForFunction(() => document.querySelectorAll('#movelist li.turn:not(.pending)').length === 5);
    const state = await api(`/api/games/${id}`);
    assert.equal(state.fen, 'rnbqkbnr/1pp1pp1p/8/p7/4P1Q1/8/PPPP1PPP/RNB1KBNR b KQkq - 0 3');
  });
});
