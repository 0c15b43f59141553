import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { comment, page, topicDetail } from '@/features/topics/testing/forum-fixtures';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';
import { json } from '@/testing/fake-fetch';
import { callsTo } from '@/testing/form-helpers';
import { formOf, renderApp } from '@/testing/render-app';

beforeEach(() => {
  appState.set(initialAppState());
  applySiteInfo({ systemUser: { id: 'm1', account: 'ann', nickname: 'Ann' } });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});
afterEach(() => vi.unstubAllGlobals());

const routes = {
  'GET /api/forum/topics/t1': () => json(200, topicDetail()),
  'GET /api/forum/topics/t1/comments': () => json(200, page([comment()])),
  'GET /api/forum/topics/t1/similar': () => json(200, { items: [] }),
  'GET /api/forum/members/lookup': () =>
    json(200, [
      { memberId: 'm7', nickname: 'Alice', avatarUrl: null },
      { memberId: 'm8', nickname: 'alfred', avatarUrl: null },
    ]),
};

describe('/thread comment box mentions', () => {
  it('hints at @, suggests members and inserts the chosen one; the server judges unknown names', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/thread?topicId=t1', {
      routes: {
        ...routes,
        'POST /api/forum/topics/t1/comments': () =>
          json(400, {
            code: 'common.validation',
            message: 'Invalid input',
            fieldErrors: [{ field: 'content', message: 'The user does not exist.', code: 'validation.user_not_found' }],
          }),
      },
    });
    await screen.findByText('First comment');
    // The comment box loads with its editor code once the page is up.
    const box = (await screen.findByLabelText('Comment', { selector: 'textarea' })) as HTMLTextAreaElement;
    expect(screen.getByText('Type @ followed by a nickname to mention a member.')).toBeTruthy();
    await user.type(box, 'Hi @al');
    await screen.findByRole('listbox', { name: 'Members to mention' });
    expect(callsTo(network.sent, 'GET', '/api/forum/members/lookup').at(-1)!.url.searchParams.get('prefix')).toBe('al');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(box.value).toBe('Hi @alfred ');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());

    await user.type(box, 'and @Nobody');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText('The user does not exist.')).toBeTruthy();
    expect(formOf(callsTo(network.sent, 'POST', '/api/forum/topics/t1/comments')[0]!.body)).toEqual({
      content: '<p>Hi @alfred and @Nobody</p>',
    });
  });

  it('speaks Chinese too', async () => {
    const user = userEvent.setup();
    renderApp('/thread?topicId=t1', { language: 'zh', routes });
    await screen.findByText('First comment');
    expect(screen.getByText('输入 @ 加昵称可提及会员。')).toBeTruthy();
    const box = document.querySelector('textarea')!;
    await user.type(box, '@A');
    await user.click(await screen.findByRole('option', { name: '@Alice' }));
    expect(box.value).toBe('@Alice ');
  });
});
