/** `YYYY-MM-DD HH:MM:SS` of an instant, in UTC: the storage and output format of every date. */
export function formatUtc(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}
