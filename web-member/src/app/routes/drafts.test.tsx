import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tagTree } from '@/features/topics/testing/forum-fixtures';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';
import { json } from '@/testing/fake-fetch';
import { callsTo } from '@/testing/form-helpers';
import { renderApp } from '@/testing/render-app';

const NEW_TOPIC = '/api/forum/drafts/topic%3Anew';
const savedTopic = {
  key: 'topic:new',
  kind: 'topic',
  targetId: null,
  title: 'Half a topic',
  content: '<p>Written on another device</p>',
  format: 'html',
  extra: { tagIds: ['rust'] },
  updatedAt: '2026-11-27T10:00:00.000Z',
};

beforeEach(() => {
  appState.set(initialAppState());
  applySiteInfo({ systemUser: { id: 'm2', account: 'bob', nickname: 'Bob' } });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});
afterEach(() => vi.unstubAllGlobals());

describe('drafts (docs/rules/forum.md, drafts)', () => {
  it('restores the draft of /addTopic with a note, and discards it on request', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/addTopic', {
      routes: {
        'GET /api/forum/tags': () => json(200, tagTree),
        [`GET ${NEW_TOPIC}`]: () => json(200, savedTopic),
        [`DELETE ${NEW_TOPIC}`]: () => new Response(null, { status: 204 }),
      },
    });
    const title = await screen.findByLabelText<HTMLInputElement>('Title');
    await waitFor(() => expect(title.value).toBe('Half a topic'));
    expect(screen.getByRole('status').textContent).toContain('Draft restored');
    expect(await screen.findByText('Written on another device')).toBeTruthy();
    expect((await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Rust' })).checked).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(title.value).toBe('');
    expect(screen.queryByText('Written on another device')).toBeNull();
    await waitFor(() => expect(callsTo(network.sent, 'DELETE', NEW_TOPIC)).toHaveLength(1));
  });

  it('saves what the member types shortly after they stop, and not before', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/addTopic', {
      routes: {
        'GET /api/forum/tags': () => json(200, tagTree),
        [`GET ${NEW_TOPIC}`]: () => json(404, { code: 'forum.draft_not_found', message: 'There is no such draft.' }),
        [`PUT ${NEW_TOPIC}`]: () => json(200, { key: 'topic:new', updatedAt: '2026-11-27T10:00:00.000Z' }),
      },
    });
    await user.type(await screen.findByLabelText('Title'), 'My title');
    expect(callsTo(network.sent, 'PUT', NEW_TOPIC)).toHaveLength(0);
    await waitFor(() => expect(callsTo(network.sent, 'PUT', NEW_TOPIC)).toHaveLength(1), { timeout: 4000 });
    const body = JSON.parse(callsTo(network.sent, 'PUT', NEW_TOPIC)[0]!.body!) as Record<string, unknown>;
    expect(body).toEqual({ title: 'My title', content: '', format: 'html', extra: { tagIds: [] } });
    // No note: nothing was restored, and nothing failed in front of the member.
    expect(screen.queryByText('Draft restored')).toBeNull();
  });

  it('never overwrites what the member typed before the draft arrived', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    renderApp('/addTopic', {
      routes: {
        'GET /api/forum/tags': () => json(200, tagTree),
        [`GET ${NEW_TOPIC}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
        [`PUT ${NEW_TOPIC}`]: () => json(200, { key: 'topic:new', updatedAt: '2026-11-27T10:00:00.000Z' }),
      },
    });
    const title = await screen.findByLabelText<HTMLInputElement>('Title');
    await user.type(title, 'Typed here');
    answer(json(200, savedTopic));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(title.value).toBe('Typed here');
    expect(screen.queryByText('Draft restored')).toBeNull();
  });

  it('lists my drafts in the control panel, each with its editor, and discards one', async () => {
    const user = userEvent.setup();
    let items = [
      { ...savedTopic, excerpt: 'Written on another device' },
      {
        key: 'reply:c1',
        kind: 'reply',
        targetId: 'c1',
        title: '',
        excerpt: 'A reply on its way',
        format: 'html',
        extra: { topicId: 't9' },
        updatedAt: '2026-11-27T09:00:00.000Z',
      },
    ];
    const { network } = renderApp('/user/control/draftList', {
      language: 'zh',
      routes: {
        'GET /api/forum/drafts': () => json(200, { items, max: 50 }),
        'DELETE /api/forum/drafts/reply%3Ac1': () => {
          items = items.filter((item) => item.key !== 'reply:c1');
          return new Response(null, { status: 204 });
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: '我的草稿' })).toBeTruthy();
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('新话题');
    expect(rows[1]!.textContent).toContain('Half a topic');
    expect(within(rows[1]!).getByRole('link', { name: '继续编辑' }).getAttribute('href')).toBe('/addTopic');
    expect(within(rows[2]!).getByRole('link', { name: '继续编辑' }).getAttribute('href')).toBe(
      '/thread?topicId=t9&commentId=c1',
    );
    await user.click(within(rows[2]!).getByRole('button', { name: '丢弃草稿' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(callsTo(network.sent, 'DELETE', '/api/forum/drafts/reply%3Ac1')).toHaveLength(1);
  });
});
