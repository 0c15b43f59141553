import { api } from '@/lib/api/client';

export interface MemberSuggestion {
  memberId: string;
  nickname: string;
  avatarUrl: string | null;
}

/** `GET /api/forum/members/lookup`: up to 10 members whose nickname starts with `prefix` (case-insensitive). */
export function lookupMembers(prefix: string, signal?: AbortSignal): Promise<MemberSuggestion[]> {
  return api.get<MemberSuggestion[]>('/api/forum/members/lookup', {
    params: { prefix, limit: 8 },
    signal,
    loading: false,
    silent: true,
  });
}
