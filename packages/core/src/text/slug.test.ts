import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { librarySlug, MAX_SLUG_LENGTH, sanitizeSlug, uniqueSlug } from './slug.js';

describe('sanitizeSlug', () => {
  it.each([
    ['Test Event 1', 'test-event-1'],
    ['Äpfel & Birnen', 'apfel-birnen'],
    ['Über Größe', 'uber-grosse'],
    ['ÖL', 'ol'],
    ['Crème brûlée à la carte', 'creme-brulee-a-la-carte'],
    ['FooBar', 'foobar'],
    ['iPhone Release', 'iphone-release'],
    ['  Hello,   World!  ', 'hello-world'],
    ['--already-a-slug--', 'already-a-slug'],
    ['a/b.c', 'a-b-c'],
    ["Don't Stop", 'dont-stop'],
    ['L’Orchestre', 'lorchestre'],
    ['my_event', 'my_event'],
    ['Tom &amp; Jerry', 'tom-jerry'],
    ['<b>Bold</b> title', 'bold-title'],
    ['Event 2024', 'event-2024'],
    ['Москва', 'moskva'],
    ['Æsir Øl Łódź', 'aesir-ol-lodz'],
  ])('%s → %s', (text, slug) => {
    expect(sanitizeSlug(text)).toBe(slug);
  });

  it('returns an empty string when nothing is left', () => {
    expect(sanitizeSlug('')).toBe('');
    expect(sanitizeSlug('!!! ??? ---')).toBe('');
    expect(sanitizeSlug('東京')).toBe('');
  });

  it('keeps a slug that is already clean unchanged', () => {
    expect(sanitizeSlug('event-01')).toBe('event-01');
  });

  it(`cuts slugs to ${MAX_SLUG_LENGTH} characters without a trailing dash`, () => {
    const long = sanitizeSlug(`${'a'.repeat(199)} b`);
    expect(long).toBe('a'.repeat(199));
    expect(sanitizeSlug('word '.repeat(100)).length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
  });
});

describe('uniqueSlug', () => {
  const takenAmong = (taken: string[]) => {
    const asked: string[] = [];
    const isTaken = async (slug: string) => {
      asked.push(slug);
      return taken.includes(slug);
    };
    return { isTaken, asked };
  };

  it('returns the wanted slug when it is free', async () => {
    const { isTaken } = takenAmong(['other']);
    expect(await uniqueSlug('party', isTaken)).toBe('party');
  });

  it('appends -2, -3, … until a slug is free', async () => {
    const { isTaken, asked } = takenAmong(['party', 'party-2', 'party-3']);
    expect(await uniqueSlug('party', isTaken)).toBe('party-4');
    expect(asked).toEqual(['party', 'party-2', 'party-3', 'party-4']);
  });

  it('appends to a slug that already ends in a number, as WordPress does', async () => {
    const { isTaken } = takenAmong(['event-2']);
    expect(await uniqueSlug('event-2', isTaken)).toBe('event-2-2');
  });

  it('returns an empty slug without asking', async () => {
    const { isTaken, asked } = takenAmong(['']);
    expect(await uniqueSlug('', isTaken)).toBe('');
    expect(asked).toEqual([]);
  });

  it(`keeps suffixed slugs within ${MAX_SLUG_LENGTH} characters`, async () => {
    const wanted = 'a'.repeat(MAX_SLUG_LENGTH);
    const { isTaken } = takenAmong([wanted]);
    const slug = await uniqueSlug(wanted, isTaken);
    expect(slug).toBe(`${'a'.repeat(MAX_SLUG_LENGTH - 2)}-2`);
  });

  it('gives up with an error instead of looping for ever', async () => {
    await expect(uniqueSlug('x', async () => true)).rejects.toThrow(/No free slug/);
  });
});

describe('sanitizeSlug’s direct path for plain titles', () => {
  // Latin letters with and without accents, digits, every ASCII sign, and what needs the library.
  const alphabet = [
    ...'abcXYZ019 -.,:;!?()[]{}/+*#$%@^`|~=',
    ...'äÄöÖüÜßéÈçÑåÿØæ',
    ...`"&'’‘<>_\\`,
    ...'МоскваΩ',
  ];
  const titles = fc.array(fc.constantFrom(...alphabet), { maxLength: 40 }).map((chars) => chars.join(''));

  it('gives exactly what the library gives', () => {
    fc.assert(
      fc.property(titles, (title) => {
        expect(sanitizeSlug(title)).toBe(librarySlug(title).slice(0, MAX_SLUG_LENGTH).replace(/-+$/, ''));
      }),
      // 3,000 titles with `LONG_TESTS=1`, as before a release.
      { numRuns: process.env.LONG_TESTS ? 3000 : 500 },
    );
  });
});
