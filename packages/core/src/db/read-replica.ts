/**
 * A PostgreSQL streaming replica that reads may be sent to: which of its failures a read on the primary
 * recovers from, and how long a replica that failed is left alone before it is tried again.
 */
import { isDatabaseUnavailable } from './unavailable.js';

/** How long a replica that failed is left alone before a read tries it again, unless told otherwise. */
export const DEFAULT_REPLICA_RETRY_MS = 5000;

/**
 * Whether a read that failed on the replica is answered by the primary instead: the replica cannot be reached
 * (`db/unavailable.ts`), cancelled the read to go on replaying (`40001`, a conflict with recovery: a hot
 * standby's own reason, the primary has none), or refused a write (`25006`, read-only: a read path that writes
 * belongs on the primary). A statement over the statement timeout is not among them: it answers 503 as on
 * the primary, rather than running as long again there.
 */
export function isReplicaFailure(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === '40001' || code === '25006';
}

/** Whether the replica may be asked now; a failure keeps it out of use for `retryMs`. */
export interface ReplicaHealth {
  usable(nowMs: number): boolean;
  /** It failed: true when it was in use until now (the caller logs the change once, not per request). */
  failed(nowMs: number): boolean;
  /** It answered: true when it had failed before (back in use). */
  answered(): boolean;
}

export function createReplicaHealth(retryMs: number): ReplicaHealth {
  let failedAt: number | undefined;
  let down = false;
  return {
    usable: (nowMs) => failedAt === undefined || nowMs - failedAt >= retryMs,
    failed(nowMs) {
      failedAt = nowMs;
      const wasUp = !down;
      down = true;
      return wasUp;
    },
    answered() {
      const wasDown = down;
      down = false;
      failedAt = undefined;
      return wasDown;
    },
  };
}
