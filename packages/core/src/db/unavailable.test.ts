import { describe, expect, it } from 'vitest';
import { READ_ATTEMPTS, readAgainIfCut } from './unavailable.js';

const cut = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

describe('readAgainIfCut', () => {
  it('asks a read again when its connection was cut, and answers what the next attempt read', async () => {
    let attempts = 0;
    const value = await readAgainIfCut(async () => {
      attempts++;
      if (attempts === 1) throw cut();
      return 'read';
    });
    expect([value, attempts]).toEqual(['read', 2]);
  });

  it('throws any other failure at once, and a cut after the last attempt', async () => {
    let attempts = 0;
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    await expect(
      readAgainIfCut(async () => {
        attempts++;
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(attempts).toBe(1);
    attempts = 0;
    await expect(
      readAgainIfCut(async () => {
        attempts++;
        throw cut();
      }),
    ).rejects.toMatchObject({ code: '57P01' });
    expect(attempts).toBe(READ_ATTEMPTS);
  });
});
