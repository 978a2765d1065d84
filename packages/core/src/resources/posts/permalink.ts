import type { UrlBuilder } from '../../route-table/context.js';

/** WordPress's post type of each kind of post, as its plain permalinks name it. */
const POST_TYPES = { event: 'tribe_events', venue: 'tribe_venue', organizer: 'tribe_organizer' } as const;

/**
 * The public address of a post: `/event/<slug>/` (or `/venue/…`, `/organizer/…`). A trashed post has the
 * plain permalink `/?post_type=tribe_events&p=<id>`, as WordPress gives it (SPEC §14, decided/03): its slug is
 * renamed `<slug>__trashed`, and the pretty address of that slug would not lead to it.
 */
export function postPermalink(
  urls: UrlBuilder,
  kind: keyof typeof POST_TYPES,
  post: { id: number; slug: string; status: string },
): string {
  if (post.status === 'trash') return urls.site(`/?post_type=${POST_TYPES[kind]}&p=${post.id}`);
  return urls.site(`/${kind}/${post.slug}/`);
}
