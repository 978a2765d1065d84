/**
 * Replays the captured requests of SPEC §14's `show_map` and cost items (reference/tec-transcripts/decided/01
 * and 02, kept in fixtures/tec-decided-costs-maps.json) against this service under the plugin's namespace,
 * with the plugin's default currency settings, and expects the plugin's status and body values (ids, hosts
 * and creation times aside).
 */
import { readFileSync } from 'node:fs';
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';

interface Step {
  file: string;
  step: number;
  title: string;
  sent: { method: string; path: string; as: string; json: Record<string, unknown> };
  tec: { status: number; body: Record<string, unknown>; categories: string[] };
}

const { steps } = JSON.parse(
  readFileSync(new URL('./fixtures/tec-decided-costs-maps.json', import.meta.url), 'utf8'),
) as { steps: Step[] };

/** The captures' users by role; the test service's users by login. */
const AS: Record<string, string> = { administrator: 'admin', editor: 'editor', author: 'author' };

describeContract(
  'replay of the plugin’s answers: show_map default and costs (decided/01, 02)',
  (service) => {
    beforeEach(async () => {
      await service().reset();
      // The captures ran at 17:32:14 UTC on 2026-11-25; `{d+5}` was 2026-11-30.
      service().setNow('2026-11-25T17:32:14Z');
    });

    it('has every step of both files', () => {
      expect(steps.map((step) => `${step.file.slice(0, 2)}:${step.step}`)).toEqual([
        '01:5',
        ...[13, 14, 15, 16, 17, 18, 19, 20, 21, 22].map((n) => `02:${n}`),
      ]);
    });

    for (const step of steps) {
      it(`${step.file} step ${step.step} (${step.title}): the plugin's status and values`, async () => {
        // `{cat}`: a category of the recorded name, by id, as the capture sent it.
        const categoryNames = step.tec.categories;
        const categoryIds: number[] = [];
        for (const name of categoryNames) {
          const created = await service().request('POST', '/categories', { json: { name }, as: 'admin' });
          expect(created.status).toBe(201);
          categoryIds.push(created.json.id);
        }
        const json = { ...step.sent.json, categories: categoryIds };
        const res = await service().request(step.sent.method, step.sent.path, {
          json,
          as: AS[step.sent.as] ?? step.sent.as,
        });
        expect(res.status).toBe(step.tec.status);
        for (const [key, value] of Object.entries(step.tec.body)) expect(res.json[key], key).toEqual(value);
        expect(res.json.categories.map((c: { name: string }) => c.name)).toEqual(categoryNames);
        const read = await service().request('GET', `/events/${res.json.id}`);
        for (const [key, value] of Object.entries(step.tec.body)) expect(read.json[key], key).toEqual(value);
      });
    }
  },
  { namespace: 'tribe/events/v1' },
);
