// Moves made instead of moving, entered by clicking: a missile shot (missile: click the firer, then the target; the
// page asks "capture or fire?" where the capture is legal too) and the removal of an own man (suicide-piece-removal:
// click the man twice, then confirm). Each move is one the server lists as legal; the board and the marks are read
// after the move, the game's FEN (with its `missile=` token) after the turn is sent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, bothSeats, clickSquare, pieces, playMove, screenshot, withBrowser } from './helpers.mjs';

async function playTurns(page, id, moves) {
  for (const [i, move] of moves.entries()) {
    const legal = await api(`/api/games/${id}/legal?prefix=`);
    assert.ok(
      legal.legal_moves.some((m) => m.uci === move),
      `${move} is not legal`,
    );
    await playMove(page, move);
    if (i === moves.length - 1) return;
    await page.click('#submit');
    await page.waitForFunction((n) => document.querySelectorAll('#movelist li.turn:not(.pending)').length === n, i + 1);
  }
}

async function sendAndState(page, id, turns) {
  await page.click('#submit');
  await page.waitForFunction((n) => document.querySelectorAll('#movelist li.turn:not(.pending)').length === n, turns);
  return api(`/api/games/${id}`);
}

test('missile: a pawn fires at a pawn it could also capture, chosen in the dialog, and stays', async () => {
  await withBrowser(async (page) => {
    const id = await bothSeats(page, 'missile');
    await playTurns(page, id, ['e2e4', 'd7d5']);
    await page.click('#submit');
    await page.waitForFunction(() => document.querySelectorAll('#movelist li.turn:not(.pending)').length === 2);
    // The capture exd5 and the shot e^d5 go between the same squares: the page asks.
    await clickSquare(page, 0, 'e4');
    await clickSquare(page, 0, 'd5');
    await page.waitForSelector('#promotion button[data-uci="e4^d5"]');
    assert.ok(await page.isVisible('#promotion button[data-uci="e4d5"]'), 'the capture is offered too');
    await page.click('#promotion button[data-uci="e4^d5"]');
    await page.waitForFunction(() => Number(document.querySelector('#pending')?.getAttribute('data-count')) === 1);
    const shot = await page.$$eval('.fx-shot', (els) => els.map((el) => el.dataset.square));
    assert.deepEqual(shot, ['d5']);
    const [board] = await pieces(page);
    assert.match(board.e4, /white pawn/);
    assert.equal(board.d5, undefined);
    await screenshot(page, 'missile-shot');
    const state = await sendAndState(page, id, 3);
    assert.ok(
      state.fen.startsWith('rnbqkbnr/ppp1pppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2 missile=a1,b1,'),
      state.fen,
    );
    assert.ok(!state.fen.includes('e4,'), `the firer's missile is spent: ${state.fen}`);
    assert.deepEqual(state.turns, ['e2e4', 'd7d5', 'e4^d5']);
  });
});

test('suicide-piece-removal: a knight is removed by clicking it twice and confirming', async () => {
  await withBrowser(async (page) => {
    const id = await bothSeats(page, 'suicide-piece-removal');
    await playTurns(page, id, ['g1g1']);
    const removed = await page.$$eval('.fx-capture', (els) => els.map((el) => el.dataset.square));
    assert.deepEqual(removed, ['g1']);
    const [board] = await pieces(page);
    assert.equal(board.g1, undefined);
    await screenshot(page, 'suicide-removal');
    const state = await sendAndState(page, id, 1);
    assert.ok(state.fen.startsWith('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 1'), state.fen);
    assert.deepEqual(state.turns, ['g1g1']);
  });
});
