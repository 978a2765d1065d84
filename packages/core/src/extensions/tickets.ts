/**
 * The ticket-provider extension point (SPEC §9): the `ticketed` filter of `GET /events`, answered from the
 * host's `TicketProvider` (config.ts), which the request context carries. Without a provider, `ticketed=true`
 * is refused as the plugin refuses it without Event Tickets.
 */
import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import { ERRORS } from '../errors/codes.js';
import { texts } from '../i18n/descriptions.js';
import type { RequestContext } from '../route-table/context.js';
import type { EchoedParam } from '../route-table/pagination.js';
import { param } from '../route-table/params.js';

export const ticketedParam = param.boolean(
  texts(
    'Events with (true) or without (false) tickets; needs a ticket provider.',
    'Veranstaltungen mit (true) oder ohne (false) Tickets; benötigt einen Ticketanbieter.',
  ),
  {
    validate: (value, context: RequestContext) => {
      if (value === false || context.ticketProvider) return true;
      const [status, message] = ERRORS['event-tickets-not-active'];
      return { message, detail: { code: 'event-tickets-not-active', message, data: { status } } };
    },
  },
);

/** The part of an events list's filter `ticketed` adds to (events/list-query.ts `EventFilter`). */
export interface TicketedListFilter {
  query: SelectQueryBuilder<Database, 'events', object>;
  echo: EchoedParam[];
}

/** Adds the `ticketed` condition of a list request to its filter. */
export async function ticketedFilter(
  context: RequestContext,
  ticketed: boolean | undefined,
  filter: TicketedListFilter,
): Promise<void> {
  if (ticketed === undefined) return;
  if (context.ticketProvider) {
    const ids = [...(await context.ticketProvider.ticketedEventIds())];
    if (ticketed) filter.query = filter.query.where('events.id', 'in', ids.length > 0 ? ids : [0]);
    else if (ids.length > 0) filter.query = filter.query.where('events.id', 'not in', ids);
  }
  // As the plugin: `ticketed=1` is echoed, `ticketed=0` is not (SPEC §14).
  if (ticketed) filter.echo.push(['ticketed', '1']);
}
