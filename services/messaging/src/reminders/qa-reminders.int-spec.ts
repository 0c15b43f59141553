import { randomUUID } from 'node:crypto';
import type { Page, ReminderView } from '@forum/contracts';
import { MEMBER_PROFILES, PermissionChecker } from '@forum/platform';
import {
  contextModule,
  eventually,
  memberAccount,
  seedDemoQa,
  staffAccount,
  startTestApp,
  TestApp,
} from '@forum/testing';
import { MEMBER_NICKNAMES } from '@forum/platform';
import { MessagingModule } from '../messaging.module';
import type { UnreadCount } from '../unread/unread-counts';
import { MSG_FOLLOWERS } from './followers.projection';
import type { ReminderPreferences } from './reminders';

jest.setTimeout(300_000);

/**
 * Every Q&A reminder type, from real Q&A actions (HTTP, through the Q&A context's commands, outbox and Kafka) to the
 * right member's reminder list and unread count: 120–160 answers and replies, 170–190 someone I follow, 230–250
 * mentions, 280–300 likes, 310 my answer adopted; and a type the member turned off is neither listed nor counted.
 */
describe('messaging: Q&A reminders from the Q&A context', () => {
  let t: TestApp;
  let tagId: string;
  let accounts = 0;
  let staffId = '';

  beforeAll(async () => {
    t = await startTestApp(['identity', 'moderation', 'wallet', 'qa', MessagingModule]);
    for (let attempt = 0; !staffId; attempt++) {
      try {
        staffId = await staffAccount(t.app, `qarem_admin_${Date.now().toString(36)}${attempt}`, {
          contexts: ['moderation', 'wallet', 'qa'],
          permission: 'content.manage',
        });
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
    const created = await t.client
      .as(staffId, 'staff')
      .post<{ tagId: string }>('/api/qa/tags', { name: 'Reminders', parentId: null });
    expect(created.status).toBe(201);
    tagId = created.body.tagId;
  }, 300_000);
  afterAll(() => t?.close());

  const as = (memberId: string) => t.client.as(memberId);

  /** A real member (identity), known to messaging and Q&A, whose nickname Q&A can resolve in a mention. */
  const member = async (prefix: string): Promise<{ id: string; nickname: string }> => {
    const nickname = `${prefix}${Date.now().toString(36).slice(-5)}${accounts++}`;
    const id = await memberAccount(t.app, nickname, nickname);
    await eventually(async () => {
      expect(await t.db('messaging').collection<{ _id: string }>(MEMBER_PROFILES).findOne({ _id: id })).not.toBeNull();
      expect(
        await t.db('qa').collection<{ _id: string }>(MEMBER_NICKNAMES).findOne({ _id: nickname.toLowerCase() }),
      ).not.toBeNull();
      expect(
        await t.app
          .select(await contextModule('qa'))
          .get(PermissionChecker)
          .can({ kind: 'member', id }, 'question.ask'),
      ).toBe(true);
    });
    return { id, nickname };
  };

  const list = async (memberId: string) =>
    (await as(memberId).get<Page<ReminderView>>('/api/messaging/reminders?pageSize=100')).body.items;
  const count = async (memberId: string) =>
    (await as(memberId).get<UnreadCount>('/api/messaging/unread-count')).body.remindCount;
  /** The member's reminder types, oldest first, once there are `expected` of them. */
  const typesOf = async (memberId: string, expected: number) =>
    eventually(async () => {
      const items = await list(memberId);
      expect(items.map((r) => r.type)).toHaveLength(expected);
      return items.reverse();
    });

  const created = (response: { status: number; body: unknown }) => {
    expect(response.status).toBe(201);
    const body = response.body as { id?: string; questionId?: string; pending?: boolean };
    expect(body.pending).toBeFalsy();
    return (body.questionId ?? body.id)!;
  };

  it('reminds asker, answerer, repliers, the mentioned and followers, each in their list and count', async () => {
    const [asker, answerer, replier, second, mentioned, fan] = await Promise.all([
      member('ask'),
      member('ans'),
      member('rep'),
      member('sec'),
      member('men'),
      member('fan'),
    ]);
    // The fan follows the asker, the answerer and the first replier (each gets an 80).
    for (const followee of [asker, answerer, replier])
      expect((await as(fan.id).request('PUT', `/api/identity/follows/${followee.id}`)).status).toBeLessThan(300);
    await eventually(async () =>
      expect(
        await t
          .db('messaging')
          .collection<{ _id: string }>(MSG_FOLLOWERS)
          .countDocuments({ _id: { $in: [asker, answerer, replier].map((m) => `${m.id}|${fan.id}`) } }),
      ).toBe(3),
    );

    const questionId = created(
      await as(asker.id).post('/api/qa/questions', {
        title: 'How do reminders work?',
        content: `<p>Asking @${mentioned.nickname} too</p>`,
        tagIds: [tagId],
      }),
    );
    const answerId = created(
      await as(answerer.id).post(`/api/qa/questions/${questionId}/answers`, {
        content: `<p>Like this, @${mentioned.nickname}</p>`,
      }),
    );
    const replyId = created(
      await as(replier.id).post(`/api/qa/answers/${answerId}/replies`, {
        content: `<p>Thanks @${second.nickname}</p>`,
      }),
    );
    const secondReplyId = created(
      await as(second.id).post(`/api/qa/answers/${answerId}/replies`, {
        content: '<p>Agreed</p>',
        parentReplyId: replyId,
      }),
    );
    expect((await as(fan.id).request('PUT', `/api/qa/questions/${questionId}/like`)).status).toBe(200);
    expect((await as(fan.id).request('PUT', `/api/qa/answers/${answerId}/like`)).status).toBe(200);
    expect((await as(fan.id).request('PUT', `/api/qa/answer-replies/${replyId}/like`)).status).toBe(200);
    expect((await as(asker.id).post(`/api/qa/questions/${questionId}/adopt`, { answerId })).status).toBe(200);

    // The asker: followed (80), answered (120), replied in the question twice (130), question liked (280).
    const askerTypes = (await typesOf(asker.id, 5)).map((r) => r.type);
    expect(askerTypes.sort()).toEqual([120, 130, 130, 280, 80].sort());
    // The answerer: followed, two replies to the answer (140), the answer liked (290) and adopted (310).
    const answererReminders = await typesOf(answerer.id, 5);
    expect(answererReminders.map((r) => r.type).sort()).toEqual([140, 140, 290, 310, 80].sort());
    const adopted = answererReminders.find((r) => r.type === 310)!;
    expect(adopted).toMatchObject({
      sender: expect.objectContaining({ memberId: asker.id }),
      questionId,
      questionTitle: 'How do reminders work?',
      answerId,
      topicId: null,
    });
    // The first replier: followed, a reply to their reply (160 before 150), their reply liked (300).
    const replierReminders = await typesOf(replier.id, 3);
    expect(replierReminders.map((r) => r.type).sort()).toEqual([160, 300, 80].sort());
    expect(replierReminders.find((r) => r.type === 160)).toMatchObject({
      questionId,
      answerId,
      answerReplyId: secondReplyId,
      summary: 'Agreed',
    });
    // The second replier: mentioned in the first reply (250).
    expect((await typesOf(second.id, 1)).map((r) => r.type)).toEqual([250]);
    // The mentioned member: in the question (230) and the answer (240).
    expect((await typesOf(mentioned.id, 2)).map((r) => r.type)).toEqual([230, 240]);
    // The fan: asked (170), answered (180), replied to an answer (190) by members they follow.
    const fanReminders = await typesOf(fan.id, 3);
    expect(fanReminders.map((r) => r.type)).toEqual([170, 180, 190]);
    expect(fanReminders[0]).toMatchObject({ questionId, questionTitle: 'How do reminders work?' });
    expect(fanReminders[2]).toMatchObject({ questionId, answerId, answerReplyId: replyId });

    // The badge counts them all; nothing reached the one who wrote it.
    for (const [who, expected] of [
      [asker, 5],
      [answerer, 5],
      [replier, 3],
      [second, 1],
      [mentioned, 2],
      [fan, 3],
    ] as const)
      expect(await count(who.id)).toBe(expected);

    // Preferences: a type turned off leaves the list and the count at once; the others stay.
    const prefs = await as(mentioned.id).request<ReminderPreferences>('PUT', '/api/messaging/reminder-preferences', {
      disabledTypes: [230],
    });
    expect(prefs.status).toBe(200);
    expect(prefs.body.types.find((p) => p.type === 230)).toEqual({ type: 230, enabled: false, generated: true });
    expect(prefs.body.types.find((p) => p.type === 310)).toEqual({ type: 310, enabled: true, generated: true });
    expect(prefs.body.types.every((p) => p.generated)).toBe(true);
    expect((await list(mentioned.id)).map((r) => r.type)).toEqual([240]);
    expect(await count(mentioned.id)).toBe(1);
  });

  it('does not remind of a type turned off before it happens, and does of the others', async () => {
    const [asker, answerer] = await Promise.all([member('ask'), member('ans')]);
    await as(answerer.id).request('PUT', '/api/messaging/reminder-preferences', { disabledTypes: [290, 310] });
    await as(asker.id).request('PUT', '/api/messaging/reminder-preferences', { disabledTypes: [120] });
    const questionId = created(
      await as(asker.id).post('/api/qa/questions', { title: 'Quiet please', content: '<p>Hm</p>', tagIds: [tagId] }),
    );
    const answerId = created(
      await as(answerer.id).post(`/api/qa/questions/${questionId}/answers`, { content: '<p>Sure</p>' }),
    );
    expect((await as(asker.id).request('PUT', `/api/qa/answers/${answerId}/like`)).status).toBe(200);
    expect((await as(asker.id).request('PUT', `/api/qa/questions/${questionId}/like`)).status).toBe(200);
    expect((await as(asker.id).post(`/api/qa/answers/${answerId}/replies`, { content: '<p>Go on</p>' })).status).toBe(
      201,
    );
    expect((await as(asker.id).post(`/api/qa/questions/${questionId}/adopt`, { answerId })).status).toBe(200);

    // The answerer sees the reply (140) only: the like (290) and the adoption (310) are turned off.
    expect((await typesOf(answerer.id, 1)).map((r) => r.type)).toEqual([140]);
    expect(await count(answerer.id)).toBe(1);
    // Turning them back on shows them: the reminders were delivered, only hidden.
    await as(answerer.id).request('PUT', '/api/messaging/reminder-preferences', { disabledTypes: [] });
    expect((await typesOf(answerer.id, 3)).map((r) => r.type)).toEqual([290, 140, 310]);
    expect(await count(answerer.id)).toBe(3);
    // The asker turned off answers to their question, and liked their own question: nothing.
    expect(await list(asker.id)).toEqual([]);
    expect(await count(asker.id)).toBe(0);
  });

  it('the demo seed leaves Q&A reminders for the demo member and the staff', async () => {
    const demo = await member('demo');
    // What the wallet's demo seed gives the member before the Q&A seed runs: balance and points for the bounties.
    for (const kind of ['balance', 'points'])
      expect(
        (
          await t.client
            .as(staffId, 'staff')
            .withHeaders({ 'idempotency-key': randomUUID() })
            .post(`/api/wallet/accounts/${demo.id}/adjustments`, { kind, amount: 1000, reason: 'demo funds' })
        ).status,
      ).toBe(200);
    await seedDemoQa(t.app, { staffId, memberId: demo.id });

    // Staff answered two of the member's questions and replied to their answer, and liked it.
    expect((await typesOf(demo.id, 4)).map((r) => r.type).sort()).toEqual([120, 120, 140, 290]);
    // The member adopted the staff's answer, answered the staff's question and liked it.
    const staffTypes = await eventually(async () => {
      const items = (await t.client.as(staffId, 'staff').get<Page<ReminderView>>('/api/messaging/reminders')).body
        .items;
      expect(items).toHaveLength(3);
      return items.map((r) => r.type).sort();
    });
    expect(staffTypes).toEqual([120, 280, 310]);
  });
});
