import { BALANCE_MODULES, newId } from '@forum/contracts';
import type { ErrorBody, WalletView } from '@forum/contracts';
import { PermissionChecker } from '@forum/platform';
import { eventually, startForum } from '@forum/testing';
import type { ForumFixture } from '@forum/testing';
import { testTag } from '../../services/forum/src/tags/tag.fixture';
import { QaModule } from '../../services/qa/src/qa.module';
import { auditLedgers } from '../../services/wallet/src/audit/ledger-audit';
import { Ledger } from '../../services/wallet/src/ledger/ledger';
import { WalletModule } from '../../services/wallet/src/wallet.module';

/**
 * docs/rules/wallet.md: a member's balance is spent once. A member holding exactly 100 fen fires, all at once, three
 * unlocks of 100-fen blocks (three authors' topics), three topics each carrying a 1-yuan red envelope and three
 * questions each offering a 1-yuan bounty. Exactly one of the nine may win; the eight others are refused with
 * a clear code and leave nothing behind (no topic, no question, no freeze), and the audit agrees.
 */
describe('one balance, three ways to spend it, all at once', () => {
  let f: ForumFixture;
  let tagId: string;
  let questionTagId: string;

  beforeAll(async () => {
    f = await startForum([WalletModule, QaModule]);
    tagId = await testTag(f.t.client);
    questionTagId = await eventually(async () => {
      const created = await f.t.client
        .as(f.staffId, 'staff')
        .post<{ tagId: string }>('/api/qa/tags', { name: 'Spending', parentId: null });
      expect(created.status).toBe(201);
      return created.body.tagId;
    });
  }, 300_000);
  afterAll(() => f?.t.close());

  const wallet = async (memberId: string) => (await f.t.client.as(memberId).get<WalletView>('/api/wallet/me')).body;

  async function fund(memberId: string, fen: number): Promise<void> {
    await f.t.app.get(Ledger).record(
      {
        type: 'Credit',
        walletId: memberId,
        operationId: `test-credit:${memberId}`,
        module: BALANCE_MODULES.staffAdjustment,
        amount: fen,
        remark: 'test',
        now: new Date(),
      },
      { actor: { kind: 'system', id: null }, now: new Date(), correlationId: newId() },
      { waitForReadModel: true },
    );
  }

  it('lets exactly one of nine concurrent unlocks, envelopes and bounties spend 100 fen', async () => {
    const spender = await f.member(`spender${Date.now().toString(36)}`);
    const qa = f.t.app.select(QaModule).get(PermissionChecker);
    await eventually(async () => expect(await qa.can({ kind: 'member', id: spender }, 'question.ask')).toBe(true));
    await fund(spender, 100);
    const topics: string[] = [];
    for (let index = 0; index < 3; index++) {
      const author = await f.member(`seller${index}${Date.now().toString(36)}`);
      topics.push(
        await f.post(author, {
          title: `Paid block ${index}`,
          content: `<p>Intro</p><hide type="50" value="100"><p>PAID-${index}</p></hide>`,
          tagIds: [tagId],
        }),
      );
    }
    const before = {
      topics: (await f.t.client.as(spender).get<{ total: number }>('/api/forum/me/topics')).body.total,
      questions: (await f.t.client.as(spender).get<{ total: number }>('/api/qa/me/questions')).body.total,
    };

    const client = f.t.client.as(spender);
    const attempts = await Promise.all([
      ...topics.map((topicId) =>
        client.post<ErrorBody>(`/api/forum/topics/${topicId}/unlock`, { type: 50, price: 100 }),
      ),
      ...[0, 1, 2].map((index) =>
        client.post<ErrorBody>('/api/forum/topics', {
          title: `My envelope ${index}`,
          content: '<p>For you</p>',
          tagIds: [tagId],
          redEnvelope: { type: 20, totalAmount: '1', giveQuantity: 1 },
        }),
      ),
      ...[0, 1, 2].map((index) =>
        client.post<ErrorBody>('/api/qa/questions', {
          title: `My bounty ${index}`,
          content: '<p>Who knows?</p>',
          tagIds: [questionTagId],
          bountyAmount: '1.00',
        }),
      ),
    ]);

    const won = attempts.filter((attempt) => attempt.status < 300);
    expect(won).toHaveLength(1);
    const refusals = attempts.filter((attempt) => attempt.status >= 300);
    expect(refusals.map((attempt) => attempt.status)).toEqual(Array(8).fill(409));
    expect(
      refusals.every((attempt) =>
        ['wallet.insufficient_balance', 'wallet.envelope_insufficient_balance', 'qa.bounty_exceeds_balance'].includes(
          attempt.body.code,
        ),
      ),
    ).toBe(true);

    // The one that won holds or spent the 100 fen; nothing else was written for the others.
    const unlocked = attempts.slice(0, 3).filter((attempt) => attempt.status < 300).length;
    const posted = attempts.slice(3, 6).filter((attempt) => attempt.status < 300).length;
    const asked = attempts.slice(6).filter((attempt) => attempt.status < 300).length;
    await eventually(async () =>
      expect(await wallet(spender)).toMatchObject({ available: 0, frozen: unlocked ? 0 : 100 }),
    );
    await eventually(async () => {
      const mine = (await client.get<{ total: number }>('/api/forum/me/topics')).body.total;
      const questions = (await client.get<{ total: number }>('/api/qa/me/questions')).body.total;
      expect([mine - before.topics, questions - before.questions]).toEqual([posted, asked]);
    });
    const report = await auditLedgers(f.t.db('wallet'));
    expect(report.differences).toEqual([]);
    expect(report.ok).toBe(true);
  }, 180_000);
});
