import { type CalendarCore, negotiateCoding } from '@calendar-events/core';
import { describe, expect, it } from 'vitest';
import { API_REFERENCE_PATH, createApiReference, type StaticRequest } from './api-reference.js';

/** What the reference pages read of a core: its languages and where its API lives. */
const core = {
  config: { languages: ['en'], defaultLanguage: 'en' },
  namespacePath: () => '/wp-json/tribe/events/v1',
} as unknown as CalendarCore;

const reference = createApiReference(core);

function get(headers: StaticRequest['headers'] = {}) {
  const answer = reference.answer({ method: 'GET', url: API_REFERENCE_PATH, headers });
  if (!answer) throw new Error('the reference page is not answered');
  return answer;
}

describe('the API reference page negotiates as the API does', () => {
  it.each([
    'gzip',
    'gzip, deflate, br',
    'br',
    'identity',
    'gzip;q=0',
    'gzip;q=0, *',
    '*;q=0.5, gzip;q=0',
    '*',
    'x-gzip',
    'gzip;q=nonsense',
  ])('Accept-Encoding: %s gets gzip exactly when core would choose gzip among what it offers', (header) => {
    const gzipped = get({ 'accept-encoding': header }).headers['content-encoding'] === 'gzip';
    expect(gzipped).toBe(negotiateCoding(header, ['gzip']) === 'gzip');
  });

  it('sends no gzip to `gzip;q=0, *`, which refuses gzip by name', () => {
    expect(get({ 'accept-encoding': 'gzip;q=0, *' }).headers['content-encoding']).toBeUndefined();
  });

  it('answers 304 to a matching If-None-Match, weak or strong, and 200 to another tag', () => {
    const etag = get().headers.etag!;
    expect(get({ 'if-none-match': etag }).status).toBe(304);
    expect(get({ 'if-none-match': `"other", W/${etag}` }).status).toBe(304);
    expect(get({ 'if-none-match': '*' }).status).toBe(304);
    expect(get({ 'if-none-match': '"other"' }).status).toBe(200);
  });
});
