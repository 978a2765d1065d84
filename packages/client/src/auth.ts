/** The `Authorization` header of the service's two credentials: an API key as Bearer, or Basic `<login>:<key>`. */

export type CalendarAuth = { bearer: string } | { basic: { user: string; password: string } };

/** Base64 of UTF-8 text: `btoa` alone takes Latin-1 only, and a password may hold any character. */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function authorizationHeader(auth: CalendarAuth): string {
  if ('bearer' in auth) return `Bearer ${auth.bearer}`;
  return `Basic ${base64(`${auth.basic.user}:${auth.basic.password}`)}`;
}
