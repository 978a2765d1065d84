import { describe, expect, it } from 'vitest';
import { feedQuery, feedUrl, languageOf, parseFeed, safeLink, venueName, viewOf } from './options.js';

const BASE = 'https://page.example/calendar/';

describe('the element options', () => {
  it('finds the widget feed under the API root, with or without a trailing slash, relative to the page', () => {
    expect(feedUrl('https://api.example/calendar/events/v1', BASE).href).toBe(
      'https://api.example/calendar/events/v1/events/calendar',
    );
    expect(feedUrl('https://api.example/de/calendar/events/v1/', BASE).href).toBe(
      'https://api.example/de/calendar/events/v1/events/calendar',
    );
    expect(feedUrl('/calendar/events/v1', BASE).href).toBe(
      'https://page.example/calendar/events/v1/events/calendar',
    );
  });

  it('reads the view and the language, falling back to month and English', () => {
    expect(viewOf('list')).toBe('list');
    expect(viewOf('week')).toBe('week');
    expect(viewOf('year')).toBe('month');
    expect(viewOf(null)).toBe('month');
    expect(languageOf('de')).toBe('de');
    expect(languageOf('de-AT')).toBe('de');
    expect(languageOf('fr')).toBe('en');
    expect(languageOf(null)).toBe('en');
  });

  it('turns feed items into calendar events with their link and venue name', () => {
    const [event] = parseFeed(
      [
        {
          id: 12,
          title: 'Jazz night',
          start: '2026-11-03T20:00:00+01:00',
          end: '2026-11-03T23:00:00+01:00',
          allDay: false,
          url: 'https://api.example/event/jazz-night/',
          groupId: 10,
          extendedProps: { venue: { venue: 'Blue Hall' }, excerpt: 'Music', cost: '€15' },
        },
      ],
      BASE,
    );
    expect(event).toEqual({
      id: '12',
      title: 'Jazz night',
      start: '2026-11-03T20:00:00+01:00',
      end: '2026-11-03T23:00:00+01:00',
      allDay: false,
      extendedProps: {
        venue: 'Blue Hall',
        excerpt: 'Music',
        cost: '€15',
        url: 'https://api.example/event/jazz-night/',
      },
    });
    expect(() => parseFeed({ code: 'rest_no_route' }, BASE)).toThrow('array');
  });

  it('keeps only http(s) links and names venues given either way', () => {
    expect(safeLink('javascript:alert(1)', BASE)).toBeUndefined();
    expect(safeLink('data:text/html,x', BASE)).toBeUndefined();
    expect(safeLink('/event/a/', BASE)).toBe('https://page.example/event/a/');
    expect(safeLink(undefined, BASE)).toBeUndefined();
    expect(venueName('Hall')).toBe('Hall');
    expect(venueName({ name: 'Hall B' })).toBe('Hall B');
    expect(venueName([] as never)).toBeUndefined();
    expect(venueName(null)).toBeUndefined();
  });

  it('asks the feed for the range in the time zone given', () => {
    expect(
      feedQuery(
        { startStr: '2026-10-26T00:00:00', endStr: '2026-12-07T00:00:00' },
        'Europe/Berlin',
      ).toString(),
    ).toBe('start=2026-10-26T00%3A00%3A00&end=2026-12-07T00%3A00%3A00&timeZone=Europe%2FBerlin');
  });
});
