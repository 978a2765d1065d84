import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { type Failure, toApiError } from './to-api-error.js';

describe('toApiError', () => {
  it('keeps an ApiError as it is, and reports nothing', () => {
    const reported: Failure[] = [];
    const error = new ApiError('rest_forbidden', 'No.', 403);
    expect(toApiError(error, { report: (failure) => reported.push(failure) })).toBe(error);
    expect(reported).toEqual([]);
  });

  it('answers 503 for an unavailable database and 500 for anything else, reporting which', () => {
    const reported: Failure[] = [];
    const options = {
      isUnavailable: (error: unknown) => (error as { code?: string }).code === 'ECONNREFUSED',
      report: (failure: Failure) => reported.push(failure),
    };
    const refused = Object.assign(new Error('connect'), { code: 'ECONNREFUSED' });
    expect(toApiError(refused, options)).toMatchObject({ status: 503, code: 'rest_database_unavailable' });
    expect(toApiError(new TypeError('bug'), options)).toMatchObject({ status: 500 });
    expect(reported).toEqual(['unavailable', 'internal']);
  });
});
