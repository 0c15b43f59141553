import { lazy } from 'react';
import TopicIcon from '@mui/icons-material/Forum';
import TagIcon from '@mui/icons-material/AccountTree';
import ReviewIcon from '@mui/icons-material/FactCheck';
import CommentIcon from '@mui/icons-material/Comment';
import ReplyIcon from '@mui/icons-material/Reply';

export { forumResources, withForum } from './forum-api';
export type { ForumDataProvider, ReviewItem, ReviewKind } from './forum-api';
export { forumEn, forumZh } from './forum.i18n';

/** Staff topics: every topic with pin, essence, delete and restore (resource `topics`, `/admin/topics`). */
export const forumTopics = {
  list: lazy(() => import('./StaffTopicList').then(({ StaffTopicList }) => ({ default: StaffTopicList }))),
  icon: TopicIcon,
  recordRepresentation: 'title',
};

/** The tag tree editor (resource `tags`). */
export const forumTags = {
  list: lazy(() => import('./TagList').then(({ TagList }) => ({ default: TagList }))),
  create: lazy(() => import('./TagList').then(({ TagCreate }) => ({ default: TagCreate }))),
  edit: lazy(() => import('./TagList').then(({ TagEdit }) => ({ default: TagEdit }))),
  icon: TagIcon,
  recordRepresentation: 'name',
};

/** The review queue (resource `review`): held topics, comments and replies, approve or reject (ADR 0014). */
export const forumReview = {
  list: lazy(() => import('./ReviewQueue').then(({ ReviewQueue }) => ({ default: ReviewQueue }))),
  icon: ReviewIcon,
};

/** Staff lists of every comment and reply (resources `comments`, `replies`), with delete. */
export const forumComments = {
  list: lazy(() => import('./StaffContentList').then(({ StaffCommentList }) => ({ default: StaffCommentList }))),
  icon: CommentIcon,
};
export const forumReplies = {
  list: lazy(() => import('./StaffContentList').then(({ StaffReplyList }) => ({ default: StaffReplyList }))),
  icon: ReplyIcon,
};
