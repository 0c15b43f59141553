import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, tagTree, topicDetail } from '@/features/topics/testing/forum-fixtures';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';
import { json } from '@/testing/fake-fetch';
import { callsTo, errorOf } from '@/testing/form-helpers';
import { renderApp } from '@/testing/render-app';

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
    const { network } = renderApp('/addTopic', { routes: { 'GET /api/forum/tags': () => json(200, tagTree) } });
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

  it('keeps a pasted over-long title whole, counts it, and says the one limit at once (zh)', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/addTopic', {
      language: 'zh',
      routes: { 'GET /api/forum/tags': () => json(200, tagTree) },
    });
    const title = (await screen.findByLabelText('标题')) as HTMLInputElement;
    expect(screen.getByText('0 / 150')).toBeTruthy();
    await user.click(title);
    await user.paste('长'.repeat(10_000));
    expect(title.value).toHaveLength(10_000);
    expect(screen.getByText('10000 / 150')).toBeTruthy();
    expect(errorOf(title)).toBe('最多 150 个字符。');
    await user.click(screen.getByRole('button', { name: '发表' }));
    expect(errorOf(title)).toBe('最多 150 个字符。');
    expect(callsTo(network.sent, 'POST', '/api/forum/topics')).toHaveLength(0);
    await user.clear(title);
    await user.type(title, '  Short  ');
    expect(screen.getByText('5 / 150')).toBeTruthy();
    expect(errorOf(title)).toBeNull();
  });

  it('uploads a picture into the content and publishes the topic', async () => {
    const user = userEvent.setup();
    const { network, router } = renderApp('/addTopic', {
      routes: {
        'GET /api/forum/tags': () => json(200, tagTree),
        'POST /api/forum/uploads/images': () =>
          json(201, { url: '/api/files/forum/images/cat.png', width: 4, height: 3 }),
        'POST /api/forum/topics': () => json(201, { topicId: 't9', version: 1, visible: true }),
        'GET /api/forum/topics/t9': () => json(200, topicDetail({ topicId: 't9', title: 'Cats' })),
        'GET /api/forum/topics/t9/comments': () => json(200, page([])),
      },
    });
    await user.type(await screen.findByLabelText('Title'), 'Cats');
    await user.click(await screen.findByRole('checkbox', { name: 'Go' }));
    await user.upload(screen.getByLabelText('Image'), new File(['png'], 'cat.png', { type: 'image/png' }));
    await waitFor(() => expect(callsTo(network.sent, 'POST', '/api/forum/uploads/images')).toHaveLength(1));
    expect(callsTo(network.sent, 'POST', '/api/forum/uploads/images')[0]!.formData?.get('file')).toBeInstanceOf(File);
    await waitFor(() =>
      expect(document.querySelector('.rich-editor img')?.getAttribute('src')).toBe('/api/files/forum/images/cat.png'),
    );
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(router.state.location.search).toBe('?topicId=t9'));
    const body = new URLSearchParams(callsTo(network.sent, 'POST', '/api/forum/topics')[0]!.body);
    expect(body.get('title')).toBe('Cats');
    expect(body.get('content')).toContain('<img src="/api/files/forum/images/cat.png">');
    expect(body.getAll('tagIds')).toEqual(['go']);
  });

  it('publishes a topic written in Markdown as Markdown, for the server to convert', async () => {
    const user = userEvent.setup();
    const { network, router } = renderApp('/addTopic', {
      routes: {
        'GET /api/forum/tags': () => json(200, tagTree),
        'POST /api/forum/topics': () => json(201, { topicId: 't8', version: 1, visible: true }),
        'GET /api/forum/topics/t8': () => json(200, topicDetail({ topicId: 't8', title: 'Route' })),
        'GET /api/forum/topics/t8/comments': () => json(200, page([])),
      },
    });
    await user.type(await screen.findByLabelText('Title'), 'Route');
    await user.click(await screen.findByRole('checkbox', { name: 'Go' }));
    await user.click(screen.getByRole('button', { name: 'Markdown' }));
    // The form's own preview is for HTML: Markdown is previewed in the editor's tab.
    expect(screen.queryByRole('button', { name: 'Preview' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Content' }), '## Up the **ridge**');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(router.state.location.search).toBe('?topicId=t8'));
    const body = new URLSearchParams(callsTo(network.sent, 'POST', '/api/forum/topics')[0]!.body);
    expect([body.get('content'), body.get('format')]).toEqual(['## Up the **ridge**', 'markdown']);
  });

  it('edits a topic with its hidden block intact and shows the server field errors (zh)', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { network, router } = renderApp('/user/editTopic?topicId=t1', {
      language: 'zh',
      routes: {
        'GET /api/forum/tags': () => json(200, tagTree),
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

  it('previews the topic as readers will see it, its hidden block open under a readable label (zh)', async () => {
    const user = userEvent.setup();
    renderApp('/user/editTopic?topicId=t1', {
      language: 'zh',
      routes: {
        'GET /api/forum/tags': () => json(200, tagTree),
        'GET /api/forum/topics/t1': () =>
          json(200, topicDetail({ title: 'Old title', content: stored, tagIds: ['rust'], canEdit: true })),
      },
    });
    await screen.findByLabelText('标题');
    expect(document.querySelector('.rich-editor__hide-label')?.textContent).toBe('密码: pw');
    await user.click(screen.getByRole('button', { name: '预览' }));
    const preview = screen.getByRole('region', { name: '预览' });
    expect(within(preview).getByRole('heading', { name: 'Old title' })).toBeTruthy();
    expect(within(preview).getByText('Secret')).toBeTruthy();
    expect(preview.querySelector('hide')?.getAttribute('data-state')).toBe('open');
    await user.click(screen.getByRole('button', { name: '收起预览' }));
    expect(screen.queryByRole('region', { name: '预览' })).toBeNull();
  });

  it('refuses to edit someone else’s topic', async () => {
    renderApp('/user/editTopic?topicId=t1', {
      routes: { 'GET /api/forum/topics/t1': () => json(200, topicDetail({ canEdit: false })) },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('You may not edit this topic.');
  });
});
