/** CPU time of the measuring process and of PostgreSQL's server processes, for the in-process measurements. */
import { readdirSync, readFileSync } from 'node:fs';

/** CPU milliseconds (user + system) this process has used. */
export function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * CPU milliseconds used by the PostgreSQL server processes serving `database` (from /proc: user + system
 * time of each backend whose title names the database; 10 ms ticks). Undefined where /proc is missing.
 */
export function postgresCpuMs(database: string): number | undefined {
  let total = 0;
  let found = false;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!title.startsWith('postgres: ') || !title.includes(` ${database} `)) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
      found = true;
    } catch {
      // The process ended in between.
    }
  }
  return found ? total : undefined;
}
