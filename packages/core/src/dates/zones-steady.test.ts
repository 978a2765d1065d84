/**
 * localToUtc converts a wall time far from an offset change from the zone's offsets alone (the fast path a
 * series of hundreds of occurrences takes); near a change, luxon's DateTime decides. Both must give what luxon
 * alone gives: gap times forward by the gap, overlap times at their first reading.
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { localToUtc } from './zones.js';

const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'Australia/Sydney',
  'Asia/Kolkata',
  'Pacific/Auckland',
  'America/Santiago',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'UTC+5:30',
  'UTC-3',
];

/**
 * Hours between the times read all year round (the times around each change are read every quarter hour
 * regardless): every 97 hours in a test run, every 13 with `LONG_TESTS=1`, as before a release.
 */
const YEAR_ROUND_STEP_HOURS = process.env.LONG_TESTS ? 13 : 97;

function luxonAnswer(local: DateTime, zone: string): string | undefined {
  const dt = DateTime.fromObject(
    { year: local.year, month: local.month, day: local.day, hour: local.hour, minute: local.minute },
    { zone },
  );
  if (!dt.isValid) return undefined;
  const first = dt.getPossibleOffsets().reduce((a, b) => (b.toMillis() < a.toMillis() ? b : a));
  return first.toUTC().toFormat('yyyy-MM-dd HH:mm:ss');
}

describe('localToUtc', () => {
  it('agrees with luxon over two years in ten zones, densely around every offset change', () => {
    let checked = 0;
    const differences: string[] = [];
    const start = DateTime.fromObject({ year: 2026, month: 1, day: 1 }, { zone: 'UTC' });
    for (const zone of ZONES) {
      const times: DateTime[] = [];
      for (let hours = 0; hours < 2 * 8760; hours += YEAR_ROUND_STEP_HOURS)
        times.push(start.plus({ hours, minutes: 30 * (hours % 2) }));
      // Every quarter hour within six hours of each change of the zone's offset.
      for (let day = 0; day < 730; day++) {
        const noon = start.plus({ days: day, hours: 12 }).setZone(zone);
        const nextNoon = noon.plus({ days: 1 });
        if (noon.offset === nextNoon.offset) continue;
        for (let quarter = -24; quarter <= 24 * 4 + 24; quarter++)
          times.push(start.plus({ days: day, minutes: 15 * quarter }));
      }
      for (const local of times) {
        const expected = luxonAnswer(local, zone);
        if (expected === undefined) continue;
        checked++;
        const got = localToUtc(local.toFormat('yyyy-MM-dd HH:mm:ss'), zone);
        if (got !== expected)
          differences.push(`${zone} ${local.toFormat('yyyy-MM-dd HH:mm')}: ${got} ≠ ${expected}`);
      }
    }
    expect(differences).toEqual([]);
    expect(checked).toBeGreaterThan(process.env.LONG_TESTS ? 10_000 : 4_000);
  });
});
