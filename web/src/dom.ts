// A small element builder and the shared error banner.

type Child = Node | string | null | undefined | false;
type Props = { [name: string]: string | undefined | ((e: MouseEvent) => unknown) };

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (typeof value === 'function') el.addEventListener('click', value as (e: Event) => unknown);
    else if (value !== undefined) el.setAttribute(name, value);
  }
  for (const child of children) if (child) el.append(child);
  return el;
}

/** Shows an error (or clears it with null) in the page's error banner. */
export function showError(message: string | null): void {
  const banner = document.getElementById('error');
  if (!banner) return;
  banner.textContent = message ?? '';
  banner.hidden = !message;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
