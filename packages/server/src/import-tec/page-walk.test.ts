import { describe, expect, it } from 'vitest';
import { gapCount, gapsOf } from './hidden-events.js';
import { lastPageOf, type WalkedPage, walkPages } from './page-walk.js';
import { SourceError } from './source-client.js';

/** A list of `records` records served `size` a page, declaring `declared`; pages past the end as `pastEnd`. */
function fakeList(
  records: number,
  size: number,
  declared: { total?: number; totalPages?: number },
  pastEnd: 'end' | 'repeat' = 'end',
) {
  const fetched: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const realPages = Math.ceil(records / size);
  const fetch = async (number: number): Promise<WalkedPage | undefined> => {
    fetched.push(number);
    maxInFlight = Math.max(maxInFlight, ++inFlight);
    await new Promise((resolve) => setTimeout(resolve, 1));
    inFlight--;
    const shown = number > realPages && pastEnd === 'repeat' ? realPages : number;
    const ids = Array.from({ length: size }, (_, i) => (shown - 1) * size + i + 1).filter(
      (id) => id <= records,
    );
    if (ids.length === 0) return undefined;
    return { items: ids.map((id) => ({ id })), ...declared };
  };
  return { fetch, fetched, maxInFlight: () => maxInFlight };
}

function walk(list: ReturnType<typeof fakeList>, asked = 50, concurrency = 4) {
  const seen = new Set<number>();
  return walkPages({
    label: 'events',
    asked,
    concurrency,
    fetch: list.fetch,
    take: (_, page) => {
      let fresh = 0;
      for (const item of page.items as { id: number }[]) if (!seen.has(item.id) && seen.add(item.id)) fresh++;
      return fresh;
    },
  }).then((pages) => ({ pages, records: seen.size }));
}

describe('walkPages', () => {
  it('reads as many pages as the declared total fills, whatever page count is declared', async () => {
    expect(lastPageOf({ items: new Array(50), total: 120, totalPages: 1_000_000_000 }, 50)).toBe(3);
    expect(lastPageOf({ items: new Array(10), total: 120 }, 50)).toBe(12);
    expect(lastPageOf({ items: new Array(50), totalPages: 2 }, 50)).toBe(2);
    expect(lastPageOf({ items: new Array(7) }, 50)).toBe(1);
    expect(lastPageOf({ items: new Array(50) }, 50)).toBe(Number.POSITIVE_INFINITY);

    const list = fakeList(120, 50, { total: 120, totalPages: 1_000_000_000 });
    expect(await walk(list)).toEqual({ pages: 3, records: 120 });
    expect(list.fetched).toEqual([1, 2, 3]);
  });

  it('stops at the first short or missing page, with at most a window of pages asked ahead', async () => {
    // Declares a billion records and pages, and ends honestly after 5 pages.
    const list = fakeList(230, 50, { total: 1_000_000_000, totalPages: 1_000_000_000 });
    expect(await walk(list, 50, 3)).toEqual({ pages: 5, records: 230 });
    expect(Math.max(...list.fetched)).toBeLessThanOrEqual(5 + 3);
    expect(list.maxInFlight()).toBeLessThanOrEqual(3);

    const undeclared = fakeList(200, 50, {});
    expect(await walk(undeclared, 50, 2)).toEqual({ pages: 4, records: 200 });
    expect(Math.max(...undeclared.fetched)).toBeLessThanOrEqual(5 + 2);
  });

  it('refuses a list that answers the same records on two pages in a row', async () => {
    const list = fakeList(100, 50, { total: 1_000_000_000, totalPages: 200_000 }, 'repeat');
    const refused = walk(list);
    await expect(refused).rejects.toThrow(SourceError);
    await expect(walk(fakeList(100, 50, { totalPages: 200_000 }, 'repeat'))).rejects.toThrow(
      'the site answers the same events again on pages 3 and 4 (it declares 200000 pages, no total): it does not page; not read further',
    );
    expect(list.fetched.length).toBeLessThanOrEqual(4 + 4);
  });

  it('refuses a page with more records than asked', async () => {
    await expect(walk(fakeList(500, 500, { total: 500 }))).rejects.toThrow(
      'the site answered 500 events on page 1 of at most 50 asked: not a page of the API; not read',
    );
  });
});

describe('the gaps of the id space', () => {
  it('are counted without being listed, and listed one at a time', () => {
    expect(gapCount([])).toBe(0);
    expect(gapCount([2, 3, 7])).toBe(4);
    expect([...gapsOf([2, 3, 7])]).toEqual([1, 4, 5, 6]);
    // Two billion gaps: counted at once; the first few taken without the others being made.
    const sparse = [5, 2_147_483_647];
    expect(gapCount(sparse)).toBe(2_147_483_645);
    const first: number[] = [];
    for (const id of gapsOf(sparse)) if (first.push(id) === 6) break;
    expect(first).toEqual([1, 2, 3, 4, 6, 7]);
  });
});
