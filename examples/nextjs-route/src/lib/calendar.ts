/**
 * The one core of the app, made at the first request and kept for the process (a Next.js server imports a
 * route module once; in development its hot reload would make a new one per edit, hence the global).
 */
import { type CalendarCore, connectDatabase, createCalendarCore } from '@calendar-events/core';
import { createFetchHandler, type FetchHandler } from '@calendar-events/http-fetch';

const kept = globalThis as { calendarHandler?: Promise<FetchHandler>; calendarCore?: CalendarCore };

async function start(): Promise<FetchHandler> {
  const database = await connectDatabase(process.env.CALENDAR_DATABASE_URL ?? 'sqlite:./calendar.db');
  await database.migrate();
  const core = createCalendarCore({ database, siteUrl: process.env.SITE_URL ?? 'http://localhost:3000' });
  kept.calendarCore = core;
  // The route lives at app/api/…: requests arrive with /api before the namespace.
  return createFetchHandler({ core, mountPath: '/api' });
}

/** The fetch handler of the app's core. */
export function calendarHandler(): Promise<FetchHandler> {
  kept.calendarHandler ??= start();
  return kept.calendarHandler;
}

/** Closes the core (tests; a Next.js server keeps it for its life). */
export async function closeCalendar(): Promise<void> {
  await kept.calendarCore?.close();
  delete kept.calendarHandler;
  delete kept.calendarCore;
}
