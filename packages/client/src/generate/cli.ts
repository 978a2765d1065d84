/**
 * `pnpm --filter @calendar-events/client generate` (and the first step of its build): writes src/schema.gen.ts
 * from the service's OpenAPI document. Run after core is built (turbo's `^build`), or from core's source with
 * `--conditions=@calendar-events/source`.
 */
import { writeFile } from 'node:fs/promises';
import { serviceDocument } from './document.js';
import { SCHEMA_FILE } from './paths.js';
import { schemaText } from './schema-text.js';

await writeFile(SCHEMA_FILE, await schemaText(await serviceDocument()));
console.log(`wrote ${SCHEMA_FILE}`);
