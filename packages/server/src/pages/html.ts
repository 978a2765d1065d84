/**
 * HTML and JSON-in-HTML escaping for the pages: every text from the API goes through `html` (element content
 * and attribute values alike), and JSON-LD through `scriptJson`, which cannot end its `<script>` element.
 */

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A tagged template whose interpolations are escaped, unless they are `Html` already. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Part = string | number | Html | undefined | null | false | readonly Part[];

function partText(part: Part): string {
  if (part === undefined || part === null || part === false) return '';
  if (part instanceof Html) return part.text;
  if (Array.isArray(part)) return part.map(partText).join('');
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
  return new Html(
    strings.reduce(
      (out, string, index) => out + string + (index < parts.length ? partText(parts[index]!) : ''),
      '',
    ),
  );
}

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` as `\u003c`…, so no `</script>` or
 * `<!--` can appear in it, and U+2028/2029 escaped for old parsers. JSON.parse reads it back unchanged.
 */
export function scriptJson(value: unknown): Html {
  return new Html(
    JSON.stringify(value)
      .replaceAll('<', '\\u003c')
      .replaceAll('>', '\\u003e')
      .replaceAll('&', '\\u0026')
      .replaceAll('\u2028', '\\u2028')
      .replaceAll('\u2029', '\\u2029'),
  );
}

/** Text of the API's sanitized HTML fields (title, excerpt) for places that take text only (titles, meta). */
export function plainText(markup: string): string {
  return markup
    .replace(/<[^>]*>/g, '')
    .replaceAll('&nbsp;', ' ')
    .replaceAll('&amp;', '&')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/\s+/g, ' ')
    .trim();
}
