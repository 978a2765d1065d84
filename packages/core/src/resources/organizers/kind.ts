/** Organizers (ref §2.3, §5.6): the linked-post descriptor of their own fields. */

import type { Selectable } from 'kysely';
import { everyColumn } from '../../db/by-key.js';
import type { OrganizersTable } from '../../db/schema.js';
import { param } from '../../route-table/params.js';
import { plainTitle } from '../../text/html.js';
import type { LinkedPostKind } from '../linked/kind.js';
import { isEmailOrEmpty, isUrlOrEmpty } from '../posts/fields.js';
import { organizerResponses } from './schema.js';

export const organizerKind: LinkedPostKind<Selectable<OrganizersTable>> = {
  type: 'organizer',
  nameField: 'organizer',
  plural: 'organizers',
  table: 'organizers',
  columns: everyColumn<OrganizersTable>()(['id', 'phone', 'website', 'email']),
  label: { en: 'organizer', de: 'Veranstalters', plural: 'Veranstalter' },
  searchFields: ['phone', 'email', 'website'],
  detailParams: () => ({
    phone: param.string({ en: 'The organizer phone number.', de: 'Die Telefonnummer des Veranstalters.' }),
    website: param.string(
      { en: 'The organizer website URL.', de: 'Die Website des Veranstalters.' },
      { validate: isUrlOrEmpty },
    ),
    // The plugin takes any text and `sanitize_email` empties a non-address; we refuse it, which tells the client.
    email: param.string(
      { en: 'The organizer e-mail address.', de: 'Die E-Mail-Adresse des Veranstalters.' },
      { validate: isEmailOrEmpty },
    ),
  }),
  toDetailValues(params, existing) {
    const values: Record<string, unknown> = {};
    for (const field of ['phone', 'website', 'email'] as const) {
      // The phone is plain text, stored as titles are; website and e-mail were validated.
      if (params[field] !== undefined)
        values[field] = field === 'phone' ? plainTitle(String(params[field])) : String(params[field]).trim();
      else if (!existing) values[field] = '';
    }
    return values;
  },
  serializeDetails: (row) => ({ phone: row.phone, website: row.website, email: row.email }),
  unfilteredDetails: () => ({}),
  // The plugin's keys and order (SPEC §14): a `Person`, no `@context`, telephone, email and sameAs always;
  // its `url` is the organizer's website, as the plugin answers (not the organizer's page).
  jsonLd: (row, base) => ({
    '@type': 'Person',
    name: base.name,
    description: base.description,
    ...(base.image ? { image: base.image } : {}),
    url: row.website,
    telephone: row.phone,
    email: row.email,
    sameAs: row.website,
  }),
  codes: {
    notAccessible: 'organizer-not-accessible',
    inTrash: 'organizer-is-in-trash',
    archiveNotFound: 'organizer-archive-page-not-found',
  },
  responses: organizerResponses,
};
