import { ApiError } from './api-error.js';
/** One detail of `rest_invalid_param`: a message, and optionally a structured entry for `data.details`. */
export interface InvalidParamDetail {
  message: string;
  detail?: { code: string; message: string; data: Record<string, unknown> };
}
/** `rest_invalid_param` with `params` as a map and `details` (`[]` when empty, as PHP serialises it). */
export function invalidParams(problems: Record<string, InvalidParamDetail>): ApiError {
  const names = Object.keys(problems);
  // Without a prototype, so that a refused parameter called `__proto__` is named like any other.
  const params: Record<string, string> = Object.create(null);
  const details: Record<string, unknown> = Object.create(null);
  for (const name of names) {
    const problem = problems[name]!;
    params[name] = problem.message;
    if (problem.detail) details[name] = problem.detail;
  }
  return new ApiError('rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, 400, {
    params,
    details: Object.keys(details).length > 0 ? details : [],
  });
}
/** A single invalid parameter with WordPress's generic message. */
export function invalidParam(name: string, message = 'Invalid parameter.'): ApiError {
  return invalidParams({ [name]: { message } });
}
/** A type-coercion failure, reported as WordPress's sanitize step does (`rest_invalid_type` detail). */
export function invalidType(name: string, type: string): InvalidParamDetail {
  const message = `${name} is not of type ${type}.`;
  return { message, detail: { code: 'rest_invalid_type', message, data: { param: name } } };
}
export function missingParams(names: string[]): ApiError {
  return new ApiError('rest_missing_callback_param', `Missing parameter(s): ${names.join(', ')}`, 400, {
    params: names,
  });
}
