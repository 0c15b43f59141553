import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import type { Actor, CommandMetadata, ForumRevisionKind } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore } from '@forum/event-store';
import {
  APP_CONFIG,
  blockIdOf,
  CONTEXT_DB,
  parseHiddenBlocks,
  partsWithoutHiddenBlocks,
  redactHiddenBlocks,
  RevisionDocument,
  revisionDocumentId,
  RevisionList,
  RevisionPart,
  revisionParts,
  revisionViews,
  setRevisionHidden,
  StoredRevision,
} from '@forum/platform';
import type { AppConfig, HiddenBlock, RevisionVisibilityWritten } from '@forum/platform';
import { COMMENTS, CommentDocument, REPLIES, ReplyDocument } from '../comments/comments.projection';
import { TOPIC_LIST, TopicDocument } from '../topics/projections/topic-list.projection';
import { TopicViewPolicy } from '../topics/topic-view-policy';
import { HiddenAccess, SEES_EVERYTHING } from '../unlocks/hidden-access';
import { FORUM_REVISIONS, FORUM_REVISIONS_PROJECTION } from './forum-revisions.projection';
import { forumRevisionVisibilityDecider } from './revision-visibility.decider';

/**
 * The edit history of topics, comments and replies (docs/rules/forum.md, edit history; ADR 0032). Readable by
 * whoever may read the thing now (the same gates as its page); a topic's revisions go through the same hidden-block
 * decision as the topic's current content (`HiddenAccess`, by stable block id), so a block locked for the reader is
 * a placeholder in every revision. Staff holding `content.manage` hide and show revisions.
 */
@Injectable()
export class ForumRevisions {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly access: HiddenAccess,
    private readonly policy: TopicViewPolicy,
    private readonly store: EventStore,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(kind: ForumRevisionKind, targetId: string, reader: Actor, now: Date): Promise<RevisionList> {
    const staff = await this.access.managesContent(reader);
    const topicId = await this.requireReadable(kind, targetId, reader, staff, now);
    const doc = await this.history(kind, targetId);
    const partsOf =
      kind === 'topic'
        ? await this.topicParts(topicId, doc, reader)
        : (stored: StoredRevision) => partsWithoutHiddenBlocks(stored.content);
    return { kind, targetId, items: doc ? await revisionViews(this.db, doc, staff, partsOf) : [] };
  }

  setHidden(
    kind: ForumRevisionKind,
    targetId: string,
    revision: number,
    hidden: boolean,
    meta: CommandMetadata,
  ): Promise<RevisionVisibilityWritten> {
    return setRevisionHidden(
      {
        db: this.db,
        store: this.store,
        waiter: this.waiter,
        timeoutMs: this.config.READ_YOUR_WRITES_TIMEOUT_MS,
        collection: FORUM_REVISIONS,
        projection: FORUM_REVISIONS_PROJECTION,
        decider: forumRevisionVisibilityDecider,
        errors: { notFound: 'forum.revision_not_found', current: 'forum.revision_current' },
      },
      { kind, targetId, revision, hidden },
      meta,
    );
  }

  private history(kind: string, targetId: string): Promise<RevisionDocument | null> {
    return this.db.collection<RevisionDocument>(FORUM_REVISIONS).findOne({ _id: revisionDocumentId(kind, targetId) });
  }

  /**
   * The same gates as the thing's page: a deleted topic, comment or reply is for content staff only; a topic in a
   * tag the reader may not view is for its author only (its comments for nobody else either). Answers the topic id.
   */
  private async requireReadable(
    kind: ForumRevisionKind,
    targetId: string,
    reader: Actor,
    staff: boolean,
    now: Date,
  ): Promise<string> {
    let topicId = targetId;
    if (kind !== 'topic') {
      const collection = kind === 'comment' ? COMMENTS : REPLIES;
      const item = await this.db
        .collection<CommentDocument | ReplyDocument>(collection)
        .findOne({ _id: targetId }, { projection: { contentHtml: 0 } });
      const notFound = kind === 'comment' ? 'forum.comment_not_found' : 'forum.reply_not_found';
      if (!item?.topicId || (item.deleted && !staff)) throw new DomainError(notFound);
      topicId = item.topicId;
    }
    const topic = await this.db
      .collection<TopicDocument>(TOPIC_LIST)
      .findOne({ _id: topicId }, { projection: { authorId: 1, tagIds: 1, deleted: 1, postedAt: 1 } });
    if (!topic?.postedAt || (topic.deleted && !staff)) throw new DomainError('forum.topic_not_found');
    const isAuthor = reader.id !== null && reader.id === topic.authorId;
    const allowed = await this.policy.filter(reader, now);
    if (!staff && !isAuthor && !allowed(topic.tagIds ?? [])) throw new DomainError('forum.topic_view_forbidden');
    return topicId;
  }

  /**
   * A topic's revisions, redacted as its current content is (`HiddenAccess.forTopics`): every block of every
   * revision goes by its stable id (a block of content written before ids by its legacy name in that revision), so
   * a block the reader has not opened is locked in every revision it appears in, whatever the author changed in it.
   * A grade block asks for the higher of its threshold then and now: raising a threshold closes old revisions too.
   */
  private async topicParts(
    topicId: string,
    doc: RevisionDocument | null,
    reader: Actor,
  ): Promise<(stored: StoredRevision) => RevisionPart[]> {
    const current = await this.db
      .collection<TopicDocument>(TOPIC_LIST)
      .findOne({ _id: topicId }, { projection: { authorId: 1, hiddenBlocks: 1, postedAt: 1, editedAt: 1 } });
    const named = (block: HiddenBlock, since: string): HiddenBlock => ({ ...block, id: blockIdOf(block, since) });
    const since = current?.editedAt ?? current?.postedAt ?? '';
    const thresholds = new Map(
      (current?.hiddenBlocks ?? [])
        .filter((block) => block.type === 30)
        .map((block) => {
          const id = blockIdOf(block, since);
          return [id, Number(block.value)] as const;
        }),
    );
    const blocks = (doc?.revisions ?? []).flatMap((stored) =>
      parseHiddenBlocks(stored.content).map((block) => named(block, stored.at)),
    );
    const visibility = await this.access.forTopics(reader, [
      {
        _id: topicId,
        authorId: current?.authorId ?? doc?.authorId ?? '',
        hiddenBlocks: blocks,
        postedAt: current?.postedAt ?? '',
        editedAt: current?.editedAt ?? null,
      },
    ]);
    const visible = visibility.get(topicId) ?? SEES_EVERYTHING;
    return (stored) => {
      const shown = new Set<number>();
      const redacted = redactHiddenBlocks(stored.content, (block) => {
        const candidate = named(block, stored.at);
        if (candidate.type === 30) {
          const now = thresholds.get(candidate.id!);
          const then = Number(candidate.value);
          // Math.max of a non-number is NaN: an unreadable threshold fails closed.
          candidate.value = String(now === undefined ? then : Math.max(then, now));
        }
        const open = visible(candidate);
        if (open) shown.add(block.index);
        return open;
      });
      return revisionParts(redacted, shown);
    };
  }
}
