import { newId, payUnlockCommand } from '@forum/contracts';
import type { ErrorBody, Page, PayUnlockInput, WalletView } from '@forum/contracts';
import { PeerCommands, SiteSettingsCache } from '@forum/platform';
import { auditWalletLedgers, creditWallet, eventually, ForumFixture, startForum } from '@forum/testing';
import type { TopicDetail, UnlockRecordView, UnlockResult } from '../topics/topic.schemas';

/**
 * Paid hidden content (docs/rules/forum.md, hidden types 40 and 50, docs/architecture.md): the reader's request pays through the
 * wallet and answers the opened blocks; the author is credited (minus the platform share for balance), the
 * ledgers pass the audit, refusals write nothing, and a reader pays once whatever the concurrency.
 */
describe('paid unlocks (types 40 points and 50 balance)', () => {
  let f: ForumFixture;
  let tagId: string;
  let author: string;

  beforeAll(async () => {
    // The read-your-writes wait only bounds an answer (a fast projection answers at once): a busy machine needs more.
    f = await startForum(['wallet']);
    tagId = await f.tag('Paid');
    author = await f.member('paid_author');
  });
  afterAll(() => f.t.close());

  /** Money and points to spend, as a staff adjustment would give them. */
  async function fund(memberId: string, { points = 0, fen = 0 }: { points?: number; fen?: number }) {
    await creditWallet(f.t, memberId, { points, fen });
  }
  const wallet = async (memberId: string) => (await f.t.client.as(memberId).get<WalletView>('/api/wallet/me')).body;
  const unlock = (memberId: string, topicId: string, body: Record<string, unknown>) =>
    f.t.client.as(memberId).post<UnlockResult & ErrorBody>(`/api/forum/topics/${topicId}/unlock`, body);
  const detail = async (memberId: string, topicId: string) =>
    (await f.t.client.as(memberId).get<TopicDetail>(`/api/forum/topics/${topicId}`)).body;
  const post = (content: string) => f.post(author, { title: 'Paid content', content, tagIds: [tagId] });
  const audit = async () => {
    const report = await auditWalletLedgers(f.t);
    expect(report.differences).toEqual([]);
    expect(report.ok).toBe(true);
  };

  it('pays in points: the reader sees the blocks, the author gets the points, both lists show what was paid', async () => {
    const reader = await f.member('points_reader');
    await fund(reader, { points: 100 });
    const topicId = await post(
      '<p>Intro</p><hide type="40" value="20"><p>POINTS-A</p></hide><hide type="40" value="10"><p>POINTS-B</p></hide>',
    );
    const before = await detail(reader, topicId);
    expect(before.content).not.toContain('POINTS-');
    expect(before.hiddenBlocks.map((block) => [block.requirement, block.unlocked])).toEqual([
      ['20', false],
      ['10', false],
    ]);

    const paid = await unlock(reader, topicId, { type: 40, price: 30 });
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({
      type: 40,
      blocks: [
        { index: 0, html: '<p>POINTS-A</p>' },
        { index: 1, html: '<p>POINTS-B</p>' },
      ],
      pricePaid: 30,
      visible: true,
    });
    expect((await detail(reader, topicId)).content).toContain('POINTS-B');
    await eventually(async () => expect((await wallet(reader)).points).toBe(70));
    // The author also earned the points for posting this, their first topic.
    const posting = f.t.app.get(SiteSettingsCache).current().points.topic;
    await eventually(async () => expect((await wallet(author)).points).toBe(30 + posting));

    const again = await unlock(reader, topicId, { type: 40, price: 30 });
    expect([again.status, again.body.code]).toEqual([409, 'forum.already_unlocked']);
    const who = await f.t.client.as(author).get<Page<UnlockRecordView>>(`/api/forum/topics/${topicId}/unlocks`);
    expect(who.body.items).toEqual([
      expect.objectContaining({ member: expect.objectContaining({ memberId: reader }), type: 40, pricePaid: 30 }),
    ]);
    const mine = await f.t.client.as(reader).get<Page<UnlockRecordView>>('/api/forum/me/unlocks');
    expect(mine.body.items).toEqual([expect.objectContaining({ topicId, type: 40, pricePaid: 30 })]);
    await audit();
  });

  it('pays in balance: the author gets the price minus the platform share, the platform wallet the share', async () => {
    const changed = await f.t.client
      .as(f.staffId, 'staff')
      .request('PATCH', '/api/moderation/settings', { wallet: { platformSharePercent: { paidUnlock: 10 } } });
    expect(changed.status).toBe(200);
    const settings = f.t.app.get(SiteSettingsCache);
    await eventually(() => expect(settings.current().wallet.platformSharePercent.paidUnlock).toBe(10));
    const [reader, seller] = [await f.member('cash_reader'), await f.member('cash_seller')];
    await fund(reader, { fen: 1000 });
    const topicId = await f.post(seller, {
      title: 'Cash content',
      content: '<p>Intro</p><hide type="50" value="199"><p>CASH-MARK</p></hide>',
      tagIds: [tagId],
    });
    const platformBefore =
      (
        await f.t
          .db('wallet')
          .collection<{ _id: string; available?: number }>('wallet_accounts')
          .findOne({ _id: 'platform' })
      )?.available ?? 0;

    const paid = await unlock(reader, topicId, { type: '50', price: '199' });
    expect([paid.status, paid.body.pricePaid, paid.body.blocks]).toEqual([
      200,
      199,
      [{ index: 0, html: '<p>CASH-MARK</p>' }],
    ]);
    await eventually(async () => expect((await wallet(reader)).available).toBe(801));
    // 10 % of 199 fen is 19.9: the platform takes 19, the author 180.
    await eventually(async () => expect((await wallet(seller)).available).toBe(180));
    await eventually(async () => {
      const platform = await f.t.client.as(f.staffId, 'staff').get<{ available: number }>('/api/wallet/platform');
      expect(platform.body.available - platformBefore).toBe(19);
    });
    const who = await f.t.client.as(seller).get<Page<UnlockRecordView>>(`/api/forum/topics/${topicId}/unlocks`);
    expect(who.body.items).toEqual([expect.objectContaining({ type: 50, pricePaid: 199 })]);
    await audit();
  });

  it('refuses without enough points or balance, with a clear code, and writes nothing', async () => {
    const reader = await f.member('poor_reader');
    await fund(reader, { points: 10, fen: 50 });
    const topicId = await post(
      '<hide type="40" value="30"><p>POOR-POINTS</p></hide><hide type="50" value="100"><p>POOR-CASH</p></hide>',
    );
    const points = await unlock(reader, topicId, { type: 40, price: 30 });
    expect([points.status, points.body.code]).toEqual([409, 'wallet.insufficient_points']);
    const cash = await unlock(reader, topicId, { type: 50, price: 100 });
    expect([cash.status, cash.body.code]).toEqual([409, 'wallet.insufficient_balance']);

    // The reader's wallet stream holds the two fundings only; the forum has no unlock stream for the reader.
    expect(
      await f.t
        .db('wallet')
        .collection('commits')
        .countDocuments({ streamId: `wallet-${reader}` }),
    ).toBe(2);
    expect(
      await f.t
        .db('forum')
        .collection('commits')
        .countDocuments({ streamId: `topicUnlock-${topicId}:${reader}` }),
    ).toBe(0);
    await eventually(async () => expect(await wallet(reader)).toMatchObject({ points: 10, available: 50 }));
    expect((await detail(reader, topicId)).content).not.toMatch(/POOR-/);
    await audit();
  });

  it('refuses the author buying their own content, a missing price and a price that is not the one asked', async () => {
    const reader = await f.member('careful_reader');
    await fund(reader, { points: 100 });
    const topicId = await post('<hide type="40" value="30"><p>OWN-MARK</p></hide>');
    await fund(author, { points: 100 });
    const own = await unlock(author, topicId, { type: 40, price: 30 });
    expect([own.status, own.body.code]).toEqual([400, 'forum.unlock_not_needed']);
    const missing = await unlock(reader, topicId, { type: 40 });
    expect([missing.status, missing.body.fieldErrors?.[0]?.field]).toEqual([400, 'price']);
    const changed = await unlock(reader, topicId, { type: 40, price: 20 });
    expect([changed.status, changed.body.code]).toEqual([409, 'forum.unlock_price_changed']);
    const none = await unlock(reader, topicId, { type: 50, price: 30 });
    expect([none.status, none.body.code]).toEqual([400, 'forum.unlock_not_needed']);
    await eventually(async () => expect((await wallet(reader)).points).toBe(100));
    expect(
      await f.t
        .db('wallet')
        .collection('commits')
        .countDocuments({ streamId: `wallet-${reader}` }),
    ).toBe(1);
  });

  it('10 concurrent unlocks of the same block by one reader pay once', async () => {
    const reader = await f.member('eager_reader');
    await fund(reader, { points: 100 });
    const topicId = await post('<hide type="40" value="30"><p>RACE-MARK</p></hide>');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => unlock(reader, topicId, { type: 40, price: 30 })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses).toContain(200);
    for (const answer of answers) {
      if (answer.status !== 200) expect([answer.status, answer.body.code]).toEqual([409, 'forum.already_unlocked']);
      else expect(answer.body.blocks).toEqual([{ index: 0, html: '<p>RACE-MARK</p>' }]);
    }
    await eventually(async () => expect((await wallet(author)).points).toBeGreaterThanOrEqual(30));
    await eventually(async () => expect((await wallet(reader)).points).toBe(70));
    // One funding and one debit in the reader's wallet stream.
    expect(
      await f.t
        .db('wallet')
        .collection('commits')
        .countDocuments({ streamId: `wallet-${reader}` }),
    ).toBe(2);
    const who = await f.t.client.as(author).get<Page<UnlockRecordView>>(`/api/forum/topics/${topicId}/unlocks`);
    expect(who.body.total).toBe(1);
    await audit();
  });

  it('a payment whose unlock a crash did not record is recorded from the wallet debit', async () => {
    const reader = await f.member('crash_reader');
    await fund(reader, { points: 50 });
    const topicId = await post('<hide type="40" value="25"><p>HEALED-MARK</p></hide>');
    // The request paid and died before recording: only the wallet's side happened.
    const input: PayUnlockInput = { topicId, readerId: reader, authorId: author, type: 40, price: 25 };
    await f.t.app.get(PeerCommands).execute(payUnlockCommand, input, {
      actor: { kind: 'member', id: reader },
      now: new Date(),
      correlationId: newId(),
    });
    await eventually(async () => expect((await detail(reader, topicId)).content).toContain('HEALED-MARK'), {
      timeoutMs: 20_000,
    });
    const mine = await f.t.client.as(reader).get<Page<UnlockRecordView>>('/api/forum/me/unlocks');
    expect(mine.body.items).toEqual([expect.objectContaining({ topicId, type: 40, pricePaid: 25 })]);
    // The reader's retry finds the unlock done and is not charged again.
    const retry = await unlock(reader, topicId, { type: 40, price: 25 });
    expect([retry.status, retry.body.code]).toEqual([409, 'forum.already_unlocked']);
    await eventually(async () => expect((await wallet(reader)).points).toBe(25));
  });
});
