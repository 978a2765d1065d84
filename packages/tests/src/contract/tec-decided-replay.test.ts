/**
 * The requests behind SPEC §14 (`reference/tec-transcripts/decided/*.json`), replayed
 * against this service under the plugin's namespace (`tribe/events/v1`) on every binding, must give the real
 * plugin's answer: status, the compared headers and every body value, apart from `LEGITIMATE_DIFFERENCES`
 * (`../tec-replay.ts`, the one list of what may differ and why) and the differences a "keep ours" decision
 * answers for, each checked (`KEPT_DECISIONS`, `../tec-replay-decisions.ts`).
 *
 * Each file runs on an emptied database with the clock at the recording's moment (`recordedAtOf`), so `{d+N}`
 * and the plugin's dates agree. The files hold only the decided step, not the earlier steps of its scenario:
 * `GIVEN` rebuilds, per file, the records the plugin's answer shows existed (read from that answer where it
 * lists them), and names them after the placeholders they resolve (`{cat}`, `{b}`, `{child}`, `{et.slug}`);
 * `GIVEN_LAST` does so per step for `12-last-differences`, whose steps come from many scenarios (one token,
 * and one set of records, per scenario).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { describeContract } from '../index.js';
import {
  compareAnswers,
  type DecidedFile,
  type DecidedStep,
  LEGITIMATE_DIFFERENCES,
  loadDecidedFiles,
  recordedAtOf,
  recordedToken,
  relativeDay,
  resolvePlaceholders,
} from '../tec-replay.js';
import { unexplainedDifferences } from '../tec-replay-decisions.js';
import { type Context, first, padCounts, seedEvents, term, write } from '../tec-replay-given.js';
import { GIVEN_LAST } from '../tec-replay-given-last.js';

/**
 * Decided files whose SPEC §14 item is not implemented on this branch yet: skipped, naming the item(s) their
 * remaining differences belong to. When an item lands, its name goes from here; when the list is empty, the
 * whole replay runs.
 */
const PENDING: Record<string, string[]> = {};

/** `TEC_REPLAY_ALL=1` replays the PENDING files too (they fail with their differences): to check an item. */
const RUN_PENDING = process.env.TEC_REPLAY_ALL === '1';

/** `{user:<role>}`: the id of the test user of each role. */
function userRecords(context: Context): Record<string, number> {
  return Object.fromEntries(
    Object.entries(ROLES).flatMap(([role, name]) =>
      name ? [[`user:${role}`, context.service.users[name as 'admin'].id]] : [],
    ),
  );
}

const ROLES: Record<string, string | undefined> = {
  anon: undefined,
  administrator: 'admin',
  editor: 'editor',
  author: 'author',
  contributor: 'contributor',
  subscriber: 'subscriber',
};

/** What each file's scenario had made before its decided step, as the plugin's answer shows it. */
const GIVEN: Record<string, (context: Context, file: DecidedFile) => Promise<void>> = {
  // Steps 6–12 of the scenario (not decided) had made events in `{cat}`: as many as its count shows.
  '02-cost-formatting': async (context, file) => {
    await term(context, 'categories', `Cat ${context.tok} cat`);
    await padCounts(context, first(file).tec.body, 1);
  },
  // The listed (trashed) event `Ev <tok> et`, in `{cat}`.
  '03-status-trash-list': async (context, file) => {
    await seedEvents(context, first(file).tec.body.events);
  },
  // `{et.slug}`: the slug an event had before it was trashed.
  '04-trash-renames-slug': async (context) => {
    const cat = await term(context, 'categories', `Cat ${context.tok} cat`);
    const event = await write(context, 'POST', '/events', {
      title: `Ev ${context.tok} et`,
      start_date: `${relativeDay(2)} 10:00:00`,
      end_date: `${relativeDay(2)} 12:00:00`,
      categories: [cat],
    });
    await write(context, 'DELETE', `/events/${event.id}`);
    context.records['et.slug'] = event.slug;
  },
  // The venue the lower-case name duplicates (the name the plugin's answer keeps).
  '06-venue-dedupe-keeps-name': async (context, file) => {
    await write(context, 'POST', '/venues', { venue: first(file).tec.body.venue });
  },
  // The category whose name is sent again.
  '07-category-term-exists-message': async (context) => {
    await term(context, 'categories', `Cat ${context.tok} b`, { slug: `b-${context.tok}` });
  },
  // The four listed events, their venue, organizers, second category and tag.
  '09-strict-dates-default-window': async (context, file) => {
    await seedEvents(context, first(file).tec.body.events);
    await padCounts(context, first(file).tec.body);
  },
  // `{b}` (slug `b-<tok>`) and its child `{child}`, which has one event.
  '10-child-category-url': async (context) => {
    const b = await term(context, 'categories', `Cat ${context.tok} b`, { slug: `b-${context.tok}` });
    const child = await term(context, 'categories', `Cat ${context.tok} child`, { parent: b });
    await write(context, 'POST', '/events', {
      title: `Ev ${context.tok} in child`,
      start_date: `${relativeDay(3)} 10:00:00`,
      end_date: `${relativeDay(3)} 12:00:00`,
      categories: [child],
    });
  },
  // `{b}`: an existing tag, sent as the new tag's parent.
  '11-tag-parent-rejected': async (context) => {
    context.records.b = (await write(context, 'POST', '/tags', { name: `Tag ${context.tok} b` })).id;
  },
};

async function replay(context: Context, step: DecidedStep, recordedAt: string) {
  const needed = JSON.stringify(step.request).match(/\{cat\}/);
  if (needed && context.records.cat === undefined)
    await term(context, 'categories', `Cat ${context.tok} cat`);
  const request = resolvePlaceholders(step.request, context.tok, context.records, recordedAt);
  const { method, as, path, json, query, body, contentType } = request;
  if (!(as in ROLES)) throw new Error(`no test user for the role ${as}`);
  const role = ROLES[as];
  // A raw body (malformed JSON) is sent as it is, with its media type.
  const raw = body === undefined ? {} : { body, headers: { 'content-type': contentType } };
  const res = await context.service.request(method, path, {
    json,
    query,
    ...raw,
    ...(role ? { as: role } : {}),
  });
  const ours = { status: res.status, headers: res.headers, body: res.json };
  const differences = unexplainedDifferences(compareAnswers(step.tec, ours), { step, tec: step.tec, ours });
  if (RUN_PENDING && differences.length > 0)
    console.log(`${step.scenario} ${step.step}:`, JSON.stringify(differences));
  return differences;
}

const files = loadDecidedFiles();

describe('tec decided transcripts', () => {
  it('are found (testdata/tec-decided, or TEC_TRANSCRIPTS)', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it('every decided file is either replayed or PENDING, and every PENDING name is a file', () => {
    for (const name of Object.keys(PENDING)) expect(files.map((f) => f.name)).toContain(name);
  });

  // The comparer reproduces the differences recorded between the plugin and this service at the time, except
  // the legitimate ones: the check that it neither misses a recorded difference nor invents one.
  it.each(files.flatMap((file) => file.steps.map((step) => [file.name, step.step, step] as const)))(
    'the comparer finds the recorded differences of %s step %i',
    (_name, _step, step) => {
      const { headers, ignoredKeys } = LEGITIMATE_DIFFERENCES;
      const legitimate = (path: string) =>
        path.startsWith('header:')
          ? !headers.compared.includes(path.slice('header:'.length))
          : (path.split('.').pop() ?? '') in ignoredKeys;
      const found = new Set(compareAnswers(step.tec, step.ours).map((d) => d.path.replace(/\.length$/, '')));
      const recorded = step.diffs.map((d) => d.path).filter((path) => !legitimate(path));
      // rest_url: ours keeping the plugin-dropped filters is legitimate; other rest_url differences are not.
      for (const path of recorded) if (path !== '$.rest_url') expect(found).toContain(path);
      for (const path of found) expect(step.diffs.map((d) => d.path)).toContain(path);
    },
  );
});

describeContract(
  'tec decided transcripts replayed on tribe/events/v1',
  (getService) => {
    for (const file of files) {
      const pending = RUN_PENDING ? undefined : PENDING[file.name];
      describe(file.name, () => {
        const context = {} as Context;
        const recordedAt = recordedAtOf(file.name);
        /** One context per scenario token: the file's own, or a step's of another scenario. */
        const contexts = new Map<string, Context>();
        const contextOf = (step: DecidedStep): Context => {
          // A step whose request and answer show no token takes its scenario's (another step's).
          const tok =
            [step, ...file.steps.filter((other) => other.scenario === step.scenario)]
              .map(recordedToken)
              .find((found) => found !== undefined) ?? context.tok;
          let found = contexts.get(tok);
          if (!found) {
            found = { service: context.service, tok, records: { ...userRecords(context) } };
            contexts.set(tok, found);
          }
          return found;
        };
        beforeAll(async () => {
          if (pending) return;
          const service = getService();
          await service.reset();
          service.setNow(recordedAt);
          Object.assign(context, { service, tok: recordedToken(first(file)) ?? 'replay0', records: {} });
          Object.assign(context.records, userRecords(context));
          contexts.set(context.tok, context);
          await GIVEN[file.name]?.(context, file);
        });
        for (const step of file.steps) {
          const title = `${step.scenario} step ${step.step}: ${step.title} → ${step.tec.status}`;
          if (pending) it.skip(`${title} (PENDING: ${pending.join('; ')})`, () => {});
          else
            it(title, async () => {
              const own = contextOf(step);
              await GIVEN_LAST[`${step.scenario} ${step.step}`]?.(own, step, file.steps);
              expect(await replay(own, step, recordedAt)).toEqual([]);
            });
        }
      });
    }
  },
  { namespace: 'tribe/events/v1' },
);
