import { Injectable, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { streamId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { DomainError, EventStore, fold } from '@forum/event-store';
import { PeerCommands } from '@forum/platform';
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
 * The moderation context's commands on forum content (ADR 0020): `forum.deleteContent` when staff uphold a report
 * or enough members report an item, `forum.restoreContent` when a hidden item is cleared. They run the forum's
 * own staff delete and restore, so lists and counters follow as for any staff action. Idempotent: deleting a
 * deleted item or restoring a live one changes nothing. The moderation system (auto-hide) acts as staff under
 * the id `moderation`.
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
    this.peers.register<ContentRef, { changed: boolean }>('forum.deleteContent', (input, meta) =>
      this.apply(input, meta, 'delete'),
    );
    this.peers.register<ContentRef, { changed: boolean }>('forum.restoreContent', (input, meta) =>
      this.apply(input, meta, 'restore'),
    );
  }

  private async apply(ref: ContentRef, given: CommandMetadata, action: 'delete' | 'restore') {
    const meta = asModerator(given);
    const deleted = await this.isDeleted(ref);
    if (deleted === (action === 'delete')) return { changed: false };
    const { kind, contentId } = ref;
    if (kind === 'topic') {
      await (action === 'delete' ? this.topics.remove(contentId, meta) : this.topics.restore(contentId, meta));
    } else if (kind === 'comment') {
      const Command = action === 'delete' ? DeleteCommentCommand : RestoreCommentCommand;
      await this.commands.execute(new Command(contentId, meta));
    } else {
      const Command = action === 'delete' ? DeleteReplyCommand : RestoreReplyCommand;
      await this.commands.execute(new Command(contentId, meta));
    }
    return { changed: true };
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

/** Staff act as themselves; the moderation system's auto-hide acts as staff `moderation`. */
function asModerator(meta: CommandMetadata): CommandMetadata {
  if (meta.actor.kind === 'staff') return meta;
  if (meta.actor.kind === 'system') return { ...meta, actor: { kind: 'staff', id: meta.actor.id ?? 'moderation' } };
  throw new DomainError('auth.forbidden');
}
