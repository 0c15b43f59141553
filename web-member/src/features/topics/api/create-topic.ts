import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { topicsQueryKey } from './get-topics';

export interface CreateTopicInput {
  title: string;
  content: string;
  tagIds: string[];
}

export interface PostedTopic {
  topicId: string;
  version: number;
  /** False when the list had not caught up yet when the server answered. */
  visible: boolean;
}

/** `POST /api/forum/topics` as a form (tag ids as repeated keys). */
export function createTopic(input: CreateTopicInput): Promise<PostedTopic> {
  return api.post<PostedTopic>('/api/forum/topics', {
    title: input.title,
    content: input.content,
    tagIds: input.tagIds,
  });
}

/** Posting changes every topic list, so they are all refetched. */
export function useCreateTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTopic,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topicsQueryKey() }),
  });
}
