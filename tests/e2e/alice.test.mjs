// Alice on two boards: every move transfers the man to the other board (checked in the DOM of both boards and
// against the server's FEN), a capture on board B lands on board A.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, bothSeats, pieces, playTurn, screenshot, withBrowser } from './helpers.mjs';

test('alice: moves transfer between the two boards', async () => {
  await withBrowser(async (page) => {
    const id = await bothSeats(page, 'alice');
    assert.equal(await page.locator('.board-box').count(), 2);
    let [a, b] = await pieces(page);
    assert.equal(Object.keys(a).length, 32);
    assert.equal(Object.keys(b).length, 0);

    await playTurn(page, id, ['e2e4']);
    [a, b] = await pieces(page);
    assert.equal(a.e2, undefined);
    assert.equal(a.e4, undefined);
    assert.match(b.e4, /white pawn/);
    await screenshot(page, 'alice-transfer');

    await playTurn(page, id, ['d7d5']);
    [a, b] = await pieces(page);
    assert.match(b.d5, /black pawn/);

    // exd5 is played on board B (where both pawns stand); the capturing pawn then goes to board A.
    await playTurn(page, id, ['e4d5']);
    [a, b] = await pieces(page);
    assert.match(a.d5, /white pawn/);
    assert.equal(b.d5, undefined);
    assert.equal(b.e4, undefined);
    assert.equal(Object.keys(a).length + Object.keys(b).length, 31);

    await playTurn(page, id, ['g8f6']);
    [a, b] = await pieces(page);
    assert.match(b.f6, /black knight/);

    const state = await api(`/api/games/${id}`);
    assert.deepEqual(state.turns, ['e2e4', 'd7d5', 'e4d5', 'g8f6']);
    assert.ok(state.fen.startsWith('rnbqkb1r/ppp1pppp/5|n2/3P4/8/8/PPPP1PPP/RNBQKBNR'), state.fen);
    await screenshot(page, 'alice-boards');
  });
});
