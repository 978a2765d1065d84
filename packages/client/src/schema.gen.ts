/**
 * Generated from the Calendar Events service's OpenAPI document (GET /doc) by openapi-typescript:
 * `pnpm --filter @calendar-events/client generate` (the build runs it). Do not edit by hand;
 * src/generate/schema.test.ts fails when this file and the service disagree.
 */
export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The namespace index: every route and its arguments. */
        get: operations["index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/doc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The OpenAPI description of this API. */
        get: operations["doc"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List events. */
        get: operations["events.list"];
        put?: never;
        /** Create an event. */
        post: operations["events.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an event. */
        get: operations["events.read"];
        /** Update an event (omitted fields keep their values). */
        put: operations["events.update.put"];
        /** Update an event (omitted fields keep their values). */
        post: operations["events.update.post"];
        /** Trash an event, or delete a trashed one for good with force=true. */
        delete: operations["events.delete"];
        options?: never;
        head?: never;
        /** Update an event (omitted fields keep their values). */
        patch: operations["events.update.patch"];
        trace?: never;
    };
    "/events/by-slug/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an event by slug. */
        get: operations["events.read-by-slug"];
        /** Update an event by slug. */
        put: operations["events.update-by-slug.put"];
        /** Update an event by slug. */
        post: operations["events.update-by-slug.post"];
        /** Trash an event by slug. */
        delete: operations["events.delete-by-slug"];
        options?: never;
        head?: never;
        /** Update an event by slug. */
        patch: operations["events.update-by-slug.patch"];
        trace?: never;
    };
    "/events/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import events from an iCalendar file (text/calendar body, or JSON {"calendar": "…"}); by UID, so importing a file again changes only what changed. What producers evidently mean is read (a DATE without VALUE=DATE, Outlook's display-name zones, an event without a UID); an event that cannot be read, is over a limit or is refused by the API is skipped and listed in `skipped` with its line and why, and the rest is imported. A text that is no calendar is refused whole (400 naming the line), and so is a file with any unreadable event with strict=true. Written in slices: other requests are answered meanwhile. */
        post: operations["events.import"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/ical": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The events list as an iCalendar feed to subscribe to: every filter of GET /events applies; up to 100 events (per_page, at most 1000), a series counting once; series as RRULE with their exceptions. */
        get: operations["events.feed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{id}/ical": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One event as an iCalendar file (an occurrence of a series gives the series, with its rule and exceptions). */
        get: operations["events.feed-one"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/calendar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The events overlapping [start, end) as a bare JSON array for calendar widgets (FullCalendar, EventCalendar: events: '<this URL>'): series occurrences included (groupId: the series), all-day ends exclusive. At most 400 days and 2000 events (more: 400 rest_calendar_too_many_events). */
        get: operations["events.calendar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/venues": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List venues. */
        get: operations["venues.list"];
        put?: never;
        /** Create a venue. */
        post: operations["venues.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/venues/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a venue. */
        get: operations["venues.read"];
        /** Update a venue (omitted fields keep their values). */
        put: operations["venues.update.put"];
        /** Update a venue (omitted fields keep their values). */
        post: operations["venues.update.post"];
        /** Trash a venue, or delete a trashed one for good with force=true. */
        delete: operations["venues.delete"];
        options?: never;
        head?: never;
        /** Update a venue (omitted fields keep their values). */
        patch: operations["venues.update.patch"];
        trace?: never;
    };
    "/venues/by-slug/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a venue by slug. */
        get: operations["venues.read-by-slug"];
        /** Update a venue by slug. */
        put: operations["venues.update-by-slug.put"];
        /** Update a venue by slug. */
        post: operations["venues.update-by-slug.post"];
        /** Trash a venue by slug. */
        delete: operations["venues.delete-by-slug"];
        options?: never;
        head?: never;
        /** Update a venue by slug. */
        patch: operations["venues.update-by-slug.patch"];
        trace?: never;
    };
    "/organizers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List organizers. */
        get: operations["organizers.list"];
        put?: never;
        /** Create a organizer. */
        post: operations["organizers.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a organizer. */
        get: operations["organizers.read"];
        /** Update a organizer (omitted fields keep their values). */
        put: operations["organizers.update.put"];
        /** Update a organizer (omitted fields keep their values). */
        post: operations["organizers.update.post"];
        /** Trash a organizer, or delete a trashed one for good with force=true. */
        delete: operations["organizers.delete"];
        options?: never;
        head?: never;
        /** Update a organizer (omitted fields keep their values). */
        patch: operations["organizers.update.patch"];
        trace?: never;
    };
    "/organizers/by-slug/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a organizer by slug. */
        get: operations["organizers.read-by-slug"];
        /** Update a organizer by slug. */
        put: operations["organizers.update-by-slug.put"];
        /** Update a organizer by slug. */
        post: operations["organizers.update-by-slug.post"];
        /** Trash a organizer by slug. */
        delete: operations["organizers.delete-by-slug"];
        options?: never;
        head?: never;
        /** Update a organizer by slug. */
        patch: operations["organizers.update-by-slug.patch"];
        trace?: never;
    };
    "/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List event categories. */
        get: operations["categories.list"];
        put?: never;
        /** Create an event category. */
        post: operations["categories.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/categories/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an event category. */
        get: operations["categories.read"];
        /** Update an event category (omitted fields keep their values). */
        put: operations["categories.update.put"];
        /** Update an event category (omitted fields keep their values). */
        post: operations["categories.update.post"];
        /** Delete an event category for good. */
        delete: operations["categories.delete"];
        options?: never;
        head?: never;
        /** Update an event category (omitted fields keep their values). */
        patch: operations["categories.update.patch"];
        trace?: never;
    };
    "/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List event tags. */
        get: operations["tags.list"];
        put?: never;
        /** Create an event tag. */
        post: operations["tags.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tags/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an event tag. */
        get: operations["tags.read"];
        /** Update an event tag (omitted fields keep their values). */
        put: operations["tags.update.put"];
        /** Update an event tag (omitted fields keep their values). */
        post: operations["tags.update.post"];
        /** Delete an event tag for good. */
        delete: operations["tags.delete"];
        options?: never;
        head?: never;
        /** Update an event tag (omitted fields keep their values). */
        patch: operations["tags.update.patch"];
        trace?: never;
    };
    "/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What changed, in commit order: events, venues, organizers, categories and tags created, updated, trashed, restored or deleted, by this service or by other programs writing its database. Without `since`: no changes and the token to start from (now). A record the caller can no longer read appears as deleted; changes to records it never could read do not appear. A token older than the changes kept answers 410 `rest_sync_token_expired` with the token to start again from. */
        get: operations["changes.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/changes/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The changes of GET /changes as they happen, as Server-Sent Events (EventSource), with the same rules of what the caller sees (fixed when it connects). From `since`, or the `Last-Event-ID` header EventSource sends when it connects again (it wins), or from now. A change made through any instance arrives within about a second. Token errors answer 400 and 410 as GET /changes does, before the stream; when 1000 streams are open, 503 `rest_too_many_streams` with Retry-After. A stream ends after 30 minutes; EventSource connects again and carries on from its last id. */
        get: operations["changes.stream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the webhooks (administrators). */
        get: operations["webhooks.list"];
        put?: never;
        /** Register a webhook (administrators): from now on every change of the types it names is sent to it, signed as Standard Webhooks say, in commit order. The answer holds the signing secret, shown only here. */
        post: operations["webhooks.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a webhook (administrators). */
        get: operations["webhooks.read"];
        /** Change a webhook (administrators; omitted fields keep their values): its address, types, note, status, or its secret (`rotate_secret`). */
        put: operations["webhooks.update.put"];
        /** Change a webhook (administrators; omitted fields keep their values): its address, types, note, status, or its secret (`rotate_secret`). */
        post: operations["webhooks.update.post"];
        /** Delete a webhook and its delivery attempts for good (administrators). */
        delete: operations["webhooks.delete"];
        options?: never;
        head?: never;
        /** Change a webhook (administrators; omitted fields keep their values): its address, types, note, status, or its secret (`rotate_secret`). */
        patch: operations["webhooks.update.patch"];
        trace?: never;
    };
    "/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A webhook’s delivery attempts, newest first (administrators): when, the HTTP status answered, how long, what went wrong. */
        get: operations["webhooks.deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a webhook the changes after a sync token again (administrators), and enable it. A token older than the changes kept answers 410 `rest_sync_token_expired`. */
        post: operations["webhooks.replay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description An error. */
        Error: {
            /**
             * @description A stable error code, one of the catalog (`rest_invalid_param`, `rest-event-not-found`, …).
             * @enum {string}
             */
            code: "rest_no_route" | "rest_forbidden" | "rest_forbidden_context" | "rest_invalid_param" | "rest_missing_callback_param" | "rest_invalid_json" | "rest_invalid_body" | "rest_unsupported_media_type" | "rest_request_too_large" | "rest_request_aborted" | "rest_request_timeout" | "rest_request_header_too_large" | "rest_bad_request" | "rest_precondition_failed" | "rest_too_many_requests" | "rest_invalid_credentials" | "rest_database_unavailable" | "rest_database_timeout" | "rest_internal_error" | "rest_sync_token_expired" | "rest_too_many_streams" | "rest_calendar_too_many_events" | "rest_webhook_invalid_id" | "rest_taxonomy_not_hierarchical" | "term_exists" | "duplicate_term_slug" | "rest-event-not-found" | "rest-invalid-event-id" | "event-no-longer-available" | "event-not-accessible" | "event-password-protected" | "event-is-in-trash" | "could-not-delete-event" | "could-not-update-event" | "event-archive-page-not-found" | "venue-not-accessible" | "organizer-not-accessible" | "venue-is-in-trash" | "organizer-is-in-trash" | "could-not-create-venue" | "could-not-create-organizer" | "could-not-update-venue" | "could-not-update-organizer" | "invalid-linked-post-id" | "venue-archive-page-not-found" | "organizer-archive-page-not-found" | "event-tickets-not-active";
            /** @description A message for people (in English). */
            message: string;
            /** @description The status, and further facts for some codes (`params`, `details`, `term_id`, …). */
            data: {
                /** @description The HTTP status of the answer. */
                status: number;
                /** @description `rest_missing_callback_param`: the missing names; `rest_invalid_param`: a message per invalid parameter. */
                params?: string[] | {
                    [key: string]: string;
                };
                /** @description `rest_invalid_param`: structured details per parameter, or `[]` when there are none. */
                details?: unknown[] | {
                    [key: string]: {
                        code: string;
                        message: string;
                        data: unknown;
                    } & {
                        [key: string]: unknown;
                    };
                };
            } & {
                [key: string]: unknown;
            };
            /** @description `term_exists`: the existing term's `[term_id, term_taxonomy_id]`, as WordPress answers. */
            additional_data?: unknown[];
        };
        /** @description The namespace index: every route with its methods and arguments. */
        NamespaceIndex: {
            namespace: string;
            /** @description Every route, keyed by its WordPress-style pattern (`/calendar/events/v1/events/(?P<id>\d+)`). */
            routes: {
                [key: string]: {
                    namespace: string;
                    methods: string[];
                    endpoints: {
                        methods: string[];
                        /** @description The arguments by name; `[]` when there are none. */
                        args: {
                            [key: string]: {
                                default?: unknown;
                                description: string;
                                /** @enum {string} */
                                type?: "string" | "integer" | "number" | "boolean" | "array" | "object";
                                items?: {
                                    /** @enum {string} */
                                    type: "integer" | "string";
                                    enum?: string[];
                                };
                                enum?: string[];
                                required: boolean;
                            };
                        } | unknown[];
                    }[];
                    _links?: {
                        self: {
                            /** Format: uri */
                            href: string;
                        }[];
                    };
                };
            };
            _links: {
                up: {
                    /** Format: uri */
                    href: string;
                }[];
            };
        };
        /** @description This OpenAPI 3.1 document. */
        OpenApiDocument: {
            openapi: string;
            info: {
                title: string;
                version: string;
                description: string;
            } & {
                [key: string]: unknown;
            };
            servers: ({
                /** Format: uri */
                url: string;
            } & {
                [key: string]: unknown;
            })[];
            paths: {
                [key: string]: {
                    [key: string]: unknown;
                };
            };
            components: {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        /** @description A page of events. */
        EventList: {
            /** @description The records of this page. */
            events: components["schemas"]["Event"][];
            /**
             * Format: uri
             * @description This page’s address, with the effective query.
             */
            rest_url: string;
            /**
             * Format: uri
             * @description The next page’s address, when there is one.
             */
            next_rest_url?: string;
            /**
             * Format: uri
             * @description The previous page’s address, when there is one.
             */
            previous_rest_url?: string;
            /** @description How many records match, over all pages. */
            total: number;
            /** @description How many pages there are (0 when nothing matches). */
            total_pages: number;
        };
        /** @description An event. Every key is always present, except `json_ld` (only in the answer of a single read) and the recurrence keys (only on series and their occurrences). */
        Event: {
            /** @description The event ID. */
            id: number;
            /** @description A global identifier: `{site host and path}?id={id}`, without scheme. */
            global_id: string;
            /** @description The global identifiers of the record’s origins; here always `[global_id]`. */
            global_id_lineage: string[];
            /** @description The author’s user ID, as a string of digits (as the plugin sends it). */
            author: string;
            /**
             * @description The publication status; a scheduled (`future`) record whose date has passed is shown as `publish`.
             * @enum {string}
             */
            status: "publish" | "future" | "draft" | "pending" | "private" | "trash";
            /** @description Publication date, in the site time zone. */
            date: string;
            /** @description Publication date in UTC. */
            date_utc: string;
            /** @description Date of the last change, in the site time zone. */
            modified: string;
            /** @description Date of the last change in UTC. */
            modified_utc: string;
            /**
             * Format: uri
             * @description The public web page of the event, under the site URL.
             */
            url: string;
            /**
             * Format: uri
             * @description The event’s address in this API.
             */
            rest_url: string;
            /** @description The title, in the request’s language. */
            title: string;
            /** @description The description (HTML), in the request’s language. */
            description: string;
            /** @description The excerpt (HTML); empty when there is none. */
            excerpt: string;
            /** @description The slug. */
            slug: string;
            /** @description The featured image, or `false` when there is none. */
            image: components["schemas"]["Image"] | false;
            /** @description Whether the event lasts all day. `null` for a password-protected event listed without its password. */
            all_day: boolean | null;
            /** @description Start, in the event’s time zone. */
            start_date: string;
            start_date_details: components["schemas"]["DateDetails"];
            /** @description End, in the event’s time zone. */
            end_date: string;
            end_date_details: components["schemas"]["DateDetails"];
            /** @description Start in UTC. */
            utc_start_date: string;
            utc_start_date_details: components["schemas"]["DateDetails"];
            /** @description End in UTC. */
            utc_end_date: string;
            utc_end_date_details: components["schemas"]["DateDetails"];
            /** @description The event’s time zone, e.g. `Europe/Berlin` or `UTC+5`. */
            timezone: string;
            /** @description The time zone’s abbreviation at the start, e.g. `CET`. */
            timezone_abbr: string;
            /** @description The formatted cost (`"Free – 30 €"`); empty when there is none. Amounts sent without a currency symbol show with the site's default symbol and position (settings `currencySymbol`/`currencyPosition`, `--currency-symbol`/`--currency-position`; default `$` before the amount): `"15"` → `"$15"`, `"5 - 25"` → `"$5 – $25"`, `"10,20"` → `"$10,20"`; a lone `"0"` → `""`. */
            cost: string;
            cost_details: components["schemas"]["CostDetails"];
            /** @description The event website; the event’s public page when none was given. */
            website: string;
            /** @description Whether to show a map. `null` for a password-protected event listed without its password. */
            show_map: boolean | null;
            /** @description Whether to show a map link. `null` for a password-protected event listed without its password. */
            show_map_link: boolean | null;
            /** @description Whether the event is hidden from lists. `null` for a password-protected event listed without its password. */
            hide_from_listings: boolean | null;
            /** @description Whether the event is sticky. `null` for a password-protected event listed without its password. */
            sticky: boolean | null;
            /** @description Whether the event is featured. `null` for a password-protected event listed without its password. */
            featured: boolean | null;
            /** @description The event’s categories. */
            categories: components["schemas"]["Term"][];
            /** @description The event’s tags. */
            tags: components["schemas"]["Term"][];
            /** @description The venue, or an empty list `[]` when the event has none. */
            venue: components["schemas"]["Venue"] | unknown[];
            /** @description The organizers; always a list. */
            organizer: components["schemas"]["Organizer"][];
            /** @description Always an empty list (no additional fields). */
            custom_fields: unknown[];
            /** @description A schema.org `Event` in JSON-LD; only in the answer of a single read (by ID or slug). */
            json_ld?: {
                "@context"?: string;
                /** @constant */
                "@type": "Event";
            } & {
                [key: string]: unknown;
            };
            /** @description Only on a recurring event (the series, itself the first occurrence): its RFC 5545 lines (RRULE, RDATE, EXDATE), read in its time zone. */
            recurrence?: string[];
            /** @description Only on an occurrence of a series (other than the first): the ID of the series event. */
            series_id?: number;
            /** @description Only on an occurrence: the start the rule gave it (its RECURRENCE-ID), in the event’s time zone. */
            original_start_date?: string;
            /** @description Only on an occurrence: the same start in UTC. */
            original_utc_start_date?: string;
            /** @description Only on an occurrence: whether it was edited on its own, so that changes of the series leave it as it is. */
            is_exception?: boolean;
        };
        /** @description A featured image. Unknown fields are left out. */
        Image: {
            /**
             * Format: uri
             * @description The image’s address.
             */
            url: string;
            /** @description The image ID. */
            id: number;
            /** @description The file extension (`jpg`, `png`, …), when the address has one. */
            extension?: string;
            /** @description Width in pixels, when known. */
            width?: number;
            /** @description Height in pixels, when known. */
            height?: number;
            /** @description File size in bytes, when known. */
            filesize?: number;
        };
        /** @description The parts of a date as zero-padded strings, taken from the date as it is (no time zone conversion). */
        DateDetails: {
            /** @description Four-digit year. */
            year: string;
            /** @description Two-digit month. */
            month: string;
            /** @description Two-digit day. */
            day: string;
            /** @description Two-digit hour (24-hour clock). */
            hour: string;
            /** @description Two-digit minutes. */
            minutes: string;
            /** @description Two-digit seconds. */
            seconds: string;
        };
        /** @description The parsed cost. */
        CostDetails: {
            /** @description The currency symbol sent with the cost, e.g. `$`; empty when the cost was sent without one (`cost` then shows the site's default symbol). */
            currency_symbol: string;
            /** @description The currency code, e.g. `USD`. */
            currency_code: string;
            /**
             * @description Whether the symbol goes before (`prefix`) or after (`postfix`) the amount; empty when unknown.
             * @enum {string}
             */
            currency_position: "prefix" | "postfix" | "";
            /** @description The distinct amounts, ascending, as the plugin writes them: numeric strings with `.` as the decimal separator and the decimals as sent (`["0", "20"]`, `"10,20"` → `["10.20"]`), or a lone free word in lower case (`"Free"` → `["free"]`). */
            values: string[];
        };
        /** @description A category or tag as embedded in an event (WordPress’s term fields). */
        Term: {
            /** @description The name, in the request’s language. */
            name: string;
            /** @description The slug. */
            slug: string;
            /**
             * @description Always 0 (a WordPress internal).
             * @constant
             */
            term_group: 0;
            /** @description Equal to `id` (a WordPress internal). */
            term_taxonomy_id: number;
            /**
             * @description `tribe_events_cat` for categories, `post_tag` for tags.
             * @enum {string}
             */
            taxonomy: "tribe_events_cat" | "post_tag";
            /** @description The description, in the request’s language (a small set of inline HTML tags is kept). */
            description: string;
            /** @description The parent category ID; 0 for none (always 0 for tags). */
            parent: number;
            /** @description How many published events use the term. */
            count: number;
            /**
             * @description Always `raw` (a WordPress internal).
             * @constant
             */
            filter: "raw";
            /** @description The term ID. */
            id: number;
            urls: components["schemas"]["TermUrls"];
        };
        /** @description Addresses of a term in the API. */
        TermUrls: {
            /**
             * Format: uri
             * @description This term’s address in the API.
             */
            self: string;
            /**
             * Format: uri
             * @description The address of its collection.
             */
            collection: string;
            /**
             * Format: uri
             * @description The parent category’s address; only when there is a parent.
             */
            up?: string;
        };
        /** @description A venue. Empty fields are left out, except `show_map`, `show_map_link` and the ids. */
        Venue: {
            /** @description The venue ID. */
            id: number;
            /** @description The author’s user ID, as a string of digits (as the plugin sends it). */
            author: string;
            /**
             * @description The publication status; a scheduled (`future`) record whose date has passed is shown as `publish`.
             * @enum {string}
             */
            status: "publish" | "future" | "draft" | "pending" | "private" | "trash";
            /** @description Publication date, in the site time zone. */
            date: string;
            /** @description Publication date in UTC. */
            date_utc: string;
            /** @description Date of the last change, in the site time zone. */
            modified: string;
            /** @description Date of the last change in UTC. */
            modified_utc: string;
            /**
             * Format: uri
             * @description The public web page of the venue, under the site URL.
             */
            url: string;
            /** @description The venue name, in the request’s language. */
            venue?: string;
            /** @description The description (HTML), in the request’s language; left out when empty. */
            description?: string;
            /** @description The excerpt (HTML); left out when empty. */
            excerpt?: string;
            /** @description The slug (left out only when it is `"0"`, which the plugin’s filter counts as empty). */
            slug?: string;
            image?: components["schemas"]["Image"];
            /** @description Street address. */
            address?: string;
            /** @description City. */
            city?: string;
            /** @description Country. */
            country?: string;
            /** @description Province. */
            province?: string;
            /** @description State. */
            state?: string;
            /** @description ZIP or postal code. */
            zip?: string;
            /** @description Phone number. */
            phone?: string;
            /** @description Website address. */
            website?: string;
            /** @description State or province (the state in the US, otherwise the province). */
            stateprovince?: string;
            /** @description Latitude; only with the geolocation extension and when the venue has coordinates. */
            geo_lat?: number;
            /** @description Longitude; only with the geolocation extension and when the venue has coordinates. */
            geo_lng?: number;
            /** @description A schema.org `Place` in JSON-LD; only in the answer of a single read (by ID or slug). */
            json_ld?: {
                "@context"?: string;
                /** @constant */
                "@type": "Place";
            } & {
                [key: string]: unknown;
            };
            /** @description Whether events here show a map. */
            show_map: boolean;
            /** @description Whether events here show a map link. */
            show_map_link: boolean;
            /** @description A global identifier: `{site host and path}?id={id}`, without scheme. */
            global_id: string;
            /** @description The global identifiers of the record’s origins; here always `[global_id]`. */
            global_id_lineage: string[];
        };
        /** @description An organizer. Empty fields are left out, except the ids. */
        Organizer: {
            /** @description The organizer ID. */
            id: number;
            /** @description The author’s user ID, as a string of digits (as the plugin sends it). */
            author: string;
            /**
             * @description The publication status; a scheduled (`future`) record whose date has passed is shown as `publish`.
             * @enum {string}
             */
            status: "publish" | "future" | "draft" | "pending" | "private" | "trash";
            /** @description Publication date, in the site time zone. */
            date: string;
            /** @description Publication date in UTC. */
            date_utc: string;
            /** @description Date of the last change, in the site time zone. */
            modified: string;
            /** @description Date of the last change in UTC. */
            modified_utc: string;
            /**
             * Format: uri
             * @description The public web page of the organizer, under the site URL.
             */
            url: string;
            /** @description The organizer name, in the request’s language. */
            organizer?: string;
            /** @description The description (HTML), in the request’s language; left out when empty. */
            description?: string;
            /** @description The excerpt (HTML); left out when empty. */
            excerpt?: string;
            /** @description The slug (left out only when it is `"0"`, which the plugin’s filter counts as empty). */
            slug?: string;
            image?: components["schemas"]["Image"];
            /** @description Phone number. */
            phone?: string;
            /** @description Website address. */
            website?: string;
            /** @description E-mail address. */
            email?: string;
            /** @description A schema.org `Person` in JSON-LD; only in the answer of a single read (by ID or slug). */
            json_ld?: {
                "@context"?: string;
                /** @constant */
                "@type": "Person";
            } & {
                [key: string]: unknown;
            };
            /** @description A global identifier: `{site host and path}?id={id}`, without scheme. */
            global_id: string;
            /** @description The global identifiers of the record’s origins; here always `[global_id]`. */
            global_id_lineage: string[];
        };
        /** @description A trashed event deleted for good (force=true): the event as it was. */
        EventDeleted: {
            /** @constant */
            deleted: true;
            previous: components["schemas"]["Event"];
        };
        /** @description What an iCalendar import did. */
        IcsImportReport: {
            /** @description Events created (UIDs not imported before). */
            created: number;
            /** @description Events updated: the series or one of its exceptions newer than imported before (a higher SEQUENCE, a later LAST-MODIFIED, or, with neither, changed content). */
            updated: number;
            /** @description Events left as they are (imported before, not newer). */
            unchanged: number;
            /** @description Components not imported, and why (the line of what could not be read): events that cannot be read, cancelled events, VTODOs, events over a limit or refused, …. */
            skipped: {
                /** @description The UID it is known by: as written, or for an instance without its series `<UID>#RECURRENCE-ID=<UTC>`; empty when it could not be read. */
                uid: string;
                /** @description The line of its BEGIN. */
                line: number;
                /** @description Why it was skipped. */
                reason: string;
            }[];
        };
        /** @description An iCalendar document (RFC 5545): VCALENDAR with a VTIMEZONE per TZID used and a VEVENT per event; a series is one VEVENT with its RRULE/RDATE/EXDATE and one VEVENT with RECURRENCE-ID per exception. */
        ICalendar: string;
        /** @description The events overlapping the range, by start: a bare array, as FullCalendar and EventCalendar read an event source. */
        CalendarFeed: components["schemas"]["CalendarFeedEvent"][];
        CalendarFeedEvent: {
            /** @description The event’s ID, as a string. */
            id: string;
            /** @description Only on an event of a series (the series itself or one of its occurrences): the series’ ID, so that a widget treats them as one group. */
            groupId?: string;
            /** @description The title, as plain text. */
            title: string;
            /** @description All-day: the first day (`YYYY-MM-DD`). Otherwise the start as ISO 8601 with offset, as wall time of the asked time zone (timeZone, else the site’s). */
            start: string;
            /** @description All-day: the day after the last day (exclusive, as the widgets read it). Otherwise the end as ISO 8601 with offset. */
            end: string;
            /** @description Whether the event lasts whole days. */
            allDay: boolean;
            /** @description The event’s page. */
            url: string;
            /** @description The rest, as the JSON answers show it (a password-protected event listed without its password: empty). */
            extendedProps: {
                rest_url: string;
                status: string;
                timezone: string;
                excerpt: string;
                cost: string;
                featured: boolean | null;
                image: string | null;
                venue: {
                    id: number;
                    name: string;
                    url: string;
                    address: string;
                    city: string;
                    zip: string;
                    country: string;
                } | null;
                organizers: {
                    id: number;
                    name: string;
                    url: string;
                }[];
                categories: {
                    id: number;
                    name: string;
                    slug: string;
                }[];
                tags: {
                    id: number;
                    name: string;
                    slug: string;
                }[];
            };
        };
        /** @description A page of venues. */
        VenueList: {
            /** @description The records of this page. */
            venues: components["schemas"]["Venue"][];
            /**
             * Format: uri
             * @description This page’s address, with the effective query.
             */
            rest_url: string;
            /**
             * Format: uri
             * @description The next page’s address, when there is one.
             */
            next_rest_url?: string;
            /**
             * Format: uri
             * @description The previous page’s address, when there is one.
             */
            previous_rest_url?: string;
            /** @description How many records match, over all pages. */
            total: number;
            /** @description How many pages there are (0 when nothing matches). */
            total_pages: number;
        };
        /** @description A trashed venue deleted for good (force=true): the venue as it was. */
        VenueDeleted: {
            /** @constant */
            deleted: true;
            previous: components["schemas"]["Venue"];
        };
        /** @description A page of organizers. */
        OrganizerList: {
            /** @description The records of this page. */
            organizers: components["schemas"]["Organizer"][];
            /**
             * Format: uri
             * @description This page’s address, with the effective query.
             */
            rest_url: string;
            /**
             * Format: uri
             * @description The next page’s address, when there is one.
             */
            next_rest_url?: string;
            /**
             * Format: uri
             * @description The previous page’s address, when there is one.
             */
            previous_rest_url?: string;
            /** @description How many records match, over all pages. */
            total: number;
            /** @description How many pages there are (0 when nothing matches). */
            total_pages: number;
        };
        /** @description A trashed organizer deleted for good (force=true): the organizer as it was. */
        OrganizerDeleted: {
            /** @constant */
            deleted: true;
            previous: components["schemas"]["Organizer"];
        };
        /** @description A page of event categories. */
        CategoryList: {
            /**
             * Format: uri
             * @description The collection’s address, without a query (as the plugin sends it).
             */
            rest_url: string;
            /** @description How many records match, over all pages. */
            total: number;
            /** @description How many pages there are (0 when nothing matches). */
            total_pages: number;
            /** @description The terms of this page. */
            categories: components["schemas"]["Category"][];
            /**
             * Format: uri
             * @description The next page’s address, when there is one.
             */
            next_rest_url?: string;
            /**
             * Format: uri
             * @description The previous page’s address, when there is one.
             */
            previous_rest_url?: string;
        };
        /** @description An event category. */
        Category: {
            /** @description The term ID. */
            id: number;
            /** @description How many published events use the term. */
            count: number;
            /** @description The description, in the request’s language (a small set of inline HTML tags is kept). */
            description: string;
            /** @description The name, in the request’s language. */
            name: string;
            /** @description The slug. */
            slug: string;
            /** @constant */
            taxonomy: "tribe_events_cat";
            /** @description The parent category ID; 0 for none. */
            parent: number;
            /** @description Always an empty list. */
            meta: unknown[];
            /**
             * Format: uri
             * @description The category’s public archive page.
             */
            url: string;
            urls: components["schemas"]["TermUrls"];
        };
        /** @description A page of event tags. */
        TagList: {
            /**
             * Format: uri
             * @description The collection’s address, without a query (as the plugin sends it).
             */
            rest_url: string;
            /** @description How many records match, over all pages. */
            total: number;
            /** @description How many pages there are (0 when nothing matches). */
            total_pages: number;
            /** @description The terms of this page. */
            tags: components["schemas"]["Tag"][];
            /**
             * Format: uri
             * @description The next page’s address, when there is one.
             */
            next_rest_url?: string;
            /**
             * Format: uri
             * @description The previous page’s address, when there is one.
             */
            previous_rest_url?: string;
        };
        /** @description An event tag. */
        Tag: {
            /** @description The term ID. */
            id: number;
            /** @description How many published events use the term. */
            count: number;
            /** @description The description, in the request’s language (a small set of inline HTML tags is kept). */
            description: string;
            /** @description The name, in the request’s language. */
            name: string;
            /** @description The slug. */
            slug: string;
            /** @constant */
            taxonomy: "post_tag";
            /** @description Always an empty list. */
            meta: unknown[];
            /**
             * Format: uri
             * @description The tag’s public archive page.
             */
            url: string;
            urls: components["schemas"]["TermUrls"];
        };
        /** @description Changes after a sync token, oldest first, and the token to ask with next. */
        Changes: {
            changes: {
                /** @description An opaque sync token: a position in the change log, valid on every instance and after restarts. */
                token: string;
                /** @enum {string} */
                type: "event" | "venue" | "organizer" | "category" | "tag";
                /** @description The record’s id. */
                id: number;
                /**
                 * @description What the change did, as the caller sees it: a record it can no longer read is `deleted` for it, one it can read from now on `created`.
                 * @enum {string}
                 */
                action: "created" | "updated" | "trashed" | "restored" | "deleted";
                /** @description When, in UTC (ISO 8601). */
                at: string;
                /** @description For an occurrence: its series. */
                series_id?: number;
            }[];
            /** @description An opaque sync token: a position in the change log, valid on every instance and after restarts. */
            next_token: string;
            /** @description More changes follow: ask again with next_token. */
            has_more: boolean;
        };
        /** @description Server-Sent Events: `retry:` and a `position` event first (its `id:` the token the stream starts from, its data `{"next_token"}`); then each change as an event of the default type (`message`) whose `id:` is its token and whose `data:` is the change as `GET /changes` gives it; a `position` event when changes the caller cannot see moved the point to resume from; a comment line (`: heartbeat`) when nothing happened for a while; `event: expired` with the 410 error as data, last, when the retention passed a stream that read nothing for that long. */
        ChangeStream: string;
        /** @description A page of webhooks, oldest first. */
        WebhookList: {
            webhooks: components["schemas"]["Webhook"][];
            /**
             * Format: uri
             * @description This page’s address.
             */
            rest_url: string;
            /**
             * Format: uri
             * @description The next page, if any.
             */
            next_rest_url?: string;
            /**
             * Format: uri
             * @description The previous page, if any.
             */
            previous_rest_url?: string;
            /** @description How many there are. */
            total: number;
            /** @description How many pages. */
            total_pages: number;
        };
        /** @description A webhook: an address the service sends its changes to, signed (Standard Webhooks), in commit order. */
        Webhook: {
            /** @description The webhook’s id. */
            id: number;
            /** @description Where the changes are sent (POST). */
            url: string;
            /** @description The kinds of record whose changes are sent; empty: all. */
            types: ("event" | "venue" | "organizer" | "category" | "tag")[];
            /** @description A note for administrators. */
            description: string;
            /**
             * @description `active`: changes are sent; `disabled`: none are, until an administrator enables it again or replays.
             * @enum {string}
             */
            status: "active" | "disabled";
            /** @description Why it is disabled; null when active. */
            disabled_reason: string | null;
            /** @description The sync token of the last change sent or passed over (as in GET /changes): the next change after it is the next one sent. */
            position: string;
            /** @description When it was registered (UTC, `YYYY-MM-DD HH:MM:SS`). */
            created_utc: string;
            /** @description When it was last changed by an administrator (UTC, `YYYY-MM-DD HH:MM:SS`). */
            modified_utc: string;
        };
        /** @description A webhook and its signing secret. */
        WebhookWithSecret: {
            /** @description The webhook’s id. */
            id: number;
            /** @description Where the changes are sent (POST). */
            url: string;
            /** @description The kinds of record whose changes are sent; empty: all. */
            types: ("event" | "venue" | "organizer" | "category" | "tag")[];
            /** @description A note for administrators. */
            description: string;
            /**
             * @description `active`: changes are sent; `disabled`: none are, until an administrator enables it again or replays.
             * @enum {string}
             */
            status: "active" | "disabled";
            /** @description Why it is disabled; null when active. */
            disabled_reason: string | null;
            /** @description The sync token of the last change sent or passed over (as in GET /changes): the next change after it is the next one sent. */
            position: string;
            /** @description When it was registered (UTC, `YYYY-MM-DD HH:MM:SS`). */
            created_utc: string;
            /** @description When it was last changed by an administrator (UTC, `YYYY-MM-DD HH:MM:SS`). */
            modified_utc: string;
            /** @description The signing secret (`whsec_` and the base64 of 32 bytes), shown only now. After a rotation the previous secret signs too, for 24 hours. */
            secret: string;
        };
        /** @description A page of a webhook’s delivery attempts, newest first. */
        WebhookDeliveries: {
            deliveries: components["schemas"]["WebhookDelivery"][];
            /**
             * Format: uri
             * @description This page’s address.
             */
            rest_url: string;
            /**
             * Format: uri
             * @description The next page, if any.
             */
            next_rest_url?: string;
            /**
             * Format: uri
             * @description The previous page, if any.
             */
            previous_rest_url?: string;
            /** @description How many there are. */
            total: number;
            /** @description How many pages. */
            total_pages: number;
        };
        /** @description One attempt to send a change to a webhook. */
        WebhookDelivery: {
            /** @description The attempt’s id. */
            id: number;
            /** @description When it was made (UTC, `YYYY-MM-DD HH:MM:SS`). */
            attempted_utc: string;
            /** @description The HTTP status the receiver answered; null when none came (refused, unreachable, timed out). */
            status: number | null;
            /** @description How long it took, in milliseconds. */
            duration_ms: number;
            /** @description What went wrong; null when it succeeded. */
            error: string | null;
            /** @description The `webhook-id` sent: the same for every attempt at one change. */
            message_id: string;
            /** @description The sync token of the change sent. */
            token: string;
            /** @description Which attempt at this change (1 for the first). */
            attempt: number;
        };
    };
    responses: {
        /** @description Missing or invalid parameters, or a malformed body (`rest_missing_callback_param`, `rest_invalid_param`, `rest_invalid_json`, …). */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No credentials where they are needed (`rest_forbidden`), or a bad API key (`rest_invalid_credentials`). */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The caller may not do this, or the record is not accessible (`rest_forbidden`, `event-not-accessible`, …). */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No such record or list page (`rest-event-not-found`, `event-archive-page-not-found`, …). */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The record is already in the trash (`event-is-in-trash`, …); `force=true` deletes it for good. */
        Gone: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The sync token is older than the changes kept (`rest_sync_token_expired`): read the records again, then follow the changes from `data.next_token`. */
        SyncTokenExpired: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `If-Match` does not name the record’s current ETag (`rest_precondition_failed`). */
        PreconditionFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Any other error: unknown route, unsupported media type, body too large, internal error, or the database not answering right now (503 `rest_database_unavailable`, retry after `Retry-After` seconds). */
        Error: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    index: {
        parameters: {
            query?: {
                /** @description The namespace. */
                namespace?: string;
                /** @description Scope under which the request is made. */
                context?: string;
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong validator of the answer. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NamespaceIndex"];
                };
            };
            /** @description `If-None-Match` names the current ETag: no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            default: components["responses"]["Error"];
        };
    };
    doc: {
        parameters: {
            query?: {
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong validator of the answer. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenApiDocument"];
                };
            };
            /** @description `If-None-Match` names the current ETag: no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            default: components["responses"]["Error"];
        };
    };
    "events.list": {
        parameters: {
            query?: {
                /** @description The page of results to return. */
                page?: number;
                /** @description How many results per page (at most the configured maximum, 50 by default). */
                per_page?: number;
                /** @description Events that start on or after this date (whole days unless strict_dates). Default: the start of yesterday (with strict_dates: yesterday 23:59:00 UTC). */
                start_date?: string;
                /** @description Events that end on or before this date (whole days unless strict_dates). Default: the end of the day 24 months from now (with strict_dates: exactly 24 months from now). */
                end_date?: string;
                /** @description Events that start before this date. */
                starts_before?: string;
                /** @description Events that start after this date. */
                starts_after?: string;
                /** @description Events that end before this date. */
                ends_before?: string;
                /** @description Events that end after this date. */
                ends_after?: string;
                /** @description Apply the date filters at the exact times given instead of whole days. */
                strict_dates?: boolean | number | string;
                /** @description Events whose title, excerpt or description contains every word ("phrases" and -exclusions allowed). */
                search?: string;
                /** @description Events in any of these categories (IDs, slugs or names). */
                categories?: string[];
                /** @description Events with any of these tags (IDs, slugs or names). */
                tags?: string[];
                /** @description Events at any of these venues (IDs). */
                venue?: number[];
                /** @description Events by any of these organizers (IDs). */
                organizer?: number[];
                /** @description Only featured (true) or only not featured (false) events. */
                featured?: boolean;
                /** @description Only records with these statuses (comma-separated). Without write access only "publish" is allowed. */
                status?: ("publish" | "future" | "draft" | "pending" | "private" | "trash")[];
                /** @description Exactly these events (IDs), in publication order; date filters are ignored. */
                include?: number[];
                /** @description Events whose parent is this event. */
                post_parent?: number;
                /** @description Events with (true) or without (false) tickets; needs a ticket provider. */
                ticketed?: boolean;
                /** @description The scope of the request: view or edit (edit shows protected content to those who may edit it). */
                context?: "view" | "edit";
                /** @description The password of protected events in the list. */
                password?: string;
                /** @description Only events whose venue has coordinates (geolocation extension). */
                geoloc?: unknown;
                /** @description Latitude of the centre; needs geoloc_lng (geolocation extension). */
                geoloc_lat?: unknown;
                /** @description Longitude of the centre; needs geoloc_lat (geolocation extension). */
                geoloc_lng?: unknown;
                /** @description Radius around the centre in km (default 25; geolocation extension). */
                geoloc_radius?: unknown;
                /** @description Only the records of this list changed since this sync token (a list's `Sync-Token` header, or a token of GET /changes), with the list's filters and pages as usual. The last page's `Sync-Removed` header names the changed records that are not in the list now (deleted, trashed, no longer readable or no longer matching; possibly never seen by the client), comma-separated. Over 500 changed records, or a token older than the changes kept: 410 `rest_sync_token_expired`; read the list again in full. */
                sync_token?: string;
                /** @description Only the records modified at or after this date (the formats of the date filters; without an offset in the site’s time zone). Categories and tags: changed at or after it by the change log, all of them when it is older than the changes kept. Deletions do not show: use sync_token for them. */
                updated_since?: string;
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong validator of the answer. */
                    ETag: string;
                    /** @description How many records match, over all pages. */
                    "X-TEC-Total": string;
                    /** @description How many pages there are. */
                    "X-TEC-TotalPages": string;
                    /** @description How many records match, over all pages. */
                    "X-WP-Total": string;
                    /** @description How many pages there are. */
                    "X-WP-TotalPages": string;
                    Link?: string;
                    "Sync-Token"?: string;
                    "Sync-Removed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventList"];
                };
            };
            /** @description `If-None-Match` names the current ETag: no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["SyncTokenExpired"];
            default: components["responses"]["Error"];
        };
    };
    "events.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event title. */
                    title: string;
                    /** @description The event description (HTML). */
                    description?: string;
                    /** @description The event excerpt (HTML). */
                    excerpt?: string;
                    /** @description The event slug. */
                    slug?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The event time zone (an IANA name such as Europe/Berlin, or UTC+5). */
                    timezone?: string;
                    /** @description The start date and time, anything strtotime() accepts; read in the event time zone. */
                    start_date: string;
                    /** @description The end date and time; not before the start. */
                    end_date: string;
                    /** @description Whether the event lasts the whole day. */
                    all_day?: boolean;
                    /** @description The featured image: the ID of a stored image or an http(s) URL. */
                    image?: string;
                    /** @description The event cost: a string such as "$10 - $20" or a list of costs. Amounts without a currency symbol of their own show with the site's default symbol (here "$" before the amount): "15" → "$15", "5 - 25" → "$5 – $25", "10,20" → "$10,20", and their cost_details.currency_symbol stays ""; an amount with its own symbol keeps it ("£7" → "£7"). "Free" → "Free", ["0$", "20$", "30$"] → "Free – 30$"; a lone "0" is no cost (""). */
                    cost?: string | number | (string | number)[];
                    /** @description The event website URL. */
                    website?: string;
                    /** @description Whether to show a map. */
                    show_map?: boolean;
                    /** @description Whether to show a map link. */
                    show_map_link?: boolean;
                    /** @description Hide the event from lists. */
                    hide_from_listings?: boolean;
                    /** @description Sticky in the calendar view. */
                    sticky?: boolean;
                    /** @description Featured on the site. */
                    featured?: boolean;
                    /** @description Categories: IDs, slugs or names (unknown names are created); empty to remove all. */
                    categories?: (number | string)[] | string;
                    /** @description Tags: IDs, slugs or names (unknown names are created); empty to remove all. */
                    tags?: (number | string)[] | string;
                    /** @description The venue: an ID, {"id": ID}, or a venue object to create; 0 or empty to remove it. */
                    venue?: number | {
                        /** @description The venue ID. */
                        id: number;
                    } | {
                        /** @description The venue name. */
                        venue: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The venue description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The venue address. */
                        address?: string;
                        /** @description The venue city. */
                        city?: string;
                        /** @description The venue country. */
                        country?: string;
                        /** @description The venue province. */
                        province?: string;
                        /** @description The venue state. */
                        state?: string;
                        /** @description The venue ZIP or postal code. */
                        zip?: string;
                        /** @description The venue phone number. */
                        phone?: string;
                        /** @description The venue state or province. */
                        stateprovince?: string;
                        /** @description The venue website URL. */
                        website?: string;
                        /** @description Whether events at this venue show a map. */
                        show_map?: boolean | string | number;
                        /** @description Whether events at this venue show a map link. */
                        show_map_link?: boolean | string | number;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    } | "";
                    /** @description The organizers: IDs, {"id": ID} objects or organizer objects to create; empty to remove all. */
                    organizer?: (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    })[] | (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    }) | string;
                    /** @description The event password ("" removes it); editors only. */
                    password?: string;
                    /** @description Makes the event recurring: RFC 5545 lines (RRULE, RDATE, EXDATE), as a list or one per line, read in the event's time zone, e.g. ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T215959Z", "EXDATE;TZID=Europe/Berlin:20261224T190000"]; [] or "" stops the recurrence. Not on an occurrence. */
                    recurrence?: string[];
                    /** @description The parent event ID (editors only); 0 removes it. */
                    post_parent?: number;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The event title. */
                    title: string;
                    /** @description The event description (HTML). */
                    description?: string;
                    /** @description The event excerpt (HTML). */
                    excerpt?: string;
                    /** @description The event slug. */
                    slug?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The event time zone (an IANA name such as Europe/Berlin, or UTC+5). */
                    timezone?: string;
                    /** @description The start date and time, anything strtotime() accepts; read in the event time zone. */
                    start_date: string;
                    /** @description The end date and time; not before the start. */
                    end_date: string;
                    /** @description Whether the event lasts the whole day. */
                    all_day?: boolean;
                    /** @description The featured image: the ID of a stored image or an http(s) URL. */
                    image?: string;
                    /** @description The event cost: a string such as "$10 - $20" or a list of costs. Amounts without a currency symbol of their own show with the site's default symbol (here "$" before the amount): "15" → "$15", "5 - 25" → "$5 – $25", "10,20" → "$10,20", and their cost_details.currency_symbol stays ""; an amount with its own symbol keeps it ("£7" → "£7"). "Free" → "Free", ["0$", "20$", "30$"] → "Free – 30$"; a lone "0" is no cost (""). */
                    cost?: string | number | (string | number)[];
                    /** @description The event website URL. */
                    website?: string;
                    /** @description Whether to show a map. */
                    show_map?: boolean;
                    /** @description Whether to show a map link. */
                    show_map_link?: boolean;
                    /** @description Hide the event from lists. */
                    hide_from_listings?: boolean;
                    /** @description Sticky in the calendar view. */
                    sticky?: boolean;
                    /** @description Featured on the site. */
                    featured?: boolean;
                    /** @description Categories: IDs, slugs or names (unknown names are created); empty to remove all. */
                    categories?: (number | string)[] | string;
                    /** @description Tags: IDs, slugs or names (unknown names are created); empty to remove all. */
                    tags?: (number | string)[] | string;
                    /** @description The venue: an ID, {"id": ID}, or a venue object to create; 0 or empty to remove it. */
                    venue?: number | {
                        /** @description The venue ID. */
                        id: number;
                    } | {
                        /** @description The venue name. */
                        venue: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The venue description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The venue address. */
                        address?: string;
                        /** @description The venue city. */
                        city?: string;
                        /** @description The venue country. */
                        country?: string;
                        /** @description The venue province. */
                        province?: string;
                        /** @description The venue state. */
                        state?: string;
                        /** @description The venue ZIP or postal code. */
                        zip?: string;
                        /** @description The venue phone number. */
                        phone?: string;
                        /** @description The venue state or province. */
                        stateprovince?: string;
                        /** @description The venue website URL. */
                        website?: string;
                        /** @description Whether events at this venue show a map. */
                        show_map?: boolean | string | number;
                        /** @description Whether events at this venue show a map link. */
                        show_map_link?: boolean | string | number;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    } | "";
                    /** @description The organizers: IDs, {"id": ID} objects or organizer objects to create; empty to remove all. */
                    organizer?: (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    })[] | (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    }) | string;
                    /** @description The event password ("" removes it); editors only. */
                    password?: string;
                    /** @description Makes the event recurring: RFC 5545 lines (RRULE, RDATE, EXDATE), as a list or one per line, read in the event's time zone, e.g. ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T215959Z", "EXDATE;TZID=Europe/Berlin:20261224T190000"]; [] or "" stops the recurrence. Not on an occurrence. */
                    recurrence?: string[];
                    /** @description The parent event ID (editors only); 0 removes it. */
                    post_parent?: number;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    /** @description The address of the new record. */
                    Location: string;
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["Error"];
        };
    };
    "events.read": {
        parameters: {
            query?: {
                /** @description The event password, to read a password-protected event. */
                password?: string;
                /** @description The scope of the request: view or edit. */
                context?: "view" | "edit";
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path: {
                /** @description The event ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong validator of the answer. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description `If-None-Match` names the current ETag: no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["Error"];
        };
    };
    "events.update.put": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The event ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The event title. */
                    title?: string;
                    /** @description The event description (HTML). */
                    description?: string;
                    /** @description The event excerpt (HTML). */
                    excerpt?: string;
                    /** @description The event slug. */
                    slug?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The event time zone (an IANA name such as Europe/Berlin, or UTC+5). */
                    timezone?: string;
                    /** @description The start date and time, anything strtotime() accepts; read in the event time zone. */
                    start_date?: string;
                    /** @description The end date and time; not before the start. */
                    end_date?: string;
                    /** @description Whether the event lasts the whole day. */
                    all_day?: boolean;
                    /** @description The featured image: the ID of a stored image or an http(s) URL. */
                    image?: string;
                    /** @description The event cost: a string such as "$10 - $20" or a list of costs. Amounts without a currency symbol of their own show with the site's default symbol (here "$" before the amount): "15" → "$15", "5 - 25" → "$5 – $25", "10,20" → "$10,20", and their cost_details.currency_symbol stays ""; an amount with its own symbol keeps it ("£7" → "£7"). "Free" → "Free", ["0$", "20$", "30$"] → "Free – 30$"; a lone "0" is no cost (""). */
                    cost?: string | number | (string | number)[];
                    /** @description The event website URL. */
                    website?: string;
                    /** @description Whether to show a map. */
                    show_map?: boolean;
                    /** @description Whether to show a map link. */
                    show_map_link?: boolean;
                    /** @description Hide the event from lists. */
                    hide_from_listings?: boolean;
                    /** @description Sticky in the calendar view. */
                    sticky?: boolean;
                    /** @description Featured on the site. */
                    featured?: boolean;
                    /** @description Categories: IDs, slugs or names (unknown names are created); empty to remove all. */
                    categories?: (number | string)[] | string;
                    /** @description Tags: IDs, slugs or names (unknown names are created); empty to remove all. */
                    tags?: (number | string)[] | string;
                    /** @description The venue: an ID, {"id": ID}, or a venue object to create; 0 or empty to remove it. */
                    venue?: number | {
                        /** @description The venue ID. */
                        id: number;
                    } | {
                        /** @description The venue name. */
                        venue: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The venue description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The venue address. */
                        address?: string;
                        /** @description The venue city. */
                        city?: string;
                        /** @description The venue country. */
                        country?: string;
                        /** @description The venue province. */
                        province?: string;
                        /** @description The venue state. */
                        state?: string;
                        /** @description The venue ZIP or postal code. */
                        zip?: string;
                        /** @description The venue phone number. */
                        phone?: string;
                        /** @description The venue state or province. */
                        stateprovince?: string;
                        /** @description The venue website URL. */
                        website?: string;
                        /** @description Whether events at this venue show a map. */
                        show_map?: boolean | string | number;
                        /** @description Whether events at this venue show a map link. */
                        show_map_link?: boolean | string | number;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    } | "";
                    /** @description The organizers: IDs, {"id": ID} objects or organizer objects to create; empty to remove all. */
                    organizer?: (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    })[] | (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    }) | string;
                    /** @description The event password ("" removes it); editors only. */
                    password?: string;
                    /** @description Makes the event recurring: RFC 5545 lines (RRULE, RDATE, EXDATE), as a list or one per line, read in the event's time zone, e.g. ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T215959Z", "EXDATE;TZID=Europe/Berlin:20261224T190000"]; [] or "" stops the recurrence. Not on an occurrence. */
                    recurrence?: string[];
                    /** @description The parent event ID (editors only); 0 removes it. */
                    post_parent?: number;
                    /** @description For a series: its first occurrence alone, which then becomes an occurrence of its own (an exception); the series keeps its rule. */
                    occurrence_only?: boolean;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The event title. */
                    title?: string;
                    /** @description The event description (HTML). */
                    description?: string;
                    /** @description The event excerpt (HTML). */
                    excerpt?: string;
                    /** @description The event slug. */
                    slug?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The event time zone (an IANA name such as Europe/Berlin, or UTC+5). */
                    timezone?: string;
                    /** @description The start date and time, anything strtotime() accepts; read in the event time zone. */
                    start_date?: string;
                    /** @description The end date and time; not before the start. */
                    end_date?: string;
                    /** @description Whether the event lasts the whole day. */
                    all_day?: boolean;
                    /** @description The featured image: the ID of a stored image or an http(s) URL. */
                    image?: string;
                    /** @description The event cost: a string such as "$10 - $20" or a list of costs. Amounts without a currency symbol of their own show with the site's default symbol (here "$" before the amount): "15" → "$15", "5 - 25" → "$5 – $25", "10,20" → "$10,20", and their cost_details.currency_symbol stays ""; an amount with its own symbol keeps it ("£7" → "£7"). "Free" → "Free", ["0$", "20$", "30$"] → "Free – 30$"; a lone "0" is no cost (""). */
                    cost?: string | number | (string | number)[];
                    /** @description The event website URL. */
                    website?: string;
                    /** @description Whether to show a map. */
                    show_map?: boolean;
                    /** @description Whether to show a map link. */
                    show_map_link?: boolean;
                    /** @description Hide the event from lists. */
                    hide_from_listings?: boolean;
                    /** @description Sticky in the calendar view. */
                    sticky?: boolean;
                    /** @description Featured on the site. */
                    featured?: boolean;
                    /** @description Categories: IDs, slugs or names (unknown names are created); empty to remove all. */
                    categories?: (number | string)[] | string;
                    /** @description Tags: IDs, slugs or names (unknown names are created); empty to remove all. */
                    tags?: (number | string)[] | string;
                    /** @description The venue: an ID, {"id": ID}, or a venue object to create; 0 or empty to remove it. */
                    venue?: number | {
                        /** @description The venue ID. */
                        id: number;
                    } | {
                        /** @description The venue name. */
                        venue: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The venue description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The venue address. */
                        address?: string;
                        /** @description The venue city. */
                        city?: string;
                        /** @description The venue country. */
                        country?: string;
                        /** @description The venue province. */
                        province?: string;
                        /** @description The venue state. */
                        state?: string;
                        /** @description The venue ZIP or postal code. */
                        zip?: string;
                        /** @description The venue phone number. */
                        phone?: string;
                        /** @description The venue state or province. */
                        stateprovince?: string;
                        /** @description The venue website URL. */
                        website?: string;
                        /** @description Whether events at this venue show a map. */
                        show_map?: boolean | string | number;
                        /** @description Whether events at this venue show a map link. */
                        show_map_link?: boolean | string | number;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    } | "";
                    /** @description The organizers: IDs, {"id": ID} objects or organizer objects to create; empty to remove all. */
                    organizer?: (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    })[] | (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    }) | string;
                    /** @description The event password ("" removes it); editors only. */
                    password?: string;
                    /** @description Makes the event recurring: RFC 5545 lines (RRULE, RDATE, EXDATE), as a list or one per line, read in the event's time zone, e.g. ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T215959Z", "EXDATE;TZID=Europe/Berlin:20261224T190000"]; [] or "" stops the recurrence. Not on an occurrence. */
                    recurrence?: string[];
                    /** @description The parent event ID (editors only); 0 removes it. */
                    post_parent?: number;
                    /** @description For a series: its first occurrence alone, which then becomes an occurrence of its own (an exception); the series keeps its rule. */
                    occurrence_only?: boolean;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "events.update.post": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The event ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The event title. */
                    title?: string;
                    /** @description The event description (HTML). */
                    description?: string;
                    /** @description The event excerpt (HTML). */
                    excerpt?: string;
                    /** @description The event slug. */
                    slug?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The event time zone (an IANA name such as Europe/Berlin, or UTC+5). */
                    timezone?: string;
                    /** @description The start date and time, anything strtotime() accepts; read in the event time zone. */
                    start_date?: string;
                    /** @description The end date and time; not before the start. */
                    end_date?: string;
                    /** @description Whether the event lasts the whole day. */
                    all_day?: boolean;
                    /** @description The featured image: the ID of a stored image or an http(s) URL. */
                    image?: string;
                    /** @description The event cost: a string such as "$10 - $20" or a list of costs. Amounts without a currency symbol of their own show with the site's default symbol (here "$" before the amount): "15" → "$15", "5 - 25" → "$5 – $25", "10,20" → "$10,20", and their cost_details.currency_symbol stays ""; an amount with its own symbol keeps it ("£7" → "£7"). "Free" → "Free", ["0$", "20$", "30$"] → "Free – 30$"; a lone "0" is no cost (""). */
                    cost?: string | number | (string | number)[];
                    /** @description The event website URL. */
                    website?: string;
                    /** @description Whether to show a map. */
                    show_map?: boolean;
                    /** @description Whether to show a map link. */
                    show_map_link?: boolean;
                    /** @description Hide the event from lists. */
                    hide_from_listings?: boolean;
                    /** @description Sticky in the calendar view. */
                    sticky?: boolean;
                    /** @description Featured on the site. */
                    featured?: boolean;
                    /** @description Categories: IDs, slugs or names (unknown names are created); empty to remove all. */
                    categories?: (number | string)[] | string;
                    /** @description Tags: IDs, slugs or names (unknown names are created); empty to remove all. */
                    tags?: (number | string)[] | string;
                    /** @description The venue: an ID, {"id": ID}, or a venue object to create; 0 or empty to remove it. */
                    venue?: number | {
                        /** @description The venue ID. */
                        id: number;
                    } | {
                        /** @description The venue name. */
                        venue: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The venue description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The venue address. */
                        address?: string;
                        /** @description The venue city. */
                        city?: string;
                        /** @description The venue country. */
                        country?: string;
                        /** @description The venue province. */
                        province?: string;
                        /** @description The venue state. */
                        state?: string;
                        /** @description The venue ZIP or postal code. */
                        zip?: string;
                        /** @description The venue phone number. */
                        phone?: string;
                        /** @description The venue state or province. */
                        stateprovince?: string;
                        /** @description The venue website URL. */
                        website?: string;
                        /** @description Whether events at this venue show a map. */
                        show_map?: boolean | string | number;
                        /** @description Whether events at this venue show a map link. */
                        show_map_link?: boolean | string | number;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    } | "";
                    /** @description The organizers: IDs, {"id": ID} objects or organizer objects to create; empty to remove all. */
                    organizer?: (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    })[] | (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    }) | string;
                    /** @description The event password ("" removes it); editors only. */
                    password?: string;
                    /** @description Makes the event recurring: RFC 5545 lines (RRULE, RDATE, EXDATE), as a list or one per line, read in the event's time zone, e.g. ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T215959Z", "EXDATE;TZID=Europe/Berlin:20261224T190000"]; [] or "" stops the recurrence. Not on an occurrence. */
                    recurrence?: string[];
                    /** @description The parent event ID (editors only); 0 removes it. */
                    post_parent?: number;
                    /** @description For a series: its first occurrence alone, which then becomes an occurrence of its own (an exception); the series keeps its rule. */
                    occurrence_only?: boolean;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The event title. */
                    title?: string;
                    /** @description The event description (HTML). */
                    description?: string;
                    /** @description The event excerpt (HTML). */
                    excerpt?: string;
                    /** @description The event slug. */
                    slug?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The event time zone (an IANA name such as Europe/Berlin, or UTC+5). */
                    timezone?: string;
                    /** @description The start date and time, anything strtotime() accepts; read in the event time zone. */
                    start_date?: string;
                    /** @description The end date and time; not before the start. */
                    end_date?: string;
                    /** @description Whether the event lasts the whole day. */
                    all_day?: boolean;
                    /** @description The featured image: the ID of a stored image or an http(s) URL. */
                    image?: string;
                    /** @description The event cost: a string such as "$10 - $20" or a list of costs. Amounts without a currency symbol of their own show with the site's default symbol (here "$" before the amount): "15" → "$15", "5 - 25" → "$5 – $25", "10,20" → "$10,20", and their cost_details.currency_symbol stays ""; an amount with its own symbol keeps it ("£7" → "£7"). "Free" → "Free", ["0$", "20$", "30$"] → "Free – 30$"; a lone "0" is no cost (""). */
                    cost?: string | number | (string | number)[];
                    /** @description The event website URL. */
                    website?: string;
                    /** @description Whether to show a map. */
                    show_map?: boolean;
                    /** @description Whether to show a map link. */
                    show_map_link?: boolean;
                    /** @description Hide the event from lists. */
                    hide_from_listings?: boolean;
                    /** @description Sticky in the calendar view. */
                    sticky?: boolean;
                    /** @description Featured on the site. */
                    featured?: boolean;
                    /** @description Categories: IDs, slugs or names (unknown names are created); empty to remove all. */
                    categories?: (number | string)[] | string;
                    /** @description Tags: IDs, slugs or names (unknown names are created); empty to remove all. */
                    tags?: (number | string)[] | string;
                    /** @description The venue: an ID, {"id": ID}, or a venue object to create; 0 or empty to remove it. */
                    venue?: number | {
                        /** @description The venue ID. */
                        id: number;
                    } | {
                        /** @description The venue name. */
                        venue: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The venue description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The venue address. */
                        address?: string;
                        /** @description The venue city. */
                        city?: string;
                        /** @description The venue country. */
                        country?: string;
                        /** @description The venue province. */
                        province?: string;
                        /** @description The venue state. */
                        state?: string;
                        /** @description The venue ZIP or postal code. */
                        zip?: string;
                        /** @description The venue phone number. */
                        phone?: string;
                        /** @description The venue state or province. */
                        stateprovince?: string;
                        /** @description The venue website URL. */
                        website?: string;
                        /** @description Whether events at this venue show a map. */
                        show_map?: boolean | string | number;
                        /** @description Whether events at this venue show a map link. */
                        show_map_link?: boolean | string | number;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    } | "";
                    /** @description The organizers: IDs, {"id": ID} objects or organizer objects to create; empty to remove all. */
                    organizer?: (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    })[] | (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    }) | string;
                    /** @description The event password ("" removes it); editors only. */
                    password?: string;
                    /** @description Makes the event recurring: RFC 5545 lines (RRULE, RDATE, EXDATE), as a list or one per line, read in the event's time zone, e.g. ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T215959Z", "EXDATE;TZID=Europe/Berlin:20261224T190000"]; [] or "" stops the recurrence. Not on an occurrence. */
                    recurrence?: string[];
                    /** @description The parent event ID (editors only); 0 removes it. */
                    post_parent?: number;
                    /** @description For a series: its first occurrence alone, which then becomes an occurrence of its own (an exception); the series keeps its rule. */
                    occurrence_only?: boolean;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "events.delete": {
        parameters: {
            query?: {
                /** @description Delete a trashed event for good. */
                force?: boolean;
                /** @description The event password, to read a password-protected event. */
                password?: string;
                /** @description For a series: its first occurrence alone, which then becomes an occurrence of its own (an exception); the series keeps its rule. */
                occurrence_only?: boolean;
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path: {
                /** @description The event ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"] | components["schemas"]["EventDeleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["Gone"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "events.update.patch": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The event ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The event title. */
                    title?: string;
                    /** @description The event description (HTML). */
                    description?: string;
                    /** @description The event excerpt (HTML). */
                    excerpt?: string;
                    /** @description The event slug. */
                    slug?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The event time zone (an IANA name such as Europe/Berlin, or UTC+5). */
                    timezone?: string;
                    /** @description The start date and time, anything strtotime() accepts; read in the event time zone. */
                    start_date?: string;
                    /** @description The end date and time; not before the start. */
                    end_date?: string;
                    /** @description Whether the event lasts the whole day. */
                    all_day?: boolean;
                    /** @description The featured image: the ID of a stored image or an http(s) URL. */
                    image?: string;
                    /** @description The event cost: a string such as "$10 - $20" or a list of costs. Amounts without a currency symbol of their own show with the site's default symbol (here "$" before the amount): "15" → "$15", "5 - 25" → "$5 – $25", "10,20" → "$10,20", and their cost_details.currency_symbol stays ""; an amount with its own symbol keeps it ("£7" → "£7"). "Free" → "Free", ["0$", "20$", "30$"] → "Free – 30$"; a lone "0" is no cost (""). */
                    cost?: string | number | (string | number)[];
                    /** @description The event website URL. */
                    website?: string;
                    /** @description Whether to show a map. */
                    show_map?: boolean;
                    /** @description Whether to show a map link. */
                    show_map_link?: boolean;
                    /** @description Hide the event from lists. */
                    hide_from_listings?: boolean;
                    /** @description Sticky in the calendar view. */
                    sticky?: boolean;
                    /** @description Featured on the site. */
                    featured?: boolean;
                    /** @description Categories: IDs, slugs or names (unknown names are created); empty to remove all. */
                    categories?: (number | string)[] | string;
                    /** @description Tags: IDs, slugs or names (unknown names are created); empty to remove all. */
                    tags?: (number | string)[] | string;
                    /** @description The venue: an ID, {"id": ID}, or a venue object to create; 0 or empty to remove it. */
                    venue?: number | {
                        /** @description The venue ID. */
                        id: number;
                    } | {
                        /** @description The venue name. */
                        venue: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The venue description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The venue address. */
                        address?: string;
                        /** @description The venue city. */
                        city?: string;
                        /** @description The venue country. */
                        country?: string;
                        /** @description The venue province. */
                        province?: string;
                        /** @description The venue state. */
                        state?: string;
                        /** @description The venue ZIP or postal code. */
                        zip?: string;
                        /** @description The venue phone number. */
                        phone?: string;
                        /** @description The venue state or province. */
                        stateprovince?: string;
                        /** @description The venue website URL. */
                        website?: string;
                        /** @description Whether events at this venue show a map. */
                        show_map?: boolean | string | number;
                        /** @description Whether events at this venue show a map link. */
                        show_map_link?: boolean | string | number;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    } | "";
                    /** @description The organizers: IDs, {"id": ID} objects or organizer objects to create; empty to remove all. */
                    organizer?: (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    })[] | (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    }) | string;
                    /** @description The event password ("" removes it); editors only. */
                    password?: string;
                    /** @description Makes the event recurring: RFC 5545 lines (RRULE, RDATE, EXDATE), as a list or one per line, read in the event's time zone, e.g. ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T215959Z", "EXDATE;TZID=Europe/Berlin:20261224T190000"]; [] or "" stops the recurrence. Not on an occurrence. */
                    recurrence?: string[];
                    /** @description The parent event ID (editors only); 0 removes it. */
                    post_parent?: number;
                    /** @description For a series: its first occurrence alone, which then becomes an occurrence of its own (an exception); the series keeps its rule. */
                    occurrence_only?: boolean;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The event title. */
                    title?: string;
                    /** @description The event description (HTML). */
                    description?: string;
                    /** @description The event excerpt (HTML). */
                    excerpt?: string;
                    /** @description The event slug. */
                    slug?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The event time zone (an IANA name such as Europe/Berlin, or UTC+5). */
                    timezone?: string;
                    /** @description The start date and time, anything strtotime() accepts; read in the event time zone. */
                    start_date?: string;
                    /** @description The end date and time; not before the start. */
                    end_date?: string;
                    /** @description Whether the event lasts the whole day. */
                    all_day?: boolean;
                    /** @description The featured image: the ID of a stored image or an http(s) URL. */
                    image?: string;
                    /** @description The event cost: a string such as "$10 - $20" or a list of costs. Amounts without a currency symbol of their own show with the site's default symbol (here "$" before the amount): "15" → "$15", "5 - 25" → "$5 – $25", "10,20" → "$10,20", and their cost_details.currency_symbol stays ""; an amount with its own symbol keeps it ("£7" → "£7"). "Free" → "Free", ["0$", "20$", "30$"] → "Free – 30$"; a lone "0" is no cost (""). */
                    cost?: string | number | (string | number)[];
                    /** @description The event website URL. */
                    website?: string;
                    /** @description Whether to show a map. */
                    show_map?: boolean;
                    /** @description Whether to show a map link. */
                    show_map_link?: boolean;
                    /** @description Hide the event from lists. */
                    hide_from_listings?: boolean;
                    /** @description Sticky in the calendar view. */
                    sticky?: boolean;
                    /** @description Featured on the site. */
                    featured?: boolean;
                    /** @description Categories: IDs, slugs or names (unknown names are created); empty to remove all. */
                    categories?: (number | string)[] | string;
                    /** @description Tags: IDs, slugs or names (unknown names are created); empty to remove all. */
                    tags?: (number | string)[] | string;
                    /** @description The venue: an ID, {"id": ID}, or a venue object to create; 0 or empty to remove it. */
                    venue?: number | {
                        /** @description The venue ID. */
                        id: number;
                    } | {
                        /** @description The venue name. */
                        venue: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The venue description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The venue address. */
                        address?: string;
                        /** @description The venue city. */
                        city?: string;
                        /** @description The venue country. */
                        country?: string;
                        /** @description The venue province. */
                        province?: string;
                        /** @description The venue state. */
                        state?: string;
                        /** @description The venue ZIP or postal code. */
                        zip?: string;
                        /** @description The venue phone number. */
                        phone?: string;
                        /** @description The venue state or province. */
                        stateprovince?: string;
                        /** @description The venue website URL. */
                        website?: string;
                        /** @description Whether events at this venue show a map. */
                        show_map?: boolean | string | number;
                        /** @description Whether events at this venue show a map link. */
                        show_map_link?: boolean | string | number;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    } | "";
                    /** @description The organizers: IDs, {"id": ID} objects or organizer objects to create; empty to remove all. */
                    organizer?: (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    })[] | (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    }) | string;
                    /** @description The event password ("" removes it); editors only. */
                    password?: string;
                    /** @description Makes the event recurring: RFC 5545 lines (RRULE, RDATE, EXDATE), as a list or one per line, read in the event's time zone, e.g. ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T215959Z", "EXDATE;TZID=Europe/Berlin:20261224T190000"]; [] or "" stops the recurrence. Not on an occurrence. */
                    recurrence?: string[];
                    /** @description The parent event ID (editors only); 0 removes it. */
                    post_parent?: number;
                    /** @description For a series: its first occurrence alone, which then becomes an occurrence of its own (an exception); the series keeps its rule. */
                    occurrence_only?: boolean;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "events.read-by-slug": {
        parameters: {
            query?: {
                /** @description The event password, to read a password-protected event. */
                password?: string;
                /** @description The scope of the request: view or edit. */
                context?: "view" | "edit";
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path: {
                /** @description The event slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong validator of the answer. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description `If-None-Match` names the current ETag: no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["Error"];
        };
    };
    "events.update-by-slug.put": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The event slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The event title. */
                    title?: string;
                    /** @description The event description (HTML). */
                    description?: string;
                    /** @description The event excerpt (HTML). */
                    excerpt?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The event time zone (an IANA name such as Europe/Berlin, or UTC+5). */
                    timezone?: string;
                    /** @description The start date and time, anything strtotime() accepts; read in the event time zone. */
                    start_date?: string;
                    /** @description The end date and time; not before the start. */
                    end_date?: string;
                    /** @description Whether the event lasts the whole day. */
                    all_day?: boolean;
                    /** @description The featured image: the ID of a stored image or an http(s) URL. */
                    image?: string;
                    /** @description The event cost: a string such as "$10 - $20" or a list of costs. Amounts without a currency symbol of their own show with the site's default symbol (here "$" before the amount): "15" → "$15", "5 - 25" → "$5 – $25", "10,20" → "$10,20", and their cost_details.currency_symbol stays ""; an amount with its own symbol keeps it ("£7" → "£7"). "Free" → "Free", ["0$", "20$", "30$"] → "Free – 30$"; a lone "0" is no cost (""). */
                    cost?: string | number | (string | number)[];
                    /** @description The event website URL. */
                    website?: string;
                    /** @description Whether to show a map. */
                    show_map?: boolean;
                    /** @description Whether to show a map link. */
                    show_map_link?: boolean;
                    /** @description Hide the event from lists. */
                    hide_from_listings?: boolean;
                    /** @description Sticky in the calendar view. */
                    sticky?: boolean;
                    /** @description Featured on the site. */
                    featured?: boolean;
                    /** @description Categories: IDs, slugs or names (unknown names are created); empty to remove all. */
                    categories?: (number | string)[] | string;
                    /** @description Tags: IDs, slugs or names (unknown names are created); empty to remove all. */
                    tags?: (number | string)[] | string;
                    /** @description The venue: an ID, {"id": ID}, or a venue object to create; 0 or empty to remove it. */
                    venue?: number | {
                        /** @description The venue ID. */
                        id: number;
                    } | {
                        /** @description The venue name. */
                        venue: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The venue description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The venue address. */
                        address?: string;
                        /** @description The venue city. */
                        city?: string;
                        /** @description The venue country. */
                        country?: string;
                        /** @description The venue province. */
                        province?: string;
                        /** @description The venue state. */
                        state?: string;
                        /** @description The venue ZIP or postal code. */
                        zip?: string;
                        /** @description The venue phone number. */
                        phone?: string;
                        /** @description The venue state or province. */
                        stateprovince?: string;
                        /** @description The venue website URL. */
                        website?: string;
                        /** @description Whether events at this venue show a map. */
                        show_map?: boolean | string | number;
                        /** @description Whether events at this venue show a map link. */
                        show_map_link?: boolean | string | number;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    } | "";
                    /** @description The organizers: IDs, {"id": ID} objects or organizer objects to create; empty to remove all. */
                    organizer?: (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    })[] | (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    }) | string;
                    /** @description The event password ("" removes it); editors only. */
                    password?: string;
                    /** @description Makes the event recurring: RFC 5545 lines (RRULE, RDATE, EXDATE), as a list or one per line, read in the event's time zone, e.g. ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T215959Z", "EXDATE;TZID=Europe/Berlin:20261224T190000"]; [] or "" stops the recurrence. Not on an occurrence. */
                    recurrence?: string[];
                    /** @description The parent event ID (editors only); 0 removes it. */
                    post_parent?: number;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The event title. */
                    title?: string;
                    /** @description The event description (HTML). */
                    description?: string;
                    /** @description The event excerpt (HTML). */
                    excerpt?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The event time zone (an IANA name such as Europe/Berlin, or UTC+5). */
                    timezone?: string;
                    /** @description The start date and time, anything strtotime() accepts; read in the event time zone. */
                    start_date?: string;
                    /** @description The end date and time; not before the start. */
                    end_date?: string;
                    /** @description Whether the event lasts the whole day. */
                    all_day?: boolean;
                    /** @description The featured image: the ID of a stored image or an http(s) URL. */
                    image?: string;
                    /** @description The event cost: a string such as "$10 - $20" or a list of costs. Amounts without a currency symbol of their own show with the site's default symbol (here "$" before the amount): "15" → "$15", "5 - 25" → "$5 – $25", "10,20" → "$10,20", and their cost_details.currency_symbol stays ""; an amount with its own symbol keeps it ("£7" → "£7"). "Free" → "Free", ["0$", "20$", "30$"] → "Free – 30$"; a lone "0" is no cost (""). */
                    cost?: string | number | (string | number)[];
                    /** @description The event website URL. */
                    website?: string;
                    /** @description Whether to show a map. */
                    show_map?: boolean;
                    /** @description Whether to show a map link. */
                    show_map_link?: boolean;
                    /** @description Hide the event from lists. */
                    hide_from_listings?: boolean;
                    /** @description Sticky in the calendar view. */
                    sticky?: boolean;
                    /** @description Featured on the site. */
                    featured?: boolean;
                    /** @description Categories: IDs, slugs or names (unknown names are created); empty to remove all. */
                    categories?: (number | string)[] | string;
                    /** @description Tags: IDs, slugs or names (unknown names are created); empty to remove all. */
                    tags?: (number | string)[] | string;
                    /** @description The venue: an ID, {"id": ID}, or a venue object to create; 0 or empty to remove it. */
                    venue?: number | {
                        /** @description The venue ID. */
                        id: number;
                    } | {
                        /** @description The venue name. */
                        venue: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The venue description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The venue address. */
                        address?: string;
                        /** @description The venue city. */
                        city?: string;
                        /** @description The venue country. */
                        country?: string;
                        /** @description The venue province. */
                        province?: string;
                        /** @description The venue state. */
                        state?: string;
                        /** @description The venue ZIP or postal code. */
                        zip?: string;
                        /** @description The venue phone number. */
                        phone?: string;
                        /** @description The venue state or province. */
                        stateprovince?: string;
                        /** @description The venue website URL. */
                        website?: string;
                        /** @description Whether events at this venue show a map. */
                        show_map?: boolean | string | number;
                        /** @description Whether events at this venue show a map link. */
                        show_map_link?: boolean | string | number;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    } | "";
                    /** @description The organizers: IDs, {"id": ID} objects or organizer objects to create; empty to remove all. */
                    organizer?: (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    })[] | (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    }) | string;
                    /** @description The event password ("" removes it); editors only. */
                    password?: string;
                    /** @description Makes the event recurring: RFC 5545 lines (RRULE, RDATE, EXDATE), as a list or one per line, read in the event's time zone, e.g. ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T215959Z", "EXDATE;TZID=Europe/Berlin:20261224T190000"]; [] or "" stops the recurrence. Not on an occurrence. */
                    recurrence?: string[];
                    /** @description The parent event ID (editors only); 0 removes it. */
                    post_parent?: number;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "events.update-by-slug.post": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The event slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The event title. */
                    title?: string;
                    /** @description The event description (HTML). */
                    description?: string;
                    /** @description The event excerpt (HTML). */
                    excerpt?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The event time zone (an IANA name such as Europe/Berlin, or UTC+5). */
                    timezone?: string;
                    /** @description The start date and time, anything strtotime() accepts; read in the event time zone. */
                    start_date?: string;
                    /** @description The end date and time; not before the start. */
                    end_date?: string;
                    /** @description Whether the event lasts the whole day. */
                    all_day?: boolean;
                    /** @description The featured image: the ID of a stored image or an http(s) URL. */
                    image?: string;
                    /** @description The event cost: a string such as "$10 - $20" or a list of costs. Amounts without a currency symbol of their own show with the site's default symbol (here "$" before the amount): "15" → "$15", "5 - 25" → "$5 – $25", "10,20" → "$10,20", and their cost_details.currency_symbol stays ""; an amount with its own symbol keeps it ("£7" → "£7"). "Free" → "Free", ["0$", "20$", "30$"] → "Free – 30$"; a lone "0" is no cost (""). */
                    cost?: string | number | (string | number)[];
                    /** @description The event website URL. */
                    website?: string;
                    /** @description Whether to show a map. */
                    show_map?: boolean;
                    /** @description Whether to show a map link. */
                    show_map_link?: boolean;
                    /** @description Hide the event from lists. */
                    hide_from_listings?: boolean;
                    /** @description Sticky in the calendar view. */
                    sticky?: boolean;
                    /** @description Featured on the site. */
                    featured?: boolean;
                    /** @description Categories: IDs, slugs or names (unknown names are created); empty to remove all. */
                    categories?: (number | string)[] | string;
                    /** @description Tags: IDs, slugs or names (unknown names are created); empty to remove all. */
                    tags?: (number | string)[] | string;
                    /** @description The venue: an ID, {"id": ID}, or a venue object to create; 0 or empty to remove it. */
                    venue?: number | {
                        /** @description The venue ID. */
                        id: number;
                    } | {
                        /** @description The venue name. */
                        venue: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The venue description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The venue address. */
                        address?: string;
                        /** @description The venue city. */
                        city?: string;
                        /** @description The venue country. */
                        country?: string;
                        /** @description The venue province. */
                        province?: string;
                        /** @description The venue state. */
                        state?: string;
                        /** @description The venue ZIP or postal code. */
                        zip?: string;
                        /** @description The venue phone number. */
                        phone?: string;
                        /** @description The venue state or province. */
                        stateprovince?: string;
                        /** @description The venue website URL. */
                        website?: string;
                        /** @description Whether events at this venue show a map. */
                        show_map?: boolean | string | number;
                        /** @description Whether events at this venue show a map link. */
                        show_map_link?: boolean | string | number;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    } | "";
                    /** @description The organizers: IDs, {"id": ID} objects or organizer objects to create; empty to remove all. */
                    organizer?: (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    })[] | (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    }) | string;
                    /** @description The event password ("" removes it); editors only. */
                    password?: string;
                    /** @description Makes the event recurring: RFC 5545 lines (RRULE, RDATE, EXDATE), as a list or one per line, read in the event's time zone, e.g. ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T215959Z", "EXDATE;TZID=Europe/Berlin:20261224T190000"]; [] or "" stops the recurrence. Not on an occurrence. */
                    recurrence?: string[];
                    /** @description The parent event ID (editors only); 0 removes it. */
                    post_parent?: number;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The event title. */
                    title?: string;
                    /** @description The event description (HTML). */
                    description?: string;
                    /** @description The event excerpt (HTML). */
                    excerpt?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The event time zone (an IANA name such as Europe/Berlin, or UTC+5). */
                    timezone?: string;
                    /** @description The start date and time, anything strtotime() accepts; read in the event time zone. */
                    start_date?: string;
                    /** @description The end date and time; not before the start. */
                    end_date?: string;
                    /** @description Whether the event lasts the whole day. */
                    all_day?: boolean;
                    /** @description The featured image: the ID of a stored image or an http(s) URL. */
                    image?: string;
                    /** @description The event cost: a string such as "$10 - $20" or a list of costs. Amounts without a currency symbol of their own show with the site's default symbol (here "$" before the amount): "15" → "$15", "5 - 25" → "$5 – $25", "10,20" → "$10,20", and their cost_details.currency_symbol stays ""; an amount with its own symbol keeps it ("£7" → "£7"). "Free" → "Free", ["0$", "20$", "30$"] → "Free – 30$"; a lone "0" is no cost (""). */
                    cost?: string | number | (string | number)[];
                    /** @description The event website URL. */
                    website?: string;
                    /** @description Whether to show a map. */
                    show_map?: boolean;
                    /** @description Whether to show a map link. */
                    show_map_link?: boolean;
                    /** @description Hide the event from lists. */
                    hide_from_listings?: boolean;
                    /** @description Sticky in the calendar view. */
                    sticky?: boolean;
                    /** @description Featured on the site. */
                    featured?: boolean;
                    /** @description Categories: IDs, slugs or names (unknown names are created); empty to remove all. */
                    categories?: (number | string)[] | string;
                    /** @description Tags: IDs, slugs or names (unknown names are created); empty to remove all. */
                    tags?: (number | string)[] | string;
                    /** @description The venue: an ID, {"id": ID}, or a venue object to create; 0 or empty to remove it. */
                    venue?: number | {
                        /** @description The venue ID. */
                        id: number;
                    } | {
                        /** @description The venue name. */
                        venue: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The venue description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The venue address. */
                        address?: string;
                        /** @description The venue city. */
                        city?: string;
                        /** @description The venue country. */
                        country?: string;
                        /** @description The venue province. */
                        province?: string;
                        /** @description The venue state. */
                        state?: string;
                        /** @description The venue ZIP or postal code. */
                        zip?: string;
                        /** @description The venue phone number. */
                        phone?: string;
                        /** @description The venue state or province. */
                        stateprovince?: string;
                        /** @description The venue website URL. */
                        website?: string;
                        /** @description Whether events at this venue show a map. */
                        show_map?: boolean | string | number;
                        /** @description Whether events at this venue show a map link. */
                        show_map_link?: boolean | string | number;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    } | "";
                    /** @description The organizers: IDs, {"id": ID} objects or organizer objects to create; empty to remove all. */
                    organizer?: (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    })[] | (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    }) | string;
                    /** @description The event password ("" removes it); editors only. */
                    password?: string;
                    /** @description Makes the event recurring: RFC 5545 lines (RRULE, RDATE, EXDATE), as a list or one per line, read in the event's time zone, e.g. ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T215959Z", "EXDATE;TZID=Europe/Berlin:20261224T190000"]; [] or "" stops the recurrence. Not on an occurrence. */
                    recurrence?: string[];
                    /** @description The parent event ID (editors only); 0 removes it. */
                    post_parent?: number;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "events.delete-by-slug": {
        parameters: {
            query?: {
                /** @description Delete a trashed event for good. */
                force?: boolean;
                /** @description The event password, to read a password-protected event. */
                password?: string;
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path: {
                /** @description The event slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"] | components["schemas"]["EventDeleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["Gone"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "events.update-by-slug.patch": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The event slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The event title. */
                    title?: string;
                    /** @description The event description (HTML). */
                    description?: string;
                    /** @description The event excerpt (HTML). */
                    excerpt?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The event time zone (an IANA name such as Europe/Berlin, or UTC+5). */
                    timezone?: string;
                    /** @description The start date and time, anything strtotime() accepts; read in the event time zone. */
                    start_date?: string;
                    /** @description The end date and time; not before the start. */
                    end_date?: string;
                    /** @description Whether the event lasts the whole day. */
                    all_day?: boolean;
                    /** @description The featured image: the ID of a stored image or an http(s) URL. */
                    image?: string;
                    /** @description The event cost: a string such as "$10 - $20" or a list of costs. Amounts without a currency symbol of their own show with the site's default symbol (here "$" before the amount): "15" → "$15", "5 - 25" → "$5 – $25", "10,20" → "$10,20", and their cost_details.currency_symbol stays ""; an amount with its own symbol keeps it ("£7" → "£7"). "Free" → "Free", ["0$", "20$", "30$"] → "Free – 30$"; a lone "0" is no cost (""). */
                    cost?: string | number | (string | number)[];
                    /** @description The event website URL. */
                    website?: string;
                    /** @description Whether to show a map. */
                    show_map?: boolean;
                    /** @description Whether to show a map link. */
                    show_map_link?: boolean;
                    /** @description Hide the event from lists. */
                    hide_from_listings?: boolean;
                    /** @description Sticky in the calendar view. */
                    sticky?: boolean;
                    /** @description Featured on the site. */
                    featured?: boolean;
                    /** @description Categories: IDs, slugs or names (unknown names are created); empty to remove all. */
                    categories?: (number | string)[] | string;
                    /** @description Tags: IDs, slugs or names (unknown names are created); empty to remove all. */
                    tags?: (number | string)[] | string;
                    /** @description The venue: an ID, {"id": ID}, or a venue object to create; 0 or empty to remove it. */
                    venue?: number | {
                        /** @description The venue ID. */
                        id: number;
                    } | {
                        /** @description The venue name. */
                        venue: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The venue description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The venue address. */
                        address?: string;
                        /** @description The venue city. */
                        city?: string;
                        /** @description The venue country. */
                        country?: string;
                        /** @description The venue province. */
                        province?: string;
                        /** @description The venue state. */
                        state?: string;
                        /** @description The venue ZIP or postal code. */
                        zip?: string;
                        /** @description The venue phone number. */
                        phone?: string;
                        /** @description The venue state or province. */
                        stateprovince?: string;
                        /** @description The venue website URL. */
                        website?: string;
                        /** @description Whether events at this venue show a map. */
                        show_map?: boolean | string | number;
                        /** @description Whether events at this venue show a map link. */
                        show_map_link?: boolean | string | number;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    } | "";
                    /** @description The organizers: IDs, {"id": ID} objects or organizer objects to create; empty to remove all. */
                    organizer?: (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    })[] | (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    }) | string;
                    /** @description The event password ("" removes it); editors only. */
                    password?: string;
                    /** @description Makes the event recurring: RFC 5545 lines (RRULE, RDATE, EXDATE), as a list or one per line, read in the event's time zone, e.g. ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T215959Z", "EXDATE;TZID=Europe/Berlin:20261224T190000"]; [] or "" stops the recurrence. Not on an occurrence. */
                    recurrence?: string[];
                    /** @description The parent event ID (editors only); 0 removes it. */
                    post_parent?: number;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The event title. */
                    title?: string;
                    /** @description The event description (HTML). */
                    description?: string;
                    /** @description The event excerpt (HTML). */
                    excerpt?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The event time zone (an IANA name such as Europe/Berlin, or UTC+5). */
                    timezone?: string;
                    /** @description The start date and time, anything strtotime() accepts; read in the event time zone. */
                    start_date?: string;
                    /** @description The end date and time; not before the start. */
                    end_date?: string;
                    /** @description Whether the event lasts the whole day. */
                    all_day?: boolean;
                    /** @description The featured image: the ID of a stored image or an http(s) URL. */
                    image?: string;
                    /** @description The event cost: a string such as "$10 - $20" or a list of costs. Amounts without a currency symbol of their own show with the site's default symbol (here "$" before the amount): "15" → "$15", "5 - 25" → "$5 – $25", "10,20" → "$10,20", and their cost_details.currency_symbol stays ""; an amount with its own symbol keeps it ("£7" → "£7"). "Free" → "Free", ["0$", "20$", "30$"] → "Free – 30$"; a lone "0" is no cost (""). */
                    cost?: string | number | (string | number)[];
                    /** @description The event website URL. */
                    website?: string;
                    /** @description Whether to show a map. */
                    show_map?: boolean;
                    /** @description Whether to show a map link. */
                    show_map_link?: boolean;
                    /** @description Hide the event from lists. */
                    hide_from_listings?: boolean;
                    /** @description Sticky in the calendar view. */
                    sticky?: boolean;
                    /** @description Featured on the site. */
                    featured?: boolean;
                    /** @description Categories: IDs, slugs or names (unknown names are created); empty to remove all. */
                    categories?: (number | string)[] | string;
                    /** @description Tags: IDs, slugs or names (unknown names are created); empty to remove all. */
                    tags?: (number | string)[] | string;
                    /** @description The venue: an ID, {"id": ID}, or a venue object to create; 0 or empty to remove it. */
                    venue?: number | {
                        /** @description The venue ID. */
                        id: number;
                    } | {
                        /** @description The venue name. */
                        venue: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The venue description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The venue address. */
                        address?: string;
                        /** @description The venue city. */
                        city?: string;
                        /** @description The venue country. */
                        country?: string;
                        /** @description The venue province. */
                        province?: string;
                        /** @description The venue state. */
                        state?: string;
                        /** @description The venue ZIP or postal code. */
                        zip?: string;
                        /** @description The venue phone number. */
                        phone?: string;
                        /** @description The venue state or province. */
                        stateprovince?: string;
                        /** @description The venue website URL. */
                        website?: string;
                        /** @description Whether events at this venue show a map. */
                        show_map?: boolean | string | number;
                        /** @description Whether events at this venue show a map link. */
                        show_map_link?: boolean | string | number;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    } | "";
                    /** @description The organizers: IDs, {"id": ID} objects or organizer objects to create; empty to remove all. */
                    organizer?: (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    })[] | (number | {
                        /** @description The organizer ID. */
                        id: number;
                    } | {
                        /** @description The organizer name. */
                        organizer: string;
                        /** @description The author ID (a user of the service). */
                        author?: number;
                        /** @description The publication date, in the site time zone. */
                        date?: string;
                        /** @description The publication date in UTC. */
                        date_utc?: string;
                        /** @description The organizer description. */
                        description?: string;
                        /** @description The status: publish, future, draft, pending, private or trash. */
                        status?: string;
                        /** @description The organizer phone number. */
                        phone?: string;
                        /** @description The organizer website URL. */
                        website?: string;
                        /** @description The organizer e-mail address. */
                        email?: string;
                        /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                        image?: string;
                    }) | string;
                    /** @description The event password ("" removes it); editors only. */
                    password?: string;
                    /** @description Makes the event recurring: RFC 5545 lines (RRULE, RDATE, EXDATE), as a list or one per line, read in the event's time zone, e.g. ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T215959Z", "EXDATE;TZID=Europe/Berlin:20261224T190000"]; [] or "" stops the recurrence. Not on an occurrence. */
                    recurrence?: string[];
                    /** @description The parent event ID (editors only); 0 removes it. */
                    post_parent?: number;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "events.import": {
        parameters: {
            query?: {
                /** @description All or nothing: refuse the whole file (400 naming the line) when one event cannot be read, rather than importing the rest and listing it in `skipped`. In the query string, or a field of a JSON body. Default false. */
                strict?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The iCalendar (RFC 5545) text: the request body as text/calendar, or this field of a JSON body. */
                    calendar: string;
                    /**
                     * @description All or nothing: refuse the whole file (400 naming the line) when one event cannot be read, rather than importing the rest and listing it in `skipped`. In the query string, or a field of a JSON body. Default false.
                     * @default false
                     */
                    strict?: boolean;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The iCalendar (RFC 5545) text: the request body as text/calendar, or this field of a JSON body. */
                    calendar: string;
                    /**
                     * @description All or nothing: refuse the whole file (400 naming the line) when one event cannot be read, rather than importing the rest and listing it in `skipped`. In the query string, or a field of a JSON body. Default false.
                     * @default false
                     */
                    strict?: boolean;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IcsImportReport"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "events.feed": {
        parameters: {
            query?: {
                /** @description The page of the feed (per_page events each). A feed reaches its first 10000 events: page × per_page above that is refused (start later with start_date). */
                page?: number;
                /** @description How many events the feed holds (a series counts once): 100 by default, at most 1000. */
                per_page?: number;
                /** @description Events that start on or after this date (whole days unless strict_dates). Default: the start of yesterday (with strict_dates: yesterday 23:59:00 UTC). */
                start_date?: string;
                /** @description Events that end on or before this date (whole days unless strict_dates). Default: the end of the day 24 months from now (with strict_dates: exactly 24 months from now). */
                end_date?: string;
                /** @description Events that start before this date. */
                starts_before?: string;
                /** @description Events that start after this date. */
                starts_after?: string;
                /** @description Events that end before this date. */
                ends_before?: string;
                /** @description Events that end after this date. */
                ends_after?: string;
                /** @description Apply the date filters at the exact times given instead of whole days. */
                strict_dates?: boolean | number | string;
                /** @description Events whose title, excerpt or description contains every word ("phrases" and -exclusions allowed). */
                search?: string;
                /** @description Events in any of these categories (IDs, slugs or names). */
                categories?: string[];
                /** @description Events with any of these tags (IDs, slugs or names). */
                tags?: string[];
                /** @description Events at any of these venues (IDs). */
                venue?: number[];
                /** @description Events by any of these organizers (IDs). */
                organizer?: number[];
                /** @description Only featured (true) or only not featured (false) events. */
                featured?: boolean;
                /** @description Only records with these statuses (comma-separated). Without write access only "publish" is allowed. */
                status?: ("publish" | "future" | "draft" | "pending" | "private" | "trash")[];
                /** @description Exactly these events (IDs), in publication order; date filters are ignored. */
                include?: number[];
                /** @description Events whose parent is this event. */
                post_parent?: number;
                /** @description Events with (true) or without (false) tickets; needs a ticket provider. */
                ticketed?: boolean;
                /** @description The scope of the request: view or edit (edit shows protected content to those who may edit it). */
                context?: "view" | "edit";
                /** @description The password of protected events in the list. */
                password?: string;
                /** @description Only events whose venue has coordinates (geolocation extension). */
                geoloc?: unknown;
                /** @description Latitude of the centre; needs geoloc_lng (geolocation extension). */
                geoloc_lat?: unknown;
                /** @description Longitude of the centre; needs geoloc_lat (geolocation extension). */
                geoloc_lng?: unknown;
                /** @description Radius around the centre in km (default 25; geolocation extension). */
                geoloc_radius?: unknown;
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong validator of the answer. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": components["schemas"]["ICalendar"];
                };
            };
            /** @description `If-None-Match` names the current ETag: no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["Error"];
        };
    };
    "events.feed-one": {
        parameters: {
            query?: {
                /** @description The event password, to read a password-protected event. */
                password?: string;
                /** @description The scope of the request: view or edit. */
                context?: "view" | "edit";
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path: {
                /** @description The event ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong validator of the answer. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": components["schemas"]["ICalendar"];
                };
            };
            /** @description `If-None-Match` names the current ETag: no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["Error"];
        };
    };
    "events.calendar": {
        parameters: {
            query: {
                /** @description The range’s start (ISO 8601: a date, or a date-time with or without an offset; without one, read in timeZone). */
                start: string;
                /** @description The range’s end, exclusive (as start). */
                end: string;
                /** @description The time zone (IANA) in which start and end without an offset are read and the answer’s times are written. Default: the site’s. */
                timeZone?: string;
                /** @description Events in any of these categories (IDs, slugs or names). */
                categories?: string[];
                /** @description Events with any of these tags (IDs, slugs or names). */
                tags?: string[];
                /** @description Events at any of these venues (IDs). */
                venue?: number[];
                /** @description Events by any of these organizers (IDs). */
                organizer?: number[];
                /** @description Only featured (true) or only not featured (false) events. */
                featured?: boolean;
                /** @description The password of protected events in the list. */
                password?: string;
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong validator of the answer. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarFeed"];
                };
            };
            /** @description `If-None-Match` names the current ETag: no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["Error"];
        };
    };
    "venues.list": {
        parameters: {
            query?: {
                /** @description The page of results to return. */
                page?: number;
                /** @description How many results per page (at most the configured maximum, 50 by default). */
                per_page?: number;
                /** @description Venues whose name, description or details contain the text. */
                search?: string;
                /** @description The venues of this event. */
                event?: number;
                /** @description Only venues that have events (true) or none (false). */
                has_events?: unknown;
                /** @description Only venues with upcoming events. */
                only_with_upcoming?: unknown;
                /** @description Only records with these statuses (comma-separated). Without write access only "publish" is allowed. */
                status?: ("publish" | "future" | "draft" | "pending" | "private" | "trash")[];
                /** @description Only the records of this list changed since this sync token (a list's `Sync-Token` header, or a token of GET /changes), with the list's filters and pages as usual. The last page's `Sync-Removed` header names the changed records that are not in the list now (deleted, trashed, no longer readable or no longer matching; possibly never seen by the client), comma-separated. Over 500 changed records, or a token older than the changes kept: 410 `rest_sync_token_expired`; read the list again in full. */
                sync_token?: string;
                /** @description Only the records modified at or after this date (the formats of the date filters; without an offset in the site’s time zone). Categories and tags: changed at or after it by the change log, all of them when it is older than the changes kept. Deletions do not show: use sync_token for them. */
                updated_since?: string;
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong validator of the answer. */
                    ETag: string;
                    /** @description How many records match, over all pages. */
                    "X-TEC-Total": string;
                    /** @description How many pages there are. */
                    "X-TEC-TotalPages": string;
                    /** @description How many records match, over all pages. */
                    "X-WP-Total": string;
                    /** @description How many pages there are. */
                    "X-WP-TotalPages": string;
                    Link?: string;
                    "Sync-Token"?: string;
                    "Sync-Removed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VenueList"];
                };
            };
            /** @description `If-None-Match` names the current ETag: no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["SyncTokenExpired"];
            default: components["responses"]["Error"];
        };
    };
    "venues.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The venue name. */
                    venue: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The venue description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The venue address. */
                    address?: string;
                    /** @description The venue city. */
                    city?: string;
                    /** @description The venue country. */
                    country?: string;
                    /** @description The venue province. */
                    province?: string;
                    /** @description The venue state. */
                    state?: string;
                    /** @description The venue ZIP or postal code. */
                    zip?: string;
                    /** @description The venue phone number. */
                    phone?: string;
                    /** @description The venue state or province. */
                    stateprovince?: string;
                    /** @description The venue website URL. */
                    website?: string;
                    /** @description Whether events at this venue show a map. */
                    show_map?: boolean | string | number;
                    /** @description Whether events at this venue show a map link. */
                    show_map_link?: boolean | string | number;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The venue name. */
                    venue: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The venue description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The venue address. */
                    address?: string;
                    /** @description The venue city. */
                    city?: string;
                    /** @description The venue country. */
                    country?: string;
                    /** @description The venue province. */
                    province?: string;
                    /** @description The venue state. */
                    state?: string;
                    /** @description The venue ZIP or postal code. */
                    zip?: string;
                    /** @description The venue phone number. */
                    phone?: string;
                    /** @description The venue state or province. */
                    stateprovince?: string;
                    /** @description The venue website URL. */
                    website?: string;
                    /** @description Whether events at this venue show a map. */
                    show_map?: boolean | string | number;
                    /** @description Whether events at this venue show a map link. */
                    show_map_link?: boolean | string | number;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    /** @description The address of the new record. */
                    Location: string;
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Venue"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["Error"];
        };
    };
    "venues.read": {
        parameters: {
            query?: {
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path: {
                /** @description The venue ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong validator of the answer. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Venue"];
                };
            };
            /** @description `If-None-Match` names the current ETag: no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["Error"];
        };
    };
    "venues.update.put": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The venue ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The venue name. */
                    venue?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The venue description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The venue address. */
                    address?: string;
                    /** @description The venue city. */
                    city?: string;
                    /** @description The venue country. */
                    country?: string;
                    /** @description The venue province. */
                    province?: string;
                    /** @description The venue state. */
                    state?: string;
                    /** @description The venue ZIP or postal code. */
                    zip?: string;
                    /** @description The venue phone number. */
                    phone?: string;
                    /** @description The venue state or province. */
                    stateprovince?: string;
                    /** @description The venue website URL. */
                    website?: string;
                    /** @description Whether events at this venue show a map. */
                    show_map?: boolean | string | number;
                    /** @description Whether events at this venue show a map link. */
                    show_map_link?: boolean | string | number;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The venue name. */
                    venue?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The venue description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The venue address. */
                    address?: string;
                    /** @description The venue city. */
                    city?: string;
                    /** @description The venue country. */
                    country?: string;
                    /** @description The venue province. */
                    province?: string;
                    /** @description The venue state. */
                    state?: string;
                    /** @description The venue ZIP or postal code. */
                    zip?: string;
                    /** @description The venue phone number. */
                    phone?: string;
                    /** @description The venue state or province. */
                    stateprovince?: string;
                    /** @description The venue website URL. */
                    website?: string;
                    /** @description Whether events at this venue show a map. */
                    show_map?: boolean | string | number;
                    /** @description Whether events at this venue show a map link. */
                    show_map_link?: boolean | string | number;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Venue"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "venues.update.post": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The venue ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The venue name. */
                    venue?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The venue description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The venue address. */
                    address?: string;
                    /** @description The venue city. */
                    city?: string;
                    /** @description The venue country. */
                    country?: string;
                    /** @description The venue province. */
                    province?: string;
                    /** @description The venue state. */
                    state?: string;
                    /** @description The venue ZIP or postal code. */
                    zip?: string;
                    /** @description The venue phone number. */
                    phone?: string;
                    /** @description The venue state or province. */
                    stateprovince?: string;
                    /** @description The venue website URL. */
                    website?: string;
                    /** @description Whether events at this venue show a map. */
                    show_map?: boolean | string | number;
                    /** @description Whether events at this venue show a map link. */
                    show_map_link?: boolean | string | number;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The venue name. */
                    venue?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The venue description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The venue address. */
                    address?: string;
                    /** @description The venue city. */
                    city?: string;
                    /** @description The venue country. */
                    country?: string;
                    /** @description The venue province. */
                    province?: string;
                    /** @description The venue state. */
                    state?: string;
                    /** @description The venue ZIP or postal code. */
                    zip?: string;
                    /** @description The venue phone number. */
                    phone?: string;
                    /** @description The venue state or province. */
                    stateprovince?: string;
                    /** @description The venue website URL. */
                    website?: string;
                    /** @description Whether events at this venue show a map. */
                    show_map?: boolean | string | number;
                    /** @description Whether events at this venue show a map link. */
                    show_map_link?: boolean | string | number;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Venue"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "venues.delete": {
        parameters: {
            query?: {
                /** @description Delete for good (only a trashed record). */
                force?: boolean;
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path: {
                /** @description The venue ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Venue"] | components["schemas"]["VenueDeleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["Gone"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "venues.update.patch": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The venue ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The venue name. */
                    venue?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The venue description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The venue address. */
                    address?: string;
                    /** @description The venue city. */
                    city?: string;
                    /** @description The venue country. */
                    country?: string;
                    /** @description The venue province. */
                    province?: string;
                    /** @description The venue state. */
                    state?: string;
                    /** @description The venue ZIP or postal code. */
                    zip?: string;
                    /** @description The venue phone number. */
                    phone?: string;
                    /** @description The venue state or province. */
                    stateprovince?: string;
                    /** @description The venue website URL. */
                    website?: string;
                    /** @description Whether events at this venue show a map. */
                    show_map?: boolean | string | number;
                    /** @description Whether events at this venue show a map link. */
                    show_map_link?: boolean | string | number;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The venue name. */
                    venue?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The venue description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The venue address. */
                    address?: string;
                    /** @description The venue city. */
                    city?: string;
                    /** @description The venue country. */
                    country?: string;
                    /** @description The venue province. */
                    province?: string;
                    /** @description The venue state. */
                    state?: string;
                    /** @description The venue ZIP or postal code. */
                    zip?: string;
                    /** @description The venue phone number. */
                    phone?: string;
                    /** @description The venue state or province. */
                    stateprovince?: string;
                    /** @description The venue website URL. */
                    website?: string;
                    /** @description Whether events at this venue show a map. */
                    show_map?: boolean | string | number;
                    /** @description Whether events at this venue show a map link. */
                    show_map_link?: boolean | string | number;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Venue"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "venues.read-by-slug": {
        parameters: {
            query?: {
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path: {
                /** @description The venue slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong validator of the answer. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Venue"];
                };
            };
            /** @description `If-None-Match` names the current ETag: no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["Error"];
        };
    };
    "venues.update-by-slug.put": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The venue slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The venue name. */
                    venue?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The venue description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The venue address. */
                    address?: string;
                    /** @description The venue city. */
                    city?: string;
                    /** @description The venue country. */
                    country?: string;
                    /** @description The venue province. */
                    province?: string;
                    /** @description The venue state. */
                    state?: string;
                    /** @description The venue ZIP or postal code. */
                    zip?: string;
                    /** @description The venue phone number. */
                    phone?: string;
                    /** @description The venue state or province. */
                    stateprovince?: string;
                    /** @description The venue website URL. */
                    website?: string;
                    /** @description Whether events at this venue show a map. */
                    show_map?: boolean | string | number;
                    /** @description Whether events at this venue show a map link. */
                    show_map_link?: boolean | string | number;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The venue name. */
                    venue?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The venue description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The venue address. */
                    address?: string;
                    /** @description The venue city. */
                    city?: string;
                    /** @description The venue country. */
                    country?: string;
                    /** @description The venue province. */
                    province?: string;
                    /** @description The venue state. */
                    state?: string;
                    /** @description The venue ZIP or postal code. */
                    zip?: string;
                    /** @description The venue phone number. */
                    phone?: string;
                    /** @description The venue state or province. */
                    stateprovince?: string;
                    /** @description The venue website URL. */
                    website?: string;
                    /** @description Whether events at this venue show a map. */
                    show_map?: boolean | string | number;
                    /** @description Whether events at this venue show a map link. */
                    show_map_link?: boolean | string | number;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Venue"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "venues.update-by-slug.post": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The venue slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The venue name. */
                    venue?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The venue description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The venue address. */
                    address?: string;
                    /** @description The venue city. */
                    city?: string;
                    /** @description The venue country. */
                    country?: string;
                    /** @description The venue province. */
                    province?: string;
                    /** @description The venue state. */
                    state?: string;
                    /** @description The venue ZIP or postal code. */
                    zip?: string;
                    /** @description The venue phone number. */
                    phone?: string;
                    /** @description The venue state or province. */
                    stateprovince?: string;
                    /** @description The venue website URL. */
                    website?: string;
                    /** @description Whether events at this venue show a map. */
                    show_map?: boolean | string | number;
                    /** @description Whether events at this venue show a map link. */
                    show_map_link?: boolean | string | number;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The venue name. */
                    venue?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The venue description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The venue address. */
                    address?: string;
                    /** @description The venue city. */
                    city?: string;
                    /** @description The venue country. */
                    country?: string;
                    /** @description The venue province. */
                    province?: string;
                    /** @description The venue state. */
                    state?: string;
                    /** @description The venue ZIP or postal code. */
                    zip?: string;
                    /** @description The venue phone number. */
                    phone?: string;
                    /** @description The venue state or province. */
                    stateprovince?: string;
                    /** @description The venue website URL. */
                    website?: string;
                    /** @description Whether events at this venue show a map. */
                    show_map?: boolean | string | number;
                    /** @description Whether events at this venue show a map link. */
                    show_map_link?: boolean | string | number;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Venue"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "venues.delete-by-slug": {
        parameters: {
            query?: {
                /** @description Delete for good (only a trashed record). */
                force?: boolean;
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path: {
                /** @description The venue slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Venue"] | components["schemas"]["VenueDeleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["Gone"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "venues.update-by-slug.patch": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The venue slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The venue name. */
                    venue?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The venue description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The venue address. */
                    address?: string;
                    /** @description The venue city. */
                    city?: string;
                    /** @description The venue country. */
                    country?: string;
                    /** @description The venue province. */
                    province?: string;
                    /** @description The venue state. */
                    state?: string;
                    /** @description The venue ZIP or postal code. */
                    zip?: string;
                    /** @description The venue phone number. */
                    phone?: string;
                    /** @description The venue state or province. */
                    stateprovince?: string;
                    /** @description The venue website URL. */
                    website?: string;
                    /** @description Whether events at this venue show a map. */
                    show_map?: boolean | string | number;
                    /** @description Whether events at this venue show a map link. */
                    show_map_link?: boolean | string | number;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The venue name. */
                    venue?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The venue description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The venue address. */
                    address?: string;
                    /** @description The venue city. */
                    city?: string;
                    /** @description The venue country. */
                    country?: string;
                    /** @description The venue province. */
                    province?: string;
                    /** @description The venue state. */
                    state?: string;
                    /** @description The venue ZIP or postal code. */
                    zip?: string;
                    /** @description The venue phone number. */
                    phone?: string;
                    /** @description The venue state or province. */
                    stateprovince?: string;
                    /** @description The venue website URL. */
                    website?: string;
                    /** @description Whether events at this venue show a map. */
                    show_map?: boolean | string | number;
                    /** @description Whether events at this venue show a map link. */
                    show_map_link?: boolean | string | number;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Venue"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "organizers.list": {
        parameters: {
            query?: {
                /** @description The page of results to return. */
                page?: number;
                /** @description How many results per page (at most the configured maximum, 50 by default). */
                per_page?: number;
                /** @description Organizers whose name, description or details contain the text. */
                search?: string;
                /** @description The organizers of this event. */
                event?: number;
                /** @description Only organizers that have events (true) or none (false). */
                has_events?: unknown;
                /** @description Only organizers with upcoming events. */
                only_with_upcoming?: unknown;
                /** @description Only records with these statuses (comma-separated). Without write access only "publish" is allowed. */
                status?: ("publish" | "future" | "draft" | "pending" | "private" | "trash")[];
                /** @description Only the records of this list changed since this sync token (a list's `Sync-Token` header, or a token of GET /changes), with the list's filters and pages as usual. The last page's `Sync-Removed` header names the changed records that are not in the list now (deleted, trashed, no longer readable or no longer matching; possibly never seen by the client), comma-separated. Over 500 changed records, or a token older than the changes kept: 410 `rest_sync_token_expired`; read the list again in full. */
                sync_token?: string;
                /** @description Only the records modified at or after this date (the formats of the date filters; without an offset in the site’s time zone). Categories and tags: changed at or after it by the change log, all of them when it is older than the changes kept. Deletions do not show: use sync_token for them. */
                updated_since?: string;
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong validator of the answer. */
                    ETag: string;
                    /** @description How many records match, over all pages. */
                    "X-TEC-Total": string;
                    /** @description How many pages there are. */
                    "X-TEC-TotalPages": string;
                    /** @description How many records match, over all pages. */
                    "X-WP-Total": string;
                    /** @description How many pages there are. */
                    "X-WP-TotalPages": string;
                    Link?: string;
                    "Sync-Token"?: string;
                    "Sync-Removed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizerList"];
                };
            };
            /** @description `If-None-Match` names the current ETag: no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["SyncTokenExpired"];
            default: components["responses"]["Error"];
        };
    };
    "organizers.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The organizer name. */
                    organizer: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The organizer description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The organizer phone number. */
                    phone?: string;
                    /** @description The organizer website URL. */
                    website?: string;
                    /** @description The organizer e-mail address. */
                    email?: string;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The organizer name. */
                    organizer: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The organizer description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The organizer phone number. */
                    phone?: string;
                    /** @description The organizer website URL. */
                    website?: string;
                    /** @description The organizer e-mail address. */
                    email?: string;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    /** @description The address of the new record. */
                    Location: string;
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organizer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["Error"];
        };
    };
    "organizers.read": {
        parameters: {
            query?: {
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path: {
                /** @description The organizer ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong validator of the answer. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organizer"];
                };
            };
            /** @description `If-None-Match` names the current ETag: no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["Error"];
        };
    };
    "organizers.update.put": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The organizer ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The organizer name. */
                    organizer?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The organizer description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The organizer phone number. */
                    phone?: string;
                    /** @description The organizer website URL. */
                    website?: string;
                    /** @description The organizer e-mail address. */
                    email?: string;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The organizer name. */
                    organizer?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The organizer description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The organizer phone number. */
                    phone?: string;
                    /** @description The organizer website URL. */
                    website?: string;
                    /** @description The organizer e-mail address. */
                    email?: string;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organizer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "organizers.update.post": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The organizer ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The organizer name. */
                    organizer?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The organizer description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The organizer phone number. */
                    phone?: string;
                    /** @description The organizer website URL. */
                    website?: string;
                    /** @description The organizer e-mail address. */
                    email?: string;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The organizer name. */
                    organizer?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The organizer description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The organizer phone number. */
                    phone?: string;
                    /** @description The organizer website URL. */
                    website?: string;
                    /** @description The organizer e-mail address. */
                    email?: string;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organizer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "organizers.delete": {
        parameters: {
            query?: {
                /** @description Delete for good (only a trashed record). */
                force?: boolean;
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path: {
                /** @description The organizer ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organizer"] | components["schemas"]["OrganizerDeleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["Gone"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "organizers.update.patch": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The organizer ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The organizer name. */
                    organizer?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The organizer description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The organizer phone number. */
                    phone?: string;
                    /** @description The organizer website URL. */
                    website?: string;
                    /** @description The organizer e-mail address. */
                    email?: string;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The organizer name. */
                    organizer?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The organizer description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The organizer phone number. */
                    phone?: string;
                    /** @description The organizer website URL. */
                    website?: string;
                    /** @description The organizer e-mail address. */
                    email?: string;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organizer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "organizers.read-by-slug": {
        parameters: {
            query?: {
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path: {
                /** @description The organizer slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong validator of the answer. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organizer"];
                };
            };
            /** @description `If-None-Match` names the current ETag: no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["Error"];
        };
    };
    "organizers.update-by-slug.put": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The organizer slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The organizer name. */
                    organizer?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The organizer description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The organizer phone number. */
                    phone?: string;
                    /** @description The organizer website URL. */
                    website?: string;
                    /** @description The organizer e-mail address. */
                    email?: string;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The organizer name. */
                    organizer?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The organizer description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The organizer phone number. */
                    phone?: string;
                    /** @description The organizer website URL. */
                    website?: string;
                    /** @description The organizer e-mail address. */
                    email?: string;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organizer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "organizers.update-by-slug.post": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The organizer slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The organizer name. */
                    organizer?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The organizer description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The organizer phone number. */
                    phone?: string;
                    /** @description The organizer website URL. */
                    website?: string;
                    /** @description The organizer e-mail address. */
                    email?: string;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The organizer name. */
                    organizer?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The organizer description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The organizer phone number. */
                    phone?: string;
                    /** @description The organizer website URL. */
                    website?: string;
                    /** @description The organizer e-mail address. */
                    email?: string;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organizer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "organizers.delete-by-slug": {
        parameters: {
            query?: {
                /** @description Delete for good (only a trashed record). */
                force?: boolean;
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path: {
                /** @description The organizer slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organizer"] | components["schemas"]["OrganizerDeleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["Gone"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "organizers.update-by-slug.patch": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The organizer slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The organizer name. */
                    organizer?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The organizer description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The organizer phone number. */
                    phone?: string;
                    /** @description The organizer website URL. */
                    website?: string;
                    /** @description The organizer e-mail address. */
                    email?: string;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The organizer name. */
                    organizer?: string;
                    /** @description The author ID (a user of the service). */
                    author?: number;
                    /** @description The publication date, in the site time zone. */
                    date?: string;
                    /** @description The publication date in UTC. */
                    date_utc?: string;
                    /** @description The organizer description. */
                    description?: string;
                    /** @description The status: publish, future, draft, pending, private or trash. */
                    status?: string;
                    /** @description The organizer phone number. */
                    phone?: string;
                    /** @description The organizer website URL. */
                    website?: string;
                    /** @description The organizer e-mail address. */
                    email?: string;
                    /** @description The featured image: the ID of a stored image or an http(s) URL; empty to remove it. */
                    image?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organizer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "categories.list": {
        parameters: {
            query?: {
                /** @description The page of results to return. */
                page?: number;
                /** @description How many results per page (at most the configured maximum, 50 by default). */
                per_page?: number;
                /** @description Only terms whose name or slug contains this text (case-insensitive). */
                search?: string;
                /** @description Leave out these terms (IDs or slugs; every one must exist). */
                exclude?: number[];
                /** @description Only these terms (IDs or slugs; every one must exist). */
                include?: number[];
                /** @description Sort order: "asc" (default) or "desc"; any value other than "asc" sorts descending. */
                order?: string;
                /** @description Sort by: id, name (default), slug, count, term_group, description, include or include_slugs; other values sort by name. */
                orderby?: string;
                /** @description Hide terms no published event uses (default true). */
                hide_empty?: boolean;
                /** @description Only the direct children of this category (0: only top-level categories). */
                parent?: number;
                /** @description Only the terms of this event (its ID). */
                post?: number;
                /** @description Only the terms of this event (its ID); an alias of "post" that wins over it. */
                event?: number;
                /** @description Only the term with exactly this slug. */
                slug?: string;
                /** @description Only the records of this list changed since this sync token (a list's `Sync-Token` header, or a token of GET /changes), with the list's filters and pages as usual. The last page's `Sync-Removed` header names the changed records that are not in the list now (deleted, trashed, no longer readable or no longer matching; possibly never seen by the client), comma-separated. Over 500 changed records, or a token older than the changes kept: 410 `rest_sync_token_expired`; read the list again in full. */
                sync_token?: string;
                /** @description Only the records modified at or after this date (the formats of the date filters; without an offset in the site’s time zone). Categories and tags: changed at or after it by the change log, all of them when it is older than the changes kept. Deletions do not show: use sync_token for them. */
                updated_since?: string;
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong validator of the answer. */
                    ETag: string;
                    /** @description How many records match, over all pages. */
                    "X-TEC-Total": string;
                    /** @description How many pages there are. */
                    "X-TEC-TotalPages": string;
                    /** @description How many records match, over all pages. */
                    "X-WP-Total": string;
                    /** @description How many pages there are. */
                    "X-WP-TotalPages": string;
                    Link?: string;
                    "Sync-Token"?: string;
                    "Sync-Removed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CategoryList"];
                };
            };
            /** @description `If-None-Match` names the current ETag: no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["SyncTokenExpired"];
            default: components["responses"]["Error"];
        };
    };
    "categories.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event category name. */
                    name: string;
                    /** @description The event category description. */
                    description?: string;
                    /** @description The event category slug (derived from the name if omitted). */
                    slug?: string;
                    /** @description The parent category ID (0: none). */
                    parent?: number;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The event category name. */
                    name: string;
                    /** @description The event category description. */
                    description?: string;
                    /** @description The event category slug (derived from the name if omitted). */
                    slug?: string;
                    /** @description The parent category ID (0: none). */
                    parent?: number;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    /** @description The address of the new record. */
                    Location: string;
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["Error"];
        };
    };
    "categories.read": {
        parameters: {
            query?: {
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path: {
                /** @description The event category ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong validator of the answer. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            /** @description `If-None-Match` names the current ETag: no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["Error"];
        };
    };
    "categories.update.put": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The event category ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The event category name. */
                    name?: string;
                    /** @description The event category description. */
                    description?: string;
                    /** @description The event category slug (derived from the name if omitted). */
                    slug?: string;
                    /** @description The parent category ID (0: none). */
                    parent?: number;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The event category name. */
                    name?: string;
                    /** @description The event category description. */
                    description?: string;
                    /** @description The event category slug (derived from the name if omitted). */
                    slug?: string;
                    /** @description The parent category ID (0: none). */
                    parent?: number;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "categories.update.post": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The event category ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The event category name. */
                    name?: string;
                    /** @description The event category description. */
                    description?: string;
                    /** @description The event category slug (derived from the name if omitted). */
                    slug?: string;
                    /** @description The parent category ID (0: none). */
                    parent?: number;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The event category name. */
                    name?: string;
                    /** @description The event category description. */
                    description?: string;
                    /** @description The event category slug (derived from the name if omitted). */
                    slug?: string;
                    /** @description The parent category ID (0: none). */
                    parent?: number;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "categories.delete": {
        parameters: {
            query?: {
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path: {
                /** @description The event category ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "categories.update.patch": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The event category ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The event category name. */
                    name?: string;
                    /** @description The event category description. */
                    description?: string;
                    /** @description The event category slug (derived from the name if omitted). */
                    slug?: string;
                    /** @description The parent category ID (0: none). */
                    parent?: number;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The event category name. */
                    name?: string;
                    /** @description The event category description. */
                    description?: string;
                    /** @description The event category slug (derived from the name if omitted). */
                    slug?: string;
                    /** @description The parent category ID (0: none). */
                    parent?: number;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "tags.list": {
        parameters: {
            query?: {
                /** @description The page of results to return. */
                page?: number;
                /** @description How many results per page (at most the configured maximum, 50 by default). */
                per_page?: number;
                /** @description Only terms whose name or slug contains this text (case-insensitive). */
                search?: string;
                /** @description Leave out these terms (IDs or slugs; every one must exist). */
                exclude?: number[];
                /** @description Only these terms (IDs or slugs; every one must exist). */
                include?: number[];
                /** @description Sort order: "asc" (default) or "desc"; any value other than "asc" sorts descending. */
                order?: string;
                /** @description Sort by: id, name (default), slug, count, term_group, description, include or include_slugs; other values sort by name. */
                orderby?: string;
                /** @description Hide terms no published event uses (default true). */
                hide_empty?: boolean;
                /** @description Only the terms of this event (its ID). */
                post?: number;
                /** @description Only the terms of this event (its ID); an alias of "post" that wins over it. */
                event?: number;
                /** @description Only the term with exactly this slug. */
                slug?: string;
                /** @description Only the records of this list changed since this sync token (a list's `Sync-Token` header, or a token of GET /changes), with the list's filters and pages as usual. The last page's `Sync-Removed` header names the changed records that are not in the list now (deleted, trashed, no longer readable or no longer matching; possibly never seen by the client), comma-separated. Over 500 changed records, or a token older than the changes kept: 410 `rest_sync_token_expired`; read the list again in full. */
                sync_token?: string;
                /** @description Only the records modified at or after this date (the formats of the date filters; without an offset in the site’s time zone). Categories and tags: changed at or after it by the change log, all of them when it is older than the changes kept. Deletions do not show: use sync_token for them. */
                updated_since?: string;
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong validator of the answer. */
                    ETag: string;
                    /** @description How many records match, over all pages. */
                    "X-TEC-Total": string;
                    /** @description How many pages there are. */
                    "X-TEC-TotalPages": string;
                    /** @description How many records match, over all pages. */
                    "X-WP-Total": string;
                    /** @description How many pages there are. */
                    "X-WP-TotalPages": string;
                    Link?: string;
                    "Sync-Token"?: string;
                    "Sync-Removed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TagList"];
                };
            };
            /** @description `If-None-Match` names the current ETag: no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["SyncTokenExpired"];
            default: components["responses"]["Error"];
        };
    };
    "tags.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event tag name. */
                    name: string;
                    /** @description The event tag description. */
                    description?: string;
                    /** @description The event tag slug (derived from the name if omitted). */
                    slug?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The event tag name. */
                    name: string;
                    /** @description The event tag description. */
                    description?: string;
                    /** @description The event tag slug (derived from the name if omitted). */
                    slug?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    /** @description The address of the new record. */
                    Location: string;
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tag"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["Error"];
        };
    };
    "tags.read": {
        parameters: {
            query?: {
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path: {
                /** @description The event tag ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong validator of the answer. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tag"];
                };
            };
            /** @description `If-None-Match` names the current ETag: no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["Error"];
        };
    };
    "tags.update.put": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The event tag ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The event tag name. */
                    name?: string;
                    /** @description The event tag description. */
                    description?: string;
                    /** @description The event tag slug (derived from the name if omitted). */
                    slug?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The event tag name. */
                    name?: string;
                    /** @description The event tag description. */
                    description?: string;
                    /** @description The event tag slug (derived from the name if omitted). */
                    slug?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tag"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "tags.update.post": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The event tag ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The event tag name. */
                    name?: string;
                    /** @description The event tag description. */
                    description?: string;
                    /** @description The event tag slug (derived from the name if omitted). */
                    slug?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The event tag name. */
                    name?: string;
                    /** @description The event tag description. */
                    description?: string;
                    /** @description The event tag slug (derived from the name if omitted). */
                    slug?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tag"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "tags.delete": {
        parameters: {
            query?: {
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path: {
                /** @description The event tag ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tag"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "tags.update.patch": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The event tag ID. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The event tag name. */
                    name?: string;
                    /** @description The event tag description. */
                    description?: string;
                    /** @description The event tag slug (derived from the name if omitted). */
                    slug?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The event tag name. */
                    name?: string;
                    /** @description The event tag description. */
                    description?: string;
                    /** @description The event tag slug (derived from the name if omitted). */
                    slug?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tag"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "changes.list": {
        parameters: {
            query?: {
                /** @description The sync token of the last change read (a change’s `token` or a `next_token`). */
                since?: string;
                /** @description How many changes at most (default 100, at most 1000). */
                limit?: number;
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong validator of the answer. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Changes"];
                };
            };
            /** @description `If-None-Match` names the current ETag: no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["SyncTokenExpired"];
            default: components["responses"]["Error"];
        };
    };
    "changes.stream": {
        parameters: {
            query?: {
                /** @description The sync token to follow from (a change’s `token`, a `next_token`, an event’s `id`). */
                since?: string;
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["ChangeStream"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["SyncTokenExpired"];
            default: components["responses"]["Error"];
        };
    };
    "webhooks.list": {
        parameters: {
            query?: {
                /** @description The page of results to return. */
                page?: number;
                /** @description How many results per page (at most the configured maximum, 50 by default). */
                per_page?: number;
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong validator of the answer. */
                    ETag: string;
                    /** @description How many records match, over all pages. */
                    "X-TEC-Total": string;
                    /** @description How many pages there are. */
                    "X-TEC-TotalPages": string;
                    /** @description How many records match, over all pages. */
                    "X-WP-Total": string;
                    /** @description How many pages there are. */
                    "X-WP-TotalPages": string;
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            /** @description `If-None-Match` names the current ETag: no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "webhooks.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Where to send the changes: an absolute `https` (or `http`) URL, without a user name or password. */
                    url: string;
                    /** @description The kinds of record whose changes are sent (`event`, `venue`, `organizer`, `category`, `tag`); empty or absent: all. */
                    types?: ("event" | "venue" | "organizer" | "category" | "tag")[];
                    /** @description A note for administrators. */
                    description?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description Where to send the changes: an absolute `https` (or `http`) URL, without a user name or password. */
                    url: string;
                    /** @description The kinds of record whose changes are sent (`event`, `venue`, `organizer`, `category`, `tag`); empty or absent: all. */
                    types?: ("event" | "venue" | "organizer" | "category" | "tag")[];
                    /** @description A note for administrators. */
                    description?: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    /** @description The address of the new record. */
                    Location: string;
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["Error"];
        };
    };
    "webhooks.read": {
        parameters: {
            query?: {
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path: {
                /** @description The webhook’s id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong validator of the answer. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description `If-None-Match` names the current ETag: no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "webhooks.update.put": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook’s id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Where to send the changes: an absolute `https` (or `http`) URL, without a user name or password. */
                    url?: string;
                    /** @description The kinds of record whose changes are sent (`event`, `venue`, `organizer`, `category`, `tag`); empty or absent: all. */
                    types?: ("event" | "venue" | "organizer" | "category" | "tag")[];
                    /** @description A note for administrators. */
                    description?: string;
                    /**
                     * @description `disabled` stops the deliveries; `active` resumes them from where they stopped, tried at once.
                     * @enum {string}
                     */
                    status?: "active" | "disabled";
                    /** @description `true`: a new signing secret, shown in this answer only; the previous one signs too for 24 hours. */
                    rotate_secret?: boolean;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description Where to send the changes: an absolute `https` (or `http`) URL, without a user name or password. */
                    url?: string;
                    /** @description The kinds of record whose changes are sent (`event`, `venue`, `organizer`, `category`, `tag`); empty or absent: all. */
                    types?: ("event" | "venue" | "organizer" | "category" | "tag")[];
                    /** @description A note for administrators. */
                    description?: string;
                    /**
                     * @description `disabled` stops the deliveries; `active` resumes them from where they stopped, tried at once.
                     * @enum {string}
                     */
                    status?: "active" | "disabled";
                    /** @description `true`: a new signing secret, shown in this answer only; the previous one signs too for 24 hours. */
                    rotate_secret?: boolean;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"] | components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "webhooks.update.post": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook’s id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Where to send the changes: an absolute `https` (or `http`) URL, without a user name or password. */
                    url?: string;
                    /** @description The kinds of record whose changes are sent (`event`, `venue`, `organizer`, `category`, `tag`); empty or absent: all. */
                    types?: ("event" | "venue" | "organizer" | "category" | "tag")[];
                    /** @description A note for administrators. */
                    description?: string;
                    /**
                     * @description `disabled` stops the deliveries; `active` resumes them from where they stopped, tried at once.
                     * @enum {string}
                     */
                    status?: "active" | "disabled";
                    /** @description `true`: a new signing secret, shown in this answer only; the previous one signs too for 24 hours. */
                    rotate_secret?: boolean;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description Where to send the changes: an absolute `https` (or `http`) URL, without a user name or password. */
                    url?: string;
                    /** @description The kinds of record whose changes are sent (`event`, `venue`, `organizer`, `category`, `tag`); empty or absent: all. */
                    types?: ("event" | "venue" | "organizer" | "category" | "tag")[];
                    /** @description A note for administrators. */
                    description?: string;
                    /**
                     * @description `disabled` stops the deliveries; `active` resumes them from where they stopped, tried at once.
                     * @enum {string}
                     */
                    status?: "active" | "disabled";
                    /** @description `true`: a new signing secret, shown in this answer only; the previous one signs too for 24 hours. */
                    rotate_secret?: boolean;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"] | components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "webhooks.delete": {
        parameters: {
            query?: {
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path: {
                /** @description The webhook’s id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Always true.
                         * @constant
                         */
                        deleted: true;
                        previous: components["schemas"]["Webhook"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "webhooks.update.patch": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook’s id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Where to send the changes: an absolute `https` (or `http`) URL, without a user name or password. */
                    url?: string;
                    /** @description The kinds of record whose changes are sent (`event`, `venue`, `organizer`, `category`, `tag`); empty or absent: all. */
                    types?: ("event" | "venue" | "organizer" | "category" | "tag")[];
                    /** @description A note for administrators. */
                    description?: string;
                    /**
                     * @description `disabled` stops the deliveries; `active` resumes them from where they stopped, tried at once.
                     * @enum {string}
                     */
                    status?: "active" | "disabled";
                    /** @description `true`: a new signing secret, shown in this answer only; the previous one signs too for 24 hours. */
                    rotate_secret?: boolean;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description Where to send the changes: an absolute `https` (or `http`) URL, without a user name or password. */
                    url?: string;
                    /** @description The kinds of record whose changes are sent (`event`, `venue`, `organizer`, `category`, `tag`); empty or absent: all. */
                    types?: ("event" | "venue" | "organizer" | "category" | "tag")[];
                    /** @description A note for administrators. */
                    description?: string;
                    /**
                     * @description `disabled` stops the deliveries; `active` resumes them from where they stopped, tried at once.
                     * @enum {string}
                     */
                    status?: "active" | "disabled";
                    /** @description `true`: a new signing secret, shown in this answer only; the previous one signs too for 24 hours. */
                    rotate_secret?: boolean;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"] | components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "webhooks.deliveries": {
        parameters: {
            query?: {
                /** @description The page of results to return. */
                page?: number;
                /** @description How many results per page (at most the configured maximum, 50 by default). */
                per_page?: number;
                /** @description Language code of the content to use. */
                multilang_language?: "en" | "de";
            };
            header?: never;
            path: {
                /** @description The webhook’s id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description A strong validator of the answer. */
                    ETag: string;
                    /** @description How many records match, over all pages. */
                    "X-TEC-Total": string;
                    /** @description How many pages there are. */
                    "X-TEC-TotalPages": string;
                    /** @description How many records match, over all pages. */
                    "X-WP-Total": string;
                    /** @description How many pages there are. */
                    "X-WP-TotalPages": string;
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveries"];
                };
            };
            /** @description `If-None-Match` names the current ETag: no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
    "webhooks.replay": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook’s id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The sync token after which to send again (a change’s `token`, a `next_token` of GET /changes, a delivery’s `token` or a webhook’s `position`). */
                    since: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
                "application/x-www-form-urlencoded": {
                    /** @description The sync token after which to send again (a change’s `token`, a `next_token` of GET /changes, a delivery’s `token` or a webhook’s `position`). */
                    since: string;
                    /**
                     * @description Language code of the content to use.
                     * @enum {string}
                     */
                    multilang_language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    "Calendar-Data-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["SyncTokenExpired"];
            412: components["responses"]["PreconditionFailed"];
            default: components["responses"]["Error"];
        };
    };
}
