import type { ApiError } from '../errors/api-error.js';
import { apiError } from '../errors/catalog.js';
import { emptyBag, type ParamBag } from '../route-table/params.js';
import { mergeParams, parseFormEncoded, plainParams } from './parse-params.js';
import type { CoreRequest, CoreRequestBody } from './types.js';

export interface ParsedBody {
  json?: ParamBag;
  form?: ParamBag;
  /** A `text/calendar` body (RFC 5545), as text: the import route reads it as its `calendar` parameter. */
  calendar?: string;
}

function tooLarge(limit: number): ApiError {
  return apiError('rest_request_too_large', { message: `The request body is larger than ${limit} bytes.` });
}

async function readRaw(
  data: AsyncIterable<Uint8Array> | Uint8Array | string,
  limit: number,
): Promise<Buffer> {
  if (typeof data === 'string') {
    if (Buffer.byteLength(data) > limit) throw tooLarge(limit);
    return Buffer.from(data, 'utf8');
  }
  if (data instanceof Uint8Array) {
    if (data.byteLength > limit) throw tooLarge(limit);
    return Buffer.from(data);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of data) {
      size += chunk.byteLength;
      // Keep draining so the client sees our answer instead of a reset connection.
      if (size <= limit) chunks.push(Buffer.from(chunk));
    }
  } catch {
    // The client went away mid-upload (or the server's request timeout cut it off): nobody is left to read
    // an answer, and it is no failure of the service, so no 500 and no error line with a stack.
    throw apiError('rest_request_aborted');
  }
  if (size > limit) throw tooLarge(limit);
  return Buffer.concat(chunks);
}

/**
 * The text fields of a `multipart/form-data` body (WordPress reads them like a form; files are not
 * parameters), parsed by the runtime's own Fetch implementation, then read with the form's bracket rules.
 */
async function parseMultipart(bytes: Buffer, contentType: string): Promise<ParamBag> {
  let fields: FormData;
  try {
    fields = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw apiError('rest_invalid_body', { message: 'Invalid multipart/form-data body passed.' });
  }
  const pairs = new URLSearchParams();
  for (const [name, value] of fields) if (typeof value === 'string') pairs.append(name, value);
  return parseFormEncoded(pairs.toString());
}

function mediaType(headers: Record<string, string | string[] | undefined>): string {
  const value = headers['content-type'];
  const text = Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
  return text.split(';')[0]!.trim().toLowerCase();
}

/**
 * A JSON body's parameters, as prototype-less objects with no key naming a prototype (see `plainParams`). A
 * JSON body that is not an object (a list, a string) carries no named parameters.
 */
function jsonToBag(value: unknown): ParamBag {
  return plainParams(value);
}

/**
 * The form fields a host's form parser produced, back as the `key=value` pairs of the form text, so that they go
 * through the same PHP bracket rules as a form core reads itself (SPEC §3). Express's `urlencoded({ extended:
 * false })` leaves bracketed keys flat (`{'venue[city]': 'Berlin', 'tags[]': ['a', 'b']}`); `extended: true` (qs)
 * nests them (`{venue: {city: 'Berlin'}, tags: ['a', 'b']}`). Both come out as the text's pairs.
 */
function formPairs(value: unknown, key: string, nested: boolean, pairs: [string, string][]): void {
  if (value === undefined) return;
  if (value === null || typeof value !== 'object') {
    pairs.push([key, value === null ? '' : String(value)]);
    return;
  }
  if (Array.isArray(value)) {
    if (value.every((item) => item === null || typeof item !== 'object')) {
      // A flat key with brackets (`tags[]`, `a[0]`) repeats as it came; any other list appends (`a[]=…`).
      const listKey = !nested && key.includes('[') ? key : `${key}[]`;
      for (const item of value)
        if (item !== undefined) pairs.push([listKey, item === null ? '' : String(item)]);
      return;
    }
    for (const [index, item] of value.entries()) formPairs(item, `${key}[${index}]`, true, pairs);
    return;
  }
  for (const [name, item] of Object.entries(value))
    formPairs(item, key === '' ? name : `${key}[${name}]`, key !== '', pairs);
}

/**
 * A host's parsed form as core's own form parsing would have read the form text. The host's objects are
 * first copied by `plainParams` (refusing prototype keys and deep nesting, which would make `formPairs`
 * recurse without end); the form text then goes through the same checks as any form.
 */
function parsedForm(value: unknown): ParamBag {
  if (typeof value === 'string') return parseFormEncoded(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return emptyBag();
  const pairs: [string, string][] = [];
  formPairs(plainParams(value), '', false, pairs);
  return parseFormEncoded(new URLSearchParams(pairs).toString());
}

/**
 * Malformed JSON, as the plugin reports it: PHP's `json_last_error()` code and wording for a syntax error,
 * whatever the parser's own text (a JavaScript parser's message differs between Node versions and hosts).
 */
function invalidJson(): ApiError {
  return apiError('rest_invalid_json', { data: { json_error_code: 4, json_error_message: 'Syntax error' } });
}

/** Core's error for a body a host's parser refused (its limit, not core's, was exceeded: no number here). */
function rejection(body: Extract<CoreRequestBody, { kind: 'rejected' }>): ApiError {
  if (body.reason === 'too-large') return apiError('rest_request_too_large');
  if (body.reason === 'invalid-json') return invalidJson();
  return apiError('rest_invalid_body');
}

/**
 * Reads and parses the body (SPEC §3): JSON and form bodies; other media types → 415; malformed JSON →
 * 400 `rest_invalid_json`; more than `limit` bytes → 413.
 */
export async function parseBody(
  given: CoreRequest['body'],
  headers: Record<string, string | string[] | undefined>,
  limit: number,
): Promise<ParsedBody> {
  // A plain string or bytes (a caller of `core.handle`) is the raw body.
  const body: CoreRequestBody | undefined =
    typeof given === 'string' || given instanceof Uint8Array ? { kind: 'raw', data: given } : given;
  // No body at all (a GET, as adapters pass it): nothing to read, whatever the headers say.
  if (!body || (body.kind === 'raw' && body.data === '')) return {};
  const type = mediaType(headers);
  if (body.kind === 'rejected') throw rejection(body);
  if (body.kind === 'parsed') {
    if (type === 'application/x-www-form-urlencoded') return { form: parsedForm(body.value) };
    return { json: jsonToBag(body.value) };
  }
  const bytes = await readRaw(body.data, limit);
  if (type === 'multipart/form-data') {
    const header = headers['content-type'];
    return { form: await parseMultipart(bytes, Array.isArray(header) ? header[0]! : header!) };
  }
  const text = bytes.toString('utf8');
  if (text.trim() === '') return {};
  if (type === 'application/json' || type.endsWith('+json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw invalidJson();
    }
    return { json: jsonToBag(parsed) };
  }
  if (type === 'application/x-www-form-urlencoded') return { form: parseFormEncoded(text) };
  if (type === 'text/calendar') return { calendar: text };
  throw apiError('rest_unsupported_media_type', {
    message: `Unsupported content type "${type || '(none)'}": send application/json, application/x-www-form-urlencoded, multipart/form-data or (to import) text/calendar.`,
  });
}

/**
 * A request's parameters: its query's and its body's together (parse-params.ts `mergeParams`), a calendar
 * body as the `calendar` parameter. `withBody` says whether the body gave any (an answer to such a GET is
 * not kept).
 */
export async function readParams(
  request: Pick<CoreRequest, 'body' | 'headers'>,
  search: string,
  limit: number,
): Promise<{ raw: ParamBag; withBody: boolean }> {
  const { json, form, calendar } = await parseBody(request.body, request.headers, limit);
  const raw = mergeParams({ json, form, query: parseFormEncoded(search), path: {} });
  if (calendar !== undefined) raw.calendar = calendar;
  return { raw, withBody: json !== undefined || form !== undefined || calendar !== undefined };
}
