import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hiddenBlock, page, topicDetail } from '@/features/topics/testing/forum-fixtures';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';
import { json } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

beforeEach(() => appState.set(initialAppState()));
afterEach(() => vi.unstubAllGlobals());

describe('/thread videos', () => {
  it('shows each <player> of the content in its own state (zh)', async () => {
    renderApp('/thread?topicId=t1', {
      language: 'zh',
      routes: {
        'GET /api/forum/topics/t1': () =>
          json(
            200,
            topicDetail({
              content:
                '<p>Intro</p><player data-video-id="ok"></player><player data-video-id="slow"></player><player data-video-id="bad"></player>',
            }),
          ),
        'GET /api/forum/topics/t1/comments': () => json(200, page([])),
        'GET /api/forum/topics/t1/similar': () => json(200, { items: [] }),
        'GET /api/forum/uploads/videos/ok': () =>
          json(200, { videoId: 'ok', state: 'ready', url: '/api/files/ok.mp4', posterUrl: '/api/files/ok.jpg' }),
        'GET /api/forum/uploads/videos/slow': () => json(200, { videoId: 'slow', state: 'processing' }),
        'GET /api/forum/uploads/videos/bad': () => json(200, { videoId: 'bad', state: 'failed' }),
      },
    });
    await waitFor(() => expect(document.querySelector('player[data-video-id="ok"] video')).not.toBeNull());
    const video = document.querySelector('player[data-video-id="ok"] video')!;
    expect([video.getAttribute('src'), video.getAttribute('poster')]).toEqual([
      '/api/files/ok.mp4',
      '/api/files/ok.jpg',
    ]);
    await waitFor(() =>
      expect(document.querySelector('player[data-video-id="slow"]')!.textContent).toBe('视频正在处理中，请稍后刷新。'),
    );
    await waitFor(() =>
      expect(document.querySelector('player[data-video-id="bad"]')!.textContent).toBe('视频处理失败。'),
    );
    expect(screen.getByText('Intro')).toBeTruthy();
  });

  it('plays a video inside a block revealed by its password', async () => {
    applySiteInfo({ systemUser: { id: 'm1', account: 'ann', nickname: 'Ann' } });
    localStorage.setItem('accessToken', 'access-1');
    localStorage.setItem('refreshToken', 'refresh-1');
    const user = userEvent.setup();
    renderApp('/thread?topicId=t1', {
      routes: {
        'GET /api/forum/topics/t1': () =>
          json(
            200,
            topicDetail({
              content: '<p>Intro</p><hide type="10" index="0"></hide>',
              hiddenBlocks: [hiddenBlock({ index: 0, type: 10, unlocked: false, requirement: null })],
              hideTagTypeMap: { '10': false },
            }),
          ),
        'GET /api/forum/topics/t1/comments': () => json(200, page([])),
        'GET /api/forum/topics/t1/similar': () => json(200, { items: [] }),
        'POST /api/forum/topics/t1/unlock': () =>
          json(200, {
            type: 10,
            blocks: [{ index: 0, html: '<player data-video-id="secret"></player>' }],
            visible: true,
          }),
        'GET /api/forum/uploads/videos/secret': () =>
          json(200, { videoId: 'secret', state: 'ready', url: '/api/files/secret.mp4' }),
      },
    });
    await user.type(await screen.findByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await user.click(
      within(screen.getByRole('group', { name: /Unlock this content/ })).getByRole('button', { name: 'OK' }),
    );
    await waitFor(() =>
      expect(document.querySelector('player[data-video-id="secret"] video')?.getAttribute('src')).toBe(
        '/api/files/secret.mp4',
      ),
    );
  });
});
