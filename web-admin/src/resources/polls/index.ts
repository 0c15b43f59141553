import { lazy } from 'react';
import PollIcon from '@mui/icons-material/Poll';

export { pollsApi, withPolls } from './polls-api';
export type { PollsDataProvider, StaffPoll } from './polls-api';
export { pollsEn, pollsZh } from './polls.i18n';

/** Polls on topics (resource `polls`, `/admin/polls`): close or delete (`polls.manage`). */
export const polls = {
  list: lazy(() => import('./PollList').then(({ PollList }) => ({ default: PollList }))),
  icon: PollIcon,
  recordRepresentation: 'question',
};
