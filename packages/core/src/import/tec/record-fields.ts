/** Reading one field of a record of the plugin's JSON as text (source.ts, source-cost.ts). */
import { plainTitle } from '../../text/html.js';
import type { TecRecord } from './types.js';

export function text(record: TecRecord, key: string): string {
  const value = record[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/**
 * A plain-text field (a title, a name, an address line): as answered, so that entities the plugin answers
 * (`&#8217;`) stay as they were; with markup, as the service stores what a client sends (`plainTitle`): no
 * markup reaches a client through an import either (SPEC §10).
 */
export function plain(record: TecRecord, key: string): string {
  const value = text(record, key);
  return /[<>]/.test(value) ? plainTitle(value) : value;
}
