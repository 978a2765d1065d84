/**
 * The committed types (src/schema.gen.ts) are what the service's document gives now: a route, parameter or
 * answer changed in core without `pnpm --filter @calendar-events/client generate` fails here.
 */
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { serviceDocument } from './document.js';
import { SCHEMA_FILE } from './paths.js';
import { schemaText } from './schema-text.js';

it('matches the service’s OpenAPI document', async () => {
  const generated = await schemaText(await serviceDocument());
  const committed = await readFile(SCHEMA_FILE, 'utf8');
  expect(
    generated === committed,
    'src/schema.gen.ts is stale: run pnpm --filter @calendar-events/client generate',
  ).toBe(true);
  expect(committed).toContain('"/events/calendar": {');
});
