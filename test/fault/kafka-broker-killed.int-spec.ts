import { ensureLocalInfraFetched, startLocalKafka } from '@forum/local-infra';
import type { RunningKafka } from '@forum/local-infra';
import { testTag } from '../../services/forum/src/tags/tag.fixture';
import { WalletModule } from '../../services/wallet/src/wallet.module';
import {
  expectAuditPasses,
  expectReadModelsEqualRebuild,
  FAULT_ENV,
  sleep,
  SOAK,
  waitForConsumersDrained,
} from './fault-support';
import { expectOutcomeVisible, runTraffic, trafficMembers } from './traffic';
import { startForum } from '@forum/testing';
import type { ForumFixture } from '@forum/testing';

const KILL_AFTER_MS = 3_000;
const DOWN_MS = SOAK ? 30_000 : 6_000;
const KILLS = SOAK ? 3 : 1;

/**
 * ISSUE 11: the broker dies without warning (SIGKILL: no controlled shutdown, unflushed segments) while members
 * post topics and comments, pay to unlock and claim an envelope, then comes back on the same data. Writes keep
 * succeeding (the event store is the truth, the outbox keeps what Kafka missed); afterwards nothing is lost or
 * doubled, the read models equal a rebuild from the event stores and the ledger audit passes.
 * `FAULT_SOAK=1`: three kills of 30 s each over a minute of traffic per round.
 */
describe('fault: Kafka broker killed (SIGKILL) and restarted mid-traffic', () => {
  let kafka: RunningKafka;
  let f: ForumFixture;
  let tagId: string;

  beforeAll(async () => {
    await ensureLocalInfraFetched();
    kafka = await startLocalKafka({ heap: '512m' });
    f = await startForum([WalletModule], { env: { ...FAULT_ENV, KAFKA_BROKERS: kafka.brokers } });
    tagId = await testTag(f.t.client);
  }, 300_000);
  afterAll(async () => {
    await f?.t.close();
    await kafka?.stop();
  }, 60_000);

  it('loses and doubles nothing; read models equal a rebuild; the audit passes', async () => {
    const members = await trafficMembers(f, 4, 12);
    const crashes = (async () => {
      for (let round = 0; round < KILLS; round++) {
        await sleep(KILL_AFTER_MS);
        await kafka.kill();
        await sleep(DOWN_MS);
        kafka = await startLocalKafka({ dataDir: kafka.dataDir, heap: '512m', timeoutMs: 180_000 });
      }
    })();
    const traffic = runTraffic(f, members, tagId, {
      durationMs: KILLS * (KILL_AFTER_MS + DOWN_MS) + 4_000,
      concurrency: 4,
    });
    const [outcome] = await Promise.all([traffic, crashes]);

    // The API never depended on the broker: every write was answered, none with a server error.
    expect(outcome.failed).toEqual(new Map());
    expect(outcome.topics.length).toBeGreaterThan(3);
    expect(outcome.unlocks.length).toBeGreaterThan(0);
    await expectOutcomeVisible(f, members, outcome, 180_000);
    await waitForConsumersDrained(kafka.brokers, f.t.config.KAFKA_TOPIC_PREFIX, 180_000);
    await expectAuditPasses(f.t.db('wallet'));
    await expectReadModelsEqualRebuild(f.t.mongo, f.t.config.MONGO_DB_PREFIX, [
      'identity',
      'moderation',
      'forum',
      'wallet',
    ]);
  }, 600_000);
});
