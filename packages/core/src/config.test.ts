import { describe, expect, it } from 'vitest';
import { resolveConfig } from './config.js';

describe('the site currency settings', () => {
  it('default to the plugin’s: $ before the amount', () => {
    const config = resolveConfig({});
    expect(config.currencySymbol).toBe('$');
    expect(config.currencyPosition).toBe('prefix');
  });

  it('take a symbol (even none) and a position', () => {
    const config = resolveConfig({ currencySymbol: '', currencyPosition: 'postfix' });
    expect(config.currencySymbol).toBe('');
    expect(config.currencyPosition).toBe('postfix');
  });

  it('refuse another position', () => {
    expect(() => resolveConfig({ currencyPosition: 'after' as 'postfix' })).toThrow(RangeError);
  });
});
