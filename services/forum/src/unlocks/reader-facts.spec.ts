import type { Db } from 'mongodb';
import type { EventEnvelope } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { READER_FACTS_MAX_AGE_MS, ReaderFacts } from './reader-facts';
import { MEMBER_POINTS, TOPIC_COMMENTERS, TOPIC_UNLOCKS } from './unlock.projections';

const TOPIC = 'topic-1';
const MEMBER = 'member-1';

/** The three read models as plain maps, counting the reads that reach them. */
function fakeDb() {
  const rows: Record<string, Map<string, Record<string, unknown>>> = {
    [TOPIC_COMMENTERS]: new Map(),
    [TOPIC_UNLOCKS]: new Map(),
    [MEMBER_POINTS]: new Map(),
  };
  const reads: string[] = [];
  let gate: Promise<void> = Promise.resolve();
  const db = {
    collection: (name: string) => ({
      find: (filter: { _id: { $in: string[] } }) => ({
        toArray: async () => {
          reads.push(name);
          // What the read model held when the read started.
          const found = filter._id.$in
            .filter((id) => rows[name]!.has(id))
            .map((id) => ({ _id: id, ...rows[name]!.get(id) }));
          await gate;
          return found;
        },
      }),
      findOne: async (filter: { _id: string }) => {
        reads.push(name);
        await gate;
        const row = rows[name]!.get(filter._id);
        return row ? { _id: filter._id, ...row } : null;
      },
    }),
  } as unknown as Db;
  return { db, rows, reads, hold: (until: Promise<void>) => (gate = until) };
}

const applied = (type: string, data: Record<string, unknown>) =>
  [{ type, streamId: `x-${type}`, version: 1, data }] as unknown as EventEnvelope[];

describe('ReaderFacts: what opens hidden blocks for a member, kept in memory', () => {
  let waiter: ProjectionWaiter;
  let store: ReturnType<typeof fakeDb>;
  let facts: ReaderFacts;
  let now: number;

  beforeEach(() => {
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    waiter = new ProjectionWaiter();
    store = fakeDb();
    facts = new ReaderFacts(store.db, waiter);
  });

  afterEach(() => jest.restoreAllMocks());

  it('a comment heard from a projection opens type 20 at once, and "commented" is never read again', async () => {
    expect(await facts.commentedOn(MEMBER, [TOPIC])).toEqual(new Set());
    expect(await facts.commentedOn(MEMBER, [TOPIC])).toEqual(new Set());
    expect(store.reads).toEqual([TOPIC_COMMENTERS]);
    // The comments projection applied the member's comment: the commenters read model may still be behind.
    waiter.notify('forum-comments', applied('CommentPosted', { topicId: TOPIC, authorId: MEMBER }));
    expect(await facts.commentedOn(MEMBER, [TOPIC])).toEqual(new Set([TOPIC]));
    now += 60 * 60_000;
    expect(await facts.commentedOn(MEMBER, [TOPIC])).toEqual(new Set([TOPIC]));
    expect(store.reads).toEqual([TOPIC_COMMENTERS]);
    // Another member's comment on the topic opens nothing for this one.
    waiter.notify('forum-comments', applied('CommentPosted', { topicId: 'topic-2', authorId: 'member-2' }));
    expect(await facts.commentedOn(MEMBER, ['topic-2'])).toEqual(new Set());
  });

  it('reads "not commented" again once it is older than the maximum age (another replica applied the comment)', async () => {
    expect(await facts.commentedOn(MEMBER, [TOPIC])).toEqual(new Set());
    store.rows[TOPIC_COMMENTERS]!.set(`${TOPIC}:${MEMBER}`, {});
    now += READER_FACTS_MAX_AGE_MS - 1;
    expect(await facts.commentedOn(MEMBER, [TOPIC])).toEqual(new Set());
    now += 1;
    expect(await facts.commentedOn(MEMBER, [TOPIC])).toEqual(new Set([TOPIC]));
    expect(store.reads).toEqual([TOPIC_COMMENTERS, TOPIC_COMMENTERS]);
  });

  it('an unlock heard drops the member’s records on that topic: the next view reads what the projection wrote', async () => {
    const record = { type: 10, blockIds: ['b1'], at: '2026-01-01T00:00:00.000Z' };
    expect(await facts.unlocksOn(MEMBER, [TOPIC])).toEqual(new Map([[TOPIC, []]]));
    store.rows[TOPIC_UNLOCKS]!.set(`${TOPIC}:${MEMBER}`, { records: [record] });
    expect(await facts.unlocksOn(MEMBER, [TOPIC])).toEqual(new Map([[TOPIC, []]]));
    waiter.notify('forum-topic-unlocks', applied('HiddenContentUnlocked', { topicId: TOPIC, memberId: MEMBER }));
    expect(await facts.unlocksOn(MEMBER, [TOPIC])).toEqual(new Map([[TOPIC, [record]]]));
    expect(store.reads).toEqual([TOPIC_UNLOCKS, TOPIC_UNLOCKS]);
  });

  it('points follow the wallet: a debit heard is read again at once, so a block the member fell below closes', async () => {
    store.rows[MEMBER_POINTS]!.set(MEMBER, { points: 150 });
    expect(await facts.pointsOf(MEMBER)).toBe(150);
    store.rows[MEMBER_POINTS]!.set(MEMBER, { points: 20 });
    expect(await facts.pointsOf(MEMBER)).toBe(150);
    waiter.notify('forum-member-points', applied('PointsDebited', { memberId: MEMBER, pointsAfter: 20 }));
    expect(await facts.pointsOf(MEMBER)).toBe(20);
    store.rows[MEMBER_POINTS]!.delete(MEMBER);
    now += READER_FACTS_MAX_AGE_MS;
    expect(await facts.pointsOf(MEMBER)).toBe(0);
  });

  it('a read that was under way when a change was heard is not kept', async () => {
    let release!: () => void;
    store.hold(new Promise<void>((resolve) => (release = resolve)));
    const before = facts.unlocksOn(MEMBER, [TOPIC]);
    store.rows[TOPIC_UNLOCKS]!.set(`${TOPIC}:${MEMBER}`, { records: [{ type: 40, blockIds: ['b2'], at: 'x' }] });
    waiter.notify('forum-topic-unlocks', applied('HiddenContentUnlocked', { topicId: TOPIC, memberId: MEMBER }));
    release();
    expect((await before).get(TOPIC)).toEqual([]);
    store.hold(Promise.resolve());
    const after = await facts.unlocksOn(MEMBER, [TOPIC]);
    expect(after.get(TOPIC)).toEqual([{ type: 40, blockIds: ['b2'], at: 'x' }]);
    expect(store.reads).toEqual([TOPIC_UNLOCKS, TOPIC_UNLOCKS]);
  });

  it('reads only the facts it does not hold, one batch for a list page', async () => {
    store.rows[TOPIC_COMMENTERS]!.set(`t2:${MEMBER}`, {});
    expect(await facts.commentedOn(MEMBER, ['t1', 't2'])).toEqual(new Set(['t2']));
    expect(await facts.commentedOn(MEMBER, ['t1', 't2', 't3'])).toEqual(new Set(['t2']));
    expect(store.reads).toEqual([TOPIC_COMMENTERS, TOPIC_COMMENTERS]);
    expect(await facts.commentedOn(MEMBER, [])).toEqual(new Set());
    expect(store.reads).toHaveLength(2);
  });
});
