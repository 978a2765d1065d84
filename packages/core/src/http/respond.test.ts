import { describe, expect, it } from 'vitest';
import { etagOf, finishGet } from './etag.js';
import { jsonResponse, textOf, withHeaders } from './respond.js';

describe('answers encode their body once', () => {
  const text = { title: 'Köln – Weihnachtsmarkt', note: '😀' };

  it('holds the UTF-8 bytes that give the length and the ETag, and the text they encode', () => {
    const response = jsonResponse(200, text);
    const expected = Buffer.from(JSON.stringify(text));
    expect(response.headers['Content-Length']).toBe(String(expected.length));
    expect(response.body).toEqual(expected);
    expect(textOf(response)).toBe(JSON.stringify(text));
    // The hash of the bytes is the hash of the text: the same strong validator either way.
    expect(etagOf(expected)).toBe(etagOf(JSON.stringify(text)));
    expect(finishGet(response, undefined, false).headers.ETag).toBe(etagOf(expected));
  });

  it('keeps the bytes through a copy with other headers; textOf reads any body', () => {
    const response = jsonResponse(200, text);
    const copy = withHeaders(response, { ...response.headers, Vary: 'Origin' });
    expect(copy.body).toBe(response.body);
    expect(textOf({ ...response, body: '{}' })).toBe('{}');
    expect(textOf({ ...response, body: undefined })).toBeUndefined();
    expect(textOf({ ...response, body: new Uint8Array([123, 125]) })).toBe('{}');
  });
});
