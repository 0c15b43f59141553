import { existsSync } from 'node:fs';
import path from 'node:path';
import { eventually, staffAccount, startTestApp } from '@forum/testing';
import type { TestApp } from '@forum/testing';
import { registerMember, type RegisteredMember } from '../../../test/browser/harness';
import { ForumModule } from '../../forum/src/forum.module';
import { testTag } from '../../forum/src/tags/tag.fixture';
import { ModerationModule } from '../../moderation/src/moderation.module';
import { ALL_CONTEXTS } from './contexts';
import { serveWebApps } from './web-shell';

/**
 * Server-rendered pages are kept until what they were made from changes (ADR 38): a visitor never sees a page
 * older than the app's own answer. Right after a write answers, the next page shows it — a new comment, an edit
 * (markup and head), a comment removed by staff, a new topic on the home page, a new site title — and once the
 * API refuses a closed site's content, so does the page. A member is sent the visitor's render: their own hidden
 * block stays locked in it.
 */
const root = path.resolve(__dirname, '../../..');
const MARKER = 'RENDER-CACHE-HIDDEN-7e21';

describe('server-rendered pages are kept only while their content is unchanged', () => {
  let t: TestApp;
  let base: string;
  let author: RegisteredMember;
  let reader: RegisteredMember;
  let staffId: string;
  let tagIds: string[];
  let topicId: string;
  const thread = () => `/thread?topicId=${topicId}`;

  async function page(
    url: string,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; html: string; etag: string | null }> {
    const response = await fetch(`${base}${url}`, { headers: { accept: 'text/html', ...headers } });
    return { status: response.status, html: await response.text(), etag: response.headers.get('etag') };
  }

  const staff = () => t.client.as(staffId, 'staff');
  const settings = async (changes: Record<string, unknown>) =>
    expect((await staff().request('PATCH', '/api/moderation/settings', changes)).status).toBe(200);

  beforeAll(async () => {
    const bundle = path.join(root, 'web-member', 'dist-server', 'entry-server.cjs');
    if (!existsSync(bundle))
      throw new Error(
        `${path.relative(root, bundle)} is missing: build the member site (npm run build -w web-member).`,
      );
    t = await startTestApp(ALL_CONTEXTS, { configure: (created) => serveWebApps(created, root) });
    base = await t.listen();
    author = await registerMember(t, 'rcachea');
    reader = await registerMember(t, 'rcacher');
    staffId = await staffAccount(t.app, `rcache_staff_${Date.now().toString(36)}`, {
      contexts: [ForumModule, ModerationModule],
    });
    tagIds = [await testTag(t.client)];
    const posted = await t.client.as(author.id).post<{ topicId: string }>('/api/forum/topics', {
      title: 'Kept render topic, first title',
      tagIds,
      content: `<p>First version of the body</p><hide type="10" value="kept-sesame"><p>${MARKER}</p></hide>`,
    });
    expect(posted.status).toBe(201);
    topicId = posted.body.topicId;
  }, 180_000);
  afterAll(() => t?.close());

  it('sends the same kept page while nothing changes, and 304 to its etag', async () => {
    const first = await page(thread());
    expect(first.html).toContain('id="ssr-state"');
    expect(first.html).toContain('First version of the body');
    // The first view's read count lands a moment later and is a new version of the page once: check the pair again
    // if it landed between them.
    await eventually(async () => {
      const kept = await page(thread());
      expect((await page(thread())).etag).toBe(kept.etag);
      expect((await page(thread(), { 'if-none-match': kept.etag! })).status).toBe(304);
    });
  });

  it('shows a new comment once the page has rendered again (the kept page is sent meanwhile)', async () => {
    await page(thread());
    const comment = await t.client
      .as(reader.id)
      .post(`/api/forum/topics/${topicId}/comments`, { content: '<p>A comment posted just now 5b1</p>' });
    expect(comment.status).toBe(201);
    await eventually(async () => expect((await page(thread())).html).toContain('A comment posted just now 5b1'), {
      timeoutMs: 10_000,
    });
  });

  it('shows an edit on the next page, in the markup and in the head', async () => {
    await page(thread());
    const edited = await t.client.as(author.id).request('PATCH', `/api/forum/topics/${topicId}`, {
      title: 'Kept render topic, second title',
      tagIds,
      content: `<p>Second version of the body</p><hide type="10" value="kept-sesame"><p>${MARKER}</p></hide>`,
    });
    expect(edited.status).toBe(200);
    const { html } = await page(thread());
    expect(html).toContain('Second version of the body');
    expect(html).not.toContain('First version of the body');
    expect(html).toMatch(/<title>Kept render topic, second title - [^<]*<\/title>/);
  });

  it('drops a comment staff removed from the next page', async () => {
    const comment = await t.client.as(reader.id).post<{ commentId: string }>(`/api/forum/topics/${topicId}/comments`, {
      content: '<p>A comment staff will remove 9c4</p>',
    });
    expect(comment.status).toBe(201);
    await eventually(async () => expect((await page(thread())).html).toContain('A comment staff will remove 9c4'), {
      timeoutMs: 10_000,
    });
    const removed = await staff().request('DELETE', `/api/forum/comments/${comment.body.commentId}`);
    expect(removed.status).toBe(200);
    expect((await page(thread())).html).not.toContain('A comment staff will remove 9c4');
  });

  it('shows a new topic on the home page’s next render', async () => {
    expect((await page('/')).html).toContain('id="ssr-state"');
    const posted = await t.client.as(author.id).post('/api/forum/topics', {
      title: 'A topic for the home page 71d',
      tagIds,
      content: '<p>Fresh on the home page</p>',
    });
    expect(posted.status).toBe(201);
    await eventually(async () => expect((await page('/')).html).toContain('A topic for the home page 71d'), {
      timeoutMs: 10_000,
    });
  });

  it('sends a member the visitor’s render: the author’s own hidden block stays locked', async () => {
    const own = await t.client.as(author.id).get<unknown>(`/api/forum/topics/${topicId}`);
    expect(JSON.stringify(own.body)).toContain(MARKER);
    const { html } = await page(thread(), {
      authorization: `Bearer ${author.accessToken},${author.refreshToken}`,
      cookie: `accessToken=${author.accessToken}; refreshToken=${author.refreshToken}`,
    });
    expect(html).toContain('Second version of the body');
    expect(html).not.toContain(MARKER);
  });

  it('shows a new site title on the next page', async () => {
    await page(thread());
    await settings({ title: 'Renamed forum 3f8' });
    try {
      expect((await page(thread())).html).toMatch(/<title>[^<]* - Renamed forum 3f8<\/title>/);
    } finally {
      await settings({ title: 'Forum' });
    }
  });

  it('sends a closed site’s page unrendered as soon as the API refuses its content, and renders it when open', async () => {
    expect((await page(thread())).html).toContain('Second version of the body');
    await settings({ siteMode: 'closed' });
    try {
      // The API's own guard follows the settings as its copy arrives; from then on, no kept page may show content.
      await eventually(async () => expect((await t.client.get(`/api/forum/topics/${topicId}`)).status).not.toBe(200), {
        timeoutMs: 20_000,
      });
      const closed = await page(thread());
      expect({
        rendered: closed.html.includes('id="ssr-state"'),
        content: closed.html.includes('Second version'),
      }).toEqual({ rendered: false, content: false });
    } finally {
      await settings({ siteMode: 'open' });
    }
    await eventually(async () => expect((await t.client.get(`/api/forum/topics/${topicId}`)).status).toBe(200), {
      timeoutMs: 20_000,
    });
    expect((await page(thread())).html).toContain('Second version of the body');
  });
});
