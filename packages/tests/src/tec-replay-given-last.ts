/**
 * What each step of `12-last-differences` had made before it (its scenario's earlier steps): the file gathers
 * steps of many scenarios, so the records are rebuilt per step (`<scenario> <step>`), as the plugin's answer
 * shows them, and named after the placeholders the step's request uses (`{e1}`, `{x2.slug}`, …).
 */
import type { DecidedStep, Json } from './tec-replay.js';
import {
  type Context,
  ORGANIZER_FIELDS,
  pick,
  seedEvents,
  term,
  VENUE_FIELDS,
  write,
} from './tec-replay-given.js';

/** Builds what `step` needs; `steps` are the file's, for a record another step's answer shows. */
type StepGiven = (context: Context, step: DecidedStep, steps: DecidedStep[]) => Promise<void>;

/** The event of the answer, made once per scenario and named `name` (and `name.slug`). */
function answeredEvent(name: string): StepGiven {
  return async (context, step) => {
    if (context.records[name] !== undefined) return;
    const [event] = await seedEvents(context, [step.tec.body]);
    context.records[name] = event.id;
    context.records[`${name}.slug`] = event.slug;
  };
}

/** The venue or organizer of the answer (`kind` is `venues` or `organizers`), as the scenario left it. */
function answeredRecord(kind: 'venues' | 'organizers', name: string): StepGiven {
  return async (context, step) => {
    if (context.records[name] !== undefined) return;
    const answer = step.tec.body;
    const fields = pick(answer, kind === 'venues' ? VENUE_FIELDS : ORGANIZER_FIELDS);
    const slug = String(answer.slug).replace(/__trashed$/, '');
    const status = answer.status === 'trash' ? {} : { status: answer.status };
    const made = await write(context, 'POST', `/${kind}`, { ...fields, slug, ...status });
    if (answer.status === 'trash') await write(context, 'DELETE', `/${kind}/${made.id}`);
    context.records[name] = made.id;
    context.records[`${name}.slug`] = made.slug;
  };
}

/**
 * The records a `has_events` list filters (`kind` is `venues` or `organizers`): the listed ones and the others
 * of the scenario, made in their id order; those of the `has_events=true` answer get an event each.
 */
function hasEventsRecords(kind: 'venues' | 'organizers'): StepGiven {
  return async (context, step, steps) => {
    if (context.records.listed !== undefined) return;
    const listed: Json[] = step.tec.body[kind];
    const others: Json[] = steps
      .filter((s) => s.scenario === step.scenario && s !== step)
      .flatMap((s) => s.tec.body?.[kind] ?? []);
    const wanted =
      step.request.query && (step.request.query as Record<string, unknown>).has_events === 'true';
    const fields = kind === 'venues' ? VENUE_FIELDS : ORGANIZER_FIELDS;
    // The other answer of the pair lists the rest; both are made here, in the plugin's id order.
    const pairName = kind === 'venues' ? 'venue' : 'organizer';
    const all = [1, 2, 3].map(
      (n) =>
        [...listed, ...others].find((r) => r[pairName].endsWith(` l${n}`)) ?? {
          [pairName]: `${pairName === 'venue' ? 'Venue' : 'Org'} ${context.tok} l${n}`,
        },
    );
    for (const record of all) {
      const made = await write(context, 'POST', `/${kind}`, pick(record, fields));
      const linked = wanted ? listed.includes(record) : !listed.includes(record);
      if (linked)
        await write(context, 'POST', '/events', {
          title: `Ev ${context.tok} at ${record[pairName]}`,
          start_date: '2026-12-01 10:00:00',
          end_date: '2026-12-01 12:00:00',
          [pairName === 'venue' ? 'venue' : 'organizer']: pairName === 'venue' ? made.id : [made.id],
        });
    }
    context.records.listed = listed.length;
  };
}

export const GIVEN_LAST: Record<string, StepGiven> = {
  'http.form-and-params 2': answeredEvent('ef'),
  'events-read.single 4': answeredEvent('e1'),
  'events-read.single 5': answeredEvent('e1'),
  'events-read.single 6': answeredEvent('e1'),
  'events-read.single 13': answeredEvent('e1'),
  'events-read.visibility 13': answeredEvent('epr'),
  // The listed events, whose venues have no coordinates (the plugin's answer shows none).
  'events-list.filters 100': async (context, step) => {
    await seedEvents(context, step.tec.body.events);
  },
  'events-write.update-semantics 6': answeredEvent('e'),
  // The same event after later updates: by its new slug, as the answer shows it.
  'events-write.update-semantics 24': async (context, step) => {
    await seedEvents(context, [step.tec.body]);
  },
  'venues.crud 19': answeredRecord('venues', 'x2'),
  'venues.crud 20': answeredRecord('venues', 'x2'),
  'venues.crud 23': answeredRecord('venues', 'xd'),
  'venues.crud 41': answeredRecord('venues', 'x1'),
  'venues.list 23': hasEventsRecords('venues'),
  'organizers.crud 19': answeredRecord('organizers', 'x2'),
  'organizers.crud 20': answeredRecord('organizers', 'x2'),
  'organizers.crud 23': answeredRecord('organizers', 'xd'),
  'organizers.crud 41': answeredRecord('organizers', 'x1'),
  'organizers.list 23': hasEventsRecords('organizers'),
  'categories.all 35': async (context) => {
    await term(context, 'categories', `Cat ${context.tok} b`);
  },
  'tags.all 34': async (context) => {
    await term(context, 'tags', `Tag ${context.tok} b`);
  },
};
