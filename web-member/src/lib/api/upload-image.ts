import { api } from '@/lib/api/client';

export interface UploadedImage {
  url: string;
  width: number;
  height: number;
}

/** `POST /api/forum/uploads/images` (multipart `file`): the server checks size and format and answers its URL. */
export function uploadImage(file: File): Promise<UploadedImage> {
  const formData = new FormData();
  formData.append('file', file);
  return api.request<UploadedImage>('POST', '/api/forum/uploads/images', { formData, silent: true });
}
