import { lazy } from 'react';
import OutboxIcon from '@mui/icons-material/Sms';
import type { ResourceConfig } from '../../providers/rest-resource';

/** The development SMS/email outbox; the only filter is `channel`. */
export const outboxApi: ResourceConfig = { path: 'identity/staff/outbox', queryFilters: ['channel'] };

export default {
  list: lazy(() => import('./OutboxList').then(({ OutboxList }) => ({ default: OutboxList }))),
  icon: OutboxIcon,
};
