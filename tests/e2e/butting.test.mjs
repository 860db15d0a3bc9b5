// Butting (capricorn, RULES.md §4.3), entered by clicking: the capricorn shows as its own man (role capricorn, our
// CSS glyph), moves to an empty square and butts the enemy pawn next to its arrival square, which vanishes with a
// butt mark. Each move is one the server lists as legal; the board and the mark are read after the move, the
// game's FEN after the turn is sent.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  api,
  bothSeats,
  pieces,
  playMove,
  screenshot,
  withBrowser,
} from "./helpers.mjs";

test("capricorn: Ca3-g3 butts the pawn h4, marked as a butt", async () => {
  await withBrowser(async (page) => {
    const id = await bothSeats(page, "capricorn");
    const [start] = await pieces(page);
    assert.match(start.a1, /white capricorn/);
    assert.match(start.h8, /black capricorn/);
    const moves = ["a2a4", "h7h5", "a1a3", "h5h4", "a3g3"];
    for (const [i, move] of moves.entries()) {
      const legal = await api(`/api/games/${id}/legal?prefix=`);
      assert.ok(
        legal.legal_moves.some((m) => m.uci === move),
        `${move} is not legal`,
      );
      await playMove(page, move);
      if (i === moves.length - 1) break;
      await page.click("#submit");
      await page.waitForFunction(
        (n) =>
          document.querySelectorAll("#movelist li.turn:not(.pending)")
            .length === n,
        i + 1,
      );
    }
    // The server's journal of the move: the capricorn (letter C) leaving and arriving, the pawn butted.
    const { played } = await api(`/api/games/${id}/legal?prefix=a3g3`);
    assert.deepEqual(
      played[0].effects.map((e) => `${e.square} ${e.piece} ${e.action} ${e.cause}`),
      ['a3 C remove move', 'g3 C put move', 'h4 p remove butt'],
    );
    const butted = await page.$$eval(".fx-butt", (els) =>
      els.map((el) => el.dataset.square),
    );
    assert.deepEqual(butted, ["h4"]);
    const [board] = await pieces(page);
    assert.match(board.g3, /white capricorn/);
    assert.equal(board.h4, undefined);
    await screenshot(page, "capricorn-butt");
    await page.click("#submit");
    await page.waitForFunction(
      () =>
        document.querySelectorAll("#movelist li.turn:not(.pending)").length ===
        5,
    );
    const state = await api(`/api/games/${id}`);
    assert.ok(
      state.fen.startsWith(
        "cnbqkbnc/ppppppp1/8/8/P7/6C1/1PPPPPPP/1NBQKBNC b Kkq - 0 3",
      ),
      state.fen,
    );
  });
});
