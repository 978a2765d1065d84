import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../core.js';
import { createSqliteDatabase } from '../db/sqlite.js';
import { textOf } from '../http/respond.js';
import { LOCALIZED_DESCRIPTION } from '../i18n/descriptions.js';
import { compileRoutes } from '../route-table/compile.js';

// biome-ignore lint/suspicious/noExplicitAny: the tests walk the generated JSON freely
type Json = any;

const HOST = 'api.calendar.test';

let core: CalendarCore;

async function fetchDocument(language?: 'de', path = '/doc'): Promise<{ status: number; document: Json }> {
  const response = await core.handle({
    method: 'GET',
    url: `${core.namespacePath(language)}${path}`,
    mountPath: '',
    headers: { host: HOST },
    ...(language ? { language } : {}),
  });
  return { status: response.status, document: JSON.parse(textOf(response)!) };
}

/** Every `description` and `summary` of a document, with its JSON path. */
function texts(node: Json, path = ''): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof node !== 'object' || node === null) return found;
  for (const [key, value] of Object.entries(node)) {
    // An example is a record as the service answers it (its `description` is the event's), in any language.
    if (key === 'example') continue;
    if ((key === 'description' || key === 'summary') && typeof value === 'string')
      found.set(`${path}/${key}`, value);
    else for (const [p, t] of texts(value, `${path}/${key}`)) found.set(p, t);
  }
  return found;
}

/** The document with its texts and server address left out: what must not depend on the language. */
function withoutTexts(node: Json): Json {
  if (Array.isArray(node)) return node.map(withoutTexts);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !((key === 'description' || key === 'summary') && typeof value === 'string'))
      .filter(([key]) => key !== 'servers')
      .map(([key, value]) => [key, withoutTexts(value)]),
  );
}

/**
 * Every JSON Schema in a document (components, parameters, bodies, answers, headers), with OpenAPI's
 * `#/components/schemas/X` references pointed at a bundle Ajv can resolve.
 */
function schemasOf(document: Json): { components: Json; located: Array<[string, Json]> } {
  const bundle = 'urn:test:components';
  const rebase = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(rebase);
    if (typeof node !== 'object' || node === null) return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        key === '$ref' && typeof value === 'string'
          ? value.replace('#/components/schemas/', `${bundle}#/$defs/`)
          : rebase(value),
      ]),
    );
  };
  const located: Array<[string, Json]> = [];
  const collect = (node: Json, path: string): void => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'schema' && typeof value === 'object') located.push([path, rebase(value)]);
      else collect(value, `${path}/${key}`);
    }
  };
  collect(document.paths, '#/paths');
  collect(document.components.responses, '#/components/responses');
  return { components: { $id: bundle, $defs: rebase(document.components.schemas) }, located };
}

describe('the OpenAPI document (GET {ns}/doc)', () => {
  let english: Json;
  let german: Json;

  beforeAll(async () => {
    const database = createSqliteDatabase(':memory:');
    await database.migrate();
    core = createCalendarCore({
      database,
      clock: () => new Date('2026-03-10T12:00:00Z'),
      geolocation: true,
    });
    const en = await fetchDocument();
    const de = await fetchDocument('de');
    expect(en.status).toBe(200);
    expect(de.status).toBe(200);
    english = en.document;
    german = de.document;
  });

  afterAll(async () => {
    await core.close();
  });

  it.each([
    ['English', () => english],
    ['German', () => german],
  ])('is a valid OpenAPI 3.1 document (%s)', async (_name, document) => {
    const validator = new Validator();
    const result = await validator.validate(document());
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it.each([
    ['English', () => english],
    ['German', () => german],
  ])('contains only schemas that a strict JSON Schema 2020-12 validator accepts (%s)', (_name, document) => {
    // The OpenAPI validator checks the document's structure but not the JSON Schemas inside it.
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
    ajv.addFormat('uri', true);
    const { components, located } = schemasOf(document());
    ajv.addSchema(components);
    for (const name of Object.keys(document().components.schemas))
      expect(ajv.getSchema(`${components.$id}#/$defs/${name}`), name).toBeTypeOf('function');
    expect(located.length).toBeGreaterThan(100);
    for (const [path, schema] of located) expect(() => ajv.compile(schema), path).not.toThrow();
  });

  it('would fail the validator if it were broken (the check above is not vacuous)', async () => {
    const broken = structuredClone(english);
    delete broken.info.version;
    broken.paths['/events'].get.responses['200'].content['application/json'].schema = { type: 'nonsense' };
    const result = await new Validator().validate(broken);
    expect(result.valid).toBe(false);
  });

  it('has the plugin’s top-level keys, and the API root with a trailing slash as its server', () => {
    expect(Object.keys(english)).toEqual(
      expect.arrayContaining(['openapi', 'info', 'servers', 'components', 'paths']),
    );
    expect(english.openapi).toBe('3.1.0');
    expect(english.info).toMatchObject({
      version: expect.any(String),
      title: expect.any(String),
      description: expect.any(String),
    });
    expect(english.servers[0].url).toBe(`http://${HOST}/calendar/events/v1/`);
    expect(german.servers[0].url).toBe(`http://${HOST}/de/calendar/events/v1/`);
  });

  it('documents every path and method of the route table, each with its declared answer', () => {
    const expected: string[] = [];
    for (const compiled of compileRoutes(core.routes))
      for (const route of compiled.routes)
        for (const method of route.methods) expected.push(`${method} ${compiled.openApiPath}`);
    const documented = Object.entries(english.paths).flatMap(([path, item]) =>
      Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(expected.sort());
    expect(documented).toEqual(
      expect.arrayContaining(['GET /events', 'GET /events/{id}', 'PATCH /tags/{id}']),
    );

    for (const route of core.routes) expect(route.response, route.name).toBeDefined();
    for (const [path, item] of Object.entries<Json>(english.paths)) {
      for (const [method, operation] of Object.entries<Json>(item)) {
        const isCreate = method === 'post' && !path.includes('{') && path !== '/events/import';
        const success = operation.responses[isCreate ? '201' : '200'];
        // JSON, except the iCalendar feeds (`text/calendar`) and the live stream (`text/event-stream`).
        const mediaType = path.endsWith('/ical')
          ? 'text/calendar'
          : path.endsWith('/stream')
            ? 'text/event-stream'
            : 'application/json';
        expect(success?.content?.[mediaType]?.schema, `${method} ${path}`).toBeDefined();
        expect(operation.responses.default).toEqual({ $ref: '#/components/responses/Error' });
        if (isCreate) expect(success.headers.Location).toBeDefined();
      }
    }
  });

  it('refers to the resources and the error envelope as components', () => {
    const schemas = english.components.schemas;
    for (const name of [
      'Event',
      'Venue',
      'Organizer',
      'Category',
      'Tag',
      'Term',
      'Image',
      'DateDetails',
      'CostDetails',
      'Error',
      'EventList',
      'VenueList',
      'OrganizerList',
      'CategoryList',
      'TagList',
      'EventDeleted',
    ])
      expect(schemas, name).toHaveProperty(name);
    const content = (path: string, method: string, status: string) =>
      english.paths[path][method].responses[status].content['application/json'].schema;
    expect(content('/events/{id}', 'get', '200')).toEqual({ $ref: '#/components/schemas/Event' });
    expect(content('/events', 'get', '200')).toEqual({ $ref: '#/components/schemas/EventList' });
    expect(content('/venues', 'post', '201')).toEqual({ $ref: '#/components/schemas/Venue' });
    expect(content('/tags/{id}', 'delete', '200')).toEqual({ $ref: '#/components/schemas/Tag' });
    expect(content('/organizers/{id}', 'delete', '200')).toEqual({
      anyOf: [{ $ref: '#/components/schemas/Organizer' }, { $ref: '#/components/schemas/OrganizerDeleted' }],
    });
    expect(english.components.responses.BadRequest.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    expect(english.paths['/events/{id}'].delete.responses['410']).toEqual({
      $ref: '#/components/responses/Gone',
    });
    // Terms have no trash: their delete is permanent, so never 410.
    expect(english.paths['/tags/{id}'].delete.responses).not.toHaveProperty('410');
  });

  it('closes the event object: every key required, no other key allowed, json_ld and the recurrence keys optional', () => {
    const event = english.components.schemas.Event;
    expect(event.additionalProperties).toBe(false);
    expect(Object.keys(event.properties)).toHaveLength(46);
    const optional = [
      'json_ld',
      'recurrence',
      'series_id',
      'original_start_date',
      'original_utc_start_date',
      'is_exception',
    ];
    expect(event.required).toEqual(Object.keys(event.properties).filter((key) => !optional.includes(key)));
    expect(event.properties.venue.anyOf).toContainEqual({ $ref: '#/components/schemas/Venue' });
    expect(event.properties.image.anyOf).toContainEqual({ type: 'boolean', const: false });
    const venue = english.components.schemas.Venue;
    expect(venue.additionalProperties).toBe(false);
    expect(venue.required).toEqual([
      'id',
      'author',
      'status',
      'date',
      'date_utc',
      'modified',
      'modified_utc',
      'url',
      'show_map',
      'show_map_link',
      'global_id',
      'global_id_lineage',
    ]);
    expect(english.components.schemas.Tag.properties).not.toHaveProperty('parent');
    expect(english.components.schemas.Category.required).toContain('parent');
  });

  it('lists a parameter of a request with a body that the query string may give too (inQuery)', () => {
    const importing = english.paths['/events/import'].post;
    expect(importing.parameters).toEqual([
      expect.objectContaining({
        name: 'strict',
        in: 'query',
        schema: expect.objectContaining({ type: 'boolean' }),
      }),
    ]);
    const body = importing.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['calendar', 'strict']));
  });

  it('renders parameters from their validating schemas, as input', () => {
    const list = english.paths['/events'].get.parameters as Json[];
    const page = list.find((p) => p.name === 'page');
    expect(page).toMatchObject({
      in: 'query',
      description: 'The page of results to return.',
      schema: { type: 'integer', default: 1 },
    });
    expect(page.required).toBeUndefined();
    // A default computed per request, as the namespace index shows it.
    expect(list.find((p) => p.name === 'per_page').schema.default).toBe(10);
    expect(list.find((p) => p.name === 'categories')).toMatchObject({
      style: 'form',
      explode: false,
      schema: { type: 'array' },
    });
    const read = english.paths['/events/{id}'].get.parameters as Json[];
    expect(read.find((p) => p.name === 'id')).toMatchObject({
      in: 'path',
      required: true,
      schema: { type: 'integer' },
    });
    const create = english.paths['/events'].post.requestBody;
    expect(Object.keys(create.content)).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    expect(create.required).toBe(true);
    expect(create.content['application/json'].schema.required).toEqual(['title', 'start_date', 'end_date']);
    const update = english.paths['/events/{id}'].patch;
    expect(update.requestBody.required).toBe(false);
    expect(update.requestBody.content['application/json'].schema.properties).not.toHaveProperty('id');
    expect(update.parameters.map((p: Json) => p.name)).toEqual(['id']);
  });

  it('types the compound parameters: lists by their items, linked records by the forms they are sent in', () => {
    const query = Object.fromEntries(
      (english.paths['/events'].get.parameters as Json[]).map((p) => [p.name, p.schema]),
    );
    for (const name of ['venue', 'organizer', 'include'])
      expect(query[name], name).toMatchObject({ type: 'array', items: { type: 'integer' } });
    for (const name of ['categories', 'tags'])
      expect(query[name], name).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(query.status.items).toEqual({
      type: 'string',
      enum: ['publish', 'future', 'draft', 'pending', 'private', 'trash'],
    });

    const body = english.paths['/events'].post.requestBody.content['application/json'].schema.properties;
    const branches = (schema: Json) => (schema.anyOf as Json[]).map((branch) => branch.type);
    expect(branches(body.venue)).toEqual(['integer', 'object', 'object', 'string']);
    const inlineVenue = body.venue.anyOf[2];
    expect(inlineVenue.required).toEqual(['venue']);
    expect(inlineVenue.properties).toMatchObject({
      venue: { type: 'string' },
      city: { type: 'string' },
      geo_lat: { type: 'number' },
      show_map: { type: ['boolean', 'string', 'number'] },
    });
    expect(body.venue.anyOf[3]).toMatchObject({ const: '' });
    expect(branches(body.organizer)).toEqual(['array', undefined, 'string']);
    expect(body.organizer.anyOf[0].items.anyOf[2].required).toEqual(['organizer']);
    expect(branches(body.categories)).toEqual(['array', 'string']);
    expect(branches(body.tags)).toEqual(['array', 'string']);
    expect(branches(body.cost)).toEqual(['string', 'number', 'array']);
    // Nothing else the API takes is left untyped, but the venue and organizer list filters that still take
    // any value (posts/linked-post.ts: the two flags are read as truthy words).
    const untyped: string[] = [];
    for (const [path, item] of Object.entries<Json>(english.paths))
      for (const [method, operation] of Object.entries<Json>(item)) {
        for (const parameter of operation.parameters ?? [])
          if (Object.keys(parameter.schema).every((key) => key === 'description' || key === 'default'))
            untyped.push(`${method} ${path} ${parameter.name}`);
        const properties = operation.requestBody?.content['application/json'].schema.properties ?? {};
        for (const [name, schema] of Object.entries<Json>(properties))
          if (Object.keys(schema).every((key) => key === 'description' || key === 'default'))
            untyped.push(`${method} ${path} ${name}`);
      }
    expect(untyped).toEqual(
      ['venues', 'organizers'].flatMap((plural) =>
        ['has_events', 'only_with_upcoming'].map((name) => `get /${plural} ${name}`),
      ),
    );
  });

  it('shows the input limits: items of lists and terms per write, length of searches', () => {
    const parameter = (path: string, name: string) =>
      english.paths[path].get.parameters.find((p: Json) => p.name === name).schema;
    expect(parameter('/events', 'include')).toMatchObject({ maxItems: 1000 });
    expect(parameter('/tags', 'exclude')).toMatchObject({ maxItems: 1000 });
    for (const path of ['/events', '/venues', '/categories'])
      expect(parameter(path, 'search')).toMatchObject({ type: 'string', maxLength: 1000 });
    const body = english.paths['/events'].post.requestBody.content['application/json'].schema.properties;
    expect(body.tags.anyOf[0]).toMatchObject({ type: 'array', maxItems: 100 });
  });

  it.each([
    ['English', undefined],
    ['German', 'de' as const],
  ])('agrees with the namespace index on every argument (%s)', async (_name, language) => {
    const document = language ? german : english;
    const { document: index } = await fetchDocument(language, '');
    const namespace = core.config.namespace;
    let compared = 0;
    for (const compiled of compileRoutes(core.routes)) {
      const entry = index.routes[`/${namespace}${compiled.wordpressPattern}`];
      compiled.routes.forEach((route, i) => {
        const args = entry.endpoints[i].args as Record<string, Json>;
        for (const method of route.methods) {
          const operation = document.paths[compiled.openApiPath][method.toLowerCase()];
          const body = operation.requestBody?.content['application/json'].schema;
          for (const [name, arg] of Object.entries(args)) {
            const where = `${method} ${compiled.openApiPath} ${name}`;
            const parameter = (operation.parameters as Json[] | undefined)?.find((p) => p.name === name);
            const schema = parameter?.schema ?? body?.properties?.[name];
            expect(schema, where).toBeDefined();
            expect(schema.description, where).toBe(arg.description);
            expect(schema.default, where).toEqual(arg.default);
            const required = parameter ? parameter.required === true : (body.required ?? []).includes(name);
            if (parameter?.in !== 'path') expect(required, where).toBe(arg.required);
            if (arg.type !== undefined) expect(schema.type, where).toBe(arg.type);
            expect(schema.enum, where).toEqual(arg.enum);
            if (arg.type === 'array') expect(schema.items, where).toEqual(arg.items);
            compared += 1;
          }
        }
      });
    }
    expect(compared).toBeGreaterThan(300);
  });

  it('is rendered in the request’s language, and only the texts differ', () => {
    expect(withoutTexts(german)).toEqual(withoutTexts(english));
    const englishTexts = texts(english);
    const germanTexts = texts(german);
    expect([...germanTexts.keys()]).toEqual([...englishTexts.keys()]);
    const untranslated = [...englishTexts].filter(([path, text]) => germanTexts.get(path) === text);
    expect(untranslated).toEqual([]);
    expect(german.components.schemas.Event.description).toMatch(/^Eine Veranstaltung/);
    expect(german.paths['/events'].get.parameters[0].description).toBe('Die Seite der Ergebnisse.');
    expect(JSON.stringify(german)).not.toContain(LOCALIZED_DESCRIPTION);
    expect(JSON.stringify(english)).not.toContain(LOCALIZED_DESCRIPTION);
  });

  it('follows multilang_language, as the namespace index does', async () => {
    const response = await core.handle({
      method: 'GET',
      url: `${core.namespacePath()}/doc?multilang_language=de`,
      mountPath: '',
      headers: { host: HOST },
    });
    const document = JSON.parse(textOf(response)!);
    expect(document.info.description).toBe(german.info.description);
    expect(document.servers[0].url).toBe(english.servers[0].url);
  });
});
