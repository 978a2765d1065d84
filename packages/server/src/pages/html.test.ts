import { describe, expect, it } from 'vitest';
import { escapeHtml, Html, html, plainText, scriptJson } from './html.js';

describe('page escaping', () => {
  it('escapes every interpolation that is not Html already, in content and attributes alike', () => {
    const hostile = `"><script>alert('x')</script>&`;
    expect(html`<a title="${hostile}">${hostile}</a>`.text).toBe(
      '<a title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;">&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;</a>',
    );
    expect(
      html`<p>${new Html('<b>kept</b>')}${undefined}${false}${null}${[html`<i>${'<'}</i>`, 2]}</p>`.text,
    ).toBe('<p><b>kept</b><i>&lt;</i>2</p>');
    expect(escapeHtml('a & b')).toBe('a &amp; b');
  });

  it('writes JSON that cannot end its script element and parses back to the same value', () => {
    const value = { name: '</script><script>alert(1)</script> <!-- & \u2028\u2029', list: [1, '>'] };
    const text = scriptJson(value).text;
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it("turns the API's HTML titles and excerpts into text", () => {
    expect(plainText('<p>Rock &amp; Roll&nbsp;&#8211; <em>live</em></p>\n')).toBe('Rock & Roll – live');
    expect(plainText('&lt;/script&gt;')).toBe('</script>');
  });
});
