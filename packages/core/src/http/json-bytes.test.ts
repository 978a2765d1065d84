import { describe, expect, it } from 'vitest';
import { keepJsonOf } from '../cache/kept-json.js';
import { jsonBytes } from './json-bytes.js';

const same = (value: unknown) => expect(jsonBytes(value).toString('utf8')).toBe(JSON.stringify(value));

describe('jsonBytes writes the bytes of JSON.stringify', () => {
  it('for a list envelope of events with texts beyond Latin-1', () => {
    const event = (id: number) => ({
      id,
      title: `Köln – Weihnachtsmarkt ${id} ’s 😀`,
      description: '<p class="x">“quoted” \\ back\nslash</p>',
      venue: { id: 7, venue: 'Théâtre', geo: [52.5, 13.4], empty: {} },
      organizer: [{ id: 1, organizer: 'A' }, { id: 2 }],
      categories: [],
      cost: null,
      featured: false,
    });
    same({
      events: [event(1), event(2), event(3)],
      rest_url: 'https://x/?a=1&b=2',
      total: 3,
      total_pages: 1,
    });
    same([1, 2, 3, 4].map(event));
    same([event(1), event(2)]);
    expect(jsonBytes({ title: 'é' }).equals(Buffer.from(JSON.stringify({ title: 'é' })))).toBe(true);
  });

  it('for what JSON.stringify leaves out, turns to null or calls toJSON', () => {
    same({ a: undefined, b: () => 1, c: Symbol('s'), d: 1, list: [1, 2, 3, 4] });
    same({ a: undefined, list: [undefined, undefined, undefined, undefined] });
    same({ a: undefined });
    same([undefined, () => 1, Symbol('s'), 1]);
    // biome-ignore lint/suspicious/noSparseArray: a hole is written null
    same([1, , 3, 4]);
    same({
      nested: { when: new Date(Date.UTC(2026, 10, 29)), list: [new Date(0), { toJSON: () => 'own' }] },
    });
    same({ boxed: [new String('s'), new Number(2)], map: new Map([[1, 2]]), n: Number.NaN, inf: -Infinity });
    same(Object.assign(Object.create(null), { x: [1, { y: 2 }, 3, 4] }));
    same({ '"quoted key"': 1, ü: [{}, {}, {}, {}], '\u2028': '\u2028\ud800' });
  });

  it('for primitives and empty containers at the top', () => {
    for (const value of [0, -0, 1.5, 'text ✓', true, null, [], {}, [[[]]], { a: { b: { c: { d: [1] } } } }])
      same(value);
  });

  it('throws as JSON.stringify does on a cycle and a BigInt', () => {
    const cyclic: Record<string, unknown> = { a: {} };
    (cyclic.a as Record<string, unknown>).b = { c: cyclic };
    expect(() => jsonBytes(cyclic)).toThrow(TypeError);
    expect(() => jsonBytes({ a: [{ n: 1n }] })).toThrow(TypeError);
    expect(() => jsonBytes({ a: [1, 2, 3, { n: 1n }] })).toThrow(TypeError);
    expect(() => jsonBytes([cyclic, 2, 3, 4])).toThrow(TypeError);
  });
});

describe('jsonBytes with items whose JSON is kept', () => {
  it('writes the same bytes, and encodes a kept item once however many answers hold it', () => {
    const event = (id: number) => keepJsonOf(Object.freeze({ id, title: `Lesung „Café“ ${id}`, tags: [] }));
    const kept = [1, 2, 3, 4].map(event);
    same({ events: kept, total: 4 });
    // The kept bytes are written again as they are: a stringify would show the getter's count rising.
    let reads = 0;
    const counted = keepJsonOf(
      Object.freeze(
        Object.defineProperty({ id: 5 }, 'title', {
          enumerable: true,
          get: () => {
            reads++;
            return 'Counted';
          },
        }),
      ),
    );
    const list = [...kept, counted];
    same(list);
    same({ events: list });
    expect(reads).toBe(3);
    // An item not kept is encoded every time.
    const plain = [...kept, { id: 6 }];
    same(plain);
    // Answered whole, a kept record is written from its kept bytes too, as a copy of them.
    same(counted);
    expect(reads).toBe(4);
    const whole = jsonBytes(counted);
    expect(jsonBytes(counted)).not.toBe(whole);
    expect(reads).toBe(4);
  });
});
