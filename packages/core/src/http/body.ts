import { ApiError } from './errors.js';
import { type ParamBag, type ParamValue, parseFormEncoded } from './parse-params.js';
import type { CoreRequestBody } from './types.js';

export interface ParsedBody {
  json?: ParamBag;
  form?: ParamBag;
}

function tooLarge(limit: number): ApiError {
  return new ApiError('rest_request_too_large', `The request body is larger than ${limit} bytes.`, 413);
}

async function readRaw(
  data: AsyncIterable<Uint8Array> | Uint8Array | string,
  limit: number,
): Promise<string> {
  if (typeof data === 'string') {
    if (Buffer.byteLength(data) > limit) throw tooLarge(limit);
    return data;
  }
  if (data instanceof Uint8Array) {
    if (data.byteLength > limit) throw tooLarge(limit);
    return Buffer.from(data).toString('utf8');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    // Keep draining so the client sees our answer instead of a reset connection.
    if (size <= limit) chunks.push(Buffer.from(chunk));
  }
  if (size > limit) throw tooLarge(limit);
  return Buffer.concat(chunks).toString('utf8');
}

function mediaType(headers: Record<string, string | string[] | undefined>): string {
  const value = headers['content-type'];
  const text = Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
  return text.split(';')[0]!.trim().toLowerCase();
}

function jsonToBag(value: unknown): ParamBag {
  // A JSON body that is not an object (a list, a string) carries no named parameters.
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as ParamBag) : {};
}

/**
 * Reads and parses the body (SPEC §3): JSON and form bodies; other media types → 415; malformed JSON →
 * 400 `rest_invalid_json`; more than `limit` bytes → 413.
 */
export async function parseBody(
  body: CoreRequestBody | undefined,
  headers: Record<string, string | string[] | undefined>,
  limit: number,
): Promise<ParsedBody> {
  if (!body) return {};
  const type = mediaType(headers);
  if (body.kind === 'parsed') {
    if (type === 'application/x-www-form-urlencoded') {
      return typeof body.value === 'string'
        ? { form: parseFormEncoded(body.value) }
        : { form: jsonToBag(body.value) };
    }
    return { json: jsonToBag(body.value) };
  }
  const text = await readRaw(body.data, limit);
  if (text.trim() === '') return {};
  if (type === 'application/json' || type.endsWith('+json')) {
    try {
      return { json: jsonToBag(JSON.parse(text) as ParamValue) };
    } catch (error) {
      throw new ApiError('rest_invalid_json', 'Invalid JSON body passed.', 400, {
        json_error_code: 4,
        json_error_message: error instanceof Error ? error.message : 'Syntax error',
      });
    }
  }
  if (type === 'application/x-www-form-urlencoded') return { form: parseFormEncoded(text) };
  throw new ApiError(
    'rest_unsupported_media_type',
    `Unsupported content type "${type || '(none)'}": send application/json or application/x-www-form-urlencoded.`,
    415,
  );
}
