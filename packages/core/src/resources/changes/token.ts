/**
 * A sync token: a position in the change log, (data version, row id), after which a reader wants the changes.
 * Opaque to clients (base64url of `c1.<version>.<id>`), and the same on every instance and after restarts, as it
 * names rows of the database, not of a process. `c1` leaves room for another form later.
 */

export interface ChangePosition {
  /** The data version the change committed at. */
  version: number;
  /** The change's row within its version; 0 before every row of it. */
  id: number;
}

const FORM = /^c1\.(0|[1-9]\d{0,15})\.(0|[1-9]\d{0,15})$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function encodeChangeToken(position: ChangePosition): string {
  return Buffer.from(`c1.${position.version}.${position.id}`, 'utf8').toString('base64url');
}

/** The position a token names, or undefined when it is not one this service wrote. */
export function decodeChangeToken(token: string): ChangePosition | undefined {
  if (token.length > 64 || !BASE64URL.test(token)) return undefined;
  const text = Buffer.from(token, 'base64url').toString('utf8');
  const match = FORM.exec(text);
  if (!match) return undefined;
  const version = Number(match[1]);
  const id = Number(match[2]);
  if (!Number.isSafeInteger(version) || !Number.isSafeInteger(id)) return undefined;
  // One text per position: a token re-encoded differently (padding, trailing bits) is not ours.
  if (encodeChangeToken({ version, id }) !== token) return undefined;
  return { version, id };
}

/** Negative when `a` comes before `b` in the log's order. */
export function comparePositions(a: ChangePosition, b: ChangePosition): number {
  return a.version === b.version ? a.id - b.id : a.version - b.version;
}

export function laterPosition(a: ChangePosition, b: ChangePosition): ChangePosition {
  return comparePositions(a, b) >= 0 ? a : b;
}
