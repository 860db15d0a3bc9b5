// The board view: one chessground per board (two side by side for Alice), the position of a FEN split onto them,
// the movable men's destinations, highlights, hint arrows and the effect overlays (shots, bursts, transfers).
import { Chessground } from 'chessground';
import type { Api } from 'chessground/api';
import type { DrawShape } from 'chessground/draw';
import type { Color, Dests, Key } from 'chessground/types';
import type { MoveEffects } from './effects';
import { type BoardIndex, type Placement, OWN_ROLES, boardFen, parsePlacement, sideToMove } from './fen';

export interface ShowOptions {
  lastMove?: MoveEffects;
  check?: Color;
  /** No sliding: the player has just dragged the man, so the server's position replaces it at once (a Rifle
   * shooter stays on its square, exploded men vanish). */
  instant?: boolean;
}

const FILES = 'abcdefgh';

export class BoardView {
  readonly element: HTMLElement;
  private readonly grounds: Api[] = [];
  private readonly overlays: HTMLElement[] = [];
  private placement: Placement = [new Map(), new Map()];

  constructor(
    boards: 1 | 2,
    private readonly orientation: Color,
    onMove: (from: Key, to: Key) => void,
    onSelect: (key: Key) => void = () => {},
  ) {
    this.element = document.createElement('div');
    this.element.className = `boards boards-${boards}`;
    for (let i = 0; i < boards; i++) {
      const box = document.createElement('div');
      box.className = 'board-box';
      box.dataset.board = String(i);
      if (boards === 2) {
        const label = document.createElement('div');
        label.className = 'board-label';
        label.textContent = i === 0 ? 'Board A' : 'Board B';
        box.append(label);
      }
      const wrap = document.createElement('div');
      wrap.className = 'board-wrap';
      const ground = document.createElement('div');
      ground.className = 'cg-host brown cburnett';
      const overlay = document.createElement('div');
      overlay.className = 'fx-layer';
      wrap.append(ground, overlay);
      // Chessground keeps the board's screen position until a scroll or resize; other layout shifts (the error
      // banner coming or going) would send clicks to the wrong square: it is read afresh on every press.
      for (const type of ['mousedown', 'touchstart'])
        ground.addEventListener(type, () => this.grounds[i]?.state.dom.bounds.clear(), { capture: true });
      box.append(wrap);
      this.element.append(box);
      this.overlays.push(overlay);
      this.grounds.push(
        Chessground(ground, {
          orientation,
          coordinates: true,
          // The server's position is drawn after every move: chessground's own castling guess would move a rook
          // when a king takes an own rook beside it (a capture of own men).
          autoCastle: false,
          animation: { enabled: true, duration: 220 },
          movable: { free: false, color: undefined, showDests: true, events: { after: (o, d) => onMove(o, d) } },
          premovable: { enabled: false },
          draggable: { enabled: true, showGhost: true },
          drawable: { enabled: false },
          highlight: { lastMove: true, check: true },
          // Every press on a square, also on the man already selected (a removal: click a man, then again).
          events: { select: (key) => onSelect(key) },
        }),
      );
    }
  }

  /** Shows the position of an extended FEN; the men written on board B go to the second board when there is one. */
  show(fen: string, options: ShowOptions = {}): Placement {
    const parsed = parsePlacement(fen);
    if (this.grounds.length === 1) parsed[1].forEach((piece, key) => parsed[0].set(key, piece));
    this.placement = parsed;
    const effects = options.lastMove;
    this.grounds.forEach((ground, i) => {
      const custom = new Map<Key, string>();
      let lastMove: Key[] | undefined;
      if (effects) {
        const arrival = effects.toBoard ?? effects.fromBoard;
        if (effects.fromBoard === i && arrival === i) lastMove = [effects.from, effects.to];
        else if (effects.fromBoard === i) custom.set(effects.from, 'transfer-from');
        else if (arrival === i) custom.set(effects.to, 'transfer-to');
      }
      const kingHere = [...parsed[i].values()].some((p) => p.role === 'king' && p.color === options.check);
      ground.set({
        animation: { enabled: !options.instant },
        fen: boardFen(parsed[i]),
        turnColor: sideToMove(fen),
        lastMove,
        check: kingHere ? options.check : false,
        highlight: { custom },
        movable: { color: undefined, dests: new Map() },
      });
      // Chessground's FEN reader knows only the orthodox letters: capricorns, fers and alfils are put in by role.
      const own = [...parsed[i]].filter(([, p]) => OWN_ROLES.has(p.role));
      if (own.length) ground.setPieces(new Map(own));
    });
    return parsed;
  }

  /** Lets `color` move the men whose destinations are given (split per board by where each man stands). */
  setMovable(color: Color | undefined, moves: { from: Key; to: Key }[]): void {
    const dests: Dests[] = this.grounds.map(() => new Map());
    for (const { from, to } of moves) {
      const board = this.placement[0].has(from) || this.grounds.length === 1 ? 0 : 1;
      const list = dests[board].get(from) ?? [];
      if (!list.includes(to)) list.push(to);
      dests[board].set(from, list);
    }
    this.grounds.forEach((ground, i) => ground.set({ movable: { color, dests: dests[i] } }));
  }

  setArrows(moves: { from: Key; to: Key }[]): void {
    const shapes: DrawShape[] = moves.map(({ from, to }) => ({ orig: from, dest: to, brush: 'paleBlue' }));
    this.grounds.forEach((ground, i) =>
      ground.setAutoShapes(shapes.filter((s) => this.grounds.length === 1 || this.placement[i].has(s.orig))),
    );
  }

  /** Flashes what a move did: a burst or shot on each vanished man, a marker where a transferred man arrived or a
   * captured man was reborn. The marks of the move before are cleared first; a move's own marks stay in the
   * overlay (faded out by their animation) until the next move's are drawn, so that what the last move did can
   * still be read from the page (the e2e tests do) however late it is looked at. */
  animate(effects: MoveEffects): void {
    for (const overlay of this.overlays) overlay.replaceChildren();
    for (const { board, key, kind } of effects.vanished) this.flash(board, key, kind);
    for (const { board, key } of effects.reborn) this.flash(board, key, 'arrive');
    if (effects.toBoard !== undefined && effects.toBoard !== effects.fromBoard) {
      this.flash(effects.toBoard, effects.to, 'arrive');
    }
  }

  private flash(board: BoardIndex, key: Key, kind: string): void {
    const overlay = this.overlays[board] ?? this.overlays[0];
    const file = FILES.indexOf(key[0]);
    const rank = Number(key[1]) - 1;
    const col = this.orientation === 'white' ? file : 7 - file;
    const row = this.orientation === 'white' ? 7 - rank : rank;
    const mark = document.createElement('div');
    mark.className = `fx fx-${kind}`;
    mark.dataset.square = key;
    mark.style.left = `${col * 12.5}%`;
    mark.style.top = `${row * 12.5}%`;
    overlay.append(mark);
  }

  destroy(): void {
    this.grounds.forEach((g) => g.destroy());
  }
}
