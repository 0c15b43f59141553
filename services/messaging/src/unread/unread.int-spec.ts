import type { ErrorBody, Page } from '@forum/contracts';
import { TokenService } from '@forum/platform';
import { bindVerifiedEmail, eventually, sharedEnv, startTestApp } from '@forum/testing';
import { MessagingFixture, startMessaging } from '../messaging.fixture';
import { MessagingModule } from '../messaging.module';
import { INBOX_STATE } from '../reminders/inbox.projection';
import { SYSTEM_NOTIFICATIONS } from '../notifications/notifications.projection';
import type { NotificationView, StaffNotificationView } from '../notifications/system-notifications';
import { DEMO_MEMBER_EMAIL, seedDemoMessaging } from '../demo-messaging';
import { LiveUnread } from './live-unread';
import type { UnreadCount } from './unread-counts';

/** Reads `event: unread` frames from a Server-Sent Events response. */
class UnreadStream {
  private buffer = '';
  readonly counts: UnreadCount[] = [];
  private readonly abort = new AbortController();

  static async open(url: string): Promise<UnreadStream & { response: Response }> {
    const stream = new UnreadStream();
    const response = await fetch(url, { signal: stream.abort.signal, headers: { accept: 'text/event-stream' } });
    void stream.pump(response);
    return Object.assign(stream, { response });
  }

  private async pump(response: Response): Promise<void> {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        this.buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = this.buffer.indexOf('\n\n')) >= 0) {
          const frame = this.buffer.slice(0, end);
          this.buffer = this.buffer.slice(end + 2);
          const data = /^event: unread\ndata: (.*)$/m.exec(frame);
          if (data) this.counts.push(JSON.parse(data[1]!) as UnreadCount);
        }
      }
    } catch {
      // aborted
    }
  }

  /** The first count pushed from now on that satisfies `check`, with how long it took. */
  async next(check: (count: UnreadCount) => boolean, timeoutMs = 5000): Promise<{ count: UnreadCount; ms: number }> {
    const from = this.counts.length;
    const started = Date.now();
    const count = await eventually(
      () => {
        const found = this.counts.slice(from).find(check);
        if (!found) throw new Error(`no matching push yet: ${JSON.stringify(this.counts.slice(from))}`);
        return found;
      },
      { timeoutMs },
    );
    return { count, ms: Date.now() - started };
  }

  close(): void {
    this.abort.abort();
  }
}

describe('messaging: system notifications and live unread counts', () => {
  let f: MessagingFixture;
  let base: string;

  beforeAll(async () => {
    f = await startMessaging();
    base = await f.t.listen();
    await f.t.app.select(MessagingModule).get(LiveUnread).ready();
  });
  afterAll(() => f.close());

  const as = (memberId: string) => f.t.client.as(memberId);
  const staff = () => f.t.client.as(f.staffId, 'staff');
  const unread = async (memberId: string) => (await as(memberId).get<UnreadCount>('/api/messaging/unread-count')).body;
  const notices = async (memberId: string) =>
    (await as(memberId).get<Page<NotificationView>>('/api/messaging/system-notifications')).body;
  const token = (memberId: string) => f.t.app.get(TokenService).issueAccessToken({ sub: memberId, kind: 'member' });

  it('staff publish, edit and withdraw; members read them with a watermark, not one document each', async () => {
    const [ann, bob] = [await f.member('sn_ann'), await f.member('sn_bob')];
    const published = await staff().post<{ notificationId: string }>('/api/messaging/staff/system-notifications', {
      title: 'Maintenance',
      content: 'Tonight 22:00–23:00.',
    });
    expect(published.status).toBe(201);
    const first = published.body.notificationId;
    const second = (
      await staff().post<{ notificationId: string }>('/api/messaging/staff/system-notifications', {
        title: 'New rules',
        content: 'Be kind.',
      })
    ).body.notificationId;
    expect((await unread(ann)).systemNotifyCount).toBe(2);
    expect((await notices(ann)).items.map((n) => [n.title, n.read])).toEqual([
      ['New rules', false],
      ['Maintenance', false],
    ]);

    const forbidden = await as(ann).post<ErrorBody>('/api/messaging/staff/system-notifications', {
      title: 'x',
      content: 'y',
    });
    expect(forbidden.status).toBe(403);
    const blank = await staff().post<ErrorBody>('/api/messaging/staff/system-notifications', {
      title: ' ',
      content: 'y',
    });
    expect([blank.status, blank.body.fieldErrors?.[0]?.field]).toEqual([400, 'title']);

    expect(
      (
        await staff().request('PATCH', `/api/messaging/staff/system-notifications/${first}`, {
          title: 'Maintenance (moved)',
          content: 'Tomorrow 22:00.',
        })
      ).status,
    ).toBe(204);
    expect((await notices(bob)).items[1]).toMatchObject({ title: 'Maintenance (moved)', editedAt: expect.any(String) });

    // Ann reads all; Bob deletes one for himself.
    expect((await as(ann).post('/api/messaging/system-notifications/read-all')).status).toBe(204);
    expect((await unread(ann)).systemNotifyCount).toBe(0);
    expect((await notices(ann)).items.every((n) => n.read)).toBe(true);
    expect((await as(bob).request('DELETE', `/api/messaging/system-notifications/${second}/for-me`)).status).toBe(204);
    expect((await notices(bob)).items.map((n) => n.notificationId)).toEqual([first]);
    expect((await unread(bob)).systemNotifyCount).toBe(1);
    // Bob reads the other one by itself: read in his list, out of his count, once however often he marks it.
    expect((await as(bob).post(`/api/messaging/system-notifications/${first}/read`)).status).toBe(204);
    expect((await as(bob).post(`/api/messaging/system-notifications/${first}/read`)).status).toBe(204);
    expect((await notices(bob)).items.map((n) => [n.notificationId, n.read])).toEqual([[first, true]]);
    expect((await unread(bob)).systemNotifyCount).toBe(0);

    // A withdrawn notice leaves every list and count; staff still see it.
    expect((await staff().request('DELETE', `/api/messaging/staff/system-notifications/${first}`)).status).toBe(204);
    expect((await unread(bob)).systemNotifyCount).toBe(0);
    expect((await notices(bob)).items).toEqual([]);
    expect((await as(bob).post(`/api/messaging/system-notifications/${first}/read`)).status).toBe(404);
    const all = await staff().get<Page<StaffNotificationView>>('/api/messaging/staff/system-notifications');
    expect(all.body.items.map((n) => [n.notificationId, n.withdrawn])).toEqual([
      [second, false],
      [first, true],
    ]);
    const one = await staff().get<StaffNotificationView>(`/api/messaging/staff/system-notifications/${first}`);
    expect([one.status, one.body.withdrawn, one.body.notificationId]).toEqual([200, true, first]);
    expect((await as(ann).get(`/api/messaging/staff/system-notifications/${first}`)).status).toBe(403);
    const editWithdrawn = await staff().request<ErrorBody>(
      'PATCH',
      `/api/messaging/staff/system-notifications/${first}`,
      {
        title: 'a',
        content: 'b',
      },
    );
    expect([editWithdrawn.status, editWithdrawn.body.code]).toEqual([404, 'messaging.notification_not_found']);

    // Storage: one document per notice, one small state document per member who marked something.
    const db = f.t.db('messaging');
    expect(await db.collection(SYSTEM_NOTIFICATIONS).countDocuments()).toBe(2);
    expect(await db.collection(INBOX_STATE).countDocuments({ _id: { $in: [ann, bob] } as never })).toBe(2);
  });

  it('pushes new counts over SSE when someone follows me or messages me', async () => {
    const [star, fan] = [await f.member('sse_star'), await f.member('sse_fan')];
    const refused = await fetch(`${base}/api/messaging/unread-count/stream?access_token=forged`);
    expect(refused.status).toBe(401);
    await refused.body?.cancel();

    const stream = await UnreadStream.open(`${base}/api/messaging/unread-count/stream?access_token=${token(star)}`);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const initial = await stream.next(() => true);
      expect(initial.count).toEqual({ privateMessageCount: 0, remindCount: 0, systemNotifyCount: expect.any(Number) });

      expect((await as(fan).request('PUT', `/api/identity/follows/${star}`)).status).toBe(204);
      const followed = await stream.next((count) => count.remindCount === 1);
      expect(followed.ms).toBeLessThan(2000);

      expect((await as(fan).post('/api/messaging/messages', { toMemberId: star, content: 'hi!' })).status).toBe(201);
      const messaged = await stream.next((count) => count.privateMessageCount === 1);
      expect(messaged.ms).toBeLessThan(1000);
      expect(messaged.count.remindCount).toBe(1);

      await staff().post('/api/messaging/staff/system-notifications', { title: 'Live', content: 'pushed to everyone' });
      const before = initial.count.systemNotifyCount;
      await stream.next((count) => count.systemNotifyCount === before + 1);
    } finally {
      stream.close();
    }
    await eventually(() => expect(f.t.app.select(MessagingModule).get(LiveUnread).connections).toBe(0));
  });

  it('seeds a demo conversation and a welcome notice once, however often the seed runs', async () => {
    const memberId = await f.member('demo_pm');
    // The all-in-one's demo seed has identity bind the demo member's address before messaging's seed runs.
    await bindVerifiedEmail(f.t.app, memberId, DEMO_MEMBER_EMAIL);
    await seedDemoMessaging(f.t.app, { staffId: f.staffId, memberId });
    await seedDemoMessaging(f.t.app, { staffId: f.staffId, memberId });
    const chat = await as(memberId).get<Page<{ content: string }>>(
      `/api/messaging/conversations/${f.staffId}/messages`,
    );
    expect(chat.body.total).toBe(3);
    expect((await notices(memberId)).items.filter((n) => n.title === '欢迎 · Welcome')).toHaveLength(1);
    expect((await unread(memberId)).privateMessageCount).toBe(1);
    // The staff's two messages reached the demo member's address, once each: the console's outbox shows them.
    const outbox = f.t
      .db('identity')
      .collection<{ target: string; purpose: string; text: string; headers?: Record<string, string> }>(
        'outbox_messages',
      );
    await eventually(async () =>
      expect(await outbox.countDocuments({ target: DEMO_MEMBER_EMAIL, purpose: 'notification' })).toBe(2),
    );
    const emails = await outbox.find({ target: DEMO_MEMBER_EMAIL }).toArray();
    expect(emails.map((email) => email.text).join('\n')).toContain('你好！有问题随时私信我。');
    expect(emails[0]!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('pushes from a replica that runs no projector: each replica hears the changes through its own consumer group', async () => {
    const replica = await startTestApp(['identity', MessagingModule], {
      env: { ...sharedEnv(f.t.config), RUN_WORKERS: 'false' },
    });
    try {
      const replicaUrl = await replica.listen();
      await replica.app.select(MessagingModule).get(LiveUnread).ready();
      const [reader, writer] = [await f.member('rep_reader'), await f.member('rep_writer')];
      const stream = await UnreadStream.open(
        `${replicaUrl}/api/messaging/unread-count/stream?access_token=${token(reader)}`,
      );
      try {
        await stream.next(() => true);
        // The message is sent to the first replica (which runs the projectors); the page is open on the other.
        expect(
          (await as(writer).post('/api/messaging/messages', { toMemberId: reader, content: 'hello' })).status,
        ).toBe(201);
        const pushed = await stream.next((count) => count.privateMessageCount === 1);
        expect(pushed.ms).toBeLessThan(1500);
      } finally {
        stream.close();
      }
    } finally {
      await replica.close();
    }
  });
});
