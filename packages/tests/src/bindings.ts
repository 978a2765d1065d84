/** The places one HTTP contract suite runs: every adapter over every database (SPEC §1, §12). */
export interface Binding {
  /** `express-sqlite`, `fastify-postgres`, …: the name `BINDINGS=` selects. */
  name: string;
  adapter: 'express' | 'fastify';
  database: 'sqlite' | 'postgres';
}

export const ALL_BINDINGS: readonly Binding[] = (['express', 'fastify'] as const).flatMap((adapter) =>
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
 * The bindings selected by the environment: `BINDINGS=express-sqlite,fastify-postgres` narrows the run; unset
 * (or empty) means all. An unknown name is an error rather than a silently smaller run.
 */
export function selectBindings(filter: string | undefined): Binding[] {
  const names = selectByName(
    'BINDINGS',
    filter,
    ALL_BINDINGS.map((binding) => binding.name),
  );
  return ALL_BINDINGS.filter((binding) => names.includes(binding.name));
}

export const BINDINGS: Binding[] = selectBindings(process.env.BINDINGS);
