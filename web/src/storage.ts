// The player's secret tokens, kept in localStorage: per game id, the token of each side this browser plays.
import type { Color } from './api';

type Seats = Partial<Record<Color, string>>;
const KEY = 'heterochess.tokens';

function load(): Record<string, Seats> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, Seats>) : {};
  } catch {
    return {};
  }
}

export function saveToken(gameId: string, color: Color, token: string): void {
  const all = load();
  all[gameId] = { ...all[gameId], [color]: token };
  localStorage.setItem(KEY, JSON.stringify(all));
}

export function seatsOf(gameId: string): Seats {
  return load()[gameId] ?? {};
}

/** Every stored (game, color, token), newest game first. */
export function allSeats(): { gameId: string; color: Color; token: string }[] {
  const out: { gameId: string; color: Color; token: string }[] = [];
  for (const [gameId, seats] of Object.entries(load()).reverse()) {
    for (const color of ['white', 'black'] as const) {
      const token = seats[color];
      if (token) out.push({ gameId, color, token });
    }
  }
  return out;
}

const INVITES = 'heterochess.invites';

/** The invitation link's token, kept for the creator of a game against a friend (not a seat of this browser). */
export function saveInvite(gameId: string, color: Color, token: string): void {
  const all = JSON.parse(localStorage.getItem(INVITES) ?? '{}') as Record<string, { color: Color; token: string }>;
  all[gameId] = { color, token };
  localStorage.setItem(INVITES, JSON.stringify(all));
}

export function inviteOf(gameId: string): { color: Color; token: string } | undefined {
  try {
    return (JSON.parse(localStorage.getItem(INVITES) ?? '{}') as Record<string, { color: Color; token: string }>)[
      gameId
    ];
  } catch {
    return undefined;
  }
}
