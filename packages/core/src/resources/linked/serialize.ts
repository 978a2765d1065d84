/**
 * Venues and organizers as the API shows them (ref §2.2, §2.3), alone or embedded in events: a constant
 * number of queries for any number of records, and the records kept per data version (cache/record-memo.ts).
 */
import { formatUtc } from '../../dates/format.js';
import type { PostRow } from '../../db/schema.js';
import { geolocationFor } from '../../extensions/geolocation.js';
import type { RequestContext } from '../../route-table/context.js';
import { plainText, renderHtml } from '../../text/html.js';
import { loadImages, serializeImage } from '../images/repository.js';
import { postDates } from '../posts/fields.js';
import { storedGlobalId } from '../posts/global-ids.js';
import { postPermalink } from '../posts/permalink.js';
import { effectiveStatus } from '../posts/repository.js';
import { globalId, withoutFalsy } from '../posts/serialize.js';
import type { LinkedPostKind } from './kind.js';
import { loadDetailRows } from './repository.js';

/** Serialized records by id, one batched load for all ids (`single`: with `json_ld`, as single reads show). */
export async function loadSerialized(
  kind: LinkedPostKind,
  context: RequestContext,
  ids: readonly number[],
  single: boolean,
): Promise<Map<number, Record<string, unknown>>> {
  const out = new Map<number, Record<string, unknown>>();
  if (ids.length === 0) return out;
  // Records already serialized at this data version are taken as they are (cache/record-memo.ts).
  const kept = await context.records?.scope(
    { inTransaction: context.db.isTransaction, language: context.language, version: context.dataVersion },
    `${kind.type}${single ? ':single' : ''}`,
  );
  // Taken out at once: the memo may be emptied while the others load (a newer version, or full).
  const hits = new Map<number, Readonly<Record<string, unknown>>>();
  for (const id of ids) {
    const record = kept?.get(String(id));
    if (record) hits.set(id, record);
  }
  const loaded = await serializeRecords(
    kind,
    context,
    ids.filter((id) => !hits.has(id)),
    single,
  );
  for (const id of ids) {
    const record = hits.get(id) ?? loaded.get(id);
    if (record) out.set(id, record);
  }
  for (const [id, record] of loaded) {
    // A scheduled record's status depends on the clock, not only on the data: it is served fresh.
    if (record.status !== 'future') kept?.set(String(id), record);
  }
  return out;
}

/** One record, as a route answers with it. */
export async function serializeOne(
  kind: LinkedPostKind,
  context: RequestContext,
  id: number,
  single: boolean,
): Promise<Record<string, unknown>> {
  return (await loadSerialized(kind, context, [id], single)).get(id)!;
}

/**
 * Loads and serializes records: one query for the posts with their own fields, texts (and the global ids an
 * import kept), one for images.
 */
async function serializeRecords(
  kind: LinkedPostKind,
  context: RequestContext,
  ids: readonly number[],
  single: boolean,
): Promise<Map<number, Record<string, unknown>>> {
  if (ids.length === 0) return new Map();
  const { db, config } = context;
  const { rows, texts } = await loadDetailRows(kind, db, ids, context.language, config.defaultLanguage);
  const posts = new Map<number, PostRow>(rows.map((r) => [r.id, r]));
  const detailById = new Map(rows.map((r) => [r.id, r]));
  const images = await loadImages(
    db,
    rows.map((p) => p.image_id),
  );
  const nowUtc = formatUtc(context.now);
  const out = new Map<number, Record<string, unknown>>();
  for (const id of ids) {
    const post = posts.get(id);
    const detail = detailById.get(id);
    if (!post || !detail) continue;
    const t = texts.get(id) ?? { title: '', description: '', excerpt: '' };
    const url = postPermalink(context.urls, kind.type, post);
    const image = serializeImage(post.image_id !== null ? images.get(post.image_id) : undefined);
    const description = renderHtml(t.description);
    const filtered: Record<string, unknown> = {
      id: post.id,
      author: String(post.author_id),
      status: effectiveStatus(post, nowUtc),
      ...postDates(post, config.timezone),
      url,
      [kind.nameField]: t.title,
      description,
      excerpt: renderHtml(t.excerpt),
      slug: post.slug,
      image,
      // From the request's config, not the route: events embed venues through this function too.
      ...kind.serializeDetails(detail, geolocationFor(config)),
    };
    if (single) {
      filtered.json_ld = kind.jsonLd(detail, {
        name: plainText(t.title),
        description: plainText(description),
        url,
        image: image ? (image.url as string) : undefined,
      });
    }
    const stored = storedGlobalId(detail.origin_global_id, detail.origin_global_id_lineage);
    out.set(id, {
      ...withoutFalsy(filtered),
      ...kind.unfilteredDetails(detail),
      global_id: stored?.globalId ?? globalId(config, id),
      global_id_lineage: stored?.lineage ?? [globalId(config, id)],
    });
  }
  return out;
}
