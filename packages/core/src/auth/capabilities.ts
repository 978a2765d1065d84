import type { PostStatus, Taxonomy } from '../db/schema.js';
import type { Role, UserPrincipal } from './principal.js';

const EDITORS: ReadonlySet<Role> = new Set(['administrator', 'editor']);
const WRITERS: ReadonlySet<Role> = new Set(['administrator', 'editor', 'author', 'contributor']);
const PUBLISHERS: ReadonlySet<Role> = new Set(['administrator', 'editor', 'author']);

export interface OwnedRecord {
  author_id: number;
  status: PostStatus | string;
  /** For a trashed record, the status it had before (WordPress judges rights by it). */
  trashed_from?: string | null;
}

const UNPUBLISHED: ReadonlySet<string> = new Set(['draft', 'pending']);

/** `edit_posts`: create records, see non-public statuses in lists. */
export function canWritePosts(principal: UserPrincipal | null): boolean {
  return principal !== null && WRITERS.has(principal.role);
}

/** `publish_posts`: without it, `publish`/`future` is scaled back to `pending` (ref §7.6). */
export function canPublish(principal: UserPrincipal | null): boolean {
  return principal !== null && PUBLISHERS.has(principal.role);
}

/** `edit_others_posts` and friends: editors and administrators. */
export function isEditor(principal: UserPrincipal | null): boolean {
  return principal !== null && EDITORS.has(principal.role);
}

/** `manage_options`: the service's own settings, such as its webhooks (administrators only). */
export function isAdministrator(principal: UserPrincipal | null): boolean {
  return principal !== null && principal.role === 'administrator';
}

/**
 * Whether the caller may name `author` as the author of a record whose author is `owner` (the caller, on a
 * create): only editors give records to other users.
 */
export function mayAssignAuthor(
  principal: UserPrincipal | null,
  author: number | undefined,
  owner: number,
): boolean {
  return author === undefined || author === owner || isEditor(principal);
}

/** `edit_post` / `delete_post` on one record: any for editors, own for authors, own unpublished for contributors. */
export function canEditRecord(principal: UserPrincipal | null, record: OwnedRecord): boolean {
  if (principal === null) return false;
  if (EDITORS.has(principal.role)) return true;
  if (record.author_id !== principal.userId) return false;
  if (principal.role === 'author') return true;
  if (principal.role === 'contributor') {
    const status = record.status === 'trash' ? (record.trashed_from ?? 'trash') : record.status;
    return UNPUBLISHED.has(status);
  }
  return false;
}

/** `read_post`: published is public; the author reads their own; editors read everything. */
export function canReadRecord(principal: UserPrincipal | null, record: OwnedRecord): boolean {
  if (record.status === 'publish') return true;
  if (principal === null) return false;
  if (EDITORS.has(principal.role)) return true;
  return record.author_id === principal.userId && principal.role !== 'subscriber';
}

/** Categories: editors and authors (`manage_terms` maps to publishing events); tags: editors only. */
export function canManageTerms(principal: UserPrincipal | null, taxonomy: Taxonomy): boolean {
  if (principal === null) return false;
  if (EDITORS.has(principal.role)) return true;
  return taxonomy === 'category' && principal.role === 'author';
}
