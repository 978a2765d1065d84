/**
 * What the import tells at the end: the writer's counts per kind, the ids it had to change, what it skipped,
 * and the settings of the source that this service needs to answer like it (site URL and name, time zone,
 * page size, currency symbol), as a ready `calendar-events serve` line.
 */

import type { TecIdClash, TecImportReport, TecKind, TecRecord, TecSnapshot } from '@calendar-events/core';
import type { DiscoveredSource } from './discovery.js';

export interface CarriedSettings {
  /** `home` of the source: `--site-url`, so that `url`, `global_id` and permalinks stay as they were. */
  siteUrl?: string;
  /**
   * The site's `timezone_string`, or its `gmt_offset` as the manual offset WordPress shows (`UTC+5.5`), which
   * this service takes as a zone too and answers as the plugin does (`"timezone": "UTC+5.5"`).
   */
  timezone?: string;
  /** The site's title (`name`): `--site-name`, the name of the iCalendar feeds. */
  siteName?: string;
  perPage?: number;
  currencySymbol?: string;
  currencyPosition?: 'prefix' | 'postfix';
  /** The `serve` options that carry all of the above, each a plain argument (the printed line quotes them). */
  serveOptions: string[];
}

/**
 * The site's default currency symbol, as the plugin shows it on costs entered without one (SPEC §14: `"15"`
 * shows as `"$15"` while `cost_details.currency_symbol` stays empty): the most frequent one among such costs.
 */
export function inferCurrency(
  events: TecRecord[],
): { symbol: string; position: 'prefix' | 'postfix' } | undefined {
  const seen = new Map<string, number>();
  for (const event of events) {
    const details = event.cost_details as { currency_symbol?: string; values?: unknown[] } | undefined;
    const cost = typeof event.cost === 'string' ? event.cost : '';
    if (details?.currency_symbol !== '' || !details.values?.length || !/\d/.test(cost)) continue;
    const first = /^(\D*?)\s*\d/.exec(cost)?.[1] ?? '';
    const last = /\d\s*(\D*?)$/.exec(cost)?.[1] ?? '';
    const key = first !== '' ? `prefix:${first}` : last !== '' ? `postfix:${last}` : undefined;
    if (key) seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const [best] = [...seen.entries()].sort((a, b) => b[1] - a[1]);
  if (!best) return undefined;
  const [position, symbol] = best[0].split(/:(.*)/s) as ['prefix' | 'postfix', string];
  return { symbol, position };
}

/** A shell word: quoted when it holds anything but plain characters. */
function shellWord(value: string): string {
  return /^[\w./:@%+=-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

export function carriedSettings(source: DiscoveredSource, snapshot: TecSnapshot): CarriedSettings {
  const settings: CarriedSettings = { serveOptions: [] };
  const site = source.site;
  if (site?.home) settings.siteUrl = site.home;
  if (site?.name) settings.siteName = site.name;
  if (site?.timezoneString) settings.timezone = site.timezoneString;
  else if (site?.gmtOffset !== undefined && Math.abs(site.gmtOffset) <= 14)
    settings.timezone =
      site.gmtOffset === 0 ? 'UTC' : `UTC${site.gmtOffset > 0 ? '+' : '-'}${Math.abs(site.gmtOffset)}`;
  if (source.defaultPerPage !== undefined) settings.perPage = source.defaultPerPage;
  const currency = inferCurrency(snapshot.events);
  if (currency) {
    settings.currencySymbol = currency.symbol;
    settings.currencyPosition = currency.position;
  }
  const options = settings.serveOptions;
  if (settings.siteUrl) options.push('--site-url', settings.siteUrl);
  if (settings.siteName) options.push('--site-name', settings.siteName);
  if (settings.timezone) options.push('--timezone', settings.timezone);
  if (settings.perPage !== undefined) options.push('--per-page', String(settings.perPage));
  if (settings.currencySymbol !== undefined) options.push('--currency-symbol', settings.currencySymbol);
  if (settings.currencyPosition === 'postfix') options.push('--currency-position', 'postfix');
  options.push('--namespace', 'tribe/events/v1');
  return settings;
}

const KINDS: TecKind[] = ['event', 'venue', 'organizer', 'category', 'tag'];
const plural = (kind: TecKind) => (kind === 'category' ? 'categories' : `${kind}s`);

/** The summary for a person: one line per kind, the remapped ids, the skipped records, the settings. */
export function summaryText(
  label: string,
  report: TecImportReport,
  settings: CarriedSettings,
  database: string,
  notes: string[] = [],
): string {
  const lines = [
    `${report.dryRun ? 'would import (dry run, nothing written)' : 'imported'} ${label}: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged, ${report.skipped.length} skipped${report.incomplete?.length ? ', and perhaps more left unread (below)' : ''}`,
  ];
  for (const kind of KINDS) {
    const counts = report.byKind[kind];
    lines.push(
      `  ${plural(kind).padEnd(11)} ${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged`,
    );
  }
  for (const remap of report.remapped) lines.push(`  remapped ${remap.kind} ${remap.from} → ${remap.to}`);
  for (const skip of report.skipped) lines.push(`  skipped ${skip.kind} ${skip.id}: ${skip.reason}`);
  for (const why of report.incomplete ?? []) lines.push(`  perhaps left: ${why}`);
  for (const note of notes) lines.push(`  note: ${note}`);
  lines.push('settings to carry over from the source:');
  lines.push(`  site URL    ${settings.siteUrl ?? '(the source did not tell: keep your public URL)'}`);
  lines.push(`  site name   ${settings.siteName ?? '(the source did not tell)'}`);
  lines.push(`  time zone   ${settings.timezone ?? '(the source did not tell)'}`);
  lines.push(`  per_page    ${settings.perPage ?? '(the source did not tell)'}`);
  lines.push(
    `  currency    ${settings.currencySymbol !== undefined ? `${settings.currencySymbol} (${settings.currencyPosition})` : '(no cost without a symbol to tell from)'}`,
  );
  lines.push(
    `  calendar-events serve --database ${shellWord(database)} ${settings.serveOptions.map(shellWord).join(' ')}`,
  );
  return `${lines.join('\n')}\n`;
}

/** The last line of a refused import: how many clashes, and what undoes each kind. */
export function clashLine(clashes: TecIdClash[], remapIds: boolean): string {
  const slugs = clashes.filter((clash) => clash.taken === 'slug').length;
  const ids = clashes.length - slugs;
  const remedies = [
    ...(ids > 0 && !remapIds ? ['--remap-ids gives clashing ids new ones'] : []),
    ...(slugs > 0
      ? [
          `${slugs} slug${slugs === 1 ? ' is' : 's are'} taken here: rename or remove those records here first`,
        ]
      : []),
  ];
  return `${clashes.length} record${clashes.length === 1 ? '' : 's'} of the source ${clashes.length === 1 ? 'clashes' : 'clash'} with records here: nothing written${remedies.map((remedy) => `; ${remedy}`).join('')}`;
}
