import { describe, expect, it } from 'vitest';
import { ianaZoneOfDisplayName } from './zone-display-names.js';
import { ianaZoneOf } from './zones.js';

describe('ianaZoneOfDisplayName: Outlook writes a Windows zone’s display name for a TZID', () => {
  it.each([
    ['(UTC-05:00) Eastern Time (US & Canada)', 'America/New_York'],
    ['(UTC-05:00) Eastern Time (US and Canada)', 'America/New_York'],
    ['(UTC-06:00) Central Time (US & Canada)', 'America/Chicago'],
    ['(UTC-08:00) Pacific Time (US & Canada)', 'America/Los_Angeles'],
    ['(UTC-04:00) Atlantic Time (Canada)', 'America/Halifax'],
    ['(UTC-07:00) Arizona', 'America/Phoenix'],
    ['(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna', 'Europe/Amsterdam'],
    ['(UTC+01:00) Brussels, Copenhagen, Madrid, Paris', 'Europe/Brussels'],
    ['(UTC+00:00) Dublin, Edinburgh, Lisbon, London', 'Europe/Dublin'],
    ['(UTC) Dublin, Edinburgh, Lisbon, London', 'Europe/Dublin'],
    ['(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi', 'Asia/Kolkata'],
    ['(UTC+10:00) Canberra, Melbourne, Sydney', 'Australia/Sydney'],
    ['(UTC-03:00) Brasilia', 'America/Sao_Paulo'],
    ['(UTC) Coordinated Universal Time', 'UTC'],
  ])('%s → %s', (name, zone) => {
    expect(ianaZoneOfDisplayName(name)).toBe(zone);
    // As a TZID, quoted as Outlook writes it too.
    expect(ianaZoneOf(`"${name}"`)).toBe(zone);
  });

  it('takes no zone whose standard offset is not the one the name gives, and no name that is none', () => {
    // Paris is UTC+01:00, not UTC+05:00.
    expect(ianaZoneOfDisplayName('(UTC+05:00) Paris')).toBeUndefined();
    expect(ianaZoneOfDisplayName('(UTC+05:00) Nowhere')).toBeUndefined();
    expect(ianaZoneOfDisplayName('Eastern Time (US & Canada)')).toBeUndefined();
    expect(ianaZoneOf('Atlantis Standard Time')).toBeUndefined();
  });
});
