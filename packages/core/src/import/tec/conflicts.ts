/**
 * Clashes inside the source. WordPress gives events, venues and organizers their ids from one space
 * (its posts table) and categories and tags from another (its terms), as this service does; the import keeps
 * the source's ids. A source that answers one id for two records of different kinds (a broken or hostile
 * site) cannot be kept with its ids, and cannot be remapped either: its links name an id, not a kind. Nor can
 * two records of one kind that share a slug (categories and tags: the database keeps slugs unique per
 * taxonomy; events, venues and organizers: this service keeps them unique per type). Nor an event whose parent
 * (`post_parent`, the series it belongs to) is a record of the source that is not the head of a series: an
 * event without a parent (a chain or a loop of parents cannot be written in order: the link would name a post
 * not written yet). Such a source is refused as a whole, before anything is written (`TecSourceConflictError`).
 */
import { TRASHED_SUFFIX } from '../../resources/posts/repository.js';
import type { TecKind } from './types.js';

/** Two records of the source that cannot both be kept. */
export interface TecSourceConflict {
  /** The record read first, and the one read after it that clashes with it. */
  first: { kind: TecKind; id: number };
  second: { kind: TecKind; id: number };
  /** What they share: the id (in one id space), the slug (in one kind); or `second` is `first`'s bad parent. */
  shared: 'id' | 'slug' | 'parent';
  slug?: string;
}

interface Keyed {
  kind: TecKind;
  sourceId: number;
  slug: string;
}

/** Conflicts among records that share an id space (`posts`: events, venues, organizers; `terms`). */
export function conflictsWithin(records: readonly Keyed[]): TecSourceConflict[] {
  const conflicts: TecSourceConflict[] = [];
  const byId = new Map<number, Keyed>();
  const bySlug = new Map<string, Keyed>();
  for (const record of records) {
    const second = { kind: record.kind, id: record.sourceId };
    const sameId = byId.get(record.sourceId);
    if (sameId) conflicts.push({ first: { kind: sameId.kind, id: sameId.sourceId }, second, shared: 'id' });
    else byId.set(record.sourceId, record);
    // Drafts the source left unnamed get a slug of their own; trashed slugs carry a suffix WordPress numbers.
    if (record.slug === '' || record.slug.endsWith(TRASHED_SUFFIX)) continue;
    const key = `${record.kind}:${record.slug}`;
    const sameSlug = bySlug.get(key);
    if (sameSlug && !sameId)
      conflicts.push({
        first: { kind: sameSlug.kind, id: sameSlug.sourceId },
        second,
        shared: 'slug',
        slug: record.slug,
      });
    else bySlug.set(key, record);
  }
  return conflicts;
}

/**
 * Events whose parent is a post of the source (`posts`: id → kind) other than an event without a parent of its
 * own; a parent the source does not have is no conflict (the link is left out).
 */
export function parentConflicts(
  events: ReadonlyArray<{ sourceId: number; parentSourceId: number | null }>,
  posts: ReadonlyMap<number, TecKind>,
): TecSourceConflict[] {
  const parentOf = new Map(events.map((event) => [event.sourceId, event.parentSourceId]));
  const conflicts: TecSourceConflict[] = [];
  for (const event of events) {
    const parent = event.parentSourceId;
    const kind = parent === null ? undefined : posts.get(parent);
    if (parent === null || kind === undefined) continue;
    if (kind === 'event' && parent !== event.sourceId && (parentOf.get(parent) ?? null) === null) continue;
    conflicts.push({
      first: { kind: 'event', id: event.sourceId },
      second: { kind, id: parent },
      shared: 'parent',
    });
  }
  return conflicts;
}

function described(conflict: TecSourceConflict): string {
  const { first, second } = conflict;
  if (conflict.shared === 'parent')
    return `event ${first.id} belongs to ${second.kind} ${second.id}, which is not the first event of a series`;
  return conflict.shared === 'id'
    ? `${first.kind} ${first.id} and ${second.kind} ${second.id}`
    : `${first.kind === 'category' ? 'categories' : `${first.kind}s`} ${first.id} and ${second.id} share the slug "${conflict.slug}"`;
}

/** The source holds records that cannot all be kept (see the module comment). Nothing was written. */
export class TecSourceConflictError extends Error {
  readonly conflicts: TecSourceConflict[];

  constructor(conflicts: TecSourceConflict[]) {
    const ids = conflicts.some((conflict) => conflict.shared === 'id');
    super(
      `the source answers ${conflicts.length} record${conflicts.length === 1 ? '' : 's'} that clash${conflicts.length === 1 ? 'es' : ''} with another of its own: ${conflicts
        .slice(0, 3)
        .map(described)
        .join(
          ', ',
        )}${conflicts.length > 3 ? ', …' : ''}${ids ? ' (WordPress gives events, venues and organizers one id space, and categories and tags another)' : ''}. Nothing was written; the source must be repaired first.`,
    );
    this.name = 'TecSourceConflictError';
    this.conflicts = conflicts;
  }
}
