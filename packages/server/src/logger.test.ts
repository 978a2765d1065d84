import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { batchedLines, createLogger, type LogDestination, requestLineWriter } from './logger.js';

/** A destination that keeps what it is given, one entry per write. */
function recorder(): LogDestination & { writes: string[] } {
  const writes: string[] = [];
  return { writes, write: (text) => void writes.push(text), flushSync() {} };
}

describe('batchedLines', () => {
  it('writes the lines of one event loop turn together, after the turn', async () => {
    const target = recorder();
    const destination = batchedLines(target);
    destination.write('a\n');
    destination.write('b\n');
    expect(target.writes).toEqual([]);
    await nextTurn();
    expect(target.writes).toEqual(['a\nb\n']);
    destination.write('c\n');
    await nextTurn();
    expect(target.writes).toEqual(['a\nb\n', 'c\n']);
  });

  it('writes at once when a batch grows large, and on flushSync', () => {
    const target = recorder();
    const destination = batchedLines(target);
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < 64; i++) destination.write(line);
    expect(target.writes).toHaveLength(1);
    expect(target.writes[0]).toHaveLength(64 * 1024);
    destination.write('tail\n');
    destination.flushSync();
    expect(target.writes.at(-1)).toBe('tail\n');
  });
});

describe('the request line', () => {
  it('is byte for byte what pino writes for the same record', async () => {
    const target = recorder();
    const logger = createLogger('info', { destination: target, now: () => 1_795_598_405_766 });
    const writeLine = requestLineWriter(logger);
    expect(writeLine).toBeDefined();
    const url = '/calendar/events/v1/events?search="Straße"\\%0A&x=\u2028';
    for (const [method, status, ms] of [
      ['GET', 200, 0.1],
      ['POST', 201, 40],
      ['DELETE', 404, 1234.5],
    ] as const) {
      logger.info({ method, url, status, ms }, 'request');
      writeLine!(method, url, status, ms);
    }
    const [fromPino, ours] = [
      target.writes.filter((_, i) => i % 2 === 0),
      target.writes.filter((_, i) => i % 2 === 1),
    ];
    expect(ours).toEqual(fromPino);
    expect(JSON.parse(ours[0]!)).toEqual({
      level: 30,
      time: 1_795_598_405_766,
      service: 'calendar-events',
      method: 'GET',
      url,
      status: 200,
      ms: 0.1,
      msg: 'request',
    });
  });

  it('follows the logger level', () => {
    const target = recorder();
    const logger = createLogger('warn', { destination: target });
    requestLineWriter(logger)!('GET', '/', 200, 1);
    expect(target.writes).toEqual([]);
    logger.level = 'debug';
    requestLineWriter(logger)!('GET', '/', 200, 1);
    expect(target.writes).toHaveLength(1);
  });

  it('is not offered for other loggers', () => {
    expect(requestLineWriter({ info() {} })).toBeUndefined();
  });
});
