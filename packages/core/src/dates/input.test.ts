import { describe, expect, it } from 'vitest';
import { parseTimeInput } from './input.js';

const options = { now: new Date('2026-03-10T14:30:00Z'), timezone: 'America/New_York' };

describe('parseTimeInput', () => {
  it('reads every bare integer as a unix timestamp, as the plugin reads numeric dates', () => {
    // PHP's strtotime() would read these digits as a time of day or a nonsense date.
    expect(parseTimeInput('1609459200', options)).toMatchObject({
      unix: 1609459200,
      local: '2020-12-31 19:00:00',
      written: '2021-01-01 00:00:00',
    });
    expect(parseTimeInput('1234567890', options)?.unix).toBe(1234567890);
    expect(parseTimeInput('2018', options)?.unix).toBe(2018);
    expect(parseTimeInput(' 1700000000 ', options)?.unix).toBe(1700000000);
    expect(parseTimeInput('0', options)?.written).toBe('1970-01-01 00:00:00');
  });

  it('refuses results that no stored date can hold', () => {
    expect(parseTimeInput('-99999999999', options)).toBeNull();
    expect(parseTimeInput('99999999999999', options)).toBeNull();
    expect(parseTimeInput('+10000 years', options)).toBeNull();
  });

  it('leaves everything else to strtotime()', () => {
    expect(parseTimeInput('tomorrow 9am', options)?.local).toBe('2026-03-11 09:00:00');
    expect(parseTimeInput('@1514764800', options)?.written).toBe('2018-01-01 00:00:00');
    expect(parseTimeInput('foo', options)).toBeNull();
  });
});
