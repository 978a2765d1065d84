/**
 * Events serialized for lists and reads, each output kept while the data is unchanged (the record memo,
 * cache/record-memo.ts, under the data version every write of the service moves on): lists ask for the same
 * events again and again (the pages of one month, a venue's and a category's lists, each with their own URL,
 * so that the response cache answers none of them), and loading an event with its terms and images and
 * serializing it is most of an uncached page's time (RESULTS.md). The events not kept are loaded and
 * serialized together, with a constant number of statements, as before.
 *
 * What a kept output does not decide is applied per request: whether the caller may see a protected event's
 * content (its password, `context=edit`). A scheduled event's status depends on the clock: it is not kept.
 * Outputs are kept per language and per API root: their REST URLs (their own, their terms') are built from
 * the address asked (the request's origin and mount path, unless `apiUrl` is configured).
 */

import { keepJsonOf } from '../../cache/kept-json.js';
import type { PostRow } from '../../db/schema.js';
import type { RequestContext } from '../../route-table/context.js';
import { loadEventRecords, textLanguages } from './repository.js';
import type { EventOutput } from './schema.js';
import { type EventRecord, type ProtectedAccess, serializeWhole, shownTo } from './serialize.js';

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
  const kept = await keptOutputs(context, 'listed');
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

/**
 * The output of one event a read answers with, its record already loaded (the read's checks need it): kept
 * whole, since the read refuses whom may not see it rather than blanking.
 */
export async function serializeRead(context: RequestContext, record: EventRecord): Promise<EventOutput> {
  const kept = await keptOutputs(context, 'read');
  const key = String(record.post.id);
  const hit = kept?.get(key) as KeptEvent | undefined;
  if (hit) return hit.output;
  const output = (await serializeWhole(context, [record], true))[0]!;
  if (kept && record.post.status !== 'future')
    kept.set(key, { output: keepJsonOf(Object.freeze(output)), post: record.post }, keptSize(output));
  return output;
}

/** The kept outputs of one form (a list's item, or a read's whole event) for this request's language and root. */
function keptOutputs(context: RequestContext, form: 'listed' | 'read') {
  return context.records?.scope(
    {
      inTransaction: context.db.isTransaction,
      language: context.language,
      version: context.dataVersion,
      root: context.urls.namespace,
    },
    `event:${form}`,
  );
}
