import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { organizerResponses, organizerSchema } from '../organizers/schema.js';
import { venueResponses } from '../venues/schema.js';
import { linkedPostSchema, optionalText, resourceAnswers } from './schema.js';

const record = linkedPostSchema({
  nameKey: 'venue',
  type: { en: 'thing', de: 'des Dings' },
  details: { phone: optionalText('Phone.', 'Telefon.') },
  id: 'Thing',
  description: { en: 'A thing.', de: 'Ein Ding.' },
});

const answers = resourceAnswers({
  id: 'Thing',
  key: 'things',
  item: record,
  texts: { list: { en: 'Things.', de: 'Dinge.' }, deleted: { en: 'Gone.', de: 'Weg.' } },
});

describe('resourceAnswers', () => {
  it('names the list and deleted answers after the record and keeps the record as the item', () => {
    expect(z.globalRegistry.get(answers.list)?.id).toBe('ThingList');
    expect(answers.item).toBe(record);
    expect(answers.deleteAnswer.options.map((option) => z.globalRegistry.get(option)?.id)).toEqual([
      'Thing',
      'ThingDeleted',
    ]);
  });

  it('gives venues and organizers the component ids /doc has always shown', () => {
    expect(z.globalRegistry.get(venueResponses.list)?.id).toBe('VenueList');
    expect(z.globalRegistry.get(organizerResponses.item)?.id).toBe('Organizer');
    expect(organizerResponses.item).toBe(organizerSchema);
  });
});

describe('linkedPostSchema', () => {
  it('orders the fields: head, texts, own fields, global ids', () => {
    expect(Object.keys(record.shape)).toEqual([
      'id',
      'author',
      'status',
      'date',
      'date_utc',
      'modified',
      'modified_utc',
      'url',
      'venue',
      'description',
      'excerpt',
      'slug',
      'image',
      'phone',
      'global_id',
      'global_id_lineage',
    ]);
  });
});
