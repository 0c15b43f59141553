import { lazy } from 'react';
import MemberIcon from '@mui/icons-material/People';
import type { ResourceConfig } from '../../providers/rest-resource';

/** The console's member list: search (`q`) and filters as query parameters of their own, newest first. */
export const membersApi: ResourceConfig = {
  path: 'identity/staff/members',
  queryFilters: ['q', 'id', 'state', 'kind'],
};

export default {
  list: lazy(() => import('./MemberList').then(({ MemberList }) => ({ default: MemberList }))),
  icon: MemberIcon,
  recordRepresentation: 'account',
};
