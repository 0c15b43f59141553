import type { EventEnvelope } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { authorKey, idsNamedBy, tagKey, ThreadCache } from './thread-cache';

const event = (streamId: string, data: Record<string, unknown>, version = 1) =>
  ({ streamId, version, data }) as unknown as EventEnvelope;

const TOPIC = '0192f0a1-1111-7000-8000-000000000001';
const COMMENT = '0192f0a1-2222-7000-8000-000000000002';
const MEMBER = '0192f0a1-3333-7000-8000-000000000003';

describe('thread cache', () => {
  let waiter: ProjectionWaiter;
  let cache: ThreadCache;
  let builds: number;
  const page = () =>
    cache.get('page', async () => {
      builds++;
      return { value: `build ${builds}`, keys: [TOPIC, COMMENT, MEMBER] };
    });

  beforeEach(() => {
    waiter = new ProjectionWaiter();
    cache = new ThreadCache(waiter);
    builds = 0;
  });

  it('names the ids of an event: its …Id and …Ids fields and its stream', () => {
    const ids = idsNamedBy(event(`comment-${COMMENT}`, { topicId: TOPIC, mentions: ['x'], quoteChainIds: ['q1'] }));
    expect(ids).toEqual(expect.arrayContaining([COMMENT, TOPIC, 'q1']));
    expect(ids).not.toContain('x');
  });

  it('serves a page from memory until a projection applies an event naming one of its ids', async () => {
    expect(await page()).toBe('build 1');
    expect(await page()).toBe('build 1');
    waiter.notify('forum-comments', [event('comment-0192f0a1-9999-7000-8000-000000000009', { topicId: 'other' })]);
    expect(await page()).toBe('build 1');
    waiter.notify('forum-reactions', [event('like-x', { targetId: COMMENT, memberId: 'someone' })]);
    expect(await page()).toBe('build 2');
    waiter.notify('member-profiles', [event(`member-${MEMBER}`, { nickname: 'Ann' })]);
    expect(await page()).toBe('build 3');
  });

  it("keeps a page showing a member's card when they write elsewhere, and drops it when their profile changes", async () => {
    const shown = () =>
      cache.get('shows the card', async () => {
        builds++;
        return { value: `build ${builds}`, keys: [TOPIC, authorKey(MEMBER)] };
      });
    expect(await shown()).toBe('build 1');
    waiter.notify('forum-comments', [
      event('comment-0192f0a1-9999-7000-8000-000000000009', { topicId: 'other', authorId: MEMBER }),
    ]);
    waiter.notify('forum-reactions', [event('like-y', { targetId: 'other', memberId: MEMBER })]);
    expect(await shown()).toBe('build 1');
    waiter.notify('member-profiles', [event(`member-${MEMBER}`, { nickname: 'Ann' })]);
    expect(await shown()).toBe('build 2');
  });

  it('keeps a page when a topic is posted in its tag, and drops it when the tag tree renames the tag', async () => {
    const TAG = '0192f0a1-4444-7000-8000-000000000004';
    const tagged = () =>
      cache.get('in a tag', async () => {
        builds++;
        return { value: `build ${builds}`, keys: [TOPIC, tagKey(TAG)] };
      });
    expect(await tagged()).toBe('build 1');
    waiter.notify('forum-topics', [event('topic-0192f0a1-9999-7000-8000-000000000009', { tagIds: [TAG] })]);
    expect(await tagged()).toBe('build 1');
    waiter.notify('forum-tags', [event('tagTree-forum', { tagId: TAG, name: 'Renamed' })]);
    expect(await tagged()).toBe('build 2');
  });

  it('drops a page before the waiting write is released, so its author reads it at once', async () => {
    await page();
    const released = waiter.waitFor('forum-topic-list', `topic-${TOPIC}`, 2, 1000).then(() => page());
    waiter.notify('forum-topic-list', [event(`topic-${TOPIC}`, { topicId: TOPIC }, 2)]);
    expect(await released).toBe('build 2');
  });

  it('does not keep a page whose build was under way when a change was applied', async () => {
    let finish!: (value: { value: string; keys: string[] }) => void;
    const building = cache.get<string>(
      'slow',
      () => new Promise<{ value: string; keys: string[] }>((resolve) => (finish = resolve)),
    );
    waiter.notify('forum-comments', [event('comment-unrelated', { topicId: 'unrelated' })]);
    finish({ value: 'built across a change', keys: [TOPIC] });
    expect(await building).toBe('built across a change');
    expect(await cache.get('slow', async () => ({ value: 'built again', keys: [TOPIC] }))).toBe('built again');
  });

  it('builds an expired page again in the background and serves the old one meanwhile', async () => {
    jest.useFakeTimers({ now: 1_000_000, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      expect(await page()).toBe('build 1');
      jest.setSystemTime(1_000_000 + 250);
      expect(await page()).toBe('build 1');
      await Promise.resolve();
      await Promise.resolve();
      expect(await page()).toBe('build 2');
    } finally {
      jest.useRealTimers();
    }
  });
});
