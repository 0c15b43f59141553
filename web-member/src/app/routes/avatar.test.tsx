import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/fake-fetch';
import { callsTo } from '@/testing/form-helpers';
import { renderApp } from '@/testing/render-app';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';

const me = {
  id: 'm1',
  account: 'ann',
  nickname: 'Ann',
  kind: 'member',
  avatarUrl: null,
  email: null,
  phone: null,
  realNameVerified: false,
  allowUserDynamic: true,
  hintQuestion: null,
  state: 'enabled',
  registeredAt: '2025-01-01T00:00:00.000Z',
  followerCount: 0,
  followingCount: 0,
};

/** jsdom decodes no images: the picked picture "loads" with the given size. */
function pictureLoads(width: number, height: number) {
  const picture = screen.getByAltText('The chosen picture') as HTMLImageElement;
  Object.defineProperty(picture, 'naturalWidth', { value: width });
  Object.defineProperty(picture, 'naturalHeight', { value: height });
  fireEvent.load(picture);
}

beforeEach(() => {
  appState.set(initialAppState());
  applySiteInfo({ systemUser: { id: 'm1', account: 'ann', nickname: 'Ann' } });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  URL.createObjectURL = vi.fn(() => 'blob:picked');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/user/control/avatar', () => {
  it('refuses a file that is not a picture', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/user/control/avatar', { routes: { 'GET /api/identity/me': () => json(200, me) } });
    await user.upload(
      await screen.findByLabelText('Choose a picture'),
      new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByRole('alert').textContent).toBe('Please choose a JPEG, PNG, WebP or GIF picture.');
    expect(screen.queryByRole('button', { name: 'Save avatar' })).toBeNull();
  });

  it('uploads the picture with the square kept after dragging and zooming', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/user/control/avatar', {
      routes: {
        'GET /api/identity/me': () => json(200, me),
        'POST /api/identity/me/avatar': () => json(200, { avatarUrl: '/api/files/avatars/m1.webp' }),
      },
    });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('Choose a picture'), file);
    pictureLoads(960, 480);

    // Centred, the square keeps x 240…720; two steps right (10 px = 20 image px each) → x 280, then zoom ×2 around
    // the middle (image x 520) → a 240-px square from x 400.
    const square = screen.getByRole('group', { name: 'Avatar crop square' });
    square.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    fireEvent.change(screen.getByLabelText('Zoom'), { target: { value: '2' } });
    await user.click(screen.getByRole('button', { name: 'Save avatar' }));

    expect(await screen.findByText('Your avatar was updated.')).toBeTruthy();
    const sent = callsTo(network.sent, 'POST', '/api/identity/me/avatar')[0]!;
    expect(sent.headers.get('Content-Type')).toBeNull();
    const body = sent.formData!;
    expect((body.get('file') as File).name).toBe('me.png');
    expect({
      x: body.get('x'),
      y: body.get('y'),
      width: body.get('width'),
      height: body.get('height'),
    }).toEqual({ x: '400', y: '120', width: '240', height: '240' });
    await waitFor(() => expect(appState.get().systemUser?.avatarUrl).toBe('/api/files/avatars/m1.webp'));
  });

  it('shows the server’s refusal (too large) above the cropper', async () => {
    const user = userEvent.setup();
    renderApp('/user/control/avatar', {
      language: 'zh',
      routes: {
        'GET /api/identity/me': () => json(200, me),
        'POST /api/identity/me/avatar': () =>
          json(413, { code: 'identity.avatar_too_large', message: '图片不能超过 2 MB' }),
      },
    });
    await user.upload(
      await screen.findByLabelText('选择图片'),
      new File([new Uint8Array(8)], 'big.jpg', { type: 'image/jpeg' }),
    );
    const picture = screen.getByAltText('所选图片') as HTMLImageElement;
    Object.defineProperty(picture, 'naturalWidth', { value: 300 });
    Object.defineProperty(picture, 'naturalHeight', { value: 300 });
    fireEvent.load(picture);
    await user.click(screen.getByRole('button', { name: '保存头像' }));
    expect((await screen.findByRole('alert')).textContent).toBe('图片不能超过 2 MB');
  });
});
