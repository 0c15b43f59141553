import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { newId, stepMeta, streamId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore } from '@forum/event-store';
import { APP_CONFIG, SiteSettingsCache } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { editorOf, requireEditSwitch } from '../comments/comment.commands';
import { CommentContent } from '../comments/comment-content';
import { COMMENTS_PROJECTION } from '../comments/comments.projection';
import { ForumPermissions } from '../comments/forum-permissions';
import { ForumTargets } from '../comments/forum-targets';
import { allVisible } from '../comments/read-your-writes';
import { COUNTER_READERS, TopicCounters } from '../reactions/counters';
import { ReviewCommands } from '../review/review.commands';
import { replyDecider } from './reply.decider';

export interface ReplyWritten {
  replyId: string;
  visible: boolean;
  /** True when the reply waits in the review queue (ADR 0014). */
  pending?: boolean;
}

export class PostReplyCommand extends Command<ReplyWritten> {
  constructor(
    readonly commentId: string,
    readonly body: { content: string; replyToReplyId?: string },
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class EditReplyCommand extends Command<ReplyWritten> {
  constructor(
    readonly replyId: string,
    readonly body: { content: string },
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class DeleteReplyCommand extends Command<ReplyWritten> {
  constructor(
    readonly replyId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class RestoreReplyCommand extends Command<ReplyWritten> {
  constructor(
    readonly replyId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(PostReplyCommand)
export class PostReplyHandler implements ICommandHandler<PostReplyCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly targets: ForumTargets,
    private readonly content: CommentContent,
    private readonly permissions: ForumPermissions,
    private readonly counters: TopicCounters,
    private readonly settings: SiteSettingsCache,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly review: ReviewCommands,
  ) {}

  async execute({ commentId, body, meta }: PostReplyCommand): Promise<ReplyWritten> {
    const author = editorOf(meta);
    // Replies are comments on a comment: the same switch governs both.
    const { comments } = this.settings.current().switches;
    if (!comments.enabled)
      throw new DomainError('forum.comments_disabled', {}, undefined, comments.message || undefined);
    const comment = await this.targets.comment(commentId);
    const topic = await this.targets.topic(comment.topicId);
    await this.permissions.require(meta.actor, 'reply.post', topic.tagIds, meta.now);
    let replyTo: { replyId: string; memberId: string } | null = null;
    if (body.replyToReplyId) {
      const target = await this.targets.reply(body.replyToReplyId).catch(() => null);
      if (!target || target.commentId !== commentId) throw new DomainError('forum.reply_target_invalid');
      replyTo = { replyId: target.replyId, memberId: target.authorId };
    }
    const { html, mentions } = await this.content.prepare(body.content);
    const replyId = newId(meta.now.getTime());
    if (this.review.required('reply', author.staff)) {
      const payload = {
        kind: 'reply' as const,
        topicId: comment.topicId,
        commentId,
        contentHtml: html,
        replyTo,
        mentions,
      };
      return { replyId, visible: await this.review.submit(replyId, author.id, payload, meta), pending: true };
    }
    const result = await this.store.handle(
      replyDecider,
      streamId('reply', replyId),
      {
        type: 'PostReply',
        replyId,
        commentId,
        topicId: comment.topicId,
        authorId: author.id,
        isStaff: author.staff,
        contentHtml: html,
        replyTo,
        mentions,
        now: meta.now,
      },
      stepMeta(meta, 'reply'),
    );
    const posted = result.events[0];
    const counted = posted ? await this.counters.count(posted) : null;
    const visible = await allVisible(this.waiter, this.config.READ_YOUR_WRITES_TIMEOUT_MS, [
      { projection: COMMENTS_PROJECTION, result },
      ...COUNTER_READERS.map((projection) => ({ projection, result: counted })),
    ]);
    return { replyId: (posted?.data as { replyId?: string } | undefined)?.replyId ?? replyId, visible };
  }
}

@CommandHandler(EditReplyCommand)
export class EditReplyHandler implements ICommandHandler<EditReplyCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly content: CommentContent,
    private readonly settings: SiteSettingsCache,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ replyId, body, meta }: EditReplyCommand): Promise<ReplyWritten> {
    const editor = editorOf(meta);
    requireEditSwitch(this.settings, editor);
    const { html, mentions } = await this.content.prepare(body.content);
    const result = await this.store.handle(
      replyDecider,
      streamId('reply', replyId),
      { type: 'EditReply', by: editor, contentHtml: html, mentions, now: meta.now },
      meta,
    );
    const visible = await allVisible(this.waiter, this.config.READ_YOUR_WRITES_TIMEOUT_MS, [
      { projection: COMMENTS_PROJECTION, result },
    ]);
    return { replyId, visible };
  }
}

@CommandHandler(DeleteReplyCommand)
export class DeleteReplyHandler implements ICommandHandler<DeleteReplyCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly counters: TopicCounters,
    private readonly settings: SiteSettingsCache,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ replyId, meta }: DeleteReplyCommand): Promise<ReplyWritten> {
    const editor = editorOf(meta);
    requireEditSwitch(this.settings, editor);
    const result = await this.store.handle(
      replyDecider,
      streamId('reply', replyId),
      { type: 'DeleteReply', by: editor, now: meta.now },
      stepMeta(meta, 'delete'),
    );
    const deleted = result.events[0];
    const counted = deleted ? await this.counters.count(deleted) : null;
    const visible = await allVisible(this.waiter, this.config.READ_YOUR_WRITES_TIMEOUT_MS, [
      { projection: COMMENTS_PROJECTION, result },
      ...COUNTER_READERS.map((projection) => ({ projection, result: counted })),
    ]);
    return { replyId, visible };
  }
}

/** Staff bring a deleted reply back (the route checks `content.manage`): listed and counted again. */
@CommandHandler(RestoreReplyCommand)
export class RestoreReplyHandler implements ICommandHandler<RestoreReplyCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly counters: TopicCounters,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ replyId, meta }: RestoreReplyCommand): Promise<ReplyWritten> {
    const result = await this.store.handle(
      replyDecider,
      streamId('reply', replyId),
      { type: 'RestoreReply', by: editorOf(meta), now: meta.now },
      stepMeta(meta, 'restore'),
    );
    const restored = result.events[0];
    const counted = restored ? await this.counters.count(restored) : null;
    const visible = await allVisible(this.waiter, this.config.READ_YOUR_WRITES_TIMEOUT_MS, [
      { projection: COMMENTS_PROJECTION, result },
      ...COUNTER_READERS.map((projection) => ({ projection, result: counted })),
    ]);
    return { replyId, visible };
  }
}
