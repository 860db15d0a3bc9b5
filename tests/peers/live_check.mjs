#!/usr/bin/env node
// Live side-by-side check of heterochess against the peers on fresh random positions.
//   node live_check.mjs [--seed S] [--count N] [--depth D] [--deeper K] [--plies-max P] [--variants atomic,chess,alice]
// For each variant: N distinct random reachable positions (random_positions.mjs: chessops playouts for
// chess/atomic, ffish-alice-es6 playouts for alice), peer perft at depth D (default 2; D+1 for the first K,
// default 50); chess/atomic counts must agree between chessops and ffish-es6. Then ONE `heterochess perft --batch -`
// process counts every position (variant `alice:ep=none` for alice, as ffish-alice-es6 has no en passant) and the
// counts are compared. The seed defaults to the current time and is printed first; `--seed S` repeats a run.
// The binary is $HC_BIN (default ../../build/src/heterochess from this file).
// Exit status: 0 all agree; 1 a count differs from the peers, the peers disagree, or heterochess failed on a
// position; 2 bad arguments or heterochess could not be run.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ffishModule, ffishPerft, needs960, parseArgs } from './peers.mjs';
import { peerPerft, peersFor, randomFens } from './random_positions.mjs';

// Peer variant name -> heterochess variant id.
const HC_VARIANT = { atomic: 'atomic', chess: 'chess', alice: 'alice:ep=none' };
const DIVIDE_DETAILS = 3; // differences for which the per-first-move counts are compared automatically

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const hcBin = resolve(process.env.HC_BIN || fileURLToPath(new URL('../../build/src/heterochess', import.meta.url)));
const hcShown = relative(repoRoot, hcBin).startsWith('..') ? hcBin : relative(repoRoot, hcBin);

function usage(message) {
  console.error(`live_check: ${message}`);
  process.exit(2);
}

let args;
try {
  args = parseArgs(process.argv.slice(2), { seed: -1, count: 500, depth: 2, deeper: 50, 'plies-max': 60, variants: 'atomic,chess,alice' });
} catch (err) {
  usage(err.message);
}
if (args.seed === -1) args.seed = Math.floor(Date.now() / 1000);
for (const key of ['seed', 'count', 'depth', 'deeper', 'plies-max']) {
  if (!Number.isSafeInteger(args[key]) || args[key] < 0) usage(`--${key} needs a non-negative integer`);
}
if (args.seed > 0xffffffff) usage('--seed must be below 2^32');
const variants = args.variants.split(',').filter(Boolean);
for (const v of variants) if (!HC_VARIANT[v]) usage(`unknown variant ${v}; known: ${Object.keys(HC_VARIANT).join(', ')}`);
try {
  accessSync(hcBin, constants.X_OK);
} catch {
  usage(`no executable heterochess at ${hcBin} (build with scripts/build.sh or set HC_BIN)`);
}

// Each variant plays its own games: its seed is the run seed mixed with the variant name (FNV-1a), so
// `random_positions.mjs --variant V --seed <that>` gives the same positions.
function variantSeed(seed, variant) {
  let h = 0x811c9dc5;
  for (const ch of variant) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return (seed ^ h) >>> 0;
}

const repro = `node tests/peers/live_check.mjs --seed ${args.seed} --count ${args.count} --depth ${args.depth}` +
  (args.deeper !== 50 ? ` --deeper ${args.deeper}` : '') + (args['plies-max'] !== 60 ? ` --plies-max ${args['plies-max']}` : '') +
  (args.variants !== 'atomic,chess,alice' ? ` --variants ${args.variants}` : '');
console.log(`live check: seed ${args.seed}; ${args.count} positions per variant (${variants.map(v => `${v} seed ${variantSeed(args.seed, v)}`).join(', ')}), ` +
  `depth ${args.depth} (${args.depth + 1} for the first ${args.deeper}); heterochess = ${hcShown}`);

// 1. Positions and peer counts.
const started = performance.now();
const rows = []; // { variant, fen, depth, counts, agree, peerError }
const shortfalls = [], variantSeconds = [];
for (const variant of variants) {
  const variantStarted = performance.now();
  const fens = await randomFens({ variant, count: args.count, seed: variantSeed(args.seed, variant), pliesMax: args['plies-max'] });
  if (fens.length < args.count) shortfalls.push(`${variant}: only ${fens.length} distinct positions found`);
  const perft = await peerPerft(variant);
  fens.forEach((fen, index) => {
    const depth = args.depth + (index < args.deeper ? 1 : 0);
    try {
      rows.push({ variant, fen, depth, ...perft(fen, depth) });
    } catch (err) {
      rows.push({ variant, fen, depth, counts: [], agree: false, peerError: String(err.message ?? err) });
    }
  });
  variantSeconds.push(`${variant} ${((performance.now() - variantStarted) / 1000).toFixed(1)}`);
}
const peerSeconds = (performance.now() - started) / 1000;

// 2. One heterochess process for every row.
function runBatch(input) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(hcBin, ['perft', '--batch', '-'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out = [], err = [];
    child.stdout.on('data', chunk => out.push(chunk));
    child.stderr.on('data', chunk => err.push(chunk));
    child.on('error', reject);
    child.stdin.on('error', () => {}); // an early exit is reported through the exit status
    child.on('close', (code, signal) =>
      resolvePromise({ code, signal, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() }));
    child.stdin.end(input);
  });
}
const hcStarted = performance.now();
const batch = await runBatch(rows.map(r => `${HC_VARIANT[r.variant]}\t${r.fen}\t${r.depth}\n`).join(''));
const hcSeconds = (performance.now() - hcStarted) / 1000;
const outLines = batch.stdout.split('\n').filter(Boolean);
// Exit status 2 with `error:` lines is a per-position failure (reported below); anything else is a broken run.
if (batch.signal || (batch.code !== 0 && batch.code !== 2) || outLines.length !== rows.length) {
  console.log(`heterochess perft --batch failed: exit ${batch.signal ?? batch.code}, ${outLines.length} of ${rows.length} lines`);
  if (batch.stderr.trim()) console.log(batch.stderr.trim().split('\n').slice(-20).join('\n'));
  console.log(`reproduce: ${repro}`);
  process.exit(2);
}
rows.forEach((row, i) => {
  const [variant, fen, depth, nodes] = outLines[i].split('\t');
  if (variant !== HC_VARIANT[row.variant] || fen !== row.fen || Number(depth) !== row.depth) {
    console.log(`heterochess output line ${i + 1} does not echo its input: ${outLines[i]}`);
    process.exit(2);
  }
  row.ours = /^\d+$/.test(nodes ?? '') ? Number(nodes) : nodes;
});

// 3. Compare.
const divideHint = r => `${hcShown} perft --variant ${HC_VARIANT[r.variant]} --fen '${r.fen}' --depth ${r.depth} --divide`;

// Per-first-move counts of the ffish peer and of heterochess, for the moves where they differ (UCI notation on both
// sides; castling may be spelt differently in Chess960 mode).
async function divideDiff(r) {
  const peer = r.variant === 'alice' ? 'ffish-alice-es6' : 'ffish-es6';
  const ff = await ffishModule(peer);
  const board = new ff.Board(r.variant, r.fen, r.variant !== 'alice' && needs960(r.fen));
  const theirs = new Map();
  try {
    for (const move of board.legalMoves().split(' ').filter(Boolean)) {
      board.push(move);
      theirs.set(move, ffishPerft(board, r.depth - 1));
      board.pop();
    }
  } finally {
    board.delete();
  }
  const run = spawnSync(hcBin, ['perft', '--variant', HC_VARIANT[r.variant], '--fen', r.fen, '--depth', String(r.depth), '--divide'],
    { encoding: 'utf8' });
  const ours = new Map();
  for (const line of run.stdout.split('\n')) {
    const m = /^(\S+): (\d+)$/.exec(line);
    if (m) ours.set(m[1], Number(m[2]));
  }
  const lines = [];
  for (const move of new Set([...theirs.keys(), ...ours.keys()])) {
    if (theirs.get(move) !== ours.get(move)) lines.push(`    ${move}: ${peer} ${theirs.get(move) ?? '-'}, ours ${ours.get(move) ?? '-'}`);
  }
  return lines;
}

let failures = 0, detailed = 0;
for (const variant of variants) {
  const mine = rows.filter(r => r.variant === variant);
  let agree = 0, differ = 0, peersDisagree = 0;
  for (const r of mine) {
    const peers = peersFor(variant);
    if (!r.agree) {
      peersDisagree++;
      const counts = r.peerError ? `peer error: ${r.peerError}` : peers.map((p, i) => `${p} ${r.counts[i]}`).join(', ');
      console.log(`PEERS DISAGREE ${variant} depth ${r.depth}: ${counts}, ours ${r.ours}\n  fen ${r.fen}`);
    } else if (r.ours === r.counts[0]) {
      agree++;
    } else {
      differ++;
      console.log(`DIFFER ${variant} depth ${r.depth}: peer ${r.counts[0]} (${peers.join(' = ')}), ours ${r.ours}\n` +
        `  fen ${r.fen}\n  divide: ${divideHint(r)}`);
      if (typeof r.ours === 'number' && r.depth >= 1 && detailed++ < DIVIDE_DETAILS) {
        const lines = await divideDiff(r);
        if (lines.length) console.log(`  first moves that differ:\n${lines.join('\n')}`);
      }
    }
  }
  failures += differ + peersDisagree;
  console.log(`${variant}: ${mine.length} positions, ${agree} agree, ${differ} differ` + (peersDisagree ? `, ${peersDisagree} where the peers disagree` : ''));
}
for (const s of shortfalls) console.log(s);
console.log(`time: peers ${peerSeconds.toFixed(1)} s (${variantSeconds.join(', ')}), heterochess ${hcSeconds.toFixed(1)} s`);
if (failures) console.log(`FAILED (${failures}); reproduce: ${repro}`);
process.exitCode = failures ? 1 : 0;
