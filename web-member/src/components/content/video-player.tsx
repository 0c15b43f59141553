import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/translator';
import { getVideoStatus, type VideoStatus } from '@/lib/api/videos';

/** How often a video still being transcoded is asked about again. */
export const VIDEO_POLL_MS = 5000;

/**
 * What a `<player data-video-id>` in content shows: "video being processed, refresh later" (spec's wording)
 * while the server transcodes it — asking again every few seconds so the page need not be refreshed — then
 * the MP4 with its poster; a failed transcode (or an unknown id) shows an error text.
 */
export function VideoPlayer({ videoId }: { videoId: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<VideoStatus | 'error' | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const answer = await getVideoStatus(videoId, controller.signal);
        if (controller.signal.aborted) return;
        setStatus(answer);
        if (answer.state === 'processing') timer = setTimeout(() => void ask(), VIDEO_POLL_MS);
      } catch {
        if (!controller.signal.aborted) setStatus('error');
      }
    };
    void ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [videoId]);

  if (status === 'error' || status?.state === 'failed') {
    return (
      <p className="video-player video-player--failed" role="alert">
        {t('forum.video.failed')}
      </p>
    );
  }
  if (status?.state === 'ready' && status.url) {
    return (
      <video className="video-player" controls preload="metadata" poster={status.posterUrl} src={status.url}>
        {t('forum.video.unsupported')}
      </video>
    );
  }
  return (
    <p className="video-player video-player--processing" role="status">
      {t('forum.video.processing')}
    </p>
  );
}
