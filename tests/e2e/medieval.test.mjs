// The medieval men (fers F, alfil A; RULES.md §3.3) in the browser, on the test variant medieval-men of
// tests/data/variants/medieval.toml (scripts/e2e.sh starts the server with that file): both show as their own men
// (roles fers and alfil, our CSS glyphs), an alfil leaps over a pawn when clicked, the server's journal names it
// by its letter, and a pawn's promotion offers the fers alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, bothSeats, pieces, playMove, screenshot, waitTurns, withBrowser } from './helpers.mjs';

test('medieval-men: fers and alfil drawn, the alfil leaps c1-e3 over d2', async () => {
  await withBrowser(async (page) => {
    const id = await bothSeats(page, 'medieval-men');
    const [start] = await pieces(page);
    assert.match(start.c1, /white alfil/);
    assert.match(start.e1, /white fers/);
    assert.match(start.f8, /black alfil/);
    assert.match(start.e8, /black fers/);
    // The glyph is drawn: a background image from style.css, not chessground's (it has none for these roles).
    const image = await page.$eval('.board-box piece.alfil.white', (el) => getComputedStyle(el).backgroundImage);
    assert.match(image, /^url\("data:image\/svg\+xml/);
    const legal = await api(`/api/games/${id}/legal?prefix=`);
    assert.ok(
      legal.legal_moves.some((m) => m.uci === 'c1e3'),
      'c1e3 is not legal',
    );
    await playMove(page, 'c1e3');
    // The server's journal of the move: the alfil (letter A) leaving and arriving.
    const { played } = await api(`/api/games/${id}/legal?prefix=c1e3`);
    assert.deepEqual(
      played[0].effects.map((e) => `${e.square} ${e.piece} ${e.action} ${e.cause}`),
      ['c1 A remove move', 'e3 A put move'],
    );
    await page.click('#submit');
    await waitTurns(page, id, 1);
    const [board] = await pieces(page);
    assert.match(board.e3, /white alfil/);
    assert.equal(board.c1, undefined);
    const state = await api(`/api/games/${id}`);
    assert.match(state.fen, /^rnakfanr\/pppppppp\/8\/8\/8\/4A3\/PPPPPPPP\/RN1KFANR b /);
    await screenshot(page, 'medieval-men');
  });
});

test('medieval-men: a pawn on the seventh promotes to the fers alone', async () => {
  await withBrowser(async (page) => {
    const id = await bothSeats(page, 'medieval-men', '4k3/1P6/8/8/8/8/8/4K3 w - - 0 1');
    const legal = await api(`/api/games/${id}/legal?prefix=`);
    const promotions = legal.legal_moves.filter((m) => m.uci.startsWith('b7b8')).map((m) => m.uci);
    assert.deepEqual(promotions, ['b7b8f']);
    await playMove(page, 'b7b8');
    const [board] = await pieces(page);
    assert.match(board.b8, /white fers/);
  });
});
