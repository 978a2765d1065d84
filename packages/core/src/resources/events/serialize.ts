/**
 * The event shape of ref §2.1: every key always present, in the plugin's order, with its quirks (`author`
 * as a string, `venue` `[]` when absent, `organizer` always a list, `image` `false`, string date details).
 */
import { timingSafeEqual } from 'node:crypto';
import { canEditRecord } from '../../auth/capabilities.js';
import { formatUtc, WALL_TIME } from '../../dates/format.js';
import {
  type DateDetails,
  dateDetails,
  toIsoWithOffset,
  utcToLocal,
  zoneAbbreviation,
} from '../../dates/zones.js';
import type { EventRow, PostRow } from '../../db/schema.js';
import type { RequestContext } from '../../route-table/context.js';
import {
  costAmount,
  costDetails,
  costValue,
  formatCost,
  isFreeWord,
  storedCostAnswer,
  storedCostItems,
} from '../../text/cost.js';
import { excerptText, plainText, renderHtml } from '../../text/html.js';
import { loadImages, serializeImage } from '../images/repository.js';
import { loadSerialized } from '../linked/serialize.js';
import { organizerKind } from '../organizers/kind.js';
import type { OrganizerOutput } from '../organizers/schema.js';
import { postDates } from '../posts/fields.js';
import type { StoredGlobalId } from '../posts/global-ids.js';
import { postPermalink } from '../posts/permalink.js';
import { effectiveStatus, type PostTexts } from '../posts/repository.js';
import { globalId } from '../posts/serialize.js';
import { loadEventTerms } from '../terms/event-terms.js';
import { venueKind } from '../venues/kind.js';
import type { VenueOutput } from '../venues/schema.js';
import type { EventOutput } from './schema.js';
import { hiddenByEditor, loadEventTexts, type OccurrenceInfo } from './series/reading.js';

export interface EventRecord {
  post: PostRow;
  event: EventRow;
  /** The source's global id of an event moved in from a site of the plugin (`tec_origins`). */
  keptGlobalId: StoredGlobalId | undefined;
  /** Its organizers' ids, in their order. */
  organizerIds: number[];
  /** What its series says of it: the series' rule (a series), its series and start (an occurrence). */
  recurrence: { rule: string[] | undefined; occurrence: OccurrenceInfo | undefined };
  /** Its texts in the request's language, when read with it (`loadEventRecords`' `languages`). */
  texts?: PostTexts;
}

/**
 * `*_date_details` of a stored `YYYY-MM-DD HH:MM:SS` value: its parts as written, which is what
 * `dateDetails` returns for a valid value, without parsing it through luxon four times per event.
 */
function storedDateDetails(value: string): DateDetails {
  const parts = WALL_TIME.exec(value);
  if (!parts) return dateDetails(value);
  const [, year, month, day, hour, minutes, seconds] = parts as unknown as string[];
  return { year, month, day, hour, minutes, seconds } as DateDetails;
}

/** ISO 4217 codes of the common currency symbols; a three-letter symbol is its own code. */
const CURRENCY_CODES: Record<string, string> = {
  $: 'USD',
  US$: 'USD',
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  '₹': 'INR',
  '₩': 'KRW',
  '₽': 'RUB',
  '₺': 'TRY',
  '₪': 'ILS',
  zł: 'PLN',
  Fr: 'CHF',
  'Fr.': 'CHF',
  kr: 'SEK',
  R$: 'BRL',
  A$: 'AUD',
  C$: 'CAD',
};

/** `offers.priceCurrency` for a currency symbol: its ISO code, else `USD` (the plugin's default code). */
export function currencyCode(symbol: string): string {
  const trimmed = symbol.trim();
  if (/^[A-Z]{3}$/.test(trimmed)) return trimmed;
  return CURRENCY_CODES[trimmed] ?? 'USD';
}

/** Constant-time comparison of a sent password with the stored one (ref §8.3). */
export function passwordMatches(stored: string, sent: unknown): boolean {
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(sent);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether a protected event's content may be shown (ref §8.3): the right password, or `context=edit` from
 * someone who may edit the event.
 */
export function mayViewProtected(context: RequestContext, post: PostRow, access: ProtectedAccess): boolean {
  if (post.password === '' || passwordMatches(post.password, access.password)) return true;
  return access.context === 'edit' && canEditRecord(context.principal, post);
}

/** What a request offers to see protected content: `password` and `context`. */
export interface ProtectedAccess {
  password?: unknown;
  context?: unknown;
}

/** Fields blanked in lists for a protected event shown without its password (ref §8.3). */
function blankProtected(event: EventOutput): EventOutput {
  return {
    ...event,
    description: '',
    excerpt: '',
    website: '',
    cost: '',
    image: false,
    all_day: null,
    show_map: null,
    show_map_link: null,
    hide_from_listings: null,
    sticky: null,
    featured: null,
    categories: [],
    tags: [],
    venue: [],
    organizer: [],
    custom_fields: [],
    cost_details: { currency_symbol: '', currency_position: '', currency_code: '', values: [] },
  };
}

/**
 * Serializes many events with a constant number of queries: images, terms, venues and organizers are each
 * loaded once for the whole page, side by side (the records bring their texts, series facts and organizer ids).
 */
export async function serializeEvents(
  context: RequestContext,
  records: readonly EventRecord[],
  options: { single: boolean } & ProtectedAccess,
): Promise<EventOutput[]> {
  const outputs = await serializeWhole(context, records, options.single);
  return outputs.map((output, at) => shownTo(context, records[at]!.post, options, output));
}

/** An event's output as `access` may see it: whole, or with a protected event's content blanked. */
export function shownTo(
  context: RequestContext,
  post: PostRow,
  access: ProtectedAccess,
  output: EventOutput,
): EventOutput {
  return mayViewProtected(context, post, access) ? output : blankProtected(output);
}

/** `serializeEvents` before protected content is blanked: one output per record, in their order. */
export async function serializeWhole(
  context: RequestContext,
  records: readonly EventRecord[],
  single: boolean,
): Promise<EventOutput[]> {
  const { db, config } = context;
  const ids = records.map((r) => r.post.id);
  if (ids.length === 0) return [];
  // Texts read with the records (the usual case) need no statement of their own.
  const withoutTexts = records.filter((r) => r.texts === undefined).map((r) => r.post.id);
  const venueIds = records.map((r) => r.event.venue_id).filter((v): v is number => v !== null);
  const [texts, images, terms, venueObjects, organizerObjects] = await Promise.all([
    loadEventTexts(db, withoutTexts, context.language, config.defaultLanguage),
    loadImages(
      db,
      records.map((r) => r.post.image_id),
    ),
    loadEventTerms(context, ids),
    loadSerialized(venueKind, context, venueIds, single),
    loadSerialized(organizerKind, context, [...new Set(records.flatMap((r) => r.organizerIds))], single),
  ]);
  const nowUtc = formatUtc(context.now);
  const currencyDefaults = { symbol: config.currencySymbol, position: config.currencyPosition };
  const serializeRecord = ({
    post,
    event,
    keptGlobalId,
    recurrence,
    organizerIds,
    texts: ownTexts,
  }: EventRecord): EventOutput => {
    const t = ownTexts ?? texts.get(post.id) ?? { title: '', description: '', excerpt: '' };
    const { occurrence } = recurrence;
    // An occurrence's page is its series' page for its day, as the paid edition's: /event/<slug>/<date>/.
    const url =
      occurrence && post.status !== 'trash'
        ? `${postPermalink(context.urls, 'event', post)}${event.start_local.slice(0, 10)}/`
        : postPermalink(context.urls, 'event', post);
    const costItems = storedCostItems(event.cost);
    // An imported cost this service would format otherwise answers as its source did.
    const answeredCost = storedCostAnswer(event.cost);
    const position = event.currency_position as 'prefix' | 'postfix' | '';
    // The linked-post serializer builds plain records for both kinds; their shapes are checked by the
    // contract suite against the Venue and Organizer schemas, not here.
    const venue = (event.venue_id !== null ? venueObjects.get(event.venue_id) : undefined) as
      | VenueOutput
      | undefined;
    const organizerList = organizerIds
      .map((id) => organizerObjects.get(id) as OrganizerOutput | undefined)
      .filter((o): o is OrganizerOutput => o !== undefined);
    const image = serializeImage(post.image_id !== null ? images.get(post.image_id) : undefined);
    const description = renderHtml(t.description);
    const out: EventOutput = {
      id: post.id,
      global_id: keptGlobalId?.globalId ?? globalId(config, post.id),
      global_id_lineage: keptGlobalId?.lineage ?? [globalId(config, post.id)],
      author: String(post.author_id),
      status: effectiveStatus(post, nowUtc),
      ...postDates(post, config.timezone),
      url,
      rest_url: context.urls.rest(`/events/${post.id}`),
      title: t.title,
      description,
      excerpt: renderHtml(t.excerpt),
      slug: post.slug,
      image,
      all_day: event.all_day === 1,
      start_date: event.start_local,
      start_date_details: storedDateDetails(event.start_local),
      end_date: event.end_local,
      end_date_details: storedDateDetails(event.end_local),
      utc_start_date: event.start_utc,
      utc_start_date_details: storedDateDetails(event.start_utc),
      utc_end_date: event.end_utc,
      utc_end_date_details: storedDateDetails(event.end_utc),
      timezone: event.timezone,
      timezone_abbr: zoneAbbreviation(event.timezone, event.start_utc),
      cost: answeredCost?.cost ?? formatCost(costItems, event.currency_symbol, position, currencyDefaults),
      cost_details: {
        ...costDetails(costItems, event.currency_symbol, event.currency_code, position),
        ...(answeredCost ? { values: answeredCost.values } : {}),
      },
      website: event.website ?? url,
      show_map: event.show_map === 1,
      show_map_link: event.show_map_link === 1,
      hide_from_listings: hiddenByEditor(event.hide_from_listings) === 1,
      sticky: event.sticky === 1,
      featured: event.featured === 1,
      categories: terms.get(post.id)?.categories ?? [],
      tags: terms.get(post.id)?.tags ?? [],
      venue: venue ?? [],
      organizer: organizerList,
      custom_fields: [],
    };
    if (single) {
      // The plugin's keys and order (SPEC §14; transcripts 08/09): the first organizer only, as an object.
      const firstOrganizer = organizerList[0]?.json_ld;
      const lowest = costItems[0];
      out.json_ld = {
        '@context': 'http://schema.org',
        '@type': 'Event',
        name: plainText(t.title),
        // Built from the excerpt as the plugin builds it, but plain text: the plugin's escaped markup shows
        // as literal tags wherever the value is displayed (SPEC §14, "keep ours").
        description: excerptText(renderHtml(t.excerpt), description),
        ...(image ? { image: image.url } : {}),
        url,
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        eventStatus: 'https://schema.org/EventScheduled',
        startDate: toIsoWithOffset(event.start_local, event.timezone),
        endDate: toIsoWithOffset(event.end_local, event.timezone),
        ...(venue?.json_ld ? { location: venue.json_ld } : {}),
        ...(firstOrganizer ? { organizer: firstOrganizer } : {}),
        // A price is an amount, or 0 for a free word; a word such as "Donation" names none (the plugin's
        // JSON-LD then has no offer either).
        ...(lowest !== undefined && (costAmount(lowest) !== null || isFreeWord(lowest))
          ? {
              offers: {
                '@type': 'Offer',
                price: costAmount(lowest) === null ? '0' : costValue(lowest),
                priceCurrency:
                  event.currency_code ||
                  currencyCode(event.currency_symbol !== '' ? event.currency_symbol : config.currencySymbol),
                url,
                category: 'primary',
                availability: 'inStock',
                // The day the event was published, at midnight in the site's zone (the plugin's form).
                validFrom: toIsoWithOffset(
                  `${utcToLocal(post.date_utc, config.timezone).slice(0, 10)} 00:00:00`,
                  config.timezone,
                ),
              },
            }
          : {}),
        performer: 'Organization',
      };
    }
    if (recurrence.rule) out.recurrence = recurrence.rule;
    if (occurrence) {
      out.series_id = occurrence.seriesId;
      out.original_start_date = utcToLocal(occurrence.originalStartUtc, event.timezone);
      out.original_utc_start_date = occurrence.originalStartUtc;
      out.is_exception = occurrence.detached;
    }
    return out;
  };
  const outputs: EventOutput[] = [];
  for (let at = 0; at < records.length; at++) {
    // A long page (the widget feed's thousands of events) gives the event loop back between slices: one
    // event's HTML and dates cost tens of microseconds. Pages of lists (50 at most) never wait.
    if (at > 0 && at % SERIALIZED_PER_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    outputs.push(serializeRecord(records[at]!));
  }
  return outputs;
}

/** Events serialized between two turns of the event loop at most (see `serializeEvents`). */
export const SERIALIZED_PER_SLICE = 100;
