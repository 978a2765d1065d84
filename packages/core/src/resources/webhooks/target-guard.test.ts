import { describe, expect, it } from 'vitest';
import { checkWebhookTarget, guardedLookup, refusedAddress } from './target-guard.js';

describe('where webhooks may be sent', () => {
  it('refuses loopback, private, link-local, unique-local, unspecified and mapped addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '224.0.0.1',
    ])
      expect(refusedAddress(address, false), address).toBeDefined();
    for (const address of ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c', '::ffff:93.184.215.14'])
      expect(refusedAddress(address, false), address).toBeUndefined();
    expect(refusedAddress('127.0.0.1', true)).toBeUndefined();
  });

  it('checks literal hosts and every address a name resolves to', async () => {
    const resolve = async (host: string) =>
      host === 'mixed.example' ? ['93.184.215.14', '10.0.0.5'] : ['93.184.215.14'];
    expect(await checkWebhookTarget('http://[::1]:8080/', { allowPrivate: false })).toMatch(/loopback/);
    expect(await checkWebhookTarget('https://mixed.example/hook', { allowPrivate: false, resolve })).toMatch(
      /10\.0\.0\.5/,
    );
    expect(
      await checkWebhookTarget('https://public.example/hook', { allowPrivate: false, resolve }),
    ).toBeUndefined();
    expect(await checkWebhookTarget('ftp://public.example/', { allowPrivate: false, resolve })).toBeDefined();
    expect(await checkWebhookTarget('http://127.0.0.1/', { allowPrivate: true })).toBeUndefined();
  });

  it('refuses the connection when a name resolves to a refused address at connect time', async () => {
    const lookup = guardedLookup(false, ((
      _host: string,
      _options: unknown,
      callback: (...args: unknown[]) => void,
    ) => callback(null, [{ address: '127.0.0.1', family: 4 }])) as never);
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      lookup('rebound.example', {}, (failure) => resolve(failure)),
    );
    expect(error?.code).toBe('EWEBHOOKTARGET');
  });
});
