/**
 * What several instances must keep while they answer from their response caches: every acknowledged write is
 * there afterwards, and a write through one instance is seen by the very next read through any other.
 *
 * - `checkWrites`: events created through the balancer, several at a time; each one acknowledged (201) is then
 *   read by id through every instance directly, and the default list's total through every instance has grown
 *   by exactly the number created.
 * - `readAfterWrite`: rounds of a write through instance A directly, then at once a read through instance B
 *   directly and through the balancer (the next instance in turn): a new event, then the default list, whose
 *   total must count it; a new title for one event, then that event, which must carry it. Every instance's
 *   cache holds the answer of before the write (each is asked for it just before). A read that answers otherwise is
 *   stale; the time from the write's acknowledgement to the read's answer is what a client waits.
 */
import { EVENTS_PATH } from '../scenarios.js';

const REQUEST_TIMEOUT_MS = 15_000;

export interface WriteCheck {
  created: number;
  /** Acknowledged events not readable by id through some instance, or a list total that is not the count. */
  problems: string[];
}

export interface ReadAfterWrite {
  rounds: number;
  seconds: number;
  /** Milliseconds from a write's acknowledgement to the answer of the read after it, per reader. */
  latencies: { direct: number[]; balancer: number[] };
  stale: { direct: number; balancer: number };
  /** The first few stale answers, in words. */
  examples: string[];
}

export interface WriteTarget {
  /** Each instance's own URL. */
  instances: readonly string[];
  balancer: string;
  administratorKey: string;
  /** The body of a created event, `{{title}}` where its title goes (the create scenario's event). */
  eventBody: (title: string) => string;
}

async function send(url: string, method: string, path: string, key?: string, body?: string) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      // One encoding every time: a list's ETag and bytes are per encoding.
      'accept-encoding': 'identity',
      ...(key ? { authorization: `Bearer ${key}`, 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body } : {}),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  return { status: response.status, total: response.headers.get('x-wp-total'), text };
}

async function defaultListTotal(url: string): Promise<number> {
  const answer = await send(url, 'GET', EVENTS_PATH);
  if (answer.status !== 200 || answer.total === null)
    throw new Error(`GET ${EVENTS_PATH} through ${url} answered ${answer.status} without a total.`);
  return Number(answer.total);
}

async function create(target: WriteTarget, url: string, title: string): Promise<number> {
  const answer = await send(url, 'POST', EVENTS_PATH, target.administratorKey, target.eventBody(title));
  if (answer.status !== 201)
    throw new Error(
      `POST ${EVENTS_PATH} through ${url} answered ${answer.status}: ${answer.text.slice(0, 300)}`,
    );
  return (JSON.parse(answer.text) as { id: number }).id;
}

/** `count` events created through the balancer, `concurrency` at a time, then read back (see the top). */
export async function checkWrites(
  target: WriteTarget,
  count: number,
  concurrency: number,
): Promise<WriteCheck> {
  const totalsBefore = await Promise.all(target.instances.map(defaultListTotal));
  const created: Array<{ id: number; title: string }> = [];
  let next = 0;
  const prefix = `Checked write ${Date.now().toString(36)}`;
  const createInTurn = async () => {
    while (next < count) {
      const title = `${prefix} ${next++}`;
      created.push({ id: await create(target, target.balancer, title), title });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, createInTurn));
  const problems: string[] = [];
  for (const [i, url] of target.instances.entries()) {
    const total = await defaultListTotal(url);
    if (total !== totalsBefore[i]! + created.length)
      problems.push(`instance ${i + 1} lists ${total} events, not ${totalsBefore[i]! + created.length}`);
    for (const { id, title } of created) {
      const answer = await send(url, 'GET', `${EVENTS_PATH}/${id}`);
      if (answer.status !== 200 || (JSON.parse(answer.text) as { title?: string }).title !== title)
        problems.push(`instance ${i + 1} answers event ${id} with ${answer.status}`);
    }
  }
  return { created: created.length, problems };
}

/** `rounds` rounds of a write through one instance and reads through another (see the top), or `maxSeconds`. */
export async function readAfterWrite(
  target: WriteTarget,
  rounds: number,
  maxSeconds: number,
): Promise<ReadAfterWrite> {
  const { instances, balancer, administratorKey: key } = target;
  if (instances.length < 2) throw new Error('Reading after a write across instances needs two of them.');
  const result: ReadAfterWrite = {
    rounds: 0,
    seconds: 0,
    latencies: { direct: [], balancer: [] },
    stale: { direct: 0, balancer: 0 },
    examples: [],
  };
  const prefix = `Read after write ${Date.now().toString(36)}`;
  const watched = await create(target, balancer, `${prefix} watched`);
  let total = await defaultListTotal(instances[0]!);
  const readers = (round: number) => ({ direct: instances[(round + 1) % instances.length]!, balancer });
  // Every instance's cache holds the answer of before the write, whichever instance the read then reaches.
  const prime = (path: string) => Promise.all(instances.map((url) => send(url, 'GET', path)));

  const started = performance.now();
  const stale = (reader: 'direct' | 'balancer', what: string) => {
    result.stale[reader]++;
    if (result.examples.length < 5) result.examples.push(`round ${result.rounds + 1}, ${reader}: ${what}`);
  };
  for (let round = 0; round < rounds && performance.now() - started < maxSeconds * 1000; round++) {
    const writer = instances[round % instances.length]!;
    for (const [reader, url] of Object.entries(readers(round)) as Array<['direct' | 'balancer', string]>) {
      await prime(EVENTS_PATH);
      await create(target, writer, `${prefix} ${round} ${reader}`);
      total++;
      let acknowledged = performance.now();
      const list = await send(url, 'GET', EVENTS_PATH);
      result.latencies[reader].push(performance.now() - acknowledged);
      if (list.status !== 200 || Number(list.total) !== total)
        stale(reader, `the list answered ${list.status} with a total of ${list.total}, not ${total}`);

      const title = `${prefix} watched, round ${round} ${reader}`;
      await prime(`${EVENTS_PATH}/${watched}`);
      const retitled = await send(
        writer,
        'POST',
        `${EVENTS_PATH}/${watched}`,
        key,
        JSON.stringify({ title }),
      );
      if (retitled.status !== 200) throw new Error(`Retitling event ${watched} answered ${retitled.status}.`);
      acknowledged = performance.now();
      const event = await send(url, 'GET', `${EVENTS_PATH}/${watched}`);
      result.latencies[reader].push(performance.now() - acknowledged);
      const seen = event.status === 200 ? (JSON.parse(event.text) as { title?: string }).title : undefined;
      if (seen !== title) stale(reader, `event ${watched} answered ${event.status} titled "${seen}"`);
    }
    result.rounds++;
  }
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

/** The `p`-th percentile (0–100) of `values`, by nearest rank; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
