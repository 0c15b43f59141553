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
export type { CommentPosition, CommentView, MyContentRow, QuoteView, ReplyView } from '@contracts/forum/comment.views';
export type {
  FavouriteState,
  LikeState,
  LikeTargetKind as LikeKind,
  MyFavouriteRow,
  MyLikeRow,
  ReactorRow,
} from '@contracts/forum/reaction.views';

export interface TagNode {
  tagId: string;
  name: string;
  parentId: string | null;
  sort: number;
  leaf: boolean;
  children: TagNode[];
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
