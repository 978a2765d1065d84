import { describe, expect, it } from 'vitest';
import { parseBody } from './body.js';
import { parseFormEncoded } from './parse-params.js';

const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded' };
const JSON_HEADERS = { 'content-type': 'application/json' };

const parsedForm = async (value: unknown) =>
  (await parseBody({ kind: 'parsed', value }, FORM_HEADERS, 1024)).form;

describe('parseBody with a body a host parser already parsed', () => {
  const text =
    'venue[venue]=Hall&venue[city]=Berlin&organizer[0][organizer]=Org&tags[]=a&tags[]=b&cats=x&cats=y&one[]=z&e=';
  const expected = parseFormEncoded(text);

  it('reads the raw form text as SPEC §3 says', () => {
    expect(expected).toEqual({
      venue: { venue: 'Hall', city: 'Berlin' },
      organizer: [{ organizer: 'Org' }],
      tags: ['a', 'b'],
      cats: ['x', 'y'],
      one: ['z'],
      e: '',
    });
  });

  it('splits the bracketed keys of a flat form (Express urlencoded, extended: false)', async () => {
    const flat = {
      'venue[venue]': 'Hall',
      'venue[city]': 'Berlin',
      'organizer[0][organizer]': 'Org',
      'tags[]': ['a', 'b'],
      cats: ['x', 'y'],
      'one[]': 'z',
      e: '',
    };
    expect(await parsedForm(flat)).toEqual(expected);
  });

  it('takes the nested objects of qs (Express urlencoded, extended: true) as the text gives them', async () => {
    const nested = {
      venue: { venue: 'Hall', city: 'Berlin' },
      organizer: [{ organizer: 'Org' }],
      tags: ['a', 'b'],
      cats: ['x', 'y'],
      one: ['z'],
      e: '',
    };
    expect(await parsedForm(nested)).toEqual(expected);
    expect(await parsedForm({ venue: { tags: ['a'] }, n: { a: { b: 'c' } } })).toEqual(
      parseFormEncoded('venue[tags][]=a&n[a][b]=c'),
    );
  });

  it('takes form text a host kept as a string, and ignores anything that is not an object', async () => {
    expect(await parsedForm(text)).toEqual(expected);
    expect(await parsedForm(['a'])).toEqual({});
    expect(await parsedForm(null)).toEqual({});
  });

  it('keeps a parsed JSON body as it is', async () => {
    const value = { venue: { venue: 'Hall' }, tags: ['a'], 'a[b]': 1, featured: true };
    expect(await parseBody({ kind: 'parsed', value }, JSON_HEADERS, 1024)).toEqual({ json: value });
  });
});

describe('parseBody with keys that name a prototype', () => {
  const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();
  const status = async (run: Promise<unknown>) => {
    try {
      await run;
    } catch (error) {
      return (error as { status?: number }).status;
    }
    return 200;
  };

  it('refuses them in JSON text, in a host-parsed JSON body and in a host-parsed form, at any depth', async () => {
    const before = prototypeKeys();
    const texts = ['{"__proto__":{"status":"draft"}}', '{"venue":{"constructor":{"prototype":{"x":1}}}}'];
    for (const text of texts) {
      expect(await status(parseBody({ kind: 'raw', data: text }, JSON_HEADERS, 1024)), text).toBe(400);
      // What `express.json()` hands over: JSON.parse keeps `__proto__` as an own key.
      expect(await status(parseBody({ kind: 'parsed', value: JSON.parse(text) }, JSON_HEADERS, 1024))).toBe(
        400,
      );
      expect(await status(parseBody({ kind: 'parsed', value: JSON.parse(text) }, FORM_HEADERS, 1024))).toBe(
        400,
      );
    }
    // A flat host form (`extended: false`) keeps the brackets in the key.
    expect(await status(parsedForm({ '__proto__[status]': 'draft' }))).toBe(400);
    expect(prototypeKeys()).toEqual(before);
  });

  it('refuses a host-parsed form nested deeper than the limit instead of recursing without end', async () => {
    let value: Record<string, unknown> = { a: '1' };
    for (let i = 0; i < 20_000; i++) value = { a: value };
    expect(await status(parsedForm(value))).toBe(400);
  });
});

describe('parseBody with a plain string or bytes (a caller of core.handle)', () => {
  it('reads them as the raw body, by the content type, within the limit', async () => {
    const text = '{"title":"Jazz","tags":["a"]}';
    expect(await parseBody(text, JSON_HEADERS, 1024)).toEqual({ json: { title: 'Jazz', tags: ['a'] } });
    expect(await parseBody(new TextEncoder().encode(text), JSON_HEADERS, 1024)).toEqual({
      json: { title: 'Jazz', tags: ['a'] },
    });
    expect((await parseBody('title=Jazz', FORM_HEADERS, 1024)).form).toEqual({ title: 'Jazz' });
    expect(await parseBody('', JSON_HEADERS, 1024)).toEqual({});
    await expect(parseBody(text, JSON_HEADERS, 10)).rejects.toMatchObject({ status: 413 });
  });
});
