import type { TecRecord, TecSnapshot } from '@calendar-events/core';
import { describe, expect, it } from 'vitest';
import { bar, importProgress } from './progress.js';
import { carriedSettings, clashLine, inferCurrency } from './report.js';

const event = (id: number, cost: string, symbol: string, values: string[]): TecRecord => ({
  id,
  cost,
  cost_details: { currency_symbol: symbol, currency_code: '', currency_position: '', values },
});

const snapshot = (events: TecRecord[]): TecSnapshot => ({
  apiRoot: 'https://example.org/wp-json/tribe/events/v1',
  events,
  venues: [],
  organizers: [],
  categories: [],
  tags: [],
  users: [],
});

describe('the settings to carry over', () => {
  it('reads the default currency symbol from costs entered without one', () => {
    expect(
      inferCurrency([
        event(1, '$10', '', ['10']),
        event(2, '$5 – $25', '', ['5', '25']),
        event(3, '20€', '€', ['20']),
        event(4, '', '', []),
      ]),
    ).toEqual({ symbol: '$', position: 'prefix' });
    expect(inferCurrency([event(1, '15 kr', '', ['15'])])).toEqual({ symbol: 'kr', position: 'postfix' });
    expect(inferCurrency([event(1, '', '', [])])).toBeUndefined();
  });

  it('suggests the serve options: site URL, zone (named or from a whole-hour offset), page size, currency', () => {
    const named = carriedSettings(
      {
        restRoot: 'https://example.org/wp-json/',
        namespaceUrl: 'https://example.org/wp-json/tribe/events/v1',
        defaultPerPage: 12,
        site: {
          name: 'Kultur Süd',
          home: 'https://example.org',
          timezoneString: 'Europe/Berlin',
          gmtOffset: 1,
        },
      },
      snapshot([event(1, '$10', '', ['10'])]),
    );
    // Plain arguments, for a program to pass on; the printed `serve` line quotes them for a shell.
    expect(named.serveOptions).toEqual([
      '--site-url',
      'https://example.org',
      '--site-name',
      'Kultur Süd',
      '--timezone',
      'Europe/Berlin',
      '--per-page',
      '12',
      '--currency-symbol',
      '$',
      '--namespace',
      'tribe/events/v1',
    ]);
    const offset = (gmtOffset: number) =>
      carriedSettings(
        { restRoot: 'x', namespaceUrl: 'x', site: { timezoneString: '', gmtOffset } },
        snapshot([]),
      );
    // The manual offsets WordPress offers, which the service takes as zones and answers as the plugin does.
    expect(offset(2).timezone).toBe('UTC+2');
    expect(offset(-5).timezone).toBe('UTC-5');
    expect(offset(0).timezone).toBe('UTC');
    expect(offset(5.5).timezone).toBe('UTC+5.5');
    expect(offset(-9.75).timezone).toBe('UTC-9.75');
  });
});

describe('the progress output', () => {
  it('draws a bar with counts and rate on a terminal, in place', () => {
    let text = '';
    let clock = 0;
    const progress = importProgress({ stderr: (chunk) => (text += chunk), stderrIsTTY: true }, () => clock);
    progress.read({ list: 'events', read: 0, total: 100, resumed: false });
    clock = 50;
    // Within a tenth of a second of the last: not drawn.
    progress.read({ list: 'events', read: 10, total: 100, resumed: false });
    clock = 2000;
    progress.read({ list: 'events', read: 50, total: 100, resumed: false });
    progress.done();
    expect(text).toBe(
      `\r\x1b[2Kreading events 0/100 ${bar(0, 100)}\r\x1b[2Kreading events 50/100 ${bar(50, 100)} · 25/s\n`,
    );
    expect(bar(50, 100, 4)).toBe('▕██░░▏');
  });

  it('prints plain lines at every tenth elsewhere', () => {
    const lines: string[] = [];
    const progress = importProgress({ stderr: (chunk) => lines.push(chunk) }, () => 0);
    for (let done = 0; done <= 100; done += 5) progress.wrote({ kind: 'event', done, total: 100 });
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe('writing events 0/100\n');
    expect(lines.at(-1)).toBe('writing events 100/100\n');
  });
});

describe('the line of a refused import', () => {
  it('says what undoes each kind of clash', () => {
    const id = { kind: 'event' as const, id: 7, holder: 'event 7 "A"', taken: 'id' as const };
    const slug = { kind: 'tag' as const, id: 3, holder: 'tag 9 holds the slug "b"', taken: 'slug' as const };
    expect(clashLine([id], false)).toBe(
      '1 record of the source clashes with records here: nothing written; --remap-ids gives clashing ids new ones',
    );
    expect(clashLine([id, slug, slug], true)).toBe(
      '3 records of the source clash with records here: nothing written; 2 slugs are taken here: rename or remove those records here first',
    );
  });
});
