/**
 * Sync tokens on the lists (`/events`, `/venues`, `/organizers`, `/categories`, `/tags`), beside `GET /changes`:
 *
 * - Every list's last page carries `Sync-Token`: the position of the change log read before the list's data,
 *   so that a change committing while the list is read comes again in the next sync rather than never
 *   (duplicates are harmless, misses are not). A cached answer keeps the token it was computed with, read
 *   after the data version that keys it: still a position no later than the data it holds.
 * - `sync_token=<token>`: the list as usual (its filters, visibility, order and pages), restricted to the
 *   records with a change after the token that the caller may see; the last page also carries
 *   `Sync-Removed`, the changed records that are not in the list now (deleted, trashed, no longer readable by
 *   the caller, no longer matching the filters, or changed and never matching: an id the client may never
 *   have had). The answer's body keeps the list's shape: nothing is added to it. An events sync also answers
 *   the events whose embedded venue, organizers, categories or tags changed (a renamed venue shows in each
 *   of its events); they are never in `Sync-Removed`, which names only records that changed themselves.
 * - A token older than the changes kept, or one behind more changes than one answer may carry
 *   (`SYNC_MAX_CHANGES` rows, `SYNC_MAX_RECORDS` records, which also bound `Sync-Removed`), answers 410
 *   `rest_sync_token_expired` with `data.next_token`: the client reads the list again in full.
 * - `updated_since=<date>`: events, venues and organizers modified at or after it; categories and tags
 *   changed at or after it per the change log (they keep no modified time), every one when the date is
 *   older than the oldest change the log keeps.
 *
 * Each adds a constant number of statements to a list, whatever its size.
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import { formatUtc } from '../../dates/format.js';
import { parseTimeInput } from '../../dates/input.js';
import type { Db } from '../../db/database.js';
import { apiError } from '../../errors/catalog.js';
import { texts } from '../../i18n/descriptions.js';
import type { RequestContext } from '../../route-table/context.js';
import { param } from '../../route-table/params.js';
import type { OperationResult } from '../../route-table/route.js';
import { ownedBy } from '../events/series/reading.js';
import { isTime } from '../posts/fields.js';
import { type ChangeAudience, type LogState, readLogState } from './repository.js';
import { audienceOf, refuseUnusableToken } from './service.js';
import { type ChangePosition, decodeChangeToken, encodeChangeToken } from './token.js';

/** The change log's type of a list's records. */
export type SyncedType = 'event' | 'venue' | 'organizer' | 'category' | 'tag';

/** Change-log rows a sync reads at most; beyond, the token has expired for this list. */
export const SYNC_MAX_CHANGES = 2000;
/** Distinct records a sync answers for at most (so `Sync-Removed` stays a few kilobytes at most). */
export const SYNC_MAX_RECORDS = 500;

export const SYNC_TOKEN_HEADER = 'Sync-Token';
export const SYNC_REMOVED_HEADER = 'Sync-Removed';

/**
 * What a list is restricted to by `sync_token` or `updated_since`: a condition on its records' id column,
 * and, for a sync, a place for the list to say how it finds which of the changed records pass its filters
 * (asked on the last page only).
 */
export interface ListScope {
  where(idColumn: string): Expression<SqlBool>;
  /** Set by the list for a sync: the ids among the changed records that pass its filters, over all pages. */
  matches?: (() => Promise<number[]>) | undefined;
}

interface SyncParams {
  sync_token?: string | undefined;
  updated_since?: string | undefined;
}

/** The two parameters every list takes. */
export function listSyncParams() {
  return {
    sync_token: param.string<RequestContext>(
      texts(
        `Only the records of this list changed since this sync token (a list's \`Sync-Token\` header, or a token of GET /changes), with the list's filters and pages as usual. The last page's \`Sync-Removed\` header names the changed records that are not in the list now (deleted, trashed, no longer readable or no longer matching; possibly never seen by the client), comma-separated. Over ${SYNC_MAX_RECORDS} changed records, or a token older than the changes kept: 410 \`rest_sync_token_expired\`; read the list again in full.`,
        `Nur die seit diesem Sync-Token geänderten Datensätze dieser Liste (der \`Sync-Token\`-Header einer Liste oder ein Token von GET /changes), mit den Filtern und Seiten der Liste wie sonst. Der \`Sync-Removed\`-Header der letzten Seite nennt, durch Kommas getrennt, die geänderten Datensätze, die jetzt nicht in der Liste sind (gelöscht, im Papierkorb, nicht mehr lesbar oder nicht mehr passend; auch solche, die der Client nie gesehen hat). Mehr als ${SYNC_MAX_RECORDS} geänderte Datensätze oder ein Token, älter als die aufbewahrten Änderungen: 410 \`rest_sync_token_expired\`; die Liste dann ganz neu lesen.`,
      ),
      {
        validate: (value) =>
          decodeChangeToken(value) !== undefined || 'sync_token is not a sync token of this service.',
      },
    ),
    updated_since: param.text<RequestContext>(
      texts(
        'Only the records modified at or after this date (the formats of the date filters; without an offset in the site’s time zone). Categories and tags: changed at or after it by the change log, all of them when it is older than the changes kept. Deletions do not show: use sync_token for them.',
        'Nur die an oder nach diesem Datum geänderten Datensätze (die Formate der Datumsfilter; ohne Zeitzonenangabe in der Zeitzone der Website). Kategorien und Schlagwörter: laut Änderungsprotokoll an oder nach ihm geändert, alle, wenn es älter als die aufbewahrten Änderungen ist. Löschungen erscheinen nicht: dafür sync_token.',
      ),
      { validate: isTime },
    ),
  };
}

/** Who sees which rows of the log: the caller's audience, as `GET /changes` reads it. */
function seenBy(audience: ChangeAudience) {
  if (audience.kind === 'public') return sql`and (was_public = 1 or is_public = 1)`;
  if (audience.kind === 'own')
    return sql`and (was_public = 1 or is_public = 1 or author_id = ${audience.userId})`;
  return sql``;
}

/** The records of `type` with a change after `after` that the caller may see; undefined over the budget. */
async function changedRecords(
  db: Db,
  type: SyncedType,
  after: ChangePosition,
  audience: ChangeAudience,
): Promise<number[] | undefined> {
  const { rows } = await sql<{ record_id: number | string }>`select record_id from change_log
    where type = ${type} and (version, id) > (${after.version}, ${after.id}) ${seenBy(audience)}
    order by version, id limit ${SYNC_MAX_CHANGES + 1}`.execute(db);
  if (rows.length > SYNC_MAX_CHANGES) return undefined;
  const ids = [...new Set(rows.map((row) => Number(row.record_id)))];
  return ids.length > SYNC_MAX_RECORDS ? undefined : ids;
}

/** What an event embeds: its venue, organizers, categories and tags. */
const EMBEDDED = ['venue', 'organizer', 'category', 'tag'] as const;

/**
 * For an events sync, the events whose embedded venue, organizers, categories or tags changed after `after`
 * (as the caller may see those changes): they answer as changed too, though their own rows did not change.
 * Undefined over the budget; a condition on the events row `alias` otherwise (none when nothing changed).
 */
async function embeddedChanges(
  context: RequestContext,
  after: ChangePosition,
  audience: ChangeAudience,
  alias: string,
): Promise<Expression<SqlBool>[] | undefined> {
  const { db } = context;
  const { rows } = await sql<{ type: SyncedType; record_id: number | string }>`select type, record_id
    from change_log where type in (${sql.join(EMBEDDED)}) and (version, id) > (${after.version}, ${after.id})
    ${seenBy(audience)} order by version, id limit ${SYNC_MAX_CHANGES + 1}`.execute(db);
  if (rows.length > SYNC_MAX_CHANGES) return undefined;
  const of = (type: SyncedType) => [
    ...new Set(rows.filter((row) => row.type === type).map((row) => Number(row.record_id))),
  ];
  const venues = of('venue');
  const organizers = of('organizer');
  const terms = [...of('category'), ...of('tag')];
  const traits = context.database.traits;
  const conditions: Expression<SqlBool>[] = [];
  if (venues.length > 0)
    conditions.push(sql<SqlBool>`${sql.ref(`${alias}.venue_id`)} in (${sql.join(venues)})`);
  // An occurrence that follows its series carries the series' organizers and terms (`ownedBy`).
  if (organizers.length > 0)
    conditions.push(
      ownedBy(
        traits,
        db,
        db
          .selectFrom('event_organizers')
          .select('event_organizers.event_id')
          .where('event_organizers.organizer_id', 'in', organizers),
        alias,
      ),
    );
  if (terms.length > 0)
    conditions.push(
      ownedBy(
        traits,
        db,
        db.selectFrom('event_terms').select('event_terms.event_id').where('event_terms.term_id', 'in', terms),
        alias,
      ),
    );
  return conditions;
}

/** Whether the log may lack changes made at or after `sinceUtc`: older than its oldest change kept. */
async function logMayLack(db: Db, sinceUtc: string): Promise<boolean> {
  const oldest = await db
    .selectFrom('change_log')
    .select('changed_utc')
    .orderBy('version')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return oldest === undefined || sinceUtc < oldest.changed_utc;
}

const isTerm = (type: SyncedType) => type === 'category' || type === 'tag';

/** The condition of `updated_since`, or undefined when it leaves every record in. */
async function updatedSince(
  context: RequestContext,
  type: SyncedType,
  value: string,
): Promise<((ref: ReturnType<typeof sql.ref>) => Expression<SqlBool>) | undefined> {
  const parsed = parseTimeInput(value, { now: context.now, timezone: context.config.timezone })!;
  const since = formatUtc(new Date(parsed.unix * 1000));
  if (!isTerm(type))
    return (ref) =>
      sql<SqlBool>`${ref} in (select p.id from posts as p where p.type = ${type} and p.modified_utc >= ${since})`;
  if (await logMayLack(context.db, since)) return undefined;
  return (ref) =>
    sql<SqlBool>`${ref} in (select c.record_id from change_log as c where c.type = ${type} and c.changed_utc >= ${since})`;
}

const TOO_MANY = `More records of this list changed since the sync token than one answer carries (${SYNC_MAX_RECORDS}). Read the list again in full, then sync from its Sync-Token header.`;

function expired(state: LogState, message?: string): never {
  throw apiError('rest_sync_token_expired', {
    ...(message ? { message } : {}),
    data: { next_token: encodeChangeToken(state.now) },
  });
}

interface Scoped {
  scope: ListScope | undefined;
  /** For a sync: the changed records, of which the list tells which it holds. */
  changed: number[] | undefined;
}

async function scopeOf(
  context: RequestContext,
  type: SyncedType,
  params: SyncParams,
  /** Where the log stood before the list's data; read here if not yet. */
  stateRead: LogState | undefined,
): Promise<Scoped> {
  const conditions: Array<(ref: ReturnType<typeof sql.ref>) => Expression<SqlBool>> = [];
  let changed: number[] | undefined;
  if (params.sync_token !== undefined) {
    // The parameter's validation decoded it already.
    const since = decodeChangeToken(params.sync_token) as ChangePosition;
    const state = stateRead ?? (await readLogState(context.db));
    refuseUnusableToken(since, state);
    changed = await changedRecords(context.db, type, since, audienceOf(context.principal));
    if (changed === undefined) expired(state, TOO_MANY);
    const ids = changed;
    const audience = audienceOf(context.principal);
    const embedded = type === 'event' ? await embeddedChanges(context, since, audience, 'events') : [];
    if (embedded === undefined) expired(state, TOO_MANY);
    conditions.push((ref) => {
      const own = ids.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`${ref} in (${sql.join(ids)})`;
      return embedded.length === 0 ? own : sql<SqlBool>`(${sql.join([own, ...embedded], sql` or `)})`;
    });
  }
  if (params.updated_since !== undefined) {
    const condition = await updatedSince(context, type, params.updated_since);
    if (condition) conditions.push(condition);
  }
  if (conditions.length === 0 && changed === undefined) return { scope: undefined, changed };
  const scope: ListScope = {
    where: (idColumn) => {
      const ref = sql.ref(idColumn);
      const all = conditions.map((condition) => condition(ref));
      return all.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`(${sql.join(all, sql` and `)})`;
    },
  };
  return { scope, changed };
}

/** `url` with the sync parameters the request gave, so that its pages stay in the sync. */
function keepingSync(url: string, params: SyncParams): string {
  const pairs: string[] = [];
  if (params.sync_token !== undefined) pairs.push(`sync_token=${encodeURIComponent(params.sync_token)}`);
  if (params.updated_since !== undefined)
    pairs.push(`updated_since=${encodeURIComponent(params.updated_since)}`);
  if (pairs.length === 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${pairs.join('&')}`;
}

function withSyncLinks(result: OperationResult, params: SyncParams): OperationResult {
  if (params.sync_token === undefined && params.updated_since === undefined) return result;
  const body = result.body as Record<string, unknown>;
  for (const key of ['rest_url', 'next_rest_url', 'previous_rest_url'])
    if (typeof body[key] === 'string') body[key] = keepingSync(body[key] as string, params);
  const link = result.headers?.Link;
  if (link !== undefined && result.headers)
    result.headers.Link = link.replace(
      /<([^>]*)>/g,
      (_whole, url: string) => `<${keepingSync(url, params)}>`,
    );
  return result;
}

/**
 * A list operation with the sync parameters: `run` is the list, given the scope to restrict its records to
 * (undefined for a plain list, which then answers as it always did, `Sync-Token` on its last page aside).
 */
export function syncedList<P extends object>(
  type: SyncedType,
  run: (context: RequestContext, params: P, scope: ListScope | undefined) => Promise<OperationResult>,
): (context: RequestContext, params: P & SyncParams) => Promise<OperationResult> {
  return async (context, params) => {
    // Before the list's data: what commits meanwhile is after this position, and comes again. A plain list
    // needs only "now", which the data version its cached answer is kept under gives without a query.
    const plain = params.sync_token === undefined && context.dataVersion !== undefined;
    const now = plain ? { version: context.dataVersion! + 1, id: 0 } : undefined;
    const state = now ? undefined : await readLogState(context.db);
    const { scope, changed } = await scopeOf(context, type, params, state);
    const result = withSyncLinks(await run(context, params, scope), params);
    const body = result.body as Record<string, unknown>;
    if (body.next_rest_url !== undefined) return result;
    const headers: Record<string, string> = { ...result.headers };
    headers[SYNC_TOKEN_HEADER] = encodeChangeToken(now ?? state!.now);
    if (changed !== undefined) {
      const kept = new Set(scope?.matches ? await scope.matches() : []);
      headers[SYNC_REMOVED_HEADER] = changed
        .filter((id) => !kept.has(id))
        .sort((a, b) => a - b)
        .join(',');
    }
    return { ...result, headers };
  };
}
