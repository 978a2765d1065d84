import { describe, expect, it } from 'vitest';
import { type CalendarCoreOptions, resolveConfig } from './config.js';

const database = {} as CalendarCoreOptions['database'];

describe('the site currency settings', () => {
  it('default to the plugin’s: $ before the amount', () => {
    const config = resolveConfig({ database });
    expect(config.currencySymbol).toBe('$');
    expect(config.currencyPosition).toBe('prefix');
  });

  it('take a symbol (even none) and a position', () => {
    const config = resolveConfig({ database, currencySymbol: '', currencyPosition: 'postfix' });
    expect(config.currencySymbol).toBe('');
    expect(config.currencyPosition).toBe('postfix');
  });

  it('refuse another position', () => {
    expect(() => resolveConfig({ database, currencyPosition: 'after' as 'postfix' })).toThrow(RangeError);
  });
});
