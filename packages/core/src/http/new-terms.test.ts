import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../config.js';
import { isApiError } from '../errors/api-error.js';
import { createNewTermBudget } from './new-terms.js';

const contributor = { userId: 7, role: 'contributor' as const };
const at = (seconds: number) => new Date(Date.UTC(2026, 2, 10) + seconds * 1000);

/** The error a `take` throws, or undefined. */
function refusal(take: () => void) {
  try {
    take();
    return undefined;
  } catch (error) {
    if (!isApiError(error)) throw error;
    return error;
  }
}

describe('the budget of new terms per user', () => {
  it('defaults to 200 an hour, and is off with false', () => {
    expect(resolveConfig({}).newTermsPerHour).toBe(200);
    expect(createNewTermBudget(false)).toBeUndefined();
    expect(() => resolveConfig({ newTermsPerHour: 0 })).toThrow(RangeError);
  });

  it('does not limit anonymous callers (who cannot write), editors or administrators', () => {
    const budget = createNewTermBudget(5)!;
    expect(budget.forWrite(null, at(0))).toBeUndefined();
    expect(budget.forWrite({ userId: 1, role: 'editor' }, at(0))).toBeUndefined();
    expect(budget.forWrite({ userId: 2, role: 'administrator' }, at(0))).toBeUndefined();
    expect(budget.forWrite({ userId: 3, role: 'author' }, at(0))).toBeDefined();
  });

  it('refuses a write over the budget with 429 and Retry-After, refills at limit an hour, per user', () => {
    const budget = createNewTermBudget(5)!;
    budget.forWrite(contributor, at(0))!.take(5, 'tags');
    const refused = refusal(() => budget.forWrite(contributor, at(0))!.take(1, 'tags'));
    expect(refused?.status).toBe(429);
    expect(refused?.code).toBe('rest_too_many_requests');
    expect(refused?.headers['Retry-After']).toBe('720');
    expect(refused?.message).toMatch(/tags would create 1 more/);
    // Another user has a budget of their own.
    expect(
      refusal(() => budget.forWrite({ userId: 8, role: 'author' }, at(0))!.take(5, 'tags')),
    ).toBeUndefined();
    // One term back every 720 seconds.
    expect(refusal(() => budget.forWrite(contributor, at(720))!.take(1, 'categories'))).toBeUndefined();
    expect(refusal(() => budget.forWrite(contributor, at(720))!.take(1, 'categories'))?.status).toBe(429);
  });

  it('gives back what a failed write took, and refuses with 400 what no budget could hold', () => {
    const budget = createNewTermBudget(5)!;
    const first = budget.forWrite(contributor, at(0))!;
    first.take(3, 'categories');
    expect(refusal(() => first.take(3, 'tags'))).toMatchObject({ status: 400, code: 'rest_invalid_param' });
    first.refund();
    const second = budget.forWrite(contributor, at(0))!;
    expect(refusal(() => second.take(5, 'tags'))).toBeUndefined();
    const huge = refusal(() => budget.forWrite(contributor, at(0))!.take(6, 'tags'));
    expect(huge?.status).toBe(400);
    expect(huge?.data).toMatchObject({ params: { tags: expect.stringMatching(/at most 5 an hour/) } });
  });
});
