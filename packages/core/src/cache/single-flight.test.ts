import { describe, expect, it } from 'vitest';
import { createSingleFlight } from './single-flight.js';

describe('createSingleFlight', () => {
  it('hands the end of a flight to whoever asks while it is under way, and forgets it once landed', async () => {
    const flights = createSingleFlight();
    let land = (_value: string) => {};
    const flying = flights.fly('k', () => new Promise<string>((resolve) => (land = resolve)));
    const waiting = flights.underWay('k');
    expect(waiting).toBeDefined();
    expect(flights.underWay('other')).toBeUndefined();
    land('answer');
    await expect(flying).resolves.toBe('answer');
    await expect(waiting).resolves.toBeUndefined();
    expect(flights.underWay('k')).toBeUndefined();
  });

  it('lets waiters go on when the flight fails, and passes the failure to its own caller only', async () => {
    const flights = createSingleFlight();
    const failing = flights.fly('k', async () => {
      throw new Error('down');
    });
    const waiting = flights.underWay('k');
    await expect(failing).rejects.toThrow('down');
    await expect(waiting).resolves.toBeUndefined();
    expect(flights.underWay('k')).toBeUndefined();
  });
});
