// The home page: a new game (any variant id or composition), the player's games, PGN import, the variants.
import { type Color, type CreateRequest, type Variant, api } from './api';
import { errorText, h, showError } from './dom';
import { formatClock } from './clock';
import { allSeats, saveInvite, saveToken } from './storage';

export async function renderHome(root: HTMLElement, wanted = () => true): Promise<void> {
  const variants = await api.variants().catch((e: unknown) => {
    if (wanted()) showError(`Cannot load the variants: ${errorText(e)}`);
    return [] as Variant[];
  });
  if (!wanted()) return;
  root.replaceChildren(
    h('div', { class: 'home' }, newGameForm(variants), myGames(), importForm(), variantList(variants)),
  );
}

function newGameForm(variants: Variant[]): HTMLElement {
  const datalist = h('datalist', { id: 'variant-ids' }, ...variants.map((v) => h('option', { value: v.id }, v.name)));
  const variant = h('input', { id: 'variant', list: 'variant-ids', value: 'chess', spellcheck: 'false' });
  const opponent = h(
    'select',
    { id: 'opponent' },
    h('option', { value: 'engine' }, 'the engine'),
    h('option', { value: 'human' }, 'a friend (invitation link)'),
  );
  const color = h(
    'select',
    { id: 'color' },
    h('option', { value: 'white' }, 'White'),
    h('option', { value: 'black' }, 'Black'),
  );
  const fen = h('input', { id: 'fen', class: 'fen', placeholder: 'the standard array', spellcheck: 'false' });
  const levelKind = h(
    'select',
    { id: 'level-kind' },
    h('option', { value: 'movetime' }, 'time per turn (ms)'),
    h('option', { value: 'depth' }, 'depth (turns)'),
  );
  const movetime = h('input', { id: 'movetime', type: 'number', min: '1', step: '1', value: '1000' });
  const clockMinutes = h('input', { id: 'clock-min', type: 'number', min: '0', step: '1', placeholder: 'none' });
  const clockIncrement = h('input', { id: 'clock-inc', type: 'number', min: '0', step: '1', value: '0' });
  const clockDays = h('input', { id: 'clock-days', type: 'number', min: '1', step: '1', placeholder: 'none' });
  const create = h('button', { id: 'create', type: 'submit', class: 'primary' }, 'Create game');
  const form = h(
    'form',
    { class: 'card', id: 'new-game' },
    h('h2', {}, 'New game'),
    h('label', {}, 'Variant ', variant, datalist),
    h('p', { class: 'help' }, 'Any id, or ids joined by + (e.g. progressive+alice, marseillais+atomic).'),
    h('label', {}, 'Play against ', opponent),
    h('label', {}, 'as ', color),
    h('label', {}, 'Start position (FEN) ', fen),
    h('label', {}, 'Engine level: ', levelKind, ' ', movetime),
    h('label', {}, 'Clock (minutes + increment s) ', clockMinutes, ' + ', clockIncrement),
    h('label', {}, 'or correspondence: days per turn ', clockDays),
    create,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const level = Number(movetime.value);
    const request: CreateRequest = {
      variant: variant.value.trim(),
      opponent: opponent.value as 'engine' | 'human',
      color: color.value as Color,
      level: levelKind.value === 'depth' ? { depth: level || 4 } : { movetime_ms: level || 1000 },
    };
    if (fen.value.trim()) request.fen = fen.value.trim();
    if (clockMinutes.value && clockDays.value) {
      showError('Choose one clock: minutes + increment, or days per turn.');
      return;
    }
    if (clockMinutes.value) {
      request.clock = { initial_s: Number(clockMinutes.value) * 60, increment_s: Number(clockIncrement.value) || 0 };
    } else if (clockDays.value) {
      request.clock = { initial_s: Number(clockDays.value) * 86400, per_turn: true };
    }
    create.disabled = true;
    api
      .create(request)
      .then((created) => {
        showError(null);
        saveToken(created.id, created.color, created.token);
        if (created.invite_token) {
          saveInvite(created.id, created.color === 'white' ? 'black' : 'white', created.invite_token);
        }
        location.hash = `#/game/${created.id}`;
      })
      .catch((e: unknown) => showError(`Cannot create the game: ${errorText(e)}`))
      .finally(() => (create.disabled = false));
  });
  return form;
}

function myGames(): HTMLElement {
  const body = h('tbody');
  const card = h(
    'section',
    { class: 'card', id: 'my-games' },
    h('h2', {}, 'My games'),
    h(
      'table',
      {},
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', {}, 'game'),
          h('th', {}, 'variant'),
          h('th', {}, 'you'),
          h('th', {}, 'turns'),
          h('th', {}, 'your clock'),
          h('th', {}, 'status'),
        ),
      ),
      body,
    ),
  );
  const seats = allSeats();
  if (!seats.length) body.append(h('tr', {}, h('td', { colspan: '6' }, 'No games yet.')));
  for (const seat of seats) {
    api
      .playerGames(seat.token)
      .then((games) => {
        for (const g of games.filter((g) => g.id === seat.gameId)) {
          const status =
            g.result !== '*' ? `${g.result} ${g.termination}` : g.your_turn ? 'your turn' : `${g.to_move} to move`;
          body.append(
            h(
              'tr',
              { class: g.your_turn && g.result === '*' ? 'your-turn' : '' },
              h('td', {}, h('a', { href: `#/game/${g.id}` }, g.id)),
              h('td', {}, g.variant),
              h('td', {}, g.color),
              h('td', {}, String(g.turns)),
              h(
                'td',
                { class: 'clock-cell' },
                g.clock ? formatClock(g.color === 'white' ? g.clock.white_ms : g.clock.black_ms) : '–',
              ),
              h('td', {}, status),
            ),
          );
        }
      })
      .catch((e: unknown) =>
        body.append(h('tr', {}, h('td', { colspan: '6' }, `Game ${seat.gameId}: cannot load (${errorText(e)})`))),
      );
  }
  return card;
}

function importForm(): HTMLElement {
  const text = h('textarea', { id: 'pgn', rows: '6', placeholder: '[Variant "Marseillais"]\n\n1. e4,d4 e5,d5 …' });
  const button = h('button', { type: 'submit' }, 'Import PGN');
  const form = h('form', { class: 'card', id: 'import' }, h('h2', {}, 'Import a game (PGN)'), text, button);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    api
      .importPgn(text.value)
      .then((imported) => {
        showError(null);
        saveToken(imported.id, 'white', imported.white_token);
        saveToken(imported.id, 'black', imported.black_token);
        location.hash = `#/game/${imported.id}`;
      })
      .catch((e: unknown) => showError(`Cannot import: ${errorText(e)}`));
  });
  return form;
}

function variantList(variants: Variant[]): HTMLElement {
  return h(
    'section',
    { class: 'card', id: 'variants' },
    h('h2', {}, 'Variants'),
    h(
      'dl',
      {},
      ...variants.flatMap((v) => [
        h('dt', {}, h('a', { href: `#/rules/${v.id}` }, v.name), h('code', {}, ` ${v.id}`)),
        h('dd', {}, v.description),
      ]),
    ),
  );
}
