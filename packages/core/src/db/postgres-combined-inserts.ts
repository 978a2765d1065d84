/**
 * Inside a service write on PostgreSQL, plain inserts (`insert into … values …`, nothing returned) wait and go
 * to the server together, as one statement, when the write next needs an answer: before any other statement
 * (a read sees what the write inserted) and before `commit`. A create writes its event, texts, search rows,
 * organizer and term links one after the other without reading between them: one round trip, one parse and
 * one plan instead of five, on both sides the largest cost of a write after the data itself.
 *
 * The inserts become the parts of one `with` (PostgreSQL runs every data-modifying part of a `with` to its
 * end); their triggers are all AFTER triggers, which run once the statement ends and see every part's rows.
 * Only inserts whose answer nobody needs and whose parts cannot see each other's rows are held: no
 * `returning`, no `on conflict` (its count says what happened), no `select` (it would not see the other
 * parts' rows), no literal text (its `$n` would be renumbered). An insert's error surfaces with the statement
 * that sends it, which fails the write as a whole: the transaction is rolled back either way, and nothing in
 * a service write recovers from one statement's error (`serviceWrite` reruns the whole write).
 */
import type pg from 'pg';
import { WITH_THE_COMMIT } from './before-commit.js';
import { SERVICE_WRITE_BEGIN } from './postgres-service-writes.js';

/** Parameters held at most before the held inserts go (PostgreSQL takes 65,535 in one statement). */
export const MAX_HELD_PARAMETERS = 20_000;

type Query = (...args: unknown[]) => unknown;

interface HeldInsert {
  text: string;
  values: readonly unknown[];
}

/** Whether a statement is a plain insert that may be held (see above). */
export function isHoldableInsert(text: string): boolean {
  return (
    text.startsWith('insert into ') &&
    text.includes(' values ') &&
    !/ returning |\bon conflict\b|\bselect\b|'|\$\$/i.test(text)
  );
}

/** The held inserts as one statement: each but the last a part of a `with`, their parameters renumbered. */
export function combineInserts(held: readonly HeldInsert[]): HeldInsert {
  if (held.length === 1) return held[0]!;
  const values: unknown[] = [];
  const texts = held.map(({ text, values: own }) => {
    const offset = values.length;
    values.push(...own);
    return text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  });
  const main = texts.pop()!;
  return { text: `with ${texts.map((text, i) => `held_${i} as (${text})`).join(', ')} ${main}`, values };
}

/** Whether a statement is one to send with the commit (see `combineServiceWriteInserts`). */
export function goesWithTheCommit(text: string, values: unknown): boolean {
  return text.endsWith(WITH_THE_COMMIT) && (!Array.isArray(values) || values.length === 0);
}

/** The answer node-postgres gives an insert, for an insert held: its rows counted from its `values` list. */
function heldAnswer(text: string): pg.QueryResult {
  const rows = text.split('), (').length;
  return { command: 'INSERT', rowCount: rows, oid: 0, rows: [], fields: [] };
}

/**
 * Holds the plain inserts of the client's service writes (see above). Called once per connection, as the pool
 * makes it, on the client's `query` as the pool uses it (after `nameServiceWriteStatements`, if on).
 *
 * Also holds, until the commit, the statements that end with `WITH_THE_COMMIT` (no parameters: a message of
 * several statements takes none), and sends them in the commit's own message (`update …; commit`): the change
 * of a row many writes share (a popular term's count) then locks it from the server's running that statement
 * to the end of the commit, and no longer also for a round trip and for however long this process takes to
 * read the statement's answer and send the commit, which under load was most of the lock's time. Its error is
 * the commit's, and fails the write as a whole.
 */
export function combineServiceWriteInserts(client: pg.ClientBase): void {
  let held: HeldInsert[] = [];
  let heldParameters = 0;
  let withTheCommit: string[] = [];
  let inServiceWrite = false;
  const query = client.query.bind(client) as Query;
  /** Sends the held inserts, if any (its promise), before the statement the caller sends next. */
  const send = (): Promise<unknown> | undefined => {
    if (held.length === 0) return undefined;
    const { text, values } = combineInserts(held);
    held = [];
    heldParameters = 0;
    return query(text, values) as Promise<unknown>;
  };
  const combined: Query = (text, values, callback) => {
    if (typeof text !== 'string' || callback !== undefined) {
      const sent = send();
      const result = query(text, values, callback);
      return sent ? after(sent, result) : result;
    }
    if (text === SERVICE_WRITE_BEGIN) {
      held = [];
      heldParameters = 0;
      withTheCommit = [];
      inServiceWrite = true;
      return query(text, values);
    }
    if (text === 'rollback') {
      held = [];
      heldParameters = 0;
      withTheCommit = [];
      inServiceWrite = false;
      return query(text, values);
    }
    const parameters = Array.isArray(values) ? values : [];
    if (inServiceWrite && isHoldableInsert(text) && parameters.length <= MAX_HELD_PARAMETERS) {
      const sent = heldParameters + parameters.length > MAX_HELD_PARAMETERS ? send() : undefined;
      held.push({ text, values: parameters });
      heldParameters += parameters.length;
      const answer = Promise.resolve(heldAnswer(text));
      return sent ? sent.then(() => answer) : answer;
    }
    if (inServiceWrite && goesWithTheCommit(text, values)) {
      withTheCommit.push(text);
      // Its count is not known before the commit; nothing reads it.
      return Promise.resolve({ command: 'UPDATE', rowCount: 0, oid: 0, rows: [], fields: [] });
    }
    let statement = text;
    if (text === 'commit') {
      inServiceWrite = false;
      if (withTheCommit.length > 0) statement = `${withTheCommit.join('; ')}; commit`;
      withTheCommit = [];
    }
    const sent = send();
    const result = query(statement, values);
    return sent ? after(sent, result) : result;
  };
  (client as unknown as { query: Query }).query = combined;
}

/**
 * The statement's answer once the held inserts sent before it succeeded. Both were queued on the connection in
 * that order; when the inserts fail, their error is the one to report (the statement after them fails only
 * because the transaction is aborted).
 */
function after(sent: Promise<unknown>, result: unknown): Promise<unknown> {
  if (result instanceof Promise) result.catch(() => {});
  return sent.then(() => result);
}
