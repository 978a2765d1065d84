import { describe, expect, it } from 'vitest';
import { excerptText, plainText, renderHtml, wpautop } from './html.js';

describe('renderHtml: paragraphs (wpautop)', () => {
  it('wraps plain text in a paragraph', () => {
    expect(renderHtml('Hello')).toBe('<p>Hello</p>');
  });

  it('gives an empty string for empty or blank input', () => {
    expect(renderHtml('')).toBe('');
    expect(renderHtml('  \n\n ')).toBe('');
  });

  it('makes one paragraph per blank-line-separated block and <br /> of single newlines', () => {
    expect(renderHtml('First line\nsecond line\n\nNext paragraph')).toBe(
      '<p>First line<br />\nsecond line</p>\n<p>Next paragraph</p>',
    );
  });

  it('treats Windows line endings and runs of blank lines like single blank lines', () => {
    expect(renderHtml('One\r\n\r\n\r\n\r\nTwo')).toBe('<p>One</p>\n<p>Two</p>');
  });

  it('trims the result', () => {
    expect(renderHtml('\n\n  Hello  \n\n')).toBe('<p>Hello</p>');
  });

  it('does not wrap existing paragraphs again', () => {
    expect(renderHtml('<p>Already wrapped</p>')).toBe('<p>Already wrapped</p>');
    expect(renderHtml('<p>One</p>\n<p>Two</p>')).toBe('<p>One</p>\n<p>Two</p>');
  });

  it('does not wrap block-level elements in paragraphs', () => {
    expect(renderHtml('<ul>\n<li>One</li>\n<li>Two</li>\n</ul>')).toBe(
      '<ul>\n<li>One</li>\n<li>Two</li>\n</ul>',
    );
    expect(renderHtml('<h2>Title</h2>\nText below')).toBe('<h2>Title</h2>\n<p>Text below</p>');
  });

  it('wraps inline HTML like text', () => {
    expect(renderHtml('<strong>Bold</strong> and <em>more</em>')).toBe(
      '<p><strong>Bold</strong> and <em>more</em></p>',
    );
  });

  it('handles text mixed with block-level HTML', () => {
    expect(renderHtml('Intro text\n<blockquote>Quoted</blockquote>\nOutro')).toBe(
      '<p>Intro text</p>\n<blockquote><p>Quoted</p></blockquote>\n<p>Outro</p>',
    );
  });

  it('turns two <br>s into a paragraph break', () => {
    expect(renderHtml('One<br><br>Two')).toBe('<p>One</p>\n<p>Two</p>');
  });

  it('leaves line breaks inside <pre> alone', () => {
    expect(renderHtml('Code:\n\n<pre>line 1\n\nline 2</pre>')).toBe(
      '<p>Code:</p>\n<pre>line 1\n\nline 2</pre>',
    );
  });

  it('keeps newlines inside a tag out of the paragraph logic', () => {
    expect(renderHtml('<a href="https://example.com"\n\ntitle="t">link</a>')).toBe(
      '<p><a href="https://example.com" title="t">link</a></p>',
    );
  });

  it('escapes text that looks like markup but is not', () => {
    expect(renderHtml('1 < 2 & 3 > 2')).toBe('<p>1 &lt; 2 &amp; 3 &gt; 2</p>');
  });

  it('leaves no empty paragraph where removed markup stood', () => {
    expect(renderHtml('Hello\n\n<script>alert(1)</script>\n\nWorld')).toBe('<p>Hello</p>\n<p>World</p>');
    expect(renderHtml('<script>alert(1)</script>')).toBe('');
  });

  it('is what WordPress gives for a typical description', () => {
    expect(wpautop('Hello\nWorld')).toBe('<p>Hello<br />\nWorld</p>\n');
  });
});

describe('renderHtml: sanitizing', () => {
  const attacks = [
    '<script>alert(1)</script>',
    '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
    '<img src=x onerror=alert(1)>',
    '<a href="javascript:alert(1)">click</a>',
    '<a href="JaVaScRiPt:alert(1)">click</a>',
    '<a href="jav&#x09;ascript:alert(1)">click</a>',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>',
    '<a href=" javascript:alert(1)">click</a>',
    '<svg onload=alert(1)><circle r="1"/></svg>',
    '<svg><script>alert(1)</script></svg>',
    '<iframe src="https://evil.example"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<object data="javascript:alert(1)"></object>',
    '<embed src="javascript:alert(1)">',
    '<style>body{display:none}</style>',
    '<p style="background:url(javascript:alert(1))">styled</p>',
    '<div onclick="alert(1)">click</div>',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    '<form action="javascript:alert(1)"><button>go</button></form>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '<body onload=alert(1)>',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<base href="javascript:alert(1)//">',
    '<xmp><img src=x onerror=alert(1)></xmp>',
    '"><script>alert(1)</script>',
    '<<script>script>alert(1)<</script>/script>',
  ];

  it.each(attacks)('leaves nothing executable of %s', (attack) => {
    const rendered = renderHtml(`Text before\n\n${attack}\n\nText after`);
    expect(rendered).not.toMatch(/<script/i);
    expect(rendered).not.toMatch(/<(iframe|svg|object|embed|style|form|math|meta|base|body|xmp)\b/i);
    expect(rendered).not.toMatch(/\son\w+\s*=/i);
    expect(rendered).not.toMatch(/style\s*=/i);
    expect(rendered).not.toMatch(/(href|src|action|data)\s*=\s*["']?\s*(javascript|data):/i);
    // Text after an unclosed raw-text element (`<style>`) is lost with it, so only the text before is sure.
    expect(rendered).toContain('<p>Text before</p>');
  });

  it('keeps a harmless image without its event handler', () => {
    expect(renderHtml('<img src="https://example.com/a.png" alt="A" onerror="alert(1)">')).toBe(
      '<p><img src="https://example.com/a.png" alt="A" /></p>',
    );
  });

  it('keeps the link text of a javascript: link but drops the address', () => {
    expect(renderHtml('<a href="javascript:alert(1)">click</a>')).toBe('<p><a>click</a></p>');
  });

  it('keeps http, https, mailto and relative links', () => {
    const html =
      '<a href="https://example.com/">a</a> <a href="http://example.com/">b</a> ' +
      '<a href="mailto:info@example.com">c</a> <a href="/event/x/">d</a>';
    expect(renderHtml(html)).toBe(`<p>${html}</p>`);
  });

  it('drops other schemes', () => {
    expect(renderHtml('<a href="ftp://example.com/">a</a>')).toBe('<p><a>a</a></p>');
    expect(renderHtml('<a href="tel:+49123">a</a>')).toBe('<p><a>a</a></p>');
  });

  it('adds noopener to links that open a new window', () => {
    expect(renderHtml('<a href="https://example.com/" target="_blank">a</a>')).toBe(
      '<p><a href="https://example.com/" target="_blank" rel="noopener noreferrer">a</a></p>',
    );
    expect(renderHtml('<a href="https://example.com/" target="_blank" rel="nofollow">a</a>')).toBe(
      '<p><a href="https://example.com/" target="_blank" rel="nofollow noopener noreferrer">a</a></p>',
    );
  });

  it('drops unknown target values', () => {
    expect(renderHtml('<a href="/" target="evil">a</a>')).toBe('<p><a href="/">a</a></p>');
  });

  it('drops style and class attributes but keeps the element', () => {
    expect(renderHtml('<span class="x" style="color:red">red</span>')).toBe('<p><span>red</span></p>');
  });

  it('keeps the text of disallowed non-script elements', () => {
    expect(renderHtml('<marquee>Moving</marquee>')).toBe('<p>Moving</p>');
  });

  it('keeps allowed structure', () => {
    // wpautop puts every block-level tag on its own line, as WordPress does.
    const table =
      '<table><thead><tr><th colspan="2">Head</th></tr></thead><tbody><tr><td>a</td></tr></tbody></table>';
    expect(renderHtml(table)).toBe(table.replace(/></g, '>\n<'));
    expect(
      renderHtml(
        '<figure><img src="https://example.com/a.png" alt="" /><figcaption>Cap</figcaption></figure>',
      ),
    ).toBe('<figure><img src="https://example.com/a.png" alt="" /><figcaption>Cap</figcaption></figure>');
  });

  it('leaves no empty paragraph where wpautop split an inline element around a block', () => {
    expect(renderHtml('<span>a\n\n<div>b</div></span>')).toBe('<p><span>a</span></p>\n<div>b</div>');
  });

  it('closes unclosed tags', () => {
    expect(renderHtml('<strong>bold')).toBe('<p><strong>bold</strong></p>');
  });
});

describe('plainText', () => {
  it('strips tags and collapses whitespace', () => {
    expect(plainText('  <strong>Big</strong>\n\n  <em>Party</em>  ')).toBe('Big Party');
  });

  it('separates blocks with a space', () => {
    expect(plainText('<p>One</p><p>Two</p><ul><li>a</li><li>b</li></ul>Three<br>Four')).toBe(
      'One Two a b Three Four',
    );
  });

  it('does not separate inline elements', () => {
    expect(plainText('Hel<strong>lo</strong>')).toBe('Hello');
  });

  it('decodes entities', () => {
    expect(
      plainText('Tom &amp; Jerry&#8217;s &lt;show&gt; &quot;live&quot; &eacute;t&eacute; &#x1F600;'),
    ).toBe('Tom & Jerry’s <show> "live" été 😀');
  });

  it('decodes an escaped entity only once', () => {
    expect(plainText('&amp;lt;')).toBe('&lt;');
  });

  it('drops the content of script and style', () => {
    expect(plainText('Hi<script>alert(1)</script><style>p{}</style> there')).toBe('Hi there');
  });

  it('gives an empty string for empty input', () => {
    expect(plainText('')).toBe('');
    expect(plainText('<p> </p>')).toBe('');
  });
});

describe('excerptText: the JSON-LD summary of an event', () => {
  it('is the excerpt when there is one, as plain text', () => {
    expect(excerptText('<p>Live jazz &amp; more</p>', '<p>A long description</p>')).toBe('Live jazz & more');
  });

  it('is the whole description, as plain text, when it has at most 55 words', () => {
    expect(excerptText('', '<p>Live jazz with the <strong>Quartet</strong>.</p>')).toBe(
      'Live jazz with the Quartet.',
    );
    const words = Array.from({ length: 55 }, (_, i) => `w${i}`);
    expect(excerptText('', words.join('\n'))).toBe(words.join(' '));
  });

  it('cuts a longer description after 55 words with " […]", as wp_trim_words', () => {
    const words = Array.from({ length: 56 }, (_, i) => `w${i}`);
    expect(excerptText('', `<p>${words.join(' ')}</p>`)).toBe(`${words.slice(0, 55).join(' ')} […]`);
  });

  it('is empty without excerpt and description', () => {
    expect(excerptText('', '')).toBe('');
  });
});
