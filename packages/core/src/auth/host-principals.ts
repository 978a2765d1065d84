import { formatUtc } from '../dates/format.js';
import { serviceWrite } from '../db/change-log.js';
import type { CalendarDatabase } from '../db/database.js';
import type { ApiError } from '../errors/api-error.js';
import { apiError } from '../errors/catalog.js';
import type { Logger } from '../logger.js';
import type { ExternalPrincipal, Principal, UserPrincipal } from './principal.js';

function isExternal(principal: Principal): principal is ExternalPrincipal {
  return typeof (principal as ExternalPrincipal).externalId === 'string';
}

function unknownUser(message: string, logger: Logger, principal: Principal): ApiError {
  logger.warn({ principal }, `authentication gave a principal the calendar cannot use: ${message}`);
  return apiError('rest_forbidden', { message: `Sorry, you are not allowed to do that: ${message}` });
}

/** The calendar user a principal of the host app stands for. */
export async function resolveHostPrincipal(
  database: Pick<CalendarDatabase, 'kysely' | 'traits'>,
  principal: Principal,
  logger: Logger,
  now: Date,
): Promise<UserPrincipal> {
  const db = database.kysely;
  if (!isExternal(principal)) {
    const { userId } = principal;
    const user = Number.isSafeInteger(userId)
      ? await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()
      : undefined;
    if (!user)
      throw unknownUser(`the user ${String(userId)} does not exist in the calendar.`, logger, principal);
    return { userId, role: principal.role };
  }
  const { externalId, role } = principal;
  if (externalId === '' || externalId.length > 255)
    throw unknownUser('the external user id is empty or longer than 255 characters.', logger, principal);
  const login = principal.login ?? externalId;
  const name = principal.name ?? login;
  const known = await db
    .selectFrom('users')
    .select(['id', 'login', 'display_name', 'role'])
    .where('external_id', '=', externalId)
    .executeTakeFirst();
  const sameLogin = known?.login === login || known?.login === `${login}#${externalId}`;
  if (known && sameLogin && known.display_name === name && known.role === role)
    return { userId: known.id, role };
  return { userId: await keepUserRecord(database, { externalId, role, login, name }, known?.id, now), role };
}

/** Creates or updates the user record of a host user, in a write transaction of its own. */
async function keepUserRecord(
  database: Pick<CalendarDatabase, 'kysely' | 'traits'>,
  user: Required<ExternalPrincipal>,
  knownId: number | undefined,
  now: Date,
): Promise<number> {
  return serviceWrite(
    database,
    async (trx) => {
      // Another user (of the calendar, or of the host under another id) may have the login already.
      const holder = await trx
        .selectFrom('users')
        .select('id')
        .where('login', '=', user.login)
        .executeTakeFirst();
      const login = holder && holder.id !== knownId ? `${user.login}#${user.externalId}` : user.login;
      const row = await trx
        .insertInto('users')
        .values({
          login,
          display_name: user.name,
          role: user.role,
          created_utc: formatUtc(now),
          external_id: user.externalId,
        })
        .onConflict((conflict) =>
          conflict.column('external_id').doUpdateSet({ login, display_name: user.name, role: user.role }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
      // Safe to run again (two first requests of one host user, or of two with one login).
    },
    () => {},
  );
}
