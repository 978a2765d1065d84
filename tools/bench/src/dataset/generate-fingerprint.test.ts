import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CalendarGenerator } from './generate.js';

/**
 * The generated calendar for a fixed size, moment and series share, as a hash of every row and the facts:
 * the figures of tools/bench/RESULTS.md were measured on this data, so a change of the generator's code must
 * not change a byte of it (a change of the data is a change of this hash, on purpose).
 */
function fingerprint(seriesShare: number): string {
  const generator = new CalendarGenerator({
    events: 3000,
    now: new Date('2026-05-01T10:00:00Z'),
    administratorId: 1,
    authorIds: [2, 3, 4],
    seriesShare,
  });
  const hash = createHash('sha256');
  hash.update(JSON.stringify(generator.referenceRows()));
  while (generator.remainingEvents > 0) hash.update(JSON.stringify(generator.nextEvents(700)));
  hash.update(JSON.stringify(generator.recurrenceRows()));
  hash.update(JSON.stringify(generator.facts()));
  return hash.digest('hex');
}

describe('the generated calendar', () => {
  it('is byte for byte the data the figures were measured on', () => {
    expect(fingerprint(0)).toBe('2b1b89e063819fa8508e215cf4e75abb1ab7331777f550844e3015c0fd2ec30c');
    expect(fingerprint(0.2)).toBe('30f5cf06f3f9d0f16a29da563c92fde85b56c00f51b25434d6d00520bc228fb8');
  });
});
