import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, json } from '@/testing/fake-fetch';
import { renderWithProviders } from '@/testing/render';
import type { Language } from '@/lib/language';
import { EditedMark, type RevisionView } from './revisions';

const TOPIC = '33333333-3333-4333-8333-333333333333';
const by = { memberId: 'm1', nickname: 'Ann', cancelled: false };
const revision = (number: number, overrides: Partial<RevisionView> = {}): RevisionView => ({
  revision: number,
  number,
  current: false,
  at: `2026-11-2${number}T08:00:00.000Z`,
  by,
  hiddenByStaff: false,
  hiddenAt: null,
  title: 'Hiking in spring',
  parts: [],
  ...overrides,
});

const history = [
  revision(1, {
    parts: [
      { kind: 'text', text: 'We walk on Sunday.' },
      { kind: 'hidden', hideType: 40, locked: true },
    ],
  }),
  revision(2, {
    parts: [
      { kind: 'text', text: 'We walk on Saturday morning.' },
      { kind: 'hidden', hideType: 40, locked: true },
    ],
  }),
  revision(3, { current: true, title: 'Hiking in May', parts: [{ kind: 'text', text: 'We walk on Saturday.' }] }),
];

function open(language: Language, items = history) {
  const network = fakeFetch({
    [`GET /api/forum/topics/${TOPIC}/revisions`]: () => json(200, { kind: 'topic', targetId: TOPIC, items }),
  });
  vi.stubGlobal('fetch', network.fetch);
  renderWithProviders(<EditedMark target={{ kind: 'topic', id: TOPIC }} label="Edited today" />, { language });
  return network;
}

afterEach(() => vi.unstubAllGlobals());

describe('the edited mark and the edit history', () => {
  it('opens the versions, newest first, with the words changed since the previous one', async () => {
    const network = open('en');
    await userEvent.click(screen.getByRole('button', { name: 'Edited today' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit history' });
    const versions = within(await within(dialog).findByRole('list', { name: 'Versions' })).getAllByRole('button');
    expect(versions.map((button) => button.textContent?.slice(0, 9))).toEqual(['Version 3', 'Version 2', 'Version 1']);
    // The current version against version 2: words, not letters; the locked block removed as one placeholder.
    expect(within(dialog).getByText('Changes from version 2')).toBeTruthy();
    const text = dialog.querySelector('.revisions__text')!;
    expect([...text.querySelectorAll('del')].map((node) => node.textContent)).toEqual([
      ' morning',
      '\n🔒 Hidden content',
    ]);
    expect(text.querySelectorAll('ins')).toHaveLength(0);
    expect(dialog.querySelector('.revisions__title del')?.textContent).toBe('spring');
    expect(dialog.querySelector('.revisions__title ins')?.textContent).toBe('May');

    await userEvent.click(versions[1]!);
    expect(within(dialog).getByText('Changes from version 1')).toBeTruthy();
    const text2 = dialog.querySelector('.revisions__text')!;
    expect([...text2.querySelectorAll('del')].map((node) => node.textContent)).toEqual(['Sunday']);
    expect([...text2.querySelectorAll('ins')].map((node) => node.textContent)).toEqual(['Saturday morning']);
    expect(dialog.querySelector('.revisions__title')).toBeNull();
    expect(network.sent.map((request) => request.url.pathname)).toEqual([`/api/forum/topics/${TOPIC}/revisions`]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a version hidden by staff as hidden, in Chinese', async () => {
    open('zh', [
      revision(1, { hiddenByStaff: true, hiddenAt: '2026-11-27T08:00:00.000Z', title: null, parts: null }),
      revision(2, { current: true, parts: [{ kind: 'text', text: '周六去爬山。' }] }),
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Edited today' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑历史' });
    expect(within(dialog).getByText('已被管理员隐藏')).toBeTruthy();
    // The current version cannot be compared with a hidden one: its text is shown whole.
    expect(within(dialog).getByText('周六去爬山。')).toBeTruthy();
    await userEvent.click(within(dialog).getByText('第 1 版'));
    expect(within(dialog).getByText('管理员隐藏了这个版本，不显示其内容。')).toBeTruthy();
  });
});
