import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, topicDetail } from '@/features/topics/testing/forum-fixtures';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';
import { json } from '@/testing/fake-fetch';
import { callsTo, errorOf } from '@/testing/form-helpers';
import { renderApp } from '@/testing/render-app';

// The lazy route, its data and the editor can take more than a second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const tags = {
  items: [
    {
      tagId: 'lang',
      name: 'Languages',
      parentId: null,
      sort: 0,
      leaf: false,
      children: [
        { tagId: 'rust', name: 'Rust', parentId: 'lang', sort: 0, leaf: true, children: [] },
        { tagId: 'go', name: 'Go', parentId: 'lang', sort: 1, leaf: true, children: [] },
      ],
    },
  ],
};

const stored = '<p>Intro</p><hide type="10" value="pw"><p>Secret</p></hide>';

beforeEach(() => {
  appState.set(initialAppState());
  applySiteInfo({ systemUser: { id: 'm2', account: 'bob', nickname: 'Bob' } });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});
afterEach(() => vi.unstubAllGlobals());

describe('/addTopic and /user/editTopic', () => {
  it('checks title, content and tags before posting (only leaf tags are offered)', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/addTopic', { routes: { 'GET /api/forum/tags': () => json(200, tags) } });
    await screen.findByRole('checkbox', { name: 'Rust' });
    expect(screen.queryByRole('checkbox', { name: 'Languages' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Content' })).toBeTruthy();
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(errorOf(screen.getByLabelText('Title'))).toBe('Enter a title.');
    expect(screen.getByText('Write the content.')).toBeTruthy();
    expect(screen.getByText('Choose at least one tag.')).toBeTruthy();
    await user.type(screen.getByLabelText('Title'), 'x'.repeat(151));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(errorOf(screen.getByLabelText('Title'))).toBe('At most 150 characters.');
    expect(callsTo(network.sent, 'POST', '/api/forum/topics')).toHaveLength(0);
  });

  it('edits a topic with its hidden block intact and shows the server field errors (zh)', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { network, router } = renderApp('/user/editTopic?topicId=t1', {
      language: 'zh',
      routes: {
        'GET /api/forum/tags': () => json(200, tags),
        'GET /api/forum/topics/t1': () =>
          json(200, topicDetail({ title: 'Old title', content: stored, tagIds: ['rust'], canEdit: true })),
        'GET /api/forum/topics/t1/comments': () => json(200, page([])),
        'PATCH /api/forum/topics/t1': () =>
          ++attempts === 1
            ? json(400, {
                code: 'common.validation',
                message: '参数错误',
                fieldErrors: [{ field: 'content', message: '用户不存在', code: 'validation.user_not_found' }],
              })
            : json(200, { topicId: 't1', version: 3, visible: true }),
      },
    });
    const title = await screen.findByLabelText('标题');
    expect((title as HTMLInputElement).value).toBe('Old title');
    await screen.findByRole('checkbox', { name: 'Rust' });
    expect((screen.getByRole('checkbox', { name: 'Rust' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Go' }));
    await user.click(screen.getByRole('button', { name: '保存修改' }));
    expect(await screen.findByText('用户不存在')).toBeTruthy();
    const patch = callsTo(network.sent, 'PATCH', '/api/forum/topics/t1')[0]!;
    const body = new URLSearchParams(patch.body);
    expect(body.get('content')).toBe(stored);
    expect(body.getAll('tagIds')).toEqual(['rust', 'go']);

    await user.click(screen.getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/thread'));
    expect(router.state.location.search).toBe('?topicId=t1');
  });

  it('refuses to edit someone else’s topic', async () => {
    renderApp('/user/editTopic?topicId=t1', {
      routes: { 'GET /api/forum/topics/t1': () => json(200, topicDetail({ canEdit: false })) },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('You may not edit this topic.');
  });
});
