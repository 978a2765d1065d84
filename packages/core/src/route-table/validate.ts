/**
 * WordPress's parameter checks in its order (ref §1): missing required parameters first (and alone), then
 * every present parameter's type coercion and validator, all problems reported together.
 */

import { type InvalidParamDetail, invalidParams, missingParams } from '../errors/invalid-params.js';
import type { RequestContext } from './context.js';
import { INPUT_LIMITS } from './input-limits.js';
import type { ParamBag, ParamValue } from './params.js';
import { coerceParam, type ParamSpecs } from './params.js';
import type { Params } from './route.js';

/** WordPress's message for a value outside an enum. */
function notInEnum(name: string, values: readonly string[]): InvalidParamDetail {
  const message = `${name} is not one of ${values.join(', ')}.`;
  return { message, detail: { code: 'rest_not_in_enum', message, data: { param: name } } };
}

export const tooManyItems = (name: string): InvalidParamDetail => ({
  message: `${name} may hold at most ${INPUT_LIMITS.listItems} items.`,
});

/**
 * What no parameter may hold, whatever its type: a NUL character (PostgreSQL refuses it
 * in text, SQLite's search ends at it), a text longer than `maxLength` (`INPUT_LIMITS.textLength` unless the
 * parameter says otherwise), or a list of more than `INPUT_LIMITS.listItems` items anywhere inside (each item
 * may become a bound value, and the databases bind at most 32,766 or 65,535). The parser has already bounded
 * the nesting depth.
 */
function refusedInput(
  name: string,
  raw: ParamValue,
  maxLength: number = INPUT_LIMITS.textLength,
): InvalidParamDetail | undefined {
  if (typeof raw === 'string')
    return raw.length > maxLength
      ? { message: `${name} may be at most ${maxLength} characters long.` }
      : raw.includes('\u0000')
        ? { message: `${name} may not contain NUL characters (U+0000).` }
        : undefined;
  if (typeof raw !== 'object' || raw === null) return undefined;
  const items = Object.values(raw);
  if (items.length > INPUT_LIMITS.listItems) return tooManyItems(name);
  for (const item of items) {
    const refused = refusedInput(name, item, maxLength);
    if (refused) return refused;
  }
  return undefined;
}

/** Checks `raw` against `specs`; returns the coerced values, or the problems (nothing thrown). */
export async function checkParams(
  specs: ParamSpecs,
  raw: ParamBag,
  context: RequestContext,
): Promise<{ values: Params; missing: string[]; problems: Record<string, InvalidParamDetail> }> {
  const missing = Object.entries(specs)
    .filter(([name, spec]) => spec.required && (raw[name] === undefined || raw[name] === null))
    .map(([name]) => name);
  const problems: Record<string, InvalidParamDetail> = {};
  const values: Params = {};
  if (missing.length > 0) return { values, missing, problems };
  // WordPress's step 2 (validate callbacks), then, only if every one passed, step 3 (type checks).
  for (const step of ['validator', 'type'] as const) {
    for (const [name, spec] of Object.entries(specs)) {
      if (spec.check !== step || raw[name] === undefined) continue;
      const problem = await checkParam(name, spec, raw[name], context, values);
      if (problem) problems[name] = problem;
    }
    if (Object.keys(problems).length > 0) break;
  }
  return { values, missing, problems };
}

/** One parameter: its coerced value goes into `values`, or its problem is returned. */
async function checkParam(
  name: string,
  spec: ParamSpecs[string],
  raw: ParamValue,
  context: RequestContext,
  values: Params,
): Promise<InvalidParamDetail | undefined> {
  const refused = refusedInput(name, raw, spec.maxLength);
  if (refused) return refused;
  const coerced = coerceParam(name, spec.kind, raw);
  if (coerced.ok && spec.kind === 'list' && (coerced.value as unknown[]).length > INPUT_LIMITS.listItems)
    return tooManyItems(name);
  if (!coerced.ok) {
    // A validate callback answers a value of the wrong type with false, which WordPress reports plainly.
    return spec.check === 'validator' ? { message: 'Invalid parameter.' } : coerced.problem;
  }
  const parsed = spec.schema.safeParse(coerced.value);
  if (!parsed.success) return spec.enum ? notInEnum(name, spec.enum) : { message: 'Invalid parameter.' };
  if (spec.validate) {
    const verdict = await spec.validate(parsed.data, context);
    if (verdict !== true) {
      return verdict === false
        ? { message: 'Invalid parameter.' }
        : typeof verdict === 'string'
          ? { message: verdict }
          : verdict;
    }
  }
  values[name] = parsed.data;
  return undefined;
}

/** `checkParams`, throwing WordPress's errors. */
export async function validateParams(
  specs: ParamSpecs,
  raw: ParamBag,
  context: RequestContext,
): Promise<Params> {
  const { values, missing, problems } = await checkParams(specs, raw, context);
  if (missing.length > 0) throw missingParams(missing);
  if (Object.keys(problems).length > 0) throw invalidParams(problems);
  return values;
}
