import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import { newId } from '@forum/contracts';
import type { Page, TopicDetail, TopicRow } from '@forum/contracts';
import { eventually, startTestApp } from '@forum/testing';
import type { TestApp } from '@forum/testing';
import { LogInCommand } from '../../identity/src/accounts/commands';
import { DEMO_MARKDOWN_TOPIC_TITLE, DEMO_PHOTO_TOPIC_TITLE } from '../../forum/src/topics/demo-topics';
import { ALL_CONTEXTS } from './contexts';
import { DEMO_DRAFT_TITLE } from '../../forum/src/drafts/demo-drafts';
import { DEMO_POLL_QUESTION } from '../../forum/src/polls/demo-polls';
import type { TopicPoll } from '../../forum/src/polls/poll.schemas';
import { DEMO_ACCOUNTS, DEMO_TITLES, seedDemo } from './demo-seed';

interface Reminder {
  type: number;
  sender: { memberId: string };
  topicTitle: string | null;
  questionTitle: string | null;
}

/**
 * What `npm start` shows: the whole demo seed on a fresh site (every context), then each item seen through the
 * member and staff APIs the two sites use — and a second run that changes nothing.
 */
describe('demo seed (npm start)', () => {
  let t: TestApp;
  let filesRoot: string;
  const ids = { staff: '', member: '', reader: '' };

  beforeAll(async () => {
    filesRoot = await mkdtemp(join(tmpdir(), 'demo-seed-files-'));
    t = await startTestApp(ALL_CONTEXTS, { env: { FILE_STORAGE_DIR: filesRoot } });
    expect(await seedDemo(t.app)).toEqual({ seeded: true });
    for (const kind of ['staff', 'member', 'reader'] as const) {
      const { account, password } = DEMO_ACCOUNTS[kind];
      const meta = { actor: { kind: 'system' as const, id: null }, now: new Date(), correlationId: newId() };
      ids[kind] = (await t.app.get(CommandBus).execute(new LogInCommand({ account, password }, meta))).systemUser.id;
    }
  }, 600_000); // every context's seed, on a shared two-core host

  afterAll(async () => {
    await t?.close();
    await rm(filesRoot, { recursive: true, force: true });
  });

  const staff = () => t.client.as(ids.staff, 'staff');
  const member = () => t.client.as(ids.member);
  const reader = () => t.client.as(ids.reader);
  const topics = async (query = '') =>
    (await t.client.get<Page<TopicRow>>(`/api/forum/topics?pageSize=50${query}`)).body;
  const topicNamed = async (title: string) => (await topics()).items.find((row) => row.title === title)!;
  const reminders = async (as: typeof member) =>
    (await as().get<Page<Reminder>>('/api/messaging/reminders?pageSize=100')).body.items;

  it('runs once: a second start adds nothing and does not fail', async () => {
    const before = (await topics()).total;
    expect(await seedDemo(t.app)).toEqual({ seeded: false });
    expect((await topics()).total).toBe(before);
  });

  it('follows: the demo member has two followers, each of whom they can see', async () => {
    const followers = await t.client.get<Page<{ memberId?: string; id?: string }>>(
      `/api/identity/members/${ids.member}/followers`,
    );
    expect(followers.body.total).toBe(2);
    expect(JSON.stringify(followers.body.items)).toContain(ids.reader);
    expect(JSON.stringify(followers.body.items)).toContain(ids.staff);
  });

  it('pinned and essence topics: the welcome topic heads the home list, the ledger topic is in essence', async () => {
    const home = await topics();
    expect(home.items[0]).toMatchObject({ title: DEMO_TITLES.welcome, pinned: true });
    const essence = await topics('&filter=essence');
    expect(essence.items.map((row) => row.title)).toEqual([DEMO_TITLES.ledger]);
  });

  it('an image in a topic, served as a PNG, and the @-mention it carries reaches the demo member', async () => {
    const { topicId } = await topicNamed(DEMO_PHOTO_TOPIC_TITLE);
    const detail = (await t.client.get<TopicDetail>(`/api/forum/topics/${topicId}`)).body;
    const src = /<img[^>]* src="(\/api\/files\/forum\/images\/[0-9a-f]+\.png)"/.exec(detail.content)?.[1];
    expect(src).toBeDefined();
    const image = await t.app.inject({ method: 'GET', url: src! });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    await eventually(async () =>
      expect(await reminders(member)).toContainEqual(
        expect.objectContaining({
          type: 200,
          sender: expect.objectContaining({ memberId: ids.reader }),
          topicTitle: DEMO_PHOTO_TOPIC_TITLE,
        }),
      ),
    );
  });

  it('a post written in Markdown reads as formatted content, its comment block locked for a visitor', async () => {
    const { topicId } = await topicNamed(DEMO_MARKDOWN_TOPIC_TITLE);
    const visitor = (await t.client.get<TopicDetail>(`/api/forum/topics/${topicId}`)).body;
    expect(visitor.content).toMatch(/<h2>路线 · The route<\/h2>/);
    expect(visitor.content).toMatch(/<ol>\s*<li>北门出发/);
    expect(visitor.content).toContain('<strong>ridge</strong>');
    expect(visitor.content).toMatch(/<pre><code class="language-text">距离/);
    expect(visitor.content).not.toContain(':::');
    expect(visitor.content).not.toContain('集合地点');
    expect(visitor.hiddenBlocks).toEqual([expect.objectContaining({ type: 20, unlocked: false })]);
    const author = (await reader().get<TopicDetail>(`/api/forum/topics/${topicId}`)).body;
    expect(author.content).toMatch(/<hide type="20" data-block-id="[^"]+">\s*<p>集合地点/);
  });

  it('red envelopes: random, directed to the demo member (still to open), and fixed with two claims', async () => {
    const sent = await staff().get<Page<{ id: string; type: number; topicId: string }>>(
      '/api/wallet/me/envelopes/sent',
    );
    expect(sent.body.items.map((envelope) => envelope.type).sort()).toEqual([10, 20, 30]);
    const directed = sent.body.items.find((envelope) => envelope.type === 10)!;
    const view = await member().get<{ recipientId: string; totalAmount: number; claimedByMe: unknown }>(
      `/api/wallet/envelopes/${directed.id}`,
    );
    expect(view.body).toMatchObject({ recipientId: ids.member, totalAmount: 666, claimedByMe: null });
    const fixed = sent.body.items.find((envelope) => envelope.type === 30)!;
    const claims = await t.client.get<Page<{ amount: number }>>(`/api/wallet/envelopes/${fixed.id}/claims`);
    expect([claims.body.total, claims.body.items.map((claim) => claim.amount)]).toEqual([2, [200, 200]]);
    const received = await reader().get<Page<{ envelopeId: string; amount: number }>>(
      '/api/wallet/me/envelopes/received',
    );
    expect(received.body.items).toEqual([expect.objectContaining({ envelopeId: fixed.id, amount: 200 })]);
  });

  it('membership cards: hour and day durations on sale, and the second demo member holds a day pass', async () => {
    const cards = await t.client.get<{ items?: { specifications: { unit: string; duration: number }[] }[] }>(
      '/api/wallet/membership-cards',
    );
    const units = JSON.stringify(cards.body);
    expect(units).toContain('"unit":"hour"');
    expect(units).toContain('"unit":"day"');
    const orders = await reader().get<Page<{ unit: string; duration: number }>>('/api/wallet/me/membership-orders');
    expect(orders.body.items).toEqual([expect.objectContaining({ unit: 'day', duration: 1 })]);
  });

  it('a resolved report: the console lists it handled with its outcome, and the reporter reads the result', async () => {
    const queue = await staff().get<Page<{ outcome: string | null; result: string | null; reporterId?: string }>>(
      '/api/moderation/staff/reports',
    );
    expect(queue.body.items).toContainEqual(
      expect.objectContaining({ outcome: 'failed', result: expect.stringContaining('not an advert') }),
    );
    expect(queue.body.items.some((row) => row.outcome === null)).toBe(true); // the pending one is still there
    const mine = await reader().get<Page<{ result: string | null }>>('/api/moderation/reports/mine');
    expect(mine.body.items).toEqual([expect.objectContaining({ result: expect.stringContaining('not an advert') })]);
  });

  it('Q&A reminders: the asker is told of answers, the answerer that their answer was adopted', async () => {
    await eventually(async () => {
      expect(await reminders(member)).toContainEqual(expect.objectContaining({ type: 120 }));
      expect(await reminders(staff)).toContainEqual(expect.objectContaining({ type: 310 }));
    });
  });

  it('platform revenue: the paid block earned the platform its share, on the console’s revenue account', async () => {
    await eventually(async () => {
      const platform = await staff().get<{ available: number }>('/api/wallet/platform');
      expect(platform.body.available).toBe(10);
      const entries = await staff().get<Page<{ amount: number }>>('/api/wallet/platform/balance-entries');
      expect(entries.body.items.map((entry) => entry.amount)).toEqual([10]);
    });
    const paid = await reader().get<TopicDetail>(`/api/forum/topics/${(await topicNamed(DEMO_TITLES.hidden)).topicId}`);
    expect(paid.body.content).toContain('Balance block');
  });

  it('a draft: the demo member’s unfinished topic, theirs alone', async () => {
    const drafts = await member().get<{ items: { key: string; title: string; excerpt: string }[] }>(
      '/api/forum/drafts',
    );
    expect(drafts.body.items).toEqual([
      expect.objectContaining({
        key: 'topic:new',
        title: DEMO_DRAFT_TITLE,
        excerpt: expect.stringContaining('Drafts'),
      }),
    ]);
    expect((await reader().get<{ items: unknown[] }>('/api/forum/drafts')).body.items).toEqual([]);
  });

  it('a poll on the weekend topic: the reader who voted sees the counts, the demo member (its author) the choices', async () => {
    const topicId = (await topicNamed(DEMO_TITLES.weekend)).topicId;
    const voted = (await reader().get<TopicPoll>(`/api/forum/topics/${topicId}/poll`)).body.poll!;
    expect(voted).toMatchObject({ question: DEMO_POLL_QUESTION, closed: false, voters: 2, myVote: ['o2'] });
    expect(voted.options.map((option) => option.votes)).toEqual([1, 1, 0, 0]);
    const author = (await member().get<TopicPoll>(`/api/forum/topics/${topicId}/poll`)).body.poll!;
    expect(author).toMatchObject({ resultsVisible: false, voters: null, myVote: null });
    const staffList = await staff().get<Page<{ id: string; voters: number }>>('/api/forum/staff/polls');
    expect(staffList.body.items).toContainEqual(expect.objectContaining({ id: topicId, voters: 2 }));
  });
});
