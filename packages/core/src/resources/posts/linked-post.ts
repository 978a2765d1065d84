/**
 * Venues and organizers: the plugin's "linked posts" (ref §2.2, §2.3, §5.5–5.7, §7.1, §7.8). One
 * implementation, parameterized by a descriptor of the type's own fields.
 */

import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { z } from 'zod';
import { canEditRecord, canReadRecord, canWritePosts, isEditor } from '../../auth/capabilities.js';
import { formatUtc } from '../../dates/format.js';
import type { Db } from '../../db/database.js';
import type { Database, PostRow, PostStatus, PostType } from '../../db/schema.js';
import { escapeLike } from '../../db/traits.js';
import { ApiError } from '../../errors/api-error.js';
import { type PluginErrorCode, pluginError } from '../../errors/catalog.js';
import { languagesFor } from '../../i18n/translations.js';
import type { RequestContext } from '../../route-table/context.js';
import { INPUT_LIMITS } from '../../route-table/input-limits.js';
import { listEnvelope, pageParams, resolvePaging } from '../../route-table/pagination.js';
import { type ParamSpec, type ParamSpecs, param, searchTooLong } from '../../route-table/params.js';
import type { OperationResult, Params, RouteDefinition } from '../../route-table/route.js';
import { plainText, plainTitle, renderHtml } from '../../text/html.js';
import { sanitizeSlug, uniqueSlug } from '../../text/slug.js';
import { loadImages, resolveImage, serializeImage } from '../images/repository.js';
import { organizerResponses } from '../organizers/schema.js';
import { venueResponses } from '../venues/schema.js';
import {
  imageOrEmptyParam,
  isTruthy,
  type Publication,
  postDates,
  resolvePublication,
  sharedPostParams,
} from './fields.js';
import { postPermalink } from './permalink.js';
import { hidesLinksOf } from './protected-links.js';
import {
  effectiveStatus,
  findPostBySlug,
  loadPost,
  loadTexts,
  POST_COLUMNS,
  slugForStatusChange,
  slugTaken,
  writeTexts,
} from './repository.js';
import { postLocker } from './row-locks.js';
import { indexedCandidates, isBlankSearch, searchFragments } from './search.js';
import { globalId, withoutFalsy } from './serialize.js';
import { echoedStatus, statusCondition, statusListParam, visibleStatusesFor } from './visibility.js';

// biome-ignore lint/suspicious/noExplicitAny: detail rows differ per type; the descriptor knows their shape
type DetailRow = Record<string, any> & { id: number };

export interface LinkedPostKind {
  type: Extract<PostType, 'venue' | 'organizer'>;
  /** The name field: `venue` or `organizer`. */
  nameField: 'venue' | 'organizer';
  plural: 'venues' | 'organizers';
  table: 'venues' | 'organizers';
  label: { en: string; de: string; plural: string };
  /** Columns of the type's own table that `search` looks in (ref §6.5). */
  searchFields: readonly string[];
  /** The type's own input fields (besides name, description, author, dates, status, image). */
  detailParams: (context: { geolocation: boolean }) => ParamSpecs;
  /** Stored values for a create (all columns) or an update (only what was sent). */
  toDetailValues(params: Params, existing: DetailRow | undefined): Record<string, unknown>;
  /** The type's own output keys, between `image` and the end of the filtered part (ref §2.2/§2.3). */
  serializeDetails(row: DetailRow, geolocation: boolean): Record<string, unknown>;
  /** Keys added after the falsy filter (venues: `show_map`, `show_map_link`). */
  unfilteredDetails(row: DetailRow): Record<string, unknown>;
  jsonLd(
    row: DetailRow,
    base: { name: string; description: string; url: string; image: string | undefined },
  ): Record<string, unknown>;
  codes: { notAccessible: PluginErrorCode; inTrash: PluginErrorCode; archiveNotFound: PluginErrorCode };
}

export interface LinkedPostResource {
  kind: LinkedPostKind;
  routes(geolocation: boolean): RouteDefinition[];
  /** Serialized records for embedding (in events), one batched load for all ids. */
  loadSerialized(
    context: RequestContext,
    ids: readonly number[],
    single: boolean,
  ): Promise<Map<number, Record<string, unknown>>>;
  /** Creates (or, by duplicate avoidance, reuses) a record from inline data inside an event write. */
  createInline(context: RequestContext, data: Params): Promise<number>;
  /** The input params of a create, for validating inline objects. */
  createParams(geolocation: boolean): ParamSpecs;
  isOfType(db: Db, id: number): Promise<boolean>;
  isLinkable(db: Db, id: number): Promise<boolean>;
}

const text = (en: string, de: string) => ({ en, de });

export function createLinkedPostResource(kind: LinkedPostKind): LinkedPostResource {
  const { type, nameField, plural } = kind;

  async function isOfType(db: Db, id: number): Promise<boolean> {
    const row = await db.selectFrom('posts').select('type').where('id', '=', id).executeTakeFirst();
    return row?.type === type;
  }

  /** Whether an event may link this record: it exists and is not in the trash. */
  async function isLinkable(db: Db, id: number): Promise<boolean> {
    const row = await db
      .selectFrom('posts')
      .select(['type', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.type === type && row.status !== 'trash';
  }

  const idParam: ParamSpec = param.id<RequestContext>(
    text(`The ${type} ID.`, `Die ID des ${kind.label.de}.`),
    { required: true, validate: (id, context) => isOfType(context.db, id) },
  );
  const slugParam: ParamSpec = param.string<RequestContext>(
    text(`The ${type} slug.`, `Der Slug des ${kind.label.de}.`),
    {
      required: true,
      validate: async (slug, context) => (await findPostBySlug(context.db, type, slug)) !== undefined,
    },
  );

  function writeParams(geolocation: boolean, create: boolean): ParamSpecs {
    return {
      [nameField]: param.text<RequestContext>(text(`The ${type} name.`, `Der Name des ${kind.label.de}.`), {
        required: create,
      }),
      author: sharedPostParams.author,
      date: sharedPostParams.date,
      date_utc: sharedPostParams.date_utc,
      description: param.string(text(`The ${type} description.`, `Die Beschreibung des ${kind.label.de}.`)),
      status: sharedPostParams.status,
      ...kind.detailParams({ geolocation }),
      image: imageOrEmptyParam,
    };
  }

  async function loadRecord(db: Db, params: Params): Promise<PostRow> {
    const record =
      params.id !== undefined ? await loadPost(db, params.id) : await findPostBySlug(db, type, params.slug);
    // Validation has already checked existence; a concurrent delete lands here.
    if (!record || record.type !== type)
      throw new ApiError('rest_invalid_param', 'Invalid parameter(s): id', 400, {
        params: { id: 'Invalid parameter.' },
        details: [],
      });
    return record;
  }

  async function loadSerialized(
    context: RequestContext,
    ids: readonly number[],
    single: boolean,
  ): Promise<Map<number, Record<string, unknown>>> {
    const out = new Map<number, Record<string, unknown>>();
    if (ids.length === 0) return out;
    // Records already serialized at this data version are taken as they are (support/record-memo.ts).
    const kept = await context.records?.scope(
      { inTransaction: context.db.isTransaction, language: context.language },
      `${type}${single ? ':single' : ''}`,
    );
    // Taken out at once: the memo may be emptied while the others load (a newer version, or full).
    const hits = new Map<number, Readonly<Record<string, unknown>>>();
    for (const id of ids) {
      const record = kept?.get(String(id));
      if (record) hits.set(id, record);
    }
    const loaded = await serializeRecords(
      context,
      ids.filter((id) => !hits.has(id)),
      single,
    );
    for (const id of ids) {
      const record = hits.get(id) ?? loaded.get(id);
      if (record) out.set(id, record);
    }
    for (const [id, record] of loaded) {
      // A scheduled record's status depends on the clock, not only on the data: it is served fresh.
      if (record.status !== 'future') kept?.set(String(id), record);
    }
    return out;
  }

  /** Loads and serializes records: one query for the posts with their own fields, one for texts, one for images. */
  async function serializeRecords(
    context: RequestContext,
    ids: readonly number[],
    single: boolean,
  ): Promise<Map<number, Record<string, unknown>>> {
    const out = new Map<number, Record<string, unknown>>();
    if (ids.length === 0) return out;
    const { db, config } = context;
    const [rows, texts] = await Promise.all([
      db
        .selectFrom(`${kind.table} as d` as 'venues as d')
        .innerJoin('posts', 'posts.id', 'd.id')
        .selectAll('d')
        .select(POST_COLUMNS)
        .where('d.id', 'in', [...new Set(ids)])
        .execute() as Promise<Array<PostRow & DetailRow>>,
      loadTexts(db, ids, context.language, config.defaultLanguage),
    ]);
    const posts = new Map<number, PostRow>(rows.map((r) => [r.id, r]));
    const detailById = new Map<number, DetailRow>(rows.map((r) => [r.id, r]));
    const images = await loadImages(
      db,
      rows.map((p) => p.image_id),
    );
    const nowUtc = formatUtc(context.now);
    for (const id of ids) {
      const post = posts.get(id);
      const detail = detailById.get(id);
      if (!post || !detail) continue;
      const t = texts.get(id) ?? { title: '', description: '', excerpt: '' };
      const url = postPermalink(context.urls, type, post);
      const image = serializeImage(post.image_id !== null ? images.get(post.image_id) : undefined);
      const description = renderHtml(t.description);
      const filtered: Record<string, unknown> = {
        id: post.id,
        author: String(post.author_id),
        status: effectiveStatus(post, nowUtc),
        ...postDates(post, config.timezone),
        url,
        [nameField]: t.title,
        description,
        excerpt: renderHtml(t.excerpt),
        slug: post.slug,
        image,
        ...kind.serializeDetails(detail, config.geolocation.enabled),
      };
      if (single) {
        filtered.json_ld = kind.jsonLd(detail, {
          name: plainText(t.title),
          description: plainText(description),
          url,
          image: image ? (image.url as string) : undefined,
        });
      }
      out.set(id, {
        ...withoutFalsy(filtered),
        ...kind.unfilteredDetails(detail),
        global_id: globalId(config, id),
        global_id_lineage: [globalId(config, id)],
      });
    }
    return out;
  }

  async function serializeOne(context: RequestContext, id: number, single: boolean) {
    return (await loadSerialized(context, [id], single)).get(id)!;
  }

  async function applyWrite(
    context: RequestContext,
    params: Params,
    existing: PostRow | undefined,
  ): Promise<number> {
    const { db, config } = context;
    const nowUtc = formatUtc(context.now);
    const publication: Publication = resolvePublication(context, params, config.timezone, existing);
    const imageId =
      params.image === undefined
        ? (existing?.image_id ?? null)
        : String(params.image).trim() === ''
          ? null
          : await resolveImage(db, params.image, context.now);
    let id: number;
    if (existing) {
      id = existing.id;
      await db
        .updateTable('posts')
        .set({
          status: publication.status,
          // Into the trash or out of it, the slug follows (SPEC §14).
          slug: await slugForStatusChange(db, type, id, existing.slug, existing.status, publication.status),
          date_utc: publication.date_utc,
          modified_utc: nowUtc,
          image_id: imageId,
          ...(params.author !== undefined ? { author_id: params.author } : {}),
        })
        .where('id', '=', id)
        .execute();
      const values = kind.toDetailValues(
        params,
        (await db.selectFrom(kind.table).selectAll().where('id', '=', id).executeTakeFirst()) as
          | DetailRow
          | undefined,
      );
      if (Object.keys(values).length > 0)
        await db.updateTable(kind.table).set(values).where('id', '=', id).execute();
    } else {
      const name = String(params[nameField]);
      const slug = await uniqueSlug(sanitizeSlug(name) || type, (s) => slugTaken(db, type, s));
      const row = await db
        .insertInto('posts')
        .values({
          type,
          status: publication.status,
          author_id: params.author ?? context.principal!.userId,
          slug,
          date_utc: publication.date_utc,
          modified_utc: nowUtc,
          password: '',
          image_id: imageId,
          trashed_from: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
      await db
        .insertInto(kind.table)
        .values({ id, ...kind.toDetailValues(params, undefined) } as never)
        .execute();
    }
    const texts: { title?: string; description?: string } = {};
    if (params[nameField] !== undefined) texts.title = plainTitle(String(params[nameField]));
    if (params.description !== undefined) texts.description = String(params.description);
    if (!existing || Object.keys(texts).length > 0)
      await writeTexts(db, id, context.language, config.defaultLanguage, texts);
    await refreshSearchText(db, id);
    return id;
  }

  /**
   * Rewrites the record's row of `linked_post_search` (migration 0005): its searchable fields (ref §6.5) in
   * every language, the text the search index narrows candidates by.
   */
  async function refreshSearchText(db: Db, id: number): Promise<void> {
    const [detail, texts] = await Promise.all([
      db
        .selectFrom(`${kind.table} as d` as 'venues as d')
        .selectAll('d')
        .where('d.id', '=', id)
        .executeTakeFirst() as Promise<DetailRow | undefined>,
      db
        .selectFrom('post_texts')
        .select(['title', 'description', 'excerpt'])
        .where('post_id', '=', id)
        .orderBy('language')
        .execute(),
    ]);
    const parts = [
      ...kind.searchFields.map((field) => detail?.[field] as string | null | undefined),
      ...texts.flatMap((t) => [t.title, t.description, t.excerpt]),
    ];
    // Line breaks separate the fields: no search fragment contains one.
    const body = parts.filter((part) => part !== null && part !== undefined && part !== '').join('\n');
    await sql`insert into linked_post_search (post_id, body) values (${id}, ${body})
      on conflict (post_id) do update set body = excluded.body`.execute(db);
  }

  /**
   * Duplicate avoidance (ref §7.8): a record whose name equals the new one, case-insensitively (and whose
   * description equals the sent one, if sent), is reused and its fields overwritten. Names and descriptions
   * are compared as a reader in the request's language sees them: its own text, else the default
   * language's, field by field (SPEC §7), as the `term_exists` check of categories and tags does.
   */
  async function findDuplicate(context: RequestContext, params: Params): Promise<PostRow | undefined> {
    const { db, database, config } = context;
    const fold = database.traits.foldCase;
    const languages = languagesFor(context.language, config.defaultLanguage);
    const fallback = languages.length > 1;
    const seen = (name: 'title' | 'description') =>
      fallback ? sql`coalesce(${sql.ref(`tl.${name}`)}, ${sql.ref(`td.${name}`)})` : sql.ref(`tl.${name}`);
    let query = db
      .selectFrom('posts')
      .leftJoin('post_texts as tl', (join) =>
        join.onRef('tl.post_id', '=', 'posts.id').on('tl.language', '=', context.language),
      )
      .$if(fallback, (q) =>
        q.leftJoin('post_texts as td', (join) =>
          join.onRef('td.post_id', '=', 'posts.id').on('td.language', '=', config.defaultLanguage),
        ),
      )
      .selectAll('posts')
      .where('posts.type', '=', type)
      .where('posts.status', '!=', 'trash')
      .where(fold(seen('title')), '=', fold(sql.val(plainTitle(String(params[nameField])))));
    if (params.description !== undefined)
      query = query.where(fold(seen('description')), '=', fold(sql.val(String(params.description))));
    return query.orderBy('posts.id').limit(1).executeTakeFirst();
  }

  async function create(context: RequestContext, params: Params): Promise<number> {
    const duplicate = await findDuplicate(context, params);
    // Only a record the caller may edit is reused (and overwritten); anyone else gets a record of their own.
    const reusable = duplicate && canEditRecord(context.principal, duplicate) ? duplicate : undefined;
    // The reused record keeps its stored name, whatever the letter case sent (SPEC §14).
    return applyWrite(context, reusable ? { ...params, [nameField]: undefined } : params, reusable);
  }

  function notAccessible(): ApiError {
    return pluginError(kind.codes.notAccessible);
  }

  const read = async (context: RequestContext, params: Params): Promise<OperationResult> => {
    const record = await loadRecord(context.db, params);
    if (
      !canReadRecord(context.principal, {
        ...record,
        status: effectiveStatus(record, formatUtc(context.now)),
      })
    )
      throw notAccessible();
    return { body: await serializeOne(context, record.id, true) };
  };

  const update = async (context: RequestContext, params: Params): Promise<OperationResult> => {
    const record = await loadRecord(context.db, params);
    const id = await applyWrite(context, params, record);
    return { body: await serializeOne(context, id, false) };
  };

  const remove = async (context: RequestContext, params: Params): Promise<OperationResult> => {
    const { db } = context;
    const record = await loadRecord(db, params);
    if (record.status === 'trash') {
      if (params.force !== true) throw pluginError(kind.codes.inTrash);
      const previous = await serializeOne(context, record.id, false);
      await db.deleteFrom('posts').where('id', '=', record.id).execute();
      return { body: { deleted: true, previous } };
    }
    await db
      .updateTable('posts')
      .set({
        status: 'trash',
        trashed_from: record.status,
        slug: await slugForStatusChange(db, type, record.id, record.slug, record.status, 'trash'),
        modified_utc: formatUtc(context.now),
      })
      .where('id', '=', record.id)
      .execute();
    // Trashing a venue or organizer unlinks it from its events (ref §7.1).
    if (type === 'venue')
      await db.updateTable('events').set({ venue_id: null }).where('venue_id', '=', record.id).execute();
    else await db.deleteFrom('event_organizers').where('organizer_id', '=', record.id).execute();
    return { body: await serializeOne(context, record.id, false) };
  };

  const lockPost = postLocker(type);

  /** Record-level permission: by id and by slug alike (closing the plugin's by-slug hole). */
  const mayEdit = async (context: RequestContext, params: Params): Promise<boolean> => {
    if (!canWritePosts(context.principal)) return false;
    const record =
      params.id !== undefined
        ? await loadPost(context.db, params.id)
        : await findPostBySlug(context.db, type, params.slug);
    if (!record) return true;
    if (!canEditRecord(context.principal, record)) return false;
    return params.author === undefined || params.author === record.author_id || isEditor(context.principal);
  };

  const mayCreate = (context: RequestContext, params: Params): boolean =>
    canWritePosts(context.principal) &&
    (params.author === undefined ||
      params.author === context.principal!.userId ||
      isEditor(context.principal));

  const list = async (context: RequestContext, params: Params): Promise<OperationResult> => {
    const { db, config } = context;
    const paging = resolvePaging(params, config);
    const statuses = visibleStatusesFor(context, params.status);
    const echo: Array<readonly [string, string]> = [];
    const nowUtc = formatUtc(context.now);
    let base = db.selectFrom('posts').where('posts.type', '=', type).where(statusCondition(statuses));

    // A search of blanks only has no fragment to look for: it filters nothing (as a request without it).
    if (params.search !== undefined && !isBlankSearch(params.search)) {
      const fragments = searchFragments(params.search);
      const languages = languagesFor(context.language, config.defaultLanguage);
      const fallback = languages.length > 1;
      const text = (name: 'title' | 'description' | 'excerpt') =>
        fallback
          ? sql`coalesce(${sql.ref(`tl.${name}`)}, ${sql.ref(`td.${name}`)}, '')`
          : sql`coalesce(${sql.ref(`tl.${name}`)}, '')`;
      const fields = [
        text('title'),
        text('description'),
        text('excerpt'),
        ...kind.searchFields.map((f) => sql.ref(`d.${f}`)),
      ];
      // A field matches when it contains every fragment; a record when any field matches (ref §6.5).
      const matches = sql.join(
        fields.map(
          (field) =>
            sql`(${sql.join(
              fragments.map((f) => context.database.traits.ilike(field, `%${escapeLike(f)}%`)),
              sql` and `,
            )})`,
        ),
        sql` or `,
      );
      base = base.where((eb) =>
        eb.exists(
          eb
            .selectFrom(`${kind.table} as d` as 'venues as d')
            .leftJoin('post_texts as tl', (join) =>
              join.onRef('tl.post_id', '=', 'd.id').on('tl.language', '=', languages[0]!),
            )
            .$if(fallback, (q) =>
              q.leftJoin('post_texts as td', (join) =>
                join.onRef('td.post_id', '=', 'd.id').on('td.language', '=', config.defaultLanguage),
              ),
            )
            .select('d.id')
            .whereRef('d.id', '=', 'posts.id')
            .where(fragments.length > 0 ? sql<SqlBool>`(${matches})` : sql<SqlBool>`1 = 0`),
        ),
      );
      // The trigram index finds the records whose texts contain every fragment of three characters or more
      // somewhere; the rule above then runs on those candidates only. When every fragment is shorter, no
      // index can help and the rule alone scans the records of the type (short searches only).
      const candidates = indexedCandidates(
        context.database.traits,
        { table: 'linked_post_search', key: 'post_id' },
        fragments,
      );
      if (candidates) base = base.where(sql<SqlBool>`${sql.ref('posts.id')} in (${candidates})`);
      echo.push(['search', params.search]);
    }

    /** Events linked to this record, as a correlated subquery. */
    const linkedEvents = (eb: ExpressionBuilder<Database, 'posts'>) =>
      type === 'venue'
        ? eb
            .selectFrom('events')
            .innerJoin('posts as ep', 'ep.id', 'events.id')
            .whereRef('events.venue_id', '=', 'posts.id')
        : eb
            .selectFrom('event_organizers')
            .innerJoin('events', 'events.id', 'event_organizers.event_id')
            .innerJoin('posts as ep', 'ep.id', 'events.id')
            .whereRef('event_organizers.organizer_id', '=', 'posts.id');

    if (params.event !== undefined) {
      const event = await loadPost(db, params.event);
      base = base.where((eb) =>
        eb.exists(linkedEvents(eb).select('events.id').where('events.id', '=', params.event)),
      );
      if (!event || hidesLinksOf(context, event)) base = base.where(sql<SqlBool>`1 = 0`);
      echo.push(['event', String(params.event)]);
    }
    if (params.has_events !== undefined) {
      const wanted = isTruthy(params.has_events);
      // Events that count: every status but draft and pending (trash included, as the plugin counts it).
      const exists = (eb: ExpressionBuilder<Database, 'posts'>) =>
        eb.exists(linkedEvents(eb).select('events.id').where('ep.status', 'not in', ['draft', 'pending']));
      base = base.where((eb) => (wanted ? exists(eb) : eb.not(exists(eb))));
      echo.push(['has_events', wanted ? '1' : '0']);
    }
    if (params.only_with_upcoming !== undefined && isTruthy(params.only_with_upcoming)) {
      const eventStatuses: PostStatus[] = canWritePosts(context.principal)
        ? ['publish', 'future', 'draft', 'pending', 'private']
        : ['publish'];
      base = base.where((eb) =>
        eb.exists(
          linkedEvents(eb)
            .select('events.id')
            .where('events.start_utc', '>=', nowUtc)
            .where('ep.status', 'in', eventStatuses),
        ),
      );
      echo.push(['only_with_upcoming', '1']);
    }
    const echoed = echoedStatus(context, params.status);
    if (echoed !== undefined) echo.unshift(['status', echoed]);

    const [rows, count] = await Promise.all([
      base
        .select('posts.id')
        .orderBy('posts.date_utc', 'desc')
        .orderBy('posts.id', 'desc')
        .limit(paging.perPage)
        .offset(paging.offset)
        .execute(),
      context.counts.count(
        db,
        base.select((eb) => eb.fn.countAll().as('n')),
      ),
    ]);
    const ids = rows.map((r) => r.id);
    const serialized = await loadSerialized(context, ids, false);
    return listEnvelope({
      key: plural,
      items: ids.map((id) => serialized.get(id)),
      total: count,
      paging,
      collectionUrl: context.urls.rest(`/${plural}/`),
      query: echo,
      notFoundCode: kind.codes.archiveNotFound,
    });
  };

  function routes(geolocation: boolean): RouteDefinition[] {
    const responses = type === 'venue' ? venueResponses : organizerResponses;
    const createParams = writeParams(geolocation, true);
    const updateParams = writeParams(geolocation, false);
    const force = param.boolean(
      text(
        'Delete for good (only a trashed record).',
        'Endgültig löschen (nur einen Datensatz im Papierkorb).',
      ),
    );
    const created = async (context: RequestContext, params: Params): Promise<OperationResult> => {
      const id = await create(context, params);
      return {
        status: 201,
        body: await serializeOne(context, id, false),
        headers: { Location: context.urls.rest(`/${plural}/${id}`) },
      };
    };
    return [
      {
        name: `${plural}.list`,
        clockDependent: true,
        path: `/${plural}`,
        methods: ['GET'],
        summary: text(`List ${plural}.`, `${kind.label.de}-Liste.`),
        params: {
          ...pageParams,
          search: param.any<RequestContext>(
            text(
              `${plural[0]!.toUpperCase()}${plural.slice(1)} whose name, description or details contain the text.`,
              `${kind.label.plural} deren Name, Beschreibung oder Angaben den Text enthalten.`,
            ),
            {
              // The plugin's `is_string`: a list or any other value that is no string is an invalid
              // parameter (SPEC §14), and so is "": a search of blanks is accepted (and filters nothing).
              validate: (value) =>
                typeof value === 'string' &&
                (value === ''
                  ? false
                  : value.length > INPUT_LIMITS.searchLength
                    ? searchTooLong
                    : searchFragments(value).length > INPUT_LIMITS.searchWords
                      ? `search may hold at most ${INPUT_LIMITS.searchWords} words.`
                      : true),
              documented: z.string().min(1).max(INPUT_LIMITS.searchLength),
            },
          ),
          event: param.id<RequestContext>(
            text(`The ${plural} of this event.`, `Die ${kind.label.plural} dieser Veranstaltung.`),
            {
              validate: async (id, context) => (await loadPost(context.db, id))?.type === 'event',
            },
          ),
          has_events: param.any(
            text(
              `Only ${plural} that have events (true) or none (false).`,
              `Nur ${kind.label.plural} mit (true) oder ohne (false) Veranstaltungen.`,
            ),
          ),
          only_with_upcoming: param.any(
            text(
              `Only ${plural} with upcoming events.`,
              `Nur ${kind.label.plural} mit bevorstehenden Veranstaltungen.`,
            ),
            { default: false },
          ),
          status: statusListParam,
        },
        operation: list,
        response: responses.list,
      },
      {
        name: `${plural}.create`,
        path: `/${plural}`,
        methods: ['POST'],
        summary: text(`Create a ${type}.`, `${kind.label.de} anlegen.`),
        params: createParams,
        authorize: mayCreate,
        operation: created,
        response: responses.item,
      },
      {
        name: `${plural}.read`,
        path: `/${plural}/{id}`,
        methods: ['GET'],
        summary: text(`Read a ${type}.`, `${kind.label.de} lesen.`),
        params: { id: idParam },
        operation: read,
        response: responses.item,
      },
      {
        name: `${plural}.delete`,
        path: `/${plural}/{id}`,
        methods: ['DELETE'],
        summary: text(
          `Trash a ${type}, or delete a trashed one for good with force=true.`,
          `${kind.label.de} in den Papierkorb legen oder mit force=true endgültig löschen.`,
        ),
        params: { id: idParam, force },
        lockRecord: lockPost,
        authorize: mayEdit,
        operation: remove,
        response: responses.deleteAnswer,
      },
      {
        name: `${plural}.update`,
        path: `/${plural}/{id}`,
        methods: ['POST', 'PUT', 'PATCH'],
        summary: text(
          `Update a ${type} (omitted fields keep their values).`,
          `${kind.label.de} ändern (fehlende Felder bleiben unverändert).`,
        ),
        params: { id: idParam, ...updateParams },
        lockRecord: lockPost,
        authorize: mayEdit,
        operation: update,
        response: responses.item,
      },
      {
        name: `${plural}.read-by-slug`,
        path: `/${plural}/by-slug/{slug}`,
        methods: ['GET'],
        summary: text(`Read a ${type} by slug.`, `${kind.label.de} über den Slug lesen.`),
        params: { slug: slugParam },
        operation: read,
        response: responses.item,
      },
      {
        name: `${plural}.delete-by-slug`,
        path: `/${plural}/by-slug/{slug}`,
        methods: ['DELETE'],
        summary: text(`Trash a ${type} by slug.`, `${kind.label.de} über den Slug löschen.`),
        params: { slug: slugParam, force },
        lockRecord: lockPost,
        authorize: mayEdit,
        operation: remove,
        response: responses.deleteAnswer,
      },
      {
        name: `${plural}.update-by-slug`,
        path: `/${plural}/by-slug/{slug}`,
        methods: ['POST', 'PUT', 'PATCH'],
        summary: text(`Update a ${type} by slug.`, `${kind.label.de} über den Slug ändern.`),
        params: { slug: slugParam, ...updateParams },
        lockRecord: lockPost,
        authorize: mayEdit,
        operation: update,
        response: responses.item,
      },
    ];
  }

  return {
    kind,
    routes,
    loadSerialized,
    isOfType,
    isLinkable,
    createParams: (geolocation) => writeParams(geolocation, true),
    createInline: (context, data) => create(context, data),
  };
}
