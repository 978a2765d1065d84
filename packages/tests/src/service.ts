import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  type CalendarCore,
  type CalendarCoreOptions,
  type CalendarDatabase,
  clientErrorHandler,
  createApiKey,
  createCalendarCore,
  createUser,
  type Logger,
  type Role,
} from '@calendar-events/core';
import { createPostgresDatabase } from '@calendar-events/core/postgres';
import { createCalendarRouter } from '@calendar-events/http-express';
import { calendarPlugin } from '@calendar-events/http-fastify';
import { createAdaptorServer } from '@hono/node-server';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { sql } from 'kysely';
import { honoRoutes } from './adapter/mounts.js';
import { type AnswerCheck, answerChecker } from './answer-check.js';
import type { Binding } from './bindings.js';
import { createTestSchema, TEST_PG_URL } from './databases.js';
import { encodePhpForm } from './form-encoding.js';
import { openMigratedSqlite } from './sqlite-image.js';

export type TestUserName =
  | 'admin'
  | 'editor'
  | 'author'
  | 'contributor'
  | 'subscriber'
  | 'author2'
  | 'contributor2';

export interface TestUser {
  id: number;
  login: string;
  /** The user's API key, sent as `Authorization: Bearer <key>` by `request(…, { as })`. */
  key: string;
}

export interface TestRequestOptions {
  /** Query parameters (PHP bracket encoding for lists and objects) or a ready query string. */
  query?: Record<string, unknown> | string;
  /** A JSON body (`application/json`). */
  json?: unknown;
  /** A form body (`application/x-www-form-urlencoded`, PHP brackets), or ready form text. */
  form?: Record<string, unknown> | string;
  /** A raw body, sent as it is; give its `content-type` in `headers`. */
  body?: string;
  /** Extra request headers; they win over the ones `json`, `form` and `as` set. */
  headers?: Record<string, string>;
  /** A test user's name or login: sends that user's API key. */
  as?: string;
}

export interface TestResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  text: string;
  /** The parsed body, or undefined when it is empty or not JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever shape the route answers
  json: any;
}

export interface TestService {
  /** `http://127.0.0.1:PORT`: the host app mounts the API at `/`, under both addresses (SPEC §2). */
  baseUrl: string;
  core: CalendarCore;
  /**
   * Sends a real HTTP request. `path` is relative to the default namespace (`/events`) unless it starts with
   * `/calendar`, `/de/` (then relative to `baseUrl`) or `http` (absolute). Every answer from inside either
   * address is checked against the `/doc` of that address (SPEC §11): an answer the document does not
   * describe (status, required headers, body) rejects with the problems listed.
   */
  request(method: string, path: string, options?: TestRequestOptions): Promise<TestResponse>;
  users: Record<TestUserName, TestUser>;
  /**
   * The SQL statements the service ran while `run` ran (every statement of the database, whoever asked):
   * for work budgets that count statements rather than time them.
   */
  statementsDuring<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }>;
  /** Fixes the clock core uses; until called, core sees the real time. */
  setNow(date: Date | string): void;
  /** Deletes every record except users and their keys, and restarts the id counters. The clock is kept. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

const TEST_USERS: Record<TestUserName, Role> = {
  admin: 'administrator',
  editor: 'editor',
  author: 'author',
  contributor: 'contributor',
  subscriber: 'subscriber',
  author2: 'author',
  contributor2: 'contributor',
};

/** Core logs the cause of a 500 (never in the body); tests show it on the console. */
const testLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error: (detail, message) => console.error('[core]', message ?? '', detail),
};

/** Tables that survive `reset()`: the users, their keys, and Kysely's migration bookkeeping. */
const KEPT_TABLES = new Set([
  'users',
  'api_keys',
  'kysely_migration',
  'kysely_migration_lock',
  'data_version',
  // An upper bound of event lengths: still an upper bound once the events are gone.
  'event_bounds',
]);

async function openDatabase(
  kind: Binding['database'],
  onQuery: (sql: string) => void,
): Promise<{ database: CalendarDatabase; drop: () => Promise<void> }> {
  if (kind === 'sqlite') return { database: await openMigratedSqlite({ onQuery }), drop: async () => {} };
  const schema = await createTestSchema({ migrated: true });
  try {
    const database = createPostgresDatabase({
      connectionString: TEST_PG_URL,
      schema: schema.schema,
      onQuery,
    });
    return { database, drop: schema.drop };
  } catch (error) {
    await schema.drop();
    throw error;
  }
}

async function createTestUsers(database: CalendarDatabase): Promise<Record<TestUserName, TestUser>> {
  const users = {} as Record<TestUserName, TestUser>;
  for (const [login, role] of Object.entries(TEST_USERS) as [TestUserName, Role][]) {
    const row = await createUser(database.kysely, { login, role, displayName: `Test ${login}` });
    users[login] = { id: row.id, login, key: await createApiKey(database.kysely, login, 'test') };
  }
  return users;
}

/** Empties the data tables, whatever migrations have added, and restarts their id counters. */
async function resetDatabase(database: CalendarDatabase): Promise<void> {
  const db = database.kysely;
  // The data changes under core's feet: move the data version on, so no cached total survives.
  await sql`update data_version set version = version + 1`.execute(db);
  if (database.traits.name === 'postgres') {
    const { rows } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
    const tables = rows.map((row) => row.name).filter((name) => !KEPT_TABLES.has(name));
    if (tables.length === 0) return;
    const superuser = await sql<{ on: string }>`select current_setting('is_superuser') as on`.execute(db);
    if (superuser.rows[0]?.on !== 'on') {
      await sql`truncate ${sql.join(tables.map((name) => sql.id(name)))} restart identity cascade`.execute(
        db,
      );
      return;
    }
    // `truncate` gives every table new files, which costs far more than deleting the few rows of a test.
    // With triggers and foreign-key checks off for the transaction, as `truncate` fires neither, the order of
    // the tables does not matter; their sequences restart as `truncate … restart identity` restarts them.
    const sequences = await sql<{ name: string }>`
      select s.relname as name from pg_class s
      join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid and d.deptype in ('a', 'i')
      join pg_class t on t.oid = d.refobjid
      where s.relkind = 'S' and s.relnamespace = current_schema()::regnamespace
        and t.relname in (${sql.join(tables)})`.execute(db);
    await db.transaction().execute(async (tx) => {
      await sql`set local session_replication_role = replica`.execute(tx);
      for (const name of tables) await sql`delete from ${sql.id(name)}`.execute(tx);
      for (const { name } of sequences.rows) await sql`alter sequence ${sql.id(name)} restart`.execute(tx);
    });
    return;
  }
  const { rows } = await sql<{ name: string; sql: string | null }>`
    select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const virtual = rows.filter((row) => /^create virtual table/i.test(row.sql ?? '')).map((row) => row.name);
  // A virtual table (full-text search) keeps its data in shadow tables named after it; leave those to it.
  const isShadow = (name: string) => virtual.some((owner) => name.startsWith(`${owner}_`));
  const tables = rows
    .map((row) => row.name)
    .filter((name) => !KEPT_TABLES.has(name) && !virtual.includes(name) && !isShadow(name));
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    // Deleting the rows fires the triggers that keep search indexes in step.
    for (const name of tables) await sql`delete from ${sql.id(name)}`.execute(db);
    for (const name of virtual) {
      try {
        await sql`insert into ${sql.id(name)} (${sql.id(name)}) values ('delete-all')`.execute(db);
      } catch {
        await sql`delete from ${sql.id(name)}`.execute(db);
      }
    }
    // AUTOINCREMENT counters live in sqlite_sequence; restart them as PostgreSQL's `restart identity` does.
    const sequences = await sql`select 1 from sqlite_master where name = 'sqlite_sequence'`.execute(db);
    if (sequences.rows.length > 0 && tables.length > 0) {
      await sql`delete from sqlite_sequence where name in (${sql.join(tables)})`.execute(db);
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

interface RunningHttp {
  baseUrl: string;
  close(): Promise<void>;
}

/** Listens on a free port of 127.0.0.1 with node:http's `server`. */
async function listenNode(server: Server, core: CalendarCore): Promise<RunningHttp> {
  // Requests the HTTP parser rejects get core's envelope, as on Fastify's side (the host's choice).
  server.on('clientError', clientErrorHandler(core.logger));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A host app that mounts the API at `/` twice: the default address and the German one (SPEC §2). */
async function listen(adapter: Binding['adapter'], core: CalendarCore): Promise<RunningHttp> {
  if (adapter === 'express') {
    const app = express();
    app.disable('x-powered-by');
    app.use(createCalendarRouter({ core }));
    app.use(createCalendarRouter({ core, language: 'de' }));
    return listenNode(createServer(app), core);
  }
  if (adapter === 'fetch') {
    // The fetch handler in a Hono app on Node's HTTP server (@hono/node-server bridges Request and Response).
    const app = new Hono();
    for (const language of [undefined, 'de'])
      app.route('', honoRoutes(core, { path: '', ...(language ? { language } : {}) }));
    return listenNode(createAdaptorServer({ fetch: app.fetch }) as Server, core);
  }
  const app = Fastify({
    logger: false,
    clientErrorHandler: clientErrorHandler(core.logger) as (error: Error, socket: Socket) => void,
  });
  await app.register(calendarPlugin, { core });
  await app.register(calendarPlugin, { core, language: 'de' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    close: () => {
      const closing = app.close();
      // A connection a client opened and never used (undici opens one beside a live stream it aborts) is
      // not idle to Node and would hold the close until its header timeout; the standalone server's
      // shutdown closes every connection after a grace too.
      setTimeout(() => app.server.closeAllConnections(), 200).unref();
      return closing;
    },
  };
}

/** Starts one binding: a fresh database, migrated, with the test users, behind a real HTTP server. */
export async function startTestService(
  binding: Binding,
  coreOptions: Partial<CalendarCoreOptions> = {},
): Promise<TestService> {
  let recording: string[] | undefined;
  const { database, drop } = await openDatabase(binding.database, (text) => recording?.push(text));
  let core: CalendarCore | undefined;
  let http: RunningHttp | undefined;
  try {
    await database.migrate();
    let fixedNow: Date | undefined;
    const fallbackClock = coreOptions.clock ?? (() => new Date());
    core = createCalendarCore({
      siteUrl: 'http://calendar.test',
      timezone: 'UTC',
      geolocation: true,
      logger: testLogger,
      ...coreOptions,
      database,
      clock: () => (fixedNow ? new Date(fixedNow) : fallbackClock()),
    });
    const users = await createTestUsers(database);
    http = await listen(binding.adapter, core);
    const checkAnswer = answerChecker(http.baseUrl, [core.namespacePath(), core.namespacePath('de')]);
    const service: TestService = {
      baseUrl: http.baseUrl,
      core,
      users,
      request: (method, path, options) => sendRequest(service, checkAnswer, method, path, options),
      async statementsDuring(run) {
        const statements: string[] = [];
        recording = statements;
        try {
          return { result: await run(), statements };
        } finally {
          recording = undefined;
        }
      },
      setNow(date) {
        const parsed = new Date(date);
        if (Number.isNaN(parsed.getTime())) throw new Error(`setNow: not a date: ${String(date)}`);
        fixedNow = parsed;
      },
      reset: () => resetDatabase(database),
      async close() {
        await http?.close();
        await core?.close();
        await drop();
      },
    };
    return service;
  } catch (error) {
    await http?.close();
    await (core ? core.close() : database.destroy());
    await drop();
    throw error;
  }
}

function resolveUrl(service: TestService, path: string): string {
  if (path.startsWith('http')) return path;
  if (path.startsWith('/calendar') || path.startsWith('/de/')) return `${service.baseUrl}${path}`;
  return `${service.baseUrl}${service.core.namespacePath()}${path}`;
}

async function sendRequest(
  service: TestService,
  checkAnswer: AnswerCheck,
  method: string,
  path: string,
  options: TestRequestOptions = {},
): Promise<TestResponse> {
  let url = resolveUrl(service, path);
  if (options.query !== undefined) {
    const query =
      typeof options.query === 'string' ? options.query.replace(/^\?/, '') : encodePhpForm(options.query);
    if (query !== '') url += `${url.includes('?') ? '&' : '?'}${query}`;
  }
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = 'application/json';
  } else if (options.form !== undefined) {
    body = typeof options.form === 'string' ? options.form : encodePhpForm(options.form);
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (options.body !== undefined) {
    body = options.body;
  }
  if (options.as !== undefined) {
    const user = Object.entries(service.users).find(
      ([name, u]) => name === options.as || u.login === options.as,
    )?.[1];
    if (!user) throw new Error(`request(…, { as: '${options.as}' }): no such test user`);
    headers.authorization = `Bearer ${user.key}`;
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
  const response = await fetch(url, {
    method,
    headers,
    redirect: 'manual',
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  const answer = { status: response.status, headers: Object.fromEntries(response.headers), text };
  await checkAnswer({ url, method, headers }, answer);
  return { ...answer, json };
}
