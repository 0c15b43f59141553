import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { ReactionButton } from './reaction-button';

describe('reaction button', () => {
  it('names the action once, then the count (not "点赞 · 点赞 1")', async () => {
    renderWithProviders(
      <>
        <ReactionButton reaction="like" on={false} count={1} pending={false} onToggle={() => undefined} />
        <ReactionButton reaction="favourite" on count={2} pending={false} onToggle={() => undefined} />
      </>,
      { language: 'zh' },
    );
    expect((await screen.findByRole('button', { pressed: false })).textContent).toBe('点赞 · 1');
    expect(screen.getByRole('button', { pressed: true }).textContent).toBe('取消收藏 · 2');
  });
});
