// The router (hash routes, so the static server needs no fallback): #/ home, #/game/ID, #/join/ID/COLOR/TOKEN
// (an invitation link: stores the friend's token, then opens the game), #/rules/ID.
import type { Color } from './api';
import { GameView } from './game';
import { renderHome } from './home';
import { renderRules } from './rules';
import { showError } from './dom';
import { saveToken } from './storage';

let current: GameView | undefined;
/** Counts routes: a page that finishes loading after the next route started is discarded, not shown. */
let generation = 0;

async function route(): Promise<void> {
  const root = document.getElementById('app')!;
  const mine = ++generation;
  const wanted = () => mine === generation;
  current?.close();
  current = undefined;
  showError(null);
  const parts = location.hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  if (parts[0] === 'join' && parts.length === 4 && (parts[2] === 'white' || parts[2] === 'black')) {
    saveToken(parts[1], parts[2] as Color, parts[3]);
    location.replace(`#/game/${encodeURIComponent(parts[1])}`);
  } else if (parts[0] === 'game' && parts[1]) {
    const view = await GameView.open(root, parts[1], wanted);
    if (wanted()) current = view;
    else view?.close();
  } else if (parts[0] === 'rules') {
    await renderRules(root, parts[1] || 'index', wanted);
  } else {
    await renderHome(root, wanted);
  }
}

window.addEventListener('hashchange', () => void route());
void route();
