import { describe, expect, it } from 'vitest';
import { createReplicaHealth, isReplicaFailure } from './read-replica.js';

describe('a read replica', () => {
  it('counts as failed when it cannot be reached or cancels a read to replay, not on a statement timeout', () => {
    expect(isReplicaFailure(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isReplicaFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isReplicaFailure({ code: '57P01', message: 'terminating connection' })).toBe(true);
    expect(isReplicaFailure({ code: '40001', message: 'conflict with recovery' })).toBe(true);
    expect(isReplicaFailure({ code: '25006', message: 'read-only transaction' })).toBe(true);
    expect(isReplicaFailure({ code: '57014', message: 'canceling statement due to statement timeout' })).toBe(
      false,
    );
    expect(isReplicaFailure(new Error('a bug'))).toBe(false);
  });

  it('is left alone for a while after it failed, and says when it changed', () => {
    const health = createReplicaHealth(1000);
    expect(health.usable(0)).toBe(true);
    expect(health.failed(100)).toBe(true);
    expect(health.usable(1099)).toBe(false);
    expect(health.usable(1100)).toBe(true);
    // Failing again while down is not a change to tell; answering is.
    expect(health.failed(1100)).toBe(false);
    expect(health.answered()).toBe(true);
    expect(health.answered()).toBe(false);
    expect(health.usable(1101)).toBe(true);
  });
});
