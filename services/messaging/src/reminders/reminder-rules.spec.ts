import type { EventEnvelope } from '@forum/contracts';
import { planReminders, ReminderLookups, summaryOf } from './reminder-rules';

const lookups = (over: Partial<ReminderLookups> = {}): ReminderLookups => ({
  topic: async () => ({ authorId: 'topicAuthor', title: 'A topic' }),
  commentAuthor: async () => 'commentAuthor',
  commentRepliers: async () => [],
  question: async () => null,
  answerAuthor: async () => null,
  answerReplyAuthor: async () => null,
  answerRepliers: async () => [],
  ...over,
});

const envelope = (type: string, data: unknown): EventEnvelope => ({
  id: 'e1',
  type,
  streamId: 'x-1',
  version: 1,
  occurredAt: '2026-11-21T10:00:00.000Z',
  schemaVersion: 1,
  correlationId: 'c',
  causationId: null,
  actor: { kind: 'member', id: null },
  data,
});

const reply = (data: Record<string, unknown>) =>
  envelope('ReplyPosted', {
    replyId: 'r1',
    commentId: 'c1',
    topicId: 't1',
    authorId: 'replier',
    replyToReplyId: null,
    replyToMemberId: null,
    contentHtml: '<p>hi</p>',
    mentions: [],
    postedAt: '2026-11-21T10:00:00.000Z',
    isStaff: false,
    ...data,
  });

describe('reminder rules', () => {
  it('gives each recipient of a reply its types, most specific first, never the author', async () => {
    const plan = await planReminders(
      reply({ replyToMemberId: 'commentAuthor', mentions: ['topicAuthor', 'replier', 'other'] }),
      lookups({
        commentRepliers: async () => [
          { memberId: 'commentAuthor', replyId: 'r0' },
          { memberId: 'earlier', replyId: 'r0' },
          { memberId: 'replier', replyId: 'r0' },
          { memberId: 'later', replyId: 'r2' },
        ],
      }),
    );
    expect(plan?.recipients).toEqual([
      { memberId: 'commentAuthor', types: [55, 40, 50] },
      { memberId: 'topicAuthor', types: [220, 20] },
      { memberId: 'other', types: [220] },
      { memberId: 'earlier', types: [50] },
    ]);
    expect(plan?.target).toMatchObject({
      sourceEventId: 'e1',
      senderId: 'replier',
      topicTitle: 'A topic',
      summary: 'hi',
    });
  });

  it('reminds nobody when the only recipient is the actor', async () => {
    const liked = envelope('ContentLiked', {
      targetKind: 'comment',
      targetId: 'c1',
      topicId: 't1',
      memberId: 'me',
      targetAuthorId: 'me',
      at: '2026-11-21T10:00:00.000Z',
    });
    expect(await planReminders(liked, lookups())).toBeNull();
    expect(await planReminders(envelope('TopicDeleted', {}), lookups())).toBeNull();
  });

  it('goes without a recipient whose content is unknown rather than failing', async () => {
    const plan = await planReminders(reply({}), lookups({ topic: async () => null, commentAuthor: async () => null }));
    expect(plan).toBeNull();
  });

  it('summarises without hidden content or markup', () => {
    expect(summaryOf('<p>A &amp; B <hide type="10" value="x"><p>secret</p></hide><b>C</b></p>')).toBe('A & B C');
    expect(summaryOf(`<p>${'x'.repeat(150)}</p>`)).toHaveLength(101);
  });

  it('320: a poll closed by its time reminds its author; closed by staff, the staff member is its sender', async () => {
    const closed = (closedBy: string | null) =>
      envelope('PollClosed', {
        pollId: 't1',
        topicId: 't1',
        authorId: 'topicAuthor',
        question: 'Tea or coffee?',
        closedBy,
        at: '2026-11-21T10:00:00.000Z',
      });
    const byTime = await planReminders(closed(null), lookups());
    expect(byTime?.recipients).toEqual([{ memberId: 'topicAuthor', types: [320] }]);
    expect(byTime?.target).toMatchObject({
      senderId: 'topicAuthor',
      topicId: 't1',
      topicTitle: 'A topic',
      summary: 'Tea or coffee?',
    });
    const byStaff = await planReminders(closed('staff1'), lookups());
    expect(byStaff?.recipients).toEqual([{ memberId: 'topicAuthor', types: [320] }]);
    expect(byStaff?.target.senderId).toBe('staff1');
  });
});
