import { lazy } from 'react';
import TopicIcon from '@mui/icons-material/Forum';
import type { ResourceConfig } from '../../providers/data-provider';

/** Where the admin API serves topics; the list takes only `page` and `pageSize` so far (newest first). */
export const topicsApi: ResourceConfig = { path: 'forum/topics', idField: 'topicId', pagingOnly: true };

export default {
  list: lazy(() => import('./TopicList').then(({ TopicList }) => ({ default: TopicList }))),
  icon: TopicIcon,
  recordRepresentation: 'title',
};
