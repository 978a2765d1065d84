/** The organizer object of ref §2.3: the whole object is falsy-filtered except the global ids. */
import type { z } from 'zod';
import { jsonLd, linkedPostSchema, optionalText, resourceAnswers } from '../posts/schema.js';

export const organizerSchema = linkedPostSchema({
  nameKey: 'organizer',
  type: { en: 'organizer', de: 'des Veranstalters' },
  details: {
    phone: optionalText('Phone number.', 'Telefonnummer.'),
    website: optionalText('Website address.', 'Adresse der Website.'),
    email: optionalText('E-mail address.', 'E-Mail-Adresse.'),
    json_ld: jsonLd('Person').optional(),
  },
  id: 'Organizer',
  description: {
    en: 'An organizer. Empty fields are left out, except the ids.',
    de: 'Ein Veranstalter. Leere Angaben fehlen, außer den Kennungen.',
  },
});

export type OrganizerOutput = z.output<typeof organizerSchema>;

/** The answers of the organizer routes, for their `response` declarations. */
export const organizerResponses = resourceAnswers({
  id: 'Organizer',
  key: 'organizers',
  item: organizerSchema,
  texts: {
    list: { en: 'A page of organizers.', de: 'Eine Seite mit Veranstaltern.' },
    deleted: {
      en: 'A trashed organizer deleted for good (force=true): the organizer as it was.',
      de: 'Ein endgültig gelöschter Veranstalter aus dem Papierkorb (force=true): der Veranstalter, wie er war.',
    },
  },
});
