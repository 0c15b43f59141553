import { testTag } from '../../services/forum/src/tags/tag.fixture';
import { TopicReads } from '../../services/forum/src/topics/lists/topic-reads';
import { WalletModule } from '../../services/wallet/src/wallet.module';
import { REACTOR_CHECKPOINTS } from '@forum/event-bus';
import {
  expectAuditPasses,
  expectReadModelsEqualRebuild,
  FAULT_ENV,
  republish,
  SOAK,
  storedEvents,
  waitForConsumersDrained,
} from './fault-support';
import { expectOutcomeVisible, runTraffic, trafficMembers } from './traffic';
import { startForum } from '@forum/testing';
import type { ForumFixture } from '@forum/testing';

const CONTEXTS = ['identity', 'moderation', 'forum', 'wallet'];

/**
 * ISSUE 11 / ADR 0003: Kafka delivers at least once and the outbox relay may publish a commit twice (a sweep after
 * a crash). Here every event already published is published AGAIN, in reverse order, onto its topic, while the
 * projectors and reactors (ledger, transfers, envelope claims, paid-unlock healer, points for posting) run.
 * Nothing may change: the read models stay equal to a rebuild, wallets keep their balances, the audit passes.
 */
describe('fault: every event delivered a second time, newest first', () => {
  let f: ForumFixture;
  let tagId: string;

  beforeAll(async () => {
    f = await startForum([WalletModule], { env: FAULT_ENV });
    tagId = await testTag(f.t.client);
  }, 120_000);
  afterAll(() => f?.t.close(), 60_000);

  it('changes no read model, no wallet and no ledger', async () => {
    const members = await trafficMembers(f, 3, 6);
    const outcome = await runTraffic(f, members, tagId, { durationMs: SOAK ? 60_000 : 8_000 });
    expect(outcome.failed).toEqual(new Map());
    expect(outcome.unlocks.length).toBeGreaterThan(0);
    await expectOutcomeVisible(f, members, outcome);
    const { config } = f.t;
    await waitForConsumersDrained(config.KAFKA_BROKERS, config.KAFKA_TOPIC_PREFIX);
    // The views the visibility check counted are written off the response path (ADR 28): let them land first.
    await f.t.app.get(TopicReads, { strict: false }).flush();

    const before = await snapshot();
    const auditBefore = await expectAuditPasses(f.t.db('wallet'));
    const events = await storedEvents(f.t.mongo, config.MONGO_DB_PREFIX, CONTEXTS);
    expect(events.length).toBeGreaterThan(100);
    await republish(config.KAFKA_BROKERS, config.KAFKA_TOPIC_PREFIX, events.reverse());
    await waitForConsumersDrained(config.KAFKA_BROKERS, config.KAFKA_TOPIC_PREFIX);

    // Nothing new was decided: the event stores hold exactly the commits they held before.
    for (const context of CONTEXTS)
      expect(await f.t.db(context).collection('commits').countDocuments()).toBe(before.commits[context]);
    expect(await snapshot()).toEqual(before);
    const auditAfter = await expectAuditPasses(f.t.db('wallet'));
    expect(auditAfter.money).toEqual(auditBefore.money);
    expect(auditAfter.points).toEqual(auditBefore.points);
    await expectOutcomeVisible(f, members, outcome);
    const compared = await expectReadModelsEqualRebuild(f.t.mongo, config.MONGO_DB_PREFIX, CONTEXTS);
    expect(compared.compared.length).toBeGreaterThan(10);
  }, 360_000);

  /** Every read model document and the event store sizes of the hosted contexts. */
  async function snapshot() {
    const commits: Record<string, number> = {};
    const readModels: Record<string, unknown[]> = {};
    for (const context of CONTEXTS) {
      const db = f.t.db(context);
      commits[context] = await db.collection('commits').countDocuments();
      for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
        // Bookkeeping that records *when* a batch was handled, not what the model says.
        if (['commits', 'projector_checkpoints', REACTOR_CHECKPOINTS].includes(name) || name.endsWith('__rebuild'))
          continue;
        readModels[`${context}/${name}`] = await db.collection(name).find().sort({ _id: 1 }).toArray();
      }
    }
    return { commits, readModels };
  }
});
