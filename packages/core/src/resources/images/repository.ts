/**
 * Images are referenced, never fetched: an `http(s)` URL is registered once as an image record and reused;
 * the service makes no outbound request (a server-side request forgery risk, SPEC §10).
 */

import { formatUtc } from '../../dates/format.js';
import { everyColumn, readByKey } from '../../db/by-key.js';
import type { Db } from '../../db/database.js';
import type { ImageRow, ImagesTable } from '../../db/schema.js';
import { memoize } from '../../support/memo.js';
import { isStorableId } from '../terms/repository.js';
import type { ImageOutput } from './schema.js';

/** An http(s) URL with a host and nothing that could break out of an attribute (`"`, `<`, blanks, …). */
export function isImageUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s"'<>`\\]+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Validates an `image` value: the id of a stored image, or an http(s) URL from someone who may add media
 * (WordPress's `upload_files`: authors and above, not contributors; ref §7.4).
 */
export async function isValidImageReference(db: Db, value: unknown, mayAddMedia: boolean): Promise<boolean> {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))) {
    // An id past what the databases store names no image (PostgreSQL refuses to compare it: a 500).
    if (!isStorableId(Number(value))) return false;
    const row = await db.selectFrom('images').select('id').where('id', '=', Number(value)).executeTakeFirst();
    return row !== undefined;
  }
  return mayAddMedia && typeof value === 'string' && isImageUrl(value.trim());
}

/** The image id for a validated reference, registering a new URL on first use. */
export async function resolveImage(db: Db, value: string | number, now: Date): Promise<number> {
  if (typeof value === 'number' || /^\d+$/.test(value)) return Number(value);
  const url = value.trim();
  const existing = await db.selectFrom('images').select('id').where('url', '=', url).executeTakeFirst();
  if (existing) return existing.id;
  const extension = /\.(jpe?g|png|gif|webp|avif|svg)(?:$|[?#])/i
    .exec(new URL(url).pathname)?.[1]
    ?.toLowerCase();
  const mime = extension
    ? `image/${extension === 'jpg' ? 'jpeg' : extension === 'svg' ? 'svg+xml' : extension}`
    : null;
  const row = await db
    .insertInto('images')
    .values({ url, width: null, height: null, mime_type: mime, filesize: null, created_utc: formatUtc(now) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const IMAGE_COLUMNS = everyColumn<ImagesTable>()([
  'id',
  'url',
  'width',
  'height',
  'mime_type',
  'filesize',
  'created_utc',
]);

export async function loadImages(db: Db, ids: ReadonlyArray<number | null>): Promise<Map<number, ImageRow>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await readByKey(db, 'images', { ids: wanted }, ({ ids }) =>
    db.selectFrom('images').select(IMAGE_COLUMNS).where('id', 'in', ids),
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** The image object of ref §2.5, with empty fields left out (the plugin `array_filter`s it), or `false`. */
export function serializeImage(image: ImageRow | undefined): false | ImageOutput {
  if (!image) return false;
  const extension = extensionOf(image.url);
  const out: ImageOutput = { url: image.url, id: image.id };
  if (extension) out.extension = extension;
  if (image.width) out.width = image.width;
  if (image.height) out.height = image.height;
  if (image.filesize) out.filesize = image.filesize;
  return out;
}

/**
 * The extension of an image URL: a page of 50 events names about a hundred images, many of them the same, and
 * parsing each URL again cost as much as serializing the image.
 */
const extensionOf = memoize(
  (url) => /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase() ?? '',
  10_000,
);
