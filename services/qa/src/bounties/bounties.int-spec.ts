import { BOUNTY_ESCROW_WALLET_ID, MEMBER_PERMISSIONS, PLATFORM_WALLET_ID } from '@forum/contracts';
import { EventStore } from '@forum/event-store';
import { SiteSettingsCache } from '@forum/platform';
import { auditWalletLedgers, contextModule, eventually, QaFixture, startQa, walletAccount } from '@forum/testing';
import { QaModule } from '../qa.module';
import { QuestionCommands } from '../questions/question.commands';
import { QaBounties } from './qa-bounties';

const DAY_MS = 86_400_000;

jest.setTimeout(180_000);

describe('qa: bounties through the wallet', () => {
  let f: QaFixture;
  let tagId: string;
  let walletStore: EventStore;

  beforeAll(async () => {
    f = await startQa();
    walletStore = new EventStore('wallet', f.t.db('wallet'));
    tagId = await f.tag('Bounties');
    const changed = await f.t.client
      .as(f.staffId, 'staff')
      .request('PATCH', '/api/moderation/settings', { wallet: { platformSharePercent: { bounty: 10 } } });
    expect(changed.status).toBe(200);
    for (const context of ['wallet', 'qa'] as const) {
      const cache = f.t.app.select(await contextModule(context)).get(SiteSettingsCache);
      await eventually(() => expect(cache.current().wallet.platformSharePercent.bounty).toBe(10));
    }
  }, 300_000);
  afterAll(() => f?.t.close());

  /** A funded asker's question with a cash and points bounty, and an answer by another member. */
  async function bountied(amount = '20.00', points = 30) {
    const asker = await f.member();
    const answerer = await f.member();
    await f.fund(asker, 'balance', 10_000);
    await f.fund(asker, 'points', 100);
    const asked = await f.ask(asker, {
      title: 'How do bounties work?',
      content: '<p>Tell me.</p>',
      tagIds: [tagId],
      bountyAmount: amount,
      bountyPoints: points,
    });
    expect(asked.status).toBe(201);
    const questionId = (asked.body as { questionId: string }).questionId;
    const answerId = await f.answer(answerer, questionId);
    return { asker, answerer, questionId, answerId };
  }

  async function bountyEvents(questionId: string): Promise<string[]> {
    return (await walletStore.readStream(`bounty-${questionId}`)).map((event) => event.type);
  }

  it('refuses a bounty above the balance with a clear message and freezes nothing', async () => {
    const asker = await f.member();
    await f.fund(asker, 'balance', 500);
    const refused = await f.ask(asker, {
      title: 'Too rich',
      content: '<p>?</p>',
      tagIds: [tagId],
      bountyAmount: '5.01',
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'qa.bounty_exceeds_balance',
      message: 'The cash bounty is more than your available balance.',
    });
    expect(await f.wallet(asker)).toMatchObject({ available: 500, frozen: 0 });
    const mine = await f.t.client.as(asker).get<{ total: number }>('/api/qa/me/questions');
    expect(mine.body.total).toBe(0);
  });

  it('refuses a bounty outside the settings bounds', async () => {
    const asker = await f.member();
    const refused = await f.ask(asker, { title: 'Cheap', content: '<p>?</p>', tagIds: [tagId], bountyAmount: '0.01' });
    expect(refused.status).toBe(400);
    // The bounds are kept in fen and told in yuan (defaults: 1 to 100,000 yuan), in the reader's language.
    expect(refused.body).toMatchObject({
      code: 'qa.bounty_out_of_range',
      message: 'The cash bounty must be between 1.00 and 100000.00 yuan.',
    });
    const zh = await f.t.client
      .as(asker)
      .withHeaders({ 'accept-language': 'zh-CN' })
      .post('/api/qa/questions', { title: 'Cheap', content: '<p>?</p>', tagIds: [tagId], bountyAmount: '0.01' });
    expect(zh.body).toMatchObject({ message: '现金悬赏须在 1.00 至 100000.00 元之间。' });
    const points = await f.ask(asker, { title: 'Greedy', content: '<p>?</p>', tagIds: [tagId], bountyPoints: 100_001 });
    expect(points.body).toMatchObject({
      code: 'qa.points_bounty_out_of_range',
      message: 'The points bounty must be between 1 and 100000 points.',
    });
  });

  it('releases the freeze when the question cannot be written after it', async () => {
    const asker = await f.member();
    await f.fund(asker, 'balance', 3_000);
    await f.fund(asker, 'points', 50);
    const commands = f.t.app.select(QaModule).get(QuestionCommands);
    const fault = jest.spyOn(commands, 'append').mockRejectedValueOnce(new Error('simulated store fault'));
    try {
      const failed = await f.ask(asker, {
        title: 'Unlucky',
        content: '<p>?</p>',
        tagIds: [tagId],
        bountyAmount: '10',
        bountyPoints: 20,
      });
      expect([failed.status, failed.body]).toMatchObject([500, { code: 'common.internal' }]);
    } finally {
      fault.mockRestore();
    }
    await eventually(async () =>
      expect(await f.wallet(asker)).toMatchObject({ available: 3_000, frozen: 0, points: 50 }),
    );
  });

  it('pays an adoption raced by the asker from two tabs and by staff exactly once', async () => {
    const { asker, answerer, questionId, answerId } = await bountied('20.00', 30);
    expect(await f.wallet(asker)).toMatchObject({ available: 8_000, frozen: 2_000 });
    const adopt = (id: string, kind: 'member' | 'staff') =>
      f.t.client.as(id, kind).post(`/api/qa/questions/${questionId}/adopt`, { answerId });
    const answers = await Promise.all([adopt(asker, 'member'), adopt(asker, 'member'), adopt(f.staffId, 'staff')]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await bountyEvents(questionId)).toEqual(['BountyHeld', 'BountyAwarded']);
    await eventually(async () => {
      // 100 points − 30 held + 10 for asking.
      expect(await f.wallet(asker)).toMatchObject({ available: 8_000, frozen: 0, points: 80 });
      // 20.00 yuan minus the 10 % platform share; the points in full (points for the answer: 5).
      expect(await f.wallet(answerer)).toMatchObject({ available: 1_800, points: 35 });
    });
    const detail = await f.question(questionId);
    expect(detail).toMatchObject({ resolved: true, adoptedAnswerId: answerId, bounty: { status: 'awarded' } });
    // The adopted answer is its author's no more.
    const edit = await f.t.client.as(answerer).request('PATCH', `/api/qa/answers/${answerId}`, { content: '<p>x</p>' });
    expect(edit.body).toMatchObject({ code: 'qa.adopted_answer_locked' });
    // Another answer cannot be adopted now.
    const other = await f.answer(await f.member(), questionId);
    const second = await f.t.client.as(asker).post(`/api/qa/questions/${questionId}/adopt`, { answerId: other });
    expect(second.body).toMatchObject({ code: 'qa.already_adopted' });
  });

  it('lets staff cancel an adoption (the award is reversed) and adjust the bounty', async () => {
    const { asker, answerer, questionId, answerId } = await bountied('10.00', 10);
    expect((await f.t.client.as(asker).post(`/api/qa/questions/${questionId}/adopt`, { answerId })).status).toBe(200);
    await eventually(async () => expect(await f.wallet(answerer)).toMatchObject({ available: 900 }));
    const memberCancel = await f.t.client.as(asker).post(`/api/qa/staff/questions/${questionId}/cancel-adoption`);
    expect(memberCancel.status).toBe(403);
    const cancelled = await f.t.client
      .as(f.staffId, 'staff')
      .post(`/api/qa/staff/questions/${questionId}/cancel-adoption`);
    expect(cancelled.status).toBe(200);
    await eventually(async () => {
      expect(await f.wallet(answerer)).toMatchObject({ available: 0, points: 5 });
      expect(await f.wallet(asker)).toMatchObject({ available: 9_000, frozen: 1_000, points: 100 });
      expect(await f.question(questionId)).toMatchObject({ resolved: false, bounty: { status: 'held' } });
    });
    const adjusted = await f.t.client
      .as(f.staffId, 'staff')
      .post(`/api/qa/staff/questions/${questionId}/bounty`, { amount: '15', points: 4, reason: 'asker asked' });
    expect(adjusted.status).toBe(200);
    await eventually(async () =>
      expect(await f.wallet(asker)).toMatchObject({ available: 8_500, frozen: 1_500, points: 106 }),
    );
    expect(await f.question(questionId)).toMatchObject({ bounty: { amount: 1_500, points: 4, status: 'held' } });
    // Adopted again (round 2): paid once more, with the adjusted totals.
    expect((await f.t.client.as(asker).post(`/api/qa/questions/${questionId}/adopt`, { answerId })).status).toBe(200);
    await eventually(async () => expect(await f.wallet(answerer)).toMatchObject({ available: 1_350, points: 9 }));
    expect(await bountyEvents(questionId)).toEqual([
      'BountyHeld',
      'BountyAwarded',
      'BountyAwardCancelled',
      'BountyAdjusted',
      'BountyAwarded',
    ]);
  });

  it('refunds an unawarded bounty after the expiry period, and on deletion of an unresolved question', async () => {
    const expiring = await bountied('5.00', 0);
    const deleted = await bountied('7.00', 7);
    const removed = await f.t.client.as(deleted.asker).request('DELETE', `/api/qa/questions/${deleted.questionId}`);
    expect(removed.status).toBe(200);
    await eventually(async () =>
      expect(await f.wallet(deleted.asker)).toMatchObject({ available: 10_000, frozen: 0, points: 100 + 10 }),
    );
    expect(await bountyEvents(deleted.questionId)).toEqual(['BountyHeld', 'BountyRefunded']);

    const bounties = f.t.app.select(QaModule).get(QaBounties);
    expect(await bounties.expire(new Date(Date.now() + 29 * DAY_MS))).toBe(0);
    expect(await bountyEvents(expiring.questionId)).toEqual(['BountyHeld']);
    // The job sees the held bounty once the read model has it.
    await eventually(async () => {
      await bounties.expire(new Date(Date.now() + 31 * DAY_MS));
      expect(await bountyEvents(expiring.questionId)).toEqual(['BountyHeld', 'BountyRefunded']);
    });
    await eventually(async () =>
      expect(await f.wallet(expiring.asker)).toMatchObject({ available: 10_000, frozen: 0 }),
    );
  });

  it('keeps the ledger audit passing after the mixed run', async () => {
    await eventually(async () => {
      const report = await auditWalletLedgers(f.t, { settleMs: 5_000 });
      expect(report.differences).toEqual([]);
      expect(report.ok).toBe(true);
    });
    // Held points wait in the escrow wallet; the platform kept its shares.
    const escrow = await walletAccount(f.t, BOUNTY_ESCROW_WALLET_ID);
    expect(escrow?.points).toBeGreaterThanOrEqual(0);
    const platform = await walletAccount(f.t, PLATFORM_WALLET_ID);
    expect(platform?.available).toBeGreaterThan(0);
  });

  it('asks and answers only in the tags the member role allows (permissions per tag)', async () => {
    const closed = await f.tag('Closed');
    const asker = await f.member();
    const permissions = MEMBER_PERMISSIONS.map((permission) => ({
      permission,
      tagIds: permission === 'question.ask' || permission === 'answer.post' ? [tagId] : null,
    }));
    const changed = await f.t.client
      .as(f.staffId, 'staff')
      .request('PATCH', '/api/identity/roles/member', { permissions });
    expect(changed.status).toBe(200);
    const ask = (tag: string) => f.ask(asker, { title: 'Where may I ask?', content: '<p>?</p>', tagIds: [tag] });
    await eventually(async () => expect((await ask(closed)).body).toMatchObject({ code: 'auth.forbidden' }));
    expect((await ask(tagId)).status).toBe(201);
  });
});
