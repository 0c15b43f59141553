import { lazy } from 'react';
import NotificationIcon from '@mui/icons-material/Campaign';
import type { ResourceConfig } from '../../providers/rest-resource';

/**
 * Staff broadcasts (messaging context, `content.manage`): a page at a time from the server, newest first; the
 * bodies are strict; a delete withdraws the notice for everyone.
 */
export const systemNotificationsApi: ResourceConfig = {
  path: 'messaging/staff/system-notifications',
  idField: 'notificationId',
  pagingOnly: true,
  createFields: ['title', 'content'],
  updateFields: ['title', 'content'],
};

export default {
  list: lazy(() => import('./NotificationList').then(({ NotificationList }) => ({ default: NotificationList }))),
  create: lazy(() => import('./NotificationList').then(({ NotificationCreate }) => ({ default: NotificationCreate }))),
  edit: lazy(() => import('./NotificationList').then(({ NotificationEdit }) => ({ default: NotificationEdit }))),
  icon: NotificationIcon,
  recordRepresentation: 'title',
};
