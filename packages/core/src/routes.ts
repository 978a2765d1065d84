import type { CalendarConfig } from './config.js';
import { geolocationFor } from './extensions/geolocation.js';
import { icsImportRoutes } from './import/ics/routes.js';
import { calendarFeedRoutes } from './resources/calendar-feed/routes.js';
import type { ChangeFeed } from './resources/changes/feed.js';
import { changeRoutes } from './resources/changes/routes.js';
import { languageParam, namespaceRoutes } from './resources/discovery/routes.js';
import { eventRoutes } from './resources/events/routes.js';
import { feedRoutes } from './resources/feeds/routes.js';
import { linkedRoutes } from './resources/linked/routes.js';
import { organizerKind } from './resources/organizers/kind.js';
import { categoryRoutes, tagRoutes } from './resources/terms/routes.js';
import { venueKind } from './resources/venues/kind.js';
import { webhookRoutes } from './resources/webhooks/routes.js';
import type { RouteDefinition } from './route-table/route.js';

/** Every route of the API, in registration order (the order of the namespace index, ref §9.2). */
export function buildRouteTable(config: CalendarConfig, changeFeed: ChangeFeed): RouteDefinition[] {
  const routes: RouteDefinition[] = [];
  const geolocation = geolocationFor(config);
  routes.push(
    ...namespaceRoutes(() => routes, config),
    ...eventRoutes(config, geolocation),
    ...icsImportRoutes(),
    ...feedRoutes(geolocation),
    ...calendarFeedRoutes(geolocation),
    ...linkedRoutes(venueKind, geolocation),
    ...linkedRoutes(organizerKind, geolocation),
    ...categoryRoutes(),
    ...tagRoutes(),
    ...changeRoutes(changeFeed),
    ...webhookRoutes(),
  );
  // `multilang_language` is accepted on every route (seed §4.2).
  const language = languageParam(config);
  for (const route of routes) route.params = { ...route.params, multilang_language: language };
  return routes;
}
