/**
 * Shapes of the forum context's answers. The public read views come from `libs/contracts` (ADR 0047), as types
 * only: `import type` is erased, so neither zod nor the schemas reach the bundle.
 */
import type { AuthorView } from '@/lib/api/api-types';

export type { AuthorView };
export type {
  HiddenBlockView,
  PostedTopic,
  TopicDetail,
  TopicRow,
  UnlockRecordView,
  UnlockResult,
} from '@contracts/forum/topic.views';
export type { CommentPosition, CommentView, QuoteView, ReplyView } from '@contracts/forum/comment.views';

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
