/**
 * The change log under concurrent writers (PostgreSQL): two instances of the service over one schema, several
 * writers on each and another program writing with plain SQL, while readers page `GET /changes` from a token
 * taken before them all. The data version orders every writer under its row's lock, so a reader who pages
 * the log as it grows must read exactly what a reader reads afterwards: no change skipped because it
 * committed late, none twice. The writes of one record are made one at a time, against the state just read
 * (If-Match where it has an ETag; a trashed event has none), while those of different records race on both
 * instances; the log must list one change per acknowledged write, in their order, each after the
 * position read before the write and before the one read before the next; and the data must end as the log
 * says.
 */

import { createSharedTestDatabase, TEST_PG_URL, testDialects } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../../core.js';
import type { CalendarDatabase } from '../../db/database.js';
import type { CoreRequest } from '../../http/types.js';
import { createApiKey, createUser } from '../users/repository.js';
import { type ChangeRow, readChangePage, readLogState } from './repository.js';
import { type ChangePosition, comparePositions, encodeChangeToken } from './token.js';

const hasPostgres = (await testDialects()).some((dialect) => dialect.name === 'postgres');

/** How long the writers run: RUN_MS, and on until every action was acknowledged three times (at most MAX_RUN_MS). */
const RUN_MS = 5000;
const MAX_RUN_MS = 12_000;
const SOON = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
const WRITERS_PER_INSTANCE = 3;

type Kind = 'event' | 'series' | 'venue' | 'organizer' | 'tag' | 'category';
// A series is written less often than the rest: each of its writes rewrites its occurrences.
const KINDS: Kind[] = [
  'event',
  'event',
  'series',
  'venue',
  'venue',
  'organizer',
  'organizer',
  'tag',
  'category',
];
const PATH: Record<Kind, string> = {
  event: '/events',
  series: '/events',
  venue: '/venues',
  organizer: '/organizers',
  tag: '/tags',
  category: '/categories',
};
const TITLE: Record<Kind, string> = {
  event: 'title',
  series: 'title',
  venue: 'venue',
  organizer: 'organizer',
  tag: 'name',
  category: 'name',
};
const TYPE = (kind: Kind) => (kind === 'series' ? 'event' : kind);
const isTerm = (kind: Kind) => kind === 'tag' || kind === 'category';

interface Written {
  kind: Kind;
  id: number;
  key: string;
}

/** An acknowledged write: the record, what the log must say, the position read before it was sent. */
interface Ack {
  key: string;
  action: string;
  before: ChangePosition;
  title: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: the answers are read as JSON
type Json = any;

const positionOf = (row: { version: number; id: number }): ChangePosition => ({
  version: row.version,
  id: row.id,
});
const show = (p: ChangePosition) => `${p.version}.${p.id}`;
const counterOf = (title: string) => Number(/#(\d+)$/.exec(title)?.[1] ?? Number.NaN);
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

describe.runIf(hasPostgres)('the change log under concurrent writers (postgres, two instances)', () => {
  let close: () => Promise<void>;
  let databases: CalendarDatabase[];
  let cores: CalendarCore[];
  let outside: pg.Client;
  let key: string;
  let schema: string;

  beforeAll(async () => {
    const shared = await createSharedTestDatabase('postgres', 'calendar-changes-race-');
    schema = shared.location;
    close = shared.close;
    databases = [shared.connect({ max: 5 }), shared.connect({ max: 5 })];
    await databases[0]!.migrate();
    await createUser(databases[0]!.kysely, { login: 'admin', role: 'administrator' });
    key = await createApiKey(databases[0]!.kysely, 'admin');
    cores = databases.map((database) => createCalendarCore({ database }));
    outside = new pg.Client({ connectionString: TEST_PG_URL });
    await outside.connect();
    await outside.query(`set search_path = ${shared.location}, public`);
  });
  afterAll(async () => {
    await outside?.end();
    await close?.();
  });

  async function send(core: CalendarCore, request: CoreRequest) {
    const response = await core.handle(request);
    const text = response.body === undefined ? '' : String(response.body);
    return {
      status: response.status,
      etag: response.headers.ETag,
      json: text ? JSON.parse(text) : undefined,
    };
  }
  const as = (method: string, path: string, body?: unknown, ifMatch?: string, who: string | null = key) => {
    const request = apiRequest(method, path, { key: who ?? undefined, body });
    if (ifMatch) request.headers['if-match'] = ifMatch;
    return request;
  };
  const now = async (instance: number) => (await readLogState(databases[instance]!.kysely)).now;

  it('pages every change exactly once, in commit order, while writers on two instances race', async () => {
    const start = await now(0);
    const records: Written[] = [];
    const acks: Ack[] = [];
    const problems: string[] = [];
    const busy = new Set<string>();
    const created: Written[] = [];
    let writing = true;
    let finished = false;

    const newBody = (kind: Kind, name: string): Json => {
      const title = `${name} #0`;
      if (kind === 'event' || kind === 'series')
        return {
          title,
          status: 'publish',
          // Soon: a series' occurrences are kept only within the horizon ahead.
          start_date: `${SOON} 10:00:00`,
          end_date: `${SOON} 12:00:00`,
          ...(kind === 'series' ? { recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'] } : {}),
        };
      return { [TITLE[kind]]: title, ...(isTerm(kind) ? {} : { status: 'publish' }) };
    };

    async function create(instance: number, name: string, kind = pick(KINDS)) {
      const before = await now(instance);
      const answer = await send(cores[instance]!, as('POST', PATH[kind], newBody(kind, name)));
      if (answer.status !== 201) return problems.push(`create ${kind}: ${answer.status}`);
      const record = { kind, id: Number(answer.json.id), key: `${TYPE(kind)} ${answer.json.id}` };
      records.push(record);
      created.push(record);
      acks.push({ key: record.key, action: 'created', before, title: false });
    }

    /**
     * One write to a record, which no other writer touches meanwhile (a trashed event cannot be read, so
     * If-Match cannot order its writes): against the state just read, with its ETag where it has one.
     */
    async function change(instance: number, record: Written) {
      const core = cores[instance]!;
      const path = `${PATH[record.kind]}/${record.id}`;
      const read = await send(core, as('GET', path));
      // An event in the trash is no longer available to a GET (403), as with The Events Calendar.
      const trashed = read.status === 403 || read.json?.status === 'trash';
      if (read.status !== 200 && !trashed) return problems.push(`GET ${path}: ${read.status}`);
      const etag = read.status === 200 ? read.etag : undefined;
      const roll = Math.random();
      let action: string;
      let request: CoreRequest;
      // A post is deleted for good from the trash only: `force` on a live one trashes it (SPEC §7).
      if (isTerm(record.kind) ? roll < 0.1 : trashed && roll < 0.3) {
        action = 'deleted';
        request = as('DELETE', `${path}?force=true`, undefined, etag);
      } else if (trashed) {
        action = 'restored';
        request = as('POST', path, { status: 'publish' }, etag);
      } else if (!isTerm(record.kind) && roll < 0.25) {
        action = 'trashed';
        request = as('DELETE', path, undefined, etag);
      } else {
        action = 'updated';
        const next = counterOf(read.json[TITLE[record.kind]]) + 1;
        const body: Json = { [TITLE[record.kind]]: `${record.key} #${next}` };
        // A series whose rule changes rewrites its occurrences.
        if (record.kind === 'series') body.recurrence = [`RRULE:FREQ=WEEKLY;COUNT=${2 + (next % 3)}`];
        request = as('POST', path, body, etag);
      }
      const before = await now(instance);
      const answer = await send(core, request);
      if (answer.status !== 200 && answer.status !== 201)
        return problems.push(
          `${request.method} ${request.url} (${action}): ${answer.status} ${answer.json?.code}`,
        );
      acks.push({ key: record.key, action, before, title: action === 'updated' });
      if (action === 'deleted') records.splice(records.indexOf(record), 1);
    }

    async function writer(instance: number, n: number) {
      for (let i = 0; writing; i++) {
        // A series first on each instance, whatever the draw: the occurrences' changes are checked below.
        if (i === 0 && n === 0) await create(instance, `w${instance}.${n}.${i}`, 'series');
        else if (records.length < 6 || Math.random() < 0.2) await create(instance, `w${instance}.${n}.${i}`);
        else {
          const record = pick(records);
          if (busy.has(record.key)) {
            // Another writer has it: let the others run rather than spin.
            await new Promise((resolve) => setImmediate(resolve));
            continue;
          }
          busy.add(record.key);
          await change(instance, record).finally(() => busy.delete(record.key));
        }
      }
    }

    /** Another program: its own venues, each write a transaction of plain SQL, one after the other. */
    async function outsideWriter() {
      const mine: number[] = [];
      /** One transaction of `statements` (each given the id the first returned, or the venue's). */
      const run = async (venue: number | undefined, action: string, statements: string[]) => {
        const before = await now(0);
        await outside.query('begin');
        let id = venue;
        for (const text of statements) {
          const result = await outside.query(text, id === undefined ? [] : [id]);
          id ??= Number(result.rows[0].id);
        }
        await outside.query('commit');
        acks.push({ key: `venue ${id}`, action, before, title: false });
        return id!;
      };
      for (let i = 0; writing; i++) {
        const id = mine.length > 0 && Math.random() < 0.7 ? pick(mine) : undefined;
        if (id === undefined) {
          const created = await run(undefined, 'created', [
            `insert into posts (type, status, author_id, slug, date_utc, modified_utc, password)
              values ('venue', 'publish', 1, 'outside', '2030-01-01 00:00:00', '2030-01-01 00:00:00', '')
              returning id`,
            'insert into venues (id) values ($1)',
            `insert into post_texts (post_id, language, title) values ($1, 'en', 'Outside')`,
          ]);
          mine.push(created);
          continue;
        }
        const { rows } = await outside.query('select status from posts where id = $1', [id]);
        const status = rows[0].status;
        const roll = Math.random();
        const [action, statement] =
          roll < 0.1
            ? ['deleted', 'delete from posts where id = $1']
            : status === 'trash'
              ? ['restored', `update posts set status = 'publish' where id = $1`]
              : roll < 0.3
                ? ['trashed', `update posts set status = 'trash' where id = $1`]
                : ['updated', `update posts set slug = 'outside-${i}' where id = $1`];
        // Updated twice in one transaction: still one change.
        const statements =
          action === 'updated' ? [statement, statement.replace(`-${i}'`, `-${i}b'`)] : [statement];
        await run(id, action, statements);
        if (action === 'deleted') mine.splice(mine.indexOf(id), 1);
      }
    }

    /** Pages the log as `who` sees it, from `start` until the writers are done and it has read to the end. */
    async function reader(who: string | null) {
      const seen: Json[] = [];
      let token = encodeChangeToken(start);
      for (let turn = 0; ; turn++) {
        // Only once every write was answered is a short page the end.
        const last = finished;
        const page = await send(
          cores[turn % 2]!,
          as('GET', `/changes?since=${token}&limit=7`, undefined, undefined, who),
        );
        if (page.status !== 200) throw new Error(`GET /changes: ${page.status} ${JSON.stringify(page.json)}`);
        seen.push(...page.json.changes);
        token = page.json.next_token;
        if (last && !page.json.has_more) return seen;
        // Caught up: a moment for the writers before asking again.
        if (!page.json.has_more) await new Promise((resolve) => setTimeout(resolve, 2));
      }
    }

    const readers = [reader(key), reader(null)];
    const writers = [0, 1].flatMap((instance) =>
      Array.from({ length: WRITERS_PER_INSTANCE }, (_, n) => writer(instance, n)),
    );
    const other = outsideWriter();
    const began = Date.now();
    const ACTIONS = ['created', 'updated', 'trashed', 'restored', 'deleted'];
    const coverage = () => ACTIONS.every((action) => acks.filter((ack) => ack.action === action).length >= 3);
    while (Date.now() - began < MAX_RUN_MS && (Date.now() - began < RUN_MS || !coverage()))
      await new Promise((resolve) => setTimeout(resolve, 100));
    writing = false;
    await Promise.all([...writers, other]);
    finished = true;
    const [seenAll, seenPublic] = await Promise.all(readers);
    expect(problems).toEqual([]);

    // What the readers saw while the log grew is what a read of it afterwards gives, token by token.
    const log = await readChangePage(databases[1]!.kysely, start, { kind: 'all' }, 1_000_000);
    expect(seenAll!.map((c: Json) => c.token)).toEqual(log.map((row) => encodeChangeToken(row)));
    expect(seenAll!.map((c: Json) => `${c.type} ${c.id} ${c.action}`)).toEqual(
      log.map((row) => `${row.type} ${row.record_id} ${row.action}`),
    );
    expect(new Set(seenAll!.map((c: Json) => c.token)).size).toBe(seenAll!.length);
    const publicLog = await readChangePage(databases[0]!.kysely, start, { kind: 'public' }, 1_000_000);
    expect(seenPublic!.map((c: Json) => c.token)).toEqual(publicLog.map((row) => encodeChangeToken(row)));
    expect(new Set(seenPublic!.map((c: Json) => c.token)).size).toBe(seenPublic!.length);

    // Each acknowledged write: one change of its record, in the order of the writes, between the positions
    // read before it and before the next.
    const byRecord = new Map<string, ChangeRow[]>();
    for (const row of log) {
      const k = `${row.type} ${row.record_id}`;
      byRecord.set(k, [...(byRecord.get(k) ?? []), row]);
    }
    const acksByRecord = new Map<string, Ack[]>();
    for (const ack of acks) acksByRecord.set(ack.key, [...(acksByRecord.get(ack.key) ?? []), ack]);
    const mismatches: string[] = [];
    for (const [k, list] of acksByRecord) {
      list.sort((a, b) => comparePositions(a.before, b.before));
      const rows = byRecord.get(k) ?? [];
      const actual = rows.map((row) => `${row.action}@${show(positionOf(row))}`);
      const wanted = list.map((ack) => `${ack.action}>${show(ack.before)}`);
      if (rows.length !== list.length) {
        mismatches.push(`${k}: log ${actual.join(' ')}; writes ${wanted.join(' ')}`);
        continue;
      }
      list.forEach((ack, j) => {
        const row = positionOf(rows[j]!);
        const next = list[j + 1];
        if (
          rows[j]!.action !== ack.action ||
          comparePositions(row, ack.before) <= 0 ||
          (next && comparePositions(row, next.before) >= 0)
        )
          mismatches.push(`${k}: log ${actual.join(' ')}; writes ${wanted.join(' ')}`);
      });
    }
    expect(mismatches).toEqual([]);

    // Occurrences change with their series, in its transaction (its version), and never alone here.
    const seriesIds = new Set(created.filter((r) => r.kind === 'series').map((r) => r.id));
    const versionsOf = (k: string) => new Set((byRecord.get(k) ?? []).map((row) => row.version));
    const occurrences = log.filter((row) => row.series_id !== null && row.series_id !== row.record_id);
    expect(occurrences.length).toBeGreaterThan(0);
    for (const row of occurrences) {
      expect(seriesIds.has(row.series_id!)).toBe(true);
      expect(
        versionsOf(`event ${row.series_id}`).has(row.version),
        `${row.record_id} at ${row.version}`,
      ).toBe(true);
    }

    // The data ends as the log says: gone after `deleted`, in the trash after `trashed`, the title's counter
    // the number of acknowledged title writes.
    const posts = await databases[0]!.kysely.selectFrom('posts').select(['id', 'type', 'status']).execute();
    const terms = await databases[0]!.kysely.selectFrom('terms').select(['id', 'taxonomy']).execute();
    const status = new Map<string, string>([
      ...posts.map((p): [string, string] => [`${p.type} ${p.id}`, p.status]),
      ...terms.map((t): [string, string] => [`${t.taxonomy} ${t.id}`, 'term']),
    ]);
    const wrong: string[] = [];
    for (const [k, rows] of byRecord) {
      const lifecycle = rows.map((row) => row.action).filter((a) => a !== 'updated');
      const last = lifecycle.at(-1);
      const state = status.get(k);
      // created, then trashed and restored by turns, deleted last if at all.
      const valid = lifecycle.every(
        (action, i) =>
          (i === 0) === (action === 'created') &&
          (action !== 'deleted' || i === lifecycle.length - 1) &&
          (action !== 'trashed' || lifecycle[i - 1] !== 'trashed') &&
          (action !== 'restored' || lifecycle[i - 1] === 'trashed'),
      );
      if (!valid) wrong.push(`${k}: ${lifecycle}`);
      if ((last === 'deleted') !== (state === undefined)) wrong.push(`${k}: log ends ${last}, data ${state}`);
      if ((last === 'trashed') !== (state === 'trash')) wrong.push(`${k}: log ends ${last}, data ${state}`);
    }
    for (const record of created) {
      if (!status.has(record.key) || status.get(record.key) === 'trash') continue;
      const read = await send(cores[0]!, as('GET', `${PATH[record.kind]}/${record.id}`));
      const titles = (acksByRecord.get(record.key) ?? []).filter((ack) => ack.title).length;
      if (counterOf(read.json[TITLE[record.kind]]) !== titles)
        wrong.push(`${record.key}: title ${read.json[TITLE[record.kind]]}, ${titles} writes`);
    }
    expect(wrong).toEqual([]);
    // Enough happened to mean something.
    expect(acks.length).toBeGreaterThan(30);
    expect(new Set(acks.map((ack) => ack.action))).toEqual(new Set(ACTIONS));
  }, 40_000);

  it('logs a part written by another program while a writer publishes its post as the post is when it commits', async () => {
    // The part's change is logged before the writer that publishes commits, but takes its version as it
    // commits (migration 0028), under the version row's lock, and reads its post again then: it says what the
    // writer committed.
    const { rows } = await outside.query(`insert into posts (type, status, author_id, slug, date_utc,
        modified_utc, password) values ('venue', 'draft', 1, 'waits', '2030-01-01 00:00:00',
        '2030-01-01 00:00:00', '') returning id`);
    const id = Number(rows[0].id);
    await outside.query(`insert into venues (id) values ($1)`, [id]);
    await outside.query(`insert into post_texts (post_id, language, title) values ($1, 'en', 'Draft')`, [id]);
    const other = new pg.Client({ connectionString: TEST_PG_URL });
    await other.connect();
    try {
      await other.query(`set search_path = ${schema}, public`);
      const before = await now(0);
      await outside.query('begin');
      await outside.query(`update posts set status = 'publish' where id = $1`, [id]);
      await other.query('begin');
      const renamed = other.query(`update post_texts set title = 'Renamed' where post_id = $1`, [id]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await outside.query('commit');
      await renamed;
      await other.query('commit');
      const log = await readChangePage(databases[0]!.kysely, before, { kind: 'all' }, 100);
      expect(log.map((row) => `${row.record_id} ${row.action} ${row.was_public}${row.is_public}`)).toEqual([
        `${id} updated 01`,
        `${id} updated -11`,
      ]);
    } finally {
      await other.end();
    }
  });
});
