/**
 * Every operation of /doc has a description and an example answer (and, with a JSON body, an example request)
 * that validate against the operation's own schemas, with a JSON Schema 2020-12 validator (ajv), and whose
 * dates exist: a pattern such as `YYYY-MM-DD HH:MM:SS` lets `7391-53-71 94:59:44` through, the date check
 * does not. A shape changed without running test/openapi-examples/capture.ts again fails here.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../core.js';
import { createSqliteDatabase } from '../db/sqlite.js';
import { textOf } from '../http/respond.js';

// biome-ignore lint/suspicious/noExplicitAny: the test walks the generated JSON freely
type Json = any;

const COMPONENTS = 'https://calendar.example/components.json';
let core: CalendarCore;
let document: Json;
let ajv: Ajv2020;

/** Strings that look like a date or date-time and name one that does not exist, with their JSON paths. */
export function impossibleDates(node: Json, path = ''): string[] {
  if (typeof node === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}):(\d{2}))?/.exec(node);
    if (!match) return [];
    const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
    const exists =
      date.getUTCFullYear() === year &&
      date.getUTCMonth() === month - 1 &&
      date.getUTCDate() === day &&
      date.getUTCHours() === hour &&
      date.getUTCMinutes() === minute &&
      date.getUTCSeconds() === second;
    return exists ? [] : [`${path}: ${node}`];
  }
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => impossibleDates(value, `${path}/${key}`));
}

/** The `$ref`s of the document pointed at the components, as one schema ajv holds. */
function rebased(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${COMPONENTS}#/$defs/`));
}

function problems(schema: Json, value: unknown): string[] {
  const validate = ajv.compile(rebased(schema));
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}

function operations(): Array<[string, Json]> {
  return Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Json>).map(([method, op]): [string, Json] => [
      `${method.toUpperCase()} ${path}`,
      op,
    ]),
  );
}

beforeAll(async () => {
  const database = createSqliteDatabase(':memory:');
  await database.migrate();
  core = createCalendarCore({ database, horizonKeeper: false, changePruner: false, webhookDeliverer: false });
  const response = await core.handle({
    method: 'GET',
    url: `${core.namespacePath()}/doc`,
    mountPath: '',
    headers: { host: 'calendar.example' },
  });
  document = JSON.parse(textOf(response)!);
  // strict: false, as OpenAPI's own keywords (`example`, `contentMediaType`'s companions) sit in the schemas.
  ajv = new Ajv2020({ strict: false, allowUnionTypes: true, allErrors: true });
  ajv.addFormat('uri', (value: string) => URL.canParse(value));
  ajv.addSchema({ $id: COMPONENTS, $defs: rebased(document.components.schemas) });
});

afterAll(async () => {
  await core.close();
});

describe('the examples of the OpenAPI document', () => {
  it('gives every operation a description beyond its summary and an example answer that validates', () => {
    const missing: string[] = [];
    const invalid: string[] = [];
    for (const [name, op] of operations()) {
      if (typeof op.description !== 'string' || op.description.length <= op.summary.length)
        missing.push(`${name}: description`);
      const success = op.responses['200'] ?? op.responses['201'];
      const [mediaType, content] = Object.entries(success.content as Record<string, Json>)[0]!;
      if (content.example === undefined) missing.push(`${name}: example (${mediaType})`);
      else invalid.push(...problems(content.schema, content.example).map((p) => `${name} answer: ${p}`));
      const body = op.requestBody?.content?.['application/json'];
      if (body && body.example === undefined) missing.push(`${name}: request example`);
      else if (body) invalid.push(...problems(body.schema, body.example).map((p) => `${name} request: ${p}`));
    }
    expect(missing).toEqual([]);
    expect(invalid).toEqual([]);
    expect(operations().length).toBeGreaterThan(60);
  });

  it('has dates that exist, and the .ics routes answer text/calendar', () => {
    expect(impossibleDates(document.paths)).toEqual([]);
    const ics = document.paths['/events/{id}/ical'].get.responses['200'].content;
    expect(Object.keys(ics)).toEqual(['text/calendar']);
    expect(ics['text/calendar'].example).toMatch(
      /^BEGIN:VCALENDAR\r\n[\s\S]*DTSTART;TZID=Europe\/Berlin:20260417T193000/,
    );
    const event = document.paths['/events/{id}'].get.responses['200'].content['application/json'].example;
    expect(event).toMatchObject({
      title: expect.not.stringMatching(/^string$/),
      start_date: '2026-04-17 19:30:00',
    });
  });

  it('refuses a nonsense date and an answer of the wrong shape', () => {
    expect(impossibleDates({ date: '7391-53-71 94:59:44' })).toEqual(['/date: 7391-53-71 94:59:44']);
    expect(impossibleDates({ start: '2026-02-29' })).toEqual(['/start: 2026-02-29']);
    expect(impossibleDates({ start: '2028-02-29T23:59:59+01:00', title: 'string' })).toEqual([]);
    const read = document.paths['/events/{id}'].get.responses['200'].content['application/json'];
    expect(problems(read.schema, { ...read.example, all_day: 'yes' })).not.toEqual([]);
    const { title: _title, ...untitled } = read.example;
    expect(problems(read.schema, untitled)).not.toEqual([]);
  });
});
