import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from './cli.js';

const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

describe('calendar-events webhooks', () => {
  let directory: string;
  let database: string;
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'webhooks-cli-'));
    database = `sqlite:${join(directory, 'calendar.db')}`;
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  async function run(...args: string[]) {
    let stdout = '';
    let stderr = '';
    const where = args.length > 0 ? ['--database', database] : [];
    const code = await main(['node', 'calendar-events', 'webhooks', ...args, ...where], {
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
    });
    return { code, stdout, stderr };
  }

  it('adds (the secret printed once), lists, replays and removes', async () => {
    const added = await run(
      'add',
      'https://93.184.215.14/hooks',
      '--types',
      'event,venue',
      '--description',
      'Index',
    );
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toMatch(new RegExp(`^${SECRET.source.slice(1, -1)}\n$`));
    expect(added.stderr).toBe(
      'created webhook 1 for https://93.184.215.14/hooks; its secret is shown only once\n',
    );
    const json = await run('add', 'http://93.184.215.15:8080/in', '--json');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      id: 2,
      types: [],
      status: 'active',
      secret: expect.stringMatching(SECRET),
    });

    const listed = await run('list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toContain('whsec_');
    const lines = listed.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^1 {2}https:\/\/93\.184\.215\.14\/hooks {2}event,venue {2}active {2}\S+ {2}Index$/,
    );
    expect(lines[1]).toContain('  all  active  ');
    const all = JSON.parse((await run('list', '--json')).stdout);
    expect(all.map((webhook: { id: number }) => webhook.id)).toEqual([1, 2]);
    expect(all[0]).not.toHaveProperty('secret');

    const position = all[0].position as string;
    const replayed = await run('replay', '1', '--since', position);
    expect(replayed).toEqual({
      code: 0,
      stdout: `webhook 1 replays the changes after ${position}\n`,
      stderr: '',
    });

    expect(await run('remove', '1')).toEqual({
      code: 0,
      stdout: 'removed webhook 1 (https://93.184.215.14/hooks)\n',
      stderr: '',
    });
    expect(await run('remove', '1')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'error: there is no webhook with that id.\n',
    });
    expect(JSON.parse((await run('list', '--json')).stdout)).toHaveLength(1);
  });

  it.each([
    [['add', 'ftp://93.184.215.14/x'], 'error: url must be an http or https URL.\n'],
    [['add', 'https://user:pw@93.184.215.14/x'], undefined],
    [['add', 'https://93.184.215.14/x', '--types', 'event,ticket'], undefined],
    [['add', 'https://93.184.215.14/x', '--types', 'event,event'], undefined],
    [['add'], undefined],
    [['remove', 'one'], undefined],
    [['replay', '2'], undefined],
    [['replay', '2', '--since', 'nonsense'], 'error: since is not a sync token of this service.\n'],
    [[], 'error: missing command (add, list, remove, replay); see calendar-events webhooks --help\n'],
  ])('%j: exit code 2, one line', async (args, message) => {
    const result = await run(...args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: [^\n]+\n$/);
    if (message !== undefined) expect(result.stderr).toBe(message);
  });

  it('refuses a private target unless --webhook-allow-private says so', async () => {
    const refused = await run('add', 'http://127.0.0.1:9000/hook');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/loopback/);
    const allowed = await run('add', 'http://127.0.0.1:9000/hook', '--webhook-allow-private', '--json');
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(JSON.parse(allowed.stdout)).toMatchObject({ url: 'http://127.0.0.1:9000/hook' });
  });
});
