import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** The member's own account document (`GET /api/identity/me`) is cached under this key by the account feature. */
export const ME_QUERY_KEY = ['account', 'me'] as const;

/** What the member edits about themselves. */
export interface ProfileFields {
  nickname: string | null;
  allowUserDynamic: boolean;
  hintQuestion: string | null;
}

export interface ProfileChange {
  nickname?: string;
  allowUserDynamic?: boolean;
  hintQuestion?: string;
  hintAnswer?: string;
}

/** `PATCH /api/identity/me` → the updated document. */
export function updateProfile(change: ProfileChange): Promise<ProfileFields> {
  return api.request<ProfileFields>('PATCH', '/api/identity/me', { data: { ...change }, silent: true });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (updated) => {
      queryClient.setQueryData(ME_QUERY_KEY, (current: object | undefined) =>
        current ? { ...current, ...updated } : current,
      );
      return queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}

/** `POST /api/identity/me/password {oldPassword, password, confirmPassword}` → 204. */
export function changePassword(input: { oldPassword: string; password: string; confirmPassword: string }) {
  return api.post<void>('/api/identity/me/password', { ...input }, { silent: true });
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });

/** The square to keep, in pixels of the original image. */
export interface CropBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** `POST /api/identity/me/avatar` (multipart: `file` and the crop box) → the new 200×200 avatar's address. */
export function uploadAvatar(input: { file: Blob; fileName: string; crop: CropBox | null }) {
  const body = new FormData();
  body.append('file', input.file, input.fileName);
  if (input.crop) for (const [key, value] of Object.entries(input.crop)) body.append(key, String(value));
  return api.request<{ avatarUrl: string }>('POST', '/api/identity/me/avatar', { formData: body, silent: true });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}

/** `POST /api/identity/me/cancel {password, confirm: true}` → 204; irreversible, every session ends. */
export function cancelAccount(input: { password: string }) {
  return api.post<void>('/api/identity/me/cancel', { password: input.password, confirm: true }, { silent: true });
}

export const useCancelAccount = () => useMutation({ mutationFn: cancelAccount });
