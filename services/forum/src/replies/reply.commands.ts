import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { requireMember } from '@forum/platform';
import { ForumPermissions } from '../shared/forum-permissions';
import { ForumTargets } from '../shared/forum-targets';
import { threadItemKind, ThreadItemWrites, ThreadItemWritten } from '../comments/thread-item-writes';
import { ReplyCommand, replyDecider } from './reply.decider';

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

export const replyKind = threadItemKind<ReplyCommand>('reply', replyDecider, 'Reply');

const replyWritten = ({ id, ...rest }: ThreadItemWritten): ReplyWritten => ({ replyId: id, ...rest });

@CommandHandler(PostReplyCommand)
export class PostReplyHandler implements ICommandHandler<PostReplyCommand> {
  constructor(
    private readonly writes: ThreadItemWrites,
    private readonly targets: ForumTargets,
    private readonly permissions: ForumPermissions,
  ) {}

  async execute({ commentId, body, meta }: PostReplyCommand): Promise<ReplyWritten> {
    const author = requireMember(meta.actor);
    this.writes.requireCommentsOn();
    const comment = await this.targets.comment(commentId);
    const topic = await this.targets.topic(comment.topicId);
    await this.permissions.require(meta.actor, 'reply.post', topic.tagIds, meta.now);
    let replyTo: { replyId: string; memberId: string } | null = null;
    if (body.replyToReplyId) {
      const target = await this.targets.reply(body.replyToReplyId).catch(() => null);
      if (!target || target.commentId !== commentId) throw new DomainError('forum.reply_target_invalid');
      replyTo = { replyId: target.replyId, memberId: target.authorId };
    }
    const { html, mentions } = await this.writes.prepare(body.content);
    const replyId = newId(meta.now.getTime());
    const { topicId } = comment;
    const written = await this.writes.post(
      replyKind,
      {
        id: replyId,
        author,
        payload: { kind: 'reply', topicId, commentId, contentHtml: html, replyTo, mentions },
        command: {
          type: 'PostReply',
          replyId,
          commentId,
          topicId,
          authorId: author.id,
          isStaff: author.staff,
          contentHtml: html,
          replyTo,
          mentions,
          now: meta.now,
        },
      },
      meta,
    );
    return replyWritten(written);
  }
}

@CommandHandler(EditReplyCommand)
export class EditReplyHandler implements ICommandHandler<EditReplyCommand> {
  constructor(private readonly writes: ThreadItemWrites) {}

  async execute({ replyId, body, meta }: EditReplyCommand): Promise<ReplyWritten> {
    return replyWritten(await this.writes.edit(replyKind, replyId, body.content, meta));
  }
}

@CommandHandler(DeleteReplyCommand)
export class DeleteReplyHandler implements ICommandHandler<DeleteReplyCommand> {
  constructor(private readonly writes: ThreadItemWrites) {}

  async execute({ replyId, meta }: DeleteReplyCommand): Promise<ReplyWritten> {
    return replyWritten(await this.writes.delete(replyKind, replyId, meta));
  }
}

@CommandHandler(RestoreReplyCommand)
export class RestoreReplyHandler implements ICommandHandler<RestoreReplyCommand> {
  constructor(private readonly writes: ThreadItemWrites) {}

  async execute({ replyId, meta }: RestoreReplyCommand): Promise<ReplyWritten> {
    return replyWritten(await this.writes.restore(replyKind, replyId, meta));
  }
}
