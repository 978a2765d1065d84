export type Role = 'administrator' | 'editor' | 'author' | 'contributor' | 'subscriber';
/**
 * The roles, most capable first (WordPress's).
 *
 * @example
 * const role = ROLES.find((r) => r === request.headers['x-role']) ?? 'subscriber';
 */
export const ROLES: readonly Role[] = ['administrator', 'editor', 'author', 'contributor', 'subscriber'];
/** A user of the calendar: a row of its `users` table (what the built-in API keys give). */
export interface UserPrincipal {
  userId: number;
  role: Role;
}
/**
 * A user of the host app, which the calendar's `users` table does not know: the service keeps a user record
 * for it, created on first use and updated when its name, login or role changes, and shows that user as
 * the `author` of what it writes.
 */
export interface ExternalPrincipal {
  /** The host app's id of the user; stable and unique among the host's users. */
  externalId: string;
  role: Role;
  /** The name to show (default: the login, else the external id). */
  name?: string;
  /** The login to record (default: the external id); made unique if another user has it. */
  login?: string;
}
/**
 * Who is making a request (SPEC §6), as authentication answers it: `{ userId, role }` for users of the
 * calendar, or `{ externalId, role, name?, login? }` for users of the host app.
 *
 * @example
 * // The host's own login, through an adapter's `authenticate` option (null: anonymous).
 * const authenticate = (req: express.Request): Principal | null =>
 *   req.user ? { externalId: req.user.id, role: 'editor', name: req.user.name } : null;
 */
export type Principal = UserPrincipal | ExternalPrincipal;
