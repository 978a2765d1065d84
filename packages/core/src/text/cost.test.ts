import { describe, expect, it } from 'vitest';
import { costAmount, costDetails, costValue, formatCost, parseCost, storedCostItems } from './cost.js';

/** What the event serializer does with a sent cost: parse once, then format both fields. */
function costFields(
  input: Parameters<typeof parseCost>[0],
  defaults: Parameters<typeof formatCost>[3] = { symbol: '$', position: 'prefix' },
) {
  const parsed = parseCost(input);
  return {
    cost: formatCost(parsed.items, parsed.symbol, parsed.position, defaults),
    cost_details: costDetails(parsed.items, parsed.symbol, '', parsed.position),
  };
}

const noSymbol = { currency_symbol: '', currency_code: '', currency_position: '' } as const;

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

  it('reads a range with decimals and keeps them as written', () => {
    expect(parseCost('€6.50 - €8.50')).toEqual({ items: ['6.50', '8.50'], symbol: '€', position: 'prefix' });
    expect(costFields('€6.50 - €8.50')).toEqual({
      cost: '€6.50 – €8.50',
      cost_details: {
        currency_symbol: '€',
        currency_code: '',
        currency_position: 'prefix',
        values: ['6.50', '8.50'],
      },
    });
  });

  it('reads locale decimal commas: "5,50 7,50"', () => {
    expect(parseCost('5,50 7,50').items).toEqual(['5,50', '7,50']);
    expect(costFields('5,50 7,50').cost_details.values).toEqual(['5.50', '7.50']);
  });

  it('gives empty output for empty input', () => {
    for (const input of ['', '   ', []]) {
      expect(costFields(input)).toEqual({ cost: '', cost_details: { ...noSymbol, values: [] } });
    }
  });
});

describe('the real plugin’s answers (SPEC §14, decided/02-cost-formatting.json)', () => {
  it('"Free" → cost "Free", values ["free"]', () => {
    expect(costFields('Free')).toEqual({ cost: 'Free', cost_details: { ...noSymbol, values: ['free'] } });
  });

  it('"10" and 10 → cost "$10" with the default symbol; currency_symbol stays ""', () => {
    for (const input of ['10', 10]) {
      expect(costFields(input)).toEqual({ cost: '$10', cost_details: { ...noSymbol, values: ['10'] } });
    }
  });

  it('"5 - 25" → cost "$5 – $25", values ["5","25"]', () => {
    expect(costFields('5 - 25')).toEqual({
      cost: '$5 – $25',
      cost_details: { ...noSymbol, values: ['5', '25'] },
    });
  });

  it('"€10" and "$5" keep their own symbol', () => {
    expect(costFields('€10')).toEqual({
      cost: '€10',
      cost_details: { currency_symbol: '€', currency_code: '', currency_position: 'prefix', values: ['10'] },
    });
    expect(costFields('$5').cost).toBe('$5');
  });

  it('a lone "0" (or 0) → cost "", values []', () => {
    for (const input of ['0', ' 0 ', 0]) {
      expect(costFields(input)).toEqual({ cost: '', cost_details: { ...noSymbol, values: [] } });
    }
  });

  it('"10,20" → cost "$10,20", values ["10.20"]', () => {
    expect(costFields('10,20')).toEqual({ cost: '$10,20', cost_details: { ...noSymbol, values: ['10.20'] } });
  });
});

describe('the site default currency', () => {
  it('applies another symbol and position to costs without a symbol', () => {
    const euro = { symbol: '€', position: 'postfix' } as const;
    expect(costFields('15', euro).cost).toBe('15€');
    expect(costFields('0 - 25', euro).cost).toBe('Free – 25€');
    expect(costFields('$5', euro).cost).toBe('$5');
  });

  it('shows bare numbers when the default symbol is empty', () => {
    expect(costFields('5 - 25', { symbol: '', position: 'prefix' }).cost).toBe('5 – 25');
  });
});

describe('parseCost', () => {
  it('sorts items ascending and drops duplicate amounts', () => {
    expect(parseCost('$30, $10, $20, $10.00').items).toEqual(['10', '20', '30']);
  });

  it('accepts numbers and numeric strings in an array; 0 inside a list is kept', () => {
    expect(parseCost([15, '5', 0])).toEqual({ items: ['0', '5', '15'], symbol: '', position: '' });
    expect(parseCost(['0'])).toEqual({ items: ['0'], symbol: '', position: '' });
    expect(parseCost(23)).toEqual({ items: ['23'], symbol: '', position: '' });
  });

  it('ignores negative and non-finite numbers', () => {
    expect(parseCost([-5, Number.NaN, Number.POSITIVE_INFINITY, 7]).items).toEqual(['7']);
  });

  it('reads a single comma between digits as a decimal comma, like the plugin', () => {
    expect(costAmount(parseCost('10,20').items[0]!)).toBe(10.2);
  });

  it('reads repeated separators with three-digit groups as thousands', () => {
    expect(parseCost('1,000,000').items).toEqual(['1,000,000']);
    expect(costValue('1,000,000')).toBe('1000000');
    expect(costValue('1.000.000')).toBe('1000000');
  });

  it('reads repeated separators with other groups as a list', () => {
    expect(parseCost('10,20,30').items).toEqual(['10', '20', '30']);
  });

  it('reads mixed separators with the last one as the decimal point', () => {
    expect(parseCost('1.234,50 €')).toEqual({ items: ['1.234,50'], symbol: '€', position: 'postfix' });
    expect(costValue('1.234,50')).toBe('1234.50');
    expect(costValue('1,234.50')).toBe('1234.50');
  });

  it('reads a leading decimal point', () => {
    expect(parseCost('$.50').items).toEqual(['.50']);
    expect(costValue('.50')).toBe('0.50');
  });

  it('reads symbols separated from the number by a space', () => {
    expect(parseCost('23 €')).toEqual({ items: ['23'], symbol: '€', position: 'postfix' });
    expect(parseCost('EUR 10 - EUR 20')).toEqual({ items: ['10', '20'], symbol: 'EUR', position: 'prefix' });
  });

  it('does not take range words for symbols', () => {
    expect(parseCost('$10 to $20')).toEqual({ items: ['10', '20'], symbol: '$', position: 'prefix' });
    expect(parseCost('20 bis 30 €').items).toEqual(['20', '30']);
    expect(parseCost('10 to 20')).toEqual({ items: ['10', '20'], symbol: '', position: '' });
  });

  it('prefers the side with a currency sign when text stands on both sides', () => {
    expect(parseCost('Adults 20 €, Children 10 €')).toEqual({
      items: ['10', '20'],
      symbol: '€',
      position: 'postfix',
    });
  });

  it('gives no symbol when items disagree', () => {
    expect(parseCost('$10, 20€')).toEqual({ items: ['10', '20'], symbol: '', position: '' });
    expect(parseCost('$10, 20')).toEqual({ items: ['10', '20'], symbol: '', position: '' });
  });

  it('keeps a shared symbol written on different sides, placed as the first item has it', () => {
    expect(parseCost('$10, 20$')).toEqual({ items: ['10', '20'], symbol: '$', position: 'prefix' });
  });

  it('reads a free word beside amounts as 0, not counted when checking that symbols agree', () => {
    expect(parseCost('Free - 30$')).toEqual({ items: ['0', '30'], symbol: '$', position: 'postfix' });
    expect(parseCost(['free', '$5'])).toEqual({ items: ['0', '5'], symbol: '$', position: 'prefix' });
    expect(costFields('Free - 30$').cost).toBe('Free – 30$');
  });

  it('keeps a lone free word as written, German ones too, not inside other words', () => {
    expect(parseCost('kostenlos').items).toEqual(['kostenlos']);
    expect(parseCost('Eintritt gratis').items).toEqual(['gratis']);
    expect(parseCost('FREE').items).toEqual(['FREE']);
    expect(costFields('FREE')).toEqual({ cost: 'FREE', cost_details: { ...noSymbol, values: ['free'] } });
    expect(parseCost('Freedom Fest').items).toEqual([]);
  });

  it('gives no value for text without numbers', () => {
    expect(parseCost('Donation')).toEqual({ items: [], symbol: '', position: '' });
  });

  it('reads a dash before a digit as a range dash, not a minus sign', () => {
    expect(parseCost('10-20').items).toEqual(['10', '20']);
  });
});

describe('formatCost', () => {
  it('prints amounts as written', () => {
    expect(formatCost(['23'], '$', 'prefix')).toBe('$23');
    expect(formatCost(['6.5'], '$', 'prefix')).toBe('$6.5');
    expect(formatCost(['0.125'], '', '', { symbol: '', position: 'prefix' })).toBe('0.125');
  });

  it('writes a symbol without a position before the number, the plugin default', () => {
    expect(formatCost(['5'], '$', '')).toBe('$5');
  });

  it('uses only the first and last item', () => {
    expect(formatCost(['0', '20', '30'], '$', 'postfix')).toBe('Free – 30$');
  });

  it('uses the given label for a free side', () => {
    expect(formatCost(['0', '10'], '€', 'postfix', undefined, 'Kostenlos')).toBe('Kostenlos – 10€');
  });
});

describe('costDetails', () => {
  it('gives the plugin strings and passes symbol, code and position through', () => {
    expect(costDetails(['0', '8,50', '20'], '€', 'EUR', 'prefix')).toEqual({
      currency_symbol: '€',
      currency_code: 'EUR',
      currency_position: 'prefix',
      values: ['0', '8.50', '20'],
    });
  });
});

describe('storedCostItems', () => {
  it('reads the stored list; older rows of numbers read as money amounts', () => {
    expect(storedCostItems('["5","10,20"]')).toEqual(['5', '10,20']);
    expect(storedCostItems('[0,6.5,20]')).toEqual(['0', '6.50', '20']);
    expect(storedCostItems('not json')).toEqual([]);
  });
});

describe('costDetails key order and notation', () => {
  it('keeps the plugin key order', () => {
    expect(Object.keys(costDetails(['1'], '$', 'USD', 'prefix'))).toEqual([
      'currency_symbol',
      'currency_code',
      'currency_position',
      'values',
    ]);
  });

  it('never writes exponent notation for numbers sent as JSON numbers', () => {
    const parsed = parseCost(1e21);
    expect(costDetails(parsed.items, '', '', '').values).toEqual(['1000000000000000000000']);
  });
});
