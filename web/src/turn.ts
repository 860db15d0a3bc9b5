// Entering one turn move by move. The server is the rules authority: every step asks /legal for the position
// after the moves so far and the moves allowed next; nothing is sent as a turn until submit().
import { type GameState, type LegalAnswer, type LegalMove, api } from './api';

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
  get movesLeft(): number {
    return this.answer.moves_left;
  }
  get legal(): LegalMove[] {
    return this.complete ? [] : this.answer.legal_moves;
  }
  /** The legal moves from one square to another (several when they differ by the promotion piece). */
  candidates(from: string, to: string): LegalMove[] {
    return this.legal.filter((m) => m.uci.startsWith(from + to));
  }

  /** The position before the last move entered (for its animation). */
  get fenBeforeLast(): string | undefined {
    const played = this.answer.played;
    return played.length >= 2 ? played[played.length - 2].fen : undefined;
  }

  async play(uci: string): Promise<void> {
    this.answer = await api.legal(this.gameId, [...this.moves, uci]);
  }

  async undo(): Promise<void> {
    this.answer = await api.legal(this.gameId, this.moves.slice(0, -1));
  }
}
