/**
 * Checks real answers against the answers an OpenAPI 3.1 document describes, with Ajv's JSON Schema 2020-12
 * validator in strict mode: the schema for a path, method and status is taken from the document itself (as a
 * client would), with the component schemas it refers to. `TestService.request` runs every answer of the
 * contract suite through `answerProblems`; each validator is compiled once per document.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is walked as plain JSON
type Json = any;

/** Where the component schemas live for Ajv: OpenAPI's `#/components/schemas/X` becomes `<id>#/$defs/X`. */
const COMPONENTS_ID = 'urn:calendar-events:openapi-components';

function rebaseRefs(node: Json): Json {
  if (Array.isArray(node)) return node.map(rebaseRefs);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')
        ? `${COMPONENTS_ID}#/$defs/${value.slice('#/components/schemas/'.length)}`
        : rebaseRefs(value),
    ]),
  );
}

function describeErrors(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map(
    (e) => `${e.instancePath || '/'} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`,
  );
}

export interface DocumentedResponse {
  /** The key of the `responses` entry used: the status itself, `4XX`, or `default`. */
  key: string;
  /** The JSON schema of its `application/json` content (else of its one other content); undefined when no body. */
  schema: Json | undefined;
  /** The media type of a content that is not JSON (`text/calendar`), when that is what it documents. */
  mediaType?: string;
  /** Its headers by name, as the document gives them (`{required, schema}`). */
  headers: Record<string, Json>;
}

/** A real answer to check: the request as core routes it, and what came back. */
export interface RealAnswer {
  /** The method as sent (a POST may name another in `?_method=` or `X-HTTP-Method-Override`). */
  method: string;
  /** The path inside the namespace, as sent (`/events/12`, `` or `/` for the index). */
  path: string;
  /** The query string, with or without its `?`. */
  search: string;
  /** The request headers (any case). */
  requestHeaders: Record<string, string>;
  status: number;
  /** The answer's headers, lower-case names. */
  headers: Record<string, string>;
  /** The answer's text; `''` when it had no body. */
  text: string;
}

/** The error envelope is what every error answers, documented or not (the `default` answer). */
const ERROR_SCHEMA = { $ref: '#/components/schemas/Error' };

export class ResponseContract {
  readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();
  /** The documented paths as patterns, in the document's order (which is the route table's). */
  private readonly templates: Array<{ template: string; pattern: RegExp }>;

  constructor(readonly document: Json) {
    // Strict: an unknown keyword or format in a documented schema is an error, not silently ignored.
    this.ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
    this.ajv.addFormat('uri', (value: string) => URL.canParse(value));
    this.ajv.addSchema({ $id: COMPONENTS_ID, $defs: rebaseRefs(document.components?.schemas ?? {}) });
    this.templates = Object.entries<Json>(document.paths ?? {}).map(([template, item]) => {
      const pathParams = new Map<string, Json>();
      for (const operation of Object.values<Json>(item))
        for (const parameter of operation?.parameters ?? [])
          if (parameter.in === 'path') pathParams.set(parameter.name, parameter.schema);
      const source = template
        .split(/(\{\w+\})/)
        .map((piece) => {
          const name = /^\{(\w+)\}$/.exec(piece)?.[1];
          if (name === undefined) return piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          return pathParams.get(name)?.type === 'integer' ? '\\d+' : '[^/]+';
        })
        .join('');
      return { template, pattern: new RegExp(`^${source}$`) };
    });
  }

  /** Compiles every component schema: a schema Ajv rejects fails here rather than in the first check. */
  compileComponents(): string[] {
    return Object.keys(this.document.components?.schemas ?? {}).map((name) => {
      this.componentValidator(name);
      return name;
    });
  }

  /**
   * The documented path a concrete one inside the namespace falls under (`/events/12` → `/events/{id}`),
   * accepting one trailing slash as the API does (SPEC §2); undefined for a path the API does not have.
   */
  templateOf(path: string): string | undefined {
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    const concrete = trimmed === '' ? '/' : trimmed;
    return this.templates.find(({ pattern }) => pattern.test(concrete))?.template;
  }

  /** The answer documented for `status` on an operation, falling back to `NXX` and `default` (OpenAPI). */
  documented(path: string, method: string, status: number): DocumentedResponse | undefined {
    const responses = this.document.paths?.[path]?.[method.toLowerCase()]?.responses;
    if (!responses) return undefined;
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in responses);
    if (key === undefined) return undefined;
    let response = responses[key];
    const prefix = '#/components/responses/';
    if (typeof response.$ref === 'string' && response.$ref.startsWith(prefix))
      response = this.document.components.responses[response.$ref.slice(prefix.length)];
    const content = response?.content ?? {};
    const headers = response?.headers ?? {};
    if ('application/json' in content || Object.keys(content).length === 0)
      return { key, schema: content['application/json']?.schema, headers };
    const [mediaType, other] = Object.entries<Json>(content)[0]!;
    return { key, schema: other?.schema, headers, mediaType };
  }

  /** What is wrong with a real answer by the document; empty when they agree. */
  problems(path: string, method: string, status: number, body: unknown): string[] {
    const documented = this.documented(path, method, status);
    if (!documented) return [`${method.toUpperCase()} ${path} documents no answer for ${status}`];
    if (documented.schema === undefined)
      return body === undefined ? [] : [`${method.toUpperCase()} ${path} ${status} documents no body`];
    return this.schemaProblems(`${method} ${path} ${documented.key}`, documented.schema, body);
  }

  /**
   * Everything wrong with one real answer by the document: the operation routed to (the method override
   * and a trailing slash as core applies them), the status documented for it, its required headers, and
   * the body against the schema of that status. An OPTIONS answer is the route's entry of the namespace
   * index (ref §9.2), or an empty preflight; a path or method the API does not have must answer with the
   * error envelope. Empty when they agree.
   */
  answerProblems(answer: RealAnswer): string[] {
    const search = new URLSearchParams(answer.search.replace(/^\?/, ''));
    let method = answer.method.toUpperCase();
    if (method === 'POST') {
      const override =
        search.get('_method') ??
        Object.entries(answer.requestHeaders).find(
          ([name]) => name.toLowerCase() === 'x-http-method-override',
        )?.[1];
      if (override) method = override.trim().toUpperCase();
    }
    const head = method === 'HEAD';
    if (head) method = 'GET';
    const template = this.templateOf(answer.path);
    let body = parseBody(answer.text);
    if (body === NOT_JSON) {
      // An answer documented as another media type (the iCalendar feeds): its text against that schema.
      const documented =
        template !== undefined ? this.documented(template, method, answer.status) : undefined;
      const type = (answer.headers['content-type'] ?? '').split(';')[0]!.trim();
      if (!documented?.mediaType || documented.mediaType !== type)
        return [`the body is not JSON: ${answer.text.slice(0, 200)}`];
      return this.schemaProblems(`${method} ${template} ${documented.key}`, documented.schema, answer.text);
    }
    let { status, headers } = answer;
    if (search.has('_envelope')) {
      // WordPress's `_envelope` (ref §9.2): the real answer travels as `{body, status, headers}` in a 200.
      const wrapped = body as { body?: unknown; status?: unknown; headers?: unknown } | undefined;
      if (answer.status !== 200 || typeof wrapped?.status !== 'number' || typeof wrapped.headers !== 'object')
        return [`an _envelope answer is a 200 with {body, status, headers}`];
      status = wrapped.status;
      headers = Object.fromEntries(
        Object.entries(wrapped.headers as Record<string, string>).map(([name, value]) => [
          name.toLowerCase(),
          value,
        ]),
      );
      body = wrapped.body === null ? undefined : wrapped.body;
    }
    // `_fields` keeps only the fields asked for (ref §9.2): a projection the document cannot describe, so
    // only the status and the headers are checked.
    const projected = [...search].some(
      ([name, value]) => /^_fields(\[.*\])?$/.test(name) && value.trim() !== '',
    );
    const problems: string[] = [];
    const operation =
      template !== undefined ? this.document.paths[template]?.[method.toLowerCase()] : undefined;

    if (method === 'OPTIONS' && template !== undefined && status < 400) {
      if (status === 204) return body === undefined ? [] : ['a preflight (204) has no body'];
      if (status !== 200) return [`OPTIONS answers 200 or 204, not ${status}`];
      return projected ? [] : this.schemaProblems('OPTIONS', this.indexRouteSchema(), body);
    }
    if (!operation) {
      // No such path or method: the API answers with an error, in the envelope.
      const where = template === undefined ? `no documented path ${answer.path}` : `no ${method} ${template}`;
      if (status < 400) return [`${where}, yet ${status}`];
      if (head) return body === undefined ? [] : ['HEAD has a body'];
      return projected ? [] : this.schemaProblems('error', ERROR_SCHEMA, body);
    }

    const documented = this.documented(template!, method, status);
    if (!documented || (documented.key === 'default' && status < 400))
      return [`${method} ${template} documents no answer for ${status}`];
    for (const [name, header] of Object.entries<Json>(documented.headers)) {
      const value = headers[name.toLowerCase()];
      if (value === undefined) {
        if (header.required) problems.push(`the required header ${name} is missing`);
        continue;
      }
      if (header.schema)
        for (const problem of this.schemaProblems(
          `header ${name} ${JSON.stringify(header.schema)}`,
          header.schema,
          value,
        ))
          problems.push(`header ${name}: ${problem}`);
    }
    if (head || documented.schema === undefined) {
      if (body !== undefined) problems.push(`${head ? 'HEAD' : `${status}`} has a body`);
    } else if (!projected) {
      problems.push(
        ...this.schemaProblems(`${method} ${template} ${documented.key}`, documented.schema, body),
      );
    }
    return problems;
  }

  /**
   * What is wrong with a JSON request body by the body an operation documents; empty when it fits. A body
   * the API accepted should fit when it uses the documented forms (the API accepts more lenient ones too).
   */
  requestBodyProblems(path: string, method: string, body: unknown): string[] {
    const schema =
      this.document.paths?.[path]?.[method.toLowerCase()]?.requestBody?.content?.['application/json']?.schema;
    if (schema === undefined) return [`${method.toUpperCase()} ${path} documents no JSON body`];
    return this.schemaProblems(`request ${method} ${path}`, schema, body);
  }

  /** What is wrong with a value by one component schema (`Event`, `Error`, …); empty when it fits. */
  componentProblems(name: string, value: unknown): string[] {
    const validate = this.componentValidator(name);
    return validate(value) ? [] : describeErrors(validate.errors);
  }

  private schemaProblems(cacheKey: string, schema: Json, value: unknown): string[] {
    let validate = this.compiled.get(cacheKey);
    if (!validate) {
      validate = this.ajv.compile(rebaseRefs(schema));
      this.compiled.set(cacheKey, validate);
    }
    return validate(value) ? [] : describeErrors(validate.errors);
  }

  /** One route's entry in the namespace index, which OPTIONS answers with. */
  private indexRouteSchema(): Json {
    const routes = this.document.components?.schemas?.NamespaceIndex?.properties?.routes;
    if (!routes?.additionalProperties) throw new Error('The document has no NamespaceIndex routes schema');
    return { $ref: '#/components/schemas/NamespaceIndex/properties/routes/additionalProperties' };
  }

  private componentValidator(name: string): ValidateFunction {
    const validate = this.ajv.getSchema(`${COMPONENTS_ID}#/$defs/${name}`);
    if (!validate) throw new Error(`The document has no component schema ${name}`);
    return validate;
  }
}

const NOT_JSON = Symbol('not JSON');

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}
