// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { installFetch, isServerRendered, render } from './entry-server';

const HOSTILE = '</script><script>alert(1)</script><!--';

const topic = {
  topicId: 't1',
  title: `A topic ${HOSTILE}`,
  content: '<p>The topic body.</p><hide type="10" data-state="locked"></hide>',
  summary: 'The topic body.',
  author: { memberId: 'm1', nickname: 'Author', avatar: null },
  postedAt: '2026-11-27T10:00:00.000Z',
  editedAt: null,
  commentCount: 1,
  likeCount: 0,
  tags: [],
  readCount: 1,
  viewCount: 1,
};
const comments = {
  items: [
    {
      commentId: 'c1',
      topicId: 't1',
      floor: 1,
      contentHtml: '<p>The first comment.</p>',
      editedAt: null,
      likedByMe: false,
      author: { memberId: 'm2', nickname: 'Reader' },
      postedAt: '2026-11-27T10:05:00.000Z',
      quotes: [],
      replies: [],
      replyCount: 0,
      likeCount: 0,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 20,
  totalPages: 1,
};

/** The API as a visitor reads it; `failing` answers 503 like a closed site. */
function serve(failing: RegExp | null = null) {
  const asked: { url: string; headers: Headers }[] = [];
  installFetch(async (input, init) => {
    const url = String(input);
    asked.push({ url, headers: new Headers(init?.headers) });
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (failing?.test(url)) return json({ code: 'site.closed', message: 'Closed' }, 503);
    if (url.startsWith('/baseInfo')) return json({ title: 'Site', defaultLanguage: 'en_US', supportAccessDevice: 1 });
    if (url.includes('/api/forum/topics/t1/page')) return json({ topic, comments });
    // A topic without a poll.
    if (url.includes('/api/forum/topics/t1/poll')) return json(null);
    return json({ items: [], total: 0, page: 1, pageSize: 20, totalPages: 0 });
  });
  return asked;
}

const request = { userAgent: 'Mozilla/5.0 (X11; Linux x86_64)', cookie: '', manifest: {} };

describe('server render', () => {
  it('renders a topic and its first comments from the queries its components ask for, as a visitor', async () => {
    const asked = serve();
    const result = await render({ ...request, url: '/thread?topicId=t1' });
    if (!result.rendered) throw new Error(result.reason);
    expect(result.html).toContain('The topic body.');
    expect(result.html).toContain('The first comment.');
    expect(result.language).toBe('en');
    // Nothing identifies a member: no token, no cookie.
    for (const { headers } of asked) {
      expect(headers.get('authorization')).toBeNull();
      expect(headers.get('cookie')).toBeNull();
    }
  });

  it('keeps the hydration data inside its data block whatever the content says', async () => {
    serve();
    const result = await render({ ...request, url: '/thread?topicId=t1' });
    if (!result.rendered) throw new Error(result.reason);
    expect(result.stateScript.startsWith('<script type="application/json" id="ssr-state">')).toBe(true);
    const inside = result.stateScript.slice(result.stateScript.indexOf('>') + 1, -'</script>'.length);
    expect(inside).not.toMatch(/<|>/);
    expect(JSON.stringify(JSON.parse(inside))).toContain(HOSTILE);
  });

  it('sends a thread page once in its data block: the topic and comments it seeds are not repeated', async () => {
    serve();
    const result = await render({ ...request, url: '/thread?topicId=t1' });
    if (!result.rendered) throw new Error(result.reason);
    const inside = result.stateScript.slice(result.stateScript.indexOf('>') + 1, -'</script>'.length);
    expect(inside.split('The first comment.')).toHaveLength(2);
    // The body (`<p>` escaped in the block), not the summary.
    expect(inside.split('The topic body.\\u003c/p')).toHaveLength(2);
  });

  it("preloads the screen's code and only the reader's language catalogue: a first page its first part", async () => {
    serve();
    const manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true },
      'src/app/routes/thread.tsx': { file: 'assets/thread.js' },
      'src/app/routes/ask-list.tsx': { file: 'assets/ask-list.js' },
      'src/locales/en/first.ts': { file: 'assets/first-en.js' },
      'src/locales/en/more.ts': { file: 'assets/more-en.js' },
      'src/locales/zh/first.ts': { file: 'assets/first-zh.js' },
      'src/locales/zh/more.ts': { file: 'assets/more-zh.js' },
    };
    const topic = await render({ ...request, manifest, url: '/thread?topicId=t1' });
    if (!topic.rendered) throw new Error(topic.reason);
    expect(topic.headLinks).toContain('href="/assets/thread.js"');
    expect(topic.headLinks).toContain('href="/assets/first-en.js"');
    expect(topic.headLinks).not.toContain('more-en');
    expect(topic.headLinks).not.toContain('-zh');
    expect(topic.headLinks).not.toContain('assets/index.js');

    // Another screen waits for every text before it hydrates: both parts are preloaded beside its code.
    const questions = await render({ ...request, manifest, url: '/askList' });
    if (!questions.rendered) throw new Error(questions.reason);
    expect(questions.headLinks).toContain('href="/assets/ask-list.js"');
    expect(questions.headLinks).toContain('href="/assets/first-en.js"');
    expect(questions.headLinks).toContain('href="/assets/more-en.js"');
    expect(questions.headLinks).not.toContain('-zh');
  });

  it('gives up when a read fails (a closed site): the browser then renders the page itself', async () => {
    serve(/\/api\//);
    const result = await render({ ...request, url: '/thread?topicId=t1' });
    expect(result.rendered).toBe(false);
  });

  it('renders only the public pages', () => {
    for (const path of ['/', '/thread', '/question', '/askList', '/help', '/helpDetail', '/termsService', '/user/m1'])
      expect(isServerRendered(path)).toBe(true);
    for (const path of ['/login', '/user/control', '/user/control/home', '/user/editTopic', '/addTopic', '/search'])
      expect(isServerRendered(path)).toBe(false);
  });
});
