import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { TagNode } from './types';

export const tagsQueryKey = ['topics', 'tags'] as const;

/** `GET /api/forum/tags`: the whole tag tree; topics go in leaf tags. */
export function getTags(signal?: AbortSignal): Promise<{ items: TagNode[] }> {
  return api.get<{ items: TagNode[] }>('/api/forum/tags', { signal, loading: false });
}

export function useTags() {
  return useQuery(
    queryOptions({ queryKey: tagsQueryKey, queryFn: ({ signal }) => getTags(signal), staleTime: 60_000 }),
  );
}

/** Every node of the tree with its depth, in display order. */
export function flattenTags(nodes: TagNode[], depth = 0): { tag: TagNode; depth: number }[] {
  return nodes.flatMap((tag) => [{ tag, depth }, ...flattenTags(tag.children ?? [], depth + 1)]);
}
