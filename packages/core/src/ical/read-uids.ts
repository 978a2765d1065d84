/**
 * The UIDs imported events are known by (`read.ts`): what the file says, made stable where a producer's UID
 * changes with the event, made up from the event where a producer writes none, and one of its own for an
 * instance imported without its series.
 */
import { createHash } from 'node:crypto';
import type ICAL from 'ical.js';

/**
 * The UID an event is known by. The plugin writes `<post id>-<start unix>-<end unix>@<host>`, which changes
 * whenever the event moves: it is known by `<post id>@<host>`, so that a moved event updates the one imported.
 */
export function stableUid(uid: string): string {
  const plugin = /^(\d+)-\d{1,12}-\d{1,12}@(.+)$/.exec(uid);
  return plugin ? `${plugin[1]}@${plugin[2]}` : uid;
}

/** The properties a made-up UID is drawn from: what a producer keeps when it exports the same event again. */
const IDENTIFYING = ['dtstart', 'recurrence-id', 'summary'] as const;

/**
 * UIDs for VEVENTs without one (Exchange OWA, Data::ICal, khal, Thunderbird write some), drawn from the
 * event's start and title as written: importing the same file again finds the events imported before, and
 * so updates rather than duplicates them. DTSTAMP and the like are left out, as producers write them anew on
 * every export. Events of a file alike in all of these are told apart by their order among them. An event
 * moved or retitled at its source cannot be recognized (nothing else names it): it is imported anew.
 */
export class DerivedUids {
  private readonly seen = new Map<string, number>();

  of(event: ICAL.Component): string {
    const hash = createHash('sha256');
    for (const name of IDENTIFYING) {
      const property = event.getFirstProperty(name);
      hash.update(`${name}\u0000${property ? property.toICALString() : ''}\u0000`);
    }
    const digest = hash.digest('hex').slice(0, 32);
    const count = (this.seen.get(digest) ?? 0) + 1;
    this.seen.set(digest, count);
    return `derived-${digest}${count === 1 ? '' : `-${count}`}@calendar-events`;
  }
}

/** What joins a series' UID and an instance's RECURRENCE-ID into the UID the instance is kept by. */
export const INSTANCE_UID_MARK = '#RECURRENCE-ID=';

/**
 * The UID an instance of a series is kept by when the file holds it without its series (a Google export of
 * someone else's series holds only the instances the exporter was invited to): the series' UID and the
 * instance's RECURRENCE-ID (UTC), so that each instance is an event of its own, and the series, once
 * imported, finds them.
 */
export function instanceUid(seriesUid: string, originalStartUtc: string): string {
  return `${seriesUid}${INSTANCE_UID_MARK}${originalStartUtc.replace(/[-:]/g, '').replace(' ', 'T')}Z`;
}
