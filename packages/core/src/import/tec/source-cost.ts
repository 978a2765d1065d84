/** The cost of an event of the source, as stored here (see source.ts). */
import {
  type CurrencyDefaults,
  type CurrencyPosition,
  costDetails,
  costValue,
  formatCost,
  parseCost,
  storedCostOf,
} from '../../text/cost.js';
import { plain, text } from './record-fields.js';
import type { TecRecord } from './types.js';

/**
 * The stored cost of an event: its items as written, and its own symbol, code and position; with the text and
 * values as answered where this service, given the site's default currency, would answer them otherwise (the
 * plugin echoes a text it cannot read, `Donation` with the value `donation`, and formats with the site's
 * locale, `$1,500` with the value `1500`): an imported cost answers exactly as its source's.
 */
export function readCost(record: TecRecord, currency: CurrencyDefaults) {
  const details: TecRecord = { id: 0, ...(record.cost_details as Record<string, unknown> | undefined) };
  const answeredValues = Array.isArray(details.values) ? details.values.map(String) : [];
  // The plugin's value strings: amounts (`10.20`) or a free word (`free`); anything else is no cost value.
  const values = answeredValues.filter((value) => /^(?:\d+(?:\.\d+)?|\p{L}+)$/u.test(value));
  // The formatted text holds the amounts as written (`$10,20` for the value `10.20`); its symbol is the
  // site's default when the event has none, so only the amounts are taken from it.
  const answeredText = text(record, 'cost');
  const fromText = parseCost(answeredText).items;
  const agrees =
    fromText.length === values.length && fromText.every((item, index) => costValue(item) === values[index]);
  const items = agrees ? fromText : values;
  const position = text(details, 'currency_position');
  const stored = {
    currency_symbol: plain(details, 'currency_symbol'),
    currency_code: plain(details, 'currency_code'),
    currency_position: (position === 'prefix' || position === 'postfix' ? position : '') as CurrencyPosition,
  };
  const formatted = formatCost(items, stored.currency_symbol, stored.currency_position, currency);
  const formattedValues = costDetails(items, '', '', '').values;
  const same =
    formatted === answeredText &&
    formattedValues.length === answeredValues.length &&
    formattedValues.every((value, index) => value === answeredValues[index]);
  return {
    cost: storedCostOf(
      items,
      // Markup is no cost text (the plugin escapes its own): such an answer is not kept, as from any client.
      same || [answeredText, ...answeredValues].some((part) => /[<>]/.test(part))
        ? undefined
        : { cost: answeredText, values: answeredValues },
    ),
    ...stored,
  };
}
