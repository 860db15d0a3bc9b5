// The rules pages: HTML rendered at build time from docs/rules/<id>.md (web/build.mjs), listed in rules/index.json.
import { h } from './dom';

interface RulesIndex {
  pages: { id: string; title: string }[];
}

export async function renderRules(root: HTMLElement, id: string, wanted = () => true): Promise<void> {
  const index: RulesIndex = await fetch('rules/index.json')
    .then((r) => (r.ok ? (r.json() as Promise<RulesIndex>) : { pages: [] }))
    .catch(() => ({ pages: [] }));
  const nav = h(
    'nav',
    { class: 'rules-nav' },
    ...index.pages.map((p) => h('a', { href: `#/rules/${p.id}`, class: p.id === id ? 'current' : '' }, p.title)),
  );
  const body = h('article', { class: 'rules card', id: 'rules' });
  if (index.pages.some((p) => p.id === id)) {
    body.innerHTML = await fetch(`rules/${encodeURIComponent(id)}.html`).then((r) => r.text());
  } else {
    body.textContent = index.pages.length
      ? `There is no rules page for "${id}" yet.`
      : 'No rules pages were built: docs/rules/ has no pages yet.';
  }
  if (wanted()) root.replaceChildren(h('div', { class: 'rules-page' }, nav, body));
}
