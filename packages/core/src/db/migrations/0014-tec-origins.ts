import type { Kysely } from 'kysely';
import type { DialectTraits } from '../traits.js';
import { createDataVersionTriggers } from './0010-data-version-triggers.js';

/**
 * Records moved in from a site of the plugin (issue 19, `resources/tec-import/`): one row per imported record,
 * keyed by the source (the API root's host and path, so that two sources never mix), the kind and the source's
 * id. It names the local record (`post_id` for events, venues and organizers, `term_id` for categories and
 * tags; the local id differs from the source's when the import remapped it), the source's `global_id` and
 * `global_id_lineage` (JSON), which the serializers answer instead of the computed ones, as the plugin's own
 * importer keeps them, the source's `modified_utc`, and a fingerprint of what was written, by which a second
 * run tells unchanged records from changed ones. Deleting the local record deletes its row (a later import
 * then creates it again).
 */
export const TEC_ORIGIN_TABLES = ['tec_origins'] as const;

export function tecOrigins(traits: DialectTraits) {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('tec_origins')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('source_id', 'integer', (c) => c.notNull())
        .addColumn('post_id', 'integer', (c) => c.references('posts.id').onDelete('cascade'))
        .addColumn('term_id', 'integer', (c) => c.references('terms.id').onDelete('cascade'))
        .addColumn('global_id', 'text')
        .addColumn('global_id_lineage', 'text')
        .addColumn('modified_utc', 'text')
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('tec_origins_pk', ['source', 'kind', 'source_id'])
        .execute();
      // The serializers read a page's stored global ids by local id; a local record has one origin at most.
      await db.schema.createIndex('tec_origins_post').unique().on('tec_origins').column('post_id').execute();
      await db.schema.createIndex('tec_origins_term').unique().on('tec_origins').column('term_id').execute();
      await createDataVersionTriggers(traits, db, TEC_ORIGIN_TABLES);
    },
  };
}
