import { describe, expect, it } from 'vitest';
import { isBlankSearch, parseSearch, searchFragments } from './search.js';

const terms = (include: string[], exclude: string[] = []) => ({ include, exclude });

describe('parseSearch (WP_Query::parse_search and parse_search_terms)', () => {
  it('splits on tabs, spaces, commas and plus signs', () => {
    expect(parseSearch('foo bar')).toEqual(terms(['foo', 'bar']));
    expect(parseSearch('foo\tbar,baz+qux')).toEqual(terms(['foo', 'bar', 'baz', 'qux']));
    expect(parseSearch('  jazz   night  ')).toEqual(terms(['jazz', 'night']));
  });

  it('keeps quoted phrases with their spaces, trimming only the quotes', () => {
    expect(parseSearch('"jazz night" -cancelled')).toEqual(terms(['jazz night'], ['cancelled']));
    expect(parseSearch('"in the cellar"')).toEqual(terms(['in the cellar']));
    expect(parseSearch('" padded "')).toEqual(terms([' padded ']));
    expect(parseSearch(`"'quoted'"`)).toEqual(terms(['quoted']));
    // An unclosed quote runs to the end; then spaces are trimmed too.
    expect(parseSearch('"unterminated phrase ')).toEqual(terms(['unterminated phrase']));
    expect(parseSearch('rock "jazz night')).toEqual(terms(['rock', 'jazz night']));
  });

  it('trims quotes and apostrophes from unquoted terms', () => {
    expect(parseSearch("'jazz' rock's")).toEqual(terms(['jazz', "rock's"]));
    expect(parseSearch('jazz"night')).toEqual(terms(['jazz', 'night']));
  });

  it('drops single letters, single dashes and stopwords, even quoted', () => {
    expect(parseSearch('a jazz b')).toEqual(terms(['jazz']));
    expect(parseSearch('jazz - night')).toEqual(terms(['jazz', 'night']));
    expect(parseSearch('"a" jazz')).toEqual(terms(['jazz']));
    expect(parseSearch('the jazz of the night')).toEqual(terms(['jazz', 'night']));
    expect(parseSearch('THE Jazz WWW')).toEqual(terms(['Jazz']));
    expect(parseSearch('"the" jazz')).toEqual(terms(['jazz']));
    // Single characters other than ASCII letters and dashes are kept.
    expect(parseSearch('1 % _ ä jazz')).toEqual(terms(['1', '%', '_', 'ä', 'jazz']));
    // "0" is falsy in PHP: WordPress drops it like an empty term.
    expect(parseSearch('0 jazz')).toEqual(terms(['jazz']));
  });

  it('searches for the whole text when no term remains', () => {
    expect(parseSearch('a')).toEqual(terms(['a']));
    expect(parseSearch('the')).toEqual(terms(['the']));
    expect(parseSearch('a,b+c')).toEqual(terms(['a,b+c']));
    expect(parseSearch('to be or not')).toEqual(terms(['not']));
    expect(parseSearch('to be')).toEqual(terms(['to be']));
    expect(parseSearch('0')).toEqual(terms(['0']));
  });

  it('searches for the whole text when more than nine terms remain', () => {
    const nine = 'one two three four five six seven eight nine';
    expect(parseSearch(nine).include).toHaveLength(9);
    expect(parseSearch(`${nine} ten`)).toEqual(terms([`${nine} ten`]));
    // Dropped terms do not count.
    expect(parseSearch(`${nine} the a`).include).toHaveLength(9);
  });

  it('excludes terms that start with a dash', () => {
    expect(parseSearch('night -rock')).toEqual(terms(['night'], ['rock']));
    expect(parseSearch('-jazz')).toEqual(terms([], ['jazz']));
    expect(parseSearch('--jazz')).toEqual(terms([], ['-jazz']));
    // A quoted term starting with a dash excludes too; a dash before the quotes is a lone dash (dropped).
    expect(parseSearch('"-jazz night"')).toEqual(terms([], ['jazz night']));
    expect(parseSearch('-"jazz night"')).toEqual(terms(['jazz night']));
    // The whole text as the term: "-" excludes the empty string, so nothing matches (as in WordPress).
    expect(parseSearch('-')).toEqual(terms([], ['']));
    expect(parseSearch('-a')).toEqual(terms([], ['a']));
  });

  it('removes line breaks first', () => {
    expect(parseSearch('jazz\r\nnight')).toEqual(terms(['jazznight']));
    expect(parseSearch('"jazz\nnight"')).toEqual(terms(['jazznight']));
  });
});

describe('isBlankSearch', () => {
  it('is true for blanks and line breaks only', () => {
    expect(isBlankSearch(' ')).toBe(true);
    expect(isBlankSearch(' \t\r\n')).toBe(true);
    expect(isBlankSearch(' a ')).toBe(false);
    expect(isBlankSearch('-')).toBe(false);
  });
});

describe('searchFragments (ref §6.5)', () => {
  it('splits on every run of characters other than ASCII letters, digits and dashes', () => {
    expect(searchFragments('temple avenue')).toEqual(['temple', 'avenue']);
    expect(searchFragments('http://one.com')).toEqual(['http', 'one', 'com']);
    expect(searchFragments('@common.com')).toEqual(['common', 'com']);
    expect(searchFragments('555-1234')).toEqual(['555-1234']);
    expect(searchFragments('Ärger!!')).toEqual(['rger']);
    expect(searchFragments(' !! ')).toEqual([]);
  });
});
