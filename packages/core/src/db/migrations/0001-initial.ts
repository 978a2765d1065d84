import type { Kysely } from 'kysely';
import type { DialectTraits } from '../traits.js';

/** The initial schema (see `../schema.ts` for what each column means). */
export function initialSchema(traits: DialectTraits) {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is
  const id = (db: Kysely<any>, table: string) =>
    db.schema.createTable(table).addColumn('id', traits.serialPrimaryKey, traits.idColumn);
  return {
    // biome-ignore lint/suspicious/noExplicitAny: see above
    async up(db: Kysely<any>) {
      await id(db, 'users')
        .addColumn('login', 'text', (c) => c.notNull().unique())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('created_utc', 'text', (c) => c.notNull())
        .execute();
      await id(db, 'api_keys')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_utc', 'text', (c) => c.notNull())
        .addColumn('revoked_utc', 'text')
        .execute();
      await db.schema.createIndex('api_keys_user_name').on('api_keys').columns(['user_id', 'name']).execute();

      await id(db, 'images')
        .addColumn('url', 'text', (c) => c.notNull().unique())
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('mime_type', 'text')
        .addColumn('filesize', 'integer')
        .addColumn('created_utc', 'text', (c) => c.notNull())
        .execute();

      await id(db, 'posts')
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('date_utc', 'text', (c) => c.notNull())
        .addColumn('modified_utc', 'text', (c) => c.notNull())
        .addColumn('password', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('image_id', 'integer', (c) => c.references('images.id').onDelete('set null'))
        .addColumn('trashed_from', 'text')
        .execute();
      await db.schema.createIndex('posts_type_slug').on('posts').columns(['type', 'slug']).execute();
      await db.schema
        .createIndex('posts_type_status_date')
        .on('posts')
        .columns(['type', 'status', 'date_utc', 'id'])
        .execute();
      await db.schema.createIndex('posts_author').on('posts').column('author_id').execute();

      await db.schema
        .createTable('post_texts')
        .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('title', 'text')
        .addColumn('description', 'text')
        .addColumn('excerpt', 'text')
        .addPrimaryKeyConstraint('post_texts_pk', ['post_id', 'language'])
        .execute();

      await db.schema
        .createTable('events')
        .addColumn('id', 'integer', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
        .addColumn('start_local', 'text', (c) => c.notNull())
        .addColumn('end_local', 'text', (c) => c.notNull())
        .addColumn('start_utc', 'text', (c) => c.notNull())
        .addColumn('end_utc', 'text', (c) => c.notNull())
        .addColumn('timezone', 'text', (c) => c.notNull())
        .addColumn('all_day', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('cost', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('currency_symbol', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('currency_code', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('currency_position', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('website', 'text')
        .addColumn('show_map', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('show_map_link', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('hide_from_listings', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sticky', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('venue_id', 'integer', (c) => c.references('posts.id').onDelete('set null'))
        .addColumn('parent_id', 'integer', (c) => c.references('posts.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('events_start').on('events').columns(['start_utc', 'id']).execute();
      await db.schema.createIndex('events_end').on('events').columns(['end_utc', 'id']).execute();
      await db.schema.createIndex('events_venue').on('events').column('venue_id').execute();
      await db.schema.createIndex('events_parent').on('events').column('parent_id').execute();

      await db.schema
        .createTable('venues')
        .addColumn('id', 'integer', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
        .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('province', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('zip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('stateprovince', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('website', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('show_map', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('show_map_link', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('geo_lat', 'real')
        .addColumn('geo_lng', 'real')
        .execute();
      await db.schema.createIndex('venues_geo').on('venues').columns(['geo_lat', 'geo_lng']).execute();

      await db.schema
        .createTable('organizers')
        .addColumn('id', 'integer', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
        .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('website', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .execute();

      await db.schema
        .createTable('event_organizers')
        .addColumn('event_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('organizer_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('event_organizers_pk', ['event_id', 'organizer_id'])
        .execute();
      await db.schema
        .createIndex('event_organizers_organizer')
        .on('event_organizers')
        .columns(['organizer_id', 'event_id'])
        .execute();

      await id(db, 'terms')
        .addColumn('taxonomy', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('terms_taxonomy_slug')
        .on('terms')
        .columns(['taxonomy', 'slug'])
        .unique()
        .execute();
      await db.schema.createIndex('terms_parent').on('terms').columns(['taxonomy', 'parent_id']).execute();

      await db.schema
        .createTable('term_texts')
        .addColumn('term_id', 'integer', (c) => c.notNull().references('terms.id').onDelete('cascade'))
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('description', 'text')
        .addPrimaryKeyConstraint('term_texts_pk', ['term_id', 'language'])
        .execute();

      await db.schema
        .createTable('event_terms')
        .addColumn('event_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('term_id', 'integer', (c) => c.notNull().references('terms.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('event_terms_pk', ['event_id', 'term_id'])
        .execute();
      await db.schema
        .createIndex('event_terms_term')
        .on('event_terms')
        .columns(['term_id', 'event_id'])
        .execute();
    },
  };
}
