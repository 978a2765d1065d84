/**
 * sanitize-html is pinned to 2.17.5, the newest release whose engines include Node 20 (2.17.6 and later declare
 * Node >= 22.12). The advisories fixed after 2.17.5 each need a tag, attribute or option that these sanitizer
 * configurations never allow: GHSA-jxwj-j7wr-gfrw (allowed textarea/xmp), GHSA-374f-7chj-9948 (allowed SVG
 * animation), GHSA-cv27-6wvh-8x7j (allowed meta refresh), GHSA-x3q4-9hxx-gx8m (noscript among nonTextTags),
 * URI-bearing attributes other than href/src/cite, and GHSA-c9rx-x947-fp3h (iframe fallback re-sanitizing,
 * code that 2.17.5 does not have). These tests pin the answers to those advisories' kinds of input, so a wider
 * configuration or another sanitize-html version that lets one through fails here.
 */
import { describe, expect, it } from 'vitest';
import { termDescription } from '../resources/terms/serialize.js';
import { renderHtml } from './html.js';

const cases: { advisory: string; input: string; html: string; term: string }[] = [
  {
    advisory: 'GHSA-jxwj-j7wr-gfrw: textarea mis-close',
    input: '<textarea></textarea/><img src=x onerror=alert(1)></textarea>',
    html: '',
    term: '',
  },
  {
    advisory: 'CVE-2026-44990: xmp raw text',
    input: '<xmp><img src=x onerror=alert(1)></xmp>',
    html: '',
    term: '',
  },
  {
    advisory: 'GHSA-374f-7chj-9948: SVG animation of a link',
    input: '<svg><a><animate attributeName="href" values="#x;javascript:alert(1)"/><text>x</text></a></svg>',
    html: '<p><a>x</a></p>',
    term: '<a>x</a>',
  },
  {
    advisory: 'GHSA-374f-7chj-9948: prefixed SVG animation',
    input: '<svg:animate attributeName="href" to="javascript:alert(1)"/>',
    html: '',
    term: '',
  },
  {
    advisory: 'GHSA-cv27-6wvh-8x7j: meta refresh',
    input: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    html: '',
    term: '',
  },
  {
    advisory: 'GHSA-x3q4-9hxx-gx8m: noscript raw text (the markup stays an escaped attribute value)',
    input: '<noscript><a title="</noscript><img src=x onerror=alert(1)>">x</a></noscript>',
    html: '<p><a title="&lt;/noscript&gt;&lt;img src=x onerror=alert(1)&gt;">x</a></p>',
    term: '<a title="&lt;/noscript&gt;&lt;img src=x onerror=alert(1)&gt;">x</a>',
  },
  {
    advisory: 'URI-bearing attributes beyond href/src/cite',
    input:
      '<a xlink:href="javascript:alert(1)">x</a><form action="javascript:alert(1)"><button formaction="javascript:alert(1)">b</button></form><video poster="javascript:alert(1)"></video>',
    html: '<p><a>x</a>b</p>',
    term: '<a>x</a>b',
  },
  {
    advisory: 'scheme checks on href, src and cite',
    input:
      '<a href="jav&#x09;ascript:alert(1)">x</a><img src="javascript:alert(1)"><blockquote cite="javascript:alert(1)">q</blockquote>',
    html: '<p><a>x</a><img /></p>\n<blockquote><p>q</p></blockquote>',
    term: '<a>x</a><blockquote>q</blockquote>',
  },
];

describe('the pinned sanitize-html answers the inputs of the advisories fixed after it', () => {
  for (const { advisory, input, html, term } of cases) {
    it(advisory, () => {
      expect(renderHtml(input)).toBe(html);
      expect(termDescription(input)).toBe(term);
    });
  }

  it('GHSA-c9rx-x947-fp3h: 20,000 nested iframes are discarded in linear time', () => {
    const started = performance.now();
    expect(renderHtml(`${'<iframe>'.repeat(20_000)}x`)).toBe('<p>x</p>');
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
