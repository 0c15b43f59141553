import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import type { AnswerReplyEvent, EventEnvelope, ReplyEvent } from '@forum/contracts';
import { reactionMeta } from '@forum/event-bus';
import type { ReactorDefinition } from '@forum/event-bus';
import { EventStore } from '@forum/event-store';
import { CONTEXT_DB, ReactorHost } from '@forum/platform';
import { deliveryStream, reminderDeliveryDecider } from './reminder-delivery.decider';
import { planReminders, REMINDER_SOURCE_TOPICS, ReminderLookups } from './reminder-rules';
import {
  AnswerReplierDocument,
  AnswerSourceDocument,
  CommentSourceDocument,
  QuestionSourceDocument,
  RS_ANSWER_REPLIERS,
  RS_ANSWERS,
  RS_COMMENT_REPLIERS,
  RS_COMMENTS,
  RS_QUESTIONS,
  RS_TOPICS,
  TopicSourceDocument,
} from './reminder-sources.projection';

export const REMINDER_REACTOR = 'messaging-reminders';

/**
 * How long the reactor waits for a fact about other content (the topic a comment is on) that the sources
 * projection has not written yet. Kafka orders events within a stream, not across topics: after a rebuild a
 * comment can come before its topic. Past the wait the reminder goes out without that recipient rather than
 * stalling every member's reminders behind one missing topic.
 */
const LOOKUP_WAIT_MS = 3000;

/**
 * Turns forum, Q&A and identity events into reminders: plans recipients (pure rules + lookups), then appends one
 * `RemindersDelivered` per source event, with the source event's id as idempotency key and stream.
 */
@Injectable()
export class ReminderReactor {
  constructor(
    private readonly store: EventStore,
    @Inject(CONTEXT_DB) private readonly db: Db,
  ) {}

  async react(event: EventEnvelope): Promise<void> {
    await this.recordReplier(event);
    const plan = await planReminders(event, this.lookups());
    if (!plan) return;
    await this.store.handle(
      reminderDeliveryDecider,
      deliveryStream(event.id),
      { type: 'Deliver', plan },
      reactionMeta(REMINDER_REACTOR, event),
    );
  }

  /**
   * Type 50 needs everyone who replied to the comment before: a reply is recorded here, before its own reminders
   * are planned, rather than waiting for the sources projection (another consumer group, which can lag behind this
   * reactor). The same idempotent upsert as the projection's; replies arriving in the same instant can still miss
   * each other (replies of one comment are different streams, which Kafka does not order).
   */
  private async recordReplier(event: EventEnvelope): Promise<void> {
    if (event.type === 'AnswerReplyPosted') {
      // The same for type 150 (replied to the answer before) and 160 (the reply a new reply answers).
      const { answerId, replyId, authorId } = (
        event as EventEnvelope & Extract<AnswerReplyEvent, { type: 'AnswerReplyPosted' }>
      ).data;
      await this.db
        .collection<AnswerReplierDocument>(RS_ANSWER_REPLIERS)
        .updateOne(
          { _id: `${answerId}|${replyId}` },
          { $set: { answerId, replyId, memberId: authorId } },
          { upsert: true },
        );
      return;
    }
    if (event.type !== 'ReplyPosted') return;
    const { commentId, replyId, authorId } = (event as EventEnvelope & Extract<ReplyEvent, { type: 'ReplyPosted' }>)
      .data;
    await this.db
      .collection<{ _id: string }>(RS_COMMENT_REPLIERS)
      .updateOne(
        { _id: `${commentId}|${replyId}` },
        { $set: { commentId, replyId, memberId: authorId } },
        { upsert: true },
      );
  }

  definition(): ReactorDefinition {
    return { name: REMINDER_REACTOR, version: 1, topics: REMINDER_SOURCE_TOPICS, handle: (event) => this.react(event) };
  }

  private lookups(): ReminderLookups {
    const topics = this.db.collection<TopicSourceDocument>(RS_TOPICS);
    const comments = this.db.collection<CommentSourceDocument>(RS_COMMENTS);
    const questions = this.db.collection<QuestionSourceDocument>(RS_QUESTIONS);
    const answers = this.db.collection<AnswerSourceDocument>(RS_ANSWERS);
    const answerRepliers = this.db.collection<AnswerReplierDocument>(RS_ANSWER_REPLIERS);
    return {
      topic: async (topicId) => {
        const topic = await waitFor(() => topics.findOne({ _id: topicId }));
        return topic ? { authorId: topic.authorId, title: topic.title } : null;
      },
      commentAuthor: async (commentId) => (await waitFor(() => comments.findOne({ _id: commentId })))?.authorId ?? null,
      commentRepliers: async (commentId) => {
        const prefix = `${commentId}|`;
        const rows = await this.db
          .collection<{ _id: string; memberId: string; replyId: string }>(RS_COMMENT_REPLIERS)
          .find({ _id: { $gt: prefix, $lt: `${prefix}\uffff` } })
          .toArray();
        return rows.map(({ memberId, replyId }) => ({ memberId, replyId }));
      },
      question: async (questionId) => {
        const question = await waitFor(() => questions.findOne({ _id: questionId }));
        return question ? { askerId: question.askerId, title: question.title } : null;
      },
      answerAuthor: async (answerId) => (await waitFor(() => answers.findOne({ _id: answerId })))?.authorId ?? null,
      answerReplyAuthor: async (answerId, replyId) =>
        (await waitFor(() => answerRepliers.findOne({ _id: `${answerId}|${replyId}` })))?.memberId ?? null,
      answerRepliers: async (answerId) => {
        const prefix = `${answerId}|`;
        const rows = await answerRepliers.find({ _id: { $gt: prefix, $lt: `${prefix}\uffff` } }).toArray();
        return rows.map(({ memberId, replyId }) => ({ memberId, replyId }));
      },
    };
  }
}

async function waitFor<T>(read: () => Promise<T | null>): Promise<T | null> {
  const deadline = Date.now() + LOOKUP_WAIT_MS;
  for (let delay = 20; ; delay = Math.min(delay * 2, 500)) {
    const found = await read();
    if (found || Date.now() + delay > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/**
 * Source events handled at once within a batch. Each event's reminders are independent of every other event's (own
 * delivery stream, own idempotency key; the facts they read come from another projection), so a batch need not be
 * handled one event after another: the event store batches the appends.
 */
const CONCURRENT_EVENTS = 16;

/** Runs the reminder reactor where workers run (`RUN_WORKERS`), like the projection runners. */
@Injectable()
export class ReminderReactorRuntime extends ReactorHost {
  constructor(private readonly reactor: ReminderReactor) {
    super();
  }

  reactors(): ReactorDefinition[] {
    // Each event's delivery is idempotent on its own stream, so order does not matter: go wide.
    return [{ ...this.reactor.definition(), parallelism: { partitions: 3, events: CONCURRENT_EVENTS } }];
  }
}
