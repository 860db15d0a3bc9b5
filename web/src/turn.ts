// Entering one turn move by move. The server is the rules authority: every step asks /legal for the position
// after the moves so far, the moves allowed next and whether the turn may end here; nothing is sent as a turn until
// submit(). The turn's end is the server's (quota, check, capture, a lost move, a stop), never counted here.
import { type GameState, type LegalAnswer, type LegalMove, type PlayedMove, api } from './api';
import { isRemoval, uciSquares } from './uci';

/** The voluntary stop: ends the turn early where the rules allow it (UCI `0000`, SAN `--`). */
export const STOP = '0000';
export const isStop = (uci: string): boolean => uci === STOP;

export class TurnEntry {
  private answer: LegalAnswer;

  private constructor(
    private readonly gameId: string,
    answer: LegalAnswer,
  ) {
    this.answer = answer;
  }

  /** A fresh entry at the start of the turn of `state` (no request: the state already has the first moves). */
  static fromState(state: GameState): TurnEntry {
    return new TurnEntry(state.id, {
      prefix: '',
      played: [],
      fen: state.fen,
      turn_complete: false,
      moves_left: state.moves_left,
      turn_unbounded: state.turn_unbounded,
      can_stop: state.can_stop,
      legal_moves: state.legal_moves,
    });
  }

  get moves(): string[] {
    return this.answer.played.map((m) => m.uci);
  }
  get sans(): string[] {
    return this.answer.played.map((m) => m.san);
  }
  get fen(): string {
    return this.answer.fen;
  }
  get complete(): boolean {
    return this.answer.turn_complete;
  }
  /** The moves still due in this turn; null when the turn has no fixed length (it ends by its rules or a stop). */
  get movesLeft(): number | null {
    return this.complete ? 0 : this.answer.moves_left;
  }
  /** The turn may be ended here with the stop (the server lists it among the legal moves). */
  get canStop(): boolean {
    return !this.complete && (this.answer.can_stop ?? this.answer.legal_moves.some((m) => isStop(m.uci)));
  }
  /** The moves made on the board (the stop is a button, not a move of a man). */
  get legal(): LegalMove[] {
    return this.complete ? [] : this.answer.legal_moves.filter((m) => !isStop(m.uci));
  }
  /** The legal moves from one square to another (several when they differ by the promotion piece, or are a
   * capture and a missile shot at the same man). */
  candidates(from: string, to: string): LegalMove[] {
    return this.legal.filter((m) => {
      const sq = uciSquares(m.uci);
      return sq.from === from && sq.to === to && !isRemoval(m.uci);
    });
  }
  /** The removal of the own man on `square`, where it is legal now. */
  removal(square: string): LegalMove | undefined {
    return this.legal.find((m) => isRemoval(m.uci) && m.uci.startsWith(square));
  }

  /** The last move entered, with its effects (for its animation). */
  get lastPlayed(): PlayedMove | undefined {
    const played = this.answer.played;
    return played[played.length - 1];
  }

  async play(uci: string): Promise<void> {
    this.answer = await api.legal(this.gameId, [...this.moves, uci]);
  }

  async undo(): Promise<void> {
    this.answer = await api.legal(this.gameId, this.moves.slice(0, -1));
  }
}
