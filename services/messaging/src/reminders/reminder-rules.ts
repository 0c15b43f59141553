import type {
  CommentEvent,
  EventEnvelope,
  FollowEvent,
  LikeEvent,
  PollEvent,
  ReminderType,
  ReplyEvent,
  TopicEvent,
  UnlockEvent,
} from '@forum/contracts';
import { planQaReminders, QA_REMINDER_SOURCE_TOPICS, QA_REMINDER_TYPES, QaReminderLookups } from './qa-reminder-rules';

/** What a reminder points at and says, as the `RemindersDelivered` event carries it. */
export interface ReminderTarget {
  sourceEventId: string;
  sourceType: string;
  senderId: string;
  topicId: string | null;
  topicTitle: string | null;
  commentId: string | null;
  replyId: string | null;
  summary: string | null;
  occurredAt: string;
  /** Q&A reminders only (absent on forum ones): the question, its title, the answer, the answer reply. */
  questionId?: string | null;
  questionTitle?: string | null;
  answerId?: string | null;
  answerReplyId?: string | null;
}

export interface ReminderPlan {
  target: ReminderTarget;
  recipients: { memberId: string; types: ReminderType[] }[];
}

/** The facts about other content the rules need; `null` when not known (yet). */
export interface ReminderLookups extends QaReminderLookups {
  topic(topicId: string): Promise<{ authorId: string; title: string } | null>;
  commentAuthor(commentId: string): Promise<string | null>;
  /** Who replied to the comment, with each reply's id (reply ids sort by time). */
  commentRepliers(commentId: string): Promise<{ memberId: string; replyId: string }[]>;
}

/** The events the reminder reactor reads, by Kafka topic. */
export const REMINDER_SOURCE_TOPICS = [
  'forum.topic',
  'forum.comment',
  'forum.reply',
  'forum.like',
  'forum.topicUnlock',
  'forum.poll',
  'identity.follow',
  ...QA_REMINDER_SOURCE_TOPICS,
];

/**
 * Reminder types this build generates: every type of docs/rules/messaging.md — these rules and the Q&A ones, plus 90/100/110 and
 * 170/180/190 from the follower fan-out — and 310 (my answer adopted).
 */
export const IMPLEMENTED_REMINDER_TYPES: ReminderType[] = [
  ...([10, 20, 30, 40, 50, 55, 60, 70, 80, 90, 100, 110, 170, 180, 190, 200, 210, 220, 260, 270, 320] as const),
  ...QA_REMINDER_TYPES,
].sort((a, b) => a - b);

const SUMMARY_LENGTH = 100;

/**
 * A plain-text excerpt for the reminder list. Hidden blocks are dropped whole (their content is never shown to
 * someone who has not unlocked it), then tags, then whitespace is collapsed.
 */
export function summaryOf(html: string): string {
  const text = html
    .replace(/<hide\b[\s\S]*?<\/hide>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH)}…` : text;
}

/** Collects candidate types per recipient, most specific first, never to the sender, each type once. */
class Recipients {
  private readonly byMember = new Map<string, ReminderType[]>();

  constructor(private readonly senderId: string) {}

  add(memberId: string | null | undefined, type: ReminderType): this {
    if (!memberId || memberId === this.senderId) return this;
    const types = this.byMember.get(memberId) ?? [];
    if (!types.includes(type)) types.push(type);
    this.byMember.set(memberId, types);
    return this;
  }

  list(): ReminderPlan['recipients'] {
    return [...this.byMember].map(([memberId, types]) => ({ memberId, types }));
  }
}

type SourceEvent = EventEnvelope &
  (TopicEvent | CommentEvent | ReplyEvent | LikeEvent | UnlockEvent | FollowEvent | PollEvent);

/** Who gets which reminder for one event, or null when the event reminds nobody. Pure but for the lookups. */
export async function planReminders(envelope: EventEnvelope, lookups: ReminderLookups): Promise<ReminderPlan | null> {
  const event = envelope as SourceEvent;
  const base = { sourceEventId: envelope.id, sourceType: envelope.type, occurredAt: envelope.occurredAt };
  const none = { topicId: null, topicTitle: null, commentId: null, replyId: null, summary: null };
  const plan = (target: ReminderTarget, recipients: Recipients): ReminderPlan | null => {
    const list = recipients.list();
    return list.length > 0 ? { target, recipients: list } : null;
  };
  switch (event.type) {
    case 'TopicPosted': {
      const { authorId, topicId, title, content, mentions } = event.data;
      const recipients = new Recipients(authorId);
      for (const memberId of mentions) recipients.add(memberId, 200);
      const target = { ...base, ...none, senderId: authorId, topicId, topicTitle: title, summary: summaryOf(content) };
      return plan(target, recipients);
    }
    case 'CommentPosted': {
      const { authorId, topicId, commentId, quotedCommentId, mentions, contentHtml } = event.data;
      const [topic, quotedAuthor] = await Promise.all([
        lookups.topic(topicId),
        quotedCommentId ? lookups.commentAuthor(quotedCommentId) : null,
      ]);
      const recipients = new Recipients(authorId).add(quotedAuthor, 30);
      for (const memberId of mentions) recipients.add(memberId, 210);
      recipients.add(topic?.authorId, 10);
      const target = {
        ...base,
        ...none,
        senderId: authorId,
        topicId,
        topicTitle: topic?.title ?? null,
        commentId,
        summary: summaryOf(contentHtml),
      };
      return plan(target, recipients);
    }
    case 'ReplyPosted': {
      const { authorId, topicId, commentId, replyId, replyToMemberId, mentions, contentHtml } = event.data;
      const [topic, commentAuthor, repliers] = await Promise.all([
        lookups.topic(topicId),
        lookups.commentAuthor(commentId),
        lookups.commentRepliers(commentId),
      ]);
      const recipients = new Recipients(authorId).add(replyToMemberId, 55).add(commentAuthor, 40);
      for (const memberId of mentions) recipients.add(memberId, 220);
      for (const earlier of repliers) if (earlier.replyId < replyId) recipients.add(earlier.memberId, 50);
      recipients.add(topic?.authorId, 20);
      const target = {
        ...base,
        ...none,
        senderId: authorId,
        topicId,
        topicTitle: topic?.title ?? null,
        commentId,
        replyId,
        summary: summaryOf(contentHtml),
      };
      return plan(target, recipients);
    }
    case 'ContentLiked': {
      const { memberId, targetKind, targetId, topicId, targetAuthorId } = event.data;
      const type: ReminderType = targetKind === 'topic' ? 70 : targetKind === 'comment' ? 260 : 270;
      const topic = await lookups.topic(topicId);
      const target = {
        ...base,
        ...none,
        senderId: memberId,
        topicId,
        topicTitle: topic?.title ?? null,
        commentId: targetKind === 'comment' ? targetId : null,
        replyId: targetKind === 'reply' ? targetId : null,
      };
      return plan(target, new Recipients(memberId).add(targetAuthorId, type));
    }
    case 'HiddenContentUnlocked': {
      const { memberId, topicId, authorId } = event.data;
      const topic = await lookups.topic(topicId);
      const target = { ...base, ...none, senderId: memberId, topicId, topicTitle: topic?.title ?? null };
      return plan(target, new Recipients(memberId).add(authorId, 60));
    }
    case 'PollClosed': {
      // 320 "my poll closed": by its time (no one closed it: the author is named as its sender) or by staff.
      const { authorId, topicId, question, closedBy } = event.data;
      const topic = await lookups.topic(topicId);
      const target = {
        ...base,
        ...none,
        senderId: closedBy ?? authorId,
        topicId,
        topicTitle: topic?.title ?? null,
        summary: question,
      };
      return plan(target, new Recipients(closedBy ?? '').add(authorId, 320));
    }
    case 'MemberFollowed': {
      const { followerId, followeeId } = event.data;
      return plan({ ...base, ...none, senderId: followerId }, new Recipients(followerId).add(followeeId, 80));
    }
    default: {
      const qa = await planQaReminders(envelope, lookups);
      if (!qa) return null;
      const recipients = new Recipients(qa.senderId);
      for (const { memberId, type } of qa.recipients) recipients.add(memberId, type);
      const target = {
        ...base,
        ...none,
        senderId: qa.senderId,
        ...qa.target,
        summary: qa.content === null ? null : summaryOf(qa.content),
      };
      return plan(target, recipients);
    }
  }
}
