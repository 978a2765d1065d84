import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { timeZone } from './cli-arguments.js';

describe('--timezone', () => {
  it('takes what the service takes as a zone, in its spelling', () => {
    expect(timeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(timeZone('europe/berlin')).toBe('Europe/Berlin');
    expect(timeZone('UTC')).toBe('UTC');
    // WordPress's manual offsets, which a site without a named zone has (and `import tec` suggests).
    expect(timeZone('UTC+5.5')).toBe('UTC+5:30');
    expect(timeZone('UTC-3:30')).toBe('UTC-3:30');
    expect(timeZone('UTC+2')).toBe('UTC+2');
  });

  it('refuses what is no zone', () => {
    for (const value of ['Mars/Olympus', '', '+05:00', 'UTC+15'])
      expect(() => timeZone(value), value).toThrow(InvalidArgumentError);
  });
});
