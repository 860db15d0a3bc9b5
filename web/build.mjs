// Bundles the UI into dist/ (app.js, app.css, index.html) and renders every docs/rules/*.md into dist/rules/.
import * as esbuild from 'esbuild';
import { marked } from 'marked';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, copyFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
const rulesDir = join(here, '..', 'docs', 'rules');

rmSync(dist, { recursive: true, force: true });
mkdirSync(join(dist, 'rules'), { recursive: true });

await esbuild.build({
  entryPoints: { app: join(here, 'src', 'main.ts'), style: join(here, 'static', 'style.css') },
  bundle: true,
  minify: true,
  sourcemap: true,
  target: 'es2020',
  outdir: dist,
  loader: { '.svg': 'dataurl', '.png': 'dataurl' },
  logLevel: 'warning',
});
copyFileSync(join(here, 'index.html'), join(dist, 'index.html'));

// Rules pages: one HTML fragment per docs/rules/<id>.md (README.md becomes the index page), listed in index.json.
const pages = [];
if (existsSync(rulesDir)) {
  for (const file of readdirSync(rulesDir)
    .filter((f) => f.endsWith('.md'))
    .sort()) {
    const id = file === 'README.md' ? 'index' : file.slice(0, -3);
    const markdown = readFileSync(join(rulesDir, file), 'utf8');
    // The heading as plain text for the sidebar (code spans lose their backticks).
    const title = (markdown.match(/^#\s+(.+)$/m) ?? [, id])[1].trim().replace(/`/g, '');
    // Links between the pages (atomic.md, README.md) become the UI's routes.
    const html = marked
      .parse(markdown, { async: false })
      .replace(/href="README\.md"/g, 'href="#/rules/index"')
      .replace(/href="([\w+-]+)\.md"/g, 'href="#/rules/$1"');
    writeFileSync(join(dist, 'rules', `${id}.html`), html);
    pages.push({ id, title });
  }
}
writeFileSync(join(dist, 'rules', 'index.json'), JSON.stringify({ pages }, null, 1));
console.log(`web: bundled into ${dist} (${pages.length} rules pages)`);
