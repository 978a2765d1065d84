import { generateApiKey, hashApiKey } from '../../auth/api-keys.js';
import type { Role } from '../../auth/principal.js';
import { ROLES } from '../../auth/principal.js';
import { formatUtc } from '../../dates/format.js';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';

export class UserError extends Error {}

export async function createUser(
  db: Db,
  input: { login: string; role: Role; displayName?: string },
  now: Date = new Date(),
): Promise<UserRow> {
  if (!ROLES.includes(input.role))
    throw new UserError(`Unknown role "${input.role}": use one of ${ROLES.join(', ')}.`);
  if (!/^[\w.@+-]{1,60}$/.test(input.login)) throw new UserError(`Invalid login "${input.login}".`);
  const existing = await findUserByLogin(db, input.login);
  if (existing) throw new UserError(`A user with the login "${input.login}" already exists.`);
  return db
    .insertInto('users')
    .values({
      login: input.login,
      display_name: input.displayName ?? input.login,
      role: input.role,
      created_utc: formatUtc(now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('login', '=', login).executeTakeFirst();
}

/** Creates a named key for a user and returns the key itself, which is never stored. */
export async function createApiKey(
  db: Db,
  login: string,
  name = 'default',
  now: Date = new Date(),
): Promise<string> {
  const user = await findUserByLogin(db, login);
  if (!user) throw new UserError(`No user with the login "${login}".`);
  const active = await db
    .selectFrom('api_keys')
    .select('id')
    .where('user_id', '=', user.id)
    .where('name', '=', name)
    .where('revoked_utc', 'is', null)
    .executeTakeFirst();
  if (active) throw new UserError(`The user "${login}" already has an active key named "${name}".`);
  const key = generateApiKey();
  await db
    .insertInto('api_keys')
    .values({ user_id: user.id, name, key_hash: hashApiKey(key), created_utc: formatUtc(now) })
    .execute();
  return key;
}

/** Revokes the user's active key of that name; returns how many keys were revoked. */
export async function revokeApiKey(
  db: Db,
  login: string,
  name: string,
  now: Date = new Date(),
): Promise<number> {
  const user = await findUserByLogin(db, login);
  if (!user) throw new UserError(`No user with the login "${login}".`);
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_utc: formatUtc(now) })
    .where('user_id', '=', user.id)
    .where('name', '=', name)
    .where('revoked_utc', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
