import type { AnswerReplyView, AnswerView, Page, QuestionRow } from '@forum/contracts';
import { eventually, QaFixture, sharedEnv, startQa, startTestApp } from '@forum/testing';
import { QaModule } from '../qa.module';
import { QA_QUESTIONS } from './questions.projection';

jest.setTimeout(180_000);

describe('qa: questions, answers and replies', () => {
  let f: QaFixture;
  let tagId: string;

  beforeAll(async () => {
    f = await startQa();
    tagId = await f.tag('Everyday');
  }, 300_000);
  afterAll(() => f?.t.close());

  const titles = (page: Page<QuestionRow>) => page.items.map((row) => row.title);

  it('asks, answers, replies, appends, likes and favourites; lists filter and the control panel lists', async () => {
    const asker = await f.member();
    const helper = await f.member();
    await f.fund(asker, 'points', 50);
    const ask = async (title: string, extra: Record<string, unknown> = {}) => {
      const response = await f.ask(asker, { title, content: '<p>Question text</p>', tagIds: [tagId], ...extra });
      expect(response.status).toBe(201);
      return (response.body as { questionId: string }).questionId;
    };
    const plain = await ask('A plain question');
    const rewarded = await ask('A points question', { bountyPoints: 5 });
    // Content is sanitized; a title over 90 characters is refused.
    const long = await f.ask(asker, { title: 'x'.repeat(91), content: '<p>x</p>', tagIds: [tagId] });
    expect(long.status).toBe(400);

    const answerId = await f.answer(helper, plain, '<p>Try this<script>alert(1)</script></p>');
    const reply = await f.t.client
      .as(asker)
      .post<{ id: string }>(`/api/qa/answers/${answerId}/replies`, { content: '<p>Thanks!</p>' });
    expect(reply.status).toBe(201);
    const nested = await f.t.client
      .as(helper)
      .post(`/api/qa/answers/${answerId}/replies`, { content: '<p>Welcome</p>', parentReplyId: reply.body.id });
    expect(nested.status).toBe(201);
    const addendum = await f.t.client.as(asker).post(`/api/qa/questions/${plain}/addenda`, { content: '<p>More</p>' });
    expect(addendum.status).toBe(201);
    expect((await f.t.client.as(helper).request('PUT', `/api/qa/questions/${plain}/like`)).status).toBe(200);
    expect((await f.t.client.as(helper).request('PUT', `/api/qa/questions/${plain}/favourite`)).status).toBe(200);

    const detail = await f.question(plain, helper);
    expect(detail).toMatchObject({
      answerCount: 1,
      likeCount: 1,
      favouriteCount: 1,
      liked: true,
      favourited: true,
      addenda: [{ content: '<p>More</p>' }],
    });
    expect(detail.answers[0]!.content).toBe('<p>Try this</p>');
    expect(detail.answers[0]!.replies.map((r) => r.parentReplyId)).toEqual([null, reply.body.id]);

    const list = (filter: string) =>
      f.t.client.get<Page<QuestionRow>>(`/api/qa/questions?filter=${filter}&tagId=${tagId}`).then((r) => r.body);
    await eventually(async () => {
      expect(titles(await list('pointsReward'))).toEqual(['A points question']);
      expect(titles(await list('cashReward'))).toEqual([]);
      expect(titles(await list('latest'))).toEqual(['A plain question']);
      expect(titles(await list('unresolved'))).toEqual(['A points question', 'A plain question']);
      expect(titles(await list('resolved'))).toEqual([]);
    });
    const similar = await f.t.client.get<{ items: QuestionRow[] }>(`/api/qa/questions/${plain}/similar`);
    expect(similar.body.items.map((row) => row.questionId)).toEqual([rewarded]);

    const mine = async <T>(path: string, who: string) =>
      (await f.t.client.as(who).get<Page<T>>(`/api/qa/me/${path}`)).body.items;
    expect((await mine<QuestionRow>('questions', asker)).map((row) => row.questionId)).toEqual([rewarded, plain]);
    expect((await mine<AnswerView>('answers', helper)).map((row) => row.answerId)).toEqual([answerId]);
    expect((await mine<AnswerReplyView>('answer-replies', asker)).map((row) => row.replyId)).toEqual([reply.body.id]);
    expect((await mine<QuestionRow>('favourites', helper)).map((row) => row.questionId)).toEqual([plain]);
    // The member page shows anyone a member's questions and answers.
    const theirs = async <T>(path: string, who: string) =>
      (await f.t.client.anonymous().get<Page<T>>(`/api/qa/members/${who}/${path}`)).body;
    expect((await theirs<QuestionRow>('questions', asker)).items.map((row) => row.questionId)).toEqual([
      rewarded,
      plain,
    ]);
    expect(await theirs<AnswerView>('answers', helper)).toMatchObject({ total: 1, items: [{ answerId }] });
    expect((await theirs<AnswerView>('answers', asker)).total).toBe(0);

    // Someone else's question is not theirs to edit; a closed switch refuses members with the staff's message.
    const edit = await f.t.client
      .as(helper)
      .request('PATCH', `/api/qa/questions/${plain}`, { title: 'Mine now', content: '<p>x</p>', tagIds: [tagId] });
    expect(edit.status).toBe(403);
    const closed = await f.t.client
      .as(f.staffId, 'staff')
      .request('PATCH', '/api/moderation/settings', { switches: { answers: { enabled: false, message: 'Later' } } });
    expect(closed.status).toBe(200);
    await eventually(async () => {
      const refused = await f.t.client
        .as(helper)
        .post(`/api/qa/questions/${rewarded}/answers`, { content: '<p>x</p>' });
      expect(refused.body).toMatchObject({ code: 'qa.answers_disabled', message: 'Later' });
    });
    // Open again: the tests after this one answer questions.
    const reopened = await f.t.client
      .as(f.staffId, 'staff')
      .request('PATCH', '/api/moderation/settings', { switches: { answers: { enabled: true, message: '' } } });
    expect(reopened.status).toBe(200);
    await eventually(async () => {
      const answered = await f.t.client
        .as(helper)
        .post(`/api/qa/questions/${rewarded}/answers`, { content: '<p>Open again.</p>' });
      expect(answered.status).toBe(201);
    });
  });

  it('a replica that runs no projector keeps its list index until the projection moves, then shows the change', async () => {
    const replica = await startTestApp(['identity', 'moderation', 'wallet', QaModule], {
      env: { ...sharedEnv(f.t.config), RUN_WORKERS: 'false' },
    });
    try {
      const asker = await f.member();
      const list = async () =>
        titles(
          (await replica.client.get<Page<QuestionRow>>(`/api/qa/questions?filter=all&tagId=${tagId}&pageSize=50`)).body,
        );
      const title = `Asked while the replica serves its cache ${Date.now()}`;
      expect(await list()).not.toContain(title);
      // Asked through the first app, which runs the projector: the replica learns of it from the checkpoints.
      expect((await f.ask(asker, { title, content: '<p>x</p>', tagIds: [tagId] })).status).toBe(201);
      // Within a second of the checkpoint's move, and one recompute; without the checkpoint read, never.
      await eventually(async () => expect(await list()).toContain(title), { intervalMs: 100 });
    } finally {
      await replica.close();
    }
  });

  it('sends no hidden block of a question, answer, reply or addendum: nothing unlocks them in Q&A', async () => {
    const [asker, helper, reader] = [await f.member(), await f.member(), await f.member()];
    const hidden = (marker: string) =>
      `<p>Open ${marker}</p><hide type="10" value="qa-secret-pw"><p>QA-HIDDEN-${marker}</p></hide>` +
      `<hide type="50" value="199"><p>QA-PAID-${marker}</p></hide>`;
    const asked = await f.ask(asker, { title: 'A question with hidden blocks', content: hidden('Q'), tagIds: [tagId] });
    expect(asked.status).toBe(201);
    const questionId = (asked.body as { questionId: string }).questionId;
    const answerId = await f.answer(helper, questionId, hidden('A'));
    const reply = await f.t.client.as(asker).post(`/api/qa/answers/${answerId}/replies`, { content: hidden('R') });
    expect(reply.status).toBe(201);
    const addendum = await f.t.client
      .as(asker)
      .post(`/api/qa/questions/${questionId}/addenda`, { content: hidden('D') });
    expect(addendum.status).toBe(201);
    // Content stored before hidden blocks were removed on writing is cleaned on reading.
    await f.t
      .db('qa')
      .collection<{ _id: string; content: string }>(QA_QUESTIONS)
      .updateOne({ _id: questionId }, { $set: { content: `${hidden('Q')}${hidden('OLD')}` } });

    await eventually(async () => {
      const detail = JSON.stringify(await f.question(questionId, reader));
      for (const open of ['Open Q', 'Open A', 'Open R', 'Open D', 'Open OLD']) expect(detail).toContain(open);
      expect(detail).not.toMatch(/QA-HIDDEN|QA-PAID|qa-secret-pw|<hide/);
    });
    const visitor = await f.t.client.anonymous().get(`/api/qa/questions/${questionId}`);
    expect(JSON.stringify(visitor.body)).not.toMatch(/QA-HIDDEN|QA-PAID|qa-secret-pw|<hide/);
  });
});
