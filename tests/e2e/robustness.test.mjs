// The game page when things go wrong: a failed request while entering a turn, routes that overlap, an event stream
// the server refuses, a state whose version restarted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, bothSeats, clickSquare, pieces, playTurn, withBrowser } from './helpers.mjs';

async function post(path, body) {
  const response = await fetch(BASE + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.ok(response.ok, `${path}: ${response.status}`);
  return response.json();
}

/** A chess game between two people made through the API: its id and White's token (Black's is not needed). */
async function apiGame() {
  const { id, token } = await post('/api/games', { variant: 'chess', opponent: 'human', color: 'white' });
  return { id, token };
}

const turnsShown = (n) => `document.querySelectorAll('#movelist li.turn:not(.pending)').length === ${n}`;

test('a failed /legal: the error is shown, the board is back as it was and still takes a move', async () => {
  await withBrowser(async (page) => {
    const id = await bothSeats(page, 'chess');
    let refused = 0;
    await page.route('**/legal?*', (route) => {
      if (refused++) return route.continue();
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"the server is busy"}' });
    });
    await clickSquare(page, 0, 'e2');
    await clickSquare(page, 0, 'e4');
    await page.waitForSelector('#error:not([hidden])');
    assert.match(await page.textContent('#error'), /the server is busy/);
    // Chessground redraws on the next animation frame after the error is shown: wait for the pawn to be back.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.board-box[data-board="0"] cg-board piece')].some(
        (el) => el.cgKey === 'e2' && /white pawn/.test(el.className) && !el.classList.contains('fading'),
      ),
    );
    const [board] = await pieces(page);
    assert.match(board.e2 ?? '', /white pawn/);
    assert.equal(board.e4, undefined);
    await playTurn(page, id, ['e2e4']);
  });
});

test('navigating quickly from one game to another shows the last one, with one live event stream', async () => {
  await withBrowser(async (page) => {
    const a = (await apiGame()).id;
    const b = (await apiGame()).id;
    await page.addInitScript(() => {
      const Real = window.EventSource;
      window.streams = [];
      window.EventSource = class extends Real {
        constructor(...args) {
          super(...args);
          window.streams.push(this);
        }
      };
    });
    // Game A's state comes late: after B's page is shown.
    await page.route(`**/api/games/${a}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.goto(`${BASE}/#/game/${a}`);
    await page.evaluate((id) => (location.hash = `#/game/${id}`), b);
    await page.waitForSelector(`.game[data-game="${b}"]`);
    await page.waitForTimeout(1500);
    assert.equal(await page.getAttribute('.game', 'data-game'), b);
    const live = await page.evaluate(() => window.streams.filter((s) => s.readyState !== 2).map((s) => s.url));
    assert.equal(live.length, 1, live.join(' '));
    assert.ok(live[0].includes(`/api/games/${b}/events`), live[0]);
  });
});

test('an event stream refused by the server (503): the page polls the state and still shows the turns', async () => {
  await withBrowser(async (page) => {
    const { id, token } = await apiGame();
    await page.route('**/events?*', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"too many live event streams"}' }),
    );
    await page.goto(`${BASE}/#/game/${id}`);
    await page.waitForSelector(`.game[data-game="${id}"]`);
    await post(`/api/games/${id}/turn`, { token, turn: 'e2e4' });
    await page.waitForFunction(turnsShown(1), null, { timeout: 10000 });
  });
});

test('a state whose version restarted (server reloaded the game): a draw offer is still shown', async () => {
  await withBrowser(async (page) => {
    const { id, token } = await apiGame();
    // Every state the page reads says version 1, as after a restart of the server.
    await page.route(`**/api/games/${id}`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), version: 1 } });
    });
    await page.goto(`${BASE}/#/game/${id}`);
    await page.waitForSelector(`.game[data-game="${id}"]`);
    await post(`/api/games/${id}/draw`, { token, action: 'offer' });
    await page.waitForSelector('#draw-pending', { timeout: 5000 });
    assert.match(await page.textContent('#draw-pending'), /White offered a draw/);
  });
});
