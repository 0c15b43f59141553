/** Shapes of the forum context's answers (services/forum/src/**\/*.schemas.ts). */

import type { AuthorView } from '@/lib/api/api-types';

export type { AuthorView };

export interface TopicRow {
  topicId: string;
  title: string;
  summary: string;
  tagIds: string[];
  tags: { tagId: string; name: string }[];
  authorId: string;
  author: AuthorView;
  isStaff: boolean;
  postedAt: string;
  lastReplyAt: string | null;
  pinned: boolean;
  pinWeight: number;
  deleted: boolean;
  essence: boolean;
  commentCount: number;
  replyCount: number;
  likeCount: number;
  favoriteCount: number;
  readCount: number;
  unlockCount: number;
  /** `{type: unlockedByMe}` for each hidden type the topic holds. */
  hideTagTypeMap: Record<string, boolean>;
  viewCount: number;
  /** The topic's red envelope (wallet), if it has one. */
  redEnvelopeId?: string | null;
}

export interface HiddenBlockView {
  /** Position in the content now (the page matches `<hide>` elements by it). */
  index: number;
  /** The block's stable id (ADR 0025); absent in answers from servers before it. */
  id?: string;
  type: number;
  unlocked: boolean;
  /** Type 30: the grade's name; 40: price in points; 50: price in fen. */
  requirement: string | null;
  /** Type 30: the points a reader needs; absent from servers before it. */
  needPoints?: number | null;
}

export interface TopicDetail extends TopicRow {
  /** Sanitized HTML; locked blocks are empty `<hide type index></hide>`. */
  content: string;
  ipLocation: string | null;
  editedAt: string | null;
  hiddenBlocks: HiddenBlockView[];
  topicDetailPermission: boolean;
  canEdit: boolean;
}

export interface PostedTopic {
  topicId: string;
  version: number;
  visible: boolean;
  /** Held for staff review (ADR 0014): not shown to anyone until approved. */
  pending?: boolean;
}

export interface UnlockResult {
  type: number;
  blocks: { index: number; html: string }[];
  /** Points (type 40) or fen (type 50) paid; null for a password. */
  pricePaid: number | null;
  visible: boolean;
}

export interface QuoteView {
  commentId: string;
  author: AuthorView | null;
  contentHtml: string;
  deleted: boolean;
  postedAt: string | null;
}

export interface ReplyView {
  replyId: string;
  commentId: string;
  topicId: string;
  author: AuthorView;
  replyToReplyId: string | null;
  replyTo: AuthorView | null;
  contentHtml: string;
  postedAt: string;
  editedAt: string | null;
  likeCount: number;
  likedByMe: boolean;
}

export interface CommentView {
  commentId: string;
  topicId: string;
  floor: number;
  author: AuthorView;
  contentHtml: string;
  quotes: QuoteView[];
  postedAt: string;
  editedAt: string | null;
  likeCount: number;
  likedByMe: boolean;
  replyCount: number;
  replies: ReplyView[];
  /** The viewer's own comment held for review: shown to them only, without a floor. */
  pending?: boolean;
}

export interface CommentPosition {
  commentId: string;
  topicId: string;
  page: number;
  pageSize: number;
  floor: number;
}

export interface TagNode {
  tagId: string;
  name: string;
  parentId: string | null;
  sort: number;
  leaf: boolean;
  children: TagNode[];
}

export type LikeKind = 'topic' | 'comment' | 'reply';

export interface LikeState {
  liked: boolean;
  likeCount: number;
  visible: boolean;
}

export interface FavouriteState {
  favourited: boolean;
  favoriteCount: number;
  visible: boolean;
}

export interface UnlockRecordView {
  topicId: string;
  topicTitle: string;
  member: AuthorView;
  type: number;
  pricePaid: number | null;
  at: string;
}

export interface MyContentRow {
  id: string;
  topicId: string;
  topicTitle: string | null;
  commentId: string | null;
  contentHtml: string;
  postedAt: string;
  likeCount: number;
}

export interface MyLikeRow {
  targetKind: LikeKind;
  targetId: string;
  topicId: string;
  topicTitle: string | null;
  summary: string;
  likedAt: string;
}

export interface MyFavouriteRow {
  topicId: string;
  topicTitle: string | null;
  favouritedAt: string;
}

export interface ReactorRow {
  member: AuthorView;
  at: string;
}

export interface DynamicRow {
  kind: 'topic' | 'comment' | 'quote' | 'reply';
  topicId: string;
  topicTitle: string | null;
  commentId: string | null;
  replyId: string | null;
  summary: string;
  at: string;
}
