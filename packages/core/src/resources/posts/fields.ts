/**
 * Input fields shared by events, venues and organizers (ref §5.3–5.6): author, publication dates, status,
 * image; and how a write turns them into stored values.
 */
import { canPublish } from '../../auth/capabilities.js';
import { formatUtc } from '../../dates/format.js';
import { parseTimeInput } from '../../dates/input.js';
import { localToUtc, utcToLocal } from '../../dates/zones.js';
import type { PostRow, PostStatus } from '../../db/schema.js';
import type { RequestContext } from '../../route-table/context.js';
import { param } from '../../route-table/params.js';
import { isValidImageReference } from '../images/repository.js';

export const POST_STATUSES: readonly PostStatus[] = [
  'publish',
  'future',
  'draft',
  'pending',
  'private',
  'trash',
];

export function isPostStatus(value: string): value is PostStatus {
  return (POST_STATUSES as readonly string[]).includes(value);
}

/** `is_time`: a unix timestamp or anything `strtotime()` parses. */
export function isTime(value: string, context: RequestContext): boolean {
  return parseTimeInput(value, { now: context.now, timezone: context.config.timezone }) !== null;
}

export const sharedPostParams = {
  author: param.id<RequestContext>(
    { en: 'The author ID (a user of the service).', de: 'Die ID des Autors (ein Benutzer des Dienstes).' },
    {
      validate: async (id, context) =>
        (await context.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !==
        undefined,
    },
  ),
  date: param.text<RequestContext>(
    {
      en: 'The publication date, in the site time zone.',
      de: 'Das Veröffentlichungsdatum in der Zeitzone der Website.',
    },
    { validate: isTime },
  ),
  date_utc: param.text<RequestContext>(
    { en: 'The publication date in UTC.', de: 'Das Veröffentlichungsdatum in UTC.' },
    { validate: isTime },
  ),
  status: param.text<RequestContext>(
    {
      en: 'The status: publish, future, draft, pending, private or trash.',
      de: 'Der Status: publish, future, draft, pending, private oder trash.',
    },
    { validate: (value) => isPostStatus(value) },
  ),
};

/** `image` on venues and organizers: an image id, an http(s) URL, or `""` to remove it. */
export const imageOrEmptyParam = param.string<RequestContext>(
  {
    en: 'The featured image: the ID of a stored image or an http(s) URL; empty to remove it.',
    de: 'Das Beitragsbild: die ID eines gespeicherten Bildes oder eine http(s)-URL; leer, um es zu entfernen.',
  },
  {
    validate: (value, context) =>
      value.trim() === '' || isValidImageReference(context.db, value, canPublish(context.principal)),
  },
);

/**
 * `is_url_or_empty`, narrowed to what a page may link to: an `http(s)://host…` URL with nothing that could
 * break out of an attribute (the plugin's FILTER_VALIDATE_URL also takes `javascript://…`).
 */
export function isUrlOrEmpty(value: string): boolean {
  const text = value.trim();
  return text === '' || isHttpUrl(text);
}

/** An absolute http(s) URL with a host, without blanks, quotes, angle brackets, backticks or backslashes. */
export function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\/[^\s"'<>`\\]+$/i.test(text)) return false;
  try {
    return new URL(text).host !== '';
  } catch {
    return false;
  }
}

/**
 * An e-mail address or `""` (the plugin stores any text, then `sanitize_email` empties
 * what is not an address; refusing it tells the client): one `@`, a dotted domain, no blanks, quotes or
 * angle brackets.
 */
export function isEmailOrEmpty(value: string): boolean {
  const text = value.trim();
  return text === '' || /^[^\s@<>"`\\]+@[^\s@<>"'`\\]+\.[^\s@<>"'`\\]+$/.test(text);
}

export interface Publication {
  status: PostStatus;
  date_utc: string;
}

/**
 * Status and publication date of a write (ref §7.2, §7.6): `date` is read in `zone`, `date_utc` in UTC;
 * callers without `publish_posts` get `pending` instead of `publish`/`future` (and `draft` when they send
 * nothing); `publish` with a future date becomes `future`, `future` with a past date becomes `publish`.
 */
export function resolvePublication(
  context: RequestContext,
  params: { status?: string | undefined; date?: string | undefined; date_utc?: string | undefined },
  zone: string,
  existing?: Pick<PostRow, 'status' | 'date_utc'>,
): Publication {
  const nowUtc = formatUtc(context.now);
  let dateUtc = existing?.date_utc ?? nowUtc;
  if (params.date_utc !== undefined) {
    const parsed = parseTimeInput(params.date_utc, { now: context.now, timezone: 'UTC' });
    if (parsed) dateUtc = parsed.local;
  } else if (params.date !== undefined) {
    const parsed = parseTimeInput(params.date, { now: context.now, timezone: zone });
    if (parsed) dateUtc = localToUtc(parsed.local, zone);
  }
  // The status was validated as one of the post statuses.
  const requested = params.status !== undefined && isPostStatus(params.status) ? params.status : undefined;
  let status: PostStatus = requested ?? existing?.status ?? 'publish';
  if (
    !canPublish(context.principal) &&
    params.status !== undefined &&
    (status === 'publish' || status === 'future' || status === 'private')
  )
    status = 'pending';
  if (!canPublish(context.principal) && !existing && params.status === undefined) status = 'draft';
  if (
    status === 'publish' &&
    dateUtc > nowUtc &&
    (params.date !== undefined || params.date_utc !== undefined)
  )
    status = 'future';
  if (status === 'future' && dateUtc <= nowUtc) status = 'publish';
  return { status, date_utc: dateUtc };
}

/** `date`/`modified` in the site time zone and UTC, as every post shape shows them. */
export function postDates(post: Pick<PostRow, 'date_utc' | 'modified_utc'>, siteZone: string) {
  return {
    date: utcToLocal(post.date_utc, siteZone),
    date_utc: post.date_utc,
    modified: utcToLocal(post.modified_utc, siteZone),
    modified_utc: post.modified_utc,
  };
}

/** `tribe_is_truthy`: 1, enable, enabled, on, y, yes, true. */
export function isTruthy(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  return (
    typeof value === 'string' &&
    ['1', 'enable', 'enabled', 'on', 'y', 'yes', 'true'].includes(value.trim().toLowerCase())
  );
}
