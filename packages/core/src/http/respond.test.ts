import { describe, expect, it } from 'vitest';
import { etagOf, finishGet } from './etag.js';
import { bodyToWrite, jsonResponse, withHeaders } from './respond.js';

describe('answers encode their body once', () => {
  const text = { title: 'Köln – Weihnachtsmarkt', note: '😀' };

  it('gives the length, the ETag and the bytes to write from the same UTF-8 encoding', () => {
    const response = jsonResponse(200, text);
    const expected = Buffer.from(JSON.stringify(text));
    expect(response.headers['Content-Length']).toBe(String(expected.length));
    expect(bodyToWrite(response)).toEqual(expected);
    // The hash of the bytes is the hash of the text: the same strong validator either way.
    expect(etagOf(expected)).toBe(etagOf(response.body!));
    expect(finishGet(response, undefined, false).headers.ETag).toBe(etagOf(response.body!));
  });

  it('keeps the bytes through a copy with other headers, and never for another body', () => {
    const response = jsonResponse(200, text);
    const copy = withHeaders(response, { ...response.headers, Vary: 'Origin' });
    expect(bodyToWrite(copy)).toEqual(Buffer.from(response.body!));
    expect(bodyToWrite({ ...response, body: '{}' })).toBe('{}');
    expect(bodyToWrite({ ...response, body: undefined })).toBeUndefined();
  });
});
