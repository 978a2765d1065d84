/**
 * Duplicate checks compare names as a reader in the request's language sees them: its own text, else the
 * default language's (SPEC §7). Categories and tags: `term_exists` (ref §7.9); venues and organizers:
 * duplicate avoidance (ref §7.8).
 */
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';

const DE = '/de/calendar/events/v1';

describeContract('duplicate checks in the request language', (service) => {
  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-03-10T12:00:00Z');
  });

  const create = (path: string, json: Record<string, unknown>) =>
    service().request('POST', path, { json, as: 'admin' });

  it('a term name is a duplicate where a reader in that language sees it', async () => {
    for (const collection of ['tags', 'categories']) {
      const classical = await create(`/${collection}`, { name: 'classical' });
      expect(classical.status).toBe(201);
      const german = await create(`${DE}/${collection}/${classical.json.id}`, { name: 'Klassik' });
      expect(german.status, german.text).toBe(200);
      const jazz = await create(`/${collection}`, { name: 'Jazz' });

      // The German name, in German: a duplicate (any case).
      const klassik = await create(`${DE}/${collection}`, { name: 'KLASSIK' });
      expect(klassik.status, klassik.text).toBe(400);
      expect(klassik.json).toMatchObject({ code: 'term_exists', data: { term_id: classical.json.id } });
      // A name without a German translation falls back to the English one.
      const jazzDe = await create(`${DE}/${collection}`, { name: 'jazz' });
      expect(jazzDe.status).toBe(400);
      expect(jazzDe.json.data.term_id).toBe(jazz.json.id);
      // The German name in English, and the English name in German: no reader sees a duplicate.
      expect((await create(`/${collection}`, { name: 'Klassik' })).status).toBe(201);
      const englishInGerman = await create(`${DE}/${collection}`, { name: 'Classical' });
      expect(englishInGerman.status, englishInGerman.text).toBe(201);
      expect(englishInGerman.json.id).not.toBe(classical.json.id);
      // `multilang_language` counts as the request language too.
      const viaParameter = await create(`/${collection}`, { name: 'klassik', multilang_language: 'de' });
      expect(viaParameter.status).toBe(400);
    }
  });

  it('venues and organizers are reused by the name a reader in the request language sees', async () => {
    for (const [path, nameKey] of [
      ['/venues', 'venue'],
      ['/organizers', 'organizer'],
    ] as const) {
      const original = await create(path, { [nameKey]: 'Town Hall', description: 'Old building' });
      expect(original.status).toBe(201);
      await create(`${DE}${path}/${original.json.id}`, {
        [nameKey]: 'Rathaus',
        description: 'Altes Gebäude',
      });

      // The German name in German: the same record (201, as the plugin answers a reuse).
      const rathaus = await create(`${DE}${path}`, { [nameKey]: 'rathaus' });
      expect(rathaus.status).toBe(201);
      expect(rathaus.json.id).toBe(original.json.id);
      // With a description, it must match the German one too.
      const withDescription = await create(`${DE}${path}`, {
        [nameKey]: 'Rathaus',
        description: 'altes gebäude',
      });
      expect(withDescription.json.id).toBe(original.json.id);
      const otherDescription = await create(`${DE}${path}`, {
        [nameKey]: 'Rathaus',
        description: 'Old building',
      });
      expect(otherDescription.json.id).not.toBe(original.json.id);

      // The English name in German is another record for a German reader; so is the German name in English.
      const townHallDe = await create(`${DE}${path}`, { [nameKey]: 'Town Hall' });
      expect(townHallDe.json.id).not.toBe(original.json.id);
      const rathausEn = await create(path, { [nameKey]: 'Rathaus' });
      expect(rathausEn.json.id).not.toBe(original.json.id);
      // The English name in English still finds the original.
      expect((await create(path, { [nameKey]: 'town hall' })).json.id).toBe(original.json.id);

      // A record without German texts is found by its English name in German (fallback).
      const choir = await create(path, { [nameKey]: 'City Choir' });
      expect((await create(`${DE}${path}`, { [nameKey]: 'city choir' })).json.id).toBe(choir.json.id);
    }
  });
});
