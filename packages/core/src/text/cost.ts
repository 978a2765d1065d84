/**
 * Event cost: parsing the `cost` request field and producing the `cost` and `cost_details` response fields,
 * after tribe-common's `Tribe__Cost_Utils` and the plugin's `get_formatted_event_cost` (ref §2.1, §7.5), as
 * the real plugin answers (SPEC §14).
 *
 * The plugin keeps the raw string and re-parses it on every read with a regex that misreads thousands
 * separators and symbols in ranges. We keep its observable results for the inputs its tests and users send
 * (`"$23"`, `"20$"`, `["0$","20$","30$"]`, `"€6.50 - €8.50"`, `"5,50 7,50"`, `"Free"`, `"15"`, `"10,20"`) and
 * make the rest predictable:
 *
 * - A cost text holds any number of items: a number with an optional currency symbol written before or after
 *   it (`$23`, `23 €`, `EUR 23`). Commas followed by a space, dashes, `to` and other words between items only
 *   separate them. `free`, `gratis` and `kostenlos` (any case) are an item of value 0 without a symbol; alone
 *   (no number anywhere) the word itself is the cost, as the plugin shows it (`"Free"` → values `["free"]`).
 * - Numbers: a lone `,` or `.` between digits is the decimal separator (`5,50` = 5.5, as the plugin reads it;
 *   so `10,20` is 10.20: separate values with `, ` or send an array). With both `.` and `,` the last one is the
 *   decimal separator and the others group thousands (`1.234,50`, `1,234.50`). A separator repeated with
 *   three-digit groups groups thousands (`1,000,000`); repeated otherwise it separates values (`10,20,30`).
 * - Each number is stored as written; `cost` shows it as written (`$10,20`), `cost_details.values` as the
 *   plugin's string: `.` as the decimal separator, no grouping, the decimals as written (`"10.20"`, `"6.50"`).
 * - A lone `"0"` (or the number 0) is no cost at all: `cost ""`, `values []`, as the plugin (a 0 shows as
 *   `Free` only beside other amounts, or written with a symbol: `"0$"`).
 * - Without a symbol of its own, a cost shows with the site's default symbol and position (`"15"` → `$15`);
 *   `cost_details.currency_symbol` stays `""` then.
 * - Text without any number and without a free word (`"Donation"`) gives no value. The plugin would echo such
 *   text as the cost; our model keeps amounts only.
 * - Negative numbers do not exist: a `-` before a digit is a range dash.
 */

export type CurrencyPosition = 'prefix' | 'postfix' | '';

export interface ParsedCost {
  /**
   * The stored items, ascending by amount, one per amount: numbers as written (`'10,20'`, `'6.50'`), or a
   * lone free word as written (`'Free'`).
   */
  items: string[];
  /** The currency symbol every priced item shares, or '' when there is none or they differ. */
  symbol: string;
  /** Where the symbol stands; '' when there is no symbol. */
  position: CurrencyPosition;
}

export interface CostDetails {
  currency_symbol: string;
  currency_code: string;
  currency_position: CurrencyPosition;
  /** The plugin's strings, ascending, e.g. `['0', '6.50', '20']` or `['free']`. */
  values: string[];
}

/** The site's default currency symbol and position, for costs sent without a symbol. */
export interface CurrencyDefaults {
  symbol: string;
  position: 'prefix' | 'postfix';
}

/** The plugin's defaults: `$`, before the number. */
export const PLUGIN_CURRENCY_DEFAULTS: CurrencyDefaults = { symbol: '$', position: 'prefix' };

/** One number found in a cost text, as written, with the symbol written next to it ('' for none). */
interface CostItem {
  text: string;
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

/** Parses the `cost` request field into its stored items and the shared currency symbol (ref §7.5). */
export function parseCost(input: string | number | Array<string | number>): ParsedCost {
  // The plugin stores nothing for a lone 0 (PHP's `empty("0")`): no cost, not "Free".
  if (!Array.isArray(input) && (input === 0 || (typeof input === 'string' && input.trim() === '0'))) {
    return { items: [], symbol: '', position: '' };
  }
  const parts = Array.isArray(input) ? input : [input];
  const items: CostItem[] = [];
  let freeWord: string | undefined;
  for (const part of parts) {
    if (typeof part === 'number') {
      // A JSON number is a bare amount; negative or non-finite numbers are not costs.
      if (Number.isFinite(part) && part >= 0)
        items.push({ text: numericString(part), value: part, symbol: '', position: '' });
      continue;
    }
    freeWord ??= FREE_WORD_PATTERN.exec(part)?.[0];
    items.push(...costItemsOf(part));
  }

  const { symbol, position } = sharedSymbol(items);
  if (items.length === 0) return { items: freeWord ? [freeWord] : [], symbol, position };
  const amounts = freeWord ? [{ text: '0', value: 0 }, ...items] : items;
  const byValue = new Map<number, string>();
  for (const item of amounts) if (!byValue.has(item.value)) byValue.set(item.value, item.text);
  const sorted = [...byValue.entries()].sort(([a], [b]) => a - b).map(([, text]) => text);
  return { items: sorted, symbol, position };
}

/**
 * A cost as a site of the plugin answered it, kept by an import where this service's formatting of the same
 * items would answer otherwise: the plugin formats with the site's locale and echoes texts it cannot read
 * (`Donation`, `$1,500` with the value `1500`), and an imported event must answer as its source did.
 */
export interface AnsweredCost {
  /** `cost` as answered. */
  cost: string;
  /** `cost_details.values` as answered. */
  values: string[];
}

/** The stored `cost` column of an event whose answer is kept as the source gave it (see `AnsweredCost`). */
export function storedCostOf(items: readonly string[], answered?: AnsweredCost): string {
  return JSON.stringify(answered ? { items, answered } : items);
}

function parsedStoredCost(stored: string): unknown {
  try {
    return JSON.parse(stored);
  } catch {
    return undefined;
  }
}

/** The answer kept with a stored cost (an imported one), or `undefined` when the items are formatted here. */
export function storedCostAnswer(stored: string): AnsweredCost | undefined {
  const value = parsedStoredCost(stored) as { answered?: Partial<AnsweredCost> } | undefined;
  const answered = value && !Array.isArray(value) && typeof value === 'object' ? value.answered : undefined;
  if (typeof answered?.cost !== 'string' || !Array.isArray(answered.values)) return undefined;
  return { cost: answered.cost, values: answered.values.map(String) };
}

/**
 * Reads the stored `cost` column: a JSON list of items as written (strings), or `{items, answered}` for an
 * imported cost kept as its source answered it; older rows hold plain numbers, read as money amounts
 * (`6.5` → `'6.50'`).
 */
export function storedCostItems(stored: string): string[] {
  const value = parsedStoredCost(stored) as { items?: unknown } | unknown[] | undefined;
  const list = value && !Array.isArray(value) && typeof value === 'object' ? value.items : value;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) =>
    typeof item === 'number' ? (Number.isFinite(item) ? [formatAmount(item)] : []) : [String(item)],
  );
}

/** Whether a stored item without an amount says "no charge" (`Free`, `gratis`), not some other word. */
export function isFreeWord(item: string): boolean {
  return FREE_WORD_PATTERN.test(item);
}

/** The amount of a stored item; `null` for a free word. */
export function costAmount(item: string): number | null {
  if (!/\d/.test(item)) return null;
  const value = Number(costValue(item));
  return Number.isFinite(value) ? value : null;
}

/**
 * The plugin's string for a stored item: a free word in lower case (`'free'`); a number with `.` as its
 * decimal separator, without grouping, its decimals as written (`'10,20'` → `'10.20'`, `'1.234,50'` →
 * `'1234.50'`, `'.50'` → `'0.50'`).
 */
export function costValue(item: string): string {
  if (!/\d/.test(item)) return item.toLowerCase();
  const separators = item.match(/[.,]/g) ?? [];
  if (separators.length === 0) return item;
  const groups = item.split(/[.,]/);
  const lastSeparator = separators[separators.length - 1];
  const oneKind = separators.every((separator) => separator === lastSeparator);
  // `1,000,000`: one separator repeated over three-digit groups only groups thousands.
  if (oneKind && separators.length > 1) return groups.join('');
  const decimals = groups.pop() ?? '';
  const whole = groups.join('') || '0';
  return `${whole}.${decimals}`;
}

/**
 * Formats like the plugin's `cost` field: '' for no items; one item with its symbol (`$23`, `20$`); several
 * as `min – max` (en dash with spaces), each side formatted; an amount of 0 as `freeLabel`; a lone free word
 * as written. The event's own symbol and position win; without a symbol the site's defaults apply (`15` →
 * `$15`). A symbol without a position is written before the number, the plugin default. Numbers print as
 * written (`10,20` → `$10,20`). `freeLabel` lets a German response say `Kostenlos`.
 */
export function formatCost(
  items: readonly string[],
  symbol: string,
  position: CurrencyPosition,
  defaults: CurrencyDefaults = PLUGIN_CURRENCY_DEFAULTS,
  freeLabel = 'Free',
): string {
  const min = items[0];
  const max = items[items.length - 1];
  if (min === undefined || max === undefined) return '';
  const shownSymbol = symbol !== '' ? symbol : defaults.symbol;
  const shownPosition = symbol !== '' ? position : defaults.position;

  const formatSide = (item: string): string => {
    const amount = costAmount(item);
    if (amount === null) return item;
    if (amount === 0) return freeLabel;
    if (shownSymbol === '') return item;
    return shownPosition === 'postfix' ? `${item}${shownSymbol}` : `${shownSymbol}${item}`;
  };
  return min === max ? formatSide(min) : `${formatSide(min)} – ${formatSide(max)}`;
}

/** The `cost_details` object, keys in the plugin's order: symbol, code, position, values. */
export function costDetails(
  items: readonly string[],
  symbol: string,
  code: string,
  position: CurrencyPosition,
): CostDetails {
  return {
    currency_symbol: symbol,
    currency_code: code,
    currency_position: position,
    values: items.map(costValue),
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
    const item: Omit<CostItem, 'value' | 'text'> = symbolIsAfter
      ? { symbol: after, position: 'postfix' }
      : before !== ''
        ? { symbol: before, position: 'prefix' }
        : { symbol: '', position: '' };
    for (const { text: written, value } of numbersOfRun(numberRun))
      items.push({ text: written, value, ...item });
  }
  return items;
}

function symbolCandidate(text: string | undefined): string {
  if (text === undefined) return '';
  return NOT_A_SYMBOL.has(text.toLowerCase()) ? '' : text;
}

/** Reads a run of digits and separators into numbers, each as written (see the module comment). */
function numbersOfRun(run: string): Array<{ text: string; value: number }> {
  const whole = (value: number) => [{ text: run, value }];
  if (run.startsWith('.') || run.startsWith(',')) return whole(Number(`0.${run.slice(1)}`));
  const separators = run.match(/[.,]/g) ?? [];
  const lastSeparator = separators[separators.length - 1];
  if (lastSeparator === undefined) return whole(Number(run));

  const groups = run.split(/[.,]/);
  const distinctSeparators = new Set(separators);
  if (distinctSeparators.size > 1) {
    const decimals = groups.pop() ?? '';
    return whole(Number(`${groups.join('')}.${decimals}`));
  }
  if (separators.length === 1) return whole(Number(`${groups[0]}.${groups[1]}`));
  if (groups.slice(1).every((group) => group.length === 3)) return whole(Number(groups.join('')));
  return groups.map((group) => ({ text: group, value: Number(group) }));
}

/** The symbol all priced items share, and its position; '' for both when items disagree or have none. */
function sharedSymbol(items: readonly CostItem[]): { symbol: string; position: CurrencyPosition } {
  const first = items[0];
  if (first === undefined || first.symbol === '') return { symbol: '', position: '' };
  if (items.some((item) => item.symbol !== first.symbol)) return { symbol: '', position: '' };
  // Same symbol, different sides (`$10, 20$`): the first item decides, so the symbol is not lost.
  return { symbol: first.symbol, position: first.position };
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
