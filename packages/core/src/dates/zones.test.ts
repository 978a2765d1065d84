import { describe, expect, it } from 'vitest';
import * as publicApi from '../index.js';
import {
  DATE_FORMAT,
  dateDetails,
  endOfDay,
  isValidTimezone,
  localToUnix,
  localToUtc,
  normalizeTimezone,
  startOfDay,
  toIsoWithOffset,
  unixToLocal,
  utcToLocal,
  zoneAbbreviation,
} from './zones.js';

describe('isValidTimezone', () => {
  it('accepts IANA names, UTC and WordPress manual offsets', () => {
    for (const zone of ['Europe/Berlin', 'europe/berlin', 'America/New_York', 'UTC', 'utc', 'Japan']) {
      expect(isValidTimezone(zone), zone).toBe(true);
    }
    for (const zone of ['UTC+5', 'UTC-3:30', 'UTC+05:30', 'UTC+5.5', 'UTC-12', 'UTC+14']) {
      expect(isValidTimezone(zone), zone).toBe(true);
    }
  });

  it('rejects anything else', () => {
    // AET is an old Java ID that Intl accepts but PHP does not.
    for (const zone of ['', 'Mars/Olympus_Mons', 'UTC+15', 'UTC+5:60', '+05:00', 'AET', 'Europe/', 'EST 5']) {
      expect(isValidTimezone(zone), zone).toBe(false);
    }
  });
});

describe('normalizeTimezone', () => {
  it('gives the spelling to store', () => {
    expect(normalizeTimezone('utc')).toBe('UTC');
    expect(normalizeTimezone('Etc/UTC')).toBe('UTC');
    expect(normalizeTimezone('europe/berlin')).toBe('Europe/Berlin');
    expect(normalizeTimezone('America/New_York')).toBe('America/New_York');
    expect(normalizeTimezone('UTC+5')).toBe('UTC+5');
    expect(normalizeTimezone('utc-3:30')).toBe('UTC-3:30');
    expect(normalizeTimezone('UTC+05:30')).toBe('UTC+5:30');
    expect(normalizeTimezone('UTC+5.75')).toBe('UTC+5:45');
    expect(normalizeTimezone('UTC+0')).toBe('UTC');
  });

  it('throws on an invalid zone', () => {
    expect(() => normalizeTimezone('Mars/Olympus_Mons')).toThrow(RangeError);
  });

  it('is exported under the deprecated spelling normaliseTimezone too', () => {
    expect(publicApi.normaliseTimezone).toBe(publicApi.normalizeTimezone);
  });
});

describe('localToUtc and utcToLocal', () => {
  it('convert ordinary times both ways', () => {
    expect(localToUtc('2018-01-01 16:00:00', 'Asia/Hong_Kong')).toBe('2018-01-01 08:00:00');
    expect(utcToLocal('2018-01-01 08:00:00', 'Asia/Hong_Kong')).toBe('2018-01-01 16:00:00');
    expect(localToUtc('2018-07-01 12:00:00', 'America/New_York')).toBe('2018-07-01 16:00:00');
    expect(localToUtc('2018-01-01 12:00:00', 'America/New_York')).toBe('2018-01-01 17:00:00');
  });

  it('move a time in the spring-forward gap forward by the gap, like PHP', () => {
    // New York skips 02:00-03:00 on 2026-03-08; 02:30 is read as 03:30 EDT.
    expect(localToUtc('2026-03-08 02:30:00', 'America/New_York')).toBe('2026-03-08 07:30:00');
    expect(utcToLocal('2026-03-08 07:30:00', 'America/New_York')).toBe('2026-03-08 03:30:00');
    // Berlin skips 02:00-03:00 on 2026-03-29; 02:30 is read as 03:30 CEST.
    expect(localToUtc('2026-03-29 02:30:00', 'Europe/Berlin')).toBe('2026-03-29 01:30:00');
    expect(utcToLocal('2026-03-29 01:30:00', 'Europe/Berlin')).toBe('2026-03-29 03:30:00');
  });

  it('take the first occurrence of a time repeated in the autumn overlap', () => {
    // New York repeats 01:00-02:00 on 2026-11-01: first EDT (05:30 UTC), then EST (06:30 UTC).
    expect(localToUtc('2026-11-01 01:30:00', 'America/New_York')).toBe('2026-11-01 05:30:00');
    expect(utcToLocal('2026-11-01 05:30:00', 'America/New_York')).toBe('2026-11-01 01:30:00');
    expect(utcToLocal('2026-11-01 06:30:00', 'America/New_York')).toBe('2026-11-01 01:30:00');
    // Berlin repeats 02:00-03:00 on 2026-10-25: first CEST (00:30 UTC), then CET (01:30 UTC).
    expect(localToUtc('2026-10-25 02:30:00', 'Europe/Berlin')).toBe('2026-10-25 00:30:00');
    expect(utcToLocal('2026-10-25 00:30:00', 'Europe/Berlin')).toBe('2026-10-25 02:30:00');
    expect(utcToLocal('2026-10-25 01:30:00', 'Europe/Berlin')).toBe('2026-10-25 02:30:00');
  });

  it('handle the hours on either side of a transition', () => {
    expect(localToUtc('2026-03-29 01:59:59', 'Europe/Berlin')).toBe('2026-03-29 00:59:59');
    expect(localToUtc('2026-03-29 03:00:00', 'Europe/Berlin')).toBe('2026-03-29 01:00:00');
    expect(localToUtc('2026-10-25 01:59:59', 'Europe/Berlin')).toBe('2026-10-24 23:59:59');
    expect(localToUtc('2026-10-25 03:00:00', 'Europe/Berlin')).toBe('2026-10-25 02:00:00');
  });

  it('work with manual offsets', () => {
    expect(localToUtc('2018-01-01 10:00:00', 'UTC+5')).toBe('2018-01-01 05:00:00');
    expect(localToUtc('2018-01-01 10:00:00', 'UTC-3:30')).toBe('2018-01-01 13:30:00');
    expect(utcToLocal('2018-01-01 10:00:00', 'UTC+05:30')).toBe('2018-01-01 15:30:00');
  });

  it('reject malformed input', () => {
    expect(() => localToUtc('2018-02-30 10:00:00', 'UTC')).toThrow(RangeError);
    expect(() => localToUtc('tomorrow', 'UTC')).toThrow(RangeError);
    expect(() => localToUtc('2018-01-01 10:00:00', 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('unixToLocal and localToUnix', () => {
  it('convert unix seconds', () => {
    expect(unixToLocal(1514764800, 'UTC')).toBe('2018-01-01 00:00:00');
    expect(unixToLocal(1514764800, 'America/New_York')).toBe('2017-12-31 19:00:00');
    expect(localToUnix('2017-12-31 19:00:00', 'America/New_York')).toBe(1514764800);
    expect(localToUnix('2026-10-25 02:30:00', 'Europe/Berlin')).toBe(Date.UTC(2026, 9, 25, 0, 30) / 1000);
  });
});

describe('zoneAbbreviation', () => {
  it('names US zones through Intl', () => {
    expect(zoneAbbreviation('America/New_York', '2026-01-15 12:00:00')).toBe('EST');
    expect(zoneAbbreviation('America/New_York', '2026-07-15 12:00:00')).toBe('EDT');
    // The switch happens at 07:00 UTC on 2026-03-08.
    expect(zoneAbbreviation('America/New_York', '2026-03-08 06:59:59')).toBe('EST');
    expect(zoneAbbreviation('America/New_York', '2026-03-08 07:00:00')).toBe('EDT');
    expect(zoneAbbreviation('America/Los_Angeles', '2026-07-15 12:00:00')).toBe('PDT');
  });

  it('names European and Australian zones from the table', () => {
    expect(zoneAbbreviation('Europe/Berlin', '2026-01-15 12:00:00')).toBe('CET');
    expect(zoneAbbreviation('Europe/Berlin', '2026-07-15 12:00:00')).toBe('CEST');
    expect(zoneAbbreviation('Europe/London', '2026-01-15 12:00:00')).toBe('GMT');
    expect(zoneAbbreviation('Europe/London', '2026-07-15 12:00:00')).toBe('BST');
    expect(zoneAbbreviation('Europe/Helsinki', '2026-07-15 12:00:00')).toBe('EEST');
    expect(zoneAbbreviation('Europe/Lisbon', '2026-01-15 12:00:00')).toBe('WET');
    expect(zoneAbbreviation('Australia/Sydney', '2026-01-15 12:00:00')).toBe('AEDT');
    expect(zoneAbbreviation('Australia/Sydney', '2026-07-15 12:00:00')).toBe('AEST');
    expect(zoneAbbreviation('Australia/Darwin', '2026-07-15 12:00:00')).toBe('ACST');
    expect(zoneAbbreviation('europe/berlin', '2026-07-15 12:00:00')).toBe('CEST');
  });

  it('gives UTC, manual offsets, and luxon short names for the rest', () => {
    expect(zoneAbbreviation('UTC', '2026-07-15 12:00:00')).toBe('UTC');
    expect(zoneAbbreviation('UTC+5', '2026-07-15 12:00:00')).toBe('UTC+5');
    expect(zoneAbbreviation('UTC+05:30', '2026-07-15 12:00:00')).toBe('UTC+5:30');
    expect(zoneAbbreviation('America/Sao_Paulo', '2026-07-15 12:00:00')).toBe('GMT-3');
  });
});

describe('toIsoWithOffset', () => {
  it('writes ISO 8601 with the offset in force', () => {
    expect(toIsoWithOffset('2018-01-01 16:00:00', 'Asia/Hong_Kong')).toBe('2018-01-01T16:00:00+08:00');
    expect(toIsoWithOffset('2018-07-01 16:00:00', 'America/New_York')).toBe('2018-07-01T16:00:00-04:00');
    expect(toIsoWithOffset('2018-01-01 16:00:00', 'UTC')).toBe('2018-01-01T16:00:00+00:00');
    expect(toIsoWithOffset('2018-01-01 16:00:00', 'UTC-3:30')).toBe('2018-01-01T16:00:00-03:30');
  });
});

describe('dateDetails, startOfDay and endOfDay', () => {
  it('split a date without converting it', () => {
    expect(dateDetails('2018-01-05 09:03:07')).toEqual({
      year: '2018',
      month: '01',
      day: '05',
      hour: '09',
      minutes: '03',
      seconds: '07',
    });
  });

  it('bound the day', () => {
    expect(startOfDay('2018-01-05 09:03:07')).toBe('2018-01-05 00:00:00');
    expect(endOfDay('2018-01-05 09:03:07')).toBe('2018-01-05 23:59:59');
    expect(endOfDay('2018-01-05')).toBe('2018-01-05 23:59:59');
  });

  it('use the shared format', () => {
    expect(DATE_FORMAT).toBe('yyyy-MM-dd HH:mm:ss');
  });
});
