import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { DerivedUids, instanceUid } from './read-uids.js';

const vevent = (...lines: string[]) =>
  new ICAL.Component(ICAL.parse(['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\r\n')) as unknown[]);

describe('DerivedUids: a UID for a VEVENT without one', () => {
  it('is drawn from its start and title: the same for the same event in any export, another for another', () => {
    const event = ['DTSTART:20270210T140000Z', 'SUMMARY:Board meeting'];
    const first = new DerivedUids().of(vevent(...event, 'DTSTAMP:20261127T101500Z'));
    // Another export: another DTSTAMP, another description, the same event.
    const again = new DerivedUids().of(vevent(...event, 'DTSTAMP:20261201T000000Z', 'DESCRIPTION:x'));
    expect(first).toMatch(/^derived-[0-9a-f]{32}@calendar-events$/);
    expect(again).toBe(first);
    expect(new DerivedUids().of(vevent('DTSTART:20270211T140000Z', 'SUMMARY:Board meeting'))).not.toBe(first);
    expect(new DerivedUids().of(vevent('DTSTART:20270210T140000Z', 'SUMMARY:Board'))).not.toBe(first);
  });

  it('tells events of one file alike in start and title apart by their order', () => {
    const uids = new DerivedUids();
    const twins = [1, 2, 3].map(() => uids.of(vevent('DTSTART:20270210T140000Z', 'SUMMARY:Twin')));
    expect(new Set(twins).size).toBe(3);
    expect(twins[1]).toBe(`${twins[0]!.replace('@calendar-events', '')}-2@calendar-events`);
  });
});

describe('instanceUid', () => {
  it('joins the series’ UID and the RECURRENCE-ID in UTC', () => {
    expect(instanceUid('abc@google.com', '2027-01-19 09:00:00')).toBe(
      'abc@google.com#RECURRENCE-ID=20270119T090000Z',
    );
  });
});
