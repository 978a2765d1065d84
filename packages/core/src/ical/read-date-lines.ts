/** RDATE and EXDATE lines of an imported series (`read.ts`), as the write path takes them. */

/**
 * The recurrence with its RDATE and EXDATE lines of equal parameters joined into one line each (at the place
 * of the first): a producer writes a line per date (one per cancelled occurrence too), and the write path
 * takes a bounded number of lines, not of dates.
 */
export function joinDateLines(lines: string[]): string[] {
  const joined: string[] = [];
  const byHead = new Map<string, number>();
  for (const line of lines) {
    const colon = valueColon(line);
    const head = line.slice(0, colon).toUpperCase();
    const name = /^[A-Z-]+/.exec(head)?.[0];
    if (colon < 0 || (name !== 'RDATE' && name !== 'EXDATE')) {
      joined.push(line);
      continue;
    }
    const at = byHead.get(head);
    if (at === undefined) {
      byHead.set(head, joined.length);
      joined.push(line);
    } else joined[at] = `${joined[at]},${line.slice(colon + 1)}`;
  }
  return joined;
}

/** Where a content line's value starts: its first colon outside a quoted parameter value. */
function valueColon(line: string): number {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (char === '"') quoted = !quoted;
    else if (char === ':' && !quoted) return i;
  }
  return -1;
}
