import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { Badge } from './badge';
import { ComingSoon } from './coming-soon';
import { RedirectNotice } from './redirect-notice';
import { RichContent } from './rich-content';
import { createToaster, toaster } from './toast-store';
import { Toaster } from './toaster';

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('close after 3000 ms unless persistent', () => {
    vi.useFakeTimers();
    const local = createToaster();
    local.show({ kind: 'success', message: 'saved' });
    local.show({ kind: 'error', message: 'broken', persistent: true });
    vi.advanceTimersByTime(2999);
    expect(local.store.get().toasts).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(local.store.get().toasts.map((toast) => toast.message)).toEqual(['broken']);
  });

  it('render with a close button, 16 px from the edge', async () => {
    renderWithProviders(<Toaster />);
    act(() => void toaster.show({ kind: 'error', message: 'Server error', detail: 'oops', persistent: true }));
    expect(screen.getByRole('alert').textContent).toContain('Server erroroops');
    expect(document.querySelector<HTMLElement>('.toaster')!.style.getPropertyValue('--toast-offset')).toBe('16px');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('badge', () => {
  it('caps at 99+ and hides zero', () => {
    renderWithProviders(
      <>
        <Badge count={150} />
        <Badge count={0} />
      </>,
    );
    const badges = document.querySelectorAll('.badge');
    expect(badges).toHaveLength(1);
    expect(badges[0]!.textContent).toBe('99+');
  });
});

describe('coming soon', () => {
  it('is a translated status', () => {
    renderWithProviders(<ComingSoon title="Search" />, { language: 'zh' });
    expect(screen.getByRole('status').textContent).toContain('即将推出');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Search');
  });
});

describe('redirect after success', () => {
  it('goes on after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderWithProviders(<RedirectNotice to="/user/control/realNameAuthentication" />, {
      path: '/user/control/updatePhoneBinding/step2',
    });
    expect(screen.getByRole('status').textContent).toContain('3 s');
    await act(async () => void (await vi.advanceTimersByTimeAsync(2900)));
    expect(router.state.location.pathname).toBe('/user/control/updatePhoneBinding/step2');
    await act(async () => void (await vi.advanceTimersByTimeAsync(100)));
    expect(router.state.location.pathname).toBe('/user/control/realNameAuthentication');
  });
});

describe('rich content', () => {
  it('renders <hide> and <player> as native elements without React warnings', () => {
    const errors = vi.spyOn(console, 'error');
    const { container } = renderWithProviders(
      <RichContent html={'<p>intro</p><hide type="10">locked</hide><player src="/v.mp4"></player>'} />,
    );
    expect(container.querySelector('hide')?.getAttribute('type')).toBe('10');
    expect(container.querySelector('player')?.getAttribute('src')).toBe('/v.mp4');
    expect(errors).not.toHaveBeenCalled();
  });
});
