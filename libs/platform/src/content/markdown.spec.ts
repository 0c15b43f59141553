import sanitizeHtml from 'sanitize-html';
import { invalidHiddenBlocks, parseHiddenBlocks } from './hidden-blocks';
import { contentHtml, hideBlockAttributes, markdownToHtml, withHtmlContent } from './markdown';
import { sanitizeContent } from './sanitize';
import { MARKDOWN_XSS_PAYLOADS, XSS_PAYLOADS } from './xss-payloads';

/** What a Markdown write stores: converted, then the one sanitizer (ADR 0033). */
const stored = (markdown: string) => sanitizeContent(markdownToHtml(markdown)).trim();

describe('Markdown to content HTML', () => {
  it('headings, emphasis, inline code', () => {
    expect(stored('# One\n\n## Two\n\nSome **bold**, _italic_, ~~gone~~ and `a < b`.')).toBe(
      '<h1>One</h1>\n<h2>Two</h2>\n<p>Some <strong>bold</strong>, <em>italic</em>, <s>gone</s> and <code>a &lt; b</code>.</p>',
    );
  });

  it('bulleted, numbered and nested lists', () => {
    expect(stored('- a\n- b\n  1. x\n  2. y\n\n3. three\n4. four')).toBe(
      '<ul>\n<li>a</li>\n<li>b\n<ol>\n<li>x</li>\n<li>y</li>\n</ol>\n</li>\n</ul>\n<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>',
    );
  });

  it('fenced code keeps its language class and its text, markup in it escaped', () => {
    expect(stored('```ts\nconst a = "<b>";\n\nif (a) {}\n```')).toBe(
      '<pre><code class="language-ts">const a = "&lt;b&gt;";\n\nif (a) {}\n</code></pre>',
    );
    expect(stored('    indented code')).toBe('<pre><code>indented code\n</code></pre>');
  });

  it('links, bare URLs and quotes; links get the site rel', () => {
    expect(stored('[the map](https://example.com/x "Map") and https://example.org\n\n> quoted')).toBe(
      '<p><a href="https://example.com/x" title="Map" rel="nofollow noopener noreferrer">the map</a> and ' +
        '<a href="https://example.org" rel="nofollow noopener noreferrer">https://example.org</a></p>\n' +
        '<blockquote>\n<p>quoted</p>\n</blockquote>',
    );
  });

  it('a line break is a line break', () => {
    expect(stored('one\ntwo')).toBe('<p>one<br />\ntwo</p>');
  });

  it("images: the site's own storage kept, any other source dropped as in the rich editor", () => {
    expect(stored('![hills](/api/files/forum/images/ab12.png)')).toBe(
      '<p><img src="/api/files/forum/images/ab12.png" alt="hills" /></p>',
    );
    expect(stored('![x](https://elsewhere.example/a.png)')).toBe('<p></p>');
    expect(
      sanitizeContent(markdownToHtml('![x](https://img.example/a.png)'), { imageHosts: ['img.example'] }).trim(),
    ).toBe('<p><img src="https://img.example/a.png" alt="x" /></p>');
  });

  it('tables', () => {
    expect(stored('| a | b |\n|---|--:|\n| 1 | 2 |')).toBe(
      '<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody>\n</table>',
    );
  });

  it('mentions stay text the mention resolver reads', () => {
    expect(stored('hi @lily')).toBe('<p>hi @lily</p>');
  });

  it('HTML content (format absent or html) passes through unchanged to the sanitizer', () => {
    expect(contentHtml('**not markdown**', undefined)).toBe('**not markdown**');
    expect(contentHtml('**not markdown**', 'html')).toBe('**not markdown**');
    expect(contentHtml('**md**', 'markdown')).toBe('<p><strong>md</strong></p>');
    expect(withHtmlContent({ content: '*a*', format: 'markdown' as const, tagIds: ['t'] })).toEqual({
      content: '<p><em>a</em></p>',
      tagIds: ['t'],
    });
  });
});

describe('hidden blocks in Markdown', () => {
  const blocks = (markdown: string) => parseHiddenBlocks(stored(markdown));

  it.each([
    [':::hide password demo 2026', 10, 'demo 2026'],
    [':::hide comment', 20, ''],
    [':::hide reply', 20, ''],
    [':::hide grade 100', 30, '100'],
    [':::hide points 20', 40, '20'],
    [':::hide balance 1.99', 50, '199'],
    [':::hide balance ¥2', 50, '200'],
    [':::hide 50 199', 50, '199'],
    [':::hide 10 pw', 10, 'pw'],
    [':::hide 密码 芝麻开门', 10, '芝麻开门'],
    [':::hide 积分 5', 40, '5'],
  ])('%s makes a block of type %i with value %j, its content Markdown', (opening, type, value) => {
    const html = stored(`before\n\n${opening}\n**secret** [x](https://example.com)\n:::\n\nafter`);
    expect(parseHiddenBlocks(html)).toEqual([{ index: 0, id: null, type, value }]);
    expect(invalidHiddenBlocks(html)).toEqual([]);
    expect(html).toMatch(/<hide [^>]+>\s*<p><strong>secret<\/strong> <a href="https:\/\/example\.com"/);
    expect(html).toMatch(/^<p>before<\/p>[\s\S]*<p>after<\/p>$/);
  });

  it('a block may interrupt a paragraph, sit in a list item, and several follow each other', () => {
    expect(blocks('text\n:::hide comment\nin\n:::\ntext').map((b) => b.type)).toEqual([20]);
    expect(stored('- item\n  :::hide points 3\n  paid\n  :::\n- next')).toMatch(
      /<li>item\s*<hide type="40" value="3">\s*<p>paid<\/p>\s*<\/hide>\s*<\/li>\s*<li>next<\/li>/,
    );
    expect(blocks(':::hide comment\na\n:::\n:::hide grade 1\nb\n:::').map((b) => b.type)).toEqual([20, 30]);
  });

  it('an unclosed block runs to the end; a nested one is flattened into its outer block', () => {
    expect(stored(':::hide comment\nall the rest')).toMatch(/^<hide type="20">\s*<p>all the rest<\/p>\s*<\/hide>$/);
    const nested = stored(':::hide comment\nouter\n:::hide password x\ninner\n:::\nstill outer\n:::\nafter');
    expect(parseHiddenBlocks(nested).map((b) => b.type)).toEqual([20]);
    expect(nested).toMatch(/still outer<\/p>\s*<\/hide>\s*<p>after<\/p>$/);
  });

  it('a misspelt kind or a bad value is an invalid block (refused on posting), never published text', () => {
    for (const opening of [':::hide pasword x', ':::hide', ':::hide balance lots', ':::hide balance 0']) {
      const html = stored(`${opening}\nthe secret\n:::`);
      expect(html).toMatch(/^<hide[^>]*>\s*<p>the secret<\/p>\s*<\/hide>$/);
      const problems = invalidHiddenBlocks(html).length + parseHiddenBlocks(html).filter((b) => !b.value).length;
      expect(problems).toBeGreaterThan(0);
    }
    expect(hideBlockAttributes('grade lots')).toEqual({ type: '30', value: 'lots' });
  });

  it('the <hide> tag on lines of its own, Markdown between, keeps its block id', () => {
    const html = stored('<hide type="40" value="5" data-block-id="bAbc123">\n- **paid** item\n</hide>');
    expect(parseHiddenBlocks(html)).toEqual([{ index: 0, id: 'bAbc123', type: 40, value: '5' }]);
    expect(html).toContain('<li><strong>paid</strong> item</li>');
  });

  it("the rich editor's HTML, one block a line as the editor hands it over, comes out as it went in", () => {
    const rich =
      '<h2>Title</h2><p>Hello <strong>bold</strong> <a href="https://example.com/x">link</a></p>' +
      '<hide type="10" value="pw" data-block-id="b1"><p>secret</p></hide>' +
      '<pre><code class="language-ts">a\n\nb</code></pre><p><img src="/api/files/a.png" alt="a"></p>';
    const markdown =
      '<h2>Title</h2>\n\n<p>Hello <strong>bold</strong> <a href="https://example.com/x">link</a></p>\n\n' +
      '<hide type="10" value="pw" data-block-id="b1">\n\n<p>secret</p>\n\n</hide>\n\n' +
      '<pre><code class="language-ts">a&#10;&#10;b</code></pre>\n\n<p><img src="/api/files/a.png" alt="a"></p>';
    const shape = (html: string) => elementsOf(html).map(({ tag, attribs }) => `${tag} ${JSON.stringify(attribs)}`);
    expect(shape(stored(markdown))).toEqual(shape(sanitizeContent(rich)));
    expect(stored(markdown)).toContain('<code class="language-ts">a\n\nb</code>');
    expect(stored(markdown).replace(/>\n+</g, '><')).toBe(sanitizeContent(rich));
  });
});

interface ParsedTag {
  tag: string;
  attribs: Record<string, string>;
}

/** Every element as htmlparser2 (inside sanitize-html) sees it, nothing removed. */
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

const ALLOWED = new Set(
  'p br hr div span h1 h2 h3 h4 h5 h6 blockquote pre code strong b em i u s del ins sub sup mark ul ol li a img table thead tbody tfoot tr th td figure figcaption hide player'.split(
    ' ',
  ),
);

describe('Markdown is as safe as the rich editor (XSS payloads)', () => {
  const payloads = [...MARKDOWN_XSS_PAYLOADS, ...XSS_PAYLOADS];

  it('has Markdown-specific payloads besides the HTML ones', () => {
    expect(MARKDOWN_XSS_PAYLOADS.length).toBeGreaterThanOrEqual(20);
  });

  it.each(payloads.map((payload, i) => [i, payload]))('payload %i in Markdown leaves only safe HTML', (_i, payload) => {
    const clean = sanitizeContent(markdownToHtml(payload as string));
    for (const { tag, attribs } of elementsOf(clean)) {
      expect(ALLOWED).toContain(tag);
      for (const [name, value] of Object.entries(attribs)) {
        expect(name).not.toMatch(/^on/i);
        expect(value).not.toMatch(/^\s*(javascript|vbscript|data|file):/i);
        if (name === 'style') expect(value).toMatch(/^(text-align:(left|right|center|justify);?)*$/);
        if (tag === 'img' && name === 'src') expect(value).toMatch(/^\/api\/files\/[^.]/);
      }
      if (tag === 'a') expect(attribs.rel).toBe('nofollow noopener noreferrer');
    }
    expect(clean).not.toMatch(/<\s*(script|iframe|object|embed|svg|math|style|base|meta|link|form|template)\b/i);
    expect(sanitizeContent(clean)).toBe(clean);
  });
});
