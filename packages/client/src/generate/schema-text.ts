/**
 * The TypeScript types of an OpenAPI document, as openapi-typescript writes them (`paths`, `components`,
 * `operations`), behind a header that says where they come from.
 */
import openapiTS, { astToString } from 'openapi-typescript';

const HEADER = `/**
 * Generated from the Calendar Events service's OpenAPI document (GET /doc) by openapi-typescript:
 * \`pnpm --filter @calendar-events/client generate\` (the build runs it). Do not edit by hand;
 * src/generate/schema.test.ts fails when this file and the service disagree.
 */
`;

export async function schemaText(document: Record<string, unknown>): Promise<string> {
  // The document is passed as an object: openapi-typescript's Redocly bundler then reads no file or URL.
  const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], {
    // `/events/{id}` answers 404 and 403 as well as 200: errors are typed too (openapi-fetch's `error`).
    defaultNonNullable: true,
    alphabetize: false,
  });
  return HEADER + astToString(ast);
}
