/**
 * Event cost: parsing the `cost` request field and producing the `cost` and `cost_details` response fields,
 * after tribe-common's `Tribe__Cost_Utils` and the plugin's `get_formatted_event_cost` (ref §2.1, §7.5).
 *
 * The plugin keeps the raw string and re-parses it on every read with a regex that misreads thousands
 * separators and symbols in ranges. We keep its observable results for the inputs its tests and users send
 * (`"$23"`, `"20$"`, `["0$","20$","30$"]`, `"€6.50 - €8.50"`, `"5,50 7,50"`, `"Free"`) and make the rest
 * predictable:
 *
 * - A cost text holds any number of items: a number with an optional currency symbol written before or after
 *   it (`$23`, `23 €`, `EUR 23`). Commas followed by a space, dashes, `to` and other words between items only
 *   separate them. `free`, `gratis` and `kostenlos` (any case) are an item of value 0 without a symbol.
 * - Numbers: a lone `,` or `.` between digits is the decimal separator (`5,50` = 5.5, as the plugin reads it;
 *   so `10,20` is 10.2: separate values with `, ` or send an array). With both `.` and `,` the last one is the
 *   decimal separator and the others group thousands (`1.234,50`, `1,234.50`). A separator repeated with
 *   three-digit groups groups thousands (`1,000,000`); repeated otherwise it separates values (`10,20,30`).
 * - Text without any number and without a free word (`"Donation"`) gives no value. The plugin would echo such
 *   text as the cost; our model keeps numbers only.
 * - Negative numbers do not exist: a `-` before a digit is a range dash.
 */

export type CurrencyPosition = 'prefix' | 'postfix' | '';

export interface ParsedCost {
  /** Distinct values, ascending. */
  values: number[];
  /** The currency symbol every priced item shares, or '' when there is none or they differ. */
  symbol: string;
  /** Where the symbol stands; '' when there is no symbol. */
  position: CurrencyPosition;
}

export interface CostDetails {
  currency_symbol: string;
  currency_code: string;
  currency_position: CurrencyPosition;
  /** Ascending numeric strings, e.g. `['0', '6.5', '20']`. */
  values: string[];
}

/** One number found in a cost text, with the symbol written next to it ('' for none). */
interface CostItem {
  value: number;
  symbol: string;
  position: CurrencyPosition;
}

/**
 * An item: optional text, at most one space, a run of digits and separators, at most one space, optional text.
 * The text classes exclude digits, whitespace, separators and dashes, so `€6.50 - €8.50` yields two items
 * with a `€` prefix each, and `5,50 7,50` two bare numbers.
 */
const COST_ITEM_PATTERN = /(?:([^\d\s.,\-–—]+)\s?)?(\d+(?:[.,]\d+)*|[.,]\d+)(?:\s?([^\d\s.,\-–—]+))?/gu;

/** Words that say "no charge"; each stands for a value of 0 (shown as 'Free'). */
const FREE_WORD_PATTERN = /(?<![\p{L}\p{N}])(?:free|gratis|kostenlos)(?![\p{L}\p{N}])/iu;

/**
 * Text next to a number that is not a currency symbol: range words and free words. Without this list,
 * `20 bis 30 €` would read `bis` as the symbol of 20 and find the symbols inconsistent.
 */
const NOT_A_SYMBOL = new Set([
  'to',
  'till',
  'until',
  'through',
  'thru',
  'and',
  'or',
  'from',
  'bis',
  'und',
  'oder',
  'ab',
  'von',
  'free',
  'gratis',
  'kostenlos',
]);

const CURRENCY_SIGN_PATTERN = /\p{Sc}/u;

/** Parses the `cost` request field into its values and the shared currency symbol (ref §7.5). */
export function parseCost(input: string | number | Array<string | number>): ParsedCost {
  const parts = Array.isArray(input) ? input : [input];
  const items: CostItem[] = [];
  let hasFreeItem = false;
  for (const part of parts) {
    if (typeof part === 'number') {
      // A JSON number is a bare amount; negative or non-finite numbers are not costs.
      if (Number.isFinite(part) && part >= 0) items.push({ value: part, symbol: '', position: '' });
      continue;
    }
    if (FREE_WORD_PATTERN.test(part)) hasFreeItem = true;
    items.push(...costItemsOf(part));
  }

  const values = distinctAscending([...(hasFreeItem ? [0] : []), ...items.map((item) => item.value)]);
  const { symbol, position } = sharedSymbol(items);
  return { values, symbol, position };
}

/**
 * Formats like the plugin's `cost` field: '' for no values; one value with its symbol (`$23`, `20$`); several
 * as `min – max` (en dash with spaces), each side formatted; 0 as `freeLabel`. A symbol without a position is
 * written before the number, the plugin's default. Integers print without decimals; other amounts with two
 * (`6.5` → `6.50`, money style, so `€6.50 - €8.50` reads back as sent) or more when they have more.
 * `freeLabel` lets a German response say `Kostenlos`.
 */
export function formatCost(
  values: readonly number[],
  symbol: string,
  position: CurrencyPosition,
  freeLabel = 'Free',
): string {
  const sorted = distinctAscending(values);
  const min = sorted[0];
  const max = sorted[sorted.length - 1];
  if (min === undefined || max === undefined) return '';

  const formatSide = (value: number): string => {
    if (value === 0) return freeLabel;
    const amount = formatAmount(value);
    if (symbol === '') return amount;
    return position === 'postfix' ? `${amount}${symbol}` : `${symbol}${amount}`;
  };
  return min === max ? formatSide(min) : `${formatSide(min)} – ${formatSide(max)}`;
}

/** The `cost_details` object, keys in the plugin's order: symbol, code, position, values. */
export function costDetails(
  values: readonly number[],
  symbol: string,
  code: string,
  position: CurrencyPosition,
): CostDetails {
  return {
    currency_symbol: symbol,
    currency_code: code,
    currency_position: position,
    values: distinctAscending(values).map(numericString),
  };
}

function costItemsOf(text: string): CostItem[] {
  const items: CostItem[] = [];
  for (const match of text.matchAll(COST_ITEM_PATTERN)) {
    const numberRun = match[2];
    if (numberRun === undefined) continue;
    const before = symbolCandidate(match[1]);
    const after = symbolCandidate(match[3]);
    // With text on both sides (`Tickets 20 €`), the side that holds a currency sign wins, else the one before.
    const symbolIsAfter =
      after !== '' &&
      (before === '' || (CURRENCY_SIGN_PATTERN.test(after) && !CURRENCY_SIGN_PATTERN.test(before)));
    const item: Omit<CostItem, 'value'> = symbolIsAfter
      ? { symbol: after, position: 'postfix' }
      : before !== ''
        ? { symbol: before, position: 'prefix' }
        : { symbol: '', position: '' };
    for (const value of numbersOfRun(numberRun)) items.push({ value, ...item });
  }
  return items;
}

function symbolCandidate(text: string | undefined): string {
  if (text === undefined) return '';
  return NOT_A_SYMBOL.has(text.toLowerCase()) ? '' : text;
}

/** Reads a run of digits and separators (see the module comment for the rules). */
function numbersOfRun(run: string): number[] {
  if (run.startsWith('.') || run.startsWith(',')) return [Number(`0.${run.slice(1)}`)];
  const separators = run.match(/[.,]/g) ?? [];
  const lastSeparator = separators[separators.length - 1];
  if (lastSeparator === undefined) return [Number(run)];

  const groups = run.split(/[.,]/);
  const distinctSeparators = new Set(separators);
  if (distinctSeparators.size > 1) {
    const decimals = groups.pop() ?? '';
    return [Number(`${groups.join('')}.${decimals}`)];
  }
  if (separators.length === 1) return [Number(`${groups[0]}.${groups[1]}`)];
  if (groups.slice(1).every((group) => group.length === 3)) return [Number(groups.join(''))];
  return groups.map(Number);
}

/** The symbol all priced items share, and its position; '' for both when items disagree or have none. */
function sharedSymbol(items: readonly CostItem[]): { symbol: string; position: CurrencyPosition } {
  const first = items[0];
  if (first === undefined || first.symbol === '') return { symbol: '', position: '' };
  if (items.some((item) => item.symbol !== first.symbol)) return { symbol: '', position: '' };
  // Same symbol, different sides (`$10, 20$`): the first item decides, so the symbol is not lost.
  return { symbol: first.symbol, position: first.position };
}

function distinctAscending(values: readonly number[]): number[] {
  return [...new Set(values.filter((value) => Number.isFinite(value) && value >= 0))].sort((a, b) => a - b);
}

/** `23`, `6.5`, `0`: plain decimal notation, never exponent notation. */
function numericString(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

function formatAmount(value: number): string {
  if (Number.isInteger(value)) return numericString(value);
  const decimals = numericString(value).split('.')[1] ?? '';
  return decimals.length <= 2 ? value.toFixed(2) : numericString(value);
}
