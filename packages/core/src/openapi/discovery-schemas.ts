/** Response schemas of the two discovery routes: the namespace index (ref §9.2) and this document (§11). */
import { z } from 'zod';
import { describe } from '../i18n/descriptions.js';

const link = z.object({ href: z.url() });

/** One argument as `describeParam` lists it: JSON-schema keywords plus `required`. */
const indexArgument = z.object({
  default: z.unknown().optional(),
  description: z.string(),
  type: z.enum(['string', 'integer', 'number', 'boolean', 'array', 'object']).optional(),
  items: z.object({ type: z.enum(['integer', 'string']), enum: z.array(z.string()).optional() }).optional(),
  enum: z.array(z.string()).optional(),
  required: z.boolean(),
});

const indexRoute = z.object({
  namespace: z.string(),
  methods: z.array(z.string()),
  endpoints: z.array(
    z.object({
      methods: z.array(z.string()),
      args: z
        .union([z.record(z.string(), indexArgument), z.array(z.never()).max(0)])
        .meta(
          describe(
            'The arguments by name; `[]` when there are none.',
            'Die Argumente nach Namen; `[]`, wenn es keine gibt.',
          ),
        ),
    }),
  ),
  _links: z.object({ self: z.array(link) }).optional(),
});

export const namespaceIndexSchema = z
  .object({
    namespace: z.string(),
    routes: z
      .record(z.string(), indexRoute)
      .meta(
        describe(
          'Every route, keyed by its WordPress-style pattern (`/calendar/events/v1/events/(?P<id>\\d+)`).',
          'Alle Routen, nach ihrem Muster im WordPress-Stil (`/calendar/events/v1/events/(?P<id>\\d+)`).',
        ),
      ),
    _links: z.object({ up: z.array(link) }),
  })
  .meta({
    id: 'NamespaceIndex',
    ...describe(
      'The namespace index: every route with its methods and arguments.',
      'Der Namensraum-Index: alle Routen mit ihren Methoden und Argumenten.',
    ),
  });

export const openApiDocumentSchema = z
  .looseObject({
    openapi: z.string().regex(/^3\.1\.\d+$/),
    info: z.looseObject({ title: z.string(), version: z.string(), description: z.string() }),
    servers: z.array(z.looseObject({ url: z.url() })),
    paths: z.record(z.string(), z.looseObject({})),
    components: z.looseObject({}),
  })
  .meta({ id: 'OpenApiDocument', ...describe('This OpenAPI 3.1 document.', 'Dieses OpenAPI-3.1-Dokument.') });
