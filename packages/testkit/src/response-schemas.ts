/**
 * Checks real answers against the answers an OpenAPI 3.1 document describes, with Ajv's JSON Schema 2020-12
 * validator in strict mode: the schema for a path, method and status is taken from the document itself (as a
 * client would), with the component schemas it refers to.
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
  /** The JSON schema of its `application/json` content; undefined when the answer has no body. */
  schema: Json | undefined;
}

export class ResponseContract {
  readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly document: Json) {
    // Strict: an unknown keyword or format in a documented schema is an error, not silently ignored.
    this.ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
    this.ajv.addFormat('uri', (value: string) => URL.canParse(value));
    this.ajv.addSchema({ $id: COMPONENTS_ID, $defs: rebaseRefs(document.components?.schemas ?? {}) });
  }

  /** Compiles every component schema: a schema Ajv rejects fails here rather than in the first check. */
  compileComponents(): string[] {
    return Object.keys(this.document.components?.schemas ?? {}).map((name) => {
      this.componentValidator(name);
      return name;
    });
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
    return { key, schema: response?.content?.['application/json']?.schema };
  }

  /** What is wrong with a real answer by the document; empty when they agree. */
  problems(path: string, method: string, status: number, body: unknown): string[] {
    const documented = this.documented(path, method, status);
    if (!documented) return [`${method.toUpperCase()} ${path} documents no answer for ${status}`];
    if (documented.schema === undefined)
      return body === undefined ? [] : [`${method.toUpperCase()} ${path} ${status} documents no body`];
    const cacheKey = `${method} ${path} ${documented.key}`;
    let validate = this.compiled.get(cacheKey);
    if (!validate) {
      validate = this.ajv.compile(rebaseRefs(documented.schema));
      this.compiled.set(cacheKey, validate);
    }
    return validate(body) ? [] : describeErrors(validate.errors);
  }

  /** What is wrong with a value by one component schema (`Event`, `Error`, …); empty when it fits. */
  componentProblems(name: string, value: unknown): string[] {
    const validate = this.componentValidator(name);
    return validate(value) ? [] : describeErrors(validate.errors);
  }

  private componentValidator(name: string): ValidateFunction {
    const validate = this.ajv.getSchema(`${COMPONENTS_ID}#/$defs/${name}`);
    if (!validate) throw new Error(`The document has no component schema ${name}`);
    return validate;
  }
}
