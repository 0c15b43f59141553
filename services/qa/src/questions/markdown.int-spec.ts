import { eventually, QaFixture, startQa } from '@forum/testing';

jest.setTimeout(180_000);

/** Questions, answers, replies and addenda written in Markdown (ADR 0033): stored as the sanitized HTML. */
describe('qa: content written in Markdown', () => {
  let f: QaFixture;
  let tagId: string;

  beforeAll(async () => {
    f = await startQa();
    tagId = await f.tag('Markdown');
  }, 300_000);
  afterAll(() => f?.t.close());

  it('asks, answers, replies and edits in Markdown; hidden blocks and scripts never stored', async () => {
    const asker = await f.member();
    const helper = await f.member();
    const asked = await f.ask(asker, {
      title: 'How do I format code?',
      content: 'Like `this`?\n\n```js\nlet a = 1;\n```\n\n:::hide password x\nQ&A has no hidden blocks\n:::',
      format: 'markdown',
      tagIds: [tagId],
    });
    expect(asked.status).toBe(201);
    const { questionId } = asked.body as { questionId: string };
    const answered = await f.t.client.as(helper).post<{ id: string }>(`/api/qa/questions/${questionId}/answers`, {
      content: '**Yes.** See [the guide](https://example.com/guide) <img src=x onerror=alert(1)>',
      format: 'markdown',
    });
    expect(answered.status).toBe(201);
    const replied = await f.t.client.as(asker).post(`/api/qa/answers/${answered.body.id}/replies`, {
      content: '_Thanks!_',
      format: 'markdown',
    });
    expect(replied.status).toBe(201);
    const addendum = await f.t.client.as(asker).post(`/api/qa/questions/${questionId}/addenda`, {
      content: '- one more thing',
      format: 'markdown',
    });
    expect(addendum.status).toBe(201);

    await eventually(async () => {
      const detail = await f.question(questionId, helper);
      expect(detail.content.trim()).toBe(
        '<p>Like <code>this</code>?</p>\n<pre><code class="language-js">let a = 1;\n</code></pre>',
      );
      expect(detail.answers.map((answer) => answer.content)).toEqual([
        '<p><strong>Yes.</strong> See <a href="https://example.com/guide" rel="nofollow noopener noreferrer">the guide</a> </p>',
      ]);
      expect(detail.addenda.map((added) => added.content)).toEqual(['<ul>\n<li>one more thing</li>\n</ul>']);
      expect(detail.answers[0]!.replies.map((reply) => reply.content)).toEqual(['<p><em>Thanks!</em></p>']);
    });

    const edited = await f.t.client.as(asker).request('PATCH', `/api/qa/questions/${questionId}`, {
      title: 'How do I format code?',
      content: '## Edited\n\nin Markdown',
      format: 'markdown',
      tagIds: [tagId],
    });
    expect(edited.status).toBe(200);
    const editedAnswer = await f.t.client.as(helper).request('PATCH', `/api/qa/answers/${answered.body.id}`, {
      content: '> quoted',
      format: 'markdown',
    });
    expect(editedAnswer.status).toBe(200);
    await eventually(async () => {
      const detail = await f.question(questionId, helper);
      expect(detail.content).toBe('<h2>Edited</h2>\n<p>in Markdown</p>');
      expect(detail.answers[0]!.content).toBe('<blockquote>\n<p>quoted</p>\n</blockquote>');
    });
  });
});
