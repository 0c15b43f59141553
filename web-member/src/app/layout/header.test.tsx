import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { appState, initialAppState } from '@/stores/app-state';
import { renderWithProviders } from '@/testing/render';
import { Header } from './header';

beforeEach(() => appState.set(initialAppState()));

/** The panel the menu button opens and closes (shown as a row on wide screens, folded on narrow ones). */
const panelOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-controls')!)!;

describe('header menu (narrow screens)', () => {
  it('folds every main link and the language switch into one menu button, keeping them all', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Header />);
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const panel = panelOf(button);
    const nav = within(panel).getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Questions', '/askList'],
      ['Membership cards', '/membershipCardList'],
      ['Help', '/help'],
    ]);
    expect(within(panel).getByRole('combobox', { name: 'Language' })).toBeTruthy();
    // Search and logging in stay outside the menu, on the first screen.
    expect(within(panel).queryByRole('searchbox')).toBeNull();
    expect(within(panel).queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeTruthy();

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.classList.contains('site-header__menu--open')).toBe(true);
    await user.click(within(nav).getByRole('link', { name: 'Questions' }));
    expect(router.state.location.pathname).toBe('/askList');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel.classList.contains('site-header__menu--open')).toBe(false);
  });

  it('closes with Escape (zh)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Header />, { language: 'zh' });
    const button = screen.getByRole('button', { name: '菜单' });
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    within(panelOf(button)).getByRole('link', { name: '首页' }).focus();
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
