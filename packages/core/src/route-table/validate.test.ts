/** The limits every parameter has, whatever its route (`INPUT_LIMITS`), as `checkParams` applies them. */
import { describe, expect, it } from 'vitest';
import type { RequestContext } from './context.js';
import { INPUT_LIMITS } from './input-limits.js';
import { param } from './params.js';
import { checkParams } from './validate.js';

const d = { en: 'A parameter.', de: 'Ein Parameter.' };
const context = {} as RequestContext;

describe('checkParams: text length', () => {
  const specs = {
    title: param.string(d),
    tags: param.any(d),
    calendar: param.string(d, { maxLength: 2 * INPUT_LIMITS.textLength }),
  };
  const over = 'x'.repeat(INPUT_LIMITS.textLength + 1);

  it(`refuses a text over ${INPUT_LIMITS.textLength} characters, in a string or inside a list or object`, async () => {
    const { problems } = await checkParams(specs, { title: over, tags: ['ok', { name: over }] }, context);
    expect(problems).toEqual({
      title: { message: `title may be at most ${INPUT_LIMITS.textLength} characters long.` },
      tags: { message: `tags may be at most ${INPUT_LIMITS.textLength} characters long.` },
    });
  });

  it('takes a text at the limit, and a longer one where the parameter allows more', async () => {
    const atLimit = 'x'.repeat(INPUT_LIMITS.textLength);
    const { problems, values } = await checkParams(specs, { title: atLimit, calendar: over }, context);
    expect(problems).toEqual({});
    expect(values.calendar).toHaveLength(INPUT_LIMITS.textLength + 1);
  });
});
