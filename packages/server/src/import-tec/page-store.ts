/**
 * What makes an interrupted import resumable: every page read from the source is kept in a state directory
 * (one folder per source and login, under `--state-dir`), so that the next run reads only what is missing.
 * The folder is removed once an import has finished. A page is written to a temporary file and renamed, so a
 * run killed while writing leaves no half page behind.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/** One stored answer: a page of a list (`events`, page 3), or the authors (`users`, page 1). */
export interface StoredPage {
  items: unknown[];
  totalPages?: number;
  total?: number;
}

export interface PageStore {
  read(list: string, page: number): Promise<StoredPage | undefined>;
  write(list: string, page: number, content: StoredPage): Promise<void>;
  /** Forgets everything kept for this source (after a finished import). */
  clear(): Promise<void>;
  /** Where the pages are kept (for messages), or `undefined` when they are not kept. */
  readonly directory: string | undefined;
}

/**
 * The default state directory: beside an SQLite file (`calendar.db` → `calendar.db.import-tec/`), else
 * `$XDG_STATE_HOME/calendar-events/import-tec` (`~/.local/state/…`).
 */
export function defaultStateDirectory(databaseUrl: string): string {
  const sqliteFile = databaseUrl.startsWith('sqlite:')
    ? databaseUrl.slice('sqlite:'.length).replace(/^\/\//, '')
    : undefined;
  if (sqliteFile && sqliteFile !== ':memory:') return `${resolve(sqliteFile)}.import-tec`;
  const stateHome = process.env.XDG_STATE_HOME || join(homedir(), '.local', 'state');
  return join(stateHome, 'calendar-events', 'import-tec');
}

/**
 * The folder of one source read as one login: pages read anonymously are not the pages an editor reads (no
 * drafts), and a query that changed (another version of this command) must not reuse old pages.
 */
export function sourceKey(namespaceUrl: string, login: string | undefined, querySignature: string): string {
  return createHash('sha256')
    .update(JSON.stringify([namespaceUrl, login ?? '', querySignature]))
    .digest('hex')
    .slice(0, 24);
}

export function directoryPageStore(directory: string): PageStore {
  const file = (list: string, page: number) => join(directory, `${list}-${page}.json`);
  return {
    directory,
    async read(list, page) {
      try {
        return JSON.parse(await readFile(file(list, page), 'utf8')) as StoredPage;
      } catch {
        return undefined;
      }
    },
    async write(list, page, content) {
      const target = file(list, page);
      await mkdir(dirname(target), { recursive: true });
      // A name of its own for every write: two writes of one page (a run that failed while others were in
      // flight, and the next) must not rename each other's file away.
      const temporary = `${target}.${randomUUID()}.tmp`;
      await writeFile(temporary, JSON.stringify(content));
      await rename(temporary, target);
    },
    async clear() {
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Keeps nothing (`--no-resume`). */
export const noPageStore: PageStore = {
  directory: undefined,
  read: async () => undefined,
  write: async () => {},
  clear: async () => {},
};
