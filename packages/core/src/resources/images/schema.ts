/**
 * The image object of ref §2.5, as `serializeImage` writes it: empty fields are left out (the plugin
 * `array_filter`s it). This service keeps no resized copies, so the plugin's `sizes` never appears.
 */
import { z } from 'zod';
import { describe } from '../../i18n/descriptions.js';

const optionalPositiveInteger = (en: string, de: string) =>
  z.number().int().positive().optional().meta(describe(en, de));

export const imageSchema = z
  .object({
    url: z.url().meta(describe('The image’s address.', 'Die Adresse des Bildes.')),
    id: z.number().int().positive().meta(describe('The image ID.', 'Die ID des Bildes.')),
    extension: z
      .string()
      .optional()
      .meta(
        describe(
          'The file extension (`jpg`, `png`, …), when the address has one.',
          'Die Dateiendung (`jpg`, `png`, …), falls die Adresse eine hat.',
        ),
      ),
    width: optionalPositiveInteger('Width in pixels, when known.', 'Breite in Pixeln, falls bekannt.'),
    height: optionalPositiveInteger('Height in pixels, when known.', 'Höhe in Pixeln, falls bekannt.'),
    filesize: optionalPositiveInteger(
      'File size in bytes, when known.',
      'Dateigröße in Bytes, falls bekannt.',
    ),
  })
  .meta({
    id: 'Image',
    ...describe(
      'A featured image. Unknown fields are left out.',
      'Ein Beitragsbild. Unbekannte Angaben fehlen.',
    ),
  });

/** The image as `serializeImage` builds it. */
export type ImageOutput = z.output<typeof imageSchema>;
