import { describe, expect, it } from 'vitest';
import { UNIQUE_TOKEN } from './load/load.js';
import { askedAtNewUrls, EVENTS_PATH } from './scenarios.js';

describe('askedAtNewUrls', () => {
  it('gives every path of a GET a parameter of its own per request, after a query or alone', () => {
    const request = askedAtNewUrls({
      method: 'GET',
      paths: [EVENTS_PATH, `${EVENTS_PATH}?search=jazz`],
      expectedStatus: 200,
    });
    expect(request.paths).toEqual([
      `${EVENTS_PATH}?_bench=${UNIQUE_TOKEN}`,
      `${EVENTS_PATH}?search=jazz&_bench=${UNIQUE_TOKEN}`,
    ]);
  });

  it('leaves the conditional GET and creation as they are', () => {
    const conditional = {
      method: 'GET' as const,
      paths: [EVENTS_PATH],
      headers: { 'if-none-match': '"v1"' },
      expectedStatus: 304,
    };
    const create = { method: 'POST' as const, paths: [EVENTS_PATH], body: '{}', expectedStatus: 201 };
    expect(askedAtNewUrls(conditional)).toBe(conditional);
    expect(askedAtNewUrls(create)).toBe(create);
  });
});
