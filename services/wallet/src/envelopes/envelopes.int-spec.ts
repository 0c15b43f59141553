import { randomUUID } from 'node:crypto';
import { BALANCE_MODULES, newId } from '@forum/contracts';
import type {
  BalanceEntryView,
  EnvelopeClaimView,
  EnvelopeView,
  ErrorBody,
  Page,
  PostedTopic,
  ReceivedEnvelopeView,
  SentEnvelopeView,
  TopicDetail,
  WalletView,
} from '@forum/contracts';
import { EventStore } from '@forum/event-store';
import { eventually, startForum, topicEventStore } from '@forum/testing';
import type { ForumFixture } from '@forum/testing';
import { auditLedgers } from '../audit/ledger-audit';
import { Ledger } from '../ledger/ledger';
import { WalletModule } from '../wallet.module';
import { ABANDON_AFTER_MS, EnvelopeRefunds } from './envelope-refunds';
import { EnvelopeSending } from './envelope-sending';

type EnvelopeInput = Record<string, string | number>;

describe('red envelopes: sending with a topic, claiming under concurrency, refunds', () => {
  let f: ForumFixture;
  let tagId: string;
  let members = 0;

  beforeAll(async () => {
    f = await startForum([WalletModule]);
    tagId = await f.tag('General');
  }, 900_000);
  afterAll(() => f?.t.close());

  const client = (memberId: string) => f.t.client.as(memberId);
  const wallet = async (memberId: string) => (await client(memberId).get<WalletView>('/api/wallet/me')).body;

  /** A registered member with `fen` on their available balance (a staff credit, so the audit sees it come in). */
  async function memberWith(fen: number): Promise<string> {
    const memberId = await f.member(`env${Date.now().toString(36)}${members++}`);
    if (fen > 0)
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
    return memberId;
  }

  const postWith = (senderId: string, redEnvelope: EnvelopeInput) =>
    client(senderId).post<PostedTopic & ErrorBody>('/api/forum/topics', {
      title: 'A topic with a red envelope',
      content: '<p>Happy new year</p>',
      tagIds: [tagId],
      redEnvelope,
    });

  /** Posts a topic with an envelope; answers the topic and envelope ids once the envelope card is readable. */
  async function send(senderId: string, redEnvelope: EnvelopeInput) {
    const posted = await postWith(senderId, redEnvelope);
    expect([posted.status, posted.body.code]).toEqual([201, undefined]);
    const topic = await client(senderId).get<TopicDetail>(`/api/forum/topics/${posted.body.topicId}`);
    const envelopeId = topic.body.redEnvelopeId!;
    expect(envelopeId).toEqual(expect.any(String));
    await eventually(async () =>
      expect((await f.t.client.get<EnvelopeView>(`/api/wallet/envelopes/${envelopeId}`)).status).toBe(200),
    );
    return { topicId: posted.body.topicId, envelopeId };
  }

  const claim = (memberId: string, envelopeId: string) =>
    client(memberId).post<{ amount: number; claimedAt: string } & ErrorBody>(
      `/api/wallet/envelopes/${envelopeId}/claim`,
    );

  const audit = async () => {
    const report = await auditLedgers(f.t.db('wallet'));
    expect(report.differences).toEqual([]);
    expect(report.ok).toBe(true);
  };

  it('500 concurrent claimers on a 100-share random envelope: 100 get a share each, 400 are too late', async () => {
    const senderId = await memberWith(20_000);
    const { envelopeId } = await send(senderId, { type: 20, totalAmount: '100', giveQuantity: 100 });
    expect(await wallet(senderId)).toMatchObject({ available: 10_000, frozen: 10_000 });

    const claimers = Array.from({ length: 500 }, () => randomUUID());
    const answers = await Promise.all(claimers.map((memberId) => claim(memberId, envelopeId)));
    const won = answers.filter((answer) => answer.status === 200);
    expect(won).toHaveLength(100);
    expect(won.reduce((sum, answer) => sum + answer.body.amount, 0)).toBe(10_000);
    expect(won.every((answer) => answer.body.amount >= 1)).toBe(true);
    const lost = answers.filter((answer) => answer.status !== 200);
    expect(lost.map((answer) => [answer.status, answer.body.code])).toEqual(
      Array.from({ length: 400 }, () => [409, 'wallet.envelope_snatched']),
    );

    // Each winner holds exactly their share; the sender's hold is spent to the last fen.
    const winners = claimers.filter((_, index) => answers[index]!.status === 200);
    for (const [index, memberId] of winners.slice(0, 10).entries())
      await eventually(async () => expect((await wallet(memberId)).available).toBe(won[index]!.body.amount));
    await eventually(async () => expect(await wallet(senderId)).toMatchObject({ available: 10_000, frozen: 0 }));
    await eventually(async () => {
      const card = (await f.t.client.get<EnvelopeView>(`/api/wallet/envelopes/${envelopeId}`)).body;
      expect(card).toMatchObject({ status: 'snatched', receivedQuantity: 100, giveQuantity: 100, totalAmount: 10_000 });
      const claims = await f.t.client.get<Page<EnvelopeClaimView>>(
        `/api/wallet/envelopes/${envelopeId}/claims?pageSize=100`,
      );
      expect(claims.body.total).toBe(100);
      expect(new Set(claims.body.items.map((row) => row.member.id))).toEqual(new Set(winners));
      expect(claims.body.items.reduce((sum, row) => sum + row.amount, 0)).toBe(10_000);
    });
    expect((await claim(winners[0]!, envelopeId)).body.code).toBe('wallet.envelope_already_claimed');
    await audit();
  }, 180_000);

  it('answers a claim once the share is on the claimer’s balance (read-your-writes), under concurrent claims', async () => {
    const senderId = await memberWith(10_000);
    const { envelopeId } = await send(senderId, { type: 20, totalAmount: '50', giveQuantity: 40 });
    const figures = await Promise.all(
      Array.from({ length: 60 }, async () => {
        const memberId = randomUUID();
        const started = performance.now();
        const answer = await claim(memberId, envelopeId);
        const latency = performance.now() - started;
        if (answer.status !== 200) return { won: false, latency, credited: true, lag: 0 };
        // Read at once, as the member site does after the answer: the share must already be there.
        const credited = (await wallet(memberId)).available === answer.body.amount;
        let lag = 0;
        if (!credited) {
          const since = performance.now();
          await eventually(async () => expect((await wallet(memberId)).available).toBe(answer.body.amount));
          lag = performance.now() - since;
        }
        return { won: true, latency, credited, lag };
      }),
    );
    const won = figures.filter((figure) => figure.won);
    const latencies = won.map((figure) => figure.latency).sort((a, b) => a - b);
    console.log(
      `envelope claims: ${won.length} won, claim latency p50 ${latencies[Math.floor(latencies.length / 2)]!.toFixed(0)} ms, ` +
        `max ${latencies.at(-1)!.toFixed(0)} ms; not yet credited when answered: ${won.filter((f) => !f.credited).length}` +
        `, longest lag after the answer ${Math.max(...won.map((f) => f.lag)).toFixed(0)} ms`,
    );
    expect(won).toHaveLength(40);
    expect(won.filter((figure) => !figure.credited)).toEqual([]);
    await eventually(async () => expect(await wallet(senderId)).toMatchObject({ available: 5_000, frozen: 0 }));
    await audit();
  }, 180_000);

  it('one claim per member, however many times they press; the sender cannot claim their own', async () => {
    const senderId = await memberWith(1_000);
    const { envelopeId } = await send(senderId, { type: 30, singleAmount: '0.5', giveQuantity: 10 });
    const memberId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(memberId, envelopeId)));
    expect(answers.filter((answer) => answer.status === 200).map((answer) => answer.body.amount)).toEqual([50]);
    expect(answers.filter((answer) => answer.body.code === 'wallet.envelope_already_claimed')).toHaveLength(19);
    await eventually(async () => expect(await wallet(memberId)).toMatchObject({ available: 50 }));
    const own = await claim(senderId, envelopeId);
    expect([own.status, own.body.code]).toEqual([400, 'wallet.envelope_own']);
    await eventually(async () => {
      const card = (await client(memberId).get<EnvelopeView>(`/api/wallet/envelopes/${envelopeId}`)).body;
      expect(card).toMatchObject({ status: 'open', receivedQuantity: 1, claimedByMe: { amount: 50 } });
    });
  });

  it('a directed envelope goes to its recipient only, and shows in both members’ lists', async () => {
    const senderId = await memberWith(1_000);
    const recipientId = await memberWith(0);
    const { envelopeId, topicId } = await send(senderId, {
      type: 10,
      totalAmount: '8.88',
      giveQuantity: 1,
      recipientId,
    });
    const other = await claim(randomUUID(), envelopeId);
    expect([other.status, other.body.code]).toEqual([403, 'wallet.envelope_not_for_you']);
    const mine = await claim(recipientId, envelopeId);
    expect([mine.status, mine.body.amount]).toEqual([200, 888]);
    await eventually(async () => expect(await wallet(recipientId)).toMatchObject({ available: 888 }));
    await eventually(async () => {
      const received = await client(recipientId).get<Page<ReceivedEnvelopeView>>('/api/wallet/me/envelopes/received');
      expect(received.body.items).toEqual([
        expect.objectContaining({
          envelopeId,
          topicId,
          amount: 888,
          sender: expect.objectContaining({ id: senderId }),
        }),
      ]);
      const sent = await client(senderId).get<Page<SentEnvelopeView>>('/api/wallet/me/envelopes/sent');
      expect(sent.body).toMatchObject({
        total: 1,
        items: [{ id: envelopeId, type: 10, topicId, totalAmount: 888, giveQuantity: 1, receivedQuantity: 1 }],
      });
    });
  });

  it('refuses bad envelopes with a clear code, freezing nothing and posting no topic', async () => {
    const senderId = await memberWith(500);
    const cases: [EnvelopeInput, number, string][] = [
      [{ type: 20, totalAmount: '-1', giveQuantity: 2 }, 400, 'wallet.envelope_amount_invalid'],
      [{ type: 20, totalAmount: '0', giveQuantity: 2 }, 400, 'wallet.envelope_amount_invalid'],
      [{ type: 20, totalAmount: '1.234', giveQuantity: 2 }, 400, 'wallet.envelope_amount_invalid'],
      [{ type: 20, totalAmount: '1234567890123', giveQuantity: 2 }, 400, 'wallet.envelope_amount_invalid'],
      [{ type: 20, totalAmount: 'ten', giveQuantity: 2 }, 400, 'wallet.envelope_amount_invalid'],
      [{ type: 20, totalAmount: '5.01', giveQuantity: 2 }, 409, 'wallet.envelope_insufficient_balance'],
      [{ type: 20, totalAmount: '1000.01', giveQuantity: 2 }, 400, 'wallet.envelope_amount_out_of_range'],
      [{ type: 20, totalAmount: '1', giveQuantity: 0 }, 400, 'wallet.envelope_quantity_invalid'],
      [{ type: 20, totalAmount: '1', giveQuantity: 1000 }, 400, 'wallet.envelope_quantity_invalid'],
      [{ type: 20, totalAmount: '0.05', giveQuantity: 6 }, 400, 'wallet.envelope_share_too_small'],
      [{ type: 40, totalAmount: '1', giveQuantity: 1 }, 400, 'wallet.envelope_type_invalid'],
      [
        { type: 10, totalAmount: '1', giveQuantity: 1, recipientId: senderId },
        400,
        'wallet.envelope_recipient_invalid',
      ],
      [
        { type: 10, totalAmount: '1', giveQuantity: 2, recipientId: randomUUID() },
        400,
        'wallet.envelope_quantity_invalid',
      ],
    ];
    for (const [input, status, code] of cases) {
      const refused = await postWith(senderId, input);
      expect([input, refused.status, refused.body.code]).toEqual([input, status, code]);
    }
    expect(await wallet(senderId)).toMatchObject({ available: 500, frozen: 0 });
    const forumCommits = f.t.db('forum').collection('commits');
    expect(await forumCommits.countDocuments({ 'events.data.authorId': senderId, streamId: /^topic-/ })).toBe(0);
    const envelopeCommits = f.t.db('wallet').collection('commits');
    expect(await envelopeCommits.countDocuments({ 'events.data.senderId': senderId })).toBe(0);
  });

  it('refunds the unclaimed rest once when the envelope expires', async () => {
    const senderId = await memberWith(1_000);
    const { envelopeId } = await send(senderId, { type: 30, singleAmount: '1', giveQuantity: 5 });
    for (let i = 0; i < 2; i++) expect((await claim(randomUUID(), envelopeId)).status).toBe(200);
    const refunds = f.t.app.get(EnvelopeRefunds);
    const later = new Date(Date.now() + 25 * 3_600_000);
    await eventually(async () => expect(await refunds.sweep(later)).toBeGreaterThan(0));
    expect(await refunds.sweep(later)).toBe(0);
    const late = await claim(randomUUID(), envelopeId);
    expect([late.status, late.body.code]).toEqual([409, 'wallet.envelope_refunded']);
    await eventually(async () => {
      expect(await wallet(senderId)).toMatchObject({ available: 800, frozen: 0 });
      const card = (await f.t.client.get<EnvelopeView>(`/api/wallet/envelopes/${envelopeId}`)).body;
      expect(card).toMatchObject({ status: 'refunded', refundAmount: 300, receivedQuantity: 2 });
    });
    await expectOneRefundEntry(senderId, 300);
  });

  it('refunds the unclaimed rest once when the topic is deleted', async () => {
    const senderId = await memberWith(1_000);
    const { envelopeId, topicId } = await send(senderId, { type: 20, totalAmount: '6', giveQuantity: 3 });
    const first = await claim(randomUUID(), envelopeId);
    expect(first.status).toBe(200);
    expect((await client(senderId).request('DELETE', `/api/forum/topics/${topicId}`)).status).toBe(200);
    await eventually(async () =>
      expect(await wallet(senderId)).toMatchObject({ available: 1_000 - first.body.amount, frozen: 0 }),
    );
    expect(await f.t.app.get(EnvelopeRefunds).sweep(new Date(Date.now() + 25 * 3_600_000))).toBe(0);
    await expectOneRefundEntry(senderId, 600 - first.body.amount);
    expect((await claim(randomUUID(), envelopeId)).body.code).toBe('wallet.envelope_refunded');
  });

  it('gives the frozen total back when the topic cannot be stored after the freeze', async () => {
    const senderId = await memberWith(1_000);
    const forumStore = await topicEventStore(f.t.app);
    const original = forumStore.handle.bind(forumStore);
    const fault = jest
      .spyOn(forumStore, 'handle')
      .mockImplementation((decider, streamId, command, meta) =>
        (command as { type?: string }).type === 'PostTopic'
          ? Promise.reject(new Error('simulated store fault'))
          : original(decider, streamId, command, meta),
      );
    try {
      const failed = await postWith(senderId, { type: 20, totalAmount: '2', giveQuantity: 2 });
      expect(failed.status).toBe(500);
    } finally {
      fault.mockRestore();
    }
    await eventually(async () => expect(await wallet(senderId)).toMatchObject({ available: 1_000, frozen: 0 }));
    await expectOneRefundEntry(senderId, 200);
    await audit();
  });

  it('gives back, once, a freeze whose envelope was never recorded (the send died in between), and closes it', async () => {
    const senderId = await memberWith(1_000);
    const walletStore = f.t.app.get(EnvelopeSending)['store'] as EventStore;
    const original = walletStore.handle.bind(walletStore);
    // The process "dies" after the freeze: the envelope's first event is never written, and nobody cancels.
    const crash = jest
      .spyOn(walletStore, 'handle')
      .mockImplementation((decider, streamId, command, meta) =>
        (command as { type?: string }).type === 'SendEnvelope'
          ? Promise.reject(new Error('simulated crash'))
          : original(decider, streamId, command, meta),
      );
    const envelopeId = newId();
    try {
      await expect(
        f.t.app
          .get(EnvelopeSending)
          .send(
            { envelopeId, senderId, topicId: newId(), type: 20, totalAmount: '3', giveQuantity: 3 },
            { actor: { kind: 'member', id: senderId }, now: new Date(), correlationId: newId() },
          ),
      ).rejects.toThrow('simulated crash');
    } finally {
      crash.mockRestore();
    }
    await eventually(async () => expect(await wallet(senderId)).toMatchObject({ available: 700, frozen: 300 }));

    const refunds = f.t.app.get(EnvelopeRefunds);
    await refunds.sweep(new Date(Date.now() + 60_000)); // too early: a slow send may still finish
    expect(await wallet(senderId)).toMatchObject({ available: 700, frozen: 300 });
    const later = new Date(Date.now() + ABANDON_AFTER_MS + 60_000);
    expect(await refunds.sweep(later)).toBe(300);
    expect(await refunds.sweep(later)).toBe(0);
    await eventually(async () => expect(await wallet(senderId)).toMatchObject({ available: 1_000, frozen: 0 }));
    await expectOneRefundEntry(senderId, 300);
    // The envelope id is closed: the send arriving late is refused and freezes nothing more.
    await expect(
      f.t.app
        .get(EnvelopeSending)
        .send(
          { envelopeId, senderId, topicId: newId(), type: 20, totalAmount: '3', giveQuantity: 3 },
          { actor: { kind: 'member', id: senderId }, now: new Date(), correlationId: newId() },
        ),
    ).rejects.toMatchObject({ code: 'wallet.envelope_not_found' });
    await audit();
  });

  it('tells the send form the bounds and the member’s balance', async () => {
    const memberId = await memberWith(1_234);
    const signedIn = await client(memberId).get('/api/wallet/envelopes/settings');
    expect(signedIn.body).toEqual({ minAmount: 1, maxAmount: 100_000, maxQuantity: 999, availableBalance: 1_234 });
    const visitor = await f.t.client.anonymous().get('/api/wallet/envelopes/settings');
    expect(visitor.body).toMatchObject({ availableBalance: null });
  });

  async function expectOneRefundEntry(senderId: string, amount: number) {
    await eventually(async () => {
      const entries = await client(senderId).get<Page<BalanceEntryView>>('/api/wallet/me/balance-entries');
      const refunds = entries.body.items.filter((entry) => entry.module === BALANCE_MODULES.envelopeRefund);
      expect(refunds.map((entry) => Math.abs(entry.amount))).toEqual([amount]);
    });
  }
});
