/**
 * The events of a list page, serialized. Each event's output is kept while the data is unchanged (the record
 * memo, cache/record-memo.ts, under the data version every write of the service moves on): lists ask for the
 * same events again and again (the pages of one month, a venue's and a category's lists, each with their own
 * URL, so that the response cache answers none of them), and loading an event with its terms and images and
 * serializing it is most of an uncached page's time (RESULTS.md). The events not kept are loaded and
 * serialized together, with a constant number of statements, as before.
 *
 * What a kept output does not decide is applied per request: whether the caller may see a protected event's
 * content (its password, `context=edit`). A scheduled event's status depends on the clock: it is not kept.
 */

import { keepJsonOf } from '../../cache/kept-json.js';
import type { PostRow } from '../../db/schema.js';
import type { RequestContext } from '../../route-table/context.js';
import { loadEventRecords, textLanguages } from './repository.js';
import type { EventOutput } from './schema.js';
import { type ProtectedAccess, serializeWhole, shownTo } from './serialize.js';

/** What the memo keeps of an event: its whole output, and the post the caller's access is judged on. */
interface KeptEvent {
  output: EventOutput;
  post: PostRow;
}

/** The outputs of the events `ids` names that still exist, in that order, as `access` may see them. */
export async function serializeListed(
  context: RequestContext,
  ids: readonly number[],
  access: ProtectedAccess,
): Promise<EventOutput[]> {
  if (ids.length === 0) return [];
  const kept = await context.records?.scope(
    { inTransaction: context.db.isTransaction, language: context.language, version: context.dataVersion },
    // Per API root: an output's REST URLs (its own, its terms') are built from the address it was asked at
    // (the request's origin and mount path, unless `apiUrl` is configured).
    `event:listed\u0000${context.urls.namespace}`,
  );
  // Taken out at once: the memo may be emptied while the others load (a newer version, or full).
  const found = new Map<number, KeptEvent>();
  for (const id of ids) {
    const hit = kept?.get(String(id)) as KeptEvent | undefined;
    if (hit) found.set(id, hit);
  }
  const records = await loadEventRecords(
    context.db,
    ids.filter((id) => !found.has(id)),
    textLanguages(context),
  );
  const outputs = await serializeWhole(context, records, false);
  records.forEach(({ post }, at) => {
    const output = outputs[at]!;
    found.set(post.id, { output, post });
    // Kept frozen, shared by later answers, with its JSON made once (cache/kept-json.ts).
    if (kept && post.status !== 'future')
      kept.set(String(post.id), { output: keepJsonOf(Object.freeze(output)), post }, keptSize(output));
  });
  const listed: EventOutput[] = [];
  for (const id of ids) {
    const event = found.get(id);
    if (event) listed.push(shownTo(context, event.post, access, event.output));
  }
  return listed;
}

/**
 * What an output holds, roughly, without encoding it: its texts, and the rest of an event's fields (a few
 * hundred characters each for its dates' details and terms), twice. Its venue and organizers are shared with
 * their own memo's records and other events' outputs.
 */
function keptSize(output: EventOutput): number {
  const terms = output.categories.length + output.tags.length;
  const json = output.title.length + output.description.length + output.excerpt.length + 400 * terms + 2000;
  // Its JSON's bytes are kept beside it (keepJsonOf).
  return 2 * json;
}
