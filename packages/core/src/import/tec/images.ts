/**
 * The images of an import: referenced by URL, never downloaded (SPEC §10). An image whose URL is
 * registered here already is reused, as the service reuses a URL sent twice; a new one keeps the source's
 * attachment id where that id is free among the images, else it gets a fresh one (images are no kind of the
 * report: their ids are nobody's links but the posts' own).
 */
import type { Db } from '../../db/database.js';
import { chunked, type PlannedPost } from './plan.js';
import type { SourceImage, SourcePost } from './source.js';

export interface PlannedImage {
  image: SourceImage;
  /** Set by the allocation for a fresh one. */
  localId: number;
  fresh: boolean;
}

export interface ImagePlan {
  /** Images registered here already, by URL. */
  existing: Map<string, number>;
  created: PlannedImage[];
}

export async function planImages(db: Db, posts: ReadonlyArray<PlannedPost<SourcePost>>): Promise<ImagePlan> {
  const byUrl = new Map<string, SourceImage>();
  for (const post of posts)
    if (post.action !== 'unchanged' && post.source.image && !byUrl.has(post.source.image.url))
      byUrl.set(post.source.image.url, post.source.image);
  const existing = new Map<string, number>();
  for (const part of chunked([...byUrl.keys()], 1000))
    for (const row of await db.selectFrom('images').select(['id', 'url']).where('url', 'in', part).execute())
      existing.set(row.url, row.id);
  const wanted = [...byUrl.values()].filter((image) => !existing.has(image.url));
  const taken = new Set<number>();
  const ids = wanted.map((image) => image.sourceId).filter((id): id is number => id !== null);
  for (const part of chunked(ids, 1000))
    for (const row of await db.selectFrom('images').select('id').where('id', 'in', part).execute())
      taken.add(row.id);
  const created = wanted.map((image): PlannedImage => {
    const id = image.sourceId;
    if (id === null || taken.has(id)) return { image, localId: 0, fresh: true };
    taken.add(id);
    return { image, localId: id, fresh: false };
  });
  return { existing, created };
}
