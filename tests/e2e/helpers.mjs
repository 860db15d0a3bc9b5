// Shared helpers of the end-to-end tests: the browser, the server under test, and playing by clicking squares.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import assert from 'node:assert/strict';

export const BASE = process.env.HC_E2E_URL ?? 'http://127.0.0.1:8080';
const ARTIFACTS = process.env.HC_E2E_ARTIFACTS ?? 'artifacts/e2e';
mkdirSync(ARTIFACTS, { recursive: true });

export async function launch() {
  return chromium.launch({
    executablePath: process.env.HC_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
  });
}

export async function newPage(browser) {
  const context = await browser.newContext({
    viewport: { width: 1400, height: 900 },
  });
  const page = await context.newPage();
  page.on('dialog', (dialog) => dialog.accept());
  page.on('pageerror', (error) => console.error('page error:', error.message));
  return page;
}

export async function screenshot(page, name) {
  await page.screenshot({
    path: join(ARTIFACTS, `${name}.png`),
    fullPage: true,
  });
}

export async function api(path) {
  const response = await fetch(BASE + path);
  assert.ok(response.ok, `${path}: ${response.status}`);
  return response.json();
}

/** Creates a game against a friend through the home page's form (from a FEN if given); returns its id and the
 * invitation link. */
export async function createFriendGame(page, variant, fen = '') {
  await page.goto(`${BASE}/#/`);
  await page.fill('#variant', variant);
  await page.fill('#fen', fen);
  await page.selectOption('#opponent', 'human');
  await page.click('#create');
  await page.waitForSelector('#invite-link');
  const id = await page.getAttribute('.game', 'data-game');
  const invite = await page.inputValue('#invite-link');
  return { id, invite };
}

/** The men of each board, as { 'e4': 'white pawn', … } per board, read from chessground's piece elements. */
export async function pieces(page) {
  // The page draws a new state on its next animation frames (chessground renders in requestAnimationFrame):
  // two frames are waited for first, so a read right after a move sees the board the move left, also on a
  // loaded machine.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return page.$$eval('.board-box', (boxes) =>
    boxes.map((box) => {
      const out = {};
      for (const el of box.querySelectorAll('cg-board piece')) {
        if (el.cgKey && !el.classList.contains('ghost') && !el.classList.contains('fading'))
          out[el.cgKey] = el.className;
      }
      return out;
    }),
  );
}

export async function clickSquare(page, board, key) {
  const box = await page.locator(`.board-box[data-board="${board}"] cg-container`).boundingBox();
  const white = await page
    .locator(`.board-box[data-board="${board}"] .cg-wrap`)
    .evaluate((el) => el.classList.contains('orientation-white'));
  const file = key.charCodeAt(0) - 97;
  const rank = Number(key[1]) - 1;
  const col = white ? file : 7 - file;
  const row = white ? 7 - rank : rank;
  const size = box.width / 8;
  await page.mouse.click(box.x + (col + 0.5) * size, box.y + (row + 0.5) * size);
}

/** Clicks the man on `key` until the board shows it selected (chessground's `square.selected`). A click
 * computed from the board's box before the page's layout settled (a busy machine: the rules panel or the second
 * board drawn late) would land on another square and the move would silently not be entered. */
export async function selectMan(page, board, key) {
  const selected = page.locator(`.board-box[data-board="${board}"] cg-board square.selected`);
  for (let attempt = 1; ; ++attempt) {
    await clickSquare(page, board, key);
    try {
      await selected.first().waitFor({ state: 'attached', timeout: 5000 });
      return;
    } catch (e) {
      if (attempt === 3) throw new Error(`the man on ${key} (board ${board}) is not selected after 3 clicks`);
    }
  }
}

async function pendingCount(page) {
  return Number((await page.getAttribute('#pending', 'data-count')) ?? 0);
}

/** Plays one move of the turn being entered by clicking its origin and destination on the board the man is on. A
 * missile shot (`f3^e5`) clicks the firer then the target, a removal (`f3f3`) the man twice; where the page then
 * offers a choice (a promotion, capture or fire, a removal to confirm), the move's button is clicked. */
export async function playMove(page, uci) {
  const from = uci.slice(0, 2);
  const shot = uci[2] === '^';
  const to = shot ? uci.slice(3, 5) : uci.slice(2, 4);
  // A capture with its follow-up shot (Goliath, `g6g2^f1`) goes from and to the capture's squares; the page asks
  // whether to shoot, as it does for a plain capture that could have been followed by a shot.
  const boards = await pieces(page);
  const board = boards.findIndex((b) => b[from]);
  assert.ok(board >= 0, `no man on ${from}`);
  const before = await pendingCount(page);
  await selectMan(page, board, from);
  await clickSquare(page, board, to);
  if (uci.length === 5 && !shot) await page.click(`#promotion button[data-uci="${uci}"]`);
  else {
    // A shot that is also a legal capture, every removal, and a capture with follow-up shots ask which move is
    // meant; other moves are entered at once.
    const button = page.locator(`#promotion button[data-uci="${uci}"]`);
    const entered = page.waitForFunction(
      (n) => Number(document.querySelector('#pending')?.getAttribute('data-count')) === n,
      before + 1,
    );
    await Promise.race([button.waitFor({ state: 'visible' }), entered]);
    if (await button.isVisible()) await button.click();
  }
  await page.waitForFunction(
    (n) => Number(document.querySelector('#pending')?.getAttribute('data-count')) === n,
    before + 1,
  );
}

/** The moves left in the turn being entered, as the page shows them: a number, or null for a turn with no fixed
 * number of moves (Hurricane, Sputnik). */
export async function movesLeft(page) {
  const left = await page.getAttribute('#moves-left', 'data-left');
  assert.ok(left !== null, '#moves-left has no count: the page is not entering a turn');
  return left === 'unbounded' ? null : Number(left);
}

/** Opens a game or invitation link and waits until the game's view is drawn from its loaded state. The view that
 * was shown before (closed by the navigation, but in view until the new one is drawn: a link that changes only
 * the hash keeps the document) never counts, nor does the page while it says it is busy. */
export async function openGame(page, url, id) {
  await page.evaluate(() => document.querySelector('.game')?.setAttribute('data-e2e-stale', ''));
  await page.goto(url);
  await page.waitForSelector(`#app:not([aria-busy]) .game[data-game="${id}"]:not([data-e2e-stale])`);
}

/** Plays a whole turn move by move and submits it; waits until the server has it. */
export async function playTurn(page, id, moves) {
  const { turns } = await api(`/api/games/${id}`);
  for (const uci of moves) await playMove(page, uci);
  assert.equal(await movesLeft(page), 0);
  await page.click('#submit');
  await waitTurns(page, id, turns.length + 1);
}

/** Waits until the page shows `count` turns in its move list. */
export async function waitTurns(page, id, count) {
  await page.waitForFunction((n) => document.querySelectorAll('#movelist li.turn:not(.pending)').length === n, count);
  const state = await api(`/api/games/${id}`);
  assert.equal(state.turns.length, count);
  return state;
}

/** The move list as shown, one entry per turn: '1.e4,d4 e6,d5 2.Nc3,Nf3'. */
export async function moveListText(page) {
  return page.$$eval('#movelist li.turn:not(.pending)', (items) => items.map((li) => li.textContent).join(' '));
}

/** Runs `body` with a fresh browser and a page in it; the browser is closed however the body ends. */
export async function withBrowser(body) {
  const browser = await launch();
  try {
    return await body(await newPage(browser), browser);
  } finally {
    await browser.close();
  }
}

/** A game between two people played on one page holding both seats (the creator opens the invitation too). */
export async function bothSeats(page, variant, fen = '') {
  const { id, invite } = await createFriendGame(page, variant, fen);
  await openGame(page, invite, id);
  return id;
}
