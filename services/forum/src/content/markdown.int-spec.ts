import { streamId } from '@forum/contracts';
import type { Page } from '@forum/contracts';
import { EventStore } from '@forum/event-store';
import { eventually, ForumFixture, startForum, TestApp } from '@forum/testing';
import type { CommentView, ReplyView } from '../comments/comment.schemas';
import type { TopicDetail } from '../topics/topic.schemas';

/**
 * Markdown writes (ADR 0033): a topic, a comment and a reply sent with `format: 'markdown'` are stored and read
 * back as the sanitized HTML the rich editor would have produced; hidden blocks written in Markdown lock as the
 * rich editor's do; the preview answers the same HTML to the author and to no one signed out.
 */
describe('forum: content written in Markdown', () => {
  let f: ForumFixture;
  let t: TestApp;
  let tagId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    f = await startForum();
    t = f.t;
    tagId = await f.tag('markdown');
    for (const name of ['writer', 'reader']) ids[name] = await f.member(`${name}_${Date.now().toString(36).slice(-5)}`);
  });
  afterAll(() => t.close());

  const writer = () => t.client.as(ids.writer!);
  const reader = () => t.client.as(ids.reader!);

  it('posts a Markdown topic, reads it back formatted, its hidden block locked for others; edits it in Markdown', async () => {
    const markdown = [
      '## Packing list',
      '',
      '- **water**, 2 l',
      '- a [map](https://example.com/map)',
      '',
      '```sh',
      'echo "<b>not bold</b>"',
      '```',
      '',
      ':::hide points 5',
      'The *shortcut* starts behind the hut.',
      ':::',
    ].join('\n');
    const posted = await writer().post<{ topicId: string }>('/api/forum/topics', {
      title: 'Markdown topic',
      content: markdown,
      format: 'markdown',
      tagIds: [tagId],
    });
    expect(posted.status).toBe(201);
    const { topicId } = posted.body;

    const seen = await reader().get<TopicDetail>(`/api/forum/topics/${topicId}`);
    expect(seen.status).toBe(200);
    expect(seen.body.content).toMatch(/^<h2>Packing list<\/h2>\s*<ul>\s*<li><strong>water<\/strong>, 2 l<\/li>/);
    expect(seen.body.content).toContain('<a href="https://example.com/map" rel="nofollow noopener noreferrer">map</a>');
    expect(seen.body.content).toContain('<pre><code class="language-sh">echo "&lt;b&gt;not bold&lt;/b&gt;"');
    expect(seen.body.content).not.toMatch(/:::|\*\*|shortcut/);
    expect(seen.body.hiddenBlocks).toEqual([expect.objectContaining({ type: 40, unlocked: false, requirement: '5' })]);
    const own = await writer().get<TopicDetail>(`/api/forum/topics/${topicId}`);
    expect(own.body.content).toMatch(
      /<hide type="40" value="5" data-block-id="(b[\w-]+)">\s*<p>The <em>shortcut<\/em> starts behind the hut\.<\/p>\s*<\/hide>/,
    );
    // The event carries the HTML, never the Markdown source (ADR 0033).
    const [first] = await new EventStore('forum', t.db('forum')).readStream(streamId('topic', topicId));
    expect(JSON.stringify(first!.data)).not.toContain(':::hide');

    // Edited in Markdown, the block sent back as the tag with its id: it keeps its id (ADR 0025).
    const blockId = /data-block-id="([^"]+)"/.exec(own.body.content)![1]!;
    const edited = await writer().request('PATCH', `/api/forum/topics/${topicId}`, {
      title: 'Markdown topic',
      content: `# Changed\n\n<hide type="40" value="5" data-block-id="${blockId}">\nStill **hidden**.\n</hide>`,
      format: 'markdown',
      tagIds: [tagId],
    });
    expect(edited.status).toBe(200);
    await eventually(async () => {
      const after = await writer().get<TopicDetail>(`/api/forum/topics/${topicId}`);
      expect(after.body.content).toMatch(/^<h1>Changed<\/h1>/);
      expect(after.body.content).toContain(`data-block-id="${blockId}"`);
      expect(after.body.content).toContain('<p>Still <strong>hidden</strong>.</p>');
    });
  });

  it('refuses a Markdown hidden block with a misspelt kind instead of publishing its text', async () => {
    const posted = await writer().post('/api/forum/topics', {
      title: 'Typo',
      content: 'Intro\n\n:::hide pasword letmein\nthe secret\n:::',
      format: 'markdown',
      tagIds: [tagId],
    });
    expect(posted.status).toBe(400);
    expect(posted.body).toMatchObject({
      code: 'common.validation_failed',
      fieldErrors: [expect.objectContaining({ field: 'content', code: 'validation.hidden_block_invalid' })],
    });
  });

  it('an unknown format is a validation error; HTML without a format is stored as before', async () => {
    const bad = await writer().post('/api/forum/topics', {
      title: 'Bad format',
      content: 'x',
      format: 'bbcode',
      tagIds: [tagId],
    });
    expect(bad.status).toBe(400);
    const topicId = await f.post(ids.writer!, { title: 'HTML', content: '<p>**not markdown**</p>', tagIds: [tagId] });
    const seen = await reader().get<TopicDetail>(`/api/forum/topics/${topicId}`);
    expect(seen.body.content).toBe('<p>**not markdown**</p>');
  });

  it('comments, replies and their edits in Markdown; hidden blocks and script dropped as in HTML', async () => {
    const topicId = await f.post(ids.writer!, { title: 'Comments', content: '<p>Talk</p>', tagIds: [tagId] });
    const comment = await reader().post<{ commentId: string }>(`/api/forum/topics/${topicId}/comments`, {
      content: 'I agree with *most* of it.\n\n<script>alert(1)</script>\n\n:::hide comment\nno hidden blocks here\n:::',
      format: 'markdown',
    });
    expect(comment.status).toBe(201);
    const reply = await writer().post<{ replyId: string }>(`/api/forum/comments/${comment.body.commentId}/replies`, {
      content: 'Which part? See [this](javascript:alert(1)) and `code`.',
      format: 'markdown',
    });
    expect(reply.status).toBe(201);
    const comments = async () =>
      (await t.client.anonymous().get<Page<CommentView>>(`/api/forum/topics/${topicId}/comments`)).body.items;
    await eventually(async () => {
      const [only] = await comments();
      expect(only!.contentHtml).toBe('<p>I agree with <em>most</em> of it.</p>');
      expect(only!.replies.map((r: ReplyView) => r.contentHtml)).toEqual([
        '<p>Which part? See [this](javascript:alert(1)) and <code>code</code>.</p>',
      ]);
    });

    const editedComment = await reader().request('PATCH', `/api/forum/comments/${comment.body.commentId}`, {
      content: '> quoted\n\nmine',
      format: 'markdown',
    });
    expect(editedComment.status).toBe(200);
    const editedReply = await writer().request('PATCH', `/api/forum/replies/${reply.body.replyId}`, {
      content: '1. one\n2. two',
      format: 'markdown',
    });
    expect(editedReply.status).toBe(200);
    await eventually(async () => {
      const [only] = await comments();
      expect(only!.contentHtml).toBe('<blockquote>\n<p>quoted</p>\n</blockquote>\n<p>mine</p>');
      expect(only!.replies[0]!.contentHtml).toBe('<ol>\n<li>one</li>\n<li>two</li>\n</ol>');
    });
  });

  it('previews Markdown as the stored HTML, for members only', async () => {
    const preview = await writer().post<{ html: string }>('/api/forum/markdown/preview', {
      content: '**bold** <img src=x onerror=alert(1)>\n\n:::hide password pw\nsecret\n:::',
    });
    expect(preview.status).toBe(200);
    expect(preview.body.html).toBe(
      '<p><strong>bold</strong> </p>\n<hide type="10" value="pw">\n<p>secret</p>\n</hide>',
    );
    const noBlocks = await writer().post<{ html: string }>('/api/forum/markdown/preview', {
      content: 'answer\n\n:::hide comment\nx\n:::',
      hiddenBlocks: false,
    });
    expect(noBlocks.body.html.trim()).toBe('<p>answer</p>');

    expect((await t.client.anonymous().post('/api/forum/markdown/preview', { content: 'x' })).status).toBe(401);
    expect((await writer().withoutCsrf().post('/api/forum/markdown/preview', { content: 'x' })).status).toBe(403);
    expect((await writer().post('/api/forum/markdown/preview', { content: 1 })).status).toBe(400);
    expect((await writer().post('/api/forum/markdown/preview', { content: 'x'.repeat(100_001) })).status).toBe(400);
  });
});
