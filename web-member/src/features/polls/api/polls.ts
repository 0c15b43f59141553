import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** The server's limits (libs/contracts/src/forum/poll.events.ts). */
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 10;
export const POLL_OPTION_TEXT_MAX = 80;
export const POLL_QUESTION_MAX = 150;

/** A topic's poll as the reader sees it: counts (`votes`, `voters`) only once they voted or it closed. */
export interface PollView {
  pollId: string;
  topicId: string;
  question: string;
  multiple: boolean;
  closesAt: string | null;
  closed: boolean;
  resultsVisible: boolean;
  voters: number | null;
  options: { optionId: string; text: string; votes: number | null }[];
  myVote: string[] | null;
}

export interface PollInput {
  question: string;
  options: string[];
  multiple: boolean;
  closesAt: string | null;
}

interface PollWritten {
  poll: PollView | null;
  visible: boolean;
}

const pollPath = (topicId: string) => `/api/forum/topics/${encodeURIComponent(topicId)}/poll`;
export const pollQueryKey = (topicId: string) => ['poll', topicId] as const;

/** `GET …/poll`: the topic's poll or null. Silent: the topic page shows the topic's own errors. */
export function usePoll(topicId: string, enabled = true) {
  return useQuery({
    queryKey: pollQueryKey(topicId),
    queryFn: async ({ signal }) =>
      (await api.get<{ poll: PollView | null }>(pollPath(topicId), { signal, silent: true })).poll,
    enabled: enabled && !!topicId,
  });
}

/** `POST …/poll`: the author adds a poll to their topic (right after posting it). */
export function createPoll(topicId: string, input: PollInput): Promise<PollWritten> {
  return api.request<PollWritten>('POST', pollPath(topicId), { json: input, silent: true });
}

/** `POST …/poll/votes`: the answer is the poll with its counts, kept as the query's data. */
export function useVote(topicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (optionIds: string[]) =>
      api.request<PollWritten>('POST', `${pollPath(topicId)}/votes`, { json: { optionIds }, silent: true }),
    onSuccess: (answer) => queryClient.setQueryData(pollQueryKey(topicId), answer.poll),
  });
}
