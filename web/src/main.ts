// The router (hash routes, so the static server needs no fallback): #/ home, #/game/ID, #/join/ID/COLOR/TOKEN
// (an invitation link: its token is checked with the server and kept only if it plays in the game, then the game
// opens), #/rules/ID.
import { api, type Color } from './api';
import { GameView } from './game';
import { renderHome } from './home';
import { judgeInvite, refusedInviteMessage, type Verdict } from './invite';
import { renderRules } from './rules';
import { errorText, showError } from './dom';
import { saveToken, seatsOf } from './storage';

let current: GameView | undefined;
/** Counts routes: a page that finishes loading after the next route started is discarded, not shown. */
let generation = 0;
/** A message for the next page (a refused invitation link), shown once that page is there. */
let notice: string | undefined;

/** Keeps an invitation link's token if the server says it plays in the game; otherwise leaves a notice. */
async function join(gameId: string, color: Color, token: string): Promise<void> {
  const saved = seatsOf(gameId)[color];
  if (saved === token) return;
  let verdict: Verdict;
  try {
    const [games, state] = await Promise.all([api.playerGames(token), api.state(gameId)]);
    verdict = judgeInvite({ gameId, color, token }, games, state.players);
  } catch (e) {
    verdict = { ok: false, reason: `it could not be checked (${errorText(e)})` };
  }
  const seats = seatsOf(gameId);
  if (verdict.ok) saveToken(gameId, verdict.color, token);
  else notice = refusedInviteMessage(verdict.reason, Boolean(seats.white || seats.black));
}

async function route(): Promise<void> {
  const root = document.getElementById('app')!;
  const mine = ++generation;
  const wanted = () => mine === generation;
  current?.close();
  current = undefined;
  showError(null);
  // Until the new page is drawn, the old one stays in view but is dead (its game view is closed): it says it is
  // being replaced and takes no clicks or keys.
  root.setAttribute('aria-busy', 'true');
  root.inert = true;
  let redirected = false;
  try {
    redirected = await show(root, wanted);
  } finally {
    if (wanted() && !redirected) {
      root.removeAttribute('aria-busy');
      root.inert = false;
    }
  }
}

/** Draws the page of the current route; true when it sent the browser to another route instead. */
async function show(root: HTMLElement, wanted: () => boolean): Promise<boolean> {
  const parts = location.hash
    .replace(/^#\/?/, '')
    .split('/')
    .map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return p; // a malformed escape: taken as it is (an id or token with it is refused by the server)
      }
    });
  if (parts[0] === 'join' && parts.length === 4 && (parts[2] === 'white' || parts[2] === 'black')) {
    await join(parts[1], parts[2] as Color, parts[3]);
    if (!wanted()) return false;
    location.replace(`#/game/${encodeURIComponent(parts[1])}`);
    return true; // that route draws the game
  } else if (parts[0] === 'game' && parts[1]) {
    const view = await GameView.open(root, parts[1], wanted);
    if (wanted()) current = view;
    else view?.close();
    if (wanted() && notice) showError(notice);
    notice = undefined;
  } else if (parts[0] === 'rules') {
    await renderRules(root, parts[1] || 'index', wanted);
  } else {
    await renderHome(root, wanted);
  }
  return false;
}

window.addEventListener('hashchange', () => void route());
void route();
