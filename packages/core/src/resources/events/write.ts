/**
 * Event create and update (ref §7, SPEC §10): partial updates for every method, explicit empties clear,
 * dates read in the event's time zone, inline venues and organizers, terms by id/slug/name.
 */

import { formatUtc } from '../../dates/format.js';
import { parseTimeInput } from '../../dates/input.js';
import { endOfDay, localToUtc, normalizeTimezone, startOfDay } from '../../dates/zones.js';
import type { Db } from '../../db/database.js';
import type { EventRow, PostRow, Taxonomy } from '../../db/schema.js';
import { invalidParam } from '../../errors/invalid-params.js';
import type { RequestContext } from '../../route-table/context.js';
import type { ParamValue } from '../../route-table/params.js';
import { toList } from '../../route-table/params.js';
import { parseCost } from '../../text/cost.js';
import { plainTitle } from '../../text/html.js';
import { sanitizeSlug, uniqueSlug } from '../../text/slug.js';
import { resolveImage } from '../images/repository.js';
import { createInline } from '../linked/service.js';
import { organizerKind } from '../organizers/kind.js';
import { resolvePublication } from '../posts/fields.js';
import { insertPost, slugForStatusChange, slugTaken, writeTexts } from '../posts/repository.js';
import { slugCheckUnderLock } from '../posts/row-locks.js';
import { eventOrganizerRows, eventRows, eventTermRows, postRow } from '../posts/rows.js';
import { resolveEventTerms, setEventTerms } from '../terms/event-terms.js';
import { countsForTerms, moveTermCounts, termIdsOfEvent } from '../terms/repository.js';
import { venueKind } from '../venues/kind.js';
import { isEmptyLink, organizerItems } from './linked-params.js';
import { type EventWriteParams, recurrenceInput } from './params.js';
import { refreshEventSearch } from './search-index.js';
import { eventContent, raiseSequence } from './sequence.js';
import {
  checkRecurrence,
  hiddenByEditor,
  includeOccurrence,
  moveExdatesWithStart,
  occurrenceOf,
  occurrencesPerTerm,
  ownRows,
  reconcileSeries,
  seriesLines,
  setRecurrence,
  type WrittenSeries,
} from './series/index.js';

type EventValues = Omit<EventRow, 'id'>;

function parseLocal(value: string, zone: string, now: Date): string {
  const parsed = parseTimeInput(value, { now, timezone: zone });
  if (!parsed) throw invalidParam('start_date');
  return parsed.local;
}

/** Start, end and their UTC instants, from what was sent and what is stored. */
function resolveSchedule(
  context: RequestContext,
  params: Pick<EventWriteParams, 'timezone' | 'all_day' | 'start_date' | 'end_date'>,
  existing: EventRow | undefined,
): Pick<EventValues, 'start_local' | 'end_local' | 'start_utc' | 'end_utc' | 'timezone' | 'all_day'> {
  const sentZone =
    typeof params.timezone === 'string' && params.timezone.trim() !== ''
      ? normalizeTimezone(params.timezone.trim())
      : undefined;
  const zone = sentZone ?? existing?.timezone ?? context.config.timezone;
  const allDay = params.all_day !== undefined ? params.all_day === true : existing?.all_day === 1;
  let start =
    params.start_date !== undefined
      ? parseLocal(params.start_date, zone, context.now)
      : existing!.start_local;
  let end =
    params.end_date !== undefined ? parseLocal(params.end_date, zone, context.now) : existing!.end_local;
  if (allDay) {
    start = startOfDay(start);
    end = endOfDay(end);
  }
  if (end < start) {
    throw invalidParam('end_date', 'end_date must not be before start_date.');
  }
  return {
    start_local: start,
    end_local: end,
    start_utc: localToUtc(start, zone),
    end_utc: localToUtc(end, zone),
    timezone: zone,
    all_day: allDay ? 1 : 0,
  };
}

function flag(value: unknown, existing: number | undefined, fallback: number): number {
  if (value !== undefined) return value === true ? 1 : 0;
  return existing ?? fallback;
}

function costValues(params: Pick<EventWriteParams, 'cost'>, existing: EventRow | undefined) {
  if (params.cost === undefined) {
    return existing
      ? {
          cost: existing.cost,
          currency_symbol: existing.currency_symbol,
          currency_position: existing.currency_position,
        }
      : { cost: '[]', currency_symbol: '', currency_position: '' };
  }
  const raw = params.cost;
  const input = Array.isArray(raw)
    ? raw.map((v) => (typeof v === 'number' ? v : String(v)))
    : typeof raw === 'number'
      ? raw
      : String(raw ?? '');
  const parsed = parseCost(input);
  return {
    cost: JSON.stringify(parsed.items),
    // The currency sign is whatever text surrounds the amounts: markup in it becomes plain text, as in titles.
    currency_symbol: /[<>&]/.test(parsed.symbol) ? plainTitle(parsed.symbol) : parsed.symbol,
    currency_position: parsed.position,
  };
}

async function linkedVenue(context: RequestContext, value: ParamValue): Promise<number | null> {
  if (
    isEmptyLink(value) ||
    ((typeof value !== 'object' || Array.isArray(value)) && isEmptyLink(toList(value)))
  )
    return null;
  const item = Array.isArray(value) ? value[0]! : value;
  if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
    if (item.id !== undefined && item.id !== null && item.id !== '') return Number(item.id);
    return createInline(venueKind, context, item);
  }
  return Number(item);
}

async function linkedOrganizers(context: RequestContext, value: ParamValue): Promise<number[]> {
  if (isEmptyLink(value)) return [];
  const ids: number[] = [];
  for (const item of organizerItems(value)) {
    let id: number;
    if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
      id =
        item.id !== undefined && item.id !== null && item.id !== ''
          ? Number(item.id)
          : await createInline(organizerKind, context, item);
    } else {
      id = Number(item);
    }
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** Writes an event; returns its id. `existing` is undefined on create. */
export async function writeEvent(
  context: RequestContext,
  params: EventWriteParams,
  existing?: { post: PostRow; event: EventRow },
): Promise<number> {
  const { db, config } = context;
  const nowUtc = formatUtc(context.now);
  const schedule = resolveSchedule(context, params, existing?.event);
  const contentBefore = existing ? await eventContent(db, existing.post.id) : undefined;
  const occurrence = existing ? await occurrenceOf(db, existing.post.id) : undefined;
  // An occurrence written on its own becomes an exception: rows of its own first, which its write then changes.
  if (occurrence && !occurrence.detached) await ownRows(db, [existing!.post.id]);
  const termsBefore = existing ? await termIdsOfEvent(db, existing.post.id) : [];
  // A series' occurrences that follow it change terms with it: counted before its terms change.
  const seriesBefore = existing && !occurrence ? await seriesLines(db, existing.post.id) : undefined;
  const occurrencesCountedBefore = seriesBefore
    ? await occurrencesPerTerm(context, existing!.post.id)
    : undefined;
  const recurrence = recurrenceToWrite(params, occurrence, schedule.timezone, schedule.all_day === 1);
  // A series and its occurrences share the series' slug (their URLs add the date), as the paid edition's.
  const family = occurrence?.seriesId ?? existing?.post.id;
  const publication = resolvePublication(context, params, schedule.timezone, existing?.post);
  const imageId =
    params.image !== undefined
      ? await resolveImage(db, params.image, context.now)
      : (existing?.post.image_id ?? null);
  const venueId =
    params.venue !== undefined
      ? await linkedVenue(context, params.venue)
      : (existing?.event.venue_id ?? null);
  const organizerIds =
    params.organizer !== undefined ? await linkedOrganizers(context, params.organizer) : undefined;
  const title = params.title !== undefined ? plainTitle(String(params.title)) : undefined;

  const wantedTerms = new Map<Taxonomy, Array<string | number>>();
  for (const taxonomy of ['category', 'tag'] as const) {
    const value = params[taxonomy === 'category' ? 'categories' : 'tags'];
    if (value === undefined) continue;
    const items = toList(value).filter(
      (v): v is string | number => typeof v === 'string' || typeof v === 'number',
    );
    wantedTerms.set(taxonomy, items);
  }
  // Resolved before anything is written: the rows of a new event are then written without a read between
  // them (on PostgreSQL, one statement: db/postgres-combined-inserts.ts). Nothing named: no statement.
  const resolvedTerms = await resolveEventTerms(context, wantedTerms);

  let slug = existing?.post.slug;
  if (params.slug !== undefined || !existing) {
    const wanted = sanitizeSlug(params.slug !== undefined ? String(params.slug) : (title ?? '')) || 'event';
    slug = await uniqueSlug(
      wanted,
      slugCheckUnderLock(db, context.database.traits.rowLocks, 'event', (s) =>
        slugTakenOutsideSeries(db, s, family),
      ),
    );
  }
  // Into the trash or out of it, the slug follows (SPEC §14): `<slug>__trashed`, then the slug given back.
  if (existing)
    slug = await slugForStatusChange(
      db,
      'event',
      existing.post.id,
      slug!,
      existing.post.status,
      publication.status,
      context.database.traits.rowLocks,
    );

  const eventValues: EventValues = {
    ...schedule,
    ...costValues(params, existing?.event),
    currency_code: existing?.event.currency_code ?? '',
    website: params.website !== undefined ? String(params.website).trim() : (existing?.event.website ?? null),
    show_map: flag(params.show_map, existing?.event.show_map, 0),
    show_map_link: flag(params.show_map_link, existing?.event.show_map_link, 0),
    // The editor's flag; whether a series holds its rule only is decided when it is reconciled
    // (series/first.ts).
    hide_from_listings: hiddenByEditor(
      flag(params.hide_from_listings, existing?.event.hide_from_listings, 0),
    ),
    sticky: flag(params.sticky, existing?.event.sticky, 0),
    featured: flag(params.featured, existing?.event.featured, 0),
    venue_id: venueId,
    parent_id:
      params.post_parent !== undefined ? params.post_parent || null : (existing?.event.parent_id ?? null),
  };
  const password = params.password !== undefined ? String(params.password) : (existing?.post.password ?? '');

  const postValues = {
    status: publication.status,
    date_utc: publication.date_utc,
    modified_utc: nowUtc,
    slug: slug!,
    password,
    image_id: imageId,
  };
  let post: PostRow;
  if (existing) {
    post = {
      ...existing.post,
      ...postValues,
      ...(params.author !== undefined ? { author_id: params.author } : {}),
    };
    await db
      .updateTable('posts')
      .set({ ...postValues, author_id: post.author_id })
      .where('id', '=', post.id)
      .execute();
    await db.updateTable('events').set(eventValues).where('id', '=', post.id).execute();
  } else {
    const row = postRow({
      type: 'event',
      author_id: params.author ?? context.principal!.userId,
      ...postValues,
    });
    post = { id: await insertPost(db, row), ...row };
    // The post's status written with the row, so that the trigger keeping the copy has nothing to correct
    // (its update of the new row, with the change-log entry and key checks it sets off, cost each create).
    await db
      .insertInto('events')
      .values(
        eventRows(post.id, eventValues).events.map((row) => ({
          ...row,
          status: post.status,
          revised_utc: nowUtc,
        })),
      )
      .execute();
  }
  const { id } = post;

  const texts: { title?: string; description?: string; excerpt?: string } = {};
  if (title !== undefined) texts.title = title;
  if (params.description !== undefined) texts.description = String(params.description);
  if (params.excerpt !== undefined) texts.excerpt = String(params.excerpt);
  if (!existing || Object.keys(texts).length > 0) {
    const written = await writeTexts(db, id, context.language, config.defaultLanguage, texts, {
      fresh: !existing,
    });
    await refreshEventSearch(context, id, existing ? {} : { created: { texts: written } });
  }

  // A new event has no links to replace.
  if (organizerIds !== undefined) {
    if (existing) await db.deleteFrom('event_organizers').where('event_id', '=', id).execute();
    if (organizerIds.length > 0)
      await db.insertInto('event_organizers').values(eventOrganizerRows(id, organizerIds)).execute();
  }
  const newTerms: Array<{ event_id: number; term_id: number; position: number }> = [];
  for (const [taxonomy, termIds] of resolvedTerms) {
    if (existing) await setEventTerms(context, id, taxonomy, termIds, { moveCounts: false });
    else newTerms.push(...eventTermRows(id, termIds));
  }
  if (newTerms.length > 0) await db.insertInto('event_terms').values(newTerms).execute();
  // One move of the stored term counts for the whole write: from the terms it had, counted as it was, to
  // the terms it has, counted as it is (status and publication date may have changed too: as just written).
  const termIds = existing ? await termIdsOfEvent(db, id) : newTerms.map((row) => row.term_id);
  await moveTermCounts(
    db,
    { termIds: termsBefore, counted: existing !== undefined && countsForTerms(existing.post, nowUtc) },
    { termIds, counted: countsForTerms(publication, nowUtc) },
    context.database.traits.rowLocks,
    { atTheEnd: true },
  );
  if (occurrence && existing?.post.status === 'trash' && publication.status !== 'trash')
    await includeOccurrence(context, occurrence);
  await writeSeries(
    context,
    { post, event: { id, ...eventValues }, termIds },
    recurrence,
    occurrence !== undefined,
    existing?.event,
    {
      lines: seriesBefore,
      counted: occurrencesCountedBefore,
    },
  );
  // The feeds' SEQUENCE and LAST-MODIFIED move when the event changed, and only then.
  if (existing) {
    if ((await eventContent(db, id)) !== contentBefore) await raiseSequence(db, id, context.now);
  }
  return id;
}

/**
 * The recurrence an event write sets: undefined (unchanged), null (removed) or the lines to keep, read in the
 * event's zone. An occurrence has none of its own.
 */
function recurrenceToWrite(
  params: Pick<EventWriteParams, 'recurrence'>,
  occurrence: { seriesId: number } | undefined,
  zone: string,
  allDay: boolean,
): string[] | null | undefined {
  if (params.recurrence === undefined) return undefined;
  if (occurrence)
    throw invalidParam(
      'recurrence',
      `This event is an occurrence of the series ${occurrence.seriesId}: change the recurrence of the series.`,
    );
  const lines = recurrenceInput(params.recurrence) ?? [];
  return lines.length === 0 ? null : checkRecurrence(lines, zone, allDay);
}

/**
 * After an event's own rows are written: an occurrence written on its own becomes an exception; a series gets
 * its rule and its occurrences reconciled.
 */
async function writeSeries(
  context: RequestContext,
  written: WrittenSeries,
  recurrence: string[] | null | undefined,
  isOccurrence: boolean,
  before: EventRow | undefined,
  seriesBefore: { lines: string[] | undefined; counted: ReadonlyMap<number, number> | undefined },
): Promise<void> {
  const id = written.post.id;
  // An occurrence written on its own is an exception already (it got rows of its own before its write).
  if (isOccurrence) return;
  const { lines, counted } = seriesBefore;
  if (recurrence !== undefined) {
    if (recurrence !== null || lines !== undefined)
      await setRecurrence(context, id, recurrence, {
        countedBeforeWrite: counted,
        wasSeries: lines !== undefined,
        written,
      });
    return;
  }
  if (!lines) return;
  await moveExdatesWithStart(context, id, lines, before!);
  await reconcileSeries(context, id, counted);
}

/** Whether another event than the series `family` and its occurrences has the slug. */
async function slugTakenOutsideSeries(db: Db, slug: string, family: number | undefined): Promise<boolean> {
  if (family === undefined) return slugTaken(db, 'event', slug);
  const row = await db
    .selectFrom('posts')
    .leftJoin('events', 'events.id', 'posts.id')
    .select('posts.id')
    .where('posts.type', '=', 'event')
    .where('posts.slug', '=', slug)
    .where('posts.id', '!=', family)
    .where((eb) => eb.or([eb('events.parent_id', 'is', null), eb('events.parent_id', '!=', family)]))
    .executeTakeFirst();
  return row !== undefined;
}
