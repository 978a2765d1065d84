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

describe('the change log’s retention', () => {
  it('keeps changes 30 days by default, or as many whole days as given', () => {
    expect(resolveConfig({}).changeRetentionDays).toBe(30);
    expect(resolveConfig({ changeRetentionDays: 7 }).changeRetentionDays).toBe(7);
  });

  it('refuses no days, parts of days and more than ten years', () => {
    for (const days of [0, 1.5, 3651, Number.NaN])
      expect(() => resolveConfig({ changeRetentionDays: days })).toThrow(RangeError);
  });
});
