import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the postgres bindings use (a `test` database, trust auth, in CI and locally). */
export const POSTGRES_URL = process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function withClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Why PostgreSQL cannot be used, or undefined when it answers. */
export async function probePostgres(): Promise<string | undefined> {
  try {
    await withClient((client) => client.query('select 1'));
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  }
}

/** A fresh, empty schema `t_<random>`, so that test files running in parallel never share tables. */
export async function createTestSchema(): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await withClient((client) => client.query(`create schema "${schema}"`));
  const url = new URL(POSTGRES_URL);
  url.searchParams.set('schema', schema);
  return {
    url: url.toString(),
    drop: () =>
      withClient((client) => client.query(`drop schema if exists "${schema}" cascade`)).then(() => {}),
  };
}
