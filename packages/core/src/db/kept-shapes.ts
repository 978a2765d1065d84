/**
 * Statements built once per shape. Kysely builds and compiles a statement anew at each call, which for an
 * event's record costs about fifteen times what SQLite then takes to run it (RESULTS.md, "Reads by key built
 * once"). The first statement of a shape is built with stand-ins for its values, and its SQL is kept with the
 * places of those stand-ins among its parameters; later statements of the shape fill in their own values.
 *
 * A shape is the statement's name, its values' fields in their order (an insert's columns follow it), which
 * of them are undefined (an insert leaves such a column out) and the length of each list among them: a value may only be bound as a parameter, never decide what is built (a
 * table, a join, whether a condition is there), which belongs in the name. A list is bound as an `in (…)`
 * list, padded to the next power of two with its last item (the same rows): the records of 1 to 50 ids are 7
 * shapes, not 50, here and among PostgreSQL's prepared statements. At most `MAX_SHAPES` are kept per
 * database; beyond them a statement is built whole. Under the tests (`VITEST`), every statement is also built
 * whole and must compile to the same SQL and parameters.
 */
import { type CompiledQuery, createQueryId, type QueryResult } from 'kysely';
import type { Db } from './database.js';

/** A statement's values: each bound as one parameter, or a list bound as one parameter per item. */
export type ShapeValues = Record<string, unknown>;

interface Compilable<Row> {
  compile(): CompiledQuery<Row>;
}

/** What stands for a value while a shape is built: the value's name, and its place in a list (or -1). */
class StandIn {
  constructor(
    readonly name: string,
    readonly index: number,
  ) {}
}

interface Shape {
  sql: string;
  query: CompiledQuery['query'];
  /** The shape's parameters: stand-ins for the values, and whatever the statement itself binds. */
  parameters: readonly unknown[];
}

/** Kept per Kysely instance (its adapter: one per database), since the SQL differs between the dialects. */
const shapesByAdapter = new WeakMap<object, Map<string, Shape>>();

/** Shapes kept per database: the service's statements have a few dozen (lists by their padded length). */
const MAX_SHAPES = 512;

const checkEveryStatement = process.env.VITEST !== undefined;

/** The values with each list padded to the next power of two with its last item (see above). */
function padded<Values extends ShapeValues>(values: Values): Values {
  let out: ShapeValues | undefined;
  for (const [field, value] of Object.entries(values)) {
    if (!Array.isArray(value) || value.length < 2) continue;
    const length = 2 ** Math.ceil(Math.log2(value.length));
    if (length === value.length) continue;
    out ??= { ...values };
    out[field] = [...value, ...new Array(length - value.length).fill(value[value.length - 1])];
  }
  return (out ?? values) as Values;
}

/** The name, then every value's field in order (an insert's columns follow it), its list length or `?`. */
function shapeKey(name: string, values: ShapeValues): string {
  let key = name;
  for (const [field, value] of Object.entries(values))
    key += Array.isArray(value)
      ? `\u0000${field}=${value.length}`
      : value === undefined
        ? `\u0000${field}?`
        : `\u0000${field}`;
  return key;
}

function standInsFor(values: ShapeValues): ShapeValues {
  const standIns: ShapeValues = {};
  for (const [field, value] of Object.entries(values))
    standIns[field] = Array.isArray(value)
      ? value.map((_, index) => new StandIn(field, index))
      : value === undefined
        ? undefined
        : new StandIn(field, -1);
  return standIns;
}

function buildShape<Row>(
  name: string,
  values: ShapeValues,
  build: (values: never) => Compilable<Row>,
): Shape {
  const standIns = standInsFor(values);
  const compiled = build(standIns as never).compile();
  const bound = new Set(compiled.parameters.filter((parameter) => parameter instanceof StandIn));
  for (const value of Object.values(standIns))
    for (const standIn of Array.isArray(value) ? value : value === undefined ? [] : [value])
      if (!bound.has(standIn))
        throw new Error(
          `${name}: the value ${(standIn as StandIn).name} is not bound as a parameter of the statement`,
        );
  return { sql: compiled.sql, query: compiled.query, parameters: compiled.parameters };
}

function boundValue(values: ShapeValues, standIn: StandIn): unknown {
  const value = values[standIn.name];
  return standIn.index < 0 ? value : (value as readonly unknown[])[standIn.index];
}

/**
 * Runs the statement `build` makes of `values`, built once per shape (see above): `build` receives the
 * values (stand-ins the first time) and must bind each of them as a parameter.
 */
export async function runInKeptShape<Values extends ShapeValues, Row>(
  db: Db,
  name: string,
  given: Values,
  build: (values: Values) => Compilable<Row>,
): Promise<QueryResult<Row>> {
  const values = padded(given);
  const executor = db.getExecutor();
  let shapes = shapesByAdapter.get(executor.adapter);
  if (!shapes) {
    shapes = new Map();
    shapesByAdapter.set(executor.adapter, shapes);
  }
  const key = shapeKey(name, values);
  let shape = shapes.get(key);
  if (!shape) {
    if (shapes.size >= MAX_SHAPES) return db.executeQuery(build(values).compile());
    shape = buildShape(name, values, build as (values: never) => Compilable<Row>);
    shapes.set(key, shape);
  }
  const parameters = shape.parameters.map((parameter) =>
    parameter instanceof StandIn ? boundValue(values, parameter) : parameter,
  );
  if (checkEveryStatement) {
    const whole = build(values).compile();
    if (whole.sql !== shape.sql || JSON.stringify(whole.parameters) !== JSON.stringify(parameters))
      throw new Error(`${name}: the kept shape differs from the statement built whole: ${whole.sql}`);
  }
  return db.executeQuery<Row>({ sql: shape.sql, query: shape.query, parameters, queryId: createQueryId() });
}
