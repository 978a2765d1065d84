import { describe, expect, it } from 'vitest';
import { costDetails, formatCost, parseCost } from './cost.js';

/** What the event serializer does with a sent cost: parse once, then format both fields. */
function costFields(input: Parameters<typeof parseCost>[0]) {
  const parsed = parseCost(input);
  return {
    cost: formatCost(parsed.values, parsed.symbol, parsed.position),
    cost_details: costDetails(parsed.values, parsed.symbol, '', parsed.position),
  };
}

describe('parseCost + formatCost + costDetails (plugin test cases, ref §2.1/§7.5)', () => {
  it('reads a prefixed symbol: "$23"', () => {
    expect(costFields('$23')).toEqual({
      cost: '$23',
      cost_details: { currency_symbol: '$', currency_code: '', currency_position: 'prefix', values: ['23'] },
    });
  });

  it('reads a postfixed symbol: "20$"', () => {
    expect(costFields('20$')).toEqual({
      cost: '20$',
      cost_details: { currency_symbol: '$', currency_code: '', currency_position: 'postfix', values: ['20'] },
    });
  });

  it('shows a zero minimum as Free: ["0$","20$","30$"]', () => {
    expect(costFields(['0$', '20$', '30$'])).toEqual({
      cost: 'Free – 30$',
      cost_details: {
        currency_symbol: '$',
        currency_code: '',
        currency_position: 'postfix',
        values: ['0', '20', '30'],
      },
    });
  });

  it('reads a range with decimals and keeps two decimals in the formatted cost', () => {
    const parsed = parseCost('€6.50 - €8.50');
    expect(parsed).toEqual({ values: [6.5, 8.5], symbol: '€', position: 'prefix' });
    expect(costFields('€6.50 - €8.50')).toEqual({
      cost: '€6.50 – €8.50',
      cost_details: {
        currency_symbol: '€',
        currency_code: '',
        currency_position: 'prefix',
        values: ['6.5', '8.5'],
      },
    });
  });

  it('reads locale decimal commas: "5,50 7,50"', () => {
    expect(parseCost('5,50 7,50').values).toEqual([5.5, 7.5]);
  });

  it('reads "Free" and "free" as a single 0', () => {
    for (const text of ['Free', 'free', 'FREE']) {
      expect(costFields(text)).toEqual({
        cost: 'Free',
        cost_details: { currency_symbol: '', currency_code: '', currency_position: '', values: ['0'] },
      });
    }
  });

  it('splits on a comma followed by a space: "10, 20"', () => {
    expect(parseCost('10, 20')).toEqual({ values: [10, 20], symbol: '', position: '' });
    expect(costFields('10, 20').cost).toBe('10 – 20');
  });

  it('gives no values and an empty cost for empty input', () => {
    for (const input of ['', '   ', []]) {
      expect(costFields(input)).toEqual({
        cost: '',
        cost_details: { currency_symbol: '', currency_code: '', currency_position: '', values: [] },
      });
    }
  });
});

describe('parseCost', () => {
  it('sorts values ascending and drops duplicates', () => {
    expect(parseCost('$30, $10, $20, $10').values).toEqual([10, 20, 30]);
  });

  it('accepts numbers and numeric strings in an array', () => {
    expect(parseCost([15, '5', 0])).toEqual({ values: [0, 5, 15], symbol: '', position: '' });
    expect(parseCost(23)).toEqual({ values: [23], symbol: '', position: '' });
  });

  it('ignores negative and non-finite numbers', () => {
    expect(parseCost([-5, Number.NaN, Number.POSITIVE_INFINITY, 7]).values).toEqual([7]);
  });

  it('reads a comma inside an array item as a decimal comma', () => {
    expect(parseCost(['5,50', '7,50']).values).toEqual([5.5, 7.5]);
  });

  it('reads a single comma between digits as a decimal comma, like the plugin', () => {
    expect(parseCost('10,20').values).toEqual([10.2]);
  });

  it('reads repeated separators with three-digit groups as thousands', () => {
    expect(parseCost('1,000,000').values).toEqual([1_000_000]);
    expect(parseCost('1.000.000 €').values).toEqual([1_000_000]);
  });

  it('reads repeated separators with other groups as a list', () => {
    expect(parseCost('10,20,30').values).toEqual([10, 20, 30]);
  });

  it('reads mixed separators with the last one as the decimal point', () => {
    expect(parseCost('1.234,50 €')).toEqual({ values: [1234.5], symbol: '€', position: 'postfix' });
    expect(parseCost('$1,234.50').values).toEqual([1234.5]);
  });

  it('reads a leading decimal point', () => {
    expect(parseCost('$.50').values).toEqual([0.5]);
  });

  it('reads symbols separated from the number by a space', () => {
    expect(parseCost('23 €')).toEqual({ values: [23], symbol: '€', position: 'postfix' });
    expect(parseCost('EUR 10 - EUR 20')).toEqual({ values: [10, 20], symbol: 'EUR', position: 'prefix' });
  });

  it('does not take range words for symbols', () => {
    expect(parseCost('$10 to $20')).toEqual({ values: [10, 20], symbol: '$', position: 'prefix' });
    expect(parseCost('20 bis 30 €').values).toEqual([20, 30]);
    expect(parseCost('10 to 20')).toEqual({ values: [10, 20], symbol: '', position: '' });
  });

  it('prefers the side with a currency sign when text stands on both sides', () => {
    expect(parseCost('Adults 20 €, Children 10 €')).toEqual({
      values: [10, 20],
      symbol: '€',
      position: 'postfix',
    });
  });

  it('gives no symbol when items disagree', () => {
    expect(parseCost('$10, 20€')).toEqual({ values: [10, 20], symbol: '', position: '' });
    expect(parseCost('$10, 20')).toEqual({ values: [10, 20], symbol: '', position: '' });
  });

  it('keeps a shared symbol written on different sides, placed as the first item has it', () => {
    expect(parseCost('$10, 20$')).toEqual({ values: [10, 20], symbol: '$', position: 'prefix' });
  });

  it('does not count a free word when checking that symbols agree', () => {
    expect(parseCost('Free - 30$')).toEqual({ values: [0, 30], symbol: '$', position: 'postfix' });
    expect(parseCost(['free', '$5'])).toEqual({ values: [0, 5], symbol: '$', position: 'prefix' });
  });

  it('knows German free words and does not match them inside other words', () => {
    expect(parseCost('kostenlos').values).toEqual([0]);
    expect(parseCost('Eintritt gratis').values).toEqual([0]);
    expect(parseCost('Freedom Fest').values).toEqual([]);
  });

  it('gives no value for text without numbers', () => {
    expect(parseCost('Donation')).toEqual({ values: [], symbol: '', position: '' });
  });

  it('reads a dash before a digit as a range dash, not a minus sign', () => {
    expect(parseCost('10-20').values).toEqual([10, 20]);
  });
});

describe('formatCost', () => {
  it('prints integers without decimals and fractions with at least two', () => {
    expect(formatCost([23], '$', 'prefix')).toBe('$23');
    expect(formatCost([6.5], '$', 'prefix')).toBe('$6.50');
    expect(formatCost([0.125], '', '')).toBe('0.125');
  });

  it('writes a symbol without a position before the number, the plugin default', () => {
    expect(formatCost([5], '$', '')).toBe('$5');
  });

  it('uses only the minimum and maximum of several values, in any order', () => {
    expect(formatCost([30, 0, 20], '$', 'postfix')).toBe('Free – 30$');
  });

  it('uses the given label for a free side', () => {
    expect(formatCost([0, 10], '€', 'postfix', 'Kostenlos')).toBe('Kostenlos – 10€');
  });

  it('formats each side of a range with the symbol', () => {
    expect(formatCost([10, 12.5], '$', 'prefix')).toBe('$10 – $12.50');
  });
});

describe('costDetails', () => {
  it('sorts and stringifies values and passes symbol, code and position through', () => {
    expect(costDetails([8.5, 0, 20], '€', 'EUR', 'prefix')).toEqual({
      currency_symbol: '€',
      currency_code: 'EUR',
      currency_position: 'prefix',
      values: ['0', '8.5', '20'],
    });
  });

  it('keeps the plugin key order', () => {
    expect(Object.keys(costDetails([1], '$', 'USD', 'prefix'))).toEqual([
      'currency_symbol',
      'currency_code',
      'currency_position',
      'values',
    ]);
  });

  it('never writes exponent notation', () => {
    expect(costDetails([1e21], '', '', '').values).toEqual(['1000000000000000000000']);
  });
});
