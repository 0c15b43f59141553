import { newId, streamId } from '@forum/contracts';
import type { EventEnvelope, Page, ReminderView } from '@forum/contracts';
import { EventStore } from '@forum/event-store';
import { eventually } from '@forum/testing';
import { MessagingFixture, startMessaging } from '../messaging.fixture';
import type { UnreadCount } from '../unread/unread-counts';
import { inboxProjection, REMINDERS } from './inbox.projection';
import { FANOUT_BATCH, FANOUT_REACTOR } from './follower-fanout';
import { deliveryStream } from './reminder-delivery.decider';
import { REMINDER_REACTOR } from './reminder-reactor';
import { REMINDER_SOURCE_TOPICS } from './reminder-rules';
import type { ReminderPreferences } from './reminders';

/** Identity's stream of one follow (`follow-<follower>_<followee>`), whose events messaging reacts to. */
const followStream = (followerId: string, followeeId: string) => streamId('follow', `${followerId}_${followeeId}`);

/**
 * Every implemented reminder type from its triggering event to the member's reminder list: follows through
 * identity's real command, forum events as real envelopes on the forum's Kafka topics (as its outbox relay
 * publishes them). Each checks "never to myself" and that a redelivered event changes nothing.
 */
describe('messaging: reminders from other contexts', () => {
  let f: MessagingFixture;

  beforeAll(async () => {
    f = await startMessaging();
  });
  afterAll(() => f.close());

  const as = (memberId: string) => f.t.client.as(memberId);
  const many = async (...names: string[]) =>
    (await Promise.all(names.map((name) => f.member(name)))) as [string, string, string, string, string, string];
  const list = async (memberId: string) =>
    (await as(memberId).get<Page<ReminderView>>('/api/messaging/reminders?pageSize=100')).body.items;
  const count = async (memberId: string) =>
    (await as(memberId).get<UnreadCount>('/api/messaging/unread-count')).body.remindCount;
  const rows = (memberId: string) =>
    f.t
      .db('messaging')
      .collection<{ _id: string }>(REMINDERS)
      .countDocuments({ _id: { $gt: `${memberId}|`, $lt: `${memberId}|\uffff` } });
  /** The reminder reactor and the inbox projection have consumed everything published so far. */
  const settled = async () => {
    await f.caughtUp(REMINDER_REACTOR, REMINDER_SOURCE_TOPICS);
    await f.caughtUp(inboxProjection, ['messaging.reminderDelivery', 'messaging.inbox']);
  };
  const remindersOf = async (memberId: string, expected: number) =>
    eventually(async () => {
      const items = await list(memberId);
      expect(items).toHaveLength(expected);
      return items;
    });

  const topicPosted = (authorId: string, mentions: string[] = []) => {
    const topicId = newId();
    return f.publish('forum', `topic-${topicId}`, 'TopicPosted', {
      topicId,
      title: `Topic ${topicId.slice(-4)}`,
      content: '<p>Hello <hide type="10" value="pw"><p>secret</p></hide> world</p>',
      tagIds: ['t1'],
      authorId,
      postedAt: new Date().toISOString(),
      mentions,
    });
  };
  const commentPosted = (
    topicId: string,
    authorId: string,
    extra: { quotedCommentId?: string; mentions?: string[] } = {},
  ) => {
    const commentId = newId();
    return f.publish('forum', `comment-${commentId}`, 'CommentPosted', {
      commentId,
      topicId,
      authorId,
      contentHtml: '<p>a comment</p>',
      quotedCommentId: extra.quotedCommentId ?? null,
      quoteChain: extra.quotedCommentId ? [extra.quotedCommentId] : [],
      mentions: extra.mentions ?? [],
      postedAt: new Date().toISOString(),
      isStaff: false,
    });
  };
  const replyPosted = (
    topicId: string,
    commentId: string,
    authorId: string,
    extra: { replyToMemberId?: string; mentions?: string[] } = {},
  ) => {
    const replyId = newId();
    return f.publish('forum', `reply-${replyId}`, 'ReplyPosted', {
      replyId,
      commentId,
      topicId,
      authorId,
      replyToReplyId: extra.replyToMemberId ? newId() : null,
      replyToMemberId: extra.replyToMemberId ?? null,
      contentHtml: '<p>a reply</p>',
      mentions: extra.mentions ?? [],
      postedAt: new Date().toISOString(),
      isStaff: false,
    });
  };
  const like = (
    kind: 'topic' | 'comment' | 'reply',
    targetId: string,
    topicId: string,
    memberId: string,
    authorId: string,
    version = 1,
    type = 'ContentLiked',
  ) =>
    f.publish(
      'forum',
      `like-${kind}.${targetId}.${memberId}`,
      type,
      { targetKind: kind, targetId, topicId, memberId, targetAuthorId: authorId, at: new Date().toISOString() },
      version,
    );
  const data = <T>(envelope: EventEnvelope) => envelope.data as T;

  it('80: a new follower (identity command), never for following oneself, once per follow on redelivery', async () => {
    const [star, fan] = [await f.member('rm_star'), await f.member('rm_fan')];
    expect((await as(fan).request('PUT', `/api/identity/follows/${star}`)).status).toBe(204);
    const [reminder] = await remindersOf(star, 1);
    expect(reminder).toMatchObject({ type: 80, sender: { memberId: fan }, read: false });
    expect(await count(star)).toBe(1);
    expect(await list(fan)).toEqual([]);

    // Mark it read, then the follow event is delivered again: still one reminder, still read.
    expect((await as(star).post(`/api/messaging/reminders/${reminder!.reminderId}/read`)).status).toBe(204);
    const [followed] = await new EventStore('identity', f.t.db('identity')).readStream(followStream(fan, star));
    await f.republish('identity', followed!);
    // A member following themselves (identity refuses it, but the rule holds on its own).
    await f.publish('identity', followStream(star, star), 'MemberFollowed', {
      followerId: star,
      followeeId: star,
      at: new Date().toISOString(),
    });
    await settled();
    expect(await rows(star)).toBe(1);
    expect(await list(star)).toEqual([expect.objectContaining({ reminderId: reminder!.reminderId, read: true })]);
    expect(await count(star)).toBe(0);
  });

  it('200 / 10 / 30 / 210: mentions in a topic, a comment on my topic, my comment quoted, a mention in a comment', async () => {
    const [author, commenter, quoted, mentioned] = await many('rm_author', 'rm_commenter', 'rm_quoted', 'rm_mentioned');
    const topic = await topicPosted(author, [mentioned, author]);
    const topicId = data<{ topicId: string }>(topic).topicId;
    const [mention] = await remindersOf(mentioned, 1);
    expect(mention).toMatchObject({ type: 200, sender: { memberId: author }, topicId, summary: 'Hello world' });

    const quotedComment = await commentPosted(topicId, quoted);
    await remindersOf(author, 1);
    const comment = await commentPosted(topicId, commenter, {
      quotedCommentId: data<{ commentId: string }>(quotedComment).commentId,
      mentions: [mentioned, commenter],
    });
    const commentId = data<{ commentId: string }>(comment).commentId;
    await eventually(async () => {
      expect((await list(author)).map((r) => r.type)).toEqual([10, 10]);
      expect((await list(quoted)).map((r) => [r.type, r.commentId])).toEqual([[30, commentId]]);
      expect((await list(mentioned)).map((r) => r.type)).toEqual([210, 200]);
    });
    expect(await list(commenter)).toEqual([]);
    // The author comments on their own topic: nobody is reminded.
    await commentPosted(topicId, author);
    // Redelivery of every event above.
    for (const envelope of [topic, quotedComment, comment]) await f.republish('forum', envelope);
    await settled();
    expect([await rows(author), await rows(quoted), await rows(mentioned), await rows(commenter)]).toEqual([
      2, 1, 2, 0,
    ]);
  });

  it('20 / 40 / 50 / 55 / 220: replies, each recipient once with its most specific type', async () => {
    const [author, commenter, earlier, target, replier, mentioned] = await many(
      'rp_author',
      'rp_commenter',
      'rp_earlier',
      'rp_target',
      'rp_replier',
      'rp_mentioned',
    );
    const topicId = data<{ topicId: string }>(await topicPosted(author)).topicId;
    const commentId = data<{ commentId: string }>(await commentPosted(topicId, commenter)).commentId;
    await replyPosted(topicId, commentId, earlier);
    await replyPosted(topicId, commentId, target);
    await eventually(async () => expect(await rows(earlier)).toBe(1)); // 50: target replied to a comment earlier replied to
    const reply = await replyPosted(topicId, commentId, replier, {
      replyToMemberId: target,
      mentions: [mentioned, replier],
    });
    await eventually(async () => {
      const newest = async (memberId: string) => (await list(memberId))[0];
      expect(await newest(target)).toMatchObject({ type: 55, replyId: data<{ replyId: string }>(reply).replyId });
      expect(await newest(commenter)).toMatchObject({ type: 40 });
      expect(await newest(earlier)).toMatchObject({ type: 50 });
      expect(await newest(author)).toMatchObject({ type: 20, topicTitle: expect.stringMatching(/^Topic /) });
      expect(await newest(mentioned)).toMatchObject({ type: 220 });
    });
    expect(await list(replier)).toEqual([]);
    await f.republish('forum', reply);
    await settled();
    // commenter: three replies on their comment; author: the comment and three replies on their topic; target: only
    // the reply to their reply (55, which also was a reply to a comment they replied to); earlier: two 50s.
    expect(await rows(commenter)).toBe(3);
    expect(await rows(author)).toBe(4);
    expect(await rows(target)).toBe(1);
    expect(await rows(earlier)).toBe(2);
    expect(await rows(replier)).toBe(0);
  });

  it('60 / 70 / 260 / 270: unlocks and likes reach the author, not a member liking their own content', async () => {
    const [author, reader] = [await f.member('lk_author'), await f.member('lk_reader')];
    const topicId = data<{ topicId: string }>(await topicPosted(author)).topicId;
    const commentId = newId();
    const replyId = newId();
    await f.publish('forum', `topicUnlock-${topicId}.${reader}`, 'HiddenContentUnlocked', {
      topicId,
      memberId: reader,
      authorId: author,
      type: 10,
      blockIds: ['bBlock0'],
      pricePaid: null,
      at: new Date().toISOString(),
    });
    const liked = await like('topic', topicId, topicId, reader, author);
    await like('comment', commentId, topicId, reader, author);
    await like('reply', replyId, topicId, reader, author);
    await like('topic', topicId, topicId, author, author);
    const items = await remindersOf(author, 4);
    expect(new Set(items.map((r) => r.type))).toEqual(new Set([60, 70, 260, 270]));
    expect(items.find((r) => r.type === 260)).toMatchObject({ commentId, sender: { memberId: reader } });
    expect(items.find((r) => r.type === 270)).toMatchObject({ replyId });

    // Redelivered, then unliked and liked again: the second like is a new reminder, the first stays one.
    await f.republish('forum', liked);
    await like('topic', topicId, topicId, reader, author, 2, 'ContentUnliked');
    await like('topic', topicId, topicId, reader, author, 3);
    await remindersOf(author, 5);
    await settled();
    expect(await rows(author)).toBe(5);
    expect(await rows(reader)).toBe(0);
  });

  it('marks one and all read, deletes, and filters by the member’s preferences', async () => {
    const [author, fan1, fan2, fan3] = await many('pf_author', 'pf_1', 'pf_2', 'pf_3');
    const topicId = data<{ topicId: string }>(await topicPosted(author)).topicId;
    // fan1 comments (10); fan2 replies to the author's own comment (40, and 20 as a reply on the topic); fan3 follows.
    await commentPosted(topicId, fan1);
    const authorComment = data<{ commentId: string }>(await commentPosted(topicId, author)).commentId;
    await replyPosted(topicId, authorComment, fan2);
    await as(fan3).request('PUT', `/api/identity/follows/${author}`);
    await remindersOf(author, 3);
    expect(await count(author)).toBe(3);

    const prefs = await as(author).request<ReminderPreferences>('PUT', '/api/messaging/reminder-preferences', {
      disabledTypes: [10, 40],
    });
    expect(prefs.status).toBe(200);
    expect(prefs.body.types.find((t) => t.type === 10)).toMatchObject({ enabled: false, generated: true });
    // The comment's reminder is hidden; the reply's shows as its next type the member wants (20).
    expect((await list(author)).map((r) => r.type)).toEqual([80, 20]);
    expect(await count(author)).toBe(2);
    expect(
      (await as(author).get<ReminderPreferences>('/api/messaging/reminder-preferences')).body.types,
    ).toContainEqual({
      type: 40,
      enabled: false,
      generated: true,
    });
    const invalid = await as(author).request('PUT', '/api/messaging/reminder-preferences', { disabledTypes: [11] });
    expect(invalid.status).toBe(400);
    await as(author).request('PUT', '/api/messaging/reminder-preferences', { disabledTypes: [] });
    expect((await list(author)).map((r) => r.type)).toEqual([80, 40, 10]);

    const [newest, reply] = await list(author);
    expect((await as(author).request('DELETE', `/api/messaging/reminders/${newest!.reminderId}`)).status).toBe(204);
    expect((await as(author).request('DELETE', `/api/messaging/reminders/${newest!.reminderId}`)).status).toBe(404);
    expect((await as(fan3).post(`/api/messaging/reminders/${reply!.reminderId}/read`)).status).toBe(404);
    expect((await as(author).post(`/api/messaging/reminders/${reply!.reminderId}/read`)).status).toBe(204);
    expect(await count(author)).toBe(1);

    // Mark all read while new reminders keep coming: what came after the mark stays unread, exactly.
    const late = Promise.all([commentPosted(topicId, fan2), commentPosted(topicId, fan3)]);
    expect((await as(author).post('/api/messaging/reminders/read-all')).status).toBe(204);
    await late;
    await settled();
    const after = await list(author);
    expect(after).toHaveLength(4);
    expect(await count(author)).toBe(after.filter((r) => !r.read).length);
    expect((await as(author).post('/api/messaging/reminders/read-all')).status).toBe(204);
    expect(await count(author)).toBe(0);
  });

  it('keeps the badge exact past hundreds of reminders, a read-all and deliveries redelivered after it', async () => {
    const [author, fan] = await many('uc_author', 'uc_fan');
    const topicId = data<{ topicId: string }>(await topicPosted(author)).topicId;
    const comments = Array.from({ length: 210 }, () => {
      const commentId = newId();
      return f.envelope(`comment-${commentId}`, 'CommentPosted', {
        commentId,
        topicId,
        authorId: fan,
        contentHtml: '<p>one of many</p>',
        quotedCommentId: null,
        quoteChain: [],
        mentions: [],
        postedAt: new Date().toISOString(),
        isStaff: false,
      });
    });
    await f.republishAll('forum', comments);
    await eventually(async () => expect(await count(author)).toBe(210), { timeoutMs: 30_000 });

    expect((await as(author).post('/api/messaging/reminders/read-all')).status).toBe(204);
    expect(await count(author)).toBe(0);
    // The inbox projection hears every delivery again (a relay that crashed before marking them published).
    const messagingStore = new EventStore('messaging', f.t.db('messaging'));
    const deliveries = await Promise.all(
      comments.map(async (comment) => (await messagingStore.readStream(deliveryStream(comment.id)))[0]!),
    );
    await f.republishAll('messaging', deliveries);
    await settled();
    expect(await count(author)).toBe(0);
    await commentPosted(topicId, fan);
    await eventually(async () => expect(await count(author)).toBe(1));
    expect(await rows(author)).toBe(211);
  });

  it('90 / 100 / 110: followers hear of a member’s topic, comment and reply, in batches, once each', async () => {
    const [author, fan, mentionedFan, quitter] = await many('fo_author', 'fo_fan', 'fo_mentioned', 'fo_quitter');
    for (const follower of [fan, mentionedFan, quitter])
      expect((await as(follower).request('PUT', `/api/identity/follows/${author}`)).status).toBe(204);
    expect((await as(quitter).request('DELETE', `/api/identity/follows/${author}`)).status).toBe(204);
    // Many more followers, as identity would publish their follows (three pages of the fan-out).
    const synthetic = Array.from({ length: FANOUT_BATCH * 2 + 1 }, () => newId());
    await f.republishAll(
      'identity',
      synthetic.map((followerId) =>
        f.envelope(followStream(followerId, author), 'MemberFollowed', {
          followerId,
          followeeId: author,
          at: new Date().toISOString(),
        }),
      ),
    );
    await f.caughtUp('messaging-followers', ['identity.follow']);
    // (and the reminder reactor has told the author about each new follower, so the topic's reminders are next)
    await f.caughtUp(REMINDER_REACTOR, ['identity.follow']);

    const started = Date.now();
    const topic = await topicPosted(author, [mentionedFan]);
    const topicId = data<{ topicId: string }>(topic).topicId;
    const reminders = f.t.db('messaging').collection<{ _id: string }>(REMINDERS);
    await eventually(async () =>
      expect(await reminders.countDocuments({ reminderId: topic.id })).toBe(synthetic.length + 2),
    );
    const fanoutMs = Date.now() - started;
    expect(await list(fan)).toEqual([
      expect.objectContaining({ type: 90, topicId, sender: expect.objectContaining({ memberId: author }) }),
    ]);
    // Mentioned and following: one reminder showing the more specific type; without 200 wanted, it shows as 90.
    await eventually(async () => expect((await list(mentionedFan)).map((r) => r.type)).toEqual([200]));
    await as(mentionedFan).request('PUT', '/api/messaging/reminder-preferences', { disabledTypes: [200] });
    expect((await list(mentionedFan)).map((r) => r.type)).toEqual([90]);
    expect(await rows(quitter)).toBe(0);
    // The author hears of their new followers (80), not of their own topic.
    expect(
      await reminders.countDocuments({ _id: { $gt: `${author}|`, $lt: `${author}|\uffff` }, reminderId: topic.id }),
    ).toBe(0);

    const comment = await commentPosted(topicId, author);
    await replyPosted(topicId, data<{ commentId: string }>(comment).commentId, author);
    await eventually(async () => expect((await list(fan)).map((r) => r.type)).toEqual([110, 100, 90]));

    await f.republish('forum', topic);
    await f.caughtUp(FANOUT_REACTOR, ['forum.topic', 'forum.comment', 'forum.reply']);
    await f.caughtUp(inboxProjection, ['messaging.reminderDelivery']);
    expect(await reminders.countDocuments({ reminderId: topic.id })).toBe(synthetic.length + 2);
    console.log(
      `follower fan-out: ${synthetic.length + 2} reminders visible ${fanoutMs} ms after the topic was published`,
    );
  });
});
