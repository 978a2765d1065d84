/**
 * An independent reader of iCalendar text for the tests: Python's `icalendar` parses it and
 * `recurring_ical_events` expands it — Debian's python3-icalendar and python3-recurring-ical-events, run by
 * `/usr/bin/python3` (or `PYTHON_ICAL`) with the script python/ical_oracle.py, JSON over stdin and stdout.
 *
 * Spawning Python costs far more than reading a calendar, so many calendars go to one process with
 * `runPythonIcalBatch`.
 * `requirePythonIcal` decides whether such tests run: in CI (`CI` set) a missing Python or package is an
 * error; on a developer machine the tests are skipped after a loud warning, as the postgres bindings are.
 * @module
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The Python that has icalendar and recurring_ical_events: Debian's, not the first python3 on PATH. */
export const PYTHON_ICAL = process.env.PYTHON_ICAL || '/usr/bin/python3';

const SCRIPT = fileURLToPath(new URL('./python/ical_oracle.py', import.meta.url));

/** A VEVENT as Python's icalendar reads it. Dates are `YYYY-MM-DD`, date-times ISO with their offset. */
export interface PythonEvent {
  uid: string | null;
  summary: string | null;
  description: string | null;
  /** `2026-11-26T19:00:00+01:00` (with a TZID or Z), `2026-11-26T19:00:00` (floating), `2026-11-26` (date). */
  dtstart: string;
  dtstartTzid: string | null;
  dtend: string | null;
  dtendTzid: string | null;
  /** Python's `str(timedelta)`, as `1:30:00` or `1 day, 0:00:00`. */
  duration: string | null;
  /** Each RRULE line's value, as icalendar writes it back (`FREQ=WEEKLY;BYDAY=TU`). */
  rrule: string[];
  rdate: string[];
  exdate: string[];
  recurrenceId: string | null;
  location: string | null;
  /** [latitude, longitude]. */
  geo: [number, number] | null;
  organizer: { value: string; cn: string | null } | null;
  categories: string[];
  url: string | null;
  sequence: number | null;
  status: string | null;
}

export interface PythonCalendar {
  events: PythonEvent[];
  /** The TZIDs of the calendar's VTIMEZONEs. */
  timezones: string[];
}

/** One occurrence recurring_ical_events gives. */
export interface PythonOccurrence {
  uid: string | null;
  /** The start as a UTC instant `YYYY-MM-DDTHH:MM:SSZ`; a date (`YYYY-MM-DD`) or floating time as it is. */
  start: string;
  end: string;
  /** The start as the event gives it (ISO with its offset, or a date). */
  local: string;
  recurrenceId: string | null;
  summary: string | null;
  /** STATUS (a cancelled instance is still given, marked `CANCELLED`). */
  status: string | null;
}

export type PythonIcalRequest =
  | { op: 'parse'; ics: string }
  | { op: 'expand'; ics: string; from: string; to: string };

export type PythonIcalResult<T = unknown> = { ok: true; value: T } | { ok: false; error: string };

/** Why Python's iCalendar packages cannot run here, or undefined when they can. Asked once. */
let problem: string | undefined | null = null;
export function pythonIcalProblem(): string | undefined {
  if (problem !== null) return problem;
  const probe = spawnSync(PYTHON_ICAL, ['-c', 'import icalendar, recurring_ical_events'], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (probe.error) problem = `${PYTHON_ICAL}: ${probe.error.message}`;
  else if (probe.status !== 0)
    problem = `${PYTHON_ICAL} cannot import icalendar and recurring_ical_events (${probe.stderr.trim().split('\n').pop()}); install python3-icalendar python3-recurring-ical-events`;
  else problem = undefined;
  return problem;
}

/**
 * Whether the tests that need Python's iCalendar packages (`what`, for the messages) run: true when they are
 * there; when they are not, an error in CI and false (after a loud warning) elsewhere.
 */
export function requirePythonIcal(what = 'the Python iCalendar checks'): boolean {
  const missing = pythonIcalProblem();
  if (missing === undefined) return true;
  if (process.env.CI) throw new Error(`${missing}: ${what} are mandatory in CI.`);
  console.warn(`\n!!! ${missing}: ${what} are SKIPPED on this machine; in CI this fails.\n`);
  return false;
}

/** Runs many requests in one Python process; one result per request, in order (a failure never stops the rest). */
export function runPythonIcalBatch(requests: readonly PythonIcalRequest[]): Promise<PythonIcalResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON_ICAL, [SCRIPT], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => reject(new Error(`${PYTHON_ICAL} ${SCRIPT}: ${error.message}`)));
    child.on('close', (code) => {
      const stderr = Buffer.concat(err).toString('utf8').trim();
      if (code !== 0) {
        reject(new Error(`${PYTHON_ICAL} ${SCRIPT} exited with ${code}: ${stderr}`));
        return;
      }
      try {
        const answer = JSON.parse(Buffer.concat(out).toString('utf8')) as { results: PythonIcalResult[] };
        if (answer.results.length !== requests.length)
          throw new Error(`${answer.results.length} results for ${requests.length} requests`);
        resolve(answer.results);
      } catch (error) {
        reject(new Error(`${SCRIPT}: unreadable answer (${(error as Error).message}) ${stderr}`));
      }
    });
    child.stdin.on('error', () => {}); // a dead child is reported by 'close'
    child.stdin.end(JSON.stringify({ items: requests }));
  });
}

function unwrap<T>(result: PythonIcalResult, what: string): T {
  if (!result.ok) throw new Error(`Python's icalendar refuses ${what}: ${result.error}`);
  return result.value as T;
}

/**
 * The calendar's VEVENTs as Python's icalendar reads them.
 * @throws with Python's error when it does not parse, and also (icalendar is lenient) when a TZID has no
 * VTIMEZONE, a VEVENT lacks UID, DTSTAMP or DTSTART, VERSION/PRODID are missing, or DTEND is before DTSTART.
 */
export async function parseWithPython(icsText: string): Promise<PythonCalendar> {
  const [result] = await runPythonIcalBatch([{ op: 'parse', ics: icsText }]);
  return unwrap<PythonCalendar>(result!, 'the calendar');
}

/** Many calendars at once: each a parsed calendar or the Error Python gave. */
export async function parseManyWithPython(icsTexts: readonly string[]): Promise<(PythonCalendar | Error)[]> {
  const results = await runPythonIcalBatch(icsTexts.map((ics) => ({ op: 'parse' as const, ics })));
  return results.map((result, index) => {
    try {
      return unwrap<PythonCalendar>(result, `calendar ${index + 1}`);
    } catch (error) {
      return error as Error;
    }
  });
}

/**
 * The occurrences recurring_ical_events gives between `fromIso` (inclusive) and `toIso` (exclusive) — ISO
 * instants (`2026-01-01T00:00:00Z`; without an offset, UTC) or dates — in start order. An occurrence with a
 * duration is included when it overlaps the span (the library's rule), one without when it starts in it.
 */
export async function expandWithPython(
  icsText: string,
  fromIso: string,
  toIso: string,
): Promise<PythonOccurrence[]> {
  const [result] = await runPythonIcalBatch([{ op: 'expand', ics: icsText, from: fromIso, to: toIso }]);
  return unwrap<PythonOccurrence[]>(result!, 'the calendar');
}

/** `expandWithPython` for many calendars in one process: each the occurrences or the Error Python gave. */
export async function expandManyWithPython(
  cases: readonly { ics: string; from: string; to: string }[],
): Promise<(PythonOccurrence[] | Error)[]> {
  const results = await runPythonIcalBatch(cases.map((c) => ({ op: 'expand' as const, ...c })));
  return results.map((result, index) => {
    try {
      return unwrap<PythonOccurrence[]>(result, `calendar ${index + 1}`);
    } catch (error) {
      return error as Error;
    }
  });
}

/** The UTC start instants of occurrences (`expandWithPython`'s `start`), sorted. */
export function startInstants(occurrences: readonly PythonOccurrence[]): string[] {
  return occurrences.map((occurrence) => occurrence.start).sort();
}
