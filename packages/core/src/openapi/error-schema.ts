/**
 * The error envelope of ref §4 / SPEC §5, as `toErrorBody` writes it: `{code, message, data: {status, …}}`,
 * and WordPress's `additional_data` for `term_exists`. `data` carries more keys for some codes, so it stays
 * open; the envelope itself is closed.
 */
import { z } from 'zod';
import { ERRORS, type ErrorCode } from '../errors/codes.js';
import { describe } from '../i18n/descriptions.js';

const invalidParamDetail = z.looseObject({ code: z.string(), message: z.string(), data: z.unknown() });

export const errorSchema = z
  .object({
    code: z
      .enum(Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]])
      .meta(
        describe(
          'A stable error code, one of the catalog (`rest_invalid_param`, `rest-event-not-found`, …).',
          'Ein fester Fehlercode aus dem Katalog (`rest_invalid_param`, `rest-event-not-found`, …).',
        ),
      ),
    message: z
      .string()
      .meta(describe('A message for people (in English).', 'Eine Meldung für Menschen (auf Englisch).')),
    data: z
      .looseObject({
        status: z
          .number()
          .int()
          .min(400)
          .max(599)
          .meta(describe('The HTTP status of the answer.', 'Der HTTP-Status der Antwort.')),
        params: z
          .union([z.array(z.string()), z.record(z.string(), z.string())])
          .optional()
          .meta(
            describe(
              '`rest_missing_callback_param`: the missing names; `rest_invalid_param`: a message per invalid parameter.',
              '`rest_missing_callback_param`: die fehlenden Namen; `rest_invalid_param`: eine Meldung je ungültigem Parameter.',
            ),
          ),
        details: z
          .union([z.array(z.never()).max(0), z.record(z.string(), invalidParamDetail)])
          .optional()
          .meta(
            describe(
              '`rest_invalid_param`: structured details per parameter, or `[]` when there are none.',
              '`rest_invalid_param`: strukturierte Angaben je Parameter oder `[]`, wenn es keine gibt.',
            ),
          ),
      })
      .meta(
        describe(
          'The status, and further facts for some codes (`params`, `details`, `term_id`, …).',
          'Der Status und für manche Codes weitere Angaben (`params`, `details`, `term_id`, …).',
        ),
      ),
    additional_data: z
      .array(z.unknown())
      .optional()
      .meta(
        describe(
          "`term_exists`: the existing term's `[term_id, term_taxonomy_id]`, as WordPress answers.",
          '`term_exists`: `[term_id, term_taxonomy_id]` des vorhandenen Begriffs, wie WordPress antwortet.',
        ),
      ),
  })
  .meta({ id: 'Error', ...describe('An error.', 'Ein Fehler.') });
