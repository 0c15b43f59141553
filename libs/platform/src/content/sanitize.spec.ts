import sanitizeHtml from 'sanitize-html';
import { sanitizeContent } from './sanitize';
import { XSS_PAYLOADS } from './xss-payloads';

const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'hr',
  'div',
  'span',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'ins',
  'sub',
  'sup',
  'mark',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'figure',
  'figcaption',
  'hide',
  'player',
]);

interface ParsedTag {
  tag: string;
  attribs: Record<string, string>;
}

/** Every element of `html` as an HTML parser (htmlparser2, the one inside sanitize-html) sees it, nothing removed. */
function elementsOf(html: string): ParsedTag[] {
  const found: ParsedTag[] = [];
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: {
      '*': (tagName, attribs) => {
        found.push({ tag: tagName, attribs });
        return { tagName, attribs };
      },
    },
  });
  return found;
}

const DANGEROUS_URL = /^\s*(javascript|vbscript|data|file):/i;

describe('content sanitizer', () => {
  it('has at least 50 known payloads to check', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(XSS_PAYLOADS.map((payload, i) => [i, payload]))('payload %i leaves only safe HTML', (_i, payload) => {
    const clean = sanitizeContent(payload as string);
    for (const { tag, attribs } of elementsOf(clean)) {
      expect(ALLOWED_TAGS).toContain(tag);
      for (const [name, value] of Object.entries(attribs)) {
        expect(name).not.toMatch(/^on/i);
        expect(name).not.toMatch(/^(formaction|action|xlink:href|background|dynsrc|lowsrc|srcdoc)$/i);
        expect(value).not.toMatch(DANGEROUS_URL);
        if (name === 'style') expect(value).toMatch(/^(text-align:(left|right|center|justify);?)*$/);
        if (tag === 'img' && name === 'src') expect(value).toMatch(/^\/api\/files\/[^.]/);
        if (tag === 'a' && name === 'href') expect(value).not.toMatch(/^\s*[a-z]+&colon;/i);
      }
      if (tag === 'a') expect(attribs.rel).toBe('nofollow noopener noreferrer');
    }
    // No text that a browser could re-parse as markup, and the output is a fixed point.
    expect(clean).not.toMatch(/<\s*(script|iframe|object|embed|svg|math|style|base|meta|link|form|template)\b/i);
    expect(sanitizeContent(clean)).toBe(clean);
  });

  it('keeps ordinary rich content as written', () => {
    const html =
      '<h2 style="text-align:center">Title</h2><p>Hello <strong>bold</strong> <em>it</em> <a href="https://example.com/x">link</a></p>' +
      '<ul><li>one</li></ul><pre class="language-ts"><code class="language-ts">const a = 1 &lt; 2;</code></pre>' +
      '<img src="/api/files/2026/a.png" alt="a" /><player src="/api/files/v/1.m3u8" poster="/api/files/v/1.jpg"></player>';
    expect(sanitizeContent(html)).toBe(
      '<h2 style="text-align:center">Title</h2><p>Hello <strong>bold</strong> <em>it</em> <a href="https://example.com/x" rel="nofollow noopener noreferrer">link</a></p>' +
        '<ul><li>one</li></ul><pre class="language-ts"><code class="language-ts">const a = 1 &lt; 2;</code></pre>' +
        '<img src="/api/files/2026/a.png" alt="a" /><player src="/api/files/v/1.m3u8" poster="/api/files/v/1.jpg"></player>',
    );
  });

  it('drops images from other hosts unless the host is allowed, and never allows plain http or data', () => {
    expect(sanitizeContent('<img src="https://cdn.example.com/a.png">')).toBe('');
    expect(sanitizeContent('<img src="https://cdn.example.com/a.png">', { imageHosts: ['cdn.example.com'] })).toBe(
      '<img src="https://cdn.example.com/a.png" />',
    );
    expect(sanitizeContent('<img src="http://cdn.example.com/a.png">', { imageHosts: ['cdn.example.com'] })).toBe('');
    expect(sanitizeContent('<img src="data:image/png;base64,iVBORw0KGgo=">')).toBe('');
  });

  it('keeps hidden blocks with only their type and value, and flattens nested ones', () => {
    expect(sanitizeContent('<hide type="10" value="pw" index="3" class="x">a<hide type="20">b</hide>c</hide>')).toBe(
      '<hide type="10" value="pw">abc</hide>',
    );
  });
});
