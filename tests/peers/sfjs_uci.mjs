#!/usr/bin/env node
// UCI engine process around npm's stockfish.js 10.0.2 (Multi-Variant Stockfish, Emscripten, wasm build).
//
//   node tests/peers/sfjs_uci.mjs            # wasm build (stockfish.wasm.js + stockfish.wasm)
//   SFJS_BUILD=asm node tests/peers/sfjs_uci.mjs   # the asm.js fallback (stockfish.js), slower
//
// Reads UCI commands on stdin, one per line, hands each to the engine, and writes every engine message to
// stdout as one line. `quit` exits at once; at end of input the wrapper waits for the running search's
// `bestmove` (a `go infinite` / `go ponder` search is sent `stop` first) and then exits.
//
// How stockfish.js has to be loaded under Node (see tests/peers/README.md, "Playing stockfish.js"):
// - It is a web-worker script, not a module with an API: at load it assigns the global `onmessage`
//   (commands arrive as `onmessage({data: line})`) and prints through the global `postMessage(line)`;
//   on `quit` it calls the global `close()`. Node has none of the three, so we define `postMessage` and
//   `close` before loading and call the `onmessage` it leaves behind.
// - It is CommonJS (uses `require`, `__dirname`, `module`), so it is loaded with createRequire.
// - Its Emscripten `locateFile` returns the bare name `stockfish.wasm`, which Node then reads relative to
//   the current directory, synchronously while the script loads: we chdir into the package for the load.
// - Node 20 has `fetch` and `WebAssembly.instantiateStreaming`, so the loader would try
//   `fetch("stockfish.wasm")`, which fails (not a URL) and aborts the module. `globalThis.fetch` is
//   removed before loading (nothing else in this process uses it).
// - Search runs one iterative-deepening iteration per setTimeout slice, so stdin is read between
//   iterations only: `stop`/`isready` during a search are answered when the current iteration ends.
//   Time limits are checked inside the search and kept. Other commands sent during a search are held
//   back here until its `bestmove` (see DURING_SEARCH below).

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';

const require = createRequire(import.meta.url);
const pkgDir = dirname(require.resolve('stockfish.js/package.json'));
const script = process.env.SFJS_BUILD === 'asm' ? 'stockfish.js' : 'stockfish.wasm.js';

let searching = false;      // a `go` was sent and its `bestmove` has not arrived
let inputEnded = false;
let draining = false;       // end of input: an `isready` was sent, exit on its `readyok`
let pendingReady = 0;       // `isready` sent, `readyok` not yet seen
let exiting = false;

function exitNow(code = 0) {
  if (exiting) return;
  exiting = true;
  // stdout to a pipe or file is synchronous on Linux; still let a pending write drain before exiting.
  process.stdout.write('', () => process.exit(code));
}

globalThis.postMessage = (msg) => {
  const text = String(msg);
  for (const line of text.split('\n')) {
    if (line.length === 0) continue;
    if (line === 'readyok') {
      if (pendingReady > 0) pendingReady--;
      if (draining && pendingReady === 0) { exitNow(0); return; }   // our own `isready`: not printed
    }
    process.stdout.write(line + '\n');
    if (line.startsWith('bestmove')) {
      searching = false;
      setImmediate(releaseHeld);   // not from inside the engine's own print call
    }
  }
};
globalThis.close = () => exitNow(0);
delete globalThis.fetch;

// A closed stdout (the referee went away) must not crash with EPIPE noise.
process.stdout.on('error', (e) => { if (e.code === 'EPIPE') process.exit(0); else throw e; });

const cwd = process.cwd();
process.chdir(pkgDir);
try {
  require(join(pkgDir, script));
} finally {
  process.chdir(cwd);
}
const engineOnMessage = globalThis.onmessage;
if (typeof engineOnMessage !== 'function') {
  process.stderr.write(`sfjs_uci: ${script} did not install an onmessage handler\n`);
  process.exit(2);
}

let lastGoInfinite = false;

// End of input with no search running: the engine may not have started yet (commands are queued until
// the wasm module is instantiated), so send `isready` and exit on its `readyok`, which comes after every
// earlier command's output.
function drain() {
  if (draining || exiting) return;
  draining = true;
  pendingReady++;
  engineOnMessage({ data: 'isready' });
}

// Commands the engine takes while it searches. Anything else (`position`, `go`, `ucinewgame`, `setoption`)
// sent during a search is held back until its `bestmove`: stockfish.js would otherwise apply it to the
// running search (after `stop` + `position` + `go`, the stopped search's `bestmove` came out after the new
// search and named the new search's move).
const DURING_SEARCH = new Set(['stop', 'isready', 'ponderhit', 'debug']);
const held = [];

function dispatch(cmd) {
  const word = cmd.split(/\s+/, 1)[0];
  if (word === 'go') {
    searching = true;
    lastGoInfinite = /\b(infinite|ponder)\b/.test(cmd);
  } else if (word === 'isready') {
    pendingReady++;
  }
  engineOnMessage({ data: cmd });
}

function releaseHeld() {
  while (!searching && held.length > 0) dispatch(held.shift());
  if (inputEnded && !searching && held.length === 0) drain();
}

function send(line) {
  const cmd = line.trim();
  if (cmd.length === 0) return;
  const word = cmd.split(/\s+/, 1)[0];
  if (word === 'quit') { exitNow(0); return; }
  if (searching && !DURING_SEARCH.has(word)) { held.push(cmd); return; }
  dispatch(cmd);
}

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
rl.on('line', send);
rl.on('close', () => {
  inputEnded = true;
  if (!searching) { drain(); return; }
  if (lastGoInfinite) engineOnMessage({ data: 'stop' });
  // otherwise the search ends by itself; its `bestmove` releases held commands and then drains
});
