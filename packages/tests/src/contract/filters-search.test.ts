/**
 * `search` on every list, as the trigram indexes serve it (SPEC §9, §12; ref §6.2, §6.5, §5.8): WordPress's
 * term parsing for events (stopwords, single letters, the whole text as the term), searches of blanks, the
 * request language with fallback, and fragments too short for the index.
 */
import { beforeEach, expect, it } from 'vitest';
import { describeContract, type TestResponse, type TestService } from '../index.js';

const NOW = '2026-03-10T12:00:00Z';
const DE = '/de/calendar/events/v1';

const field = (res: TestResponse, key: string, name: string): string[] => {
  expect(res.status, res.text).toBe(200);
  return res.json[key].map((item: Record<string, string>) => item[name]);
};

function helpers(service: () => TestService) {
  let day = 0;
  const post = async (path: string, json: Record<string, unknown>) => {
    const res = await service().request('POST', path, { json, as: 'admin' });
    expect(res.status, res.text).toBe(201);
    return res.json;
  };
  const event = (title: string, extra: Record<string, unknown> = {}) => {
    day += 1;
    const date = `2026-04-${String(day).padStart(2, '0')}`;
    return post('/events', { title, start_date: `${date} 10:00:00`, end_date: `${date} 11:00:00`, ...extra });
  };
  const list = (path: string, query: Record<string, unknown>) =>
    service().request('GET', path, { query: { per_page: 50, ...query } });
  const resetDays = () => {
    day = 0;
  };
  return { post, event, list, resetDays };
}

describeContract('search on every list', (service) => {
  const { post, event, list, resetDays } = helpers(service);

  beforeEach(async () => {
    await service().reset();
    service().setNow(NOW);
    resetDays();
  });

  const titles = async (query: Record<string, unknown>, path = '/events') =>
    field(await list(path, query), 'events', 'title');

  it('events: WordPress drops stopwords and single letters, and searches the whole text when nothing remains', async () => {
    await event('The Art of Jazz', { description: 'An evening at the club' });
    await event('Jazz for a cause');
    await event('Art fair');
    // "the" and "of" are stopwords, "a" a single letter: only "art" and "jazz" must appear.
    expect(await titles({ search: 'the art of jazz' })).toEqual(['The Art of Jazz']);
    expect(await titles({ search: 'jazz a' })).toEqual(['The Art of Jazz', 'Jazz for a cause']);
    // Only stopwords: the whole text is the term.
    expect(await titles({ search: 'for a' })).toEqual(['Jazz for a cause']);
    expect(await titles({ search: 'the' })).toEqual(['The Art of Jazz']);
    // A quoted phrase keeps its stopwords.
    expect(await titles({ search: '"art of jazz"' })).toEqual(['The Art of Jazz']);
    expect(await titles({ search: '"art fair" -jazz' })).toEqual(['Art fair']);
  });

  it('events: more than nine terms are searched as one text', async () => {
    await event('one two three four five six seven eight nine ten');
    await event('ten nine eight seven six five four three two one');
    expect(await titles({ search: 'one two three four five six seven eight nine' })).toEqual([
      'one two three four five six seven eight nine ten',
      'ten nine eight seven six five four three two one',
    ]);
    expect(await titles({ search: 'one two three four five six seven eight nine ten' })).toEqual([
      'one two three four five six seven eight nine ten',
    ]);
  });

  it('a search of blanks is no 400 and filters nothing; "" stays a 400', async () => {
    await event('Jazz Night');
    await event('Rock Night');
    await post('/venues', { venue: 'Town Hall' });
    await post('/organizers', { organizer: 'City Choir' });
    await post('/tags', { name: 'Outdoor' });
    const events = await list('/events', { search: ' ' });
    expect(field(events, 'events', 'title')).toEqual(['Jazz Night', 'Rock Night']);
    // Treated as absent: not echoed in rest_url either.
    expect(new URL(events.json.rest_url).searchParams.has('search')).toBe(false);
    expect(field(await list('/events', { search: '  \t ' }), 'events', 'title')).toHaveLength(2);
    expect(field(await list('/venues', { search: ' ' }), 'venues', 'venue')).toEqual(['Town Hall']);
    expect(field(await list('/organizers', { search: ' ' }), 'organizers', 'organizer')).toEqual([
      'City Choir',
    ]);
    expect(field(await list('/tags', { search: ' ', hide_empty: false }), 'tags', 'name')).toEqual([
      'Outdoor',
    ]);
    for (const path of ['/events', '/venues', '/organizers', '/tags', '/categories']) {
      const empty = await list(path, { search: '' });
      expect(empty.status, path).toBe(400);
      expect(empty.json.code, path).toBe('rest_invalid_param');
    }
  });

  it('venues and organizers: fragments of every length, in the request language with fallback', async () => {
    const hall = await post('/venues', {
      venue: 'Town Hall',
      description: 'By the river',
      city: 'Ulm',
      zip: '89073',
    });
    await service().request('POST', `/venues/${hall.id}`, {
      json: { venue: 'Rathaus', multilang_language: 'de' },
      as: 'admin',
    });
    await post('/venues', { venue: 'Opera House', city: 'Oslo', phone: '+47 22 12' });
    const names = async (query: Record<string, unknown>, path = '/venues') =>
      field(await list(path, query), 'venues', 'venue');
    expect(await names({ search: 'town' })).toEqual(['Town Hall']);
    expect(await names({ search: 'rathaus' })).toEqual([]);
    expect(await names({ search: 'rathaus' }, `${DE}/venues`)).toEqual(['Rathaus']);
    // The German record has no German description: the English one is searched (field fallback).
    expect(await names({ search: 'river' }, `${DE}/venues`)).toEqual(['Rathaus']);
    expect(await names({ search: 'town' }, `${DE}/venues`)).toEqual([]);
    // Short fragments, which no trigram index holds, alone and beside long ones.
    expect(await names({ search: 'ul' })).toEqual(['Town Hall']);
    expect(await names({ search: '22 12' })).toEqual(['Opera House']);
    // "opera" finds a candidate through the index, but no one field holds both fragments (ref §6.5).
    expect(await names({ search: '12 opera' })).toEqual([]);
    // Every fragment in one field: "ulm" is the city, "89073" the zip.
    expect(await names({ search: 'ulm 89073' })).toEqual([]);
    // Changes reach the index.
    await service().request('POST', `/venues/${hall.id}`, { json: { city: 'Neu-Ulm' }, as: 'admin' });
    expect(await names({ search: 'neu-ulm' })).toEqual(['Town Hall']);
    // A record deleted for good leaves the index with it.
    await service().request('DELETE', `/venues/${hall.id}`, { as: 'admin' });
    await service().request('DELETE', `/venues/${hall.id}`, { query: { force: true }, as: 'admin' });
    expect(await names({ search: 'neu-ulm' })).toEqual([]);
    await post('/venues', { venue: 'New Hall', city: 'Neu-Ulm' });
    expect(await names({ search: 'neu-ulm' })).toEqual(['New Hall']);
  });

  it('categories and tags: name or slug contains the text, in the request language with fallback', async () => {
    const classical = await post('/tags', { name: 'Classical', slug: 'klassik-und-mehr' });
    await service().request('POST', `/tags/${classical.id}`, {
      json: { name: 'Klassische Musik', multilang_language: 'de' },
      as: 'admin',
    });
    await post('/tags', { name: 'Jazz' });
    const names = async (query: Record<string, unknown>, path = '/tags') =>
      field(await list(path, { hide_empty: false, ...query }), 'tags', 'name');
    expect(await names({ search: 'class' })).toEqual(['Classical']);
    expect(await names({ search: 'musik' })).toEqual([]);
    expect(await names({ search: 'musik' }, `${DE}/tags`)).toEqual(['Klassische Musik']);
    expect(await names({ search: 'class' }, `${DE}/tags`)).toEqual([]);
    // The slug is shared by every language.
    expect(await names({ search: 'und-mehr' })).toEqual(['Classical']);
    expect(await names({ search: 'und-mehr' }, `${DE}/tags`)).toEqual(['Klassische Musik']);
    // Under three characters: no index, same answer.
    expect(await names({ search: 'ja' })).toEqual(['Jazz']);
    // A renamed slug reaches the index.
    await service().request('POST', `/tags/${classical.id}`, { json: { slug: 'baroque' }, as: 'admin' });
    expect(await names({ search: 'und-mehr' })).toEqual([]);
    expect(await names({ search: 'baroq' })).toEqual(['Classical']);
  });
});
