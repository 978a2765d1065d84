/**
 * A host app's authentication (the `authenticate` option) may answer `{ userId, role }` for users of the
 * calendar or `{ externalId, role, name?, login? }` for users of the host app: the service keeps the host
 * user's record (created on first use, its name kept current) and shows it as the author. A principal that
 * names no user is refused with 403 and a warning in the log, never a 500.
 */
import type { Logger, Principal } from '@calendar-events/core';
import { beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';

const warnings: string[] = [];
const logger: Logger = {
  debug() {},
  info() {},
  error() {},
  warn: (_details, message) => warnings.push(String(message)),
};

/** The test's host app: the principal travels in a header, as a session lookup would find it. */
const PRINCIPAL_HEADER = 'x-test-principal';

describeContract(
  'host principals',
  (service) => {
    beforeEach(async () => {
      await service().reset();
      warnings.length = 0;
    });

    const as = (principal: Principal) => ({ headers: { [PRINCIPAL_HEADER]: JSON.stringify(principal) } });
    const createEvent = (principal: Principal, title = 'Host event') =>
      service().request('POST', '/events', {
        json: { title, start_date: '2030-04-01 10:00', end_date: '2030-04-01 11:00', status: 'publish' },
        ...as(principal),
      });
    const hostUser = (externalId: string) =>
      service()
        .core.database.kysely.selectFrom('users')
        .select(['id', 'login', 'display_name', 'role'])
        .where('external_id', '=', externalId)
        .executeTakeFirst();

    it('creates the user record of a host user on first use and keeps its name current', async () => {
      const ada = { externalId: 'host-42', role: 'editor', name: 'Ada Lovelace', login: 'ada' } as const;
      const first = await createEvent(ada);
      expect(first.status).toBe(201);
      const user = await hostUser('host-42');
      expect(user).toEqual({
        id: expect.any(Number),
        login: 'ada',
        display_name: 'Ada Lovelace',
        role: 'editor',
      });
      expect(first.json.author).toBe(String(user!.id));

      const renamed = await createEvent({ ...ada, name: 'Ada King' }, 'Second');
      expect(renamed.status).toBe(201);
      expect(renamed.json.author).toBe(String(user!.id));
      expect(await hostUser('host-42')).toEqual({ ...user, display_name: 'Ada King' });

      // Reads by the host user see its own drafts, as the author.
      const draft = await service().request('POST', '/events', {
        json: {
          title: 'Own draft',
          start_date: '2030-04-02 10:00',
          end_date: '2030-04-02 11:00',
          status: 'draft',
        },
        ...as({ externalId: 'host-42', role: 'contributor', name: 'Ada King', login: 'ada' }),
      });
      expect(draft.status).toBe(201);
      const read = await service().request(
        'GET',
        `/events/${draft.json.id}`,
        as({ ...ada, role: 'contributor' }),
      );
      expect(read.status).toBe(200);
    });

    it('gives a host user whose login a calendar user has a login of its own', async () => {
      const created = await createEvent({ externalId: 'host-7', role: 'author', login: 'admin' });
      expect(created.status).toBe(201);
      const user = await hostUser('host-7');
      expect(user).toMatchObject({ login: 'admin#host-7', display_name: 'admin', role: 'author' });
      expect(user!.id).not.toBe(service().users.admin.id);
    });

    it('still takes { userId, role } for users of the calendar', async () => {
      const editor = service().users.editor;
      const created = await createEvent({ userId: editor.id, role: 'editor' });
      expect(created.status).toBe(201);
      expect(created.json.author).toBe(String(editor.id));
    });

    it('refuses a principal naming no user with 403 and a warning, never a 500', async () => {
      const ghost = { userId: 987654, role: 'editor' } as const;
      const write = await createEvent(ghost);
      expect(write.status).toBe(403);
      expect(write.json.code).toBe('rest_forbidden');
      expect(write.json.message).toMatch(/user 987654 does not exist/);
      const read = await service().request('GET', '/events', as(ghost));
      expect(read.status).toBe(403);
      expect(warnings.filter((warning) => warning.includes('principal'))).toHaveLength(2);
      const empty = await createEvent({ externalId: '', role: 'editor' });
      expect(empty.status).toBe(403);
    });
  },
  {
    logger,
    authenticate: (request) => {
      const value = request.headers[PRINCIPAL_HEADER];
      return typeof value === 'string' ? (JSON.parse(value) as Principal) : null;
    },
  },
);
