import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { batchedLines, createLogger, type LogDestination, redactUrl, requestLineWriter } from './logger.js';
import { prettyLine } from './pretty.js';

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
      logger.info({ reqId: 'r-1', method, url, status, ms }, 'request');
      writeLine!('r-1', method, url, status, ms);
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
      reqId: 'r-1',
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
    requestLineWriter(logger)!('r', 'GET', '/', 200, 1);
    expect(target.writes).toEqual([]);
    // A 5xx is a warning: an operator should look.
    requestLineWriter(logger)!('r', 'GET', '/', 503, 1);
    expect(JSON.parse(target.writes[0]!)).toMatchObject({ level: 40, status: 503, reqId: 'r' });
    logger.level = 'debug';
    requestLineWriter(logger)!('r', 'GET', '/', 200, 1);
    expect(target.writes).toHaveLength(2);
  });

  it('is not offered for other loggers', () => {
    expect(requestLineWriter({ info() {} })).toBeUndefined();
  });
});

describe('secrets in logs', () => {
  it('takes password and key values out of a logged URL', () => {
    expect(redactUrl('/calendar/events/v1/events/7?password=opensesame')).toBe(
      '/calendar/events/v1/events/7?password=[redacted]',
    );
    expect(redactUrl('/e?a=1&PassWord=x&b=2&password%5B0%5D=y&pass%77ord=z&api_key=k')).toBe(
      '/e?a=1&PassWord=[redacted]&b=2&password%5B0%5D=[redacted]&pass%77ord=[redacted]&api_key=[redacted]',
    );
    expect(redactUrl('/events?search=password')).toBe('/events?search=password');
    const plain = '/calendar/events/v1/events?page=2';
    expect(redactUrl(plain)).toBe(plain);
  });

  it('never writes a password field or an Authorization header', () => {
    const target = recorder();
    const logger = createLogger('info', { destination: target });
    logger.info({ password: 'a', body: { password: 'b' }, headers: { authorization: 'Bearer k' } }, 'x');
    logger.error({ req: { headers: { authorization: 'Basic k', cookie: 's=1' } } }, 'y');
    const text = target.writes.join('');
    expect(text).not.toMatch(/"a"|"b"|Bearer|Basic|s=1/);
    expect(text).toContain('[redacted]');
  });
});

describe('the readable form', () => {
  it('writes a record as one line a person reads, the stack of an error under it', () => {
    const access = JSON.stringify({
      level: 30,
      time: Date.UTC(2026, 10, 25, 12, 4, 5, 123),
      service: 'calendar-events',
      reqId: 'r-1',
      method: 'GET',
      url: '/events',
      status: 200,
      ms: 1.2,
      msg: 'request',
    });
    expect(prettyLine(access, false)).toBe('12:04:05.123 INFO  request GET /events 200 1.2 ms reqId=r-1\n');
    const failure = JSON.stringify({
      level: 50,
      time: 0,
      msg: 'request failed',
      err: { message: 'boom', stack: 'Error: boom\n    at x' },
    });
    expect(prettyLine(failure, false)).toBe(
      '00:00:00.000 ERROR request failed err=boom\n    Error: boom\n        at x\n',
    );
    expect(prettyLine('not json', false)).toBe('not json');
  });

  it('is what createLogger writes with format pretty', () => {
    const target = recorder();
    const logger = createLogger('info', { destination: target, format: 'pretty', now: () => 0 });
    requestLineWriter(logger)!('r', 'GET', '/x?password=[redacted]', 200, 3);
    logger.warn({ bucket: 'address' }, 'rate limit reached');
    expect(target.writes).toEqual([
      '00:00:00.000 INFO  request GET /x?password=[redacted] 200 3 ms reqId=r\n',
      '00:00:00.000 WARN  rate limit reached bucket=address\n',
    ]);
  });
});
