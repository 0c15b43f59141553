import { eventually, sharedEnv, startForum } from '@forum/testing';
import type { ForumFixture } from '@forum/testing';
import type { AuditDifference } from '../../services/wallet/src/audit/ledger-audit';
import { auditLedgers } from '../../services/wallet/src/audit/ledger-audit';
import { ABANDON_AFTER_MS, EnvelopeRefunds } from '../../services/wallet/src/envelopes/envelope-refunds';
import { testTag } from '../../services/forum/src/tags/tag.fixture';
import { WalletModule } from '../../services/wallet/src/wallet.module';
import { faultConfig, startServiceProcess } from './child-service';
import type { ServiceProcess } from './child-service';
import {
  expectAuditPasses,
  expectReadModelsEqualRebuild,
  FAULT_ENV,
  sleep,
  SOAK,
  waitForConsumersDrained,
} from './fault-support';
import { expectOutcomeVisible, runTraffic, trafficMembers } from './traffic';

const CONTEXTS = ['identity', 'moderation', 'forum', 'wallet'];
const KILL_AFTER_MS = 2_500;
const KILLS = SOAK ? 5 : 1;

/**
 * ISSUE 11 / ADR 0011, 0016, 0019: the service process that runs the money flows (forum + wallet in one process,
 * as the all-in-one app) is killed with SIGKILL while members send envelopes with their topics (freeze →
 * EnvelopeSent → topic), pay to unlock (debit → credit legs → unlock record) and claim (EnvelopeClaimed → spend
 * frozen → legs). It is started again on the same data; its healing reactors (transfers, envelope claims, paid-unlock
 * healer, refunds) complete what was cut. Requests to the process go over HTTP; the test's own app shares the
 * databases and topics but runs no workers (RUN_WORKERS=false: an HTTP-only replica for set-up and checks).
 */
describe('fault: the service process killed during multi-step money flows', () => {
  let f: ForumFixture;
  let service: ServiceProcess;
  let tagId: string;

  beforeAll(async () => {
    // The service process first: it runs the projectors the test app's fixtures wait for.
    const config = faultConfig();
    service = await startServiceProcess(config, { name: 'killed' });
    f = await startForum([WalletModule], { env: { ...FAULT_ENV, ...sharedEnv(config), RUN_WORKERS: 'false' } });
    tagId = await testTag(f.t.client);
  }, 300_000);
  afterAll(async () => {
    await service?.stop();
    await f?.t.close();
  }, 60_000);

  it('heals every cut flow: no debit without its unlock, no claim unpaid, the audit and a rebuild agree', async () => {
    const members = await trafficMembers(f, 4, 10);
    const crashes = (async () => {
      for (let round = 0; round < KILLS; round++) {
        await sleep(KILL_AFTER_MS);
        await service.kill();
        await service.restart();
      }
    })();
    const outcome = await runTraffic(f, members, tagId, {
      durationMs: KILLS * KILL_AFTER_MS + 4_000,
      concurrency: 8,
      client: service.client,
      moreEnvelopes: true,
    });
    await crashes;
    // Requests cut by the kill failed (connection reset); the rest were answered.
    expect(outcome.topics.length).toBeGreaterThan(3);
    expect(outcome.envelopesSent).toBeGreaterThan(0);
    expect(outcome.unlocks.length).toBeGreaterThan(0);

    await expectOutcomeVisible(f, members, outcome, 180_000, service.client);
    await waitForConsumersDrained(f.t.config.KAFKA_BROKERS, f.t.config.KAFKA_TOPIC_PREFIX, 180_000);

    // Killed between the freeze and EnvelopeSent, nobody cancels the send: the audit names the freeze until the
    // refunds job, ten minutes on, closes the envelope and gives it back (ADR 0016). Anything else is a failure.
    let differences: AuditDifference[] = [];
    await eventually(
      async () => {
        differences = (await auditLedgers(f.t.db('wallet'))).differences;
        expect(differences.filter((difference) => !isOrphanedFreeze(difference))).toEqual([]);
      },
      { timeoutMs: 90_000, intervalMs: 1_000 },
    );
    const released = await f.t.app.get(EnvelopeRefunds).sweep(new Date(Date.now() + ABANDON_AFTER_MS + 60_000));
    if (differences.length > 0) console.warn(`fault: ${differences.length} orphaned freeze(s), ${released} fen back`);
    await expectAuditPasses(f.t.db('wallet'));
    await expectReadModelsEqualRebuild(f.t.mongo, f.t.config.MONGO_DB_PREFIX, CONTEXTS);
  }, 600_000);
});

function isOrphanedFreeze(difference: AuditDifference): boolean {
  return difference.problem === 'envelope_mismatch' && difference.detail.includes('never sent');
}
