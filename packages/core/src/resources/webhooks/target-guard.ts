/**
 * Where a webhook may be sent: an `http` or `https` URL whose host is, or resolves only to, public unicast
 * addresses. Private, loopback, link-local, unique-local, multicast, unspecified and the other special ranges
 * (IPv4 and IPv6, an IPv4-mapped IPv6 address judged as the IPv4 one it carries) are refused unless the
 * service allows private targets (`webhookAllowPrivate`): otherwise whoever may register a webhook could make
 * the service call its own network. The check runs when an endpoint is registered (`checkWebhookTarget`) and
 * again on every connection (`guardedLookup`, the address actually connected to), since a name may resolve
 * elsewhere later; redirects are never followed, so an answer cannot send the delivery elsewhere.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';

export interface WebhookTargetOptions {
  allowPrivate: boolean;
  /** Resolves a host name to its addresses (default: the system's resolver); tests inject one. */
  resolve?: (hostname: string) => Promise<readonly string[]>;
}

/** Why `address` may not be connected to, or undefined when it may (or is not an IP address at all). */
export function refusedAddress(address: string, allowPrivate: boolean): string | undefined {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  if (allowPrivate) return undefined;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  return range === 'unicast' ? undefined : `${address} is a ${range} address`;
}

/** The host of a URL without the brackets of an IPv6 literal. */
function bareHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

function systemResolve(hostname: string): Promise<readonly string[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses.map((entry) => entry.address)),
    );
  });
}

/**
 * Whether a webhook may be sent to `url`: undefined when it may, else why not (for the answer of a create or
 * an update, and the delivery's error).
 *
 * @example
 * await checkWebhookTarget('https://hooks.example.org/calendar', { allowPrivate: false }); // undefined
 * await checkWebhookTarget('http://127.0.0.1:9000/', { allowPrivate: false }); // '127.0.0.1 is a loopback address'
 */
export async function checkWebhookTarget(
  url: string,
  options: WebhookTargetOptions,
): Promise<string | undefined> {
  if (!URL.canParse(url)) return 'not a URL';
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'not an http or https URL';
  const host = bareHost(parsed);
  if (host === '') return 'no host';
  if (ipaddr.isValid(host)) return refusedAddress(host, options.allowPrivate);
  if (options.allowPrivate) return undefined;
  let addresses: readonly string[];
  try {
    addresses = await (options.resolve ?? systemResolve)(host);
  } catch (error) {
    return `${host} does not resolve (${error instanceof Error ? error.message : String(error)})`;
  }
  if (addresses.length === 0) return `${host} does not resolve`;
  for (const address of addresses) {
    const refused = refusedAddress(address, false);
    if (refused !== undefined) return `${host} resolves to ${refused}`;
  }
  return undefined;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `node:http(s)` requests that resolves as the system does and refuses the connection when any
 * address the name resolves to is refused: a name with one private address among public ones could reach it.
 */
export function guardedLookup(allowPrivate: boolean, resolve = dnsLookup) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const all = addresses as LookupAddress[];
      for (const entry of all) {
        const refused = refusedAddress(entry.address, allowPrivate);
        if (refused !== undefined) {
          const denied: NodeJS.ErrnoException = new Error(`${hostname} resolves to ${refused}`);
          denied.code = 'EWEBHOOKTARGET';
          return callback(denied, '');
        }
      }
      if (options.all) return callback(null, all);
      const first = all[0];
      if (!first)
        return callback(Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' }), '');
      callback(null, first.address, first.family);
    });
  };
}
