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

test('alice: the Turnbull & Coast mate in 2 (RULES.md 9.25), set up from its FEN and played through the UI', async () => {
  await withBrowser(async (page) => {
    // Board A: White Kf2, Qa1; Black Kh2, Rh4, Pg2; board B empty (the reconstructed position).
    const id = await bothSeats(page, 'alice', '8/8/8/8/7r/8/5Kpk/Q7 w - - 0 1');
    // 1 Qh1>B! (the key) Rh3>B 2 Qg1>A#: the queen goes to board B, mates from g1 back on board A.
    await playTurn(page, id, ['a1h1']);
    let [a, b] = await pieces(page);
    assert.match(b.h1, /white queen/);
    assert.equal(a.a1, undefined);
    await playTurn(page, id, ['h4h3']);
    await playTurn(page, id, ['h1g1']);
    [a, b] = await pieces(page);
    assert.match(a.g1, /white queen/);
    assert.match(b.h3, /black rook/);
    await page.waitForSelector('#result:not([hidden])');
    assert.match(await page.textContent('#result'), /1-0 checkmate/);
    const state = await api(`/api/games/${id}`);
    assert.equal(state.result, '1-0');
    assert.equal(state.termination, 'checkmate');
    assert.equal(state.movetext, '1. Qh1>B Rh3>B 2. Qg1>A#');
    await screenshot(page, 'alice-mate');
  });
});
