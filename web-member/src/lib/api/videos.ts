import { api } from '@/lib/api/client';

export type VideoState = 'processing' | 'ready' | 'failed';

export interface VideoStatus {
  videoId: string;
  state: VideoState;
  url?: string;
  posterUrl?: string;
}

/** `POST /api/forum/uploads/videos` (multipart `file`): 202 with the id for `<player data-video-id>`. */
export function uploadVideo(file: File): Promise<VideoStatus> {
  const formData = new FormData();
  formData.append('file', file);
  return api.request<VideoStatus>('POST', '/api/forum/uploads/videos', { formData, silent: true });
}

/** `GET /api/forum/uploads/videos/:id`: `processing` until the transcode is done, then the MP4 and poster. */
export function getVideoStatus(videoId: string, signal?: AbortSignal): Promise<VideoStatus> {
  return api.get<VideoStatus>(`/api/forum/uploads/videos/${encodeURIComponent(videoId)}`, {
    signal,
    loading: false,
    silent: true,
  });
}
