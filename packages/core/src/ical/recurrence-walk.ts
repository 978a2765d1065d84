/**
 * The instances of one rule (recurrence-rule.ts) as floating wall times, within a work budget.
 *
 * Each period of the frequency (a year, month, week, day or hour, every INTERVAL-th from DTSTART's) holds the
 * days in it that pass every date part (recurrence-days.ts; for a year or month, expanding and then limiting
 * as the RFC's table says comes to the same) times the times of day from BYHOUR/BYMINUTE/BYSECOND (or
 * DTSTART's); BYSETPOS picks from that sorted set, then COUNT and UNTIL end the rule. Days that do not exist
 * (30 February) are never produced, as §3.3.10 requires. Instances before DTSTART are dropped; a DTSTART the
 * rule does not produce is not counted (as python-dateutil; the RFC leaves that case undefined).
 *
 * The work follows the days walked and the instances given, never the size of a period's set: the set is
 * never built (its n-th element is computed from the sorted days and the sorted times), a period without a
 * passing day is skipped together with every period up to the next passing day, and periods are counted
 * with whole numbers that stay within the calendar. Every step is charged to a `WorkBudget`, whose end is a
 * `WorkExceeded` error.
 */
import {
  civilFromDays,
  DayFilter,
  daysFromCivil,
  LAST_DAY,
  monthLength,
  weekday,
} from './recurrence-days.js';
import { dateParts, type Rule } from './recurrence-rule.js';

/** The budget of one expansion ran out: the message says why. */
export class WorkExceeded extends Error {}

/** Units of work (periods, days, years crossed, instances looked at) an expansion may spend. */
export class WorkBudget {
  spent = 0;
  constructor(
    readonly limit: number,
    /** Why the work ran out, for the error. */
    private readonly reason: () => string,
  ) {}

  spend(units = 1): void {
    this.spent += units;
    if (this.spent > this.limit) throw new WorkExceeded(this.reason());
  }
}

const pad = (value: number, size = 2) => String(value).padStart(size, '0');
const dayText = (day: number) => {
  const [y, m, d] = civilFromDays(day);
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
};
const dayOf = (text: string) => {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  return daysFromCivil(y, m, d);
};

/** The days a period covers (and, for HOURLY, its hour of the day). */
interface Period {
  first: number;
  last: number;
  hour: number;
}

/** The periods of a rule from DTSTART's, by index, and the first index that reaches a day. */
function periodsOf(rule: Rule, start: [number, number, number], startDay: number, startHour: number) {
  const step = rule.interval;
  const firstMonth = start[0] * 12 + start[1] - 1;
  const firstWeek = startDay - ((weekday(startDay) - rule.wkst + 7) % 7);
  const firstHour = startDay * 24 + startHour;
  const none: Period = { first: Number.POSITIVE_INFINITY, last: Number.POSITIVE_INFINITY, hour: 0 };
  // One function per rule, chosen once: the walk calls it for every period, and a frequency it does not know
  // is an error here rather than an undefined period later.
  const atOf: Record<Rule['freq'], (k: number) => Period> = {
    YEARLY: (k) => {
      const year = start[0] + k * step;
      if (year > 9999) return none;
      return { first: daysFromCivil(year, 1, 1), last: daysFromCivil(year, 12, 31), hour: 0 };
    },
    MONTHLY: (k) => {
      const index = firstMonth + k * step;
      const year = Math.floor(index / 12);
      const month = index - year * 12 + 1;
      if (year > 9999) return none;
      const first = daysFromCivil(year, month, 1);
      return { first, last: first + monthLength(year, month) - 1, hour: 0 };
    },
    WEEKLY: (k) => {
      const first = firstWeek + 7 * k * step;
      return { first, last: first + 6, hour: 0 };
    },
    DAILY: (k) => ({ first: startDay + k * step, last: startDay + k * step, hour: 0 }),
    HOURLY: (k) => {
      const hours = firstHour + k * step;
      const day = Math.floor(hours / 24);
      return { first: day, last: day, hour: hours - day * 24 };
    },
  };
  const at = atOf[rule.freq];
  if (!at) throw new Error(`FREQ=${String(rule.freq)} cannot be expanded`);
  /** The first period index from which a period ends on or after `day`. */
  const reaching = (day: number): number => {
    switch (rule.freq) {
      case 'YEARLY':
        return Math.ceil((civilFromDays(day)[0] - start[0]) / step);
      case 'MONTHLY': {
        const [year, month] = civilFromDays(day);
        return Math.ceil((year * 12 + month - 1 - firstMonth) / step);
      }
      case 'WEEKLY':
        return Math.ceil((day - 6 - firstWeek) / (7 * step));
      case 'DAILY':
        return Math.ceil((day - startDay) / step);
      case 'HOURLY':
        return Math.ceil((day * 24 - firstHour) / step);
    }
  };
  return { at, reaching };
}

/**
 * The rule's instances from `startLocal` (DTSTART, a floating wall time) in order, while their day is not after
 * `lastDay` (`YYYY-MM-DD`), until COUNT or UNTIL ends them; each step charged to `budget`.
 * @throws WorkExceeded when the budget runs out.
 */
export function* ruleInstances(
  rule: Rule,
  startLocal: string,
  lastDay: string,
  budget: WorkBudget,
  filter = new DayFilter(rule, startDateOf(startLocal)),
): Generator<string> {
  const start = startDateOf(startLocal);
  const [hour, minute, second] = (startLocal.slice(11) || '00:00:00').split(':').map(Number) as number[];
  const startDay = daysFromCivil(...start);
  const last = Math.min(dayOf(lastDay), LAST_DAY);
  const hours = rule.byHour ?? [hour!];
  const hourAllowed = rule.byHour && new Set(rule.byHour);
  const minutes = rule.byMinute ?? [minute!];
  const seconds = rule.bySecond ?? [second!];
  const perHour = minutes.length * seconds.length;
  const positions = rule.bySetPos;
  const periods = periodsOf(rule, start, startDay, hour!);
  const step = () => budget.spend(1);
  let built = filter.built;
  let emitted = 0;
  const days: number[] = [];
  for (let k = 0; ; ) {
    budget.spend(1);
    const period = periods.at(k);
    if (period.first > last) return;
    if (hourAllowed && rule.freq === 'HOURLY' && !hourAllowed.has(period.hour)) {
      k += 1;
      continue;
    }
    days.length = 0;
    filter.collect(period.first, period.last, days, step);
    budget.spend(days.length + filter.built - built);
    built = filter.built;
    const hourOfPeriod = rule.freq === 'HOURLY' ? [period.hour] : hours;
    if (days.length === 0) {
      // Nothing in this period: on to the first period that reaches the next passing day.
      const next = filter.nextDay(period.last + 1, last, step);
      if (next === undefined) return;
      k = Math.max(k + 1, periods.reaching(next));
      continue;
    }
    // The period's set, sorted, is days × times; its i-th element is computed, never the whole set.
    const times = hourOfPeriod.length * perHour;
    const size = days.length * times;
    const instanceAt = (i: number) => {
      const t = i % times;
      const h = hourOfPeriod[Math.floor(t / perHour)]!;
      const m = minutes[Math.floor(t / seconds.length) % minutes.length]!;
      return `${dayText(days[Math.floor(i / times)]!)} ${pad(h)}:${pad(m)}:${pad(seconds[t % seconds.length]!)}`;
    };
    let picked: Iterable<number>;
    if (positions) {
      const indexes = new Set<number>();
      for (const n of positions) {
        const index = n > 0 ? n - 1 : size + n;
        if (index >= 0 && index < size) indexes.add(index);
      }
      budget.spend(positions.length);
      picked = [...indexes].sort((a, b) => a - b);
    } else
      picked = indexesFrom(period.first <= startDay ? firstAtOrAfter(size, instanceAt, startLocal) : 0, size);
    for (const i of picked) {
      budget.spend(1);
      if (days[Math.floor(i / times)]! > last) return;
      const instance = instanceAt(i);
      if (instance < startLocal) continue;
      if (rule.until !== undefined && instance > rule.until) return;
      yield instance;
      emitted += 1;
      if (rule.count !== undefined && emitted >= rule.count) return;
    }
    k += 1;
  }
}

/** DTSTART's date. */
export function startDateOf(startLocal: string): [number, number, number] {
  return startLocal.slice(0, 10).split('-').map(Number) as [number, number, number];
}

function* indexesFrom(first: number, size: number): Generator<number> {
  for (let i = first; i < size; i++) yield i;
}

/** The first index of a sorted set whose element is not before `value` (binary search). */
function firstAtOrAfter(size: number, at: (i: number) => string, value: string): number {
  let low = 0;
  let high = size;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (at(middle) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
/** Periods of each frequency in the Gregorian calendar's cycle of 400 years (146,097 days, 20,871 weeks). */
const CYCLE = { YEARLY: 400, MONTHLY: 4800, WEEKLY: 20_871, DAILY: 146_097, HOURLY: 146_097 * 24 };
const PERIOD_DAYS = { YEARLY: 366, MONTHLY: 31, WEEKLY: 7, DAILY: 1, HOURLY: 1 / 24 };

/**
 * The last day to search for a rule's first instance: the period positions it steps on (its start's plus
 * multiples of INTERVAL, within the 400-year cycle) repeat after lcm(INTERVAL, cycle) periods, so a rule that
 * gives nothing by then gives nothing ever. At most the calendar's last day.
 */
export function searchEnd(rule: Rule, startLocal: string): number {
  const cycle = CYCLE[rule.freq];
  const units = (rule.interval / gcd(rule.interval, cycle)) * cycle + rule.interval;
  const days = Math.ceil(units * PERIOD_DAYS[rule.freq]) + 1;
  return Math.min(LAST_DAY, dayOf(startLocal) + days);
}

/**
 * Why a rule from `startLocal` on can give no instance, known without walking it (or undefined): the date
 * parts no day meets (with DTSTART's day when the rule gives no day part), or BYHOUR hours an HOURLY INTERVAL
 * never reaches. Decided with at most the 28 shapes of year of the 400-year cycle.
 */
export function whyNoInstanceAtAll(
  rule: Rule,
  startLocal: string,
  filter = new DayFilter(rule, startDateOf(startLocal)),
): string | undefined {
  const hasDayPart = rule.byWeekNo || rule.byYearDay || rule.byMonthDay || rule.byDay;
  if (!filter.anyDay()) {
    const parts = dateParts(rule);
    const own = rule.freq === 'WEEKLY' ? 'weekday' : rule.freq === 'YEARLY' && !rule.byMonth ? 'date' : 'day';
    return `no day of any year has ${parts}${hasDayPart ? '' : `${parts ? ' on ' : ''}the ${own} of its start (${startLocal.slice(0, 10)})`}`;
  }
  if (rule.freq === 'HOURLY' && rule.byHour) {
    // Stepping INTERVAL hours from DTSTART's hour meets exactly the hours congruent to it modulo gcd(24, INTERVAL).
    const [hour] = (startLocal.slice(11) || '00').split(':').map(Number) as [number];
    const g = gcd(24, rule.interval % 24 || 24);
    if (!rule.byHour.some((h) => (h - hour) % g === 0))
      return `every ${rule.interval} hours from ${pad(hour)}:00 never reaches BYHOUR=${rule.byHour.join(',')}`;
  }
  return undefined;
}

/**
 * Why a rule gives no instance from `startLocal` on, or undefined when it gives one, after a search through
 * one whole cycle of the periods it steps on (or to UNTIL, or to the calendar's end), charged to `budget`.
 * @throws WorkExceeded when the search outruns the budget.
 */
export function whyNoInstance(
  rule: Rule,
  startLocal: string,
  budget: WorkBudget,
  filter = new DayFilter(rule, startDateOf(startLocal)),
): string | undefined {
  const end = searchEnd(rule, startLocal);
  for (const _ of ruleInstances(rule, startLocal, dayText(end), budget, filter)) return undefined;
  const to =
    rule.until !== undefined && rule.until.slice(0, 10) <= dayText(end)
      ? `to its UNTIL (${rule.until})`
      : end === LAST_DAY
        ? 'to the end of the calendar (9999-12-31)'
        : `to ${dayText(end)}, after which the dates it steps on repeat`;
  return `none of the dates it steps on from its start (${startLocal}) ${to} matches all its parts`;
}
