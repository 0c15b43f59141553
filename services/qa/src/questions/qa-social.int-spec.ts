import type { Page, QuestionDetail } from '@forum/contracts';
import { MEMBER_PROFILES } from '@forum/platform';
import type { MemberProfileDocument } from '@forum/platform';
import { eventually, QaFixture, startQa } from '@forum/testing';
import { MEMBER_NICKNAMES } from '@forum/platform';

jest.setTimeout(180_000);

/** Favouriters, likes of answers and replies, mentions, and the Q&A settings in `/baseInfo`. */
describe('qa: favouriters, answer likes, mentions, settings', () => {
  let f: QaFixture;
  let tagId: string;

  beforeAll(async () => {
    f = await startQa();
    tagId = await f.tag('Social');
  }, 300_000);
  afterAll(() => f?.t.close());

  const ask = async (memberId: string, title: string, content = '<p>Question text</p>') => {
    const response = await f.ask(memberId, { title, content, tagIds: [tagId] });
    expect(response.status).toBe(201);
    return (response.body as { questionId: string }).questionId;
  };

  /** The member's nickname, once the Q&A's nickname copy knows it (mentions resolve through it). */
  const nicknameOf = async (memberId: string): Promise<string> => {
    const db = f.t.db('qa');
    let nickname = '';
    await eventually(async () => {
      const profile = await db.collection<MemberProfileDocument>(MEMBER_PROFILES).findOne({ _id: memberId });
      nickname = profile!.nickname!;
      const known = await db.collection<{ _id: string }>(MEMBER_NICKNAMES).findOne({ _id: nickname.toLowerCase() });
      expect(known).not.toBeNull();
    });
    return nickname;
  };

  it('shows the asker who favourited their question; anyone else is refused', async () => {
    const asker = await f.member();
    const fan = await f.member();
    const stranger = await f.member();
    const questionId = await ask(asker, 'Who likes this?');
    expect((await f.t.client.as(fan).request('PUT', `/api/qa/questions/${questionId}/favourite`)).status).toBe(200);

    const path = `/api/qa/questions/${questionId}/favouriters`;
    const mine = await f.t.client.as(asker).get<Page<{ member: { memberId: string }; at: string | null }>>(path);
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(1);
    expect(mine.body.items[0]!.member.memberId).toBe(fan);
    expect(mine.body.items[0]!.at).not.toBeNull();
    expect((await f.t.client.as(stranger).get(path)).status).toBe(403);
    expect((await f.t.client.as(fan).get(path)).status).toBe(403);
    expect((await f.t.client.get(path)).status).toBe(401);
    expect((await f.t.client.as(asker).get('/api/qa/questions/nope/favouriters')).status).toBe(404);

    // Unfavouriting takes the member off the list.
    await f.t.client.as(fan).request('DELETE', `/api/qa/questions/${questionId}/favourite`);
    expect((await f.t.client.as(asker).get<Page<unknown>>(path)).body.total).toBe(0);
  });

  it('likes answers and replies as toggles, with counts and the reader’s own state', async () => {
    const asker = await f.member();
    const helper = await f.member();
    const reader = await f.member();
    const questionId = await ask(asker, 'Likes under answers');
    const answerId = await f.answer(helper, questionId);
    const reply = await f.t.client
      .as(asker)
      .post<{ id: string }>(`/api/qa/answers/${answerId}/replies`, { content: '<p>Thanks</p>' });
    const replyId = reply.body.id;

    const answerLike = `/api/qa/answers/${answerId}/like`;
    const replyLike = `/api/qa/answer-replies/${replyId}/like`;
    const liked = await f.t.client.as(reader).request('PUT', answerLike);
    expect(liked.status).toBe(200);
    expect(liked.body).toMatchObject({ targetId: answerId, liked: true, visible: true });
    // Liking again changes nothing; the helper likes the reply.
    expect((await f.t.client.as(reader).request('PUT', answerLike)).status).toBe(200);
    expect((await f.t.client.as(asker).request('PUT', answerLike)).status).toBe(200);
    expect((await f.t.client.as(helper).request('PUT', replyLike)).status).toBe(200);

    const seenBy = async (who?: string) => {
      const detail: QuestionDetail = await f.question(questionId, who);
      const answer = detail.answers[0]!;
      return {
        answer: [answer.likeCount, answer.liked],
        reply: [answer.replies[0]!.likeCount, answer.replies[0]!.liked],
      };
    };
    expect(await seenBy(reader)).toEqual({ answer: [2, true], reply: [1, false] });
    expect(await seenBy(helper)).toEqual({ answer: [2, false], reply: [1, true] });
    expect(await seenBy()).toEqual({ answer: [2, false], reply: [1, false] });

    expect((await f.t.client.as(reader).request('DELETE', answerLike)).body).toMatchObject({ liked: false });
    expect((await f.t.client.as(reader).request('DELETE', answerLike)).status).toBe(200);
    expect(await seenBy(reader)).toEqual({ answer: [1, false], reply: [1, false] });

    // Visitors cannot like; a deleted answer cannot be liked.
    expect((await f.t.client.request('PUT', answerLike)).status).toBe(401);
    expect((await f.t.client.as(reader).request('PUT', '/api/qa/answers/nope/like')).status).toBe(404);
    await f.t.client.as(helper).request('DELETE', `/api/qa/answers/${answerId}`);
    expect((await f.t.client.as(reader).request('PUT', answerLike)).body).toMatchObject({
      code: 'qa.answer_not_found',
    });
  });

  it('ends consistent when one member toggles a like many times at once', async () => {
    const asker = await f.member();
    const helper = await f.member();
    const clicker = await f.member();
    const questionId = await ask(asker, 'Racing likes');
    const answerId = await f.answer(helper, questionId);
    const path = `/api/qa/answers/${answerId}/like`;
    const clicks = Array.from({ length: 12 }, (_, i) => (i % 3 === 2 ? 'DELETE' : 'PUT'));
    const answers = await Promise.all(clicks.map((method) => f.t.client.as(clicker).request(method, path)));
    expect(answers.map((r) => r.status)).toEqual(clicks.map(() => 200));
    // Whatever order they ran in, the count is the member's one state: 1 if they like it, else 0.
    await eventually(async () => {
      const answer = (await f.question(questionId, clicker)).answers[0]!;
      expect(answer.likeCount).toBe(answer.liked ? 1 : 0);
    });
    await Promise.all(clicks.map(() => f.t.client.as(clicker).request('PUT', path)));
    const answer = (await f.question(questionId, clicker)).answers[0]!;
    expect([answer.likeCount, answer.liked]).toEqual([1, true]);
  });

  it('resolves @mentions in questions, answers and replies, and refuses unknown names', async () => {
    const asker = await f.member();
    const helper = await f.member();
    const [askerName, helperName] = [await nicknameOf(asker), await nicknameOf(helper)];
    const questionId = await ask(asker, 'Mentioning', `<p>Hello @${helperName} and @${helperName} again</p>`);
    const events = async (stream: string) =>
      (
        await f.t
          .db('qa')
          .collection<{ streamId: string; events: { type: string; data: { mentions?: string[] } }[] }>('commits')
          .find({ streamId: stream })
          .toArray()
      ).flatMap((commit) => commit.events);
    expect((await events(`question-${questionId}`))[0]!.data.mentions).toEqual([helper]);

    const answerId = await f.answer(helper, questionId, `<p>@${askerName} try this</p>`);
    expect((await events(`answer-${answerId}`))[0]!.data.mentions).toEqual([asker]);
    const reply = await f.t.client
      .as(asker)
      .post<{ id: string }>(`/api/qa/answers/${answerId}/replies`, { content: `<p>@${helperName} thanks</p>` });
    expect(reply.status).toBe(201);
    expect((await events(`answerReply-${reply.body.id}`))[0]!.data.mentions).toEqual([helper]);
    const edited = await f.t.client
      .as(helper)
      .request('PATCH', `/api/qa/answers/${answerId}`, { content: '<p>No one named now</p>' });
    expect(edited.status).toBe(200);
    expect((await events(`answer-${answerId}`)).at(-1)!.data.mentions).toEqual([]);

    // An unknown nickname is "user does not exist" under the content, and nothing is written.
    const unknown = await f.t.client
      .as(helper)
      .post(`/api/qa/questions/${questionId}/answers`, { content: '<p>Ask @nobody_here_x please</p>' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      code: 'common.validation_failed',
      fieldErrors: [
        { field: 'content', code: 'validation.user_not_found', message: 'User nobody_here_x does not exist.' },
      ],
    });
    expect((await f.question(questionId)).answerCount).toBe(1);
    // An e-mail address is not a mention.
    expect((await f.ask(asker, { title: 'Mail', content: '<p>write to a@b.cn</p>', tagIds: [tagId] })).status).toBe(
      201,
    );
  });

  it('shows a write in the cached lists and detail at once (read-your-writes), and a deletion leaves them', async () => {
    const asker = await f.member();
    const helper = await f.member();
    const ids = async (filter: string) =>
      (
        await f.t.client.get<Page<{ questionId: string }>>(`/api/qa/questions?filter=${filter}&tagId=${tagId}`)
      ).body.items.map((row) => row.questionId);
    const before = await ids('all'); // warms the cached page
    const questionId = await ask(asker, 'Fresh one');
    expect(await ids('all')).toEqual([questionId, ...before]);
    expect(await ids('latest')).not.toContain(questionId);
    await f.question(questionId); // warms the cached detail
    const answerId = await f.answer(helper, questionId);
    expect((await ids('latest'))[0]).toBe(questionId);
    expect((await f.question(questionId)).answers.map((a) => a.answerId)).toEqual([answerId]);
    expect((await f.t.client.as(asker).request('DELETE', `/api/qa/questions/${questionId}`)).status).toBe(200);
    expect(await ids('all')).toEqual(before);
    expect((await f.t.client.get(`/api/qa/questions/${questionId}`)).status).toBe(404);
  });

  it('tells the member site the Q&A settings in /baseInfo, as staff change them', async () => {
    const before = await f.t.client.get<{ qa: unknown }>('/baseInfo');
    expect(before.body.qa).toEqual({
      maxTags: 5,
      bounty: { minAmount: 100, maxAmount: 100_000_00, minPoints: 1, maxPoints: 100_000 },
    });
    const changed = await f.t.client.as(f.staffId, 'staff').request('PATCH', '/api/moderation/settings', {
      qa: { maxTags: 3, bounty: { minAmount: 500, maxAmount: 20_000, minPoints: 10, maxPoints: 300 } },
    });
    expect(changed.status).toBe(200);
    await eventually(async () => {
      const after = await f.t.client.get<{ qa: unknown }>('/baseInfo');
      expect(after.body.qa).toEqual({
        maxTags: 3,
        bounty: { minAmount: 500, maxAmount: 20_000, minPoints: 10, maxPoints: 300 },
      });
    });
  });
});
