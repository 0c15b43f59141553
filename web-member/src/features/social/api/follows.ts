import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FollowListRow, PublicProfileView } from '@contracts/identity/member.views';
import type { Page } from '@/lib/api/api-types';
import { api } from '@/lib/api/client';

/** A row of a following or follower list, and a member's card: public read views (`libs/contracts`, ADR 0047). */
export type { FollowListRow as FollowEntry, PublicProfileView as PublicProfile };

export type FollowDirection = 'following' | 'followers';

export interface FollowListParams {
  memberId: string;
  direction: FollowDirection;
  page: number;
  pageSize: number;
}

export const socialKeys = {
  all: ['social'] as const,
  lists: () => ['social', 'follows'] as const,
  list: (params: FollowListParams) => ['social', 'follows', params] as const,
  profile: (memberId: string) => ['social', 'profile', memberId] as const,
  myRoles: () => ['social', 'myRoles'] as const,
};

/** `GET /api/identity/members/:memberId/following|followers?page&pageSize`, newest first. */
export function getFollowList(params: FollowListParams, signal?: AbortSignal): Promise<Page<FollowListRow>> {
  return api.get<Page<FollowListRow>>(
    `/api/identity/members/${encodeURIComponent(params.memberId)}/${params.direction}`,
    { params: { page: params.page, pageSize: params.pageSize }, signal },
  );
}

export function followListQueryOptions(params: FollowListParams) {
  return queryOptions({
    queryKey: socialKeys.list(params),
    queryFn: ({ signal }) => getFollowList(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useFollowList(params: FollowListParams) {
  return useQuery(followListQueryOptions(params));
}

export function getPublicProfile(memberId: string, signal?: AbortSignal): Promise<PublicProfileView> {
  return api.get<PublicProfileView>(`/api/identity/members/${encodeURIComponent(memberId)}`, { signal });
}

export function usePublicProfile(memberId: string, enabled = true) {
  return useQuery({
    queryKey: socialKeys.profile(memberId),
    queryFn: ({ signal }) => getPublicProfile(memberId, signal),
    enabled,
  });
}

/** A role the signed-in member holds now; `validUntil` null when it does not expire. */
export interface MyRole {
  roleId: string;
  name: string;
  kind: 'member' | 'staff';
  validUntil: string | null;
  expired: boolean;
}

/** `GET /api/identity/me/roles`: the signed-in member's roles in force, shown on their own page only. */
export function useMyRoles(enabled: boolean) {
  return useQuery({
    queryKey: socialKeys.myRoles(),
    queryFn: ({ signal }) => api.get<MyRole[]>('/api/identity/me/roles', { signal }),
    enabled,
  });
}

/** `PUT` (follow) or `DELETE` (unfollow) `/api/identity/follows/:memberId` → 204; both idempotent. */
export function setFollowing(input: { memberId: string; follow: boolean }): Promise<void> {
  return api.request<void>(
    input.follow ? 'PUT' : 'DELETE',
    `/api/identity/follows/${encodeURIComponent(input.memberId)}`,
  );
}

/** Following changes the lists, both members' counts and `followedByMe`, so all of it is fetched again. */
export function useSetFollowing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFollowing,
    onSuccess: (_nothing, { memberId, follow }) => {
      queryClient.setQueryData<PublicProfileView>(socialKeys.profile(memberId), (profile) =>
        profile ? { ...profile, followedByMe: follow } : profile,
      );
      void queryClient.invalidateQueries({ queryKey: socialKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['account', 'me'] });
    },
  });
}
