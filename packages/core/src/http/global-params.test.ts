import { describe, expect, it } from 'vitest';
import { asRequested, envelope } from './global-params.js';
import { jsonResponse, textOf } from './respond.js';
import type { CoreResponse } from './types.js';

const read = (response: CoreResponse) => JSON.parse(textOf(response)!);

describe('_envelope carries any answer as {body, status, headers}', () => {
  it('a JSON answer as its value, a text answer as its text', () => {
    expect(read(envelope(jsonResponse(404, { code: 'x' }))).body).toEqual({ code: 'x' });
    const calendar = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
    const feed: CoreResponse = {
      status: 200,
      headers: { 'Content-Type': 'text/calendar; charset=UTF-8', 'Content-Length': '31' },
      body: Buffer.from(calendar),
    };
    const wrapped = envelope(feed);
    expect(wrapped.status).toBe(200);
    expect(wrapped.headers['Content-Type']).toBe('application/json; charset=UTF-8');
    expect(read(wrapped)).toEqual({
      body: calendar,
      status: 200,
      headers: { 'Content-Type': 'text/calendar; charset=UTF-8' },
    });
  });

  it('bytes of another media type, or content-coded bytes, as base64; no body as null', () => {
    const bytes = Buffer.from([0, 255, 1, 254]);
    const binary = { status: 200, headers: { 'content-type': 'image/png' }, body: bytes };
    expect(read(envelope(binary)).body).toBe(bytes.toString('base64'));
    const coded = {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      body: bytes,
    };
    expect(read(envelope(coded)).body).toBe(bytes.toString('base64'));
    expect(read(envelope({ status: 304, headers: { ETag: '"a"' }, body: undefined }))).toEqual({
      body: null,
      status: 304,
      headers: { ETag: '"a"' },
    });
  });

  it('answers HEAD with the envelope’s headers and no body', () => {
    const request = { method: 'HEAD', url: '/events/1/ical?_envelope', mountPath: '', headers: {} };
    const answer = asRequested(undefined, request, { status: 200, headers: {}, body: undefined });
    expect(answer.status).toBe(200);
    expect(answer.headers['Content-Type']).toBe('application/json; charset=UTF-8');
    expect(answer.body).toBeUndefined();
  });
});
