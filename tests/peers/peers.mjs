// Shared loader for the peer move generators and their perft functions.
import { readFileSync } from 'node:fs';
import { parseFen } from 'chessops/fen';
import { setupPosition } from 'chessops/variant';
import { perft as chessopsPerft } from 'chessops/debug';

const modulesDir = new URL('./node_modules/', import.meta.url);

// Fairy-Stockfish as WebAssembly: under Node the .wasm must be handed over explicitly.
async function loadFfish(pkg, wasmFile) {
  const Module = (await import(pkg)).default;
  return Module({ wasmBinary: readFileSync(new URL(`${pkg}/${wasmFile}`, modulesDir)) });
}

export const PEERS = {
  'chessops': { variants: ['chess', 'atomic'] },
  'ffish-es6': { variants: ['chess', 'atomic'], pkg: 'ffish-es6', wasm: 'ffish.wasm' },
  'ffish-alice-es6': { variants: ['alice'], pkg: 'ffish-alice-es6', wasm: 'ffish-alice.wasm' },
};

const ffishCache = {};
export async function ffishModule(peer) {
  const { pkg, wasm } = PEERS[peer];
  return (ffishCache[peer] ??= loadFfish(pkg, wasm));
}

export function chessopsPosition(variant, fen) {
  return setupPosition(variant, parseFen(fen).unwrap()).unwrap();
}

// X-FEN castling rights naming a rook off the a/h corner, or a king off the e-file, need Chess960 mode in ffish.
export function needs960(fen) {
  const setup = parseFen(fen).unwrap();
  for (const rook of setup.castlingRights) {
    const backRank = rook < 8 ? 0 : 7;
    const king = setup.board.kingOf(backRank === 0 ? 'white' : 'black');
    if ((rook % 8 !== 0 && rook % 8 !== 7) || king !== backRank * 8 + 4) return true;
  }
  return false;
}

export function ffishPerft(board, depth) {
  if (depth === 0) return 1;
  if (depth === 1) return board.numberLegalMoves();
  let nodes = 0;
  for (const move of board.legalMoves().split(' ')) {
    if (!move) continue;
    board.push(move);
    nodes += ffishPerft(board, depth - 1);
    board.pop();
  }
  return nodes;
}

// Returns a function (variant, fen, depth) => nodes for the named peer.
export async function perftFunction(peer) {
  if (peer === 'chessops') return (variant, fen, depth) => chessopsPerft(chessopsPosition(variant, fen), depth, false);
  const ff = await ffishModule(peer);
  // One Board per variant and Chess960 mode, reset with setFen: constructing a Board costs ~8 ms, far more than
  // a depth-2 perft. (The boards live as long as the process.)
  const boards = new Map();
  return (variant, fen, depth) => {
    const is960 = variant !== 'alice' && needs960(fen);
    const key = `${variant}/${is960}`;
    let board = boards.get(key);
    if (board) board.setFen(fen);
    else boards.set(key, (board = new ff.Board(variant, fen, is960)));
    return ffishPerft(board, depth);
  };
}

// Small seeded PRNG (mulberry32): deterministic across runs and Node versions.
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function parseArgs(argv, defaults) {
  const args = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    if (!argv[i].startsWith('--')) throw new Error(`unexpected argument ${argv[i]}`);
    const key = argv[i].slice(2);
    if (!(key in defaults)) throw new Error(`unknown option --${key}`);
    if (typeof defaults[key] === 'boolean') args[key] = true;
    else args[key] = typeof defaults[key] === 'number' ? Number(argv[++i]) : argv[++i];
  }
  return args;
}
