/** The client-gone signal: made when first read, aborted when the connection closed before the answer. */
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestWith, withClientGoneSignal } from './client-gone.js';
import type { CoreRequest } from './types.js';

function response() {
  const res = new EventEmitter() as EventEmitter & { destroyed: boolean; writableFinished: boolean };
  res.destroyed = false;
  res.writableFinished = false;
  return res;
}
const request = (): CoreRequest => ({ method: 'GET', url: '/', mountPath: '', headers: {} });

describe('withClientGoneSignal', () => {
  it('makes the signal only when it is read, once, and aborts it when the client goes', () => {
    const res = response();
    const withSignal = withClientGoneSignal(request(), res as unknown as ServerResponse);
    expect(res.listenerCount('close')).toBe(0);
    const signal = withSignal.signal!;
    expect(withSignal.signal).toBe(signal);
    expect(res.listenerCount('close')).toBe(1);
    expect(signal.aborted).toBe(false);
    res.destroyed = true;
    res.emit('close');
    expect(signal.aborted).toBe(true);
  });

  it('is aborted at once when first read after the client went away, and not after a finished answer', () => {
    const gone = response();
    gone.destroyed = true;
    expect(withClientGoneSignal(request(), gone as unknown as ServerResponse).signal!.aborted).toBe(true);
    const finished = response();
    const signal = withClientGoneSignal(request(), finished as unknown as ServerResponse).signal!;
    finished.writableFinished = true;
    finished.emit('close');
    expect(signal.aborted).toBe(false);
  });

  it('copies of the request keep it unmade, and then share it', () => {
    const res = response();
    const original = withClientGoneSignal(request(), res as unknown as ServerResponse);
    const copy = requestWith(original, { method: 'HEAD' });
    expect(copy.method).toBe('HEAD');
    expect(original.method).toBe('GET');
    expect(res.listenerCount('close')).toBe(0);
    expect(copy.signal).toBe(original.signal);
    expect(res.listenerCount('close')).toBe(1);
  });
});
