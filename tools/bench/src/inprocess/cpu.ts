/** CPU time of the measuring process and of PostgreSQL's server processes, for the in-process measurements. */
import { readdirSync, readFileSync } from 'node:fs';

/** CPU milliseconds (user + system) this process has used. */
export function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * CPU milliseconds used by the PostgreSQL server processes serving `database`, as a counter that callers take
 * differences of (from /proc; 10 ms ticks): the user + system time of each live backend whose title names
 * the database, plus the time of the postmaster's ended children (`cutime` + `cstime`, which the kernel adds
 * up as the postmaster reaps them). Without the second term a backend that ended between two readings (a pool
 * closing an idle connection) took its time with it, and a difference could go negative; with it, a child of
 * another database or an autovacuum worker ending in between is counted too. Undefined where /proc is missing
 * or no backend has been seen serving the database.
 */
export function postgresCpuMs(database: string): number | undefined {
  let total = 0;
  let postmaster = knownPostmaster.get(database);
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
      const fields = statFields(entry);
      total += ticksToMs(fields[11]!, fields[12]!);
      postmaster = fields[1];
    } catch {
      // The process ended in between.
    }
  }
  if (postmaster === undefined) return undefined;
  knownPostmaster.set(database, postmaster);
  try {
    const fields = statFields(postmaster);
    total += ticksToMs(fields[13]!, fields[14]!);
  } catch {
    // No postmaster to read (a server stopping): the live backends alone.
  }
  return total;
}

/** The postmaster of each database's backends, once seen: read on when no backend is live. */
const knownPostmaster = new Map<string, string>();

/** The fields of /proc/<pid>/stat after the command name: state, ppid, … (utime is [11]). */
function statFields(pid: string): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

function ticksToMs(user: string, system: string): number {
  return ((Number(user) + Number(system)) * 1000) / 100;
}
