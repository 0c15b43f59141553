import { Injectable } from '@nestjs/common';
import type { Actor } from '@forum/contracts';
import { isMember, PermissionChecker } from '@forum/platform';
import type { HiddenBlock } from '@forum/platform';
import { OpenedBlocks } from './opened-blocks';
import { ReaderFacts } from './reader-facts';

export interface TopicHiddenFacts {
  _id: string;
  authorId: string;
  hiddenBlocks: HiddenBlock[];
  /** When the content was written (`editedAt ?? postedAt`): names the blocks of content older than stable ids. */
  postedAt: string;
  editedAt: string | null;
}

export type BlockVisibility = (block: HiddenBlock) => boolean;

/** `{type: unlockedByMe}` for the types present in a topic (docs/rules/forum.md, hidden content). */
export type HideTagTypeMap = Record<string, boolean>;

export const SEES_EVERYTHING: BlockVisibility = () => true;
const SEES_NOTHING: BlockVisibility = () => false;

/**
 * Who may see which hidden block, for a batch of topics and one reader, from the reader's facts (`ReaderFacts`: kept in
 * memory, read by `_id` when not held, exact for what the member did through this process):
 * - the author and staff holding `content.manage` see everything (a staff account without it reads as a member);
 * - a visitor sees no hidden block (every type needs a member);
 * - 10 (password) and 40/50 (paid): exactly the blocks the reader's unlocks named, by stable id and type (ADR 0025):
 *   a block added, moved or retyped since stays locked, an opened block stays open whatever the author edits in it;
 * - 20 (comment): the reader has commented on the topic (any comment block, also one added later: a condition);
 * - 30 (grade): the reader's points (absent = 0) reach the block's `needPoint` as it is now (a condition).
 * An unknown type never opens (fails closed).
 */
@Injectable()
export class HiddenAccess {
  constructor(
    private readonly facts: ReaderFacts,
    private readonly permissions: PermissionChecker,
  ) {}

  /**
   * Whether the reader manages content: sees every hidden block with its value (passwords included), deleted
   * topics and the stored HTML. A named staff permission, never the bare staff kind.
   */
  async managesContent(reader: Actor): Promise<boolean> {
    if (reader.kind === 'system') return true;
    return reader.kind === 'staff' && !!reader.id && (await this.permissions.can(reader, 'content.manage'));
  }

  async forTopics(reader: Actor, topics: TopicHiddenFacts[]): Promise<Map<string, BlockVisibility>> {
    const result = new Map<string, BlockVisibility>();
    const pending: TopicHiddenFacts[] = [];
    const manager = topics.some((topic) => topic.hiddenBlocks.length > 0) && (await this.managesContent(reader));
    for (const topic of topics) {
      if (topic.hiddenBlocks.length === 0 || manager || (reader.id && reader.id === topic.authorId)) {
        result.set(topic._id, SEES_EVERYTHING);
      } else if (!isMember(reader)) {
        result.set(topic._id, SEES_NOTHING);
      } else {
        pending.push(topic);
      }
    }
    if (pending.length === 0) return result;
    const memberId = reader.id!;
    const having = (...types: number[]) =>
      pending.filter((topic) => topic.hiddenBlocks.some((block) => types.includes(block.type))).map((t) => t._id);
    const needsPoints = having(30).length > 0;
    const [unlocked, commented, memberPoints] = await Promise.all([
      this.facts.unlocksOn(memberId, having(10, 40, 50)),
      this.facts.commentedOn(memberId, having(20)),
      needsPoints ? this.facts.pointsOf(memberId) : 0,
    ]);
    for (const topic of pending) {
      const opened = new OpenedBlocks(unlocked.get(topic._id) ?? []);
      const since = topic.editedAt ?? topic.postedAt;
      result.set(topic._id, (block) => {
        switch (block.type) {
          case 10:
          case 40:
          case 50:
            return opened.opens(block, since);
          case 20:
            return commented.has(topic._id);
          case 30: {
            const needPoint = Number(block.value);
            return Number.isFinite(needPoint) && memberPoints >= needPoint;
          }
          default:
            return false;
        }
      });
    }
    return result;
  }

  static typeMap(blocks: HiddenBlock[], visible: BlockVisibility): HideTagTypeMap {
    const map: HideTagTypeMap = {};
    for (const block of blocks) map[String(block.type)] = (map[String(block.type)] ?? true) && visible(block);
    return map;
  }
}
