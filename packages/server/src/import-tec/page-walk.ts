/**
 * Walking a paged list of the source (the plugin's lists, `/wp/v2/users`, `/wp/v2/tribe_events`) with bounds
 * that follow from what the source declares and what it actually sends, never from the declared page count
 * alone (a site may declare a billion pages):
 * - the page size is the size of the first page as received (at most the `per_page` asked: more is refused);
 * - the last page is the least of the declared page count and the declared total over that page size;
 *   without either, the walk goes on until a short page;
 * - the walk stops at the first page past the end (404, empty) or shorter than the first;
 * - a page that brings no record not seen before is a site that ignores `page`: a second such page in a row
 *   refuses the list (one may happen when records are added at the front while the list is read);
 * - pages are fetched in order through a window of `concurrency` pages, never one promise per page up front.
 */
import { SourceRefusal } from './source-client.js';

export interface WalkedPage {
  items: unknown[];
  /** The list's total as the page declares it. */
  total?: number;
  /** The list's page count as the page declares it. */
  totalPages?: number;
}

export interface PageWalk {
  /** The list, for messages: `events`, `/wp/v2/users`. */
  label: string;
  /** The `per_page` asked. */
  asked: number;
  /** Pages fetched at once. */
  concurrency: number;
  /** Page `number`, or `undefined` when it is past the end. */
  fetch(number: number): Promise<WalkedPage | undefined>;
  /** Takes a page's items, in page order; answers how many of them were not seen on an earlier page. */
  take(number: number, page: WalkedPage): number;
  /** Ends the walk before its next page (another list of the same read failed). */
  signal?: AbortSignal;
}

/** The last page to read, from what page 1 declared and how many records it held. */
export function lastPageOf(first: WalkedPage, asked: number): number {
  const size = first.items.length;
  if (size === 0) return 1;
  let last = Number.POSITIVE_INFINITY;
  if (first.total !== undefined) last = Math.ceil(first.total / size);
  if (first.totalPages !== undefined) last = Math.min(last, first.totalPages);
  // No totals and a page shorter than asked: the only page.
  if (last === Number.POSITIVE_INFINITY && size < asked) return 1;
  return Math.max(1, last);
}

/** Reads the list page by page (see the module comment); answers how many pages were read. */
export async function walkPages(walk: PageWalk): Promise<number> {
  const first = await walk.fetch(1);
  if (!first) return 0;
  const tooLarge = (number: number, page: WalkedPage) => {
    if (page.items.length > walk.asked)
      throw new SourceRefusal(
        `the site answered ${page.items.length} ${walk.label} on page ${number} of at most ${walk.asked} asked: not a page of the API; not read`,
      );
  };
  tooLarge(1, first);
  walk.take(1, first);
  const size = first.items.length;
  const last = lastPageOf(first, walk.asked);
  const window = new Map<number, Promise<WalkedPage | undefined>>();
  let next = 2;
  let repeated = 0;
  let read = 1;
  try {
    for (let number = 2; number <= last; number++) {
      for (; next <= last && next < number + Math.max(1, walk.concurrency); next++) {
        walk.signal?.throwIfAborted();
        const fetched = walk.fetch(next);
        // Pages fetched ahead of a page that ends the list are never awaited: their failure is no failure.
        fetched.catch(() => {});
        window.set(next, fetched);
      }
      const page = await window.get(number)!;
      window.delete(number);
      if (!page || page.items.length === 0) break;
      tooLarge(number, page);
      read = number;
      const fresh = walk.take(number, page);
      repeated = fresh === 0 ? repeated + 1 : 0;
      if (repeated >= 2)
        throw new SourceRefusal(
          `the site answers the same ${walk.label} again on pages ${number - 1} and ${number} (it declares ${first.totalPages ?? 'no'} pages, ${first.total ?? 'no'} total): it does not page; not read further`,
        );
      if (page.items.length < size) break;
    }
  } finally {
    await Promise.allSettled(window.values());
  }
  return read;
}
