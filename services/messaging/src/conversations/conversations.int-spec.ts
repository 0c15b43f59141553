import type { ErrorBody, Page } from '@forum/contracts';
import { cancelAccount, eventually } from '@forum/testing';
import { MessagingFixture, startMessaging } from '../messaging.fixture';
import type { UnreadCount } from '../unread/unread-counts';
import type { SentMessage } from './conversations';
import type { ConversationRow, MessageView } from './conversations.reader';

describe('messaging: private messages over HTTP', () => {
  let f: MessagingFixture;

  beforeAll(async () => {
    f = await startMessaging();
  });
  afterAll(() => f.close());

  const as = (memberId: string) => f.t.client.as(memberId);
  const send = (from: string, to: string, content: string) =>
    as(from).post<SentMessage>('/api/messaging/messages', { toMemberId: to, content });
  const unread = (memberId: string) => as(memberId).get<UnreadCount>('/api/messaging/unread-count');
  const conversations = (memberId: string) => as(memberId).get<Page<ConversationRow>>('/api/messaging/conversations');
  const chat = (memberId: string, other: string, query = '') =>
    as(memberId).get<Page<MessageView>>(`/api/messaging/conversations/${other}/messages${query}`);

  it('sends, lists conversations with last message and unread count, pages the chat newest first, marks read', async () => {
    const [ann, bob] = [await f.member('pm_ann'), await f.member('pm_bob')];
    for (const content of ['hello', 'are you there?', 'third'])
      expect((await send(ann, bob, content)).status).toBe(201);
    const answer = await send(bob, ann, 'yes!');
    expect(answer.body).toMatchObject({ messageId: expect.any(String), sentAt: expect.any(String) });

    // Bob answered, so he has read Ann's messages; Ann has one unread (Bob's answer).
    expect((await unread(bob)).body).toEqual({ privateMessageCount: 0, remindCount: 0, systemNotifyCount: 0 });
    expect((await unread(ann)).body.privateMessageCount).toBe(1);
    const annList = (await conversations(ann)).body;
    expect(annList).toMatchObject({ total: 1 });
    expect(annList.items[0]).toMatchObject({
      member: { memberId: bob, cancelled: false },
      lastMessage: { content: 'yes!', fromMe: false },
      unreadCount: 1,
    });

    const page1 = (await chat(ann, bob, '?page=1&pageSize=3')).body;
    const page2 = (await chat(ann, bob, '?page=2&pageSize=3')).body;
    expect(page1.total).toBe(4);
    expect(page1.items.map((m) => m.content)).toEqual(['yes!', 'third', 'are you there?']);
    expect(page2.items.map((m) => m.content)).toEqual(['hello']);
    expect(page1.items[0]).toMatchObject({ fromMe: false, read: false, sender: { memberId: bob } });
    expect(page1.items[1]).toMatchObject({ fromMe: true, read: true });

    expect((await as(ann).post(`/api/messaging/conversations/${bob}/read`)).status).toBe(204);
    expect((await unread(ann)).body.privateMessageCount).toBe(0);
    expect((await conversations(ann)).body.items[0]!.unreadCount).toBe(0);
    expect((await chat(bob, ann)).body.items[0]).toMatchObject({ content: 'yes!', fromMe: true, read: true });
  });

  it('deletes a message and a conversation for me only', async () => {
    const [cat, dan] = [await f.member('pm_cat'), await f.member('pm_dan')];
    await send(cat, dan, 'one');
    const two = (await send(cat, dan, 'two')).body.messageId;
    expect((await unread(dan)).body.privateMessageCount).toBe(2);
    // Dan deletes an unread message: it leaves his view and his unread count, not Cat's.
    expect((await as(dan).request('DELETE', `/api/messaging/conversations/${cat}/messages/${two}`)).status).toBe(204);
    expect((await chat(dan, cat)).body.items.map((m) => m.content)).toEqual(['one']);
    expect((await chat(cat, dan)).body.items.map((m) => m.content)).toEqual(['two', 'one']);
    expect((await unread(dan)).body.privateMessageCount).toBe(1);
    expect((await conversations(dan)).body.items[0]!.lastMessage).toMatchObject({ content: 'one' });
    const again = await as(dan).request<ErrorBody>('DELETE', `/api/messaging/conversations/${cat}/messages/${two}`);
    expect([again.status, again.body.code]).toEqual([404, 'messaging.message_not_found']);

    expect((await as(cat).request('DELETE', `/api/messaging/conversations/${dan}`)).status).toBe(204);
    expect((await conversations(cat)).body.total).toBe(0);
    expect((await chat(cat, dan)).body.items).toEqual([]);
    expect((await chat(dan, cat)).body.items).toHaveLength(1);
    // A new message brings the conversation back, with only what came after.
    await send(dan, cat, 'still there?');
    expect((await conversations(cat)).body.items[0]).toMatchObject({ unreadCount: 1 });
    expect((await chat(cat, dan)).body.items.map((m) => m.content)).toEqual(['still there?']);
  });

  it('refuses messaging oneself, an unknown or cancelled member, and bad content', async () => {
    const [eve, fay] = [await f.member('pm_eve'), await f.member('pm_fay')];
    const self = await send(eve, eve, 'me');
    expect([self.status, self.body]).toEqual([400, expect.objectContaining({ code: 'messaging.cannot_message_self' })]);
    const unknown = await send(eve, '01900000-0000-7000-8000-000000000000', 'hi');
    expect([unknown.status, (unknown.body as unknown as ErrorBody).code]).toEqual([
      404,
      'messaging.recipient_not_found',
    ]);
    const odd = await send(eve, 'x|y', 'hi');
    expect(odd.status).toBe(404);
    for (const content of ['', '   ', 'x'.repeat(1001)]) {
      const bad = await as(eve).post<ErrorBody>('/api/messaging/messages', { toMemberId: fay, content });
      expect([bad.status, bad.body.code, bad.body.fieldErrors?.[0]?.field]).toEqual([
        400,
        'common.validation_failed',
        'content',
      ]);
    }
    expect((await send(eve, fay, 'x'.repeat(1000))).status).toBe(201);
    const form = await as(eve)
      .asForm()
      .post<SentMessage>('/api/messaging/messages', { toMemberId: fay, content: 'form' });
    expect(form.status).toBe(201);
    expect(
      (await f.t.client.anonymous().post('/api/messaging/messages', { toMemberId: fay, content: 'hi' })).status,
    ).toBe(401);

    await cancelAccount(f.t.app, fay);
    await eventually(async () => {
      const refused = await send(eve, fay, 'gone?');
      expect([refused.status, (refused.body as unknown as ErrorBody).code]).toEqual([
        400,
        'messaging.recipient_cancelled',
      ]);
    });
  });

  it('lets a member block another: their messages are refused (zh and en) until unblocked; mine still go out', async () => {
    const [gil, hal] = [await f.member('pm_gil'), await f.member('pm_hal')];
    expect((await send(hal, gil, 'before')).status).toBe(201);
    expect((await as(gil).request('PUT', `/api/messaging/blocks/${hal}`)).status).toBe(204);
    // Blocking twice changes nothing; the list shows hal once.
    expect((await as(gil).request('PUT', `/api/messaging/blocks/${hal}`)).status).toBe(204);
    const list = await as(gil).get<Page<{ member: { memberId: string } }>>('/api/messaging/blocks');
    expect(list.body.items.map((row) => row.member.memberId)).toEqual([hal]);

    const refused = await send(hal, gil, 'let me in');
    expect([refused.status, (refused.body as unknown as ErrorBody).code]).toEqual([403, 'messaging.blocked']);
    const zh = await as(hal)
      .withHeaders({ 'accept-language': 'zh-CN' })
      .post<ErrorBody>('/api/messaging/messages', { toMemberId: gil, content: 'hi' });
    expect(zh.body.message).toBe('对方已拒收你的私信。');
    // The blocker may still write; hal's own list of blocks is empty.
    expect((await send(gil, hal, 'I can still write')).status).toBe(201);
    expect((await as(hal).get<Page<unknown>>('/api/messaging/blocks')).body.total).toBe(0);

    expect((await as(gil).request('DELETE', `/api/messaging/blocks/${hal}`)).status).toBe(204);
    expect((await as(gil).get<Page<unknown>>('/api/messaging/blocks')).body.total).toBe(0);
    expect((await send(hal, gil, 'after')).status).toBe(201);
    expect((await as(gil).request('PUT', `/api/messaging/blocks/${gil}`)).status).toBe(400);
  });

  it('answers the unread poll with zeros for visitors and stale tokens, never 401', async () => {
    const visitor = await f.t.client.anonymous().get<UnreadCount>('/api/messaging/unread-count');
    expect([visitor.status, visitor.body]).toEqual([
      200,
      { privateMessageCount: 0, remindCount: 0, systemNotifyCount: 0 },
    ]);
    const stale = await f.t.client
      .anonymous()
      .withHeaders({ authorization: 'Bearer not-a-token,whatever' })
      .get<UnreadCount>('/api/messaging/unread-count');
    expect([stale.status, stale.body.remindCount]).toEqual([200, 0]);
    expect((await f.t.client.anonymous().get('/api/messaging/conversations')).status).toBe(401);
  });

  it('documents every messaging route in the OpenAPI document', async () => {
    const document = await f.t.client.get<{ paths: Record<string, Record<string, unknown>> }>('/api/docs/json');
    const documented = new Set(
      Object.entries(document.body.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const mine = f.t.routes
      .filter((route) => route.url.startsWith('/api/messaging/'))
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(mine).toEqual(
      expect.arrayContaining([
        'POST /api/messaging/messages',
        'GET /api/messaging/unread-count',
        'GET /api/messaging/unread-count/stream',
        'PUT /api/messaging/reminder-preferences',
        'DELETE /api/messaging/system-notifications/{notificationId}/for-me',
        'DELETE /api/messaging/staff/system-notifications/{notificationId}',
      ]),
    );
    expect(mine.filter((route) => !documented.has(route))).toEqual([]);
  });
});
