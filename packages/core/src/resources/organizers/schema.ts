/** The organizer object of ref §2.3: the whole object is falsy-filtered except the global ids. */
import { z } from 'zod';
import { describe } from '../../i18n/descriptions.js';
import {
  deletedAnswer,
  globalIdFields,
  jsonLd,
  linkedPostTextFields,
  postHeadFields,
  postListEnvelope,
} from '../posts/schema.js';

const ORGANIZER = { en: 'organizer', de: 'des Veranstalters' };

const optionalText = (en: string, de: string) => z.string().optional().meta(describe(en, de));

export const organizerSchema = z
  .object({
    ...postHeadFields(ORGANIZER),
    ...linkedPostTextFields('organizer', ORGANIZER),
    phone: optionalText('Phone number.', 'Telefonnummer.'),
    website: optionalText('Website address.', 'Adresse der Website.'),
    email: optionalText('E-mail address.', 'E-Mail-Adresse.'),
    json_ld: jsonLd('Person').optional(),
    ...globalIdFields,
  })
  .meta({
    id: 'Organizer',
    ...describe(
      'An organizer. Empty fields are left out, except the ids.',
      'Ein Veranstalter. Leere Angaben fehlen, außer den Kennungen.',
    ),
  });

export const organizerListSchema = postListEnvelope({
  id: 'OrganizerList',
  key: 'organizers',
  item: organizerSchema,
  description: { en: 'A page of organizers.', de: 'Eine Seite mit Veranstaltern.' },
});

export const organizerDeletedSchema = deletedAnswer('OrganizerDeleted', organizerSchema, {
  en: 'A trashed organizer deleted for good (force=true): the organizer as it was.',
  de: 'Ein endgültig gelöschter Veranstalter aus dem Papierkorb (force=true): der Veranstalter, wie er war.',
});

/** A delete trashes the organizer (200 with it), or removes a trashed one for good with `force=true`. */
export const organizerDeleteAnswerSchema = z.union([organizerSchema, organizerDeletedSchema]);

export type OrganizerOutput = z.output<typeof organizerSchema>;

/** The answers of the organizer routes, for their `response` declarations. */
export const organizerResponses = {
  list: organizerListSchema,
  item: organizerSchema,
  deleteAnswer: organizerDeleteAnswerSchema,
} as const;
