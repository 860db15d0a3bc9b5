// Unit tests of the UI modules: each web/test/*.test.ts is bundled for Node by esbuild into .test-out/, then run
// with Node's test runner.
import * as esbuild from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '.test-out');
rmSync(out, { recursive: true, force: true });
const tests = readdirSync(join(here, 'test')).filter((f) => f.endsWith('.test.ts'));
await esbuild.build({
  entryPoints: tests.map((f) => join(here, 'test', f)),
  bundle: true,
  platform: 'node',
  format: 'esm',
  outdir: out,
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
});
const files = tests.map((f) => join(out, f.replace(/\.ts$/, '.mjs')));
const run = spawnSync(process.execPath, ['--test', ...files], { stdio: 'inherit' });
process.exit(run.status ?? 1);
