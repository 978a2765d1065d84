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
 * The bindings selected by the environment: `BINDINGS=express-sqlite,fastify-postgres` narrows the run; unset
 * (or empty) means all. An unknown name is an error rather than a silently smaller run.
 */
export function selectBindings(filter: string | undefined): Binding[] {
  const wanted = (filter ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (wanted.length === 0) return [...ALL_BINDINGS];
  const unknown = wanted.filter((name) => !ALL_BINDINGS.some((binding) => binding.name === name));
  if (unknown.length > 0) {
    throw new Error(
      `BINDINGS names unknown binding(s) ${unknown.join(', ')}; known: ${ALL_BINDINGS.map((b) => b.name).join(', ')}`,
    );
  }
  return ALL_BINDINGS.filter((binding) => wanted.includes(binding.name));
}

export const BINDINGS: Binding[] = selectBindings(process.env.BINDINGS);
