/**
 * Route parameters: each one a zod schema of its coerced value (used to validate and to document), its
 * English and German descriptions, and WordPress's coercion and validation rules (ref §5, SPEC §3).
 * Compound parameters whose shape their `validate` callback checks (lists, linked records) also carry a
 * `documented` schema of the value as a client sends it, for /doc only.
 */
import { z } from 'zod';
import type { InvalidParamDetail } from '../errors/invalid-params.js';
import { invalidType } from '../errors/invalid-params.js';
import { type Descriptions, describe } from '../i18n/descriptions.js';
import { INPUT_LIMITS } from './input-limits.js';
/** What a validator may answer: true (valid), false ("Invalid parameter."), a message, or a full detail. */
export type ValidationResult = boolean | string | InvalidParamDetail;

export type ParamKind = 'string' | 'integer' | 'number' | 'boolean' | 'list' | 'object' | 'any';

// biome-ignore lint/suspicious/noExplicitAny: validators receive the route's own context type
export interface ParamSpec<T = any, C = any, R extends boolean = boolean> {
  kind: ParamKind;
  /** The coerced value's schema (documentation and the last validation step). */
  schema: z.ZodType<T>;
  description: Descriptions;
  /** A literal `true` where declared so, which makes the parameter non-optional in `InferParams`. */
  required: R;
  /**
   * Shown in the namespace index and /doc (a function is computed per request, as WordPress shows dynamic
   * defaults); the operation applies its own defaults.
   */
  default?: unknown | ((context: C) => unknown);
  /** WordPress's `validate_callback`, run after coercion; may look things up. */
  validate?: (value: T, context: C) => ValidationResult | Promise<ValidationResult>;
  /** Documented enum values. */
  enum?: readonly string[];
  /** Type of list items, for documentation. */
  items?: 'integer' | 'string';
  /** The values a list's items may take, for documentation (the `validate` callback checks them). */
  itemEnum?: readonly string[];
  /**
   * The value as a client sends it, for /doc, where that says more than `schema`: a list's item type, the
   * forms of a linked record. Never used to validate (coercion, `schema` and `validate` decide what is
   * accepted), so it may describe the documented forms only, not every lenient one accepted.
   */
  documented?: z.ZodType;
  /**
   * When WordPress checks this parameter (ref §1): `validator` in step 2, where the plugin's
   * `validate_callback` answers a bad value with "Invalid parameter." (ids, integers, strings, lists), or
   * `type` in step 3, where a parameter declared only by its type (booleans, numbers) gets the
   * "X is not of type Y." message with a `rest_invalid_type` detail. Step 3 runs only when step 2 passed.
   */
  check: 'validator' | 'type';
  /** Characters a string in this parameter may have; `INPUT_LIMITS.textLength` when not given. */
  maxLength?: number;
  /**
   * A parameter of a request with a body that a client may give in the query string too (a flag beside a body
   * that is no form, such as text/calendar): /doc lists it among the query parameters as well.
   */
  inQuery?: boolean;
}

const TRUE_WORDS = new Set(['true', '1']);
const FALSE_WORDS = new Set(['false', '0']);

type Coerced = { ok: true; value: unknown } | { ok: false; problem: InvalidParamDetail };

/** WordPress's type coercion (`rest_sanitize_value_from_schema`), with its error messages. */
export function coerceParam(name: string, kind: ParamKind, given: ParamValue): Coerced {
  const raw = kind === 'list' || kind === 'any' ? given : lastOfRepeatedKey(given);
  switch (kind) {
    case 'string':
      if (typeof raw === 'string') return { ok: true, value: raw };
      if (typeof raw === 'number') return { ok: true, value: String(raw) };
      return { ok: false, problem: invalidType(name, 'string') };
    case 'integer': {
      if (typeof raw === 'number' && Number.isInteger(raw)) return { ok: true, value: raw };
      if (typeof raw === 'string' && /^\s*[+-]?\d+\s*$/.test(raw)) return { ok: true, value: Number(raw) };
      return { ok: false, problem: invalidType(name, 'integer') };
    }
    case 'number': {
      if (typeof raw === 'number' && Number.isFinite(raw)) return { ok: true, value: raw };
      if (typeof raw === 'string' && raw.trim() !== '' && Number.isFinite(Number(raw)))
        return { ok: true, value: Number(raw) };
      return { ok: false, problem: invalidType(name, 'number') };
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (raw === 1 || raw === 0) return { ok: true, value: raw === 1 };
      if (typeof raw === 'string') {
        const word = raw.toLowerCase();
        if (TRUE_WORDS.has(word)) return { ok: true, value: true };
        if (FALSE_WORDS.has(word)) return { ok: true, value: false };
      }
      return { ok: false, problem: invalidType(name, 'boolean') };
    }
    case 'list': {
      // Items are ids, slugs or words: an object or list inside (`status[][x]=1`) is no item of any list.
      const items = toList(raw);
      if (items.some((item) => typeof item === 'object' && item !== null))
        return { ok: false, problem: invalidType(name, 'array') };
      return { ok: true, value: items };
    }
    default:
      return { ok: true, value: raw };
  }
}

/**
 * A list from any of the accepted forms: a JSON array, repeated or bracketed keys, or a comma-separated
 * string. Items are trimmed and empty items dropped (the plugin's `list_to_array`).
 */
export function toList(raw: ParamValue): ParamValue[] {
  const items: ParamValue[] = Array.isArray(raw)
    ? raw
    : typeof raw === 'object' && raw !== null
      ? Object.values(raw)
      : typeof raw === 'string'
        ? raw.split(',')
        : raw === null
          ? []
          : [raw];
  const out: ParamValue[] = [];
  for (const item of items) {
    if (typeof item === 'string') {
      const trimmed = item.trim();
      if (trimmed !== '') out.push(trimmed);
    } else if (item !== null) {
      out.push(item);
    }
  }
  return out;
}

interface Options<T, C, R extends boolean> {
  required?: R;
  default?: unknown;
  validate?: (value: T, context: C) => ValidationResult | Promise<ValidationResult>;
  /** See `ParamSpec.documented`. */
  documented?: z.ZodType;
  /** See `ParamSpec.maxLength`. */
  maxLength?: number;
}

function spec<T, C, R extends boolean>(
  kind: ParamKind,
  schema: z.ZodType<T>,
  description: Descriptions,
  options: Options<T, C, R> = {},
  extra: Partial<Omit<ParamSpec<T, C>, 'required'>> = {},
): ParamSpec<T, C, R> {
  const result: ParamSpec<T, C, R> = {
    kind,
    schema: schema.meta({ description: description.en }),
    description,
    required: (options.required ?? false) as R,
    check: options.validate !== undefined || (kind !== 'boolean' && kind !== 'number') ? 'validator' : 'type',
    ...extra,
  };
  if (options.default !== undefined) result.default = options.default;
  if (options.validate) result.validate = options.validate;
  if (options.maxLength !== undefined) result.maxLength = options.maxLength;
  const documented = options.documented ?? extra.documented;
  if (documented) result.documented = documented.meta({ description: description.en });
  return result;
}

/** The schema /doc shows for a parameter: its `documented` form, or the schema that validates it. */
export function documentedSchema(spec: ParamSpec): z.ZodType {
  return spec.documented ?? spec.schema;
}

/**
 * An object of parameters, as /doc shows it where a parameter takes a whole record (an inline venue or
 * organizer in an event write): each field the documented schema of that record's own parameter, with both
 * descriptions.
 */
export function documentedObject(specs: ParamSpecs): z.ZodObject {
  return z.object(
    Object.fromEntries(
      Object.entries(specs).map(([name, spec]) => {
        const schema = documentedSchema(spec);
        return [
          name,
          (spec.required ? schema : schema.optional()).meta(
            describe(spec.description.en, spec.description.de),
          ),
        ];
      }),
    ),
  );
}

/** The largest record id: the databases store ids as 32-bit integers. */
export const MAX_ID = 2_147_483_647;

export const searchTooLong = `search may be at most ${INPUT_LIMITS.searchLength} characters long.`;

/** Builders for the parameter kinds the API uses. */
export const param = {
  string: <C, R extends boolean = boolean>(d: Descriptions, o?: Options<string, C, R>) =>
    spec('string', z.string(), d, o),
  /** A non-empty string (the plugin's `is_string`: `""` is invalid). */
  text: <C, R extends boolean = boolean>(d: Descriptions, o?: Options<string, C, R>) =>
    spec(
      'string',
      z.string().refine((s) => s.trim() !== ''),
      d,
      o,
    ),
  integer: <C, R extends boolean = boolean>(d: Descriptions, o?: Options<number, C, R>) =>
    spec('integer', z.number().int(), d, o),
  /** A positive integer (`is_positive_int`). */
  positiveInteger: <C, R extends boolean = boolean>(d: Descriptions, o?: Options<number, C, R>) =>
    spec('integer', z.number().int().positive(), d, o),
  /** A record id: a positive integer within the 32-bit range the databases store. */
  id: <C, R extends boolean = boolean>(d: Descriptions, o?: Options<number, C, R>) =>
    spec('integer', z.number().int().min(0).max(MAX_ID), d, o),
  number: <C, R extends boolean = boolean>(d: Descriptions, o?: Options<number, C, R>) =>
    spec('number', z.number(), d, o),
  boolean: <C, R extends boolean = boolean>(d: Descriptions, o?: Options<boolean, C, R>) =>
    spec('boolean', z.boolean(), d, o),
  enumeration: <C, R extends boolean = boolean>(
    values: readonly [string, ...string[]],
    d: Descriptions,
    o?: Options<string, C, R>,
  ) => spec('string', z.enum(values), d, o, { enum: values }),
  /**
   * A list (a JSON array, repeated or bracketed keys, or comma-separated): of integers, of strings, or of
   * the strings `items` names. Items reach `validate` as sent (strings from a query); /doc shows their type.
   */
  list: <C, R extends boolean = boolean>(
    items: 'integer' | 'string' | readonly string[],
    d: Descriptions,
    o?: Options<ParamValue[], C, R>,
  ) =>
    spec(
      'list',
      z
        .array(items === 'integer' ? z.union([z.number(), z.string()]) : z.any())
        .max(INPUT_LIMITS.listItems) as z.ZodType<ParamValue[]>,
      d,
      o,
      typeof items === 'string'
        ? {
            items,
            documented: z
              .array(items === 'integer' ? z.number().int() : z.string())
              .max(INPUT_LIMITS.listItems),
          }
        : {
            items: 'string',
            itemEnum: items,
            documented: z.array(z.enum(items as [string, ...string[]])).max(INPUT_LIMITS.listItems),
          },
    ),
  /**
   * A search text: non-empty (the plugin's `is_string`: a text of blanks is accepted and filters nothing),
   * at most `INPUT_LIMITS.searchLength` characters.
   */
  search: <C, R extends boolean = boolean>(d: Descriptions, o?: Options<string, C, R>) =>
    spec<string, C, R>('string', z.string(), d, {
      ...o,
      // The limit is checked here, not by the schema, so that the answer names it.
      validate: (value: string, context: C) =>
        value === ''
          ? false
          : value.length > INPUT_LIMITS.searchLength
            ? searchTooLong
            : (o?.validate?.(value, context) ?? true),
      documented: z.string().min(1).max(INPUT_LIMITS.searchLength),
    }),
  any: <C, R extends boolean = boolean>(d: Descriptions, o?: Options<ParamValue, C, R>) =>
    spec('any', z.any() as z.ZodType<ParamValue>, d, o),
  /**
   * A flag the plugin declares as a non-empty string and reads with PHP's `FILTER_VALIDATE_BOOLEAN`
   * (`strict_dates`, ref §5.1): `true`, `1`, `yes` and `on` are true, any other non-empty string false.
   */
  phpBoolean: <C, R extends boolean = boolean>(d: Descriptions, o?: Options<boolean, C, R>) =>
    spec(
      'any',
      z
        .union([z.boolean(), z.number(), z.string().refine((s) => s !== '')])
        .transform((value) =>
          typeof value === 'string' ? PHP_TRUE_WORDS.has(value.trim().toLowerCase()) : Boolean(value),
        ) as unknown as z.ZodType<boolean>,
      d,
      o,
    ),
};

const PHP_TRUE_WORDS = new Set(['1', 'true', 'on', 'yes']);

export type ParamSpecs = Record<string, ParamSpec>;

/** The value type of a parameter, as the operation receives it (coerced and validated). */
type ValueOf<S> = S extends { schema: z.ZodType<infer T> } ? T : never;

/**
 * The parameters an operation receives, typed from its specs: those declared `required: true` are present,
 * the others optional (an operation applies its own defaults).
 */
export type InferParams<P extends ParamSpecs> = {
  [K in keyof P as P[K] extends { required: true } ? K : never]: ValueOf<P[K]>;
} & {
  [K in keyof P as P[K] extends { required: true } ? never : K]?: ValueOf<P[K]>;
};
export type ParamValue = string | number | boolean | null | ParamValue[] | { [key: string]: ParamValue };
export type ParamBag = Record<string, ParamValue>;
/** An object without a prototype: nothing inherited answers a lookup, no key can reach `Object.prototype`. */
export function emptyBag<T = ParamValue>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}
/** The value a single-valued parameter sees: the last of a repeated key's values. */
export function lastOfRepeatedKey(value: ParamValue): ParamValue {
  return Array.isArray(value) && repeatedKeyLists.has(value) ? (value[value.length - 1] ?? null) : value;
}

/**
 * Lists made of a key repeated without brackets (`a=1&a=2`, not `a[]=1&a[]=2`). A list parameter takes all
 * the values; a single-valued one takes the last, as PHP does.
 */
const repeatedKeyLists = new WeakSet<ParamValue[]>();

/** Marks a list the parser made of a key repeated without brackets. */
export function markRepeatedKeyList(list: ParamValue[]): void {
  repeatedKeyLists.add(list);
}

export function isRepeatedKeyList(list: ParamValue[]): boolean {
  return repeatedKeyLists.has(list);
}
