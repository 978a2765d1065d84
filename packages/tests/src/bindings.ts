/** The places one HTTP contract suite runs: every adapter (Express, Fastify, the fetch handler) over every database (SPEC §1, §12). */
export interface Binding {
  /** `express-sqlite`, `fastify-postgres`, …: the name `BINDINGS=` selects. */
  name: string;
  adapter: 'express' | 'fastify' | 'fetch';
  database: 'sqlite' | 'postgres';
}

export const ALL_BINDINGS: readonly Binding[] = (['express', 'fastify', 'fetch'] as const).flatMap(
  (adapter) =>
    (['sqlite', 'postgres'] as const).map((database) => ({
      name: `${adapter}-${database}`,
      adapter,
      database,
    })),
);

/**
 * The names an environment variable selects out of `all`: `NAME=a,b` narrows the run; unset (or empty) means
 * all. An unknown name is an error rather than a silently smaller run. `BINDINGS=` and `DIALECTS=` both work so.
 */
export function selectByName<T extends string>(
  variable: string,
  filter: string | undefined,
  all: readonly T[],
): T[] {
  const wanted = (filter ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (wanted.length === 0) return [...all];
  const unknown = wanted.filter((name) => !all.includes(name as T));
  if (unknown.length > 0) {
    throw new Error(`${variable} names unknown choice(s) ${unknown.join(', ')}; known: ${all.join(', ')}`);
  }
  return all.filter((name) => wanted.includes(name));
}

/**
 * The bindings a run without `BINDINGS=` runs: every one but `fetch-postgres`. The fetch handler is a thin
 * translation like the others, and the whole contract suite passes on both of its bindings (run them with
 * `BINDINGS=fetch-sqlite,fetch-postgres`); by default it runs on SQLite only, which proves the translation,
 * because its PostgreSQL binding would add about four minutes of test time to CI (measured: fetch-sqlite 65 s of
 * wall time, fetch-postgres 245 s, on the shared 2-core machine), over CI's budget for it.
 */
export const DEFAULT_BINDINGS: readonly string[] = ALL_BINDINGS.map((binding) => binding.name).filter(
  (name) => name !== 'fetch-postgres',
);

/**
 * The bindings selected by the environment: `BINDINGS=express-sqlite,fastify-postgres` narrows the run; unset
 * (or empty) means `DEFAULT_BINDINGS`. An unknown name is an error rather than a silently smaller run.
 */
export function selectBindings(filter: string | undefined): Binding[] {
  const names =
    (filter ?? '').trim() === ''
      ? DEFAULT_BINDINGS
      : selectByName(
          'BINDINGS',
          filter,
          ALL_BINDINGS.map((binding) => binding.name),
        );
  return ALL_BINDINGS.filter((binding) => names.includes(binding.name));
}

export const BINDINGS: Binding[] = selectBindings(process.env.BINDINGS);
