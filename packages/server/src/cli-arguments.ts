/**
 * The CLI's argument checks: each turns a malformed value into commander's usage error (exit code 2, one line)
 * before any work starts.
 */
import { isValidTimezone, normalizeOrigin, normalizeTimezone } from '@calendar-events/core';
import { InvalidArgumentError, Option } from 'commander';
import { LOG_LEVELS, type LogFormat, type LogLevel } from './logger.js';
import { DEFAULT_DATABASE_URL } from './server.js';

/** A failure the user caused by how they called the command: exit code 2. */
export class UsageError extends Error {}

export function integer(min: number, max: number) {
  return (value: string): number => {
    const parsed = Number(value);
    if (!/^\d+$/.test(value.trim()) || parsed < min || parsed > max) {
      throw new InvalidArgumentError(`It must be an integer from ${min} to ${max}.`);
    }
    return parsed;
  };
}

export function timeZone(value: string): string {
  // What the service takes as a zone: IANA names, UTC, and WordPress's manual offsets (`UTC+5.5`).
  if (!isValidTimezone(value))
    throw new InvalidArgumentError(
      'It must be an IANA time zone such as Europe/Berlin, UTC, or an offset as WordPress writes it (UTC+5.5).',
    );
  return normalizeTimezone(value);
}

/**
 * The site's default currency symbol: at most 8 characters, no digits (they would read as part of the
 * amount), no markup or control characters; empty for none. Spaces are kept (`" €"` shows `15 €`).
 */
export function currencySymbol(value: string): string {
  if (value.length > 8 || /[\d<>&\p{Cc}]/u.test(value))
    throw new InvalidArgumentError(
      'It must be a currency symbol such as $ or € (at most 8 characters, no digits).',
    );
  return value;
}

/** A REST namespace: path segments of letters, digits, `-` and `_` (`tribe/events/v1`). */
export function namespace(value: string): string {
  const trimmed = value.trim().replace(/^\/+|\/+$/g, '');
  if (!/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(trimmed))
    throw new InvalidArgumentError('It must be a path such as calendar/events/v1.');
  return trimmed;
}

export function httpUrl(value: string): string {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw new InvalidArgumentError('It must be an http(s) URL.');
  }
  return value;
}

/** What `connectDatabase` opens; anything else is a usage error, before any connection is tried. */
export function databaseUrl(value: string): string {
  const sqliteFile = value.startsWith('sqlite:')
    ? value.slice('sqlite:'.length).replace(/^\/\//, '')
    : undefined;
  if (sqliteFile !== undefined && sqliteFile.trim() !== '') return value;
  if (/^postgres(ql)?:\/\//.test(value) && URL.canParse(value)) return value;
  throw new InvalidArgumentError('It must be sqlite:FILE, sqlite::memory: or postgres://USER@HOST:PORT/DB.');
}

/** `--read-replica`: a PostgreSQL standby's URL (only PostgreSQL has read replicas). */
export function postgresUrl(value: string): string {
  if (/^postgres(ql)?:\/\//.test(value) && URL.canParse(value)) return value;
  throw new InvalidArgumentError('It must be postgres://USER@HOST:PORT/DB (a PostgreSQL standby).');
}

/** A login, as users are created with (and looked up by). */
export function login(value: string): string {
  if (!/^[\w.@+-]{1,60}$/.test(value)) {
    throw new InvalidArgumentError('It must be 1 to 60 letters, digits or . _ @ + -.');
  }
  return value;
}

/** A display name or key name: not empty, no surrounding spaces, no control characters. */
export function label(value: string): string {
  if (value === '' || value.trim() !== value || value.length > 100 || /\p{Cc}/u.test(value)) {
    throw new InvalidArgumentError('It must be 1 to 100 characters, without surrounding spaces.');
  }
  return value;
}

export function hostName(value: string): string {
  if (value === '' || /\s/.test(value))
    throw new InvalidArgumentError('It must be a host name or IP address.');
  return value;
}

/** `--cors`: `*`, or a comma-separated list of origins (`https://example.org`, `http://localhost:5173`). */
export function corsOrigins(value: string): '*' | string[] {
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 1 && items[0] === '*') return '*';
  if (items.length === 0 || items.includes('*')) {
    throw new InvalidArgumentError('It must be * or a comma-separated list of origins.');
  }
  return items.map((item) => {
    const origin = normalizeOrigin(item);
    if (!origin) {
      throw new InvalidArgumentError(
        `"${item}" is not an origin: write scheme, host and port only (https://example.org).`,
      );
    }
    return origin;
  });
}

export function logLevel(): LogLevel {
  // Empty counts as unset: an env file's `LOG_LEVEL=` means "the default", not an unknown level.
  const level = (process.env.LOG_LEVEL || 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new UsageError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}.`);
  }
  return level as LogLevel;
}

/** `LOG_FORMAT`: `json`, or `pretty` (readable lines); unset: pretty when stderr is a terminal. */
export function logFormat(): LogFormat | undefined {
  const format = (process.env.LOG_FORMAT || '').toLowerCase();
  if (format === '') return undefined;
  if (format !== 'json' && format !== 'pretty') throw new UsageError('LOG_FORMAT must be json or pretty.');
  return format;
}

export const databaseOption = () =>
  new Option('--database <url>', 'sqlite:FILE, sqlite::memory: or postgres://…')
    .env('DATABASE_URL')
    .default(DEFAULT_DATABASE_URL)
    .argParser(databaseUrl);
