/** Reading the plugin's JSON (source.ts): the parts the answers tests do not reach. */
import { describe, expect, it } from 'vitest';
import { readEvent, sourceKey, UnreadableRecord } from './source.js';
import { recordedSnapshot } from './testdata/snapshot.js';

// biome-ignore lint/suspicious/noExplicitAny: recorded answers are plain JSON of any shape
type Json = any;

describe('sourceKey', () => {
  it('is the same for the pretty and the plain address of an API, whatever the scheme', () => {
    const keys = [
      'https://example.org/wp-json/tribe/events/v1',
      'http://Example.org/wp-json/tribe/events/v1/',
      'https://example.org/?rest_route=/tribe/events/v1',
      'https://example.org/index.php?rest_route=/tribe/events/v1/',
    ].map(sourceKey);
    expect(new Set(keys)).toEqual(new Set(['example.org/wp-json/tribe/events/v1']));
    expect(sourceKey('https://example.org/blog/wp-json/tribe/events/v1')).toBe(
      'example.org/blog/wp-json/tribe/events/v1',
    );
    expect(() => sourceKey('example.org')).toThrow('The source\'s API root is not a URL: "example.org"');
  });
});

describe('readEvent', () => {
  const recorded = recordedSnapshot().events;
  const byId = (id: number): Json => structuredClone(recorded.find((e) => e.id === id)!);

  it('reads the cost items back from the text, as written, with the event’s own currency parts', () => {
    expect(readEvent(byId(148), 'UTC')).toMatchObject({
      cost: '["5","25"]',
      currency_symbol: '',
      currency_position: '',
    });
    const written = {
      ...byId(148),
      cost: '$10,20',
      cost_details: { ...byId(148).cost_details, values: ['10.20'] },
    };
    expect(readEvent(written, 'UTC').cost).toBe('["10,20"]');
    // A text the values do not agree with: the values are the items, and the answer is kept as it was.
    const odd = {
      ...byId(148),
      cost: 'Donation',
      cost_details: { ...byId(148).cost_details, values: ['7'] },
    };
    expect(JSON.parse(readEvent(odd, 'UTC').cost)).toEqual({
      items: ['7'],
      answered: { cost: 'Donation', values: ['7'] },
    });
  });

  it('stores no website where the plugin answers the permalink in its place', () => {
    expect(readEvent(byId(145), 'UTC').website).toBeNull();
    expect(readEvent({ ...byId(145), website: '' }, 'UTC').website).toBe('');
  });

  it('dates an undated draft from its site-zone dates', () => {
    const draft = readEvent(byId(11), 'Europe/Berlin');
    expect([draft.date_utc, draft.modified_utc]).toEqual(['2026-11-25 15:36:56', '2026-11-25 15:36:56']);
  });

  it('stores no markup in plain-text fields and no link that is not http(s), as from any client', () => {
    const event = readEvent(
      {
        ...byId(145),
        title: 'Rock <script>alert(1)</script>&#8217;n roll',
        website: 'javascript:alert(1)',
        image: { url: 'javascript:alert(1)', id: 3 },
        cost_details: { ...byId(145).cost_details, currency_symbol: '<b>€</b>', values: ['<i>5</i>'] },
      },
      'UTC',
    );
    expect(event).toMatchObject({ website: '', image: null, currency_symbol: '€', cost: '[]' });
    expect(event.title).not.toMatch(/[<>]/);
    // Entities the plugin answers stay as they were where there is no markup.
    expect(readEvent({ ...byId(145), title: 'Rock &#8217;n roll' }, 'UTC').title).toBe('Rock &#8217;n roll');
  });

  it('refuses a record it cannot store, saying why', () => {
    expect(() => readEvent({ ...byId(145), timezone: 'Mars/Olympus' }, 'UTC')).toThrow(UnreadableRecord);
    expect(() => readEvent({ ...byId(146), utc_end_date: '2026-01-01 00:00:00' }, 'UTC')).toThrow(
      'utc_end_date is before utc_start_date',
    );
    expect(() => readEvent({ ...byId(145), date: '', date_utc: '' }, 'UTC')).toThrow(
      'neither date nor date_utc is a date',
    );
  });
});
