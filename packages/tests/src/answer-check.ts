/**
 * Every answer a test service receives from inside the API's addresses, checked against the `/doc` that
 * address serves (SPEC §11), with the validators of response-schemas.ts.
 * @module
 */
import { ResponseContract } from './response-schemas.js';

/**
 * Compiled contracts, shared by the services of a test file: the documents of one address differ between
 * services only in their server address and computed defaults, which the answers do not depend on.
 */
const contracts = new Map<string, ResponseContract>();

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is walked as plain JSON
type Json = any;

/** What the checks read from a document: the component schemas, and each operation's path parameters and answers. */
function contractKey(document: Json): string {
  const paths = Object.entries<Json>(document.paths ?? {}).map(([path, item]) => [
    path,
    Object.entries<Json>(item).map(([method, operation]) => [
      method,
      (operation.parameters ?? [])
        .filter((p: Json) => p.in === 'path')
        .map((p: Json) => [p.name, p.schema?.type]),
      operation.responses,
    ]),
  ]);
  return JSON.stringify([document.components, paths]);
}

export interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
}

/** An answer as received: its status, its headers (lower-case names) and its body as text. */
export interface ReceivedAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

export type AnswerCheck = (request: SentRequest, answer: ReceivedAnswer) => Promise<void>;

/**
 * Checks answers from inside the API's addresses (`namespaces`, relative to `baseUrl`) against the `/doc`
 * each address serves, fetched once per address and service. Other URLs (the host app's own paths, other
 * hosts) are left alone: they are not the API's.
 */
export function answerChecker(baseUrl: string, namespaces: readonly string[]): AnswerCheck {
  const origin = new URL(baseUrl).origin;
  const loaded = new Map<string, Promise<ResponseContract>>();
  const contractOf = (namespace: string) => {
    let contract = loaded.get(namespace);
    if (!contract) {
      contract = (async () => {
        const response = await fetch(`${baseUrl}${namespace}/doc`);
        if (response.status !== 200)
          throw new Error(`${namespace}/doc answered ${response.status}: the answers cannot be checked`);
        const document = await response.json();
        const key = contractKey(document);
        let shared = contracts.get(key);
        if (!shared) {
          shared = new ResponseContract(document);
          contracts.set(key, shared);
        }
        return shared;
      })();
      loaded.set(namespace, contract);
      // A failed fetch is not kept: the next answer tries again.
      contract.catch(() => loaded.delete(namespace));
    }
    return contract;
  };
  return async (request, answer) => {
    const url = new URL(request.url);
    if (url.origin !== origin) return;
    const namespace = namespaces.find((ns) => url.pathname === ns || url.pathname.startsWith(`${ns}/`));
    if (namespace === undefined) return;
    const contract = await contractOf(namespace);
    const problems = contract.answerProblems({
      method: request.method,
      path: url.pathname.slice(namespace.length),
      search: url.search,
      requestHeaders: request.headers,
      status: answer.status,
      headers: answer.headers,
      text: answer.text,
    });
    if (problems.length === 0) return;
    throw new Error(
      [
        `${request.method} ${url.pathname}${url.search} → ${answer.status}: the answer does not match ${namespace}/doc`,
        ...problems.map((problem) => `  - ${problem}`),
        `  body: ${answer.text.slice(0, 600)}`,
      ].join('\n'),
    );
  };
}
