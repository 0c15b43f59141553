import { lazy } from 'react';
import TopicIcon from '@mui/icons-material/Forum';
import TagIcon from '@mui/icons-material/AccountTree';

export { staffTopicsApi, tagsApi, withForum } from './forum-api';
export type { ForumDataProvider } from './forum-api';
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
