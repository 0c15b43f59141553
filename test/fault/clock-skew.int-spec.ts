import type { EnvelopeView, ErrorBody, Page, WalletView } from '@forum/contracts';
import { eventually, startForum } from '@forum/testing';
import type { ForumFixture } from '@forum/testing';
import { testTag } from '../../services/forum/src/tags/tag.fixture';
import type {
  PostedTopic,
  TopicDetail,
  UnlockRecordView,
  UnlockResult,
} from '../../services/forum/src/topics/topic.schemas';
import { EnvelopeRefunds } from '../../services/wallet/src/envelopes/envelope-refunds';
import { Ledger } from '../../services/wallet/src/ledger/ledger';
import { WalletModule } from '../../services/wallet/src/wallet.module';
import { startServiceProcess } from './child-service';
import type { ApiClient, ServiceProcess } from './child-service';
import {
  expectAuditPasses,
  expectReadModelsEqualRebuild,
  FAULT_ENV,
  fund,
  waitForConsumersDrained,
} from './fault-support';

const MINUTE = 60_000;
/** The service process's clock runs 20 minutes behind the test app's. */
const SKEW_MS = -20 * MINUTE;
const SHARES = 4;

/**
 * ISSUE 11: two instances of the same contexts (the same databases, topics and consumer groups, so they share the
 * partitions) whose clocks differ by 20 minutes: this test's app A (the true clock) and a service process B whose
 * clock is behind. Deadlines are fixed when an envelope is sent, by the clock of the process that sends it, and
 * stored in `EnvelopeSent`; from then on the envelope's stream decides. A refund is made once, by whichever
 * process's expiry job finds it due, and a process whose clock has not reached the deadline yet cannot pay a claim
 * after it; paid unlocks are paid and recorded once whichever clock stamped them.
 * The expiry job of A is run as the minute job would run it later (`sweep(at)`: the job's own clock seam).
 */
describe('fault: clock skew between two instances', () => {
  let f: ForumFixture;
  let b: ServiceProcess;
  let tagId: string;

  beforeAll(async () => {
    f = await startForum([WalletModule], { env: FAULT_ENV });
    b = await startServiceProcess(f.t.config, { name: 'skewed', clockOffsetMs: SKEW_MS });
    tagId = await testTag(f.t.client);
  }, 300_000);
  afterAll(async () => {
    await b?.stop();
    await f?.t.close();
  }, 60_000);

  const wallet = async (client: ApiClient, id: string) => (await client.as(id).get<WalletView>('/api/wallet/me')).body;
  const envelopeCommits = (envelopeId: string) =>
    f.t
      .db('wallet')
      .collection<{ events: { type: string; data: Record<string, unknown> }[] }>('commits')
      .find({ streamId: `envelope-${envelopeId}` })
      .toArray();
  const expiresAt = async (envelopeId: string) => {
    const sent = (await envelopeCommits(envelopeId))
      .flatMap((commit) => commit.events)
      .find((event) => event.type === 'EnvelopeSent');
    return new Date(String(sent?.data.expiresAt)).getTime();
  };
  async function sendEnvelope(client: ApiClient, senderId: string): Promise<string> {
    const posted = await client.as(senderId).post<PostedTopic>('/api/forum/topics', {
      title: 'Skewed envelope',
      content: '<p>Catch it</p>',
      tagIds: [tagId],
      redEnvelope: { type: 30, singleAmount: '1', giveQuantity: SHARES },
    });
    if (posted.status !== 201) throw new Error(`posting failed: ${posted.status} ${JSON.stringify(posted.body)}`);
    let envelopeId = '';
    await eventually(async () => {
      const detail = await client.as(senderId).get<TopicDetail>(`/api/forum/topics/${posted.body.topicId}`);
      envelopeId = detail.body.redEnvelopeId ?? '';
      expect(envelopeId).not.toBe('');
    });
    return envelopeId;
  }
  const claim = (client: ApiClient, memberId: string, envelopeId: string) =>
    client.as(memberId).post<{ amount: number } & ErrorBody>(`/api/wallet/envelopes/${envelopeId}/claim`);

  it('deadlines come from the sending clock, refunds happen once, claims are never paid after a refund', async () => {
    const settings = await f.t.client
      .as(f.staffId, 'staff')
      .request('PATCH', '/api/moderation/settings', { redEnvelope: { refundAfterHours: 1 } });
    expect(settings.status).toBe(200);
    const sender = await f.member(`skew_sender${Date.now().toString(36)}`);
    await fund(f.t.app.get(Ledger), sender, { fen: 10_000 });
    const claimers: string[] = [];
    for (let i = 0; i < 5; i++) claimers.push(await f.member(`skew_claimer${i}_${Date.now().toString(36)}`));
    const a = f.t.client;

    // B sends while its clock reads 20 minutes ago: its envelope is due 40 minutes from now (true time).
    // Both instances read the new setting from the shared settings model; B may need a moment to see it.
    let fromB = '';
    await eventually(
      async () => {
        fromB = await sendEnvelope(b.client, sender);
        const due = (await expiresAt(fromB)) - Date.now();
        expect(due).toBeGreaterThan(38 * MINUTE);
        expect(due).toBeLessThan(41 * MINUTE);
      },
      { timeoutMs: 60_000, intervalMs: 2_000 },
    );
    const fromA = await sendEnvelope(a, sender);
    const dueA = (await expiresAt(fromA)) - Date.now();
    expect(dueA).toBeGreaterThan(58 * MINUTE);
    expect(dueA).toBeLessThan(61 * MINUTE);

    // Claims through either instance are paid once, on both envelopes.
    const paid = new Map<string, number>();
    for (const [index, [client, envelopeId]] of [
      [a, fromB],
      [b.client, fromB],
      [a, fromA],
      [b.client, fromA],
    ].entries() as IterableIterator<[number, [ApiClient, string]]>) {
      const answer = await claim(client, claimers[index]!, envelopeId);
      expect(answer.status).toBe(200);
      expect(answer.body.amount).toBe(100);
      paid.set(`${claimers[index]}|${envelopeId}`, answer.body.amount);
      // The same member again, through the other instance: refused, not paid twice.
      const again = await claim(client === a ? b.client : a, claimers[index]!, envelopeId);
      expect([again.status, again.body.code]).toEqual([409, 'wallet.envelope_already_claimed']);
    }

    // 45 minutes later (true time) A's expiry job finds B's envelope due and refunds it, once — even run twice.
    const refunds = f.t.app.get(EnvelopeRefunds);
    await eventually(async () => expect(await refunds.sweep(new Date(Date.now() + 45 * MINUTE))).toBe(200));
    expect(await refunds.sweep(new Date(Date.now() + 45 * MINUTE))).toBe(0);
    // B's clock reads 25 minutes past sending then, before B's idea of the deadline: it still refuses the claim,
    // because the envelope's stream says refunded. A's envelope (due in 60 minutes) was not touched.
    const late = await claim(b.client, claimers[4]!, fromB);
    expect([late.status, late.body.code]).toEqual([409, 'wallet.envelope_refunded']);
    const lateA = await claim(a, claimers[4]!, fromB);
    expect([lateA.status, lateA.body.code]).toEqual([409, 'wallet.envelope_refunded']);
    const stillOpen = await claim(b.client, claimers[4]!, fromA);
    expect(stillOpen.status).toBe(200);
    // 65 minutes later A's envelope is due too; B's job (its clock 20 minutes behind) could not have refunded it yet.
    expect(await refunds.sweep(new Date(Date.now() + 65 * MINUTE))).toBe(100);

    await eventually(async () => {
      expect((await f.t.client.get<EnvelopeView>(`/api/wallet/envelopes/${fromB}`)).body).toMatchObject({
        status: 'refunded',
        receivedQuantity: 2,
        refundAmount: 200,
      });
      expect((await f.t.client.get<EnvelopeView>(`/api/wallet/envelopes/${fromA}`)).body).toMatchObject({
        status: 'refunded',
        receivedQuantity: 3,
        refundAmount: 100,
      });
      // 10 000 − 2 × 400 sent + 200 + 100 refunded; nothing left frozen.
      expect(await wallet(a, sender)).toMatchObject({ available: 9_500, frozen: 0 });
      for (const [key, amount] of paid) expect((await wallet(b.client, key.split('|')[0]!)).available).toBe(amount);
      expect((await wallet(a, claimers[4]!)).available).toBe(100);
    });

    // Paid unlocks through each instance: one debit and one record each, whichever clock stamped it.
    const author = await f.member(`skew_author${Date.now().toString(36)}`);
    const reader = claimers[0]!;
    await fund(f.t.app.get(Ledger), reader, { fen: 1_000 });
    const topics: string[] = [];
    for (let i = 0; i < 2; i++) {
      const posted = await a.as(author).post<PostedTopic>('/api/forum/topics', {
        title: `Skewed paid ${i}`,
        content: `<p>Open</p><hide type="50" value="50"><p>PAID-${i}</p></hide>`,
        tagIds: [tagId],
      });
      expect(posted.status).toBe(201);
      topics.push(posted.body.topicId);
    }
    for (const [index, client] of [a, b.client].entries()) {
      const unlocked = await client
        .as(reader)
        .post<UnlockResult & ErrorBody>(`/api/forum/topics/${topics[index]}/unlock`, { type: 50, price: 50 });
      // A refusal names its code (a first run in CI once answered 409 here; the code was not printed).
      if (unlocked.status !== 200)
        throw new Error(`unlock answered ${unlocked.status} ${JSON.stringify(unlocked.body)}`);
      expect(unlocked.body.pricePaid).toBe(50);
      const again = await (client === a ? b.client : a)
        .as(reader)
        .post<ErrorBody>(`/api/forum/topics/${topics[index]}/unlock`, { type: 50, price: 50 });
      expect([again.status, again.body.code]).toEqual([409, 'forum.already_unlocked']);
    }
    await eventually(async () => {
      expect((await wallet(a, reader)).available).toBe(100 + 1_000 - 100);
      const mine = await a.as(reader).get<Page<UnlockRecordView>>('/api/forum/me/unlocks');
      expect(mine.body.items.map((item) => [item.topicId, item.pricePaid]).sort()).toEqual(
        topics.map((topicId) => [topicId, 50]).sort(),
      );
      // B stamped its record with its own (20 minutes behind) clock: the record says when B thought it was.
      const stamps = mine.body.items.map((item) => new Date(item.at).getTime() - Date.now());
      expect(Math.min(...stamps)).toBeLessThan(-15 * MINUTE);
    });

    await waitForConsumersDrained(f.t.config.KAFKA_BROKERS, f.t.config.KAFKA_TOPIC_PREFIX, 120_000);
    await expectAuditPasses(f.t.db('wallet'));
    await expectReadModelsEqualRebuild(f.t.mongo, f.t.config.MONGO_DB_PREFIX, [
      'identity',
      'moderation',
      'forum',
      'wallet',
    ]);
  }, 600_000);
});
