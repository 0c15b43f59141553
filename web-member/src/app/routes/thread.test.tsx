import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { comment, hiddenBlock, page, topicDetail } from '@/features/topics/testing/forum-fixtures';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';
import { json } from '@/testing/fake-fetch';
import { callsTo } from '@/testing/form-helpers';
import { formOf, renderApp } from '@/testing/render-app';

const lockedTopic = topicDetail({
  content:
    '<p>Intro</p><hide type="10" index="0"></hide><hide type="20" index="1"></hide><hide type="30" index="2"></hide>',
  hiddenBlocks: [
    hiddenBlock({ index: 0, type: 10, unlocked: false, requirement: null }),
    hiddenBlock({ index: 1, type: 20, unlocked: false, requirement: null }),
    hiddenBlock({ index: 2, type: 30, unlocked: false, requirement: 'Veteran' }),
  ],
  hideTagTypeMap: { '10': false, '20': false, '30': false },
});

function logIn() {
  applySiteInfo({ systemUser: { id: 'm1', account: 'ann', nickname: 'Ann' } });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
}

const threadRoutes = (extra: NonNullable<Parameters<typeof renderApp>[1]>['routes'] = {}) => ({
  'GET /api/forum/topics/t1': () => json(200, lockedTopic),
  'GET /api/forum/topics/t1/comments': () => json(200, page([comment()])),
  'GET /api/forum/topics/t1/similar': () => json(200, { items: [] }),
  ...extra,
});

beforeEach(() => appState.set(initialAppState()));
afterEach(() => vi.unstubAllGlobals());

describe('/thread hidden content', () => {
  it('shows what unlocks each locked block, and a password unlock reveals its block without reloading', async () => {
    logIn();
    const user = userEvent.setup();
    const { network } = renderApp('/thread?topicId=t1', {
      routes: threadRoutes({
        'POST /api/forum/topics/t1/unlock': (request) =>
          JSON.parse(request.body ?? '{}').password === 'open sesame'
            ? json(200, { type: 10, blocks: [{ index: 0, html: '<p>The treasure map</p>' }], visible: true })
            : json(400, {
                code: 'forum.wrong_password',
                message: 'The password is wrong.',
                fieldErrors: [{ field: 'password', message: 'The password is wrong.' }],
              }),
      }),
    });
    expect(await screen.findByText('This content is protected by a password.')).toBeTruthy();
    expect(screen.getByText('This content is shown once you have commented on the topic.')).toBeTruthy();
    expect(screen.getByText('Visible to members whose points reach the grade “Veteran”.')).toBeTruthy();
    expect(screen.getByText('IP location: Shanghai')).toBeTruthy();

    const password = screen.getByLabelText('Password');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(screen.getByText('Enter the password.')).toBeTruthy();
    await user.type(password, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    const confirm = screen.getByRole('group', { name: 'Unlock this content with the password you entered?' });
    await user.click(within(confirm).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('The password is wrong.')).toBeTruthy();
    expect(screen.queryByText('The treasure map')).toBeNull();

    await user.clear(password);
    await user.type(password, 'open sesame');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await user.click(
      within(screen.getByRole('group', { name: /Unlock this content/ })).getByRole('button', { name: 'OK' }),
    );
    expect(await screen.findByText('The treasure map')).toBeTruthy();
    expect(screen.getAllByText('Unlocked. The hidden content is shown below.').length).toBeGreaterThan(0);
    expect(screen.queryByText('This content is protected by a password.')).toBeNull();
    const unlocks = callsTo(network.sent, 'POST', '/api/forum/topics/t1/unlock');
    expect(unlocks).toHaveLength(2);
    expect(JSON.parse(unlocks[1]!.body!)).toEqual({ type: 10, password: 'open sesame' });
    // The topic was not fetched again: the block appeared in place.
    expect(callsTo(network.sent, 'GET', '/api/forum/topics/t1')).toHaveLength(1);
  });

  it('asks visitors to log in (zh)', async () => {
    renderApp('/thread?topicId=t1', { language: 'zh', routes: threadRoutes() });
    expect(await screen.findByText('此内容受密码保护。')).toBeTruthy();
    expect(screen.getByText('积分达到“Veteran”等级的会员可见此内容。')).toBeTruthy();
    expect(screen.queryByLabelText('密码')).toBeNull();
    expect(screen.getAllByRole('link', { name: '请登录后解锁。' }).length).toBe(2);
    expect(screen.getByRole('link', { name: '登录后查看你的积分。' })).toBeTruthy();
    expect(screen.getByText(/登录后才能评论/)).toBeTruthy();
  });
});

describe('/thread comments and reactions', () => {
  it('validates the comment box, posts a comment and a quote', async () => {
    logIn();
    const user = userEvent.setup();
    const { network } = renderApp('/thread?topicId=t1', {
      routes: threadRoutes({
        'POST /api/forum/topics/t1/comments': () => json(201, { commentId: 'c9', visible: true }),
      }),
    });
    await screen.findByText('First comment');
    const box = screen.getByLabelText('Comment', { selector: 'textarea' });
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(screen.getByText('Write something first.')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(network.sent, 'POST', '/api/forum/topics/t1/comments')).toHaveLength(0);

    await user.type(box, 'Nice <b>post</b>');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText('Your comment was posted.')).toBeTruthy();
    expect(formOf(callsTo(network.sent, 'POST', '/api/forum/topics/t1/comments')[0]!.body)).toEqual({
      content: '<p>Nice &lt;b&gt;post&lt;/b&gt;</p>',
    });

    await user.click(screen.getByRole('button', { name: 'Quote' }));
    expect(screen.getByText('Quoting Bob')).toBeTruthy();
    await user.type(screen.getByLabelText('Comment', { selector: 'textarea' }), 'Agreed');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    await waitFor(() => expect(callsTo(network.sent, 'POST', '/api/forum/topics/t1/comments')).toHaveLength(2));
    expect(formOf(callsTo(network.sent, 'POST', '/api/forum/topics/t1/comments')[1]!.body)).toEqual({
      content: '<p>Agreed</p>',
      quoteCommentId: 'c1',
    });
  });

  it('posts a comment written in Markdown, previewed by the server first', async () => {
    logIn();
    const user = userEvent.setup();
    const { network } = renderApp('/thread?topicId=t1', {
      routes: threadRoutes({
        'POST /api/forum/markdown/preview': () => json(200, { html: '<p><strong>bold</strong> words</p>' }),
        'POST /api/forum/topics/t1/comments': () => json(201, { commentId: 'c9', visible: true }),
      }),
    });
    await screen.findByText('First comment');
    await user.click(screen.getByRole('checkbox', { name: 'Markdown' }));
    await user.type(screen.getByLabelText('Comment', { selector: 'textarea' }), '**bold** words');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect((await screen.findByText('bold')).tagName).toBe('STRONG');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText('Your comment was posted.')).toBeTruthy();
    expect(formOf(callsTo(network.sent, 'POST', '/api/forum/topics/t1/comments')[0]!.body)).toEqual({
      content: '**bold** words',
      format: 'markdown',
    });
  });

  it('shows a server refusal under the comment box (zh)', async () => {
    logIn();
    const user = userEvent.setup();
    renderApp('/thread?topicId=t1', {
      language: 'zh',
      routes: threadRoutes({
        'POST /api/forum/topics/t1/comments': () =>
          json(400, {
            code: 'common.validation',
            message: '参数错误',
            fieldErrors: [{ field: 'content', message: '用户不存在' }],
          }),
      }),
    });
    await screen.findByText('First comment');
    await user.click(screen.getByRole('button', { name: '发表评论' }));
    expect(screen.getByText('请先填写内容。')).toBeTruthy();
    await user.type(screen.getByLabelText('评论', { selector: 'textarea' }), '@nobody 你好');
    await user.click(screen.getByRole('button', { name: '发表评论' }));
    expect(await screen.findByText('用户不存在')).toBeTruthy();
  });

  it('renders quote chains and replies, and replies to a reply', async () => {
    logIn();
    const user = userEvent.setup();
    const reply = {
      replyId: 'r1',
      commentId: 'c2',
      topicId: 't1',
      author: { memberId: 'm4', nickname: 'Cat', avatarUrl: null, cancelled: false, isStaff: false },
      replyToReplyId: null,
      replyTo: null,
      contentHtml: '<p>A reply</p>',
      postedAt: '2026-11-20T10:00:00.000Z',
      editedAt: null,
      likeCount: 0,
      likedByMe: false,
    };
    const quoting = comment({
      commentId: 'c2',
      floor: 2,
      contentHtml: '<p>Second</p>',
      quotes: [
        { commentId: 'c0', author: null, contentHtml: '', deleted: true, postedAt: null },
        {
          commentId: 'c1',
          author: { memberId: 'm2', nickname: 'Bob', avatarUrl: null, cancelled: false, isStaff: false },
          contentHtml: '<p>First comment</p>',
          deleted: false,
          postedAt: null,
        },
      ],
      replyCount: 1,
      replies: [reply],
    });
    const { network } = renderApp('/thread?topicId=t1', {
      routes: threadRoutes({
        'GET /api/forum/topics/t1/comments': () => json(200, page([comment(), quoting])),
        'POST /api/forum/comments/c2/replies': () => json(201, { replyId: 'r2', visible: true }),
      }),
    });
    const second = (await screen.findByText('Second')).closest('li.comment') as HTMLElement;
    expect(within(second).getByText('The quoted comment was deleted.')).toBeTruthy();
    expect(within(second).getByText('First comment')).toBeTruthy();
    const replyItem = within(second).getByText('A reply').closest('li') as HTMLElement;
    await user.click(within(replyItem).getByRole('button', { name: 'Reply' }));
    await user.type(await within(second).findByLabelText('Reply to Cat'), 'Thanks');
    await user.click(within(second).getByRole('button', { name: 'Post reply' }));
    await waitFor(() => expect(callsTo(network.sent, 'POST', '/api/forum/comments/c2/replies')).toHaveLength(1));
    expect(formOf(callsTo(network.sent, 'POST', '/api/forum/comments/c2/replies')[0]!.body)).toEqual({
      content: '<p>Thanks</p>',
      replyToReplyId: 'r1',
    });
  });

  it('opens a comment block once the member has commented', async () => {
    logIn();
    const user = userEvent.setup();
    let commented = false;
    const commentBlock = (open: boolean) =>
      topicDetail({
        content: open
          ? '<p>Intro</p><hide type="20" index="0"><p>Thanks for commenting</p></hide>'
          : '<p>Intro</p><hide type="20" index="0"></hide>',
        hiddenBlocks: [hiddenBlock({ index: 0, type: 20, unlocked: open, requirement: null })],
      });
    renderApp('/thread?topicId=t1', {
      routes: threadRoutes({
        'GET /api/forum/topics/t1': () => json(200, commentBlock(commented)),
        'POST /api/forum/topics/t1/comments': () => {
          commented = true;
          return json(201, { commentId: 'c9', visible: true });
        },
      }),
    });
    expect(await screen.findByText('This content is shown once you have commented on the topic.')).toBeTruthy();
    await user.type(screen.getByLabelText('Comment', { selector: 'textarea' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText('Thanks for commenting')).toBeTruthy();
    expect(screen.getByText('Hidden content (comment) — visible to you')).toBeTruthy();
    expect(screen.queryByText('This content is shown once you have commented on the topic.')).toBeNull();
  });

  it('edits and deletes my own comment (only mine offer it)', async () => {
    logIn();
    const user = userEvent.setup();
    const mine = comment({
      commentId: 'c7',
      floor: 2,
      author: { memberId: 'm1', nickname: 'Ann', avatarUrl: null, cancelled: false, isStaff: false },
      contentHtml: '<p>Typo hree</p>',
    });
    const { network } = renderApp('/thread?topicId=t1', {
      routes: threadRoutes({
        'GET /api/forum/topics/t1/comments': () => json(200, page([comment(), mine])),
        'PATCH /api/forum/comments/c7': () => json(200, { commentId: 'c7', visible: true }),
        'DELETE /api/forum/comments/c7': () => json(200, { commentId: 'c7', visible: true }),
      }),
    });
    const item = (await screen.findByText('Typo hree')).closest('li.comment') as HTMLElement;
    const others = screen.getByText('First comment').closest('li.comment') as HTMLElement;
    expect(within(others).queryByRole('button', { name: 'Edit' })).toBeNull();
    await user.click(within(item).getByRole('button', { name: 'Edit' }));
    const box = await within(item).findByLabelText('Comment');
    expect((box as HTMLTextAreaElement).value).toBe('Typo hree');
    await user.clear(box);
    await user.type(box, 'Typo here');
    await user.click(within(item).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(network.sent, 'PATCH', '/api/forum/comments/c7')).toHaveLength(1));
    expect(formOf(callsTo(network.sent, 'PATCH', '/api/forum/comments/c7')[0]!.body)).toEqual({
      content: '<p>Typo here</p>',
    });
    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(within(item).getByRole('group', { name: 'Delete this?' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(callsTo(network.sent, 'DELETE', '/api/forum/comments/c7')).toHaveLength(1));
  });

  it('shows my comment held for review in the thread, marked and without actions', async () => {
    logIn();
    const held = comment({
      commentId: 'c8',
      floor: 0,
      author: { memberId: 'm1', nickname: 'Ann', avatarUrl: null, cancelled: false, isStaff: false },
      contentHtml: '<p>Waiting for staff</p>',
      pending: true,
    });
    renderApp('/thread?topicId=t1', {
      routes: threadRoutes({ 'GET /api/forum/topics/t1/comments': () => json(200, page([comment(), held])) }),
    });
    const item = (await screen.findByText('Waiting for staff')).closest('li.comment') as HTMLElement;
    expect(within(item).getByText('Pending review')).toBeTruthy();
    expect(within(item).queryByText('#0')).toBeNull();
    expect(within(item).queryByRole('button', { name: 'Quote' })).toBeNull();
  });

  it('toggles a like and shows the count the server answers', async () => {
    logIn();
    const user = userEvent.setup();
    const { network } = renderApp('/thread?topicId=t1', {
      routes: threadRoutes({
        'PUT /api/forum/likes/topic/t1': () => json(200, { liked: true, likeCount: 4, visible: true }),
        'DELETE /api/forum/likes/topic/t1': () => json(200, { liked: false, likeCount: 3, visible: true }),
        'PUT /api/forum/favourites/topic/t1': () => json(200, { favourited: true, favoriteCount: 5, visible: true }),
      }),
    });
    const like = await screen.findByRole('button', { name: 'Like · 3' });
    await user.click(like);
    const unlike = await screen.findByRole('button', { name: 'Unlike · 4' });
    expect(unlike.getAttribute('aria-pressed')).toBe('true');
    await user.click(unlike);
    expect(await screen.findByRole('button', { name: 'Like · 3' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Favourite · 4' }));
    expect(await screen.findByRole('button', { name: 'Remove favourite · 5' })).toBeTruthy();
    expect(callsTo(network.sent, 'PUT', '/api/forum/likes/topic/t1')).toHaveLength(1);
    expect(callsTo(network.sent, 'DELETE', '/api/forum/likes/topic/t1')).toHaveLength(1);
  });

  it('opens the page of a linked comment', async () => {
    const { network, router } = renderApp('/thread?topicId=t1&commentId=c42', {
      routes: threadRoutes({
        'GET /api/forum/comments/c42/position': () =>
          json(200, { commentId: 'c42', topicId: 't1', page: 3, pageSize: 20, floor: 45 }),
        'GET /api/forum/topics/t1/comments': (request) =>
          json(
            200,
            request.url.searchParams.get('page') === '3'
              ? page([comment({ commentId: 'c42', floor: 45, contentHtml: '<p>Deep comment</p>' })], {
                  page: 3,
                  total: 45,
                  totalPages: 3,
                })
              : page([comment()], { total: 45, totalPages: 3 }),
          ),
      }),
    });
    expect(await screen.findByText('Deep comment')).toBeTruthy();
    expect(router.state.location.search).toContain('page=3');
    expect(document.getElementById('comment-c42')?.className).toContain('comment--focused');
    expect(callsTo(network.sent, 'GET', '/api/forum/comments/c42/position')).toHaveLength(1);
  });
});

describe('/thread first paint', () => {
  it('shows the topic and its comments from one request, and asks the comment list for later pages', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/thread?topicId=t1', {
      routes: {
        'GET /api/forum/topics/t1/page': () =>
          json(200, {
            topic: topicDetail({ content: '<p>Served in one answer</p>' }),
            comments: page([comment({ contentHtml: '<p>A comment from the page</p>' })], { total: 40, totalPages: 2 }),
          }),
        'GET /api/forum/topics/t1/comments': () =>
          json(
            200,
            page([comment({ commentId: 'c21', floor: 21, contentHtml: '<p>Page two</p>' })], {
              page: 2,
              total: 40,
              totalPages: 2,
            }),
          ),
        'GET /api/forum/topics/t1/similar': () => json(200, { items: [] }),
      },
    });
    expect(await screen.findByText('Served in one answer')).toBeTruthy();
    expect(screen.getByText('A comment from the page')).toBeTruthy();
    expect(callsTo(network.sent, 'GET', '/api/forum/topics/t1/page')).toHaveLength(1);
    expect(callsTo(network.sent, 'GET', '/api/forum/topics/t1')).toHaveLength(0);
    expect(callsTo(network.sent, 'GET', '/api/forum/topics/t1/comments')).toHaveLength(0);

    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('Page two')).toBeTruthy();
    expect(callsTo(network.sent, 'GET', '/api/forum/topics/t1/comments')).toHaveLength(1);
    expect(callsTo(network.sent, 'GET', '/api/forum/topics/t1/page')).toHaveLength(1);
    expect(screen.getByText('Served in one answer')).toBeTruthy();
  });
});
