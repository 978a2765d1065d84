/**
 * Compression of answers, decided in core so that both adapters send the same bytes: brotli or gzip
 * (node:zlib) for a body of at least `threshold` bytes, as the client's `Accept-Encoding` (with q-values)
 * asks. A compressed answer is its own representation: `Content-Encoding`, `Vary: Accept-Encoding`, its own
 * length, and an ETag of its own (the identity ETag with `-br` or `-gzip` inside the quotes, as Apache's
 * mod_deflate does). `If-None-Match` is then decided against the ETag of the representation being sent, and
 * the tags of encoded forms are read back as the identity tag by `If-Match`, so a client that only ever saw
 * compressed answers can still make conditional writes.
 *
 * A request without `Accept-Encoding` (the benchmark's wrk) takes none of this path but a header lookup.
 * Compressed forms are kept beside the identity bytes they were made from (a WeakMap keyed by those bytes,
 * the answer's `body` before compression):
 * the response cache serves the same bytes on every hit, so a cached answer is compressed once, not on every
 * hit, and the compressed form goes when its cache entry does.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { requestWith } from './client-gone.js';
import { etagListMatches } from './etag.js';
import type { CoreRequest, CoreResponse } from './types.js';

export interface CompressionOptions {
  /** Smallest body compressed, in bytes (default 1024): below, the headers outweigh the saving. */
  threshold?: number;
  /** Brotli quality, 0–11 (default 4: as small as gzip -9 at a fraction of its time; 11 takes ~100 times longer). */
  brotliQuality?: number;
  /** gzip level, 1–9 (default 6, zlib's own). */
  gzipLevel?: number;
}

export interface CompressionConfig {
  threshold: number;
  brotliQuality: number;
  gzipLevel: number;
}

export function resolveCompression(
  option: boolean | CompressionOptions | undefined,
): CompressionConfig | undefined {
  if (option === false) return undefined;
  const options = option === true || option === undefined ? {} : option;
  return {
    threshold: options.threshold ?? 1024,
    brotliQuality: options.brotliQuality ?? 4,
    gzipLevel: options.gzipLevel ?? 6,
  };
}

export type ContentCoding = 'br' | 'gzip';

/**
 * The coding to answer with (RFC 9110 §12.5.3): of the `offered` ones, the acceptable one of highest q-value,
 * brotli on a tie; `*` stands for the codings not named; q=0 refuses. Undefined: send the identity.
 */
export function negotiateCoding(
  acceptEncoding: string | undefined,
  offered: readonly ContentCoding[] = ['br', 'gzip'],
): ContentCoding | undefined {
  if (!acceptEncoding) return undefined;
  let br: number | undefined;
  let gz: number | undefined;
  let any: number | undefined;
  for (const item of acceptEncoding.split(',')) {
    const [rawName = '', ...params] = item.split(';');
    const name = rawName.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number(value?.trim());
        q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0;
      }
    }
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gz = q;
    else if (name === '*') any = q;
  }
  const brQ = offered.includes('br') ? (br ?? any ?? 0) : 0;
  const gzQ = offered.includes('gzip') ? (gz ?? any ?? 0) : 0;
  if (brQ <= 0 && gzQ <= 0) return undefined;
  return brQ >= gzQ ? 'br' : 'gzip';
}

/** `"abc"` → `"abc-br"`; a weak tag stays weak. */
function encodedTag(etag: string, coding: ContentCoding): string {
  return etag.endsWith('"') ? `${etag.slice(0, -1)}-${coding}"` : etag;
}

/** A header's tags with the coding suffixes taken off (`"abc-gzip"` → `"abc"`). */
function identityTags(value: string): string {
  return value.replace(/-(?:br|gzip)"/g, '"');
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compressed forms by the identity bytes they were made from; a promise while one is being made. */
type Forms = Partial<Record<ContentCoding, Promise<Buffer>>>;

export interface Compressor {
  /**
   * Handles one request through `handle`, compressing its answer if the client asks for it. HEAD runs as GET
   * (the headers are those of the GET, length and ETag of the compressed form included), then loses its body.
   */
  handle(
    request: CoreRequest,
    handle: (request: CoreRequest) => Promise<CoreResponse>,
  ): Promise<CoreResponse>;
}

export function createCompressor(config: CompressionConfig): Compressor {
  const forms = new WeakMap<Uint8Array, Forms>();

  function compress(bytes: Uint8Array, coding: ContentCoding): Promise<Buffer> {
    let held = forms.get(bytes);
    if (!held) {
      held = {};
      forms.set(bytes, held);
    }
    let form = held[coding];
    if (!form) {
      form =
        coding === 'br'
          ? brotliAsync(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: config.brotliQuality,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            })
          : gzipAsync(bytes, { level: config.gzipLevel });
      held[coding] = form;
      // A failure is not kept: the next request tries again (and answers the identity meanwhile).
      form.catch(() => {
        if (held[coding] === form) delete held[coding];
      });
    }
    return form;
  }

  function withVary(headers: Record<string, string>): Record<string, string> {
    const vary = headers.Vary;
    if (!vary) headers.Vary = 'Accept-Encoding';
    else if (!/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary)) headers.Vary = `${vary}, Accept-Encoding`;
    return headers;
  }

  return {
    async handle(request, handle) {
      const header = request.headers['accept-encoding'];
      const coding = request.writesBytes
        ? negotiateCoding(Array.isArray(header) ? header.join(',') : header)
        : undefined;
      const ifMatch = request.headers['if-match'];
      if (typeof ifMatch === 'string' && /-(?:br|gzip)"/.test(ifMatch)) {
        request = requestWith(request, {
          headers: { ...request.headers, 'if-match': identityTags(ifMatch) },
        });
      }
      if (!coding) {
        const response = await handle(request);
        // The same URL may be answered compressed to another client: say so to caches (a HEAD and a 304
        // carry the headers of the GET they stand for).
        if (response.status === 304 || Number(response.headers['Content-Length']) >= config.threshold)
          withVary(response.headers);
        return response;
      }
      const method = request.method.toUpperCase();
      const isHead = method === 'HEAD';
      const isRead = isHead || method === 'GET';
      const ifNoneMatch = isRead ? request.headers['if-none-match'] : undefined;
      if (isRead) {
        // Conditional GETs are answered here, against the ETag of the representation this client gets.
        const { 'if-none-match': _dropped, ...headers } = request.headers;
        request = requestWith(request, { method: isHead ? 'GET' : request.method, headers });
      }
      const response = await handle(request);
      // Core's answers hold their bytes; a text body (an `_envelope`) is sent as it is.
      const bytes = typeof response.body === 'string' ? undefined : response.body;
      let answer = response;
      if (
        bytes &&
        bytes.length >= config.threshold &&
        response.headers['Content-Encoding'] === undefined &&
        /json|text/i.test(response.headers['Content-Type'] ?? '')
      ) {
        let compressed: Buffer | undefined;
        try {
          compressed = await compress(bytes, coding);
        } catch {
          compressed = undefined;
        }
        const headers = withVary({ ...response.headers });
        if (compressed) {
          headers['Content-Encoding'] = coding;
          headers['Content-Length'] = String(compressed.length);
          if (headers.ETag) headers.ETag = encodedTag(headers.ETag, coding);
        }
        answer = { status: response.status, headers, body: compressed ?? bytes };
      }
      const etag = answer.headers.ETag;
      const condition = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(', ') : ifNoneMatch;
      if (answer.status === 200 && etag && condition && etagListMatches(condition, etag, true)) {
        const {
          'Content-Length': _length,
          'Content-Type': _type,
          'Content-Encoding': _coding,
          ...rest
        } = answer.headers;
        return { status: 304, headers: withVary(rest), body: undefined };
      }
      if (!isHead) return answer;
      return { status: answer.status, headers: answer.headers, body: undefined };
    },
  };
}
