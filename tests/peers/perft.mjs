#!/usr/bin/env node
// Perft by independent implementations.
// stdin:  variant<TAB>fen<TAB>depth[<TAB>nodes...]   (variant: chess | atomic | alice; '#' lines are skipped)
// stdout: variant<TAB>fen<TAB>depth<TAB>peer<TAB>nodes   for every peer that implements the variant
// Usage:  node perft.mjs [--peer chessops|ffish-es6|ffish-alice-es6] [--check] < positions.tsv
// --check compares each count with the input's 4th column: mismatches go to stderr and the exit code is 1.
import { createInterface } from 'node:readline';
import { PEERS, parseArgs, perftFunction } from './peers.mjs';

const { peer: only, check } = parseArgs(process.argv.slice(2), { peer: '', check: false });
if (only && !PEERS[only]) throw new Error(`unknown peer ${only}; known: ${Object.keys(PEERS).join(', ')}`);

const perft = {};
for (const name of Object.keys(PEERS)) if (!only || name === only) perft[name] = await perftFunction(name);

let failures = 0, compared = 0;
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim() || line.startsWith('#')) continue;
  const [variant, fen, depthText, expected] = line.split('\t');
  const depth = Number(depthText);
  for (const [name, fn] of Object.entries(perft)) {
    if (!PEERS[name].variants.includes(variant)) continue;
    try {
      const nodes = fn(variant, fen, depth);
      console.log([variant, fen, depth, name, nodes].join('\t'));
      if (check) {
        compared++;
        if (String(nodes) !== expected) failures++, console.error(`MISMATCH\t${variant}\t${fen}\t${depth}\t${name}=${nodes}\texpected=${expected}`);
      }
    } catch (err) {
      failures++;
      console.error(`${name} failed on ${variant} ${fen} depth ${depth}: ${err.message ?? err}`);
    }
  }
}
if (check) console.error(`${compared} counts compared, ${failures} mismatches or failures`);
process.exitCode = failures ? 1 : 0;
