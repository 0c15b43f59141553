import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { newId, stepMeta, streamId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore } from '@forum/event-store';
import { APP_CONFIG, SiteSettingsCache } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { COUNTER_READERS, TopicCounters } from '../reactions/counters';
import { ReviewCommands } from '../review/review.commands';
import { commentDecider, Editor } from './comment.decider';
import { CommentContent } from './comment-content';
import { COMMENTS_PROJECTION } from './comments.projection';
import { ForumPermissions } from './forum-permissions';
import { ForumTargets } from './forum-targets';
import { allVisible } from './read-your-writes';

export interface CommentWritten {
  commentId: string;
  /** False when the lists or counts had not caught up within the read-your-writes wait. */
  visible: boolean;
  /** True when the comment waits in the review queue (ADR 0014). */
  pending?: boolean;
}

export class PostCommentCommand extends Command<CommentWritten> {
  constructor(
    readonly topicId: string,
    readonly body: { content: string; quoteCommentId?: string },
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class EditCommentCommand extends Command<CommentWritten> {
  constructor(
    readonly commentId: string,
    readonly body: { content: string },
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class DeleteCommentCommand extends Command<CommentWritten> {
  constructor(
    readonly commentId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class RestoreCommentCommand extends Command<CommentWritten> {
  constructor(
    readonly commentId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** The signed-in author of a write (staff act as themselves), or 401. */
export function editorOf(meta: CommandMetadata): Editor {
  const { id, kind } = meta.actor;
  if (!id || (kind !== 'member' && kind !== 'staff')) throw new DomainError('auth.unauthorized');
  return { id, staff: kind === 'staff' };
}

/** Members edit and delete their own comments and replies only while the `editComments` switch is on. */
export function requireEditSwitch(settings: SiteSettingsCache, editor: Editor): void {
  const { editComments } = settings.current().switches;
  if (!editor.staff && !editComments.enabled) {
    throw new DomainError('forum.edit_comments_disabled', {}, undefined, editComments.message || undefined);
  }
}

@CommandHandler(PostCommentCommand)
export class PostCommentHandler implements ICommandHandler<PostCommentCommand> {
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

  async execute({ topicId, body, meta }: PostCommentCommand): Promise<CommentWritten> {
    const author = editorOf(meta);
    const { comments, quoting } = this.settings.current().switches;
    if (!comments.enabled)
      throw new DomainError('forum.comments_disabled', {}, undefined, comments.message || undefined);
    if (body.quoteCommentId && !quoting.enabled) {
      throw new DomainError('forum.quoting_disabled', {}, undefined, quoting.message || undefined);
    }
    const topic = await this.targets.topic(topicId);
    await this.permissions.require(meta.actor, 'comment.post', topic.tagIds, meta.now);
    let quoted: { commentId: string; quoteChain: string[] } | null = null;
    if (body.quoteCommentId) {
      const target = await this.targets.comment(body.quoteCommentId).catch(() => null);
      if (!target || target.topicId !== topicId) throw new DomainError('forum.quote_invalid');
      quoted = { commentId: target.commentId, quoteChain: target.quoteChain };
    }
    const { html, mentions } = await this.content.prepare(body.content);
    const commentId = newId(meta.now.getTime());
    if (this.review.required('comment', author.staff)) {
      const payload = { kind: 'comment' as const, topicId, contentHtml: html, quoted, mentions };
      return { commentId, visible: await this.review.submit(commentId, author.id, payload, meta), pending: true };
    }
    const result = await this.store.handle(
      commentDecider,
      streamId('comment', commentId),
      {
        type: 'PostComment',
        commentId,
        topicId,
        authorId: author.id,
        isStaff: author.staff,
        contentHtml: html,
        quoted,
        mentions,
        now: meta.now,
      },
      stepMeta(meta, 'comment'),
    );
    const posted = result.events[0];
    const counted = posted ? await this.counters.count(posted) : null;
    const visible = await allVisible(this.waiter, this.config.READ_YOUR_WRITES_TIMEOUT_MS, [
      { projection: COMMENTS_PROJECTION, result },
      ...COUNTER_READERS.map((projection) => ({ projection, result: counted })),
    ]);
    return { commentId: (posted?.data as { commentId?: string } | undefined)?.commentId ?? commentId, visible };
  }
}

@CommandHandler(EditCommentCommand)
export class EditCommentHandler implements ICommandHandler<EditCommentCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly content: CommentContent,
    private readonly settings: SiteSettingsCache,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ commentId, body, meta }: EditCommentCommand): Promise<CommentWritten> {
    const editor = editorOf(meta);
    requireEditSwitch(this.settings, editor);
    const { html, mentions } = await this.content.prepare(body.content);
    const result = await this.store.handle(
      commentDecider,
      streamId('comment', commentId),
      { type: 'EditComment', by: editor, contentHtml: html, mentions, now: meta.now },
      meta,
    );
    const visible = await allVisible(this.waiter, this.config.READ_YOUR_WRITES_TIMEOUT_MS, [
      { projection: COMMENTS_PROJECTION, result },
    ]);
    return { commentId, visible };
  }
}

@CommandHandler(DeleteCommentCommand)
export class DeleteCommentHandler implements ICommandHandler<DeleteCommentCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly counters: TopicCounters,
    private readonly settings: SiteSettingsCache,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ commentId, meta }: DeleteCommentCommand): Promise<CommentWritten> {
    const editor = editorOf(meta);
    requireEditSwitch(this.settings, editor);
    const result = await this.store.handle(
      commentDecider,
      streamId('comment', commentId),
      { type: 'DeleteComment', by: editor, now: meta.now },
      stepMeta(meta, 'delete'),
    );
    const deleted = result.events[0];
    const counted = deleted ? await this.counters.count(deleted) : null;
    const visible = await allVisible(this.waiter, this.config.READ_YOUR_WRITES_TIMEOUT_MS, [
      { projection: COMMENTS_PROJECTION, result },
      ...COUNTER_READERS.map((projection) => ({ projection, result: counted })),
    ]);
    return { commentId, visible };
  }
}

/** Staff bring a deleted comment back (the route checks `content.manage`): listed and counted again. */
@CommandHandler(RestoreCommentCommand)
export class RestoreCommentHandler implements ICommandHandler<RestoreCommentCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly counters: TopicCounters,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ commentId, meta }: RestoreCommentCommand): Promise<CommentWritten> {
    const result = await this.store.handle(
      commentDecider,
      streamId('comment', commentId),
      { type: 'RestoreComment', by: editorOf(meta), now: meta.now },
      stepMeta(meta, 'restore'),
    );
    const restored = result.events[0];
    const counted = restored ? await this.counters.count(restored) : null;
    const visible = await allVisible(this.waiter, this.config.READ_YOUR_WRITES_TIMEOUT_MS, [
      { projection: COMMENTS_PROJECTION, result },
      ...COUNTER_READERS.map((projection) => ({ projection, result: counted })),
    ]);
    return { commentId, visible };
  }
}
