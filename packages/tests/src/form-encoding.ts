/**
 * Encodes parameters the way PHP's `http_build_query` does, which is what clients of the original plugin send
 * (SPEC §3): nested objects and lists in brackets (`venue[city]=Berlin`, `organizer[0][organizer]=A`), booleans
 * as `1`/`0`, `null` and `undefined` left out. Empty lists send nothing, as in PHP; to clear a list, send `''`.
 */
export function encodePhpForm(data: Record<string, unknown>): string {
  const params = new URLSearchParams();
  const add = (key: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) add(`${key}[${index}]`, item);
    } else if (value instanceof Date) {
      params.append(key, value.toISOString());
    } else if (typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) add(`${key}[${name}]`, item);
    } else if (typeof value === 'boolean') {
      params.append(key, value ? '1' : '0');
    } else {
      params.append(key, String(value));
    }
  };
  for (const [key, value] of Object.entries(data)) add(key, value);
  return params.toString();
}
