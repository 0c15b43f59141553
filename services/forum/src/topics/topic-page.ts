import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { z } from 'zod';
import { commentPage, pageOf, topicDetail } from '@forum/contracts';
import type { Actor, CommentView, Page, TopicDetail } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { CONTEXT_DB } from '@forum/platform';
import { CommentsReader, likeTargets, withLikes } from '../comments/comments.reader';
import type { CommentPageBase } from '../comments/comments.reader';
import { FAVOURITE_STATE, FavouriteStateDocument } from '../shared/reaction-state';
import { TopicReads } from './lists/topic-reads';
import { authorKey, tagKey, ThreadCache } from './thread-cache';
import type { BlockVisibility } from '../unlocks/hidden-access';
import { TopicViewPolicy } from './topic-view-policy';
import { TopicViews } from './topic-views';
import type { DetailBase } from './topic-views';

/** The first paint of the topic page: the topic and one page of its comments (with first replies, authors). */
export const topicPageView = z.object({ topic: topicDetail, comments: commentPage });

export interface TopicPageView {
  topic: TopicDetail;
  comments: Page<CommentView>;
}

const VISITOR: Actor = { kind: 'visitor', id: null };

interface ReaderMarks {
  /** The page they were read for. */
  for: CommentPageBase;
  liked: Set<string>;
  topic: { likedByMe: boolean; favouritedByMe: boolean };
}

interface VisitorPage {
  json: Buffer;
  tagIds: string[];
}

/** What fills a slot of a member page template: a like of theirs, their favourite, the read count. */
type Slot = { liked: string } | { favourited: true } | { reads: true };

/**
 * A member's answer as JSON bytes with the values that are theirs left out (ADR 0053): `parts[0]`, the value of
 * `slots[order[0]]`, `parts[1]`, … Shared by every member who opened the same hidden blocks of the topic.
 */
interface MemberTemplate {
  parts: Buffer[];
  order: number[];
  slots: Slot[];
}

const TRUE = Buffer.from('true');
const FALSE = Buffer.from('false');

/**
 * `GET /api/forum/topics/:id/page`: what `GET /api/forum/topics/:id` and `GET …/comments?page` answer, in one
 * request, built from the thread cache's reader-independent parts (ADR 0028). A visitor's answer is the same for
 * every visitor, so it is cached whole as JSON bytes and only the view permission and the read count are done per
 * request; a member's is built per request from the cached parts plus what is theirs (hidden-block access, likes,
 * favourite, own comments held for review), read every time. Read counting never waits for the database.
 */
@Injectable()
export class TopicPageQueries {
  /** Member page templates by the parts they were built from, then by opened-block mask (ADR 0054). */
  private readonly templates = new WeakMap<
    DetailBase,
    WeakMap<CommentPageBase, Map<string, Promise<MemberTemplate>>>
  >();

  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly views: TopicViews,
    private readonly comments: CommentsReader,
    private readonly policy: TopicViewPolicy,
    private readonly reads: TopicReads,
    private readonly cache: ThreadCache,
  ) {}

  async page(
    topicId: string,
    page: number,
    pageSize: number,
    reader: Actor,
    now: Date,
  ): Promise<TopicPageView | Buffer> {
    if (reader.kind === 'visitor') {
      const [visitorPage, allowed] = await Promise.all([
        this.cache.get(`visitor|${topicId}|${page}|${pageSize}`, () => this.visitorPage(topicId, page, pageSize)),
        this.policy.filter(reader, now),
      ]);
      // The visitor role may have lost the tag since the page was cached: checked on every request.
      if (!allowed(visitorPage.tagIds)) throw new DomainError('forum.topic_view_forbidden');
      this.reads.countNow(topicId, reader, now);
      return visitorPage.json;
    }
    const [base, commentBase, allowed] = await Promise.all([
      this.views.detailBase(topicId),
      this.comments.commentPageBase(topicId, page, pageSize),
      this.policy.filter(reader, now),
    ]);
    if (!base) throw new DomainError('forum.topic_not_found');
    const isAuthor = reader.id !== null && reader.id === base.doc.authorId;
    if (!isAuthor && !allowed(base.doc.tagIds)) throw new DomainError('forum.topic_view_forbidden');
    const marks = await this.readerMarks(reader, topicId, page, pageSize, commentBase);
    if (marks && !isAuthor && !base.doc.deleted) {
      const json = await this.fromTemplate(base, commentBase, marks, reader, now, { topicId, page, pageSize });
      if (json) return json;
    }
    const [topic, comments] = await Promise.all([
      this.views.detailFor(base, reader, true, marks?.topic),
      base.doc.deleted
        ? Promise.resolve(pageOf<CommentView>([], page, pageSize, 0))
        : this.comments.commentPageFor(commentBase, topicId, page, pageSize, reader, marks?.liked),
    ]);
    if (!topic) throw new DomainError('forum.topic_not_found');
    if (!topic.deleted && this.reads.countNow(topicId, reader, now)) {
      topic.readCount += 1;
      topic.viewCount = topic.readCount;
    }
    return { topic, comments };
  }

  /**
   * What a member liked on this page and whether they like and favourite the topic, cached per member and page
   * (ADR 0028): dropped when a projection here applies an event naming the member or the topic (every like and
   * favourite names both), and rebuilt when the page's comments are no longer those it was read for. Display
   * state only: hidden-block access is never cached.
   */
  private async readerMarks(
    reader: Actor,
    topicId: string,
    page: number,
    pageSize: number,
    commentBase: CommentPageBase,
  ): Promise<ReaderMarks | null> {
    const memberId = reader.id;
    if (!memberId) return null;
    const key = `marks|${memberId}|${topicId}|${page}|${pageSize}`;
    const compute = async () => {
      const topicTarget = `topic.${topicId}`;
      const [liked, favourite] = await Promise.all([
        this.comments.likedBy(memberId, [topicTarget, ...likeTargets(commentBase)]),
        this.db.collection<FavouriteStateDocument>(FAVOURITE_STATE).findOne({ _id: `topic.${topicId}.${memberId}` }),
      ]);
      const marks: ReaderMarks = {
        for: commentBase,
        liked,
        topic: { likedByMe: liked.has(topicTarget), favouritedByMe: favourite?.favourited ?? false },
      };
      return { value: marks, keys: [memberId, topicId] };
    };
    const marks = await this.cache.get(key, compute);
    if (marks.for === commentBase) return marks;
    this.cache.delete(key);
    return this.cache.get(key, compute);
  }

  /**
   * A member's answer from the template of the hidden blocks they opened, when nothing else in it is theirs: not
   * content staff (stored HTML, deleted topics), no comment of theirs held for review on this page. The same answer
   * the parts would give (topic-page.int-spec compares them), without building and serializing it per request.
   */
  private async fromTemplate(
    base: DetailBase,
    commentBase: CommentPageBase,
    marks: ReaderMarks,
    reader: Actor,
    now: Date,
    at: { topicId: string; page: number; pageSize: number },
  ): Promise<Buffer | null> {
    const { topicId, page, pageSize } = at;
    const [staff, visible, pending] = await Promise.all([
      this.views.managesContent(reader),
      this.views.visibilityFor(reader, base.doc),
      commentBase.lastPage ? this.comments.ownPending(reader, topicId) : [],
    ]);
    if (staff || pending.length > 0) return null;
    const opened = (base.doc.hiddenBlocks ?? []).map((block) => (visible(block) ? '1' : '0')).join('');
    // Kept with the parts it is built from (the thread cache's objects): new parts, new templates, and a
    // request still holding the old parts still gets the old ones' template (no rebuilding back and forth).
    let byComments = this.templates.get(base);
    if (!byComments) this.templates.set(base, (byComments = new WeakMap()));
    const byOpened = byComments.get(commentBase) ?? new Map<string, Promise<MemberTemplate>>();
    byComments.set(commentBase, byOpened);
    let built = byOpened.get(opened);
    if (!built) {
      built = this.memberTemplate(base, commentBase, visible, page, pageSize);
      byOpened.set(opened, built);
      built.catch(() => byOpened.delete(opened));
    }
    const template = await built;
    const readCount = (await this.reads.current(topicId)) + (this.reads.countNow(topicId, reader, now) ? 1 : 0);
    const values = template.slots.map((slot) =>
      'reads' in slot
        ? Buffer.from(String(readCount))
        : ('favourited' in slot ? marks.topic.favouritedByMe : marks.liked.has(slot.liked))
          ? TRUE
          : FALSE,
    );
    const chunks: Buffer[] = [template.parts[0]!];
    template.order.forEach((slot, index) => chunks.push(values[slot]!, template.parts[index + 1]!));
    return Buffer.concat(chunks);
  }

  /** The answer with a placeholder for each value of the member's: one unguessable string per slot, cut out. */
  private async memberTemplate(
    base: DetailBase,
    commentBase: CommentPageBase,
    visible: BlockVisibility,
    page: number,
    pageSize: number,
  ): Promise<MemberTemplate> {
    const nonce = randomBytes(8).toString('hex');
    const slots: Slot[] = [];
    const slot = <T>(value: Slot): T => `\u0001${nonce}|${slots.push(value) - 1}` as unknown as T;
    const topic = await this.views.readerDetail(base, visible, {
      readCount: slot<number>({ reads: true }),
      likedByMe: slot<boolean>({ liked: `topic.${base.doc._id}` }),
      favouritedByMe: slot<boolean>({ favourited: true }),
    });
    const items = withLikes(commentBase, (target) => slot<boolean>({ liked: target }));
    const json = JSON.stringify({ topic, comments: pageOf(items, page, pageSize, commentBase.total) });
    // JSON.stringify writes the control character as the six characters \u0001.
    const placeholder = new RegExp(`"\\\\u0001${nonce}\\|(\\d+)"`, 'g');
    const parts: Buffer[] = [];
    const order: number[] = [];
    let last = 0;
    for (const match of json.matchAll(placeholder)) {
      parts.push(Buffer.from(json.slice(last, match.index)));
      order.push(Number(match[1]));
      last = match.index + match[0].length;
    }
    parts.push(Buffer.from(json.slice(last)));
    return { parts, order, slots };
  }

  private async visitorPage(
    topicId: string,
    page: number,
    pageSize: number,
  ): Promise<{ value: VisitorPage; keys: string[] }> {
    const [base, commentBase] = await Promise.all([
      this.views.detailBase(topicId, true),
      this.comments.commentPageBase(topicId, page, pageSize, true),
    ]);
    const topic = base ? await this.views.detailFor(base, VISITOR, true) : null;
    if (!base || !topic) throw new DomainError('forum.topic_not_found');
    const comments = await this.comments.commentPageFor(commentBase, topicId, page, pageSize, VISITOR);
    const view: TopicPageView = { topic, comments };
    return {
      value: { json: Buffer.from(JSON.stringify(view)), tagIds: base.doc.tagIds },
      keys: [topicId, authorKey(base.doc.authorId), ...base.doc.tagIds.map(tagKey), ...commentBase.keys],
    };
  }
}
