import type { EnvelopeView, ErrorBody, PostedTopic, TopicDetail, UnlockResult, WalletView } from '@forum/contracts';
import { eventually, withDeadline } from '@forum/testing';
import type { ForumFixture } from '@forum/testing';
import { Ledger } from '../../services/wallet/src/ledger/ledger';
import type { ApiClient } from './child-service';
import { fund } from './fault-support';

/** What the members were told succeeded: the checks afterwards hold the system to exactly this. */
export interface TrafficOutcome {
  topics: string[];
  /** Answered 201, by topic. */
  comments: Map<string, number>;
  /** Answered 200: reader → the topic and price they paid (fen), one entry per paid unlock. */
  unlocks: { readerId: string; topicId: string; price: number }[];
  envelopeId: string | null;
  /** Small envelopes sent with a topic (answered 201), besides the claimed one. */
  envelopesSent: number;
  /** Answered 200: claimer → amount. */
  claims: Map<string, number>;
  /** Requests that failed (status ≥ 500 or a network error), by kind. */
  failed: Map<string, number>;
  requests: number;
}

export interface TrafficMembers {
  authorId: string;
  readers: string[];
  claimers: string[];
}

export const UNLOCK_PRICE = 37;
export const READER_FUNDS = 10_000;
export const ENVELOPE_TOTAL = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;

/** An author with 10 000 fen (an envelope), readers with 10 000 fen each, and claimers with nothing. */
export async function trafficMembers(f: ForumFixture, readers: number, claimers: number): Promise<TrafficMembers> {
  const stamp = Date.now().toString(36);
  const authorId = await f.member(`fault_author_${stamp}`);
  const ledger = f.t.app.get(Ledger);
  await fund(ledger, authorId, { fen: 10_000 });
  const readerIds: string[] = [];
  for (let i = 0; i < readers; i++) {
    const id = await f.member(`fault_reader${i}_${stamp}`);
    await fund(ledger, id, { fen: READER_FUNDS });
    readerIds.push(id);
  }
  const claimerIds: string[] = [];
  for (let i = 0; i < claimers; i++) claimerIds.push(await f.member(`fault_claimer${i}_${stamp}`));
  return { authorId, readers: readerIds, claimers: claimerIds };
}

/**
 * Mixed writes for `durationMs`: the author posts topics with a paid block (and one with a red envelope of
 * `claimers.length` shares), readers comment and pay to unlock, claimers claim; `concurrency` requests at a time.
 */
export async function runTraffic(
  f: ForumFixture,
  members: TrafficMembers,
  tagId: string,
  {
    durationMs,
    concurrency = 4,
    client = f.t.client,
    moreEnvelopes = false,
  }: { durationMs: number; concurrency?: number; client?: ApiClient; moreEnvelopes?: boolean },
): Promise<TrafficOutcome> {
  const outcome: TrafficOutcome = {
    topics: [],
    comments: new Map(),
    unlocks: [],
    envelopeId: null,
    envelopesSent: 0,
    claims: new Map(),
    failed: new Map(),
    requests: 0,
  };
  const as = (id: string) => client.as(id);
  const fail = (kind: string) => outcome.failed.set(kind, (outcome.failed.get(kind) ?? 0) + 1);
  const call = async <T>(kind: string, request: () => Promise<{ status: number; body: T }>) => {
    outcome.requests++;
    // A request stuck on a server that is down counts as failed (the member's browser gives up too), so the
    // traffic ends on time; whatever it did later is held to the same checks as any failed request.
    try {
      const deadline = Date.now() + REQUEST_TIMEOUT_MS;
      const response = await withDeadline(request(), deadline, `${kind}: no answer in ${REQUEST_TIMEOUT_MS} ms`);
      if (response.status >= 500) fail(kind);
      return response;
    } catch {
      fail(kind);
      return null;
    }
  };

  const envelope = await call('envelope', () =>
    as(members.authorId).post<PostedTopic>('/api/forum/topics', {
      title: 'Fault envelope',
      content: '<p>Catch it</p>',
      tagIds: [tagId],
      redEnvelope: { type: 20, totalAmount: String(ENVELOPE_TOTAL / 100), giveQuantity: members.claimers.length },
    }),
  );
  if (envelope?.status === 201) {
    outcome.topics.push(envelope.body.topicId);
    await eventually(async () => {
      const detail = await as(members.authorId).get<TopicDetail>(`/api/forum/topics/${envelope.body.topicId}`);
      outcome.envelopeId = detail.body.redEnvelopeId ?? null;
      expect(outcome.envelopeId).not.toBeNull();
      expect((await client.get<EnvelopeView>(`/api/wallet/envelopes/${outcome.envelopeId}`)).status).toBe(200);
    });
  }
  const pendingClaims = [...members.claimers];
  const unlocked = new Set<string>();
  const stopAt = Date.now() + durationMs;
  let step = 0;

  const one = async (): Promise<void> => {
    const n = step++;
    const reader = members.readers[n % members.readers.length]!;
    const kind = n % 5;
    if (kind === 0 || outcome.topics.length < 2) {
      // Every other topic also sends a small envelope (freeze, EnvelopeSent, topic): a multi-step money flow.
      const envelope =
        moreEnvelopes && n % 2 === 1 ? { redEnvelope: { type: 30, singleAmount: '0.1', giveQuantity: 2 } } : {};
      const posted = await call('topic', () =>
        as(members.authorId).post<PostedTopic>('/api/forum/topics', {
          title: `Fault topic ${n}`,
          content: `<p>Open ${n}</p><hide type="50" value="${UNLOCK_PRICE}"><p>PAID-${n}</p></hide>`,
          tagIds: [tagId],
          ...envelope,
        }),
      );
      if (posted?.status === 201) {
        outcome.topics.push(posted.body.topicId);
        if ('redEnvelope' in envelope) outcome.envelopesSent++;
      }
      return;
    }
    const topicId = outcome.topics[1 + (n % (outcome.topics.length - 1))]!;
    if (kind === 1 || kind === 2) {
      const posted = await call('comment', () =>
        as(reader).post<{ commentId: string }>(`/api/forum/topics/${topicId}/comments`, { content: `<p>c${n}</p>` }),
      );
      if (posted?.status === 201) outcome.comments.set(topicId, (outcome.comments.get(topicId) ?? 0) + 1);
      return;
    }
    if (kind === 3 && outcome.envelopeId && pendingClaims.length > 0) {
      const claimer = pendingClaims.shift()!;
      const claimed = await call('claim', () =>
        as(claimer).post<{ amount: number } & ErrorBody>(`/api/wallet/envelopes/${outcome.envelopeId}/claim`),
      );
      if (claimed?.status === 200) outcome.claims.set(claimer, claimed.body.amount);
      else if (!claimed || claimed.status >= 500) pendingClaims.push(claimer); // try again later
      return;
    }
    const key = `${reader}|${topicId}`;
    if (unlocked.has(key) || topicId === outcome.topics[0]) return;
    unlocked.add(key); // one attempt at a time per reader and topic; a failed one may be tried again

    const paid = await call('unlock', () =>
      as(reader).post<UnlockResult & ErrorBody>(`/api/forum/topics/${topicId}/unlock`, {
        type: 50,
        price: UNLOCK_PRICE,
      }),
    );
    if (paid?.status === 200) {
      outcome.unlocks.push({ readerId: reader, topicId, price: paid.body.pricePaid ?? UNLOCK_PRICE });
    } else if (paid?.status === 409 && (paid.body as ErrorBody).code === 'forum.already_unlocked') {
      // Paid by an earlier attempt that answered an error: the reader was charged once and holds the unlock.
      outcome.unlocks.push({ readerId: reader, topicId, price: UNLOCK_PRICE });
    } else if (!paid || paid.status >= 500) {
      unlocked.delete(key);
    }
  };
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < stopAt) await one();
    }),
  );
  return outcome;
}

/**
 * What the members were told holds, read back through the API once the read models caught up: every answered
 * topic, comment, unlock and claim is there exactly once, and every wallet shows exactly what was paid.
 */
export async function expectOutcomeVisible(
  f: ForumFixture,
  members: TrafficMembers,
  outcome: TrafficOutcome,
  timeoutMs = 120_000,
  client: ApiClient = f.t.client,
): Promise<void> {
  const as = (id: string) => client.as(id);
  const wallet = async (id: string) => (await as(id).get<WalletView>('/api/wallet/me')).body;
  await eventually(
    async () => {
      for (const topicId of outcome.topics) {
        const detail = await as(members.authorId).get<TopicDetail>(`/api/forum/topics/${topicId}`);
        expect(detail.status).toBe(200);
        // Comments that answered 201 are there; a failed request may still have been stored (never half).
        expect(detail.body.commentCount).toBeGreaterThanOrEqual(outcome.comments.get(topicId) ?? 0);
      }
      for (const reader of members.readers) {
        const paid = outcome.unlocks.filter((unlock) => unlock.readerId === reader);
        const spent = paid.reduce((sum, unlock) => sum + unlock.price, 0);
        // Paid once per answered unlock; an unlock whose answer was lost may have been paid too (then it is held).
        const view = await wallet(reader);
        expect(view.frozen).toBe(0);
        expect(READER_FUNDS - view.available).toBeGreaterThanOrEqual(spent);
        expect((READER_FUNDS - view.available) % UNLOCK_PRICE).toBe(0);
      }
      for (const [claimer, amount] of outcome.claims) expect((await wallet(claimer)).available).toBe(amount);
    },
    { timeoutMs, intervalMs: 1_000 },
  );
  // Every unlock the reader paid for is one they hold, and every one they hold was paid once.
  for (const reader of members.readers) {
    const view = await wallet(reader);
    const held = await f.t
      .db('forum')
      .collection('commits')
      .countDocuments({ streamId: { $regex: `^topicUnlock-.*:${reader}$` } });
    expect((READER_FUNDS - view.available) / UNLOCK_PRICE).toBe(held);
  }
}
