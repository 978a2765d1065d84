import { describe, expect, it } from 'vitest';
import { isoInstantToUtc } from './iso-instant.js';

describe('isoInstantToUtc', () => {
  it('reads an offset as it says, and a wall time without one in the zone', () => {
    expect(isoInstantToUtc('2026-12-10T19:00:00+01:00', 'America/New_York')).toBe('2026-12-10 18:00:00');
    expect(isoInstantToUtc('2026-12-10T18:00:00Z', 'Europe/Berlin')).toBe('2026-12-10 18:00:00');
    expect(isoInstantToUtc('2026-12-10T19:00:00', 'Europe/Berlin')).toBe('2026-12-10 18:00:00');
    expect(isoInstantToUtc('2026-07-10T19:00', 'Europe/Berlin')).toBe('2026-07-10 17:00:00');
    expect(isoInstantToUtc('2026-12-10', 'America/New_York')).toBe('2026-12-10 05:00:00');
    expect(isoInstantToUtc('2026-12-10 19:00:00.250+0530', 'UTC')).toBe('2026-12-10 13:30:00');
  });

  it('refuses other forms, dates that do not exist and years the columns do not hold', () => {
    for (const input of [
      'tomorrow',
      '2026-02-30',
      '2026-13-01',
      '2026-12-10T25:00:00',
      '12/10/2026',
      '',
      '0000-01-01',
    ])
      expect(isoInstantToUtc(input, 'UTC'), input).toBeNull();
  });
});
