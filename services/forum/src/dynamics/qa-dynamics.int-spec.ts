import { PermissionChecker } from '@forum/platform';
import { contextModule, eventually, memberAccount, staffAccount, startTestApp, TestApp } from '@forum/testing';
import { ForumModule } from '../forum.module';
import type { DynamicsPage } from './dynamics.reader';

jest.setTimeout(300_000);

/** User dynamics (docs/rules/people.md, dynamics) include asking, answering and replying to an answer, from real Q&A actions. */
describe('forum: Q&A in user dynamics', () => {
  let t: TestApp;
  let staffId = '';
  let tagId: string;
  let accounts = 0;

  beforeAll(async () => {
    t = await startTestApp(['identity', 'moderation', 'wallet', 'qa', ForumModule]);
    for (let attempt = 0; !staffId; attempt++) {
      try {
        staffId = await staffAccount(t.app, `qadyn_admin_${Date.now().toString(36)}${attempt}`, {
          contexts: ['moderation', 'wallet', 'qa', ForumModule],
          permission: 'content.manage',
        });
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
    const created = await t.client
      .as(staffId, 'staff')
      .post<{ tagId: string }>('/api/qa/tags', { name: 'Dynamics', parentId: null });
    expect(created.status).toBe(201);
    tagId = created.body.tagId;
  }, 300_000);
  afterAll(() => t?.close());

  const member = async (): Promise<string> => {
    const account = `dyn${Date.now().toString(36).slice(-5)}${accounts++}`;
    const id = await memberAccount(t.app, account);
    const checker = t.app.select(await contextModule('qa')).get(PermissionChecker);
    await eventually(async () => expect(await checker.can({ kind: 'member', id }, 'answer.post')).toBe(true));
    return id;
  };
  const created = (response: { status: number; body: unknown }) => {
    expect(response.status).toBe(201);
    const body = response.body as { id?: string; questionId?: string };
    return (body.questionId ?? body.id)!;
  };
  const mine = async (memberId: string) =>
    (await t.client.as(memberId).get<DynamicsPage>('/api/forum/me/dynamics')).body.items;

  it('lists asked, answered and replied to an answer, links them to the question, and drops deleted ones', async () => {
    const [asker, answerer, replier] = await Promise.all([member(), member(), member()]);
    const questionId = created(
      await t.client
        .as(asker)
        .post('/api/qa/questions', { title: 'Dynamic question', content: '<p>Why?</p>', tagIds: [tagId] }),
    );
    const answerId = created(
      await t.client
        .as(answerer)
        .post(`/api/qa/questions/${questionId}/answers`, { content: '<p>Because <b>so</b></p>' }),
    );
    const replyId = created(
      await t.client.as(replier).post(`/api/qa/answers/${answerId}/replies`, { content: '<p>Thanks</p>' }),
    );

    await eventually(async () =>
      expect(await mine(asker)).toEqual([
        expect.objectContaining({
          kind: 'question',
          questionId,
          questionTitle: 'Dynamic question',
          topicId: null,
          summary: 'Dynamic question',
        }),
      ]),
    );
    await eventually(async () =>
      expect(await mine(answerer)).toEqual([
        expect.objectContaining({
          kind: 'answer',
          questionId,
          questionTitle: 'Dynamic question',
          answerId,
          summary: 'Because so',
        }),
      ]),
    );
    await eventually(async () =>
      expect(await mine(replier)).toEqual([
        expect.objectContaining({
          kind: 'answerReply',
          questionId,
          answerId,
          answerReplyId: replyId,
          summary: 'Thanks',
        }),
      ]),
    );
    // Others see them too (the member allows it by default).
    const seen = await t.client.as(replier).get<DynamicsPage>(`/api/forum/members/${answerer}/dynamics`);
    expect(seen.body).toMatchObject({ shown: true, items: [expect.objectContaining({ kind: 'answer', answerId })] });

    // A deleted reply leaves its author's dynamics; a deleted question takes its items out of everyone's.
    expect((await t.client.as(replier).request('DELETE', `/api/qa/answer-replies/${replyId}`)).status).toBe(200);
    await eventually(async () => expect(await mine(replier)).toEqual([]));
    expect((await t.client.as(staffId, 'staff').request('DELETE', `/api/qa/questions/${questionId}`)).status).toBe(200);
    await eventually(async () => expect(await mine(asker)).toEqual([]));
    await eventually(async () => expect(await mine(answerer)).toEqual([]));
  });
});
