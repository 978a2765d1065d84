import { describe, expect, it } from 'vitest';
import { encodeChangeToken } from '../resources/changes/token.js';
import { createWriterPins, requiredVersion } from './read-your-writes.js';

const editor = { userId: 7 };

describe('the version a read must include', () => {
  it('needs nothing of an anonymous caller without a header or token', () => {
    expect(requiredVersion({ headers: {} }, {}, null, createWriterPins(5000), 0)).toBe(0);
  });

  it('takes the version a client sends back, and sends a malformed one to the primary', () => {
    const pins = createWriterPins(5000);
    const ask = (value: string | string[]) =>
      requiredVersion({ headers: { 'calendar-min-data-version': value } }, {}, null, pins, 0);
    expect(ask('42')).toBe(42);
    expect(ask(' 42 ')).toBe(42);
    for (const malformed of ['-1', '4.2', 'abc', '', '0x10', '12345678901234567890', ['1', '2']])
      expect(ask(malformed), String(malformed)).toBe(Number.POSITIVE_INFINITY);
  });

  it('pins a writer to its write for a while, then lets it go', () => {
    const pins = createWriterPins(1000);
    pins.pin(editor.userId, 10, 5000);
    expect(requiredVersion({ headers: {} }, {}, editor, pins, 5999)).toBe(10);
    expect(requiredVersion({ headers: {} }, {}, { userId: 8 }, pins, 5999)).toBe(0);
    expect(requiredVersion({ headers: {} }, {}, editor, pins, 6000)).toBe(0);
    // The larger of the pin and the header.
    pins.pin(editor.userId, 12, 7000);
    const headers = { 'calendar-min-data-version': '11' };
    expect(requiredVersion({ headers }, {}, editor, pins, 7001)).toBe(12);
    expect(requiredVersion({ headers: { 'calendar-min-data-version': '20' } }, {}, editor, pins, 7001)).toBe(
      20,
    );
  });

  it('keeps a pin at the newest version a writer wrote, and forgets the oldest pins beyond its bound', () => {
    const pins = createWriterPins(1000, 2);
    pins.pin(1, 10, 0);
    pins.pin(1, 9, 0);
    expect(pins.versionOf(1, 1)).toBe(10);
    pins.pin(2, 3, 0);
    pins.pin(3, 4, 0);
    expect(pins.versionOf(1, 1)).toBeUndefined();
    expect(pins.versionOf(3, 1)).toBe(4);
    const off = createWriterPins(0);
    off.pin(1, 10, 0);
    expect(off.versionOf(1, 0)).toBeUndefined();
  });

  it("needs the version of a sync token's position", () => {
    const pins = createWriterPins(1000);
    const ask = (params: Record<string, string>) => requiredVersion({ headers: {} }, params, null, pins, 0);
    // A change row of version 8: the replica must have replayed version 8.
    expect(ask({ since: encodeChangeToken({ version: 8, id: 31 }) })).toBe(8);
    // Before every row of version 8 (a list's token, read at version 7): version 7 will do.
    expect(ask({ sync_token: encodeChangeToken({ version: 8, id: 0 }) })).toBe(7);
    expect(ask({ since: 'not a token' })).toBe(0);
  });
});
