import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareAnswers, type DecidedStep, loadDecidedFiles } from './tec-replay.js';
import { KEPT_DECISIONS, unexplainedDifferences } from './tec-replay-decisions.js';

const last = loadDecidedFiles().find((file) => file.name === '12-last-differences');
const stepOf = (scenario: string, step: number): DecidedStep => {
  const found = last?.steps.find((s) => s.scenario === scenario && s.step === step);
  if (!found) throw new Error(`no step ${scenario} ${step}`);
  return found;
};

describe('KEPT_DECISIONS', () => {
  it('explain a difference only when ours is what the decision says', () => {
    const step = stepOf('events-read.single', 4);
    const tec = step.tec;
    const description = tec.body.json_ld.description;
    const explain = (path: string, ours: unknown) =>
      unexplainedDifferences([{ path, tec: description, ours }], { step, tec, ours: step.ours });
    // The plugin's escaped "<p>Live jazz</p>\n": ours is its text.
    expect(explain('$.json_ld.description', 'Live jazz')).toEqual([]);
    // The description's text where the excerpt's is due is not explained.
    expect(explain('$.json_ld.description', 'Live jazz with the Quartet.')).toEqual([
      {
        path: '$.json_ld.description (`json_ld` descriptions)',
        tec: description,
        ours: 'Live jazz with the Quartet.',
      },
    ]);
    // A path no decision covers stays as it is.
    expect(explain('$.title', 'x')).toEqual([{ path: '$.title', tec: description, ours: 'x' }]);
  });

  it("organizer e-mail: ours is the plugin's, decoded", () => {
    const step = stepOf('organizers.crud', 19);
    const email = step.tec.body.json_ld.email;
    const answers = { step, tec: step.tec, ours: step.ours };
    expect(
      unexplainedDifferences(
        [{ path: '$.json_ld.email', tec: email, ours: 'xzh3nf0f@common.example' }],
        answers,
      ),
    ).toEqual([]);
    expect(
      unexplainedDifferences([{ path: '$.json_ld.email', tec: email, ours: 'x@common.example' }], answers),
    ).toHaveLength(1);
  });

  it('a private name: the plugin adds "Private: ", ours does not', () => {
    const step = stepOf('events-read.visibility', 13);
    const answers = { step, tec: step.tec, ours: step.ours };
    const tec = step.tec.body.json_ld.name;
    expect(
      unexplainedDifferences([{ path: '$.json_ld.name', tec, ours: 'Ev zh3nf06 epr' }], answers),
    ).toEqual([]);
    expect(unexplainedDifferences([{ path: '$.json_ld.name', tec, ours: 'Other' }], answers)).toHaveLength(1);
  });

  it('an author naming another author: ours refuses with 403, but Allow is still compared', () => {
    const step = stepOf('events-write.roles-create', 12);
    const answers = { step, tec: step.tec, ours: step.ours };
    const differences = compareAnswers(step.tec, step.ours);
    // The recorded answer narrowed Allow to GET: no decision explains that.
    expect(unexplainedDifferences(differences, answers).map((d) => d.path)).toEqual(['header:allow']);
    const made = { ...step.ours, status: 201 };
    expect(unexplainedDifferences(differences, { ...answers, ours: made }).length).toBeGreaterThan(1);
  });

  it("every decision is a row of the README's Decisions table", () => {
    const readme = readFileSync(join(import.meta.dirname, '../../../README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('### Where this service deliberately answers differently'));
    for (const decision of KEPT_DECISIONS) expect(table).toContain(`| ${decision.row} `);
  });
});
