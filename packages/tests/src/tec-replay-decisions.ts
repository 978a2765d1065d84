/**
 * SPEC §14 "keep ours" in the replay of the plugin's recorded answers (`tec-replay.ts`): each decision names
 * the differences it answers for and checks that ours is what the decision says.
 */
import {
  type DecidedStep,
  type Difference,
  type Json,
  normalizeString,
  type RecordedAnswer,
} from './tec-replay.js';

/** The answers of one replayed step: the plugin's (recorded) and ours (now). */
export interface ReplayedAnswers {
  step: DecidedStep;
  tec: RecordedAnswer;
  ours: RecordedAnswer;
}

/**
 * Where this service answers otherwise on purpose (SPEC §14 "keep ours", one row each of the README's
 * Decisions table): the differences each decision answers for, and the check that ours is what the decision
 * says, given the plugin's answer. Unlike `LEGITIMATE_DIFFERENCES`, nothing here is merely tolerated: a
 * difference a decision covers fails the replay unless the decision's check holds.
 */
export interface KeptDecision {
  /** The README's Decisions row. */
  row: string;
  covers(path: string, answers: ReplayedAnswers): boolean;
  holds(difference: Difference, answers: ReplayedAnswers): boolean;
}

/** The plugin's escaped JSON-LD text (`&lt;p&gt;Live jazz&lt;/p&gt;\n`, a literal `\n`) as the text it shows. */
function pluginJsonLdText(value: string): string {
  return decodeEntities(decodeEntities(value.replace(/\\n/g, ' ')).replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

function decodeEntities(value: string): string {
  const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", hellip: '…' };
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return named[name.toLowerCase()] ?? entity;
  });
}

const bodyPath = (path: string) => path.startsWith('$');

export const KEPT_DECISIONS: KeptDecision[] = [
  {
    row: '`json_ld` descriptions',
    covers: (path) => /(^|\.)json_ld\.description$/.test(path),
    holds: ({ tec, ours }) => typeof tec === 'string' && ours === pluginJsonLdText(tec),
  },
  {
    row: "An organizer's `email` in `json_ld`",
    covers: (path) => /(^|\.)json_ld(\.organizer)?\.email$/.test(path),
    holds: ({ tec, ours }) => typeof tec === 'string' && ours === decodeEntities(tec),
  },
  {
    row: "A private event's `json_ld.name`",
    covers: (path, { tec }) => path === '$.json_ld.name' && tec.body?.status === 'private',
    holds: ({ tec, ours }) => typeof ours === 'string' && tec === `Private: ${ours}`,
  },
  {
    row: 'An author sends another user as `author`',
    covers: (path, { step }) =>
      (path === 'status' || bodyPath(path)) &&
      step.request.as === 'author' &&
      step.request.json?.author !== undefined,
    // The plugin made the record for the other user; ours refuses it, and writes nothing.
    holds: (_difference, { tec, ours }) =>
      tec.status === 201 &&
      ours.status === 403 &&
      ours.body?.code === 'rest_forbidden' &&
      Number(tec.body?.author) !== 0,
  },
  {
    row: 'Drafts',
    covers: (path, { tec }) => path === '$.url' && tec.body?.status === 'draft',
    // A real permalink from the slug, where the plugin shows `?post_type=…&p=<id>`.
    holds: ({ tec, ours }, answers) =>
      /\?post_type=tribe_\w+&p=\d+$/.test(String(tec)) &&
      normalizeString(String(ours)) ===
        `{site}/${String(answers.ours.body?.url).includes('/venue/') ? 'venue' : 'organizer'}/${answers.ours.body?.slug}/`,
  },
  {
    row: 'Updates (`POST`/`PUT`/`PATCH` of a record)',
    covers: (path) => /^\$\.utc_(start|end)_date(_details\.\w+)?$/.test(path),
    // The plugin's own tables disagree after its update: a `UTC` event whose UTC times are not its times.
    // Ours are the event's times in its zone.
    holds: (_difference, { tec, ours }) =>
      tec.body?.timezone === 'UTC' &&
      tec.body.utc_start_date !== tec.body.start_date &&
      ours.body?.timezone === 'UTC' &&
      ours.body.utc_start_date === ours.body.start_date &&
      ours.body.utc_end_date === ours.body.end_date,
  },
  {
    row: '`geoloc=true` on `GET /events`',
    covers: (path, { step }) =>
      step.request.query !== undefined &&
      typeof step.request.query === 'object' &&
      'geoloc' in step.request.query &&
      /^(\$\.events(\.length|\[\d+\].*)?|\$\.total(_pages)?|header:x-tec-total(pages)?)$/.test(path),
    // `geoloc=true` keeps the events whose venue has coordinates; the plugin without its paid add-on
    // ignores the filter. None of the plugin's listed venues has coordinates.
    holds: (_difference, { tec, ours }) => {
      const located = (tec.body?.events ?? []).filter((e: Json) => e.venue?.geo_lat !== undefined);
      return ours.body?.total === located.length && ours.headers['x-tec-total'] === String(located.length);
    },
  },
];

/**
 * The differences of a replayed step that no kept decision explains, and those a decision covers whose check
 * fails (named by the decision): both must be empty.
 */
export function unexplainedDifferences(differences: Difference[], answers: ReplayedAnswers): Difference[] {
  return differences.flatMap((difference) => {
    const decision = KEPT_DECISIONS.find((d) => d.covers(difference.path, answers));
    if (!decision) return [difference];
    return decision.holds(difference, answers)
      ? []
      : [{ ...difference, path: `${difference.path} (${decision.row})` }];
  });
}
