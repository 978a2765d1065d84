/**
 * The door of the series room (README.md: how a series is stored and kept): what events' writes and deletes,
 * the feeds, the .ics import and the wiring need of recurring events. Code that only reads events (lists,
 * serializers, terms, linked posts) uses `reading.ts`, the lower door, which this one includes.
 */

export { firstInstanceAt, firstInstanceRow } from './first.js';
export { ownRows } from './follows.js';
export {
  createHorizonKeeper,
  type HorizonKeeper,
  type HorizonKeeperOptions,
  type HorizonRound,
} from './horizon-keeper.js';
export * from './reading.js';
export {
  occurrenceOf,
  occurrencesPerTerm,
  reconcileSeries,
  setRecurrence,
  type WrittenSeries,
} from './reconcile.js';
export { findOccurrence } from './repository.js';
export { checkRecurrence, moveExdatesWithStart, seriesLines } from './rule.js';
export {
  deleteOccurrences,
  excludeOccurrence,
  exdateLine,
  includeOccurrence,
  trashOccurrences,
} from './trash.js';
