import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { pageOf } from '@forum/contracts';
import type { Page } from '@forum/contracts';
import { CONTEXT_DB } from '@forum/platform';
import type { AuthorView } from '@forum/platform';
import { MessagingMembers } from '../members';
import {
  BlockDocument,
  ConversationSideDocument,
  LastMessage,
  MessageRowDocument,
  PM_BLOCKS,
  PM_CONVERSATIONS,
  PM_MESSAGES,
  sideId,
} from './conversations.projection';

export interface ConversationRow {
  /** The other member (shown as cancelled when their account is). */
  member: AuthorView;
  lastMessage: (LastMessage & { fromMe: boolean }) | null;
  unreadCount: number;
}

export interface BlockedMember {
  member: AuthorView;
  blockedAt: string;
}

export interface MessageView {
  messageId: string;
  fromMe: boolean;
  sender: AuthorView;
  content: string;
  sentAt: string;
  /** For my messages: whether the other member has read it; for theirs: whether I have. */
  read: boolean;
}

/** A member's conversation list and chat views, read from their own side of each conversation. */
@Injectable()
export class ConversationsReader {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly members: MessagingMembers,
  ) {}

  private get sides() {
    return this.db.collection<ConversationSideDocument>(PM_CONVERSATIONS);
  }

  private get messages() {
    return this.db.collection<MessageRowDocument>(PM_MESSAGES);
  }

  /** Members I refuse private messages from, most recently blocked first. */
  async blocks(memberId: string, page: number, pageSize: number): Promise<Page<BlockedMember>> {
    const prefix = `${memberId}|`;
    const rows = (
      await this.db
        .collection<BlockDocument>(PM_BLOCKS)
        .find({ _id: { $gt: prefix, $lt: `${prefix}\uffff` } })
        .toArray()
    )
      .filter((row) => row.blocked)
      .sort((a, b) => (a.at < b.at ? 1 : -1));
    const shown = rows.slice((page - 1) * pageSize, page * pageSize);
    const views = await this.members.views(shown.map((row) => row.otherId));
    return pageOf(
      shown.map((row) => ({ member: views.get(row.otherId)!, blockedAt: row.at })),
      page,
      pageSize,
      rows.length,
    );
  }

  /** Newest conversation first; a conversation deleted for me reappears when a newer message arrives. */
  async list(memberId: string, page: number, pageSize: number): Promise<Page<ConversationRow>> {
    const prefix = `${memberId}|`;
    const sides = (await this.sides.find({ _id: { $gt: prefix, $lt: `${prefix}\uffff` } }).toArray())
      .filter((side) => side.lastMessage && side.lastMessage.messageId > (side.hiddenUpTo ?? ''))
      .sort((a, b) => (a.lastMessage.messageId < b.lastMessage.messageId ? 1 : -1));
    const shown = sides.slice((page - 1) * pageSize, page * pageSize);
    const views = await this.members.views(shown.map((side) => side.otherId));
    const items = await Promise.all(
      shown.map(async (side): Promise<ConversationRow> => {
        const last = await this.lastVisible(side);
        return {
          member: views.get(side.otherId)!,
          lastMessage: last ? { ...last, fromMe: last.fromMemberId === memberId } : null,
          unreadCount: Math.max(0, side.unread ?? 0),
        };
      }),
    );
    return pageOf(items, page, pageSize, sides.length);
  }

  /** Newest first. */
  async chat(memberId: string, otherId: string, page: number, pageSize: number): Promise<Page<MessageView>> {
    const [mine, theirs] = await Promise.all([
      this.sides.findOne({ _id: sideId(memberId, otherId) }),
      this.sides.findOne({ _id: sideId(otherId, memberId) }),
    ]);
    const prefix = `${sideId(memberId, otherId)}|`;
    const filter = { _id: { $gt: `${prefix}${mine?.hiddenUpTo ?? ''}`, $lt: `${prefix}\uffff` }, deleted: false };
    const [rows, total] = await Promise.all([
      this.messages
        .find(filter)
        .sort({ _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),
      this.messages.countDocuments(filter),
    ]);
    const views = await this.members.views([memberId, otherId]);
    const items = rows.map((row): MessageView => {
      const fromMe = row.fromMemberId === memberId;
      const readMark = (fromMe ? theirs?.readUpTo : mine?.readUpTo) ?? '';
      return {
        messageId: row.messageId,
        fromMe,
        sender: views.get(row.fromMemberId)!,
        content: row.content,
        sentAt: row.sentAt,
        read: row.messageId <= readMark,
      };
    });
    return pageOf(items, page, pageSize, total);
  }

  /** The member's total unread private messages: a sum over their own conversation sides. */
  async unreadCount(memberId: string): Promise<number> {
    const prefix = `${memberId}|`;
    const sides = await this.sides
      .find({ _id: { $gt: prefix, $lt: `${prefix}\uffff` } }, { projection: { unread: 1 } })
      .toArray();
    return sides.reduce((sum, side) => sum + Math.max(0, side.unread ?? 0), 0);
  }

  /** The side's last message, or the newest one still visible when that one was deleted for me. */
  private async lastVisible(side: ConversationSideDocument): Promise<LastMessage | null> {
    const last = side.lastMessage;
    const row = await this.messages.findOne({ _id: `${side._id}|${last.messageId}` });
    if (row && !row.deleted) return last;
    const prefix = `${side._id}|`;
    const newest = await this.messages
      .find({ _id: { $gt: `${prefix}${side.hiddenUpTo ?? ''}`, $lt: `${prefix}\uffff` }, deleted: false })
      .sort({ _id: -1 })
      .limit(1)
      .next();
    return newest
      ? {
          messageId: newest.messageId,
          fromMemberId: newest.fromMemberId,
          content: newest.content,
          sentAt: newest.sentAt,
        }
      : null;
  }
}
