import type { Identifier, RaRecord } from 'react-admin';
import type { HttpClient } from '../../api/http-client';
import type { AdminDataProvider } from '../../providers/data-provider';
import type { ResourceConfig } from '../../providers/rest-resource';

/** `GET /api/forum/staff/polls?page&pageSize`: every poll, newest first, deleted ones too, with counts. */
export const pollsApi: ResourceConfig = { path: 'forum/staff/polls', idField: 'id', pagingOnly: true };

/** A poll in the staff list (`polls.manage`). Its id is its topic's. */
export interface StaffPoll extends RaRecord {
  id: string;
  pollId: string;
  topicId: string;
  topicTitle: string | null;
  authorId: string;
  question: string;
  multiple: boolean;
  closesAt: string | null;
  closed: boolean;
  closedAt: string | null;
  deleted: boolean;
  createdAt: string;
  voters: number | null;
  options: { optionId: string; text: string; votes: number | null }[];
}

/** The two staff verbs on a poll, each a command of its own; both land in the audit log as staff events. */
export interface PollsDataProvider extends AdminDataProvider {
  closePoll(pollId: Identifier): Promise<{ data: unknown }>;
  deletePoll(pollId: Identifier): Promise<{ data: unknown }>;
}

export function withPolls<P extends AdminDataProvider>(
  provider: P,
  options: { apiUrl: string; httpClient: HttpClient; newIdempotencyKey?: () => string },
): P & PollsDataProvider {
  const { apiUrl, httpClient } = options;
  const newKey = options.newIdempotencyKey ?? (() => crypto.randomUUID());
  const poll = (pollId: Identifier, verb = '') =>
    `${apiUrl}/forum/staff/polls/${encodeURIComponent(String(pollId))}${verb ? `/${verb}` : ''}`;
  return {
    ...provider,
    async closePoll(pollId) {
      const { json } = await httpClient(poll(pollId, 'close'), { method: 'POST', idempotencyKey: newKey() });
      return { data: json };
    },
    async deletePoll(pollId) {
      const { json } = await httpClient(poll(pollId), { method: 'DELETE', idempotencyKey: newKey() });
      return { data: json };
    },
  };
}
