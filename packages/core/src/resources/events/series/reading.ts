/**
 * The door of the series room for code that reads events: the lists and their filters, the serializers, the
 * search index, and the counts and filters of terms and linked posts. An occurrence that follows its series
 * reads the series' texts, search rows, terms and organizers (`ownerOfRows`, `ownedBy`); the lists leave out
 * what `hide_from_listings` hides; an event answers its series and original start (`loadRecurrenceInfo`).
 *
 * It is the room's lower door: nothing behind it writes a series, so the terms, whose tallies a series' writes
 * move, import it without reaching back to themselves. Everything else goes through `index.ts`.
 */
export { loadEventTexts, ownedBy, ownerOfRows } from './follows.js';
export { hiddenByEditor } from './listing-flags.js';
export { loadRecurrenceInfo, type OccurrenceInfo, type RecurrenceInfo } from './repository.js';
