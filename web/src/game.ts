// The game page: the board(s), entering and submitting a turn, the opponent's turns arriving by server-sent events
// and animated move by move, the move list, draw/resign, hint, clock, PGN link and invitation link.
import type { Key } from 'chessground/types';
import { formatClock } from './clock';
import { ApiError, type Color, type GameState, type Hint, type LegalMove, type PlayedMove, api } from './api';
import { BoardView } from './board';
import { type MoveEffects, moveEffects } from './effects';
import { sideToMove } from './fen';
import { errorText, h, showError, sleep } from './dom';
import { parseMovetext, renderMoveList } from './movelist';
import { inviteOf, seatsOf } from './storage';
import { STOP, TurnEntry, isStop } from './turn';
import { followUpShot, isRemoval, isShot, uciSquares } from './uci';

const other = (c: Color): Color => (c === 'white' ? 'black' : 'white');
const capital = (c: Color) => c[0].toUpperCase() + c.slice(1);
/** The side in check after a move: the side to move after it when its SAN says check or mate. */
const checkedBy = (san: string | undefined, fenAfter: string): Color | undefined =>
  san && /[+#]$/.test(san) ? sideToMove(fenAfter) : undefined;
const squares = (m: LegalMove) => {
  const sq = uciSquares(m.uci);
  return { from: sq.from as Key, to: sq.to as Key };
};
/** The boards to draw, as the server's game state gives them (one or two). */
const boardCount = (state: GameState): 1 | 2 => (state.boards === 2 ? 2 : 1);
/** How often the state is polled while the server refuses the event stream. */
const pollMs = 3000;
/** Whether two states of a game show the same (`version` alone is not enough: it restarts when the server
 * reloads the game). */
const sameShown = (a: GameState, b: GameState): boolean =>
  a.version === b.version &&
  a.turns.length === b.turns.length &&
  a.draw_offer === b.draw_offer &&
  (a.draw_declined ?? '') === (b.draw_declined ?? '') &&
  a.result === b.result &&
  a.clock?.running === b.clock?.running;

export class GameView {
  private board: BoardView;
  private entry?: TurnEntry;
  /** The square pressed last on the board (a second press on the same own man offers its removal). */
  private selected?: Key;
  private known: number;
  private lastEffects?: MoveEffects;
  private queue: Promise<void> = Promise.resolve();
  private events?: EventSource;
  private pollTimer?: number;
  private polls = 0;
  private closed = false;
  private clockTimer?: number;
  private clockStamp = 0;
  private readonly el: Record<string, HTMLElement> = {};

  private constructor(
    private readonly root: HTMLElement,
    private state: GameState,
  ) {
    this.known = state.turns.length;
    this.clockStamp = performance.now();
    const seats = seatsOf(state.id);
    const orientation: Color = seats.white || !seats.black ? 'white' : 'black';
    this.board = new BoardView(
      boardCount(state),
      orientation,
      (from, to) => this.onBoardMove(from, to),
      (key) => this.onBoardSelect(key),
    );
    this.layout();
    this.board.show(state.fen, { check: this.stateCheck() });
    this.startTurn();
    this.render();
    this.openEvents();
    this.clockTimer = window.setInterval(() => this.renderClock(), 250);
  }

  /** Opens the game in `root` unless `wanted()` says, once its state is here, that the page went elsewhere. */
  static async open(root: HTMLElement, id: string, wanted = () => true): Promise<GameView | undefined> {
    try {
      const state = await api.state(id);
      return wanted() ? new GameView(root, state) : undefined;
    } catch (e) {
      if (wanted()) root.replaceChildren(h('p', { class: 'card' }, `Cannot open game ${id}: ${errorText(e)}`));
      return undefined;
    }
  }

  close(): void {
    this.closed = true;
    this.events?.close();
    window.clearInterval(this.pollTimer);
    window.clearInterval(this.clockTimer);
    this.board.destroy();
  }

  // ---- live updates: the event stream, or polling the state while the server refuses the stream

  private openEvents(): void {
    const events = new EventSource(api.eventsUrl(this.state.id, this.known));
    this.events = events;
    events.addEventListener('turn', () => this.sync());
    events.addEventListener('status', () => this.sync());
    events.addEventListener('open', () => {
      window.clearInterval(this.pollTimer);
      this.pollTimer = undefined;
    });
    // A stream closed for good (503 at the server's cap of streams, …): the browser will not reconnect by itself.
    events.addEventListener('error', () => {
      if (events.readyState !== EventSource.CLOSED || this.events !== events) return;
      this.events = undefined;
      if (this.closed || this.pollTimer !== undefined) return;
      this.pollTimer = window.setInterval(() => this.poll(), pollMs);
    });
  }

  private poll(): void {
    this.sync();
    // Now and then, try the stream again (a success stops the polling).
    if (!this.events && ++this.polls % 10 === 0) this.openEvents();
  }

  // ---- seats and tokens

  private tokenOf(color: Color): string | undefined {
    return seatsOf(this.state.id)[color];
  }
  /** The side this browser acts for now: the side to move when it holds its token, else its only seat. */
  private actingColor(): Color | undefined {
    const seats = seatsOf(this.state.id);
    if (seats[this.state.to_move]) return this.state.to_move;
    return seats.white ? 'white' : seats.black ? 'black' : undefined;
  }
  private myTurn(): boolean {
    const s = this.state;
    return s.result === '*' && s.players[s.to_move] === 'human' && !!this.tokenOf(s.to_move);
  }

  // ---- the queue: every server round trip that changes what is shown runs one at a time

  private enqueue(job: () => Promise<void>): void {
    this.queue = this.queue.then(job).catch((e: unknown) => {
      showError(errorText(e));
      // The board may show a move that was never applied (chessground moves the man before /legal answers):
      // back to the last good position, movable again.
      const entry = this.entry;
      this.board.show(entry?.fen ?? this.state.fen, {
        lastMove: this.lastEffects,
        check: entry?.moves.length ? checkedBy(entry.sans[entry.sans.length - 1], entry.fen) : this.stateCheck(),
      });
      this.updateMovable();
      this.render();
      if (e instanceof ApiError && e.status === 409) this.sync(); // the game changed (over, flag fell): re-read it
    });
  }

  // ---- entering a turn

  private startTurn(): void {
    this.entry = this.myTurn() ? TurnEntry.fromState(this.state) : undefined;
    this.updateMovable();
  }

  private updateMovable(): void {
    const entry = this.entry;
    // A removal is no destination: it is offered by clicking the man twice (onBoardSelect).
    if (entry && !entry.complete)
      this.board.setMovable(this.state.to_move, entry.legal.filter((m) => !isRemoval(m.uci)).map(squares));
    else this.board.setMovable(undefined, []);
  }

  /** A press on a square: the second press in a row on the same own man offers its removal, where legal. */
  private onBoardSelect(key: Key): void {
    const again = this.selected === key;
    this.selected = again ? undefined : key;
    const removal = again ? this.entry?.removal(key) : undefined;
    if (!removal) return;
    const entry = this.entry;
    this.enqueue(async () => {
      if (this.entry !== entry || !entry) return;
      const uci = await this.chooseMove([removal], 'Remove this man?');
      if (uci) await this.playEntered(entry, uci);
    });
  }

  private onBoardMove(from: Key, to: Key): void {
    const entry = this.entry;
    this.selected = undefined;
    if (!entry) return;
    const candidates = entry.candidates(from, to);
    this.enqueue(async () => {
      // Several moves between the same squares: promotion pieces, a capture and a missile shot, or a capture
      // with and without its follow-up shots (Goliath).
      const title = candidates.some((m) => isShot(m.uci))
        ? 'Capture or fire?'
        : candidates.some((m) => followUpShot(m.uci))
          ? 'Shoot after the capture?'
          : 'Promote to';
      const uci = candidates.length > 1 ? await this.chooseMove(candidates, title) : candidates[0]?.uci;
      if (!uci) {
        this.board.show(entry.fen, { lastMove: this.lastEffects });
        this.updateMovable();
        return;
      }
      await this.playEntered(entry, uci);
    });
  }

  /** Plays one move of the turn being entered and shows it. */
  private async playEntered(entry: TurnEntry, uci: string): Promise<void> {
    await entry.play(uci);
    showError(null);
    const played = entry.lastPlayed;
    if (played) this.showMove(played, true);
    this.updateMovable();
    this.render();
  }

  private undo(): void {
    const entry = this.entry;
    if (!entry || !entry.moves.length) return;
    this.enqueue(async () => {
      await entry.undo();
      const last = entry.lastPlayed;
      this.lastEffects = last && !isStop(last.uci) ? moveEffects(last.uci, last.effects) : undefined;
      this.board.show(entry.fen, { lastMove: this.lastEffects });
      this.updateMovable();
      this.render();
    });
  }

  private submit(): void {
    const entry = this.entry;
    const token = this.tokenOf(this.state.to_move);
    if (!entry?.complete || !token) return;
    this.enqueue(() => this.send(entry, token));
  }

  /** "End turn here": the voluntary stop after the moves entered so far, then the turn is sent at once. */
  private endTurn(): void {
    const entry = this.entry;
    const token = this.tokenOf(this.state.to_move);
    if (!entry?.canStop || !token) return;
    this.enqueue(async () => {
      if (this.entry !== entry || !entry.canStop) return; // the turn changed while earlier work ran
      await entry.play(STOP);
      await this.send(entry, token);
    });
  }

  private async send(entry: TurnEntry, token: string): Promise<void> {
    const state = await api.turn(this.state.id, token, entry.moves);
    showError(null);
    this.known = state.turns.length;
    this.state = state;
    this.clockStamp = performance.now();
    this.board.show(state.fen, { lastMove: this.lastEffects, check: this.stateCheck() });
    this.setHint(undefined);
    this.startTurn();
    this.render();
  }

  /** A choice among moves (promotion pieces; capture or missile shot; a capture with or without its follow-up
   * shot; a removal to confirm), like a promotion dialog: one button per move (its SAN, a shot and a removal
   * named), and Cancel. */
  private chooseMove(candidates: LegalMove[], title: string): Promise<string | undefined> {
    return new Promise((resolve) => {
      const dialog = h('div', { class: 'promotion', id: 'promotion' }, h('p', {}, title));
      const done = (uci: string | undefined) => {
        dialog.remove();
        resolve(uci);
      };
      const followUps = candidates.some((m) => followUpShot(m.uci));
      for (const move of candidates) {
        const shotAfter = followUpShot(move.uci);
        const label = isShot(move.uci)
          ? `${move.san} (fire missile)`
          : isRemoval(move.uci)
            ? `${move.san} (remove)`
            : shotAfter
              ? `${move.san} (shoot ${shotAfter})`
              : followUps
                ? `${move.san} (no shot)`
                : move.san;
        dialog.append(h('button', { 'data-uci': move.uci, onclick: () => done(move.uci) }, label));
      }
      dialog.append(h('button', { class: 'cancel', onclick: () => done(undefined) }, 'Cancel'));
      this.board.element.append(dialog);
    });
  }

  /** Shows the position after one move with what it did (transfer, shot, burst: its `effects`) flashed on the board. */
  private showMove(move: PlayedMove, instant = false): void {
    this.lastEffects = moveEffects(move.uci, move.effects);
    this.board.show(move.fen, { lastMove: this.lastEffects, check: checkedBy(move.san, move.fen), instant });
    this.board.animate(this.lastEffects);
  }

  // ---- the opponent's turns and status changes

  private sync(): void {
    this.enqueue(async () => {
      const state = await api.state(this.state.id);
      // The clock is read now: the animation below takes time the clock runs.
      const stamp = performance.now();
      if (state.turns.length === this.known && sameShown(state, this.state)) return;
      const newTurns = state.turns.length > this.known;
      if (newTurns) {
        this.setHint(undefined);
        for (const turn of await api.history(state.id, this.known)) {
          for (const move of turn.moves) {
            if (isStop(move.uci)) continue; // the turn ended here: nothing moves
            this.showMove(move);
            await sleep(450);
          }
        }
        this.known = state.turns.length;
        this.setHint(undefined); // again: a hint may have come during the animation
      }
      this.state = state;
      this.clockStamp = stamp;
      if (newTurns || !this.entry || state.result !== '*') {
        this.board.show(this.entry && !newTurns ? this.entry.fen : state.fen, {
          lastMove: this.lastEffects,
          check: this.stateCheck(),
        });
        this.startTurn();
      }
      this.render();
    });
  }

  /** The side in check in the game's position (the state's flag, or the last move's SAN). */
  private stateCheck(): Color | undefined {
    const s = this.state;
    // The last move of a man: a turn ended by the stop ('--') checks with the move before it.
    const last = parseMovetext(s.movetext)
      .pop()
      ?.san.split(',')
      .filter((san) => san !== '--')
      .pop();
    return s.in_check ? s.to_move : checkedBy(last, s.fen);
  }

  // ---- actions

  private act(action: (token: string) => Promise<GameState>): void {
    const color = this.actingColor();
    const token = color && this.tokenOf(color);
    if (!token) return;
    this.enqueue(async () => {
      this.state = await action(token);
      this.clockStamp = performance.now();
      showError(null);
      if (this.state.result !== '*') this.startTurn();
      this.render();
    });
  }

  private drawAnswer(action: 'accept' | 'decline'): void {
    const offerer = this.state.draw_offer;
    const token = offerer && this.tokenOf(other(offerer));
    if (!token) return;
    this.enqueue(async () => {
      this.state = await api.draw(this.state.id, token, action);
      this.clockStamp = performance.now();
      showError(null);
      if (this.state.result !== '*') this.startTurn();
      this.render();
    });
  }

  private hint(): void {
    const color = this.actingColor();
    const token = color && this.tokenOf(color);
    if (!token) return;
    this.el.hint.textContent = 'Thinking…';
    this.board.setArrows([]);
    const asked = this.state.turns.length;
    api
      .hint(this.state.id, token)
      .then((hint) => {
        // An answer for a position that is gone (a turn was played meanwhile) is not shown as current.
        const current = this.state.turns.length;
        if ((hint.turn_count ?? asked) !== current) {
          this.setHint(undefined);
          this.el.hint.textContent = 'The position changed — ask again.';
        } else this.setHint(hint);
      })
      .catch((e: unknown) => {
        this.el.hint.textContent =
          e instanceof ApiError && e.status === 404 ? 'Hint: not available on this server.' : `Hint: ${errorText(e)}`;
      });
  }

  private setHint(hint: Hint | undefined): void {
    if (!hint) {
      this.el.hint.textContent = '';
      this.board.setArrows([]);
      return;
    }
    if (!hint.best_turn) {
      this.el.hint.textContent = 'No legal turn in this position.';
      this.board.setArrows([]);
      return;
    }
    const score =
      'mate' in hint.score
        ? `mate in ${hint.score.mate}`
        : `${hint.score.cp >= 0 ? '+' : ''}${(hint.score.cp / 100).toFixed(2)}`;
    this.el.hint.textContent = `Best turn: ${hint.san} — evaluation ${score} (depth ${hint.depth})`;
    const first = hint.best_turn.split(',')[0];
    if (first && !this.entry?.moves.length) this.board.setArrows([squares({ uci: first, san: '' })]);
  }

  // ---- layout and rendering

  private layout(): void {
    const s = this.state;
    const e = this.el;
    e.result = h('div', { class: 'result', id: 'result', hidden: '' });
    e.status = h('div', { class: 'status', id: 'status' });
    e.movesLeft = h('div', { class: 'moves-left', id: 'moves-left' });
    e.pending = h('div', { class: 'pending-turn', id: 'pending' });
    e.undo = h('button', { id: 'undo', onclick: () => this.undo() }, 'Undo move');
    e.submit = h('button', { id: 'submit', class: 'primary', onclick: () => this.submit() }, 'Submit turn');
    // Shown only while the rules allow a voluntary stop (the server's can_stop); a plain button, so Tab and
    // Enter/Space reach it like the others.
    e.endTurn = h(
      'button',
      {
        id: 'end-turn',
        type: 'button',
        hidden: '',
        title: 'End this turn now, with the moves made so far (written -- in the move list)',
        onclick: () => this.endTurn(),
      },
      'End turn here',
    );
    e.moves = h('div', { class: 'movelist', id: 'movelist' });
    e.hint = h('div', { class: 'hint', id: 'hint-text' });
    e.draw = h('div', { class: 'draw', id: 'draw' });
    e.clockWhite = h('div', { class: 'clock', id: 'clock-white' });
    e.clockBlack = h('div', { class: 'clock', id: 'clock-black' });
    e.resign = h(
      'button',
      { id: 'resign', onclick: () => confirm('Resign this game?') && this.act((t) => api.resign(s.id, t)) },
      'Resign',
    );
    e.hintButton = h('button', { id: 'hint', onclick: () => this.hint() }, 'Hint / evaluation');
    const invite = inviteOf(s.id);
    const inviteUrl =
      invite &&
      s.result === '*' &&
      !this.tokenOf(invite.color) &&
      `${location.origin}${location.pathname}#/join/${s.id}/${invite.color}/${invite.token}`;
    this.root.replaceChildren(
      h(
        'div',
        { class: 'game', 'data-game': s.id },
        h(
          'header',
          { class: 'game-head' },
          h('h2', {}, `${s.variant}`, h('span', { class: 'game-id' }, ` game ${s.id}`)),
          h(
            'nav',
            {},
            h('a', { href: `#/rules/${s.components[0] ?? s.variant}` }, 'Rules'),
            h('a', { href: api.pgnUrl(s.id), download: `heterochess-${s.id}.pgn`, id: 'pgn-link' }, 'PGN'),
            h('a', { href: '#/' }, 'My games'),
          ),
        ),
        e.result,
        h(
          'div',
          { class: 'play' },
          h('div', { class: 'board-col' }, e.clockBlack, this.board.element, e.clockWhite),
          h(
            'aside',
            { class: 'panel' },
            e.status,
            h(
              'div',
              { class: 'turn-box card' },
              e.movesLeft,
              e.pending,
              h('div', { class: 'buttons' }, e.undo, e.endTurn, e.submit),
            ),
            h('h3', {}, 'Moves'),
            e.moves,
            h('div', { class: 'buttons' }, e.hintButton, e.resign),
            e.hint,
            e.draw,
            inviteUrl &&
              h(
                'div',
                { class: 'invite card' },
                h('p', {}, `Invite a friend to play ${invite.color}: send this link (it carries their secret token).`),
                h('input', { id: 'invite-link', readonly: '', value: inviteUrl }),
              ),
          ),
        ),
      ),
    );
  }

  private render(): void {
    const s = this.state;
    const e = this.el;
    const over = s.result !== '*';
    e.result.hidden = !over;
    e.result.textContent = over ? `${s.result} ${s.termination}` : '';
    const entry = this.entry;
    if (over) e.status.textContent = 'Game over.';
    else if (entry)
      e.status.textContent = `Your turn (${capital(s.to_move)}) — ${
        s.moves_this_turn === null ? 'a turn with no fixed number of moves' : `${s.moves_this_turn}-move turn`
      }.`;
    else if (s.players[s.to_move] === 'engine') e.status.textContent = `${capital(s.to_move)}: the engine is thinking…`;
    else e.status.textContent = `Waiting for ${capital(s.to_move)}.`;
    if (this.stateCheck() && !over) e.status.textContent += ' Check!';

    e.movesLeft.parentElement!.hidden = !entry;
    if (entry) {
      const left = entry.movesLeft;
      e.movesLeft.textContent = entry.complete
        ? 'Turn complete: submit it (or undo).'
        : left === null
          ? 'No fixed number of moves: play on until the rules end the turn.'
          : `Moves left in this turn: ${left}`;
      if (entry.canStop) e.movesLeft.textContent += left === null ? ' You may end it here.' : ', or end the turn here.';
      // The count the page shows, for tests and scripts: a number, or "unbounded".
      e.movesLeft.dataset.left = left === null ? 'unbounded' : String(left);
      e.pending.dataset.count = String(entry.moves.length);
      e.pending.textContent = entry.moves.length ? `This turn: ${entry.sans.join(', ')}` : 'Make your first move.';
    }
    (e.undo as HTMLButtonElement).disabled = !entry?.moves.length;
    (e.submit as HTMLButtonElement).disabled = !entry?.complete;
    e.endTurn.hidden = !entry?.canStop;
    (e.resign as HTMLButtonElement).disabled = over || !this.actingColor();
    // The server's policy: engine help for a player of a game against the engine, or of a finished game.
    const engineGame = s.players.white === 'engine' || s.players.black === 'engine';
    const enginesTurn = !over && s.players[s.to_move] === 'engine';
    const hintAllowed = !!this.actingColor() && (over || (engineGame && !enginesTurn));
    (e.hintButton as HTMLButtonElement).disabled = !hintAllowed;
    e.hintButton.title = hintAllowed
      ? ''
      : enginesTurn
        ? 'The engine is thinking: ask on your turn'
        : 'Engine help is offered in games against the engine and after a game';
    renderMoveList(e.moves, s.movetext, entry?.sans ?? []);
    this.renderDraw();
    this.renderClock();
  }

  private renderDraw(): void {
    const s = this.state;
    const box = this.el.draw;
    box.replaceChildren();
    if (s.result !== '*') return;
    const offer = s.draw_offer;
    if (offer && this.tokenOf(other(offer))) {
      box.append(
        h('span', {}, `${capital(offer)} offers a draw. `),
        h('button', { id: 'draw-accept', onclick: () => this.drawAnswer('accept') }, 'Accept'),
        h('button', { id: 'draw-decline', onclick: () => this.drawAnswer('decline') }, 'Decline'),
      );
    } else if (offer) {
      const to = s.players[other(offer)] === 'engine' ? ' The engine is considering it…' : '';
      box.append(h('span', { id: 'draw-pending' }, `${capital(offer)} offered a draw.${to}`));
    } else if (this.actingColor()) {
      if (s.draw_declined === this.actingColor()) {
        box.append(h('span', { id: 'draw-declined' }, 'Your draw offer was declined. '));
      }
      box.append(
        h('button', { id: 'draw-offer', onclick: () => this.act((t) => api.draw(s.id, t, 'offer')) }, 'Offer draw'),
      );
    }
  }

  private renderClock(): void {
    const clock = this.state.clock;
    for (const color of ['white', 'black'] as const) {
      const el = color === 'white' ? this.el.clockWhite : this.el.clockBlack;
      el.hidden = !clock;
      if (!clock) continue;
      let ms = color === 'white' ? clock.white_ms : clock.black_ms;
      const running = clock.running === color && this.state.result === '*';
      if (running) ms -= performance.now() - this.clockStamp;
      el.textContent = `${capital(color)} ${formatClock(ms)}`;
      el.classList.toggle('running', running);
    }
  }
}
