/**
 * The days a recurrence rule's date parts (BYMONTH, BYWEEKNO, BYYEARDAY, BYMONTHDAY, BYDAY, or DTSTART's day
 * when none is given) let through, for recurrence-rule.ts's walk.
 *
 * Days are whole numbers (days since 1970-01-01) computed with integer arithmetic, never through `Date`, so no
 * value a rule can reach turns into NaN. Whether a day passes depends only on its place in its year and on
 * the shape of the years around it (leap or not, the weekday of 1 January): a year's days are decided once per
 * such shape (at most 28) as a mask whose `next` table gives, for any day of the year, the first passing day
 * on or after it. Finding the next passing day thus costs one step per year crossed, whatever the rule.
 */
import type { Rule } from './rule.js';

/** The first and last day the calendar holds (`YYYY-MM-DD` has four digits for the year). */
export const FIRST_DAY = daysFromCivil(1, 1, 1);
export const LAST_DAY = daysFromCivil(9999, 12, 31);

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The date of a day count (H. Hinnant's civil_from_days). */
export function civilFromDays(days: number): [number, number, number] {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

export const isLeap = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
/** 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday). */
export const weekday = (day: number) => (((day + 3) % 7) + 7) % 7;
const yearLength = (year: number) => (isLeap(year) ? 366 : 365);
const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
export const monthLength = (year: number, month: number) =>
  month === 2 && isLeap(year) ? 29 : MONTH_LENGTHS[month - 1]!;

/** The first day of week 1 of `year`: the first week (from `wkst`) with at least four days in the year. */
function weekOneStart(year: number, wkst: number): number {
  const january1 = daysFromCivil(year, 1, 1);
  const back = (weekday(january1) - wkst + 7) % 7;
  return back <= 3 ? january1 - back : january1 - back + 7;
}

/** A year's passing days: `next[d]` is the first passing day of the year on or after its day `d` (0-based), or -1. */
interface YearMask {
  next: Int16Array;
  count: number;
}

/** The date parts of a rule, as a test of single days with a memo per shape of year. */
export class DayFilter {
  private readonly masks = new Map<number, YearMask>();
  /** The last year asked for: a walk asks for the same year many times in a row. */
  private year = Number.NaN;
  private january1 = 0;
  private yearMask: YearMask = { next: new Int16Array(0), count: 0 };
  /** Days examined to build masks: part of the walk's work. */
  built = 0;

  constructor(
    private readonly rule: Rule,
    /** DTSTART's date: its day (and month, weekday) stand in when the rule gives no day part. */
    private readonly start: [number, number, number],
  ) {}

  /** The first passing day from `from` to `limit` (both inclusive), or undefined; `step` counts years crossed. */
  nextDay(from: number, limit: number, step: () => void): number | undefined {
    let day = Math.max(from, FIRST_DAY);
    const end = Math.min(limit, LAST_DAY);
    while (day <= end) {
      step();
      const { january1, next, length } = this.yearOf(day);
      const found = next[day - january1]!;
      if (found >= 0) return january1 + found <= end ? january1 + found : undefined;
      day = january1 + length;
    }
    return undefined;
  }

  /** Pushes onto `out` the passing days from `first` to `last` (both inclusive); `step` counts years crossed. */
  collect(first: number, last: number, out: number[], step: () => void): void {
    let day = Math.max(first, FIRST_DAY);
    const end = Math.min(last, LAST_DAY);
    while (day <= end) {
      step();
      const { january1, next, length } = this.yearOf(day);
      for (let index = next[day - january1]!; index >= 0 && january1 + index <= end; index = next[index + 1]!)
        out.push(january1 + index);
      day = january1 + length;
    }
  }

  /** Whether any day of any year passes (the calendar repeats every 400 years: its 28 shapes of year). */
  anyDay(): boolean {
    for (let year = 2000; year < 2400; year++) if (this.mask(year).count > 0) return true;
    return false;
  }

  /** The year of a day: its first day, length and mask. */
  private yearOf(day: number): { january1: number; next: Int16Array; length: number } {
    const inYear = day - this.january1;
    if (!(inYear >= 0 && inYear < this.yearMask.next.length - 1)) {
      this.year = civilFromDays(day)[0];
      this.january1 = daysFromCivil(this.year, 1, 1);
      this.yearMask = this.mask(this.year);
    }
    return { january1: this.january1, next: this.yearMask.next, length: this.yearMask.next.length - 1 };
  }

  private mask(year: number): YearMask {
    const key =
      weekday(daysFromCivil(year, 1, 1)) * 8 +
      (isLeap(year - 1) ? 4 : 0) +
      (isLeap(year) ? 2 : 0) +
      (isLeap(year + 1) ? 1 : 0);
    let mask = this.masks.get(key);
    if (mask === undefined) {
      mask = this.build(year);
      this.masks.set(key, mask);
    }
    return mask;
  }

  private build(year: number): YearMask {
    const length = yearLength(year);
    const january1 = daysFromCivil(year, 1, 1);
    const next = new Int16Array(length + 1).fill(-1);
    let count = 0;
    let following = -1;
    const passes = new Uint8Array(length);
    for (let month = 1, index = 0; month <= 12; month++) {
      const days = monthLength(year, month);
      for (let date = 1; date <= days; date++, index++)
        if (this.passes(year, month, date, days, january1 + index, index, length)) {
          passes[index] = 1;
          count++;
        }
    }
    for (let index = length - 1; index >= 0; index--) {
      if (passes[index] === 1) following = index;
      next[index] = following;
    }
    this.built += length;
    return { next, count };
  }

  private passes(
    year: number,
    month: number,
    date: number,
    monthLength: number,
    day: number,
    dayOfYear: number,
    length: number,
  ): boolean {
    const rule = this.rule;
    if (rule.byMonth && !rule.byMonth.includes(month)) return false;
    if (rule.byWeekNo && !this.inWeeks(day, year, rule.byWeekNo)) return false;
    if (rule.byYearDay) {
      const nth = dayOfYear + 1;
      const fromEnd = length - dayOfYear;
      if (!rule.byYearDay.some((n) => n === nth || n === -fromEnd)) return false;
    }
    if (rule.byMonthDay) {
      const fromEnd = monthLength - date + 1;
      if (!rule.byMonthDay.some((n) => n === date || n === -fromEnd)) return false;
    }
    const wd = weekday(day);
    if (rule.byDay) {
      // An ordinal weekday counts in the month, or in the year for a YEARLY rule without BYMONTH.
      const inMonth = rule.freq === 'MONTHLY' || (rule.freq === 'YEARLY' && rule.byMonth !== undefined);
      const index = inMonth ? date - 1 : dayOfYear;
      const size = inMonth ? monthLength : length;
      const nth = Math.floor(index / 7) + 1;
      const fromEnd = -(Math.floor((size - 1 - index) / 7) + 1);
      if (!rule.byDay.some((d) => d.day === wd && (d.n === 0 || d.n === nth || d.n === fromEnd)))
        return false;
    }
    if (!rule.byWeekNo && !rule.byYearDay && !rule.byMonthDay && !rule.byDay) {
      // No day part: the day (and for YEARLY without BYMONTH the month) of DTSTART, the weekday for WEEKLY.
      const [, startMonth, startDate] = this.start;
      if (rule.freq === 'WEEKLY' && wd !== weekday(daysFromCivil(...this.start))) return false;
      if ((rule.freq === 'MONTHLY' || rule.freq === 'YEARLY') && date !== startDate) return false;
      if (rule.freq === 'YEARLY' && !rule.byMonth && month !== startMonth) return false;
    }
    return true;
  }

  /** Whether `day` is in one of the weeks (RFC 5545 BYWEEKNO, negative from the end of its week-year). */
  private inWeeks(day: number, year: number, weeks: number[]): boolean {
    const wkst = this.rule.wkst;
    let weekYear = year;
    if (day < weekOneStart(year, wkst)) weekYear -= 1;
    else if (day >= weekOneStart(year + 1, wkst)) weekYear += 1;
    const first = weekOneStart(weekYear, wkst);
    const count = (weekOneStart(weekYear + 1, wkst) - first) / 7;
    const week = Math.floor((day - first) / 7) + 1;
    return weeks.some((n) => n === week || count + n + 1 === week);
  }
}
