/**
 * What the in-process measurements share: the options every one of them takes (which databases, the calendar's
 * size, where calendars are kept, a JSON copy of the results), and how they end.
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Command, Option } from 'commander';
import type { DatabaseKind } from '../dataset/store.js';
import { DEFAULT_DATA_DIR } from '../paths.js';

export interface CommonOptions {
  databases: DatabaseKind[];
  events: number;
  postgresUrl: string;
  dataDir: string;
  json?: string;
}

/** A command with the common options; the tool adds its own. */
export function inProcessCommand(name: string, description: string): Command {
  return new Command(name)
    .description(description)
    .addOption(new Option('--databases <list>', 'sqlite, postgres').default('sqlite,postgres'))
    .addOption(new Option('--events <n>', 'events of the calendar').default('100000'))
    .addOption(
      new Option('--postgres-url <url>', 'the benchmark database')
        .env('BENCH_POSTGRES_URL')
        .default('postgres://postgres@127.0.0.1:5432/calendar_bench'),
    )
    .addOption(new Option('--data-dir <dir>', 'where calendars are kept').default(DEFAULT_DATA_DIR))
    .option('--json <file>', 'also write the results as JSON');
}

/** Parses the process's arguments: the common options typed, the tool's own as given. */
export function parseOptions(command: Command): CommonOptions & { own: Record<string, string> } {
  const own = command.parse(process.argv).opts<Record<string, string>>();
  return {
    databases: own.databases!.split(',') as DatabaseKind[],
    events: Number(own.events),
    postgresUrl: own.postgresUrl!,
    dataDir: own.dataDir!,
    ...(own.json !== undefined ? { json: own.json } : {}),
    own,
  };
}

/** Writes the JSON copy if asked, and ends the process (pools and timers must not keep it alive). */
export async function finish(options: CommonOptions, results: unknown[]): Promise<never> {
  if (options.json) await writeFile(resolve(options.json), `${JSON.stringify(results, null, 2)}\n`);
  process.exit();
}

/** The median of some measurements (the mean of the middle two for an even count). */
export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The SQL of a statement without its lists of placeholders (`in (?, ?, …)`, multi-row values). */
export function shapeOf(sqlText: string): string {
  return sqlText
    .replace(/\s+/g, ' ')
    .replace(/\((?:\s*(?:\?|\$\d+)\s*,)+\s*(?:\?|\$\d+)\s*\)/g, '(…)')
    .replace(/(?:\(…\)\s*,\s*)+\(…\)/g, '(…), …');
}
