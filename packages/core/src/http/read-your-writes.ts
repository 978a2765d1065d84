/**
 * What a read must see when a read replica may answer it: the data version the caller is known to have seen.
 * A write answers with the version it committed at or later (`Calendar-Data-Version`); the caller may send it
 * back on reads (`Calendar-Min-Data-Version`), and for a short while after a write the service remembers it per
 * writer (the pin), for clients that do not send it. A sync token names a position in the change log, which
 * the replica must have reached too: read from a replica behind it, the token would look like one from the
 * future and answer 410. The replica serves a read only at this version or later (http/read-replica.ts).
 */
import type { UserPrincipal } from '../auth/principal.js';
import { decodeChangeToken } from '../resources/changes/token.js';
import type { ParamBag } from '../route-table/params.js';
import type { CoreRequest } from './types.js';

/** On a write's answer: the data version it committed at, or a later one. */
export const DATA_VERSION_HEADER = 'Calendar-Data-Version';
/** On a read: the data version the answer must include (a `Calendar-Data-Version` the client was given). */
export const MIN_DATA_VERSION_HEADER = 'Calendar-Min-Data-Version';

/** How long a writer's reads need what it wrote, unless told otherwise. */
export const DEFAULT_PIN_MS = 5000;
/** Writers remembered at most; the oldest pins go first (a pin only ever makes a read go to the primary). */
const MAX_PINS = 10_000;

const VERSION = /^\s*(0|[1-9]\d{0,15})\s*$/;

/** The writers' pins: per user, the version of their last write, until the pin ends. */
export interface WriterPins {
  pin(userId: number, version: number, nowMs: number): void;
  /** The version a user's reads need now, or undefined when the user has no pin (any longer). */
  versionOf(userId: number, nowMs: number): number | undefined;
}

export function createWriterPins(pinMs: number, maxPins = MAX_PINS): WriterPins {
  // Insertion order is the order of the last writes: the first entry is the oldest pin.
  const pins = new Map<number, { version: number; until: number }>();
  return {
    pin(userId, version, nowMs) {
      if (pinMs <= 0) return;
      const previous = pins.get(userId);
      pins.delete(userId);
      pins.set(userId, { version: Math.max(version, previous?.version ?? 0), until: nowMs + pinMs });
      if (pins.size > maxPins) pins.delete(pins.keys().next().value as number);
    },
    versionOf(userId, nowMs) {
      const pin = pins.get(userId);
      if (!pin) return undefined;
      if (pin.until > nowMs) return pin.version;
      pins.delete(userId);
      return undefined;
    },
  };
}

/** The version named by a sync token of the parameters (`since`, `sync_token`) that the log must have reached. */
function tokenVersion(value: ParamBag[string] | undefined): number {
  if (typeof value !== 'string') return 0;
  const position = decodeChangeToken(value);
  if (!position) return 0;
  // Before every row of its version (a list's token): the changes of the version before it were seen.
  return position.id === 0 ? position.version - 1 : position.version;
}

/**
 * The data version a read of this caller must include: 0 when any will do, `Infinity` when only the primary
 * may answer (a `Calendar-Min-Data-Version` that is not a version: safe rather than refused, since a read
 * never fails for want of a replica).
 */
export function requiredVersion(
  request: Pick<CoreRequest, 'headers'>,
  params: ParamBag,
  principal: Pick<UserPrincipal, 'userId'> | null,
  pins: WriterPins,
  nowMs: number,
): number {
  let required = Math.max(tokenVersion(params.since), tokenVersion(params.sync_token));
  const sent = request.headers['calendar-min-data-version'];
  if (sent !== undefined) {
    const match = typeof sent === 'string' ? VERSION.exec(sent) : null;
    if (!match) return Number.POSITIVE_INFINITY;
    required = Math.max(required, Number(match[1]));
  }
  // Anonymous callers wrote nothing: there is nothing of theirs to wait for.
  const pinned = principal ? pins.versionOf(principal.userId, nowMs) : undefined;
  return pinned === undefined ? required : Math.max(required, pinned);
}
