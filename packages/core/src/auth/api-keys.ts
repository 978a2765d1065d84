import { createHash, randomBytes } from 'node:crypto';
import { readByKey } from '../db/by-key.js';
import type { Db } from '../db/database.js';
import type { ApiError } from '../errors/api-error.js';
import { apiError } from '../errors/catalog.js';
import type { Role, UserPrincipal } from './principal.js';

/** Request headers as the adapters hand them over (`CoreRequest['headers']`). */
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** A new API key: 256 random bits, shown once; only its hash is stored (SPEC §6). */
export function generateApiKey(): string {
  return `ce_${randomBytes(32).toString('base64url')}`;
}

/**
 * Keys are high-entropy random values, so one SHA-256 is enough (no slow password hash): a lookup costs one
 * indexed query.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function invalidCredentials(): ApiError {
  return apiError('rest_invalid_credentials');
}

interface Credentials {
  key: string;
  login?: string;
}

/** `Authorization: Bearer <key>` or HTTP Basic `<login>:<key>` (what application-password clients send). */
export function readCredentials(headers: RequestHeaders): Credentials | null {
  const value = headers.authorization;
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return null;
  const [scheme, ...rest] = text.split(/\s+/);
  const token = rest.join(' ');
  if (/^bearer$/i.test(scheme ?? '')) {
    if (!token) throw invalidCredentials();
    return { key: token };
  }
  if (/^basic$/i.test(scheme ?? '')) {
    const decoded = Buffer.from(token, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw invalidCredentials();
    // Application passwords are often shown with spaces; they are not part of the key.
    return { login: decoded.slice(0, colon), key: decoded.slice(colon + 1).replace(/\s+/g, '') };
  }
  throw invalidCredentials();
}

/** The built-in authentication: one indexed lookup of the key's hash. */
export async function authenticateWithApiKey(db: Db, headers: RequestHeaders): Promise<UserPrincipal | null> {
  const credentials = readCredentials(headers);
  if (!credentials) return null;
  const [row] = await readByKey(db, 'api key', { hash: hashApiKey(credentials.key) }, ({ hash }) =>
    db
      .selectFrom('api_keys')
      .innerJoin('users', 'users.id', 'api_keys.user_id')
      .select(['users.id as user_id', 'users.login', 'users.role', 'api_keys.revoked_utc'])
      .where('api_keys.key_hash', '=', hash),
  );
  if (!row || row.revoked_utc !== null) throw invalidCredentials();
  if (credentials.login !== undefined && credentials.login !== row.login) throw invalidCredentials();
  return { userId: row.user_id, role: row.role as Role };
}
