import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { CommandBus } from '@nestjs/cqrs';
import { BALANCE_MODULES, newId } from '@forum/contracts';
import type {
  CommandMetadata,
  EnvelopeClaimView,
  EnvelopeView,
  Page,
  PostedTopic,
  TopicDetail,
} from '@forum/contracts';
import type { CommitDocument } from '@forum/event-store';
import { PermissionChecker, TokenService } from '@forum/platform';
import { eventually, startForum } from '@forum/testing';
import type { ForumFixture } from '@forum/testing';
import { ALL_CONTEXTS } from '../../services/all-in-one/src/contexts';
import { RegisterMemberCommand } from '../../services/identity/src/accounts/commands';
import { ForumModule } from '../../services/forum/src/forum.module';
import { testTag } from '../../services/forum/src/tags/tag.fixture';
import { auditLedgers } from '../../services/wallet/src/audit/ledger-audit';
import { Ledger } from '../../services/wallet/src/ledger/ledger';

/**
 * ISSUE 11: mixed, realistic traffic against every context of the all-in-one app over real HTTP for a bounded
 * time — reads far more than writes (home list, topic detail, comments), one hot topic taking many comments, an
 * envelope claim storm, a login burst, likes and private messages — then the invariants: no 5xx, every write
 * counted exactly once by its read model (comment counts = CommentPosted events, like counts = distinct likers),
 * the envelope's shares sum to its total, and the ledger audit passes.
 *
 * CI runs 45 s; `LOAD_SECONDS=600` (and `LOAD_WORKERS`) for a soak. The load generator shares the process with
 * the app (Jest hosts both), so the figures are a floor, not a benchmark: `npm run bench` measures properly.
 */
const SECONDS = Number(process.env.LOAD_SECONDS ?? 45);
const WORKERS = Number(process.env.LOAD_WORKERS ?? 12);
const TOPICS = 30;
const MEMBERS = 24;
const LOGIN_ACCOUNTS = 12;
const LOGIN_BURST = 36;
const ENVELOPE_SHARES = 200;
const ENVELOPE_CLAIMERS = 320;
const STORM_CONCURRENCY = 64;
const PASSWORD = 'load-test-password';

type Kind =
  | 'home list'
  | 'topic detail'
  | 'topic comments'
  | 'post comment (hot topic)'
  | 'like / unlike'
  | 'private message'
  | 'envelope claim'
  | 'login';

/** Weights of the steady traffic: reads ≫ writes. Claims and logins come as bursts, not from this mix. */
const MIX: [Kind, number][] = [
  ['home list', 45],
  ['topic detail', 25],
  ['topic comments', 20],
  ['post comment (hot topic)', 5],
  ['like / unlike', 3],
  ['private message', 2],
];

interface Sample {
  kind: Kind;
  status: number;
  ms: number;
  at: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

describe('load: mixed traffic over every context', () => {
  let f: ForumFixture;
  let base: string;
  let tagId: string;

  beforeAll(async () => {
    f = await startForum(
      ALL_CONTEXTS.filter((context) => !['IdentityModule', 'ModerationModule', 'ForumModule'].includes(context.name)),
      {
        env: {
          // Behind the site's proxy, every member has their own address (the login burst comes from many).
          TRUST_PROXY: 'true',
          RATE_LIMIT_WRITES_PER_MINUTE: '100000',
          RATE_LIMIT_WRITES_PER_MINUTE_PER_IP: '1000000',
        },
      },
    );
    tagId = await testTag(f.t.client);
    base = await f.t.listen();
  }, 300_000);
  afterAll(() => f?.t.close());

  const tokens = () => f.t.app.get(TokenService);
  const csrf = 'load-csrf-token-0123456789';

  /** One request over the socket, as the member site sends it. */
  async function call(
    method: string,
    path: string,
    options: { memberId?: string; body?: unknown; ip?: string } = {},
  ): Promise<{ status: number; body: unknown }> {
    const headers: Record<string, string> = {
      'x-requested-with': 'XMLHttpRequest',
      'accept-language': 'en-US',
      cookie: `cms_token=${csrf}`,
      'bbs-xsrf-token': csrf,
    };
    if (options.memberId) {
      const access = tokens().issueAccessToken({ sub: options.memberId, kind: 'member' });
      headers.authorization = `Bearer ${access},refresh-not-used-here`;
    }
    if (options.ip) headers['x-forwarded-for'] = options.ip;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await response.text();
    let body: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) body = JSON.parse(text);
    return { status: response.status, body };
  }

  /** Registers a member with a known account (the login burst signs in with it), without waiting on copies. */
  async function register(account: string): Promise<string> {
    const meta: CommandMetadata = {
      actor: { kind: 'system', id: null, ip: '127.0.0.1' },
      now: new Date(),
      correlationId: newId(),
    };
    const registered = await f.t.app
      .get(CommandBus)
      .execute(
        new RegisterMemberCommand(
          { account, password: PASSWORD, confirmPassword: PASSWORD, agreeTerms: true },
          meta,
          'member',
          true,
        ),
      );
    return (registered as { systemUser: { id: string } }).systemUser.id;
  }

  /** Every event of one type in a context's event store (a full scan: fine for one spec's database). */
  async function eventsOf<T>(context: string, type: string): Promise<{ streamId: string; version: number; data: T }[]> {
    const commits = await f.t.db(context).collection<CommitDocument>('commits').find({}).toArray();
    return commits.flatMap((commit) =>
      commit.events
        .filter((event) => event.type === type)
        .map((event) => ({ streamId: commit.streamId, version: event.version, data: event.data as T })),
    );
  }

  it(
    'serves reads and writes without 5xx and every count agrees with the events afterwards',
    async () => {
      // --- Seeding: members, topics, a funded envelope sender ---
      const stamp = Date.now().toString(36);
      const members = await Promise.all(Array.from({ length: MEMBERS }, (_, i) => f.member(`load${stamp}${i}`)));
      const accounts = Array.from({ length: LOGIN_ACCOUNTS }, (_, i) => `ld${stamp}${i}`);
      await Promise.all(accounts.map((account) => register(account)));
      const topics: string[] = [];
      for (let i = 0; i < TOPICS; i++) {
        topics.push(
          await f.post(members[i % 4]!, {
            title: `Load topic ${i}`,
            content: `<p>${'Everyday forum talk. '.repeat(10)}</p>`,
            tagIds: [tagId],
          }),
        );
      }
      const hotTopic = topics[TOPICS - 1]!;
      // Likers are the members who wrote none of the topics (members 0–3 did).
      const likers = members.slice(4);
      const likedTopics = topics.slice(0, 5);

      const sender = members[0]!;
      await f.t.app.get(Ledger).record(
        {
          type: 'Credit',
          walletId: sender,
          operationId: `load-credit:${sender}`,
          module: BALANCE_MODULES.staffAdjustment,
          amount: 50_000,
          remark: 'load test',
          now: new Date(),
        },
        { actor: { kind: 'system', id: null }, now: new Date(), correlationId: newId() },
        { waitForReadModel: true },
      );
      const envelopeTopic = await call('POST', '/api/forum/topics', {
        memberId: sender,
        body: {
          title: 'Red envelope for everyone',
          content: '<p>Grab it</p>',
          tagIds: [tagId],
          redEnvelope: { type: 20, totalAmount: '200', giveQuantity: ENVELOPE_SHARES },
        },
      });
      expect(envelopeTopic.status).toBe(201);
      const envelopeTopicId = (envelopeTopic.body as PostedTopic).topicId;
      const envelopeId = (
        (await call('GET', `/api/forum/topics/${envelopeTopicId}`, { memberId: sender })).body as TopicDetail
      ).redEnvelopeId!;
      expect(envelopeId).toBeTruthy();
      await eventually(async () => expect((await call('GET', `/api/wallet/envelopes/${envelopeId}`)).status).toBe(200));
      // Visitors read with the default roles.
      const checker = f.t.app.select(ForumModule).get(PermissionChecker);
      await eventually(async () => expect(await checker.can({ kind: 'visitor', id: null }, 'topic.view')).toBe(true));
      await eventually(async () =>
        expect(
          ((await call('GET', '/api/forum/topics?page=1&pageSize=20')).body as Page<unknown>).total,
        ).toBeGreaterThanOrEqual(TOPICS),
      );

      // --- Traffic ---
      const samples: Sample[] = [];
      const postedComments: string[] = [];
      const claims: { memberId: string; status: number; amount?: number }[] = [];
      const started = performance.now();
      const deadline = started + SECONDS * 1000;
      let messages = 0;

      async function timed(kind: Kind, run: () => Promise<{ status: number; body: unknown }>) {
        const at = performance.now();
        let status = 0;
        let body: unknown;
        try {
          ({ status, body } = await run());
        } catch (error) {
          body = String(error);
        }
        samples.push({ kind, status, ms: performance.now() - at, at: at - started });
        return { status, body };
      }

      const steady: Record<Exclude<Kind, 'envelope claim' | 'login'>, () => Promise<unknown>> = {
        'home list': () =>
          timed('home list', () =>
            call('GET', `/api/forum/topics?page=${1 + Math.floor(Math.random() * 2)}&pageSize=20`, {
              ...(Math.random() < 0.5 ? { memberId: pick(members) } : {}),
            }),
          ),
        'topic detail': () =>
          timed('topic detail', () =>
            call('GET', `/api/forum/topics/${Math.random() < 0.4 ? hotTopic : pick(topics)}`, {
              ...(Math.random() < 0.5 ? { memberId: pick(members) } : {}),
            }),
          ),
        'topic comments': () =>
          timed('topic comments', () =>
            call(
              'GET',
              `/api/forum/topics/${Math.random() < 0.6 ? hotTopic : pick(topics)}/comments?page=1&pageSize=50`,
            ),
          ),
        'post comment (hot topic)': async () => {
          const answer = await timed('post comment (hot topic)', () =>
            call('POST', `/api/forum/topics/${hotTopic}/comments`, {
              memberId: pick(members),
              body: { content: `<p>Hot take ${randomUUID().slice(0, 8)}</p>` },
            }),
          );
          if (answer.status === 201) postedComments.push(String((answer.body as { commentId?: string }).commentId));
        },
        'like / unlike': () =>
          timed('like / unlike', () =>
            call(Math.random() < 0.7 ? 'PUT' : 'DELETE', `/api/forum/likes/topic/${pick(likedTopics)}`, {
              memberId: pick(likers),
            }),
          ),
        'private message': () => {
          // 30 messages a minute per member: the mix stays well under it by spreading over every member.
          const from = members[messages++ % members.length]!;
          const to = members[(members.indexOf(from) + 1 + Math.floor(Math.random() * 5)) % members.length]!;
          return timed('private message', () =>
            call('POST', '/api/messaging/messages', {
              memberId: from,
              body: { toMemberId: to, content: 'Hello there' },
            }),
          );
        },
      };
      const totalWeight = MIX.reduce((sum, [, weight]) => sum + weight, 0);
      const nextKind = (): keyof typeof steady => {
        let roll = Math.random() * totalWeight;
        for (const [kind, weight] of MIX) {
          roll -= weight;
          if (roll < 0) return kind as keyof typeof steady;
        }
        return 'home list';
      };

      /** Runs `count` jobs `concurrency` at a time. */
      async function pool(count: number, concurrency: number, job: (index: number) => Promise<unknown>) {
        let next = 0;
        await Promise.all(
          Array.from({ length: Math.min(count, concurrency) }, async () => {
            while (next < count) await job(next++);
          }),
        );
      }

      const workers = Array.from({ length: WORKERS }, async () => {
        while (performance.now() < deadline) await steady[nextKind()]();
      });
      const storm = (async () => {
        await sleep(SECONDS * 250);
        await pool(ENVELOPE_CLAIMERS, STORM_CONCURRENCY, async () => {
          const memberId = randomUUID();
          const answer = await timed('envelope claim', () =>
            call('POST', `/api/wallet/envelopes/${envelopeId}/claim`, { memberId }),
          );
          claims.push({ memberId, status: answer.status, amount: (answer.body as { amount?: number }).amount });
        });
      })();
      const logins = (async () => {
        await sleep(SECONDS * 600);
        await pool(LOGIN_BURST, 16, (index) =>
          timed('login', () =>
            call('POST', '/api/identity/login', {
              body: { account: accounts[index % accounts.length], password: PASSWORD },
              ip: `10.1.${Math.floor(index / 200)}.${index % 200}`,
            }),
          ),
        );
      })();
      await Promise.all([...workers, storm, logins]);
      const elapsed = (performance.now() - started) / 1000;

      // --- Report ---
      const claimedOut = (sample: Sample) => sample.kind === 'envelope claim' && sample.status === 409;
      const failed = (sample: Sample) => sample.status === 0 || (sample.status >= 400 && !claimedOut(sample));
      const lines = [
        '| kind | requests | req/s while active | errors | p50 ms | p95 ms | p99 ms | max ms |',
        '|---|---|---|---|---|---|---|---|',
      ];
      for (const kind of [...MIX.map(([name]) => name), 'envelope claim', 'login'] as Kind[]) {
        const mine = samples.filter((sample) => sample.kind === kind);
        const sorted = mine.map((sample) => sample.ms).sort((a, b) => a - b);
        const errors = mine.filter(failed).length;
        // From its first request to its last answer: a burst's rate, not its average over the whole run.
        const active =
          Math.max(1, ...mine.map((sample) => sample.at + sample.ms)) / 1000 -
          Math.min(...mine.map((sample) => sample.at)) / 1000;
        const ms = (p: number) => percentile(sorted, p).toFixed(1);
        lines.push(
          `| ${kind} | ${mine.length} | ${(mine.length / active).toFixed(1)} | ${errors} (${((100 * errors) / Math.max(1, mine.length)).toFixed(2)}%) | ${ms(50)} | ${ms(95)} | ${ms(99)} | ${ms(100)} |`,
        );
      }
      const allErrors = samples.filter(failed);
      lines.push(
        `| all | ${samples.length} | ${(samples.length / elapsed).toFixed(1)} | ${allErrors.length} (${((100 * allErrors.length) / samples.length).toFixed(2)}%) | | | | |`,
      );
      console.log(
        `mixed traffic: ${elapsed.toFixed(1)} s, ${WORKERS} steady workers, a ${ENVELOPE_CLAIMERS}-claim storm, a ${LOGIN_BURST}-login burst\n${lines.join('\n')}`,
      );
      const byStatus = (list: Sample[]) =>
        list.reduce<Record<string, number>>((counts, sample) => {
          const key = `${sample.kind} ${sample.status}`;
          counts[key] = (counts[key] ?? 0) + 1;
          return counts;
        }, {});

      // No 5xx, no dropped connection, no refusal other than "snatched up" once the envelope is empty.
      expect(byStatus(samples.filter((sample) => sample.status === 0 || sample.status >= 500))).toEqual({});
      expect(byStatus(allErrors)).toEqual({});
      // The steady traffic was mostly reads (9 to 1 by weight), as on a real forum; the bursts come on top.
      const steadyKinds = MIX.map(([kind]) => kind);
      const reads = samples.filter((sample) => ['home list', 'topic detail', 'topic comments'].includes(sample.kind));
      const steadyWrites = samples.filter((sample) => steadyKinds.includes(sample.kind)).length - reads.length;
      expect(reads.length).toBeGreaterThan(5 * steadyWrites);

      // --- Invariants once the pipeline has caught up ---
      // The hot topic's comment count equals its CommentPosted events, one per answered post.
      await eventually(
        async () => {
          const posted = (await eventsOf<{ topicId: string }>('forum', 'CommentPosted')).filter(
            (event) => event.data.topicId === hotTopic,
          );
          expect(posted).toHaveLength(postedComments.length);
          const detail = (await call('GET', `/api/forum/topics/${hotTopic}`)).body as TopicDetail;
          expect(detail.commentCount).toBe(posted.length);
          const page = (await call('GET', `/api/forum/topics/${hotTopic}/comments?page=1&pageSize=1`))
            .body as Page<unknown>;
          expect(page.total).toBe(posted.length);
        },
        { timeoutMs: 120_000, intervalMs: 1_000 },
      );

      // Each liked topic's count equals the members whose last like event on it is a like (toggles collapse).
      await eventually(
        async () => {
          const likeEvents = [
            ...(await eventsOf<{ topicId: string; memberId: string }>('forum', 'ContentLiked')).map((e) => ({
              ...e,
              liked: true,
            })),
            ...(await eventsOf<{ topicId: string; memberId: string }>('forum', 'ContentUnliked')).map((e) => ({
              ...e,
              liked: false,
            })),
          ];
          const last = new Map<string, { version: number; liked: boolean; topicId: string }>();
          for (const event of likeEvents) {
            const seen = last.get(event.streamId);
            if (!seen || seen.version < event.version)
              last.set(event.streamId, { version: event.version, liked: event.liked, topicId: event.data.topicId });
          }
          for (const topicId of likedTopics) {
            const distinctLikers = [...last.values()].filter(
              (state) => state.liked && state.topicId === topicId,
            ).length;
            const detail = (await call('GET', `/api/forum/topics/${topicId}`)).body as TopicDetail;
            expect({ topicId, likes: detail.likeCount }).toEqual({ topicId, likes: distinctLikers });
          }
        },
        { timeoutMs: 120_000, intervalMs: 1_000 },
      );

      // The envelope: every share taken once, by different members, summing to the total.
      const won = claims.filter((claim) => claim.status === 200);
      expect(won).toHaveLength(ENVELOPE_SHARES);
      expect(new Set(won.map((claim) => claim.memberId)).size).toBe(ENVELOPE_SHARES);
      expect(won.reduce((sum, claim) => sum + claim.amount!, 0)).toBe(20_000);
      const claimed = (
        await eventsOf<{ envelopeId: string; position: number; amount: number }>('wallet', 'EnvelopeClaimed')
      ).filter((event) => event.data.envelopeId === envelopeId);
      expect(claimed.map((event) => event.data.position).sort((a, b) => a - b)).toEqual(
        Array.from({ length: ENVELOPE_SHARES }, (_, i) => i + 1),
      );
      expect(claimed.reduce((sum, event) => sum + event.data.amount, 0)).toBe(20_000);
      await eventually(
        async () => {
          const card = (await call('GET', `/api/wallet/envelopes/${envelopeId}`)).body as EnvelopeView;
          expect(card).toMatchObject({ status: 'snatched', receivedQuantity: ENVELOPE_SHARES });
          const list = (await call('GET', `/api/wallet/envelopes/${envelopeId}/claims?page=1&pageSize=100`))
            .body as Page<EnvelopeClaimView>;
          expect(list.total).toBe(ENVELOPE_SHARES);
        },
        { timeoutMs: 120_000, intervalMs: 1_000 },
      );

      // Every login of the burst got its tokens.
      expect(samples.filter((sample) => sample.kind === 'login' && sample.status === 200)).toHaveLength(LOGIN_BURST);

      // The ledgers replay to the read models, to the fen.
      await eventually(
        async () => {
          const report = await auditLedgers(f.t.db('wallet'));
          expect(report.differences).toEqual([]);
          expect(report.ok).toBe(true);
        },
        { timeoutMs: 120_000, intervalMs: 2_000 },
      );
    },
    SECONDS * 1000 + 600_000,
  );
});
