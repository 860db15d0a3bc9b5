// Invitation links are checked with the server before their token is kept: a link with a token that does not
// play in the game (anyone can send one) leaves this browser's seat as it was and says why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, createFriendGame, playTurn, screenshot, withBrowser } from './helpers.mjs';

const seat = (page, id, color) =>
  page.evaluate(
    ([id, color]) => JSON.parse(localStorage.getItem('heterochess.tokens') ?? '{}')[id]?.[color],
    [id, color],
  );

test('a join link with a garbage token keeps the real seat, says the link is not valid, and the turn goes', async () => {
  await withBrowser(async (page) => {
    const { id, invite } = await createFriendGame(page, 'chess');
    const white = await seat(page, id, 'white');
    assert.ok(white, 'the creator holds White');
    await page.goto(`${BASE}/#/join/${id}/white/0123456789abcdef0123456789abcdef`);
    await page.waitForSelector(`.game[data-game="${id}"]`);
    await page.waitForSelector('#error:not([hidden])');
    assert.match(
      await page.textContent('#error'),
      /invitation link is not valid: its token does not play in this game/,
    );
    assert.match(await page.textContent('#error'), /your own seat in this game is kept/);
    await screenshot(page, 'invitation-refused');
    assert.equal(await seat(page, id, 'white'), white, 'the saved token was not replaced');
    assert.match(await page.textContent('#status'), /Your turn \(White\)/);
    await playTurn(page, id, ['e2e4']);
    // A garbage link to a game this browser has no seat in stores nothing either.
    assert.equal(await seat(page, id, 'black'), undefined);
    await page.goto(`${BASE}/#/join/${id}/black/not-a-token`);
    await page.waitForSelector('#error:not([hidden])');
    assert.equal(await seat(page, id, 'black'), undefined);
    // The real invitation still seats its holder as Black.
    await page.goto(invite);
    await page.waitForFunction((id) => JSON.parse(localStorage.getItem('heterochess.tokens'))[id]?.black, id);
    assert.equal(invite.endsWith(await seat(page, id, 'black')), true);
  });
});
