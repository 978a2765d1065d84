/**
 * Parameter keys that name a prototype (`__proto__`, `constructor[prototype]`) are
 * refused with 400 `rest_invalid_param` from every source (query, form, multipart, JSON), change nothing,
 * and leave `Object.prototype` as it was: the requests after them behave normally.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeContract } from '../index.js';

/** The requests of the issue, as `key=value` pairs. */
const POLLUTING_PAIRS = [
  '__proto__[status]=draft',
  '__proto__[authenticate]=x',
  '__proto__[password]=x',
  '__proto__[status]=trash',
  '__proto__[force]=true',
  '__proto__[include]=999999',
  'constructor[prototype][x]=y',
];

/** The same keys as a JSON body's objects. */
function pollutingJson(pair: string): string {
  const [key, value] = pair.split('=') as [string, string];
  const segments = key.replace(/\]/g, '').split('[');
  let json = JSON.stringify(value);
  for (const segment of segments.reverse()) json = `{${JSON.stringify(segment)}:${json}}`;
  return json;
}

function multipart(fields: Array<[string, string]>): { body: string; type: string } {
  const boundary = 'x-boundary-15';
  const parts = fields.map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { body: `${parts.join('')}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();

describeContract('prototype pollution', (service) => {
  const before = prototypeKeys();

  beforeEach(async () => {
    await service().reset();
    service().setNow('2026-03-10T12:00:00Z');
  });

  afterEach(() => {
    expect(prototypeKeys()).toEqual(before);
  });

  const eventFields = 'title=Safe&start_date=2026-04-01%2010:00&end_date=2026-04-01%2011:00';

  /** Creates, trashes and reads events as the victims did, expecting what an untouched service does. */
  async function expectNormalService(): Promise<void> {
    expect((Object.prototype as Record<string, unknown>).status).toBeUndefined();
    const tags = await service().request('GET', '/tags');
    expect(tags.status).toBe(200);
    const created = await service().request('POST', '/events', { form: eventFields, as: 'admin' });
    expect(created.status).toBe(201);
    expect(created.json.status).toBe('publish');
    const anonymous = await service().request('GET', `/events/${created.json.id}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.json.description).not.toBe(undefined);
    const list = await service().request('GET', '/events');
    expect(list.json.events.map((event: { id: number }) => event.id)).toEqual([created.json.id]);
    expect((await service().request('DELETE', `/events/${created.json.id}`, { as: 'admin' })).status).toBe(
      200,
    );
    // Deleting a trashed event without force must not purge it.
    expect((await service().request('DELETE', `/events/${created.json.id}`, { as: 'admin' })).status).toBe(
      410,
    );
  }

  async function expectNothingCreated(): Promise<void> {
    const list = await service().request('GET', '/events', {
      query: { status: 'draft,publish,trash' },
      as: 'admin',
    });
    expect(list.json.events).toEqual([]);
  }

  it('refuses prototype keys in the query string with 400', async () => {
    for (const pair of POLLUTING_PAIRS) {
      const res = await service().request('GET', `/tags?${pair}`);
      expect(res.status, pair).toBe(400);
      expect(res.json.code).toBe('rest_invalid_param');
      expect(Object.keys(res.json.data.params)).toEqual([pair.split('=')[0]]);
      expect(res.json.message).toMatch(/__proto__|constructor|prototype/);
      expect(res.json.data.status).toBe(400);
    }
    expect(prototypeKeys()).toEqual(before);
    await expectNormalService();
  });

  it('refuses prototype keys in form bodies and writes nothing', async () => {
    for (const pair of POLLUTING_PAIRS) {
      const res = await service().request('POST', '/events', { form: `${eventFields}&${pair}`, as: 'admin' });
      expect(res.status, pair).toBe(400);
      expect(res.json.code).toBe('rest_invalid_param');
    }
    await expectNothingCreated();
    await expectNormalService();
  });

  it('refuses prototype keys in multipart bodies and writes nothing', async () => {
    for (const pair of POLLUTING_PAIRS) {
      const [key, value] = pair.split('=') as [string, string];
      const { body, type } = multipart([
        ['title', 'Safe'],
        ['start_date', '2026-04-01 10:00'],
        ['end_date', '2026-04-01 11:00'],
        [key, value],
      ]);
      const res = await service().request('POST', '/events', {
        body,
        headers: { 'content-type': type },
        as: 'admin',
      });
      expect(res.status, pair).toBe(400);
      expect(res.json.code).toBe('rest_invalid_param');
    }
    await expectNothingCreated();
    await expectNormalService();
  });

  it('refuses prototype keys in JSON bodies, at the top and nested, and writes nothing', async () => {
    const fields = '"title":"Safe","start_date":"2026-04-01 10:00","end_date":"2026-04-01 11:00"';
    for (const pair of POLLUTING_PAIRS) {
      const polluting = pollutingJson(pair).slice(1, -1);
      for (const body of [`{${fields},${polluting}}`, `{${fields},"venue":{"venue":"Hall",${polluting}}}`]) {
        const res = await service().request('POST', '/events', {
          body,
          headers: { 'content-type': 'application/json' },
          as: 'admin',
        });
        expect(res.status, body).toBe(400);
        expect(res.json.code).toBe('rest_invalid_param');
      }
    }
    await expectNothingCreated();
    await expectNormalService();
  });

  it('reads `_fields=__proto__.status` as a field nobody has', async () => {
    const res = await service().request('GET', '/tags', { query: '_fields=__proto__.status,constructor.x' });
    expect(res.status).toBe(200);
    expect(prototypeKeys()).toEqual(before);
    await expectNormalService();
  });
});
