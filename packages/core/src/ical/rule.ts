/** A recurrence rule's parts once read and checked (recurrence-rule.ts), as the walk (recurrence-walk.ts) and the
 * day filters (recurrence-days.ts) use them: a file of its own so that neither imports the reader for a type. */
export type Frequency = 'YEARLY' | 'MONTHLY' | 'WEEKLY' | 'DAILY' | 'HOURLY';

export interface Rule {
  freq: Frequency;
  interval: number;
  count: number | undefined;
  /** Inclusive, a floating wall time `YYYY-MM-DD HH:MM:SS` in the event's zone. */
  until: string | undefined;
  /** The week start, 0 = Monday … 6 = Sunday. */
  wkst: number;
  byMonth?: number[];
  byWeekNo?: number[];
  byYearDay?: number[];
  byMonthDay?: number[];
  /** Weekday (0 = Monday) and ordinal (0: every one). */
  byDay?: { n: number; day: number }[];
  byHour?: number[];
  byMinute?: number[];
  bySecond?: number[];
  bySetPos?: number[];
}
