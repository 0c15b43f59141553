import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { requireMember, SiteSettingsCache } from '@forum/platform';
import { CommentCommand, commentDecider } from './comment.decider';
import { ForumPermissions } from '../shared/forum-permissions';
import { ForumTargets } from '../shared/forum-targets';
import { threadItemKind, ThreadItemWrites, ThreadItemWritten } from './thread-item-writes';

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

export const commentKind = threadItemKind<CommentCommand>('comment', commentDecider, 'Comment');

const commentWritten = ({ id, ...rest }: ThreadItemWritten): CommentWritten => ({ commentId: id, ...rest });

@CommandHandler(PostCommentCommand)
export class PostCommentHandler implements ICommandHandler<PostCommentCommand> {
  constructor(
    private readonly writes: ThreadItemWrites,
    private readonly targets: ForumTargets,
    private readonly permissions: ForumPermissions,
    private readonly settings: SiteSettingsCache,
  ) {}

  async execute({ topicId, body, meta }: PostCommentCommand): Promise<CommentWritten> {
    const author = requireMember(meta.actor);
    this.writes.requireCommentsOn();
    const { quoting } = this.settings.current().switches;
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
    const { html, mentions } = await this.writes.prepare(body.content);
    const commentId = newId(meta.now.getTime());
    const written = await this.writes.post(
      commentKind,
      {
        id: commentId,
        author,
        payload: { kind: 'comment', topicId, contentHtml: html, quoted, mentions },
        command: {
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
      },
      meta,
    );
    return commentWritten(written);
  }
}

@CommandHandler(EditCommentCommand)
export class EditCommentHandler implements ICommandHandler<EditCommentCommand> {
  constructor(private readonly writes: ThreadItemWrites) {}

  async execute({ commentId, body, meta }: EditCommentCommand): Promise<CommentWritten> {
    return commentWritten(await this.writes.edit(commentKind, commentId, body.content, meta));
  }
}

@CommandHandler(DeleteCommentCommand)
export class DeleteCommentHandler implements ICommandHandler<DeleteCommentCommand> {
  constructor(private readonly writes: ThreadItemWrites) {}

  async execute({ commentId, meta }: DeleteCommentCommand): Promise<CommentWritten> {
    return commentWritten(await this.writes.delete(commentKind, commentId, meta));
  }
}

@CommandHandler(RestoreCommentCommand)
export class RestoreCommentHandler implements ICommandHandler<RestoreCommentCommand> {
  constructor(private readonly writes: ThreadItemWrites) {}

  async execute({ commentId, meta }: RestoreCommentCommand): Promise<CommentWritten> {
    return commentWritten(await this.writes.restore(commentKind, commentId, meta));
  }
}
