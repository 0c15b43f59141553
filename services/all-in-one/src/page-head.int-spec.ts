import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually, ForumFixture, startForum } from '@forum/testing';
import { QaModule } from '../../qa/src/qa.module';
import { WalletModule } from '../../wallet/src/wallet.module';
import { serveWebApps } from './web-shell';

/**
 * Link previews and crawlers read a page's head without running JavaScript: the member site's index.html is sent
 * with the page's own title, description, canonical link, Open Graph tags and JSON-LD, taken from what a visitor
 * may read (a hidden block's content and password never appear), escaped.
 */
const MARKER = 'MARK-HEAD-HIDDEN-4d2c';
const PASSWORD = 'head-sesame-88';

function jsonLd(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
  if (!match) throw new Error(`no JSON-LD in ${html}`);
  return JSON.parse(match[1]!) as Record<string, unknown>;
}

function meta(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  return new RegExp(`<meta ${attribute}="${key}" content="([^"]*)" />`).exec(html)?.[1];
}

describe('page heads of the member site (titles, descriptions, Open Graph, JSON-LD)', () => {
  let root: string;
  let f: ForumFixture;
  let author: string;
  let topicId: string;
  let questionId: string;
  const page = async (url: string) => {
    const response = await f.t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    return response.body;
  };

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'page-head-'));
    for (const site of ['web-member', 'web-admin']) {
      mkdirSync(path.join(root, site, 'dist'), { recursive: true });
      writeFileSync(
        path.join(root, site, 'dist', 'index.html'),
        '<!doctype html>\n<html lang="zh-CN">\n  <head>\n    <title>Forum</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
      );
    }
    f = await startForum([WalletModule, QaModule], { configure: (app) => serveWebApps(app, root) });
    author = await f.member('Head author');
    const tag = await f.tag('Heads');
    topicId = await f.post(author, {
      title: 'Closing </title><script>alert(1)</script> tags & more',
      content: `<p>An open first paragraph about trails.</p><hide type="10" value="${PASSWORD}"><p>${MARKER}</p></hide>`,
      tagIds: [tag],
    });
    let qaTag = '';
    await eventually(async () => {
      const created = await f.t.client
        .as(f.staffId, 'staff')
        .post<{ tagId: string }>('/api/qa/tags', { name: 'Head questions', parentId: null });
      expect(created.status).toBe(201);
      qaTag = created.body.tagId;
    });
    const asked = await f.t.client.as(author).post<{ questionId: string }>('/api/qa/questions', {
      title: 'Which trail is best in autumn?',
      content: '<p>Looking for colours.</p>',
      tagIds: [qaTag],
    });
    expect(asked.status).toBe(201);
    questionId = asked.body.questionId;
    const answerer = await f.member('Head answerer');
    const answered = await f.t.client
      .as(answerer)
      .post(`/api/qa/questions/${questionId}/answers`, { content: '<p>The ridge trail, in October.</p>' });
    expect(answered.status).toBe(201);
  });
  afterAll(async () => {
    await f?.t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('names a topic in its title, description, canonical link, Open Graph and DiscussionForumPosting', async () => {
    const html = await page(`/thread?topicId=${topicId}`);
    expect(html).toContain('<title>Closing &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; tags &amp; more - ');
    expect(html).not.toContain('<script>alert(1)');
    expect(meta(html, 'name', 'description')).toBe('An open first paragraph about trails.');
    expect(meta(html, 'property', 'og:type')).toBe('article');
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://[^"]+/thread\\?topicId=${topicId}" />`));
    const alternates = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="http:\/\/[^/]+([^"]+)" \/>/g)];
    expect(alternates.map((match) => [match[1], match[2]])).toEqual([
      ['zh-CN', `/thread?topicId=${topicId}&amp;lang=zh`],
      ['en', `/thread?topicId=${topicId}&amp;lang=en`],
      ['x-default', `/thread?topicId=${topicId}`],
    ]);
    expect(html).toContain('<html lang="zh-CN"');
    const english = await page(`/thread?topicId=${topicId}&lang=en`);
    expect(english).toContain('<html lang="en"');
    expect(english).toMatch(/<link rel="canonical" href="http:\/\/[^"]+&amp;lang=en" \/>/);
    const data = jsonLd(html);
    expect(data).toEqual(
      expect.objectContaining({
        '@type': 'DiscussionForumPosting',
        headline: 'Closing </title><script>alert(1)</script> tags & more',
        author: expect.objectContaining({ '@type': 'Person', name: 'Head author' }),
      }),
    );
    expect(String(data.url)).toMatch(/^http:\/\/.+\/thread\?topicId=/);
    for (const secret of [MARKER, PASSWORD]) expect(html).not.toContain(secret);
  });

  it('describes a question as a QAPage with its answers', async () => {
    await eventually(async () => {
      const data = jsonLd(await page(`/question?questionId=${questionId}`));
      expect(data['@type']).toBe('QAPage');
      expect(data.mainEntity).toEqual(
        expect.objectContaining({
          '@type': 'Question',
          name: 'Which trail is best in autumn?',
          answerCount: 1,
          suggestedAnswer: [expect.objectContaining({ '@type': 'Answer', text: 'The ridge trail, in October.' })],
        }),
      );
    });
  });

  it("titles a member page with the member's nickname, and other pages with the site's own head", async () => {
    expect(await page(`/user/${author}`)).toMatch(/<title>Head author - [^<]+<\/title>/);
    const home = await page('/');
    expect(home).toMatch(/<meta property="og:type" content="website" \/>/);
    expect(home).not.toContain('application/ld+json');
    const missing = await page('/thread?topicId=no-such-topic');
    expect(missing).not.toContain('application/ld+json');
    expect(missing).toContain('<link rel="canonical"');
  });
});
