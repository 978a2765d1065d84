import { fileURLToPath } from 'node:url';

/** The generated types, beside the client that imports them. */
export const SCHEMA_FILE = fileURLToPath(new URL('../schema.gen.ts', import.meta.url));
