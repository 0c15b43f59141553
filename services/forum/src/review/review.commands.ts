import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { stepMeta, streamId } from '@forum/contracts';
import type { CommandMetadata, ReviewKind, SubmissionEvent, SubmissionPayload } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore, HandleResult } from '@forum/event-store';
import { APP_CONFIG, heldForReview, reviewerOf, SiteSettingsCache } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { commentDecider } from '../comments/comment.decider';
import { COMMENTS_PROJECTION } from '../comments/comments.projection';
import { ForumTargets } from '../shared/forum-targets';
import { allVisible } from '../shared/read-your-writes';
import { COUNTER_READERS, TopicCounters } from '../shared/counters';
import { replyDecider } from '../replies/reply.decider';
import { LIST_MAINTAINER } from '../topics/lists/list-maintainer';
import { topicListProjection } from '../topics/projections/topic-list.projection';
import { topicDecider } from '../topics/topic.decider';
import { submissionDecider } from './submission.decider';
import { REVIEW_QUEUE_PROJECTION } from './review-queue.projection';

const SETTING: Record<ReviewKind, 'topics' | 'comments' | 'replies'> = {
  topic: 'topics',
  comment: 'comments',
  reply: 'replies',
};

export interface ReviewDecision {
  id: string;
  kind: ReviewKind;
  status: 'approved' | 'rejected';
  /** False when the lists (after approval) or the queue had not caught up within the read-your-writes wait. */
  visible: boolean;
}

/**
 * The review queue (ADR 0014). Post handlers ask `required` and, when it says so, `submit` the prepared content
 * instead of posting it; approval appends the content's normal `...Posted` event on its own stream, so every
 * consumer of those events (lists, counters, points, reminders, dynamics) sees approved content only.
 */
@Injectable()
export class ReviewCommands {
  constructor(
    private readonly store: EventStore,
    private readonly settings: SiteSettingsCache,
    private readonly counters: TopicCounters,
    private readonly targets: ForumTargets,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Whether a new item of this kind by this author waits for review: staff's never do. */
  required(kind: ReviewKind, byStaff: boolean): boolean {
    return heldForReview(this.settings, SETTING[kind], byStaff);
  }

  /** Holds the content; returns once the queue (and the author's pending list) shows it. */
  async submit(
    contentId: string,
    authorId: string,
    payload: SubmissionPayload,
    meta: CommandMetadata,
  ): Promise<boolean> {
    const result = await this.store.handle(
      submissionDecider,
      streamId('submission', contentId),
      { type: 'SubmitContent', contentId, authorId, payload, now: meta.now },
      stepMeta(meta, 'submit'),
    );
    return this.queueVisible(result);
  }

  async approve(kind: ReviewKind, contentId: string, meta: CommandMetadata): Promise<ReviewDecision> {
    const by = reviewerOf(meta);
    const stream = streamId('submission', contentId);
    const submitted = (await this.store.readStream(stream)).find((event) => event.type === 'ContentSubmitted');
    if (!submitted) throw new DomainError('forum.submission_not_found');
    const { authorId, payload } = (submitted as unknown as Extract<SubmissionEvent, { type: 'ContentSubmitted' }>).data;
    // A comment's topic (a reply's comment) deleted while the item waited: refuse before deciding anything.
    if (payload.kind === kind && payload.kind !== 'topic') await this.targets.topic(payload.topicId);
    if (payload.kind === kind && payload.kind === 'reply') await this.targets.comment(payload.commentId);
    const result = await this.store.handle(
      submissionDecider,
      stream,
      { type: 'ApproveContent', contentId, kind, by, now: meta.now },
      stepMeta(meta, 'approve'),
    );
    const [queued, published] = await Promise.all([
      this.queueVisible(result),
      this.publish(contentId, authorId, payload, stepMeta(meta, 'publish')),
    ]);
    return { id: contentId, kind, status: 'approved', visible: queued && published };
  }

  async reject(kind: ReviewKind, contentId: string, reason: string, meta: CommandMetadata): Promise<ReviewDecision> {
    const by = reviewerOf(meta);
    const result = await this.store.handle(
      submissionDecider,
      streamId('submission', contentId),
      { type: 'RejectContent', contentId, kind, by, reason, now: meta.now },
      stepMeta(meta, 'reject'),
    );
    return { id: contentId, kind, status: 'rejected', visible: await this.queueVisible(result) };
  }

  /** The same decider commands the post handlers run, dated at approval (lists show it as new from then on). */
  private async publish(
    contentId: string,
    authorId: string,
    payload: SubmissionPayload,
    meta: CommandMetadata,
  ): Promise<boolean> {
    const timeout = this.config.READ_YOUR_WRITES_TIMEOUT_MS;
    const common = { authorId, isStaff: false, mentions: payload.mentions, now: meta.now };
    switch (payload.kind) {
      case 'topic': {
        const { title, content, tagIds, ipLocation } = payload;
        const result = await this.store.handle(
          topicDecider,
          streamId('topic', contentId),
          { type: 'PostTopic', topicId: contentId, title, content, tagIds, ipLocation, ...common },
          meta,
        );
        return allVisible(this.waiter, timeout, [
          { projection: topicListProjection.name, result },
          { projection: LIST_MAINTAINER, result },
        ]);
      }
      case 'comment': {
        const { topicId, contentHtml, quoted } = payload;
        const result = await this.store.handle(
          commentDecider,
          streamId('comment', contentId),
          { type: 'PostComment', commentId: contentId, topicId, contentHtml, quoted, ...common },
          meta,
        );
        return this.countedVisible(result, timeout);
      }
      case 'reply': {
        const { topicId, commentId, contentHtml, replyTo } = payload;
        const result = await this.store.handle(
          replyDecider,
          streamId('reply', contentId),
          { type: 'PostReply', replyId: contentId, commentId, topicId, contentHtml, replyTo, ...common },
          meta,
        );
        return this.countedVisible(result, timeout);
      }
    }
  }

  private async countedVisible(result: HandleResult, timeout: number): Promise<boolean> {
    const posted = result.events[0];
    const counted = posted ? await this.counters.count(posted) : null;
    return allVisible(this.waiter, timeout, [
      { projection: COMMENTS_PROJECTION, result },
      ...COUNTER_READERS.map((projection) => ({ projection, result: counted })),
    ]);
  }

  private queueVisible(result: HandleResult): Promise<boolean> {
    return allVisible(this.waiter, this.config.READ_YOUR_WRITES_TIMEOUT_MS, [
      { projection: REVIEW_QUEUE_PROJECTION, result },
    ]);
  }
}

/* The routes' commands (ADR 0041): each handler runs the method the route called. */

/** Staff approve a held topic, comment or reply (ADR 0014). */
export class ApproveSubmissionCommand extends Command<ReviewDecision> {
  constructor(
    readonly kind: ReviewKind,
    readonly contentId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** Staff reject a held item with a reason for its author. */
export class RejectSubmissionCommand extends Command<ReviewDecision> {
  constructor(
    readonly kind: ReviewKind,
    readonly contentId: string,
    readonly reason: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(ApproveSubmissionCommand)
export class ApproveSubmissionHandler implements ICommandHandler<ApproveSubmissionCommand> {
  constructor(private readonly review: ReviewCommands) {}

  execute({ kind, contentId, meta }: ApproveSubmissionCommand): Promise<ReviewDecision> {
    return this.review.approve(kind, contentId, meta);
  }
}

@CommandHandler(RejectSubmissionCommand)
export class RejectSubmissionHandler implements ICommandHandler<RejectSubmissionCommand> {
  constructor(private readonly review: ReviewCommands) {}

  execute({ kind, contentId, reason, meta }: RejectSubmissionCommand): Promise<ReviewDecision> {
    return this.review.reject(kind, contentId, reason, meta);
  }
}
