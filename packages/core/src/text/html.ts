/**
 * Rendering of the HTML fields (`description`, `excerpt`) and plain text for titles and JSON-LD (SPEC §10,
 * ref §12 item 14).
 *
 * The plugin returns these fields through WordPress's `the_content`/`the_excerpt`, whose visible effect for API
 * clients is `wpautop` paragraph wrapping; the plugin's tests assert `<p>…</p>`. We store what the client sent
 * and render on every read:
 *
 *   sanitize (allow-list) → wpautop → sanitize again
 *
 * The first pass removes scripts and other disallowed markup together with their line breaks, so they leave
 * no empty paragraphs, and gives wpautop well-formed, quoted markup to work on. The last pass is the safety
 * net: whatever wpautop's regular expressions make of hostile input, nothing leaves this module unsanitized.
 * Shortcodes, oEmbeds and wptexturize's curly quotes are WordPress features we do not copy.
 */

import sanitizeHtml from 'sanitize-html';
import { memoize } from '../support/memo.js';

const ALLOWED_TAGS = [
  'p',
  'br',
  'a',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'code',
  'pre',
  'img',
  'span',
  'div',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'hr',
  'figure',
  'figcaption',
];

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  // No `style`, `class` or `on*` anywhere: only what each tag needs to mean what it says.
  allowedAttributes: {
    a: [
      'href',
      'title',
      { name: 'target', multiple: false, values: ['_blank', '_self', '_parent', '_top'] },
      'rel',
    ],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
    ol: ['start', 'reversed'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  // An image from a mail address means nothing; `data:` and `javascript:` are excluded everywhere.
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  disallowedTagsMode: 'discard',
  transformTags: { a: protectNewWindowLinks },
};

/**
 * A link that opens a new window gets `rel="noopener noreferrer"`, so the opened page cannot script its
 * opener (reverse tabnabbing).
 */
function protectNewWindowLinks(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  if (attribs.target !== '_blank') return { tagName, attribs };
  const rel = new Set((attribs.rel ?? '').split(/\s+/).filter((token) => token !== ''));
  rel.add('noopener');
  rel.add('noreferrer');
  return { tagName, attribs: { ...attribs, rel: [...rel].join(' ') } };
}

/**
 * The stored value of an HTML field as a response shows it: sanitized with the allow-list and wrapped in
 * paragraphs like WordPress's wpautop (blank-line-separated blocks become `<p>…</p>`, single line breaks
 * `<br />\n`, block-level HTML is not wrapped again). Trimmed; '' for empty input.
 */
export const renderHtml: (stored: string) => string = memoize(renderHtmlNow);

function renderHtmlNow(stored: string): string {
  const clean = sanitizeHtml(stored, SANITIZE_OPTIONS).trim();
  if (clean === '') return '';
  // On oddly nested input wpautop can leave a stray `</p>`, as in WordPress; the parser reads it as an empty
  // paragraph, which has nothing to show.
  return sanitizeHtml(wpautop(clean), SANITIZE_OPTIONS)
    .replace(/<p>\s*<\/p>/g, '')
    .trim();
}

/** Block-level elements whose tags end a line of text, so their text does not run together. */
const TEXT_BREAKING_TAG = new RegExp(
  `<(/?)(${['br', 'hr', 'p', 'div', 'li', 'dd', 'dt', 'tr', 'td', 'th', 'caption', 'blockquote', 'pre', 'ul', 'ol', 'dl', 'table', 'thead', 'tbody', 'tfoot', 'figure', 'figcaption', 'h[1-6]', 'section', 'article', 'header', 'footer', 'address'].join('|')})(?=[\\s/>])`,
  'gi',
);

/**
 * Plain text for titles and JSON-LD: tags removed (with the content of `script`, `style` and the like),
 * entities decoded, whitespace collapsed to single spaces, trimmed. Block-level tags count as a space, so
 * `<p>a</p><p>b</p>` gives `a b`.
 */
export const plainText: (html: string) => string = memoize(plainTextNow);

function plainTextNow(html: string): string {
  // sanitize-html decodes every entity while parsing and, with no tags allowed, re-escapes exactly
  // `&`, `<` and `>` in the text; undoing those three gives the decoded text.
  const separatedBlocks = html.replace(TEXT_BREAKING_TAG, ' <$1$2');
  const escapedText = sanitizeHtml(separatedBlocks, { allowedTags: [], allowedAttributes: {} });
  return escapedText
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

// ---------------------------------------------------------------------------------------------------------
// wpautop, ported from WordPress `wp-includes/formatting.php` (the `$br = true` path). The input is already
// sanitized, so the parts about `<option>`, `<object>`, `<source>`, `<script>`, `<style>`, `<svg>` and
// comments have nothing to do and are left out. Checked against the PHP original on the inputs of html.test.ts.
// ---------------------------------------------------------------------------------------------------------

const ALL_BLOCKS =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|math|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)';

/** Placeholder for a newline inside a tag; private-use characters are removed from the input first. */
const TAG_NEWLINE = '\uE000';
const PRE_PLACEHOLDER = (index: number) => `<pre wp-pre-tag-${index}></pre>`;

/** WordPress's `wpautop`: double line breaks become paragraphs, single ones `<br />`. */
export function wpautop(input: string): string {
  if (input.trim() === '') return '';
  let text = `${input.replace(/[\uE000]/g, '')}\n`;

  // <pre> content is kept as is; it comes back after the paragraphs are built.
  const preBlocks: string[] = [];
  text = text.replace(/<pre[\s>][\s\S]*?<\/pre>/gi, (block) => {
    preBlocks.push(block);
    return PRE_PLACEHOLDER(preBlocks.length - 1);
  });

  // Two <br>s in a row mean a paragraph break.
  text = text.replace(/<br\s*\/?>\s*<br\s*\/?>/g, '\n\n');
  // Blank lines around block-level tags, so each block stands in its own paragraph slot.
  text = text.replace(new RegExp(`(<${ALL_BLOCKS}[\\s/>])`, 'g'), '\n\n$1');
  text = text.replace(new RegExp(`(</${ALL_BLOCKS}>)`, 'g'), '$1\n\n');
  text = text.replace(/(<hr\s*?\/?>)/g, '$1\n\n');
  text = text.replace(/\r\n|\r/g, '\n');
  // A newline inside a tag (between attributes) must not become a paragraph or a <br />.
  text = text.replace(/<[^>]*>/g, (tag) => tag.replace(/\n/g, TAG_NEWLINE));
  // A caption stays in its figure's paragraph slot.
  text = text.replace(/\s*(<figcaption[^>]*>)/g, '$1');
  text = text.replace(/<\/figcaption>\s*/g, '</figcaption>');
  text = text.replace(/\n\n+/g, '\n\n');

  const paragraphs = text.split(/\n\s*\n/).filter((paragraph) => paragraph !== '');
  text = paragraphs.map((paragraph) => `<p>${trimNewlines(paragraph)}</p>\n`).join('');

  text = text.replace(/<p>\s*<\/p>/g, '');
  text = text.replace(/<p>([^<]+)<\/(div|address|form)>/g, '<p>$1</p></$2>');
  // A paragraph that holds only a block tag is no paragraph.
  text = text.replace(new RegExp(`<p>\\s*(</?${ALL_BLOCKS}[^>]*>)\\s*</p>`, 'g'), '$1');
  text = text.replace(/<p>(<li.+?)<\/p>/g, '$1');
  text = text.replace(/<p><blockquote([^>]*)>/gi, '<blockquote$1><p>');
  text = text.replace(/<\/blockquote><\/p>/g, '</p></blockquote>');
  text = text.replace(new RegExp(`<p>\\s*(</?${ALL_BLOCKS}[^>]*>)`, 'g'), '$1');
  text = text.replace(new RegExp(`(</?${ALL_BLOCKS}[^>]*>)\\s*</p>`, 'g'), '$1');

  // Remaining single newlines become line breaks.
  text = text.replace(/<br>|<br\/>/g, '<br />');
  text = text.replace(/(?<!<br \/>)\s*\n/g, '<br />\n');
  text = text.replace(new RegExp(`(</?${ALL_BLOCKS}[^>]*>)\\s*<br />`, 'g'), '$1');
  text = text.replace(/<br \/>(\s*<\/?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)/g, '$1');
  text = text.replace(/\n<\/p>$/, '</p>');

  text = text.replace(/<pre wp-pre-tag-(\d+)><\/pre>/g, (placeholder, index: string) => {
    return preBlocks[Number(index)] ?? placeholder;
  });
  return text.replace(new RegExp(TAG_NEWLINE, 'g'), '\n');
}

function trimNewlines(text: string): string {
  return text.replace(/^\n+|\n+$/g, '');
}

/**
 * A title or name as the API returns it: plain text (tags removed, entities decoded) with `<` and `>` kept
 * encoded, so that no client rendering it as HTML ever sees markup, whoever wrote it.
 */
export function plainTitle(text: string): string {
  return plainText(text).replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The plugin's excerpt length in words (WordPress's `excerpt_length`) and its "more" mark, `' [&hellip;]'`. */
const EXCERPT_WORDS = 55;
const EXCERPT_MORE = ' […]';

/**
 * An event's summary as the plugin builds it for JSON-LD (`tribe_events_get_the_excerpt`), as plain text: the
 * excerpt when the event has one, else the description's first 55 words (WordPress's `wp_trim_words`, which
 * adds " […]" when it cut).
 */
export function excerptText(excerptHtml: string, descriptionHtml: string): string {
  const excerpt = plainText(excerptHtml);
  if (excerptHtml.trim() !== '') return excerpt;
  const words = plainText(descriptionHtml)
    .split(' ')
    .filter((word) => word !== '');
  return words.length > EXCERPT_WORDS
    ? `${words.slice(0, EXCERPT_WORDS).join(' ')}${EXCERPT_MORE}`
    : words.join(' ');
}
