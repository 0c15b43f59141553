import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { qaTags, questionDetail } from '@/features/questions/testing/qa-fixtures';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';
import { json } from '@/testing/fake-fetch';
import { callsTo, errorOf } from '@/testing/form-helpers';
import { renderApp } from '@/testing/render-app';

// jsdom has no layout: ProseMirror measures ranges to scroll the cursor into view after focusing.
beforeAll(() => {
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});
beforeEach(() => {
  appState.set(initialAppState());
  applySiteInfo({ systemUser: { id: 'm1', account: 'ann', nickname: 'Ann' } });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});
afterEach(() => vi.unstubAllGlobals());

const wallet = { memberId: 'm1', available: 5000, frozen: 0, points: 30 };

const askRoutes = (extra: NonNullable<Parameters<typeof renderApp>[1]>['routes'] = {}) => ({
  'GET /api/qa/tags': () => json(200, qaTags),
  'GET /api/wallet/me': () => json(200, wallet),
  ...extra,
});

/** jsdom does not run text input in a contenteditable: type through the editor, as input would. */
function typeContent(text: string) {
  const dom = document.querySelector<HTMLElement & { editor: Editor }>('.ProseMirror')!;
  dom.editor.chain().focus('end').insertContent(text).run();
}

describe('/addQuestion', () => {
  it('shows the bounds, the balance and points, and checks every field before asking', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/addQuestion', { routes: askRoutes() });
    await screen.findByRole('checkbox', { name: 'Rust' });
    expect(screen.queryByRole('checkbox', { name: 'Languages' })).toBeNull();
    const have = screen.getByLabelText('What you have');
    await waitFor(() => expect(within(have).getByText('¥50.00')).toBeTruthy());
    expect(within(have).getByText('30')).toBeTruthy();
    expect(screen.getByText('From ¥1.00 to ¥100000.00; frozen until you adopt an answer.')).toBeTruthy();
    expect(screen.getByText('From 1 to 100000 points; held until you adopt an answer.')).toBeTruthy();
    expect(screen.getByText('Choose up to 5 tags.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(errorOf(screen.getByLabelText('Title'))).toBe('Title cannot be empty');
    expect(screen.getByText('Write the content.')).toBeTruthy();
    expect(screen.getByText('Choose at least one tag.')).toBeTruthy();

    await user.click(screen.getByLabelText('Title'));
    await user.paste('x'.repeat(91));
    await user.type(screen.getByLabelText(/Cash bounty/), '1.234');
    await user.type(screen.getByLabelText(/Points bounty/), '31');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(errorOf(screen.getByLabelText('Title'))).toBe('The title must be 1 to 90 characters');
    expect(errorOf(screen.getByLabelText(/Cash bounty/))).toBe('The amount has at most 2 decimals.');
    expect(errorOf(screen.getByLabelText(/Points bounty/))).toBe('The points bounty is more than your points.');

    await user.clear(screen.getByLabelText(/Cash bounty/));
    await user.type(screen.getByLabelText(/Cash bounty/), '50.01');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(errorOf(screen.getByLabelText(/Cash bounty/))).toBe('The cash bounty is more than your available balance.');
    await user.clear(screen.getByLabelText(/Cash bounty/));
    await user.type(screen.getByLabelText(/Cash bounty/), '0.5');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(errorOf(screen.getByLabelText(/Cash bounty/))).toBe('The cash bounty must be from ¥1.00 to ¥100000.00.');
    expect(callsTo(network.sent, 'POST', '/api/qa/questions')).toHaveLength(0);
  }, 20_000);

  it('asks with tags and both bounties (yuan text, whole points) and opens the new question', async () => {
    const user = userEvent.setup();
    const { network, router } = renderApp('/addQuestion', {
      routes: askRoutes({
        'POST /api/qa/questions': () => json(201, { questionId: 'q9', version: 1, visible: true }),
        'GET /api/qa/questions/q9': () => json(200, questionDetail({ questionId: 'q9', title: 'Lifetimes' })),
        'GET /api/qa/questions/q9/similar': () => json(200, { items: [] }),
      }),
    });
    await user.type(await screen.findByLabelText('Title'), 'Lifetimes');
    await user.click(await screen.findByRole('checkbox', { name: 'Go' }));
    await user.click(screen.getByRole('checkbox', { name: 'Rust' }));
    await user.type(screen.getByLabelText(/Cash bounty/), '12.5');
    await user.type(screen.getByLabelText(/Points bounty/), '20');
    typeContent('Why?');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(router.state.location.search).toBe('?questionId=q9'));
    expect(router.state.location.pathname).toBe('/question');
    const post = callsTo(network.sent, 'POST', '/api/qa/questions')[0]!;
    expect(post.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(post.body!)).toEqual({
      title: 'Lifetimes',
      content: '<p>Why?</p>',
      tagIds: ['go', 'rust'],
      bountyAmount: '12.5',
      bountyPoints: 20,
    });
    expect(await screen.findByRole('heading', { level: 1, name: /Lifetimes/ })).toBeTruthy();
  });

  it('tells the member a held question awaits review and goes back to the list instead of a missing page', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/addQuestion', {
      routes: askRoutes({
        'POST /api/qa/questions': () => json(201, { questionId: 'q10', version: 0, visible: false, pending: true }),
      }),
    });
    await user.type(await screen.findByLabelText('Title'), 'Held one');
    await user.click(await screen.findByRole('checkbox', { name: 'Go' }));
    typeContent('Why?');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText('Sent for review: it appears once staff approve it.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/askList'));
  });

  it('shows the server refusals under their fields (zh): balance, and a tag problem', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { network } = renderApp('/addQuestion', {
      language: 'zh',
      routes: askRoutes({
        'POST /api/qa/questions': () =>
          ++attempts === 1
            ? json(409, { code: 'qa.bounty_exceeds_balance', message: '现金悬赏超过了你的可用余额。' })
            : json(400, {
                code: 'common.validation_failed',
                message: '参数错误',
                fieldErrors: [{ field: 'tagIds', message: '标签不存在', code: 'validation.tag_not_found' }],
              }),
      }),
    });
    await user.type(await screen.findByLabelText('标题'), '问题');
    await user.click(await screen.findByRole('checkbox', { name: 'Go' }));
    await user.type(screen.getByLabelText(/现金悬赏/), '10');
    typeContent('内容');
    await user.click(screen.getByRole('button', { name: '提问' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText(/现金悬赏/))).toBe('现金悬赏超过了你的可用余额。'));
    await user.click(screen.getByRole('button', { name: '提问' }));
    expect(await screen.findByText('标签不存在')).toBeTruthy();
    expect(callsTo(network.sent, 'POST', '/api/qa/questions')).toHaveLength(2);
  });

  it('shows the staff message when asking is switched off, and asks a visitor to log in', async () => {
    applySiteInfo({
      systemUser: { id: 'm1', account: 'ann', nickname: 'Ann' },
      switches: { asking: { enabled: false, message: 'Questions are paused for maintenance.' } },
    });
    const { unmount } = renderApp('/addQuestion', { routes: askRoutes() });
    expect(await screen.findByText('Questions are paused for maintenance.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ask' })).toBeNull();
    unmount();
    appState.set(initialAppState());
    renderApp('/addQuestion', { routes: askRoutes() });
    expect(await screen.findByText(/Log in to ask a question/)).toBeTruthy();
  });
});
