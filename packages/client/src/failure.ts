import type { components } from './schema.gen.js';

/** A helper's request that the service refused or that failed: its status and the error envelope, if any. */
export class CalendarRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: components['schemas']['Error'] | undefined,
  ) {
    super(body ? `${status} ${body.code}: ${body.message}` : `The service answered ${status}.`);
    this.name = 'CalendarRequestError';
  }
}
