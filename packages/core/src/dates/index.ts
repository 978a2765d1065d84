/**
 * Dates: PHP-compatible strtotime() and the time-zone helpers the REST resources share.
 * @module
 */
export { formatUtc } from './format.js';
export {
  DOCUMENTED_REJECTIONS,
  type ParsedTime,
  parseStrtotime,
  type StrtotimeOptions,
} from './strtotime.js';
export {
  DATE_FORMAT,
  type DateDetails,
  dateDetails,
  endOfDay,
  isIanaZoneName,
  isValidTimezone,
  localToUnix,
  localToUtc,
  normaliseTimezone,
  resolveZone,
  startOfDay,
  toIsoWithOffset,
  unixToLocal,
  utcToLocal,
  zoneAbbreviation,
} from './zones.js';
