import type { ErrorBody, SiteSettings, WalletView } from '@forum/contracts';
import { TokenService } from '@forum/platform';
import { eventually } from '@forum/testing';
import type { UnreadCount } from '../../services/messaging/src/unread/unread-counts';
import type { PostedTopic, TopicDetail } from '../../services/forum/src/topics/topic.schemas';
import { Ledger } from '../../services/wallet/src/ledger/ledger';
import { ABANDON_AFTER_MS, EnvelopeRefunds } from '../../services/wallet/src/envelopes/envelope-refunds';
import { auditLedgers } from '../../services/wallet/src/audit/ledger-audit';
import type { AuditDifference } from '../../services/wallet/src/audit/ledger-audit';
import { expectAuditPasses, expectReadModelsEqualRebuild, fund, sleep } from '../fault/fault-support';
import { expectOutcomeVisible, runTraffic, trafficMembers } from '../fault/traffic';
import { clusterReplicas, clusterUrl, replicaPid, startClusterFixture } from './cluster-support';
import type { ClusterFixture } from './cluster-support';

/**
 * The distributed mode run for real (issue 23, ADR 0051): every context its own process, two replicas of forum,
 * identity and wallet, nginx in front (deploy/cluster/start.mjs, started once by ./global-setup.ts). What only
 * shows with several processes: settings that every replica must see, money raced over replicas, live pushes held
 * by one replica, a replica killed mid-traffic.
 */
describe('cluster: the distributed mode behind nginx', () => {
  let c: ClusterFixture;
  let tagId: string;
  const stamp = Date.now().toString(36);

  beforeAll(async () => {
    c = await startClusterFixture();
    tagId = await c.f.tag(`cluster-${stamp}`);
  }, 240_000);
  afterAll(async () => {
    await c?.f.t.close();
  }, 60_000);

  it('a settings change reaches every replica of every context within a second, and back', async () => {
    const member = await c.f.member(`settings_${stamp}`);
    const staff = c.nginx.as(c.f.staffId, 'staff');
    // A member's read on each replica: refused with the staff's notice while the site is closed.
    const probes = clusterReplicas().map((r) => ({ name: r.name, client: c.replica(r.name).as(member) }));
    const read = async ({ name, client }: (typeof probes)[number]) => {
      const response = await client.get<ErrorBody>(PROBE[name.replace(/-\d+$/, '')]!);
      return { name, status: response.status, code: response.body.code ?? null };
    };
    const open = await Promise.all(probes.map(read));
    expect(open.filter((answer) => answer.status !== 200)).toEqual([]);

    for (const [mode, expected] of [
      ['closed', { status: 503, code: 'site.closed' }],
      ['open', { status: 200, code: null }],
    ] as const) {
      const changed = await staff.request<SiteSettings>('PATCH', '/api/moderation/settings', {
        siteMode: mode,
        closedNotice: 'Back soon',
      });
      expect(changed.status).toBe(200);
      const since = Date.now();
      const seen = new Map<string, number>();
      while (seen.size < probes.length && Date.now() - since < 5_000) {
        await Promise.all(
          probes
            .filter((p) => !seen.has(p.name))
            .map(async (p) => {
              const answer = await read(p);
              if (answer.status === expected.status && answer.code === expected.code)
                seen.set(p.name, Date.now() - since);
            }),
        );
      }
      const late = probes.filter((p) => !((seen.get(p.name) ?? Infinity) <= 1_000)).map((p) => p.name);
      expect({ mode, late, seen: Object.fromEntries(seen) }).toEqual({ mode, late: [], seen: expect.anything() });
    }
  }, 120_000);

  it('a red envelope claimed by many members over both wallet replicas at once pays each share once, to the fen', async () => {
    const author = await c.f.member(`race_author_${stamp}`);
    await fund(c.f.t.app.get(Ledger), author, { fen: 10_000 });
    const claimers = await Promise.all(Array.from({ length: 10 }, (_, i) => c.f.member(`race_claim${i}_${stamp}`)));
    const shares = 8;
    const posted = await c
      .replica('forum-2')
      .as(author)
      .post<PostedTopic>('/api/forum/topics', {
        title: 'Cluster race envelope',
        content: '<p>Catch it</p>',
        tagIds: [tagId],
        redEnvelope: { type: 20, totalAmount: '30', giveQuantity: shares },
      });
    expect(posted.status).toBe(201);
    let envelopeId = '';
    await eventually(async () => {
      const detail = await c.nginx.as(author).get<TopicDetail>(`/api/forum/topics/${posted.body.topicId}`);
      envelopeId = detail.body.redEnvelopeId ?? '';
      expect(envelopeId).not.toBe('');
    });
    // Every member claims three times at once: on wallet-1, on wallet-2, and through nginx.
    const routes = ['wallet-1', 'wallet-2', null];
    const answers = await Promise.all(
      claimers.flatMap((claimer) =>
        routes.map(async (route) => {
          const client = (route ? c.replica(route) : c.nginx).as(claimer);
          const answer = await client.post<{ amount: number } & ErrorBody>(`/api/wallet/envelopes/${envelopeId}/claim`);
          return { claimer, status: answer.status, amount: answer.body.amount, code: answer.body.code };
        }),
      ),
    );
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const won = new Map<string, number>();
    for (const a of answers.filter((x) => x.status === 200)) {
      // A member's repeated claim answers what they already got, never a second share.
      if (won.has(a.claimer)) expect(a.amount).toBe(won.get(a.claimer));
      won.set(a.claimer, a.amount);
    }
    expect(won.size).toBe(shares);
    expect([...won.values()].reduce((sum, amount) => sum + amount, 0)).toBe(3_000);
    await eventually(
      async () => {
        for (const claimer of claimers) {
          const wallet = (await c.nginx.as(claimer).get<WalletView>('/api/wallet/me')).body;
          expect({ claimer, available: wallet.available }).toEqual({ claimer, available: won.get(claimer) ?? 0 });
        }
        const authorWallet = (await c.nginx.as(author).get<WalletView>('/api/wallet/me')).body;
        expect(authorWallet).toMatchObject({ available: 7_000, frozen: 0 });
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    await expectAuditPasses(c.f.t.db('wallet'));
  }, 180_000);

  it('pushes the unread badge live when the writer is on another replica than the reader', async () => {
    const author = await c.f.member(`live_author_${stamp}`);
    const commenter = await c.f.member(`live_commenter_${stamp}`);
    const posted = await c
      .replica('forum-1')
      .as(author)
      .post<PostedTopic>('/api/forum/topics', { title: 'Live badge', content: '<p>Reply here</p>', tagIds: [tagId] });
    expect(posted.status).toBe(201);
    // The author's open page: the badge's event stream through nginx (messaging), as the member site opens it.
    const stream = await openUnreadStream(
      c.f.t.app.get(TokenService).issueAccessToken({ sub: author, kind: 'member' }),
    );
    try {
      const first = await stream.next(30_000);
      expect(first.remindCount).toBe(0);
      // The reply goes to the other forum replica; the reminder reaches messaging through Kafka.
      const sent = Date.now();
      const reply = await c
        .replica('forum-2')
        .as(commenter)
        .post(`/api/forum/topics/${posted.body.topicId}/comments`, { content: '<p>Seen live?</p>' });
      expect(reply.status).toBe(201);
      let pushed = first;
      while (pushed.remindCount === 0) pushed = await stream.next(30_000);
      expect(pushed.remindCount).toBe(1);
      console.log(`cluster: the badge moved ${Date.now() - sent} ms after the reply on the other replica`);
    } finally {
      stream.close();
    }
  }, 120_000);

  it('a replica of forum and of wallet killed mid-traffic: nginx fails over, nothing is lost or doubled, the ledgers and read models hold', async () => {
    const prefix = c.f.t.config.MONGO_DB_PREFIX;
    const members = await trafficMembers(c.f, 4, 8);
    // wallet-1 is the first address of the wallet in every forum's PEER_URLS: with it down, the forum's peer commands
    // (unlocks, envelope sends) must pass to wallet-2 (killing it answered 503 to every unlock when PEER_URLS took one
    // address per context).
    const killed = ['forum-2', 'wallet-1'];
    const pidsBefore = killed.map(replicaPid);
    const crash = (async () => {
      await sleep(2_500);
      for (const pid of pidsBefore) process.kill(pid, 'SIGKILL');
    })();
    const outcome = await runTraffic(c.f, members, tagId, {
      durationMs: 10_000,
      concurrency: 6,
      client: c.nginx,
      moreEnvelopes: true,
    });
    await crash;
    const failed = Object.fromEntries(outcome.failed);
    console.log(`cluster: ${outcome.requests} requests during the kill, failed: ${JSON.stringify(failed)}`);
    expect(outcome.topics.length).toBeGreaterThan(3);
    expect(outcome.unlocks.length).toBeGreaterThan(0);

    // The launcher starts each killed replica again on its ports; nginx sends it requests once it answers.
    await eventually(
      async () => {
        for (const [i, name] of killed.entries()) {
          expect(replicaPid(name)).not.toBe(pidsBefore[i]);
          const url = clusterReplicas().find((r) => r.name === name)!.url;
          expect((await fetch(`${url}/api/ready`)).status).toBe(200);
        }
      },
      { timeoutMs: 180_000, intervalMs: 1_000 },
    );
    // Every member's wallet answers through nginx again, from either wallet replica.
    await eventually(
      async () => {
        for (const member of [members.authorId, ...members.readers, ...members.claimers]) {
          const answer = await c.nginx.as(member).get<WalletView>('/api/wallet/me');
          expect({ member, status: answer.status, body: answer.body }).toMatchObject({
            member,
            status: 200,
            body: { frozen: expect.any(Number) },
          });
        }
      },
      { timeoutMs: 60_000, intervalMs: 1_000 },
    );
    // What each member was told holds, read through nginx; and the restarted forum replica serves every topic.
    await expectOutcomeVisible(c.f, members, outcome, 180_000, c.nginx);
    for (const topicId of outcome.topics) {
      const detail = await c.replica('forum-2').as(members.authorId).get<TopicDetail>(`/api/forum/topics/${topicId}`);
      expect({ topicId, status: detail.status }).toEqual({ topicId, status: 200 });
      expect(detail.body.commentCount).toBeGreaterThanOrEqual(outcome.comments.get(topicId) ?? 0);
    }
    // No comment stored twice: every one the traffic sent carries its own text.
    const comments = await c.f.t
      .db('forum')
      .collection<{ topicId: string; contentHtml: string }>('comments')
      .aggregate<{ _id: string; n: number }>([
        { $match: { topicId: { $in: outcome.topics } } },
        { $group: { _id: '$contentHtml', n: { $sum: 1 } } },
        { $match: { n: { $gt: 1 } } },
      ])
      .toArray();
    expect(comments).toEqual([]);

    // A send cut between its freeze and EnvelopeSent is given back by the refunds job (ADR 0016); nothing else may
    // differ.
    let differences: AuditDifference[] = [];
    await eventually(
      async () => {
        differences = (await auditLedgers(c.f.t.db('wallet'))).differences;
        expect(
          differences.filter((d) => !(d.problem === 'envelope_mismatch' && d.detail.includes('never sent'))),
        ).toEqual([]);
      },
      { timeoutMs: 90_000, intervalMs: 1_000 },
    );
    if (differences.length > 0)
      await c.f.t.app.get(EnvelopeRefunds).sweep(new Date(Date.now() + ABANDON_AFTER_MS + 60_000));
    await expectAuditPasses(c.f.t.db('wallet'));
    await expectReadModelsEqualRebuild(c.f.t.mongo, prefix, ['identity', 'moderation', 'forum', 'wallet']);
  }, 600_000);
});

/** The badge's Server-Sent Events through nginx: each `unread` event's counts, in order. */
async function openUnreadStream(accessToken: string): Promise<{
  next(timeoutMs: number): Promise<UnreadCount>;
  close(): void;
}> {
  const abort = new AbortController();
  const response = await fetch(
    `${clusterUrl()}/api/messaging/unread-count/stream?access_token=${encodeURIComponent(accessToken)}`,
    { headers: { accept: 'text/event-stream' }, signal: abort.signal },
  );
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  const events: UnreadCount[] = [];
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffered += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const data = /^event: unread\ndata: (.*)$/m.exec(block)?.[1];
        if (data) events.push(JSON.parse(data) as UnreadCount);
      }
    }
  })().catch(() => undefined);
  return {
    async next(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (events.length === 0) {
        if (Date.now() > deadline) throw new Error(`no unread event in ${timeoutMs} ms`);
        await sleep(50);
      }
      return events.shift()!;
    },
    close() {
      abort.abort();
      void pump;
    },
  };
}

/** A member's read each context answers (none of them open while the site is closed). */
const PROBE: Record<string, string> = {
  forum: '/api/forum/tags',
  identity: '/api/identity/oauth/providers',
  wallet: '/api/wallet/me',
  moderation: '/api/moderation/help/categories',
  messaging: '/api/messaging/unread-count',
  qa: '/api/qa/questions',
  search: '/api/search/hot-terms',
  assistant: '/api/assistant/status',
};
