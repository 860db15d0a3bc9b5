// The JSON API client: one typed function per endpoint; every failure becomes an ApiError with the server's message.
import type { Effect } from './effects';

export interface LegalMove {
  uci: string;
  san: string;
}

export interface PlayedMove extends LegalMove {
  fen: string;
  /** The move's journal: every man put or removed, with the cause (docs/server.md). */
  effects: Effect[];
}

export interface Clock {
  white_ms: number;
  black_ms: number;
  increment_ms: number;
  running: 'white' | 'black' | '';
}

export type Color = 'white' | 'black';

export interface GameState {
  id: string;
  variant: string;
  /** Number of boards the variant is played on (the server's catalogue says; never read from the id). */
  boards: number;
  /** The catalogue ids the variant is composed of (its canonical id without options). */
  components: string[];
  start_fen: string;
  fen: string;
  turns: string[];
  movetext: string;
  to_move: Color;
  fullmove: number;
  /** The moves of the turn to play and those still due; null when the turn has no fixed length (turn_unbounded). */
  moves_this_turn: number | null;
  moves_left: number | null;
  /** The turn ends by the variant's own rules or a voluntary stop, not after a number of moves (Hurricane,
   * Sputnik). Absent from older servers. */
  turn_unbounded?: boolean;
  /** The voluntary stop (`0000`, SAN `--`) is legal now. Absent from older servers. */
  can_stop?: boolean;
  result: string;
  termination: string;
  draw_offer: '' | Color;
  /** The side whose draw offer was just declined (until the next turn or offer). */
  draw_declined?: '' | Color;
  players: Record<Color, 'human' | 'engine'>;
  in_check: boolean;
  legal_moves: LegalMove[];
  version: number;
  clock?: Clock | null;
}

export interface LegalAnswer {
  prefix: string;
  played: PlayedMove[];
  fen: string;
  turn_complete: boolean;
  moves_left: number | null;
  turn_unbounded?: boolean;
  can_stop?: boolean;
  legal_moves: LegalMove[];
}

export interface HistoryTurn {
  index: number;
  side: Color;
  fullmove: number;
  moves: PlayedMove[];
}

export interface Variant {
  id: string;
  name: string;
  description: string;
  boards: number;
}

export interface CreateRequest {
  variant: string;
  fen?: string;
  opponent: 'engine' | 'human';
  level?: { movetime_ms: number } | { depth: number };
  color: Color;
  clock?: { initial_s: number; increment_s: number } | { initial_s: number; per_turn: true };
}

export interface Created {
  id: string;
  color: Color;
  token: string;
  invite_token?: string;
  game: GameState;
}

export interface Imported {
  id: string;
  white_token: string;
  black_token: string;
  game: GameState;
}

export interface PlayerGame {
  id: string;
  variant: string;
  color: Color;
  to_move: Color;
  your_turn: boolean;
  turns: number;
  result: string;
  termination: string;
  draw_offer: string;
  clock: Clock | null;
}

export interface Hint {
  best_turn: string;
  san: string;
  score: { cp: number } | { mate: number };
  depth: number;
  nodes?: number;
  /** The number of turns of the position searched (newer servers). */
  turn_count?: number;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'the server cannot be reached');
  }
  const text = await response.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    if (!response.ok) throw new ApiError(response.status, text || response.statusText);
    throw new ApiError(response.status, 'the server sent an unreadable answer');
  }
  if (!response.ok) {
    const message = (data as { error?: string } | undefined)?.error ?? response.statusText;
    throw new ApiError(response.status, message);
  }
  return data as T;
}

const game = (id: string) => `/api/games/${encodeURIComponent(id)}`;

export const api = {
  variants: () => request<{ variants: Variant[] }>('GET', '/api/variants').then((a) => a.variants),
  create: (body: CreateRequest) => request<Created>('POST', '/api/games', body),
  state: (id: string) => request<GameState>('GET', game(id)),
  legal: (id: string, prefix: string[]) =>
    request<LegalAnswer>('GET', `${game(id)}/legal?prefix=${encodeURIComponent(prefix.join(','))}`),
  history: (id: string, from = 0) =>
    request<{ turns: HistoryTurn[] }>('GET', `${game(id)}/history?from=${from}`).then((a) => a.turns),
  turn: (id: string, token: string, turn: string[]) =>
    request<GameState>('POST', `${game(id)}/turn`, { token, turn: turn.join(',') }),
  resign: (id: string, token: string) => request<GameState>('POST', `${game(id)}/resign`, { token }),
  draw: (id: string, token: string, action: 'offer' | 'accept' | 'decline') =>
    request<GameState>('POST', `${game(id)}/draw`, { token, action }),
  hint: (id: string, token: string) => request<Hint>('POST', `${game(id)}/hint`, { token }),
  importPgn: (pgn: string) => request<Imported>('POST', '/api/games/import', { pgn }),
  playerGames: (token: string) =>
    request<{ games: PlayerGame[] }>('GET', `/api/players/${encodeURIComponent(token)}/games`).then((a) => a.games),
  pgnUrl: (id: string) => `${game(id)}/pgn`,
  eventsUrl: (id: string, since: number) => `${game(id)}/events?since=${since}`,
};
