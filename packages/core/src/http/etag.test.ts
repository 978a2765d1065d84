import { describe, expect, it } from 'vitest';
import { etagListMatches, etagOf, finishGet } from './etag.js';
import { jsonResponse } from './respond.js';

describe('finishGet', () => {
  it('puts a strong ETag on a 200, and answers a matching If-None-Match with 304 and no body', () => {
    const etag = etagOf(JSON.stringify({ a: 1 }));
    const fresh = finishGet(jsonResponse(200, { a: 1 }), undefined, false);
    expect(fresh.headers.ETag).toBe(etag);
    const notModified = finishGet(jsonResponse(200, { a: 1 }), `"other", W/${etag}`, false);
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeUndefined();
    expect(notModified.headers['Content-Length']).toBeUndefined();
  });

  it('keeps the headers and drops the body for HEAD; leaves other statuses alone', () => {
    const head = finishGet(jsonResponse(200, { a: 1 }), undefined, true);
    expect(head.body).toBeUndefined();
    expect(head.headers.ETag).toBeDefined();
    const error = finishGet(jsonResponse(404, { code: 'x' }), '*', false);
    expect(error.status).toBe(404);
    expect(error.headers.ETag).toBeUndefined();
  });
});

describe('etagListMatches', () => {
  it('compares weakly for If-None-Match and strongly for If-Match', () => {
    expect(etagListMatches('W/"a"', '"a"', true)).toBe(true);
    expect(etagListMatches('W/"a"', '"a"', false)).toBe(false);
    expect(etagListMatches('"b", "a"', '"a"', false)).toBe(true);
    expect(etagListMatches('*', '"a"', false)).toBe(true);
  });
});
