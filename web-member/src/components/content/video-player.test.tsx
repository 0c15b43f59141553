import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, json } from '@/testing/fake-fetch';
import { Providers } from '@/testing/render';
import type { Language } from '@/lib/language';
import { VIDEO_POLL_MS, VideoPlayer } from './video-player';

/** Lets the answered fetches and React's updates run (timers are fake, promises are not). */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

function showVideo(answers: Array<() => Response>, language: Language = 'en') {
  let asked = 0;
  const network = fakeFetch({
    'GET /api/forum/uploads/videos/v1': () => answers[Math.min(asked++, answers.length - 1)]!(),
  });
  vi.stubGlobal('fetch', network.fetch);
  render(
    <Providers language={language}>
      <VideoPlayer videoId="v1" />
    </Providers>,
  );
  return network;
}

const processing = () => json(200, { videoId: 'v1', state: 'processing' });
const ready = () =>
  json(200, { videoId: 'v1', state: 'ready', url: '/api/files/forum/videos/v1.mp4', posterUrl: '/api/files/v1.jpg' });

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a <player> in content', () => {
  it('says the video is being processed, asks again, and plays it once ready', async () => {
    const network = showVideo([processing, processing, ready]);
    await settle();
    expect(screen.getByRole('status').textContent).toBe('The video is being processed, please refresh later.');
    expect(document.querySelector('video')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(VIDEO_POLL_MS));
    expect(screen.getByRole('status')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(VIDEO_POLL_MS));

    const video = document.querySelector('video')!;
    expect(video).not.toBeNull();
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('src')).toBe('/api/files/forum/videos/v1.mp4');
    expect(video.getAttribute('poster')).toBe('/api/files/v1.jpg');
    expect(screen.queryByRole('status')).toBeNull();
    // Ready is final: no more questions.
    await act(() => vi.advanceTimersByTimeAsync(VIDEO_POLL_MS * 3));
    expect(network.sent).toHaveLength(3);
  });

  it('shows an error text when the transcode failed', async () => {
    const network = showVideo([() => json(200, { videoId: 'v1', state: 'failed' })]);
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('The video could not be processed.');
    await act(() => vi.advanceTimersByTimeAsync(VIDEO_POLL_MS * 2));
    expect(network.sent).toHaveLength(1);
  });

  it('speaks Chinese too', async () => {
    showVideo([processing], 'zh');
    await settle();
    expect(screen.getByRole('status').textContent).toBe('视频正在处理中，请稍后刷新。');
  });

  it('shows the error text in Chinese for an unknown video', async () => {
    showVideo([() => json(404, { code: 'forum.video_not_found', message: 'No such video.' })], 'zh');
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('视频处理失败。');
  });
});
