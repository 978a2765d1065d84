import type { Client } from 'openapi-fetch';
import type { paths } from './schema.gen.js';

/** What the helpers share with the client they belong to. */
export interface HelperContext {
  client: Client<paths>;
  /** The namespace root, without a final slash. */
  baseUrl: string;
  headers: Record<string, string>;
  fetch: (request: Request) => Promise<Response>;
}
