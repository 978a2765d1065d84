/**
 * Host principals given by an adapter's own authentication (`request.authenticate`, what the Express and
 * Fastify `authenticate` options become) are resolved as the core option's are: a host user gets a user
 * record, a principal naming no user is a 403 with a warning, never a 500.
 */

import { testDialects } from '@calendar-events/tests/databases';
import { apiRequest } from '@calendar-events/tests/requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarCore, createCalendarCore } from '../core.js';
import type { Logger } from '../logger.js';
import type { Principal } from './principal.js';

const dialects = await testDialects();

describe.each(dialects)('principals from an adapter ($name)', (dialect) => {
  let close: () => Promise<void>;
  let core: CalendarCore;
  const warnings: string[] = [];
  const logger: Logger = {
    debug() {},
    info() {},
    error() {},
    warn: (_o, message) => warnings.push(String(message)),
  };

  beforeAll(async () => {
    const opened = await dialect.open();
    close = opened.close;
    core = createCalendarCore({ database: opened.database, logger });
  });
  afterAll(() => close());

  const createVenue = async (principal: Principal, venue: string) => {
    const request = apiRequest('POST', '/venues', { body: { venue } });
    request.authenticate = () => principal;
    const response = await core.handle(request);
    return { status: response.status, json: JSON.parse(String(response.body)) };
  };

  it('keeps a user record for a host user, found again by its external id', async () => {
    const first = await createVenue({ externalId: 'sso|1', role: 'editor', name: 'Grace' }, 'Hall A');
    expect(first.status).toBe(201);
    const second = await createVenue({ externalId: 'sso|1', role: 'editor', name: 'Grace Hopper' }, 'Hall B');
    expect(second.status).toBe(201);
    const users = await core.database.kysely
      .selectFrom('users')
      .select(['id', 'login', 'display_name'])
      .where('external_id', '=', 'sso|1')
      .execute();
    expect(users).toEqual([{ id: expect.any(Number), login: 'sso|1', display_name: 'Grace Hopper' }]);
    expect(first.json.author).toBe(String(users[0]!.id));
    expect(second.json.author).toBe(String(users[0]!.id));
  });

  it('answers 403 and warns for a user id that names no user', async () => {
    warnings.length = 0;
    const refused = await createVenue({ userId: 4242, role: 'administrator' }, 'Hall C');
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('rest_forbidden');
    expect(refused.json.message).toContain('does not exist');
    expect(warnings).toHaveLength(1);
  });
});
