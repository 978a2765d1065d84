import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../route-table/context.js';
import { etagOf } from './etag.js';
import { ifMatchPrecondition } from './preconditions.js';
import { jsonResponse } from './respond.js';

const context = {} as RequestContext;
const current = async () => jsonResponse(200, { id: 1, title: 'Now' });
const etag = etagOf(JSON.stringify({ id: 1, title: 'Now' }));

describe('ifMatchPrecondition', () => {
  it('lets the write through when If-Match names the current representation, or *', async () => {
    await expect(ifMatchPrecondition(`"old", ${etag}`, current)!(context)).resolves.toBeUndefined();
    await expect(ifMatchPrecondition('*', current)!(context)).resolves.toBeUndefined();
  });

  it('answers 412 for another ETag, a weak one, or no representation the caller can read', async () => {
    for (const [header, read] of [
      ['"old"', current],
      [`W/${etag}`, current],
      ['*', async () => undefined],
    ] as const)
      await expect(ifMatchPrecondition(header, read)!(context)).rejects.toMatchObject({
        status: 412,
        code: 'rest_precondition_failed',
      });
  });

  it('is none without the header, or without a GET route to compare with', () => {
    expect(ifMatchPrecondition(undefined, current)).toBeUndefined();
    expect(ifMatchPrecondition('"a"', undefined)).toBeUndefined();
  });
});
