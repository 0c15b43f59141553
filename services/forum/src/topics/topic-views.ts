import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import type { Actor, TopicDetail, TopicRow } from '@forum/contracts';
import {
  authorViewOf,
  blockIdOf,
  CONTEXT_DB,
  MEMBER_PROFILES,
  redactHiddenBlocks,
  SiteSettingsCache,
  withHiddenBlockIds,
} from '@forum/platform';
import type { HiddenBlock, MemberProfileDocument } from '@forum/platform';
import { FAVOURITE_STATE, FavouriteStateDocument, LIKE_STATE, LikeStateDocument } from '../shared/reaction-state';
import { TagDirectory } from '../tags/tag-directory';
import { BlockVisibility, HiddenAccess, SEES_EVERYTHING } from '../unlocks/hidden-access';
import { TopicReads } from './lists/topic-reads';
import { authorKey, tagKey, ThreadCache } from './thread-cache';
import { TOPIC_LIST, TopicDocument } from './projections/topic-list.projection';

/** What a topic's detail is built from for any reader (ADR 0028). */
export interface DetailBase {
  doc: TopicDocument;
  profile: MemberProfileDocument | undefined;
}

export interface RowBase {
  doc: TopicDocument;
  profile: MemberProfileDocument | undefined;
  readCount: number;
}

/** Everything but the content: what lists fetch. */
const ROW_FIELDS = { content: 0 } as const;

/**
 * Builds what readers get from topic documents: rows for lists and the detail, each redacted for the reader.
 * The only code that turns a `topic_list` document into a response: hidden content cannot leave another way.
 */
@Injectable()
export class TopicViews {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly access: HiddenAccess,
    private readonly reads: TopicReads,
    private readonly tags: TagDirectory,
    private readonly settings: SiteSettingsCache,
    private readonly cache: ThreadCache,
  ) {}

  /** Whether the reader manages content (`content.manage`): deleted topics, stored HTML, every hidden block. */
  managesContent(reader: Actor): Promise<boolean> {
    return this.access.managesContent(reader);
  }

  async documents(topicIds: string[], withContent = false): Promise<Map<string, TopicDocument>> {
    if (topicIds.length === 0) return new Map();
    const docs = await this.db
      .collection<TopicDocument>(TOPIC_LIST)
      .find({ _id: { $in: topicIds } }, withContent ? {} : { projection: ROW_FIELDS })
      .toArray();
    return new Map(docs.filter((doc) => doc.postedAt).map((doc) => [doc._id, doc]));
  }

  async profiles(memberIds: string[]): Promise<Map<string, MemberProfileDocument>> {
    const ids = [...new Set(memberIds)];
    if (ids.length === 0) return new Map();
    const docs = await this.db
      .collection<MemberProfileDocument>(MEMBER_PROFILES)
      .find({ _id: { $in: ids } })
      .toArray();
    return new Map(docs.map((doc) => [doc._id, doc]));
  }

  /** Rows in the given order; ids without a live document are skipped. */
  async rows(topicIds: string[], reader: Actor, options: { includeDeleted?: boolean } = {}): Promise<TopicRow[]> {
    return this.rowsFor(await this.rowBases(topicIds, options), reader);
  }

  /** The reader-independent part of rows (documents, authors, read counts): what list pages may cache. */
  async rowBases(topicIds: string[], options: { includeDeleted?: boolean } = {}): Promise<RowBase[]> {
    const documents = await this.documents(topicIds);
    const live = topicIds.flatMap((id) => {
      const doc = documents.get(id);
      return doc && (options.includeDeleted || !doc.deleted) ? [doc] : [];
    });
    const [profiles, readCounts] = await Promise.all([
      this.profiles(live.map((doc) => doc.authorId)),
      this.reads.of(live.map((doc) => doc._id)),
    ]);
    return live.map((doc) => ({ doc, profile: profiles.get(doc.authorId), readCount: readCounts.get(doc._id) ?? 0 }));
  }

  /** Rows as `reader` sees them: which hidden types they have unlocked. */
  async rowsFor(bases: RowBase[], reader: Actor): Promise<TopicRow[]> {
    const [visibility, tagNames] = await Promise.all([
      this.access.forTopics(
        reader,
        bases.map((base) => base.doc),
      ),
      this.tags.all(),
    ]);
    return bases.map(({ doc, profile, readCount }) =>
      this.row(doc, profile, readCount, visibility.get(doc._id) ?? SEES_EVERYTHING, tagNames),
    );
  }

  private row(
    doc: TopicDocument,
    profile: MemberProfileDocument | undefined,
    readCount: number,
    visible: BlockVisibility,
    tagNames: Map<string, { name: string }>,
  ): TopicRow {
    const { nickname, avatarUrl, cancelled, memberId } = authorViewOf(doc.authorId, profile);
    return {
      topicId: doc._id,
      title: doc.title,
      summary: doc.summary,
      tagIds: doc.tagIds,
      tags: doc.tagIds.flatMap((tagId) => {
        const tag = tagNames.get(tagId);
        return tag ? [{ tagId, name: tag.name }] : [];
      }),
      authorId: doc.authorId,
      author: { memberId, nickname, avatarUrl, cancelled },
      isStaff: doc.isStaff,
      postedAt: doc.postedAt,
      lastReplyAt: doc.lastReplyAt ?? null,
      pinned: (doc.pinWeight ?? 0) > 0,
      pinWeight: doc.pinWeight ?? 0,
      deleted: doc.deleted ?? false,
      essence: doc.essence ?? false,
      commentCount: doc.commentCount ?? 0,
      replyCount: doc.replyCount ?? 0,
      likeCount: doc.likeCount ?? 0,
      favoriteCount: doc.favoriteCount ?? 0,
      unlockCount: doc.unlockCount ?? 0,
      readCount,
      viewCount: readCount,
      hideTagTypeMap: HiddenAccess.typeMap(doc.hiddenBlocks ?? [], visible),
      redEnvelopeId: doc.redEnvelopeId ?? null,
    };
  }

  /** The detail as `reader` may see it, or null when there is no such live topic (staff also see deleted ones). */
  async detail(topicId: string, reader: Actor, viewAllowed: boolean): Promise<TopicDetail | null> {
    const base = await this.detailBase(topicId);
    return base ? this.detailFor(base, reader, viewAllowed) : null;
  }

  /**
   * The reader-independent part of a detail (the document with its content, the author's profile), from the
   * thread cache (ADR 0028): dropped when a projection here applies an event naming the topic, its author or a
   * tag of it. `fresh` reads it from the database (for a cached page being built again: the page must not be
   * rebuilt on a part as old as itself).
   */
  detailBase(topicId: string, fresh = false): Promise<DetailBase | null> {
    const build = async () => {
      const doc = (await this.documents([topicId], true)).get(topicId);
      if (!doc) return { value: null, keys: [topicId] };
      const profiles = await this.profiles([doc.authorId]);
      return {
        value: { doc, profile: profiles.get(doc.authorId) },
        keys: [topicId, authorKey(doc.authorId), ...doc.tagIds.map(tagKey)],
      };
    };
    return fresh ? build().then((built) => built.value) : this.cache.get(`topic|${topicId}`, build);
  }

  /** A detail from its base: what depends on the reader (hidden blocks, likes, edit rights) read now. */
  async detailFor(
    base: DetailBase,
    reader: Actor,
    viewAllowed: boolean,
    /** The reader's like and favourite when the caller has them already. */
    known?: { likedByMe: boolean; favouritedByMe: boolean },
  ): Promise<TopicDetail | null> {
    const { doc } = base;
    const staff = await this.access.managesContent(reader);
    if (doc.deleted && !staff) return null;
    const [readCount, visibility, tagNames, reactions] = await Promise.all([
      this.reads.current(doc._id),
      this.access.forTopics(reader, [doc]),
      this.tags.all(),
      known ?? this.reactionsOf(doc._id, reader.id),
    ]);
    const isAuthor = reader.id !== null && reader.id === doc.authorId;
    const visible = visibility.get(doc._id) ?? SEES_EVERYTHING;
    return this.compose(base, { staff, isAuthor, viewAllowed, readCount, visible, tagNames, reactions });
  }

  /** Which hidden blocks of the topic `reader` sees. */
  async visibilityFor(reader: Actor, doc: TopicDocument): Promise<BlockVisibility> {
    return (await this.access.forTopics(reader, [doc])).get(doc._id) ?? SEES_EVERYTHING;
  }

  /**
   * The detail a reader who is neither content staff nor the author sees when `visible` says which blocks they
   * opened, with their read count and reactions given (the member page template passes placeholders).
   */
  async readerDetail(
    base: DetailBase,
    visible: BlockVisibility,
    given: { readCount: number; likedByMe: boolean; favouritedByMe: boolean },
  ): Promise<TopicDetail> {
    const { readCount, ...reactions } = given;
    const tagNames = await this.tags.all();
    return this.compose(base, {
      staff: false,
      isAuthor: false,
      viewAllowed: true,
      readCount,
      visible,
      tagNames,
      reactions,
    });
  }

  private compose(
    base: DetailBase,
    reader: {
      staff: boolean;
      isAuthor: boolean;
      viewAllowed: boolean;
      readCount: number;
      visible: BlockVisibility;
      tagNames: Map<string, { name: string }>;
      reactions: { likedByMe: boolean; favouritedByMe: boolean };
    },
  ): TopicDetail {
    const { doc } = base;
    const { staff, isAuthor, viewAllowed, visible } = reader;
    const row = this.row(doc, base.profile, reader.readCount, visible, reader.tagNames);
    const { editTopics } = this.settings.current().switches;
    // Names blocks of content stored before stable ids (ADR 0025), so the edit form sends their ids back.
    const since = doc.editedAt ?? doc.postedAt;
    return {
      ...row,
      // The author and content staff get the stored HTML (with values, for the edit form); readers a redacted copy.
      content: !viewAllowed
        ? ''
        : staff || isAuthor
          ? withHiddenBlockIds(doc.content, since)
          : redactHiddenBlocks(doc.content, visible),
      ipLocation: this.settings.current().showIpLocation ? doc.ipLocation : null,
      editedAt: doc.editedAt ?? null,
      hiddenBlocks: (doc.hiddenBlocks ?? []).map((block) => ({
        index: block.index,
        id: blockIdOf(block, since),
        type: block.type,
        unlocked: viewAllowed && visible(block),
        requirement: this.requirement(block),
        needPoints: block.type === 30 ? Number(block.value) : null,
      })),
      topicDetailPermission: viewAllowed,
      canEdit: staff || (isAuthor && editTopics.enabled),
      ...reader.reactions,
    };
  }

  /** Whether the reader likes and favourites the topic: two reads by `_id`. */
  private async reactionsOf(
    topicId: string,
    readerId: string | null,
  ): Promise<{ likedByMe: boolean; favouritedByMe: boolean }> {
    if (!readerId) return { likedByMe: false, favouritedByMe: false };
    const stateId = `topic.${topicId}.${readerId}`;
    const [like, favourite] = await Promise.all([
      this.db.collection<LikeStateDocument>(LIKE_STATE).findOne({ _id: stateId }),
      this.db.collection<FavouriteStateDocument>(FAVOURITE_STATE).findOne({ _id: stateId }),
    ]);
    return { likedByMe: like?.liked ?? false, favouritedByMe: favourite?.favourited ?? false };
  }

  /** What a locked block asks for, shown to readers (never a password). */
  private requirement(block: HiddenBlock): string | null {
    switch (block.type) {
      case 30: {
        const needPoint = Number(block.value);
        const grade = [...this.settings.current().forum.grades]
          .sort((a, b) => b.needPoint - a.needPoint)
          .find((candidate) => candidate.needPoint <= needPoint);
        return grade?.name ?? String(needPoint);
      }
      case 40:
      case 50:
        return block.value;
      default:
        return null;
    }
  }
}
