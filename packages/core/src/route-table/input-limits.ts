/**
 * What one request may send, so that hostile input gets a 400 that names the limit instead of a stack
 * overflow, a database error or a blocked service. The limits are far above
 * what a client of the plugin's API sends; /doc shows them where a schema can (`maxItems`, `maxLength`).
 */
export const INPUT_LIMITS = {
  /**
   * Levels of nesting in a parameter: brackets in a query or form key (`a[b][c]` has 2), objects and lists
   * inside a JSON body's parameter (`{"a": {"b": [1]}}` has 2). The deepest input the API reads is an
   * organizer inside an event write's list (`organizer[0][organizer]`, 2 levels).
   */
  nestingDepth: 10,
  /**
   * Items in one list parameter (`include`, `exclude`, `categories`, `tags`, `venue`, `organizer`,
   * `status`, …). SQLite binds at most 32,766 values to a statement and PostgreSQL 65,535.
   */
  listItems: 1000,
  /**
   * Fragments of a venue or organizer search text (each one is a condition on every searched field; a few
   * hundred overflow SQLite's expression depth).
   */
  searchWords: 32,
  /** Characters of a search text (events, venues, organizers, categories, tags). */
  searchLength: 1000,
  /**
   * Categories, and tags, one event write may name (each new name is a term created inside the write's
   * transaction, which holds SQLite's only writer and PostgreSQL's term rows meanwhile).
   */
  termsPerWrite: 100,
  /**
   * Characters of one text parameter (a title, a description, a term's name, …): the default body limit, so
   * that a field the API refuses over HTTP is refused the same from an iCalendar file or the CLI.
   */
  textLength: 1024 * 1024,
  /**
   * Characters of an iCalendar file (`POST /events/import`, `import ics`): the whole file is read, checked
   * and held while its events are written.
   */
  calendarLength: 16 * 1024 * 1024,
  /**
   * Characters of one unfolded iCalendar content line: a text field at its limit with every character
   * escaped (RFC 5545 §3.3.11 writes `,` `;` `\\` and line breaks as two characters). Checked while the
   * lines are read, so that a longer one is never built.
   */
  calendarLineLength: 2 * 1024 * 1024 + 1024,
} as const;

/**
 * Key segments that would reach an object's prototype if written as a property (`a.__proto__.x = …`,
 * `a.constructor.prototype.x = …`). The parser refuses them (400) instead of dropping them silently, so that
 * a client learns its request was not read as sent.
 */
export const FORBIDDEN_KEY_SEGMENTS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
