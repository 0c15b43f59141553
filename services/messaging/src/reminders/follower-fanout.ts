import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { streamId } from '@forum/contracts';
import type { CommentEvent, EventEnvelope, ReminderType, ReplyEvent, TopicEvent } from '@forum/contracts';
import { reactionMeta } from '@forum/event-bus';
import type { ReactorDefinition } from '@forum/event-bus';
import { EventStore } from '@forum/event-store';
import { CONTEXT_DB, ReactorHost } from '@forum/platform';
import { FollowerDocument, MSG_FOLLOWERS } from './followers.projection';
import { followerFanoutDecider } from './reminder-delivery.decider';
import { qaFollowedPost } from './qa-reminder-rules';
import { summaryOf, ReminderTarget } from './reminder-rules';

export const FANOUT_REACTOR = 'messaging-follower-fanout';

/** Followers per `RemindersDelivered` event: ~40 KB of ids, one bulk write of this many rows downstream. */
export const FANOUT_BATCH = 1000;

/**
 * "Someone I follow posted": 90 a topic, 100 a comment, 110 a reply; 170 asked, 180 answered, 190 replied to an
 * answer (docs/rules/messaging.md).
 */
export const FOLLOWED_POST_TYPES: ReminderType[] = [90, 100, 110, 170, 180, 190];

/** What the fan-out reads: forum posts and Q&A questions, answers and answer replies. */
export const FANOUT_TOPICS = [
  'forum.topic',
  'forum.comment',
  'forum.reply',
  'qa.question',
  'qa.answer',
  'qa.answerReply',
];

/**
 * Write fan-out in batches (ADR 0012): for each topic, comment or reply, the author's followers are read in pages
 * of FANOUT_BATCH and each page becomes one `RemindersDelivered` on the stream
 * `reminderDelivery-followers_<sourceEventId>` (idempotency key: source event + page), so a redelivered or resumed
 * fan-out appends no page twice and rows are keyed `<follower>|<sourceEventId>` like every reminder. It runs in a
 * consumer group of its own: a 100,000-follower fan-out never delays anyone's direct reminders.
 */
@Injectable()
export class FollowerFanout {
  constructor(
    private readonly store: EventStore,
    @Inject(CONTEXT_DB) private readonly db: Db,
  ) {}

  async react(envelope: EventEnvelope): Promise<number> {
    const source = this.sourceOf(envelope);
    if (!source) return 0;
    const { authorId, type, target } = source;
    const followers = this.db.collection<FollowerDocument>(MSG_FOLLOWERS);
    const prefix = `${authorId}|`;
    // No dot in the stream id: read models remember source streams as `_src.<streamId>` paths, and a dotted id
    // extending another stream's id would nest inside it.
    const stream = streamId('reminderDelivery', `followers_${envelope.id}`);
    let after = prefix;
    let delivered = 0;
    for (let page = 0; ; page++) {
      const rows = await followers
        .find({ _id: { $gt: after, $lt: `${prefix}\uffff` } }, { projection: { followerId: 1, active: 1 } })
        .sort({ _id: 1 })
        .limit(FANOUT_BATCH)
        .toArray();
      if (rows.length === 0) return delivered;
      after = rows[rows.length - 1]!._id;
      const recipients = rows
        .filter((row) => row.active && row.followerId !== authorId)
        .map((row) => ({ memberId: row.followerId, types: [type] }));
      if (recipients.length > 0) {
        await this.store.handle(
          followerFanoutDecider,
          stream,
          { type: 'Deliver', plan: { target, recipients } },
          reactionMeta(FANOUT_REACTOR, envelope, `page:${page}`),
        );
        delivered += recipients.length;
      }
      if (rows.length < FANOUT_BATCH) return delivered;
    }
  }

  definition(): ReactorDefinition {
    return {
      name: FANOUT_REACTOR,
      version: 1,
      topics: FANOUT_TOPICS,
      handle: async (event) => {
        await this.react(event);
      },
    };
  }

  private sourceOf(envelope: EventEnvelope): { authorId: string; type: ReminderType; target: ReminderTarget } | null {
    const event = envelope as EventEnvelope & (TopicEvent | CommentEvent | ReplyEvent);
    const base = { sourceEventId: envelope.id, sourceType: envelope.type, occurredAt: envelope.occurredAt };
    const none = { topicTitle: null, commentId: null, replyId: null };
    switch (event.type) {
      case 'TopicPosted': {
        const { authorId, topicId, title, content } = event.data;
        const target = {
          ...base,
          ...none,
          senderId: authorId,
          topicId,
          topicTitle: title,
          summary: summaryOf(content),
        };
        return { authorId, type: 90, target };
      }
      case 'CommentPosted': {
        const { authorId, topicId, commentId, contentHtml } = event.data;
        const target = { ...base, ...none, senderId: authorId, topicId, commentId, summary: summaryOf(contentHtml) };
        return { authorId, type: 100, target };
      }
      case 'ReplyPosted': {
        const { authorId, topicId, commentId, replyId, contentHtml } = event.data;
        const target = {
          ...base,
          ...none,
          senderId: authorId,
          topicId,
          commentId,
          replyId,
          summary: summaryOf(contentHtml),
        };
        return { authorId, type: 110, target };
      }
      default: {
        const qa = qaFollowedPost(envelope);
        if (!qa) return null;
        const target = {
          ...base,
          ...none,
          topicId: null,
          senderId: qa.authorId,
          ...qa.target,
          summary: summaryOf(qa.content),
        };
        return { authorId: qa.authorId, type: qa.type, target };
      }
    }
  }
}

/** Runs the follower fan-out where workers run, in its own consumer group. */
@Injectable()
export class FollowerFanoutRuntime extends ReactorHost {
  constructor(private readonly fanout: FollowerFanout) {
    super();
  }

  reactors(): ReactorDefinition[] {
    return [this.fanout.definition()];
  }
}
