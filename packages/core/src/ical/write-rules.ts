/**
 * A recurrence written with one RRULE. RFC 5545 §3.6.1 says RRULE SHOULD NOT occur more than once in a
 * VEVENT, and readers that follow it (khal) refuse one with two; Fastmail writes two, and the service keeps
 * what it imported. The feed writes one rule (the first that never ends, else the first) and the instances of
 * the others as RDATEs: every instance of a rule that ends (COUNT or UNTIL), and those before the horizon
 * for one that does not, as far as the service holds the series' occurrences itself. The set is the same to
 * that horizon: an EXDATE excludes an RDATE instance as it does a rule's, and a RECURRENCE-ID names one.
 */
import { formatUtc } from '../dates/format.js';
import { utcToLocal } from '../dates/zones.js';
import { expandRecurrence, type Occurrence, parseRecurrence, RecurrenceError } from './recurrence.js';

/** The series a recurrence belongs to, as the feed writes it. */
export interface RecurrenceOwner {
  /** DTSTART, `YYYY-MM-DD HH:MM:SS` in `timezone`. */
  startLocal: string;
  timezone: string;
  allDay: boolean;
  /** How far the service holds the series' occurrences (UTC `YYYY-MM-DD HH:MM:SS`). */
  horizonUtc: string;
}

/** Beyond any rule that ends: a rule that ends is expanded to its end. */
const END_OF_TIME = '9999-12-31 00:00:00';

const isRule = (line: string) => /^RRULE[;:]/i.test(line);
const ends = (line: string) => /[:;](?:COUNT|UNTIL)=/i.test(line);

function instancesOf(line: string, owner: RecurrenceOwner, beforeUtc: string): Occurrence[] {
  const parsed = parseRecurrence([line], owner.timezone, { allDay: owner.allDay });
  return expandRecurrence(parsed, owner.startLocal, owner.timezone, beforeUtc);
}

/** The instances of a rule the feed writes as RDATEs: to its end, or to the horizon. */
function extraInstances(line: string, owner: RecurrenceOwner): Occurrence[] {
  if (ends(line))
    try {
      return instancesOf(line, owner, END_OF_TIME);
    } catch (error) {
      if (!(error instanceof RecurrenceError)) throw error;
      // Too many or too costly to its end: to the horizon, as the service holds it.
    }
  return instancesOf(line, owner, owner.horizonUtc);
}

const compact = (local: string) => local.replace(/[-:]/g, '').replace(' ', 'T');

/** One RDATE line of these instances, in the series' form (a date, a UTC instant or a wall time with TZID). */
function rdateLine(instances: readonly Occurrence[], owner: RecurrenceOwner): string {
  if (owner.allDay) return `RDATE;VALUE=DATE:${instances.map((i) => compact(i.local).slice(0, 8)).join(',')}`;
  if (owner.timezone === 'UTC') return `RDATE:${instances.map((i) => `${compact(i.utc)}Z`).join(',')}`;
  // The wall time of the instant: an autumn overlap's second reading is written as the zone gives it.
  const locals = instances.map((i) => compact(utcToLocal(i.utc, owner.timezone)));
  return `RDATE;TZID=${owner.timezone}:${locals.join(',')}`;
}

/** Leaves out of `extra` the instances the kept rule (or DTSTART) gives already, where it can tell. */
function removeKeptInstances(extra: Map<string, Occurrence>, kept: string, owner: RecurrenceOwner): void {
  const last = [...extra.keys()].sort().at(-1);
  if (last === undefined) return;
  const after = formatUtc(new Date(Date.parse(`${last.replace(' ', 'T')}Z`) + 1000));
  try {
    for (const instance of instancesOf(kept, owner, after)) extra.delete(instance.utc);
  } catch (error) {
    if (!(error instanceof RecurrenceError)) throw error;
    // The kept rule gives too many to that date: an RDATE it gives too names the same instance, no more.
  }
}

/**
 * The recurrence lines with one RRULE, the others' instances (less those the kept rule or DTSTART gives)
 * as one RDATE line in their place. Lines with one RRULE or none are returned as they are; so are the lines
 * of a rule the expansion refuses (it was read when stored: a rule refused now is written as it was).
 */
export function withOneRule(lines: readonly string[], owner: RecurrenceOwner): string[] {
  const rules = lines.filter(isRule);
  if (rules.length <= 1) return [...lines];
  const kept = rules.find((line) => !ends(line)) ?? rules[0]!;
  try {
    const extra = new Map<string, Occurrence>();
    for (const line of rules)
      if (line !== kept)
        for (const instance of extraInstances(line, owner)) extra.set(instance.utc, instance);
    removeKeptInstances(extra, kept, owner);
    const rdates = [...extra.values()].sort((a, b) => (a.utc < b.utc ? -1 : 1));
    const written = lines.filter((line) => !isRule(line) || line === kept);
    return rdates.length === 0 ? written : [...written, rdateLine(rdates, owner)];
  } catch (error) {
    if (!(error instanceof RecurrenceError)) throw error;
    return [...lines];
  }
}
