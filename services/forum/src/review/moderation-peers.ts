import { Injectable, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { forumContentCommands, streamId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { DomainError, EventStore, fold } from '@forum/event-store';
import { PeerCommands, registerContentModeration } from '@forum/platform';
import type { ModerationAction } from '@forum/platform';
import { DeleteCommentCommand, RestoreCommentCommand } from '../comments/comment.commands';
import { commentDecider } from '../comments/comment.decider';
import { DeleteReplyCommand, RestoreReplyCommand } from '../replies/reply.commands';
import { replyDecider } from '../replies/reply.decider';
import { TopicCommands } from '../topics/topic.commands';
import { topicDecider } from '../topics/topic.decider';

interface ContentRef {
  kind: 'topic' | 'comment' | 'reply';
  contentId: string;
}

const NOT_FOUND = {
  topic: 'forum.topic_not_found',
  comment: 'forum.comment_not_found',
  reply: 'forum.reply_not_found',
} as const;

/**
 * The moderation context's commands on forum content (ADR 0020): `forum.deleteContent` and `forum.restoreContent`
 * (see `registerContentModeration`). They run the forum's own staff delete and restore, so lists and counters
 * follow as for any staff action.
 */
@Injectable()
export class ModerationPeers implements OnModuleInit {
  constructor(
    private readonly peers: PeerCommands,
    private readonly store: EventStore,
    private readonly topics: TopicCommands,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    registerContentModeration(this.peers, forumContentCommands, {
      isDeleted: (ref) => this.isDeleted(ref),
      change: (ref, action, meta) => this.change(ref, action, meta),
    });
  }

  private async change({ kind, contentId }: ContentRef, action: ModerationAction, meta: CommandMetadata) {
    if (kind === 'topic') {
      await (action === 'delete' ? this.topics.remove(contentId, meta) : this.topics.restore(contentId, meta));
    } else if (kind === 'comment') {
      const Command = action === 'delete' ? DeleteCommentCommand : RestoreCommentCommand;
      await this.commands.execute(new Command(contentId, meta));
    } else {
      const Command = action === 'delete' ? DeleteReplyCommand : RestoreReplyCommand;
      await this.commands.execute(new Command(contentId, meta));
    }
  }

  /** Whether the item is deleted now, from its own stream; unknown items are refused with the forum's not-found. */
  private async isDeleted({ kind, contentId }: ContentRef): Promise<boolean> {
    if (!(kind in NOT_FOUND) || typeof contentId !== 'string') throw new DomainError('common.validation_failed');
    const events = (await this.store.readStream(streamId(kind, contentId))) as never[];
    if (kind === 'topic') {
      const state = fold(topicDecider, events);
      if (!state.posted) throw new DomainError(NOT_FOUND.topic);
      return state.deleted;
    }
    const state = kind === 'comment' ? fold(commentDecider, events) : fold(replyDecider, events);
    if (state.status === 'none') throw new DomainError(NOT_FOUND[kind]);
    return state.status === 'deleted';
  }
}
