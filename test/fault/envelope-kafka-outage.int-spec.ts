import { randomUUID } from 'node:crypto';
import { BALANCE_MODULES, newId } from '@forum/contracts';
import type {
  EnvelopeClaimView,
  EnvelopeView,
  ErrorBody,
  Page,
  PostedTopic,
  TopicDetail,
  WalletView,
} from '@forum/contracts';
import { ensureLocalInfraFetched, startLocalKafka } from '@forum/local-infra';
import type { RunningKafka } from '@forum/local-infra';
import { eventually, startForum } from '@forum/testing';
import type { ForumFixture } from '@forum/testing';
import { testTag } from '../../services/forum/src/tags/tag.fixture';
import { auditLedgers } from '../../services/wallet/src/audit/ledger-audit';
import { Ledger } from '../../services/wallet/src/ledger/ledger';
import { WalletModule } from '../../services/wallet/src/wallet.module';

const SHARES = 200;
const WAVES = 32;
const CLAIMERS_PER_WAVE = 12;
const WAVE_EVERY_MS = 500;
const OUTAGE_AFTER_MS = 3_000;
const OUTAGE_MS = 10_000;

/**
 * ISSUE 6 / docs/architecture.md: the event store (MongoDB) is the truth, Kafka only carries it to the read models.
 * This app gets a broker of its own, which is stopped for 10 s while members keep claiming one envelope.
 * Afterwards every answered claim is paid exactly once, nobody holds two shares, the envelope's read models
 * converge on the event store and the ledger audit passes.
 */
describe('fault: Kafka stopped for 10 s in the middle of a claim storm', () => {
  let kafka: RunningKafka;
  let f: ForumFixture;
  let tagId: string;

  beforeAll(async () => {
    await ensureLocalInfraFetched();
    kafka = await startLocalKafka({ heap: '512m' });
    f = await startForum([WalletModule], { env: { KAFKA_BROKERS: kafka.brokers } });
    tagId = await testTag(f.t.client);
  }, 300_000);
  afterAll(async () => {
    await f?.t.close();
    await kafka?.stop();
  }, 60_000);

  const client = (memberId: string) => f.t.client.as(memberId);
  const wallet = async (memberId: string) => (await client(memberId).get<WalletView>('/api/wallet/me')).body;
  const claim = (memberId: string, envelopeId: string) =>
    client(memberId).post<{ amount: number } & ErrorBody>(`/api/wallet/envelopes/${envelopeId}/claim`);

  it('loses and doubles no claim; read models converge and the audit passes', async () => {
    const senderId = await f.member(`outage_sender${Date.now().toString(36)}`);
    await f.t.app.get(Ledger).record(
      {
        type: 'Credit',
        walletId: senderId,
        operationId: `test-credit:${senderId}`,
        module: BALANCE_MODULES.staffAdjustment,
        amount: 50_000,
        remark: 'test',
        now: new Date(),
      },
      { actor: { kind: 'system', id: null }, now: new Date(), correlationId: newId() },
      { waitForReadModel: true },
    );
    const posted = await client(senderId).post<PostedTopic>('/api/forum/topics', {
      title: 'An envelope in a storm',
      content: '<p>Catch it</p>',
      tagIds: [tagId],
      redEnvelope: { type: 20, totalAmount: '200', giveQuantity: SHARES },
    });
    expect(posted.status).toBe(201);
    const envelopeId = (await client(senderId).get<TopicDetail>(`/api/forum/topics/${posted.body.topicId}`)).body
      .redEnvelopeId!;
    await eventually(async () =>
      expect((await f.t.client.get<EnvelopeView>(`/api/wallet/envelopes/${envelopeId}`)).status).toBe(200),
    );

    const claimers: string[] = [];
    const answers: Promise<{ status: number; body: { amount: number } & ErrorBody }>[] = [];
    const outage = (async () => {
      await sleep(OUTAGE_AFTER_MS);
      await kafka.stop();
      await sleep(OUTAGE_MS);
      kafka = await startLocalKafka({ dataDir: kafka.dataDir, heap: '512m' });
    })();
    for (let wave = 0; wave < WAVES; wave++) {
      for (let index = 0; index < CLAIMERS_PER_WAVE; index++) {
        const memberId = randomUUID();
        claimers.push(memberId);
        answers.push(claim(memberId, envelopeId));
      }
      await sleep(WAVE_EVERY_MS);
    }
    await outage;
    const settled = await Promise.all(answers);

    // Every claim got an answer: a share, or "snatched up" once the envelope was empty, nothing else.
    const won = claimers.filter((_, index) => settled[index]!.status === 200);
    expect(new Set(settled.map((answer) => answer.status))).toEqual(new Set([200, 409]));
    expect(won).toHaveLength(SHARES);
    const paid = new Map(won.map((memberId) => [memberId, settled[claimers.indexOf(memberId)]!.body.amount]));
    expect([...paid.values()].reduce((sum, amount) => sum + amount, 0)).toBe(20_000);

    // The read models caught up through the restarted broker: the card, the claims list, every winner's wallet.
    await eventually(
      async () => {
        const card = (await f.t.client.get<EnvelopeView>(`/api/wallet/envelopes/${envelopeId}`)).body;
        expect(card).toMatchObject({ status: 'snatched', receivedQuantity: SHARES });
        const claims = await f.t.client.get<Page<EnvelopeClaimView>>(
          `/api/wallet/envelopes/${envelopeId}/claims?pageSize=100&page=1`,
        );
        expect(claims.body.total).toBe(SHARES);
        expect(await wallet(senderId)).toMatchObject({ available: 30_000, frozen: 0 });
      },
      { timeoutMs: 120_000, intervalMs: 500 },
    );
    for (const [memberId, amount] of [...paid].slice(0, 20))
      await eventually(async () => expect((await wallet(memberId)).available).toBe(amount), { timeoutMs: 60_000 });
    const losers = claimers.filter((memberId) => !paid.has(memberId)).slice(0, 20);
    for (const memberId of losers) expect((await wallet(memberId)).available).toBe(0);

    await eventually(
      async () => {
        const report = await auditLedgers(f.t.db('wallet'));
        expect(report.differences).toEqual([]);
        expect(report.ok).toBe(true);
      },
      { timeoutMs: 60_000, intervalMs: 1_000 },
    );
  }, 300_000);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
