// The move list in the variant's own notation: the server's movetext (comma-joined turns, the variant's numbering,
// e.g. Progressive series numbers) split into its numbers and turns, one element per turn.

export interface MoveListEntry {
  number?: string;
  san: string;
  index: number;
}

export function parseMovetext(movetext: string): MoveListEntry[] {
  const entries: MoveListEntry[] = [];
  let number: string | undefined;
  for (const token of movetext.trim().split(/\s+/).filter(Boolean)) {
    if (/^\d+\.+$/.test(token)) {
      number = token;
    } else if (!/^(1-0|0-1|1\/2-1\/2|\*)$/.test(token)) {
      entries.push({ number, san: token, index: entries.length });
      number = undefined;
    }
  }
  return entries;
}

export function renderMoveList(container: HTMLElement, movetext: string, pending: string[]): void {
  container.replaceChildren();
  const list = document.createElement('ol');
  list.className = 'moves';
  const items = parseMovetext(movetext);
  for (const entry of items) {
    const li = document.createElement('li');
    li.className = 'turn';
    li.dataset.index = String(entry.index);
    if (entry.number) {
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = entry.number;
      li.append(num);
    }
    const san = document.createElement('span');
    san.className = 'san';
    san.textContent = entry.san;
    li.append(san);
    list.append(li);
  }
  if (pending.length) {
    const li = document.createElement('li');
    li.className = 'turn pending';
    li.textContent = `${pending.join(',')} …`;
    li.title = 'the turn you are entering (not sent yet)';
    list.append(li);
  }
  if (!items.length && !pending.length) {
    const empty = document.createElement('li');
    empty.className = 'empty';
    empty.textContent = 'No moves yet.';
    list.append(empty);
  }
  container.append(list);
  container.scrollTop = container.scrollHeight;
}
