import { DEFAULT_MEMBER_ROLE_ID, MEMBER_PERMISSIONS } from '@forum/contracts';
import { eventually, ForumFixture, startForum } from '@forum/testing';

/**
 * What crawlers and feed readers get: robots.txt following the site's mode, a sitemap index with the topics and
 * questions files, RSS feeds — only what a visitor may read (a tag the visitor role may not view stays out), never
 * a hidden block's content or password.
 */
const MARKERS = ['MARK-PW-5c1e', 'MARK-COMMENT-77aa', 'MARK-GRADE-0b3d', 'MARK-POINTS-9e24', 'MARK-BALANCE-13f0'];
const PASSWORD = 'crawler-sesame-31';

describe('robots.txt, sitemaps and feeds', () => {
  let f: ForumFixture;
  let author: string;
  let open: string;
  let closed: string;
  let shown: string;
  let unlisted: string;
  let questionId: string;
  const everything = MEMBER_PERMISSIONS.map((permission) => ({ permission, tagIds: null as string[] | null }));
  const memberRole = (permissions: typeof everything) =>
    f.t.client
      .as(f.staffId, 'staff')
      .request('PATCH', `/api/identity/roles/${DEFAULT_MEMBER_ROLE_ID}`, { permissions });
  const setMode = (siteMode: string) =>
    f.t.client.as(f.staffId, 'staff').request('PATCH', '/api/moderation/settings', { siteMode });
  const get = (path: string) => f.t.client.anonymous().get<string>(path);

  beforeAll(async () => {
    f = await startForum(['wallet', 'qa']);
    author = await f.member('crawled_author');
    open = await f.tag('Crawled');
    closed = await f.tag('Members only');
    const content =
      `<p>Public intro &amp; more</p>` +
      `<hide type="10" value="${PASSWORD}"><p>${MARKERS[0]}</p></hide>` +
      `<hide type="20"><p>${MARKERS[1]}</p></hide><hide type="30" value="500"><p>${MARKERS[2]}</p></hide>` +
      `<hide type="40" value="30"><p>${MARKERS[3]}</p></hide><hide type="50" value="199"><p>${MARKERS[4]}</p></hide>`;
    shown = await f.post(author, { title: 'Shown to <crawlers> & readers', content, tagIds: [open] });
    unlisted = await f.post(author, { title: 'Only for members', content: '<p>inside</p>', tagIds: [closed] });
    // The administrator's role reaches the Q&A context's copy of permissions a moment after the forum's.
    let qaTag = '';
    await eventually(async () => {
      const created = await f.t.client
        .as(f.staffId, 'staff')
        .post<{ tagId: string }>('/api/qa/tags', { name: 'Crawled questions', parentId: null });
      expect(created.status).toBe(201);
      qaTag = created.body.tagId;
    });
    await eventually(async () => {
      const asked = await f.t.client.as(author).post<{ questionId: string }>('/api/qa/questions', {
        title: 'How do feeds work?',
        content: '<p>Asking.</p>',
        tagIds: [qaTag],
      });
      expect(asked.status).toBe(201);
      questionId = asked.body.questionId;
    });
    // Visitors read what the default member role may view: only the open tag.
    const limited = everything.map((entry) =>
      entry.permission === 'topic.view' ? { ...entry, tagIds: [open] } : entry,
    );
    expect((await memberRole(limited)).status).toBe(200);
    await eventually(async () =>
      expect((await f.t.client.anonymous().get(`/api/forum/topics/${unlisted}`)).status).toBe(403),
    );
  });
  afterAll(async () => {
    await memberRole(everything);
    await setMode('open');
    await f.t.close();
  });

  it('robots.txt points to the sitemap and keeps crawlers out of private screens', async () => {
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('Disallow: /user/control/');
    expect(robots.body).toMatch(/^Sitemap: http:\/\/[^/\s]+\/sitemap\.xml$/m);
  });

  it('the sitemap index lists the pages, topic and question files, each listing only public content', async () => {
    const index = await get('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = [...index.body.matchAll(/<loc>http:\/\/[^/]+(\/[^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(files).toEqual(['/sitemap/pages.xml', '/sitemap/topics/1.xml', '/sitemap/questions/1.xml']);
    expect(index.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);

    const topics = await get('/sitemap/topics/1.xml');
    expect(topics.status).toBe(200);
    expect(topics.body).toContain(`/thread?topicId=${shown}</loc>`);
    expect(topics.body).not.toContain(unlisted);
    const pages = await get('/sitemap/pages.xml');
    expect(pages.body).toContain(`/?tagId=${open}</loc>`);
    expect(pages.body).not.toContain(closed);
    const questions = await get('/sitemap/questions/1.xml');
    expect(questions.body).toContain(`/question?questionId=${questionId}</loc>`);

    for (const missing of ['/sitemap/topics/2.xml', '/sitemap/topics/0.xml', '/sitemap/topics/x.xml']) {
      expect((await get(missing)).status).toBe(404);
    }
  });

  it('feeds carry the newest public topics and questions as RSS, escaped, with summaries only', async () => {
    const latest = await get('/feeds/topics.xml');
    expect(latest.status).toBe(200);
    expect(latest.headers['content-type']).toContain('application/rss+xml');
    expect(latest.body).toContain('<title>Shown to &lt;crawlers&gt; &amp; readers</title>');
    expect(latest.body).toContain(`/thread?topicId=${shown}</link>`);
    expect(latest.body).toContain('Public intro &amp; more');
    expect(latest.body).not.toContain('Only for members');
    const tag = await get(`/feeds/tags/${open}.xml`);
    expect(tag.body).toContain(`/thread?topicId=${shown}</link>`);
    expect((await get('/feeds/tags/no-such-tag.xml')).status).toBe(404);
    const questions = await get('/feeds/questions.xml');
    expect(questions.body).toContain('<title>How do feeds work?</title>');
  });

  it('no crawler file holds a hidden block or its password', async () => {
    const paths = [
      '/sitemap.xml',
      '/sitemap/pages.xml',
      '/sitemap/topics/1.xml',
      '/feeds/topics.xml',
      `/feeds/tags/${open}.xml`,
    ];
    for (const path of paths) {
      const { status, body } = await get(path);
      expect([path, status]).toEqual([path, 200]);
      for (const secret of [...MARKERS, PASSWORD]) expect(`${path}: ${body}`).not.toContain(secret);
    }
  });

  it('a closed site asks crawlers to stay away and serves no sitemap or feed', async () => {
    expect((await setMode('closed')).status).toBe(200);
    await eventually(async () => expect((await get('/robots.txt')).body).toBe('User-agent: *\nDisallow: /\n'));
    expect((await get('/sitemap.xml')).status).toBe(503);
    expect((await get('/feeds/topics.xml')).status).toBe(503);
    expect((await setMode('open')).status).toBe(200);
  });
});
