// Moves whose target is not an enemy man on the destination, entered by clicking: a capture of an own man
// (reform-tabi: chessground must take a click on an own man as the move's destination, not as a new selection) and
// a knight's en-passant capture (ekstrom-en-passant: the pawn passed by vanishes from its own square). Each move is
// one the server lists as legal; the board and the capture mark are read after the move, the game's FEN after the
// turn is sent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, bothSeats, pieces, playMove, screenshot, withBrowser } from './helpers.mjs';

/** Plays `moves` (one-move turns) by clicking, sending each turn; returns after the last one is entered, unsent. */
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

test('reform-tabi: a knight takes its own pawn by clicking the pawn', async () => {
  await withBrowser(async (page) => {
    const id = await bothSeats(page, 'reform-tabi');
    await playTurns(page, id, ['b1d2']);
    const captured = await page.$$eval('.fx-capture', (els) => els.map((el) => el.dataset.square));
    assert.deepEqual(captured, ['d2']);
    const [board] = await pieces(page);
    assert.match(board.d2, /white knight/);
    assert.equal(board.b1, undefined);
    await screenshot(page, 'reform-tabi-own-capture');
    const state = await sendAndState(page, id, 1);
    assert.ok(state.fen.startsWith('rnbqkbnr/pppppppp/8/8/8/8/PPPNPPPP/R1BQKBNR b KQkq - 0 1'), state.fen);
    assert.deepEqual(state.turns, ['b1d2']);
  });
});

test('ekstrom-en-passant: a knight takes a two-stepped pawn en passant', async () => {
  await withBrowser(async (page) => {
    const id = await bothSeats(page, 'ekstrom-en-passant');
    await playTurns(page, id, ['b1c3', 'g8f6', 'c3b5', 'd7d5', 'b5d6']);
    const captured = await page.$$eval('.fx-capture', (els) => els.map((el) => el.dataset.square));
    assert.deepEqual(captured, ['d5']);
    const [board] = await pieces(page);
    assert.match(board.d6, /white knight/);
    assert.equal(board.d5, undefined);
    await screenshot(page, 'ekstrom-knight-en-passant');
    const state = await sendAndState(page, id, 5);
    assert.ok(state.fen.startsWith('rnbqkb1r/ppp1pppp/3N1n2/8/8/8/PPPPPPPP/R1BQKBNR b KQkq - 0 3'), state.fen);
  });
});
