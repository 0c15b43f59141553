import { QueryClient } from '@tanstack/react-query';

/** Failures are already shown by the API client, so queries do not retry on their own (that would repeat toasts). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
