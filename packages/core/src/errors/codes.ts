/**
 * Every error code the service answers with, its usual status and its message (the plugin's own codes with the
 * plugin's messages, ref §4.2; WordPress's `rest_*` codes with WordPress's). A code outside this table does not
 * compile (`ErrorCode`); /doc lists these codes. A message with `%d` takes the record id (`apiError(code, { id })`);
 * messages that name the request's own values are given where the error is built (`apiError(code, { message })`).
 * Imports nothing, so that `ApiError` and the catalog's builders can both read it.
 */
export const ERRORS = {
  // WordPress's REST server and the request pipeline.
  rest_no_route: [404, 'No route was found matching the URL and request method.'],
  rest_forbidden: [403, 'Sorry, you are not allowed to do that.'],
  rest_forbidden_context: [403, 'Sorry, you are not allowed to view terms for this post.'],
  rest_invalid_param: [400, 'Invalid parameter(s).'],
  rest_missing_callback_param: [400, 'Missing parameter(s).'],
  rest_invalid_json: [400, 'Invalid JSON body passed.'],
  rest_invalid_body: [400, 'The request body could not be read.'],
  rest_unsupported_media_type: [415, 'Unsupported content type.'],
  rest_request_too_large: [413, 'The request body is too large.'],
  rest_request_aborted: [400, 'The request body ended before it was complete.'],
  rest_request_timeout: [408, 'The request was not received in time.'],
  rest_request_header_too_large: [431, 'The request header section is too large.'],
  rest_bad_request: [400, 'The request is not valid HTTP.'],
  rest_precondition_failed: [
    412,
    'The resource has changed since you read it (If-Match does not match its current ETag).',
  ],
  rest_too_many_requests: [429, 'Too many requests.'],
  rest_invalid_credentials: [401, 'The API key is invalid or has been revoked.'],
  rest_database_unavailable: [503, 'The database is not available right now; please retry shortly.'],
  rest_database_timeout: [
    503,
    'The database did not finish this request in the time it allows; please retry shortly, or ask for less.',
  ],
  rest_internal_error: [500, 'The service could not complete the request.'],
  // The change log (GET /changes).
  rest_sync_token_expired: [
    410,
    'The sync token is older than the changes this service keeps. Read the records again, then follow the changes from data.next_token.',
  ],
  rest_too_many_streams: [
    503,
    'This service holds as many live streams as it allows; please retry shortly, or follow GET /changes.',
  ],
  // The widget feed (GET /events/calendar): a range holding more events than one answer gives.
  rest_calendar_too_many_events: [
    400,
    'The range holds more events than one answer gives; ask for a shorter range or filter it.',
  ],
  // Webhooks (WordPress's wording for an unknown id, as `rest_post_invalid_id`).
  rest_webhook_invalid_id: [404, 'Invalid webhook ID.'],
  // Terms (WordPress's taxonomy API).
  rest_taxonomy_not_hierarchical: [400, 'Cannot set parent term, taxonomy is not hierarchical.'],
  term_exists: [400, 'A term with the name provided already exists with this parent.'],
  duplicate_term_slug: [400, 'The slug is already in use by another term.'],
  // The plugin's own (ref §4.2).
  'rest-event-not-found': [404, 'Event with ID %d does not exist.'],
  'rest-invalid-event-id': [400, 'The specified ID is not a valid event.'],
  'event-no-longer-available': [403, 'This event is no longer available'],
  'event-not-accessible': [403, 'The requested event is not accessible'],
  'event-password-protected': [403, 'The requested event is not accessible without a password'],
  'event-is-in-trash': [410, 'The event is already trashed'],
  'could-not-delete-event': [500, 'The event could not be deleted'],
  'could-not-update-event': [403, 'The event could not be updated'],
  'event-archive-page-not-found': [404, 'The requested event archive page does not exist'],
  'venue-not-accessible': [403, 'The requested venue is not accessible'],
  'organizer-not-accessible': [403, 'The requested organizer is not accessible'],
  'venue-is-in-trash': [410, 'The venue is already trashed'],
  'organizer-is-in-trash': [410, 'The organizer is already trashed'],
  'could-not-create-venue': [400, 'The venue could not be created from the provided data'],
  'could-not-create-organizer': [400, 'The organizer could not be created from the provided data'],
  'could-not-update-venue': [400, 'The venue could not be updated'],
  'could-not-update-organizer': [400, 'The organizer could not be updated'],
  'invalid-linked-post-id': [400, 'The provided linked post ID is not valid'],
  'venue-archive-page-not-found': [404, 'The requested venue archive page does not exist'],
  'organizer-archive-page-not-found': [404, 'The requested organizer archive page does not exist'],
  'event-tickets-not-active': [400, 'Event Tickets plugin is not activated.'],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorCode = keyof typeof ERRORS;

/** The plugin's own codes (ref §4.2): those with a hyphen, as the plugin writes them. */
export type PluginErrorCode = Extract<ErrorCode, `${string}-${string}`>;
