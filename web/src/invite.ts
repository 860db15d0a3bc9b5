// Invitation links (#/join/ID/COLOR/TOKEN) are checked with the server before their token is kept: anyone can
// send such a link, and a token that does not play in the game would otherwise take the place of the real seat.
import type { Color, PlayerGame } from './api';

export interface Invite {
  gameId: string;
  color: Color;
  token: string;
}

export type Verdict = { ok: true; color: Color } | { ok: false; reason: string };

/**
 * What the server says of a link's token: `games` are the token's games (GET /api/players/{token}/games) and
 * `players` the game's players. The token is good when it plays in the game on a human side; the side is the
 * server's (a link naming the other side still seats its holder where the token plays).
 */
export function judgeInvite(invite: Invite, games: PlayerGame[], players: Record<Color, 'human' | 'engine'>): Verdict {
  const entry = games.find((g) => g.id === invite.gameId);
  if (!entry) return { ok: false, reason: 'its token does not play in this game' };
  if (players[entry.color] !== 'human') return { ok: false, reason: `${entry.color} is played by the engine` };
  return { ok: true, color: entry.color };
}

/** The message shown for a link that was not kept; the seat this browser had (if any) is untouched. */
export function refusedInviteMessage(reason: string, hadSeat: boolean): string {
  return (
    `This invitation link is not valid: ${reason}. Nothing was saved` +
    (hadSeat ? '; your own seat in this game is kept.' : '.')
  );
}
